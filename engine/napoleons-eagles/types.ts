// Napoleon's Eagles: the model every part of the engine shares. Plain data only, so the game state can be copied
// as JSON, written to a log and compared in tests. Lengths are inches, facings degrees clockwise from
// north (docs/rules/napoleons-eagles.md §11).
import type { SideKey } from '../../domain/engine-protocol.js';
import type { Arm, Echelon, Ground, Objective, OptionValue, Point, VictoryCondition, Weather } from '../../domain/model.js';
import type { Nation } from '../../domain/rule-systems/napoleons-eagles-nations.js';
import type { TerrainIndex } from './terrain.js';

export type { SideKey };

export type MoveLetter = 'A' | 'B' | 'C';
export type FireLetter = 'A' | 'B' | 'C' | 'D' | 'E';
export type Calibre = '2-3lb' | '4lb' | '6lb' | '8-9lb' | '12lb';

export type NeFormation = 'line' | 'supported-line' | 'column' | 'road-column' | 'square' | 'skirmish' | 'echelon' | 'limbered' | 'unlimbered';

export type NeStatus = 'table' | 'reserve' | 'retreat' | 'routed' | 'eliminated' | 'surrendered' | 'exited' | 'silenced';

/** Normal, fatigued, tired, exhausted ('Fatigue Levels of a Unit'). */
export type Fatigue = 0 | 1 | 2 | 3;

export interface NeUnit {
  id: string;
  name: string;
  side: SideKey;
  arm: Arm;
  type: string;
  /** The scenario formation the unit is listed in. */
  formationId: string;
  /** The leader it answers to (notes §5), or null when nobody commands it. */
  commander: string | null;
  move: MoveLetter;
  morale: number;
  fire: FireLetter;
  melee: number;
  rifles: boolean;
  ranks: 2 | 3;
  guard: 'old' | 'middle' | 'young' | null;
  /** Figures at the start; 0 for artillery and trains without figures. */
  figures0: number;
  figures: number;
  /** Cannons; howitzers are counted apart ('Howitzers'). */
  guns: number;
  howitzers: number;
  calibre: Calibre | null;
  models: number;
  regimental: boolean;
  guardBattery: boolean;
  crewHits: number;
  /** Organic skirmisher figures (company skirmishers option). */
  skirmishers: number;
  vp: number;
  status: NeStatus;
  /** Centre of the unit's rectangle. */
  x: number;
  y: number;
  facing: number;
  formation: NeFormation;
  disordered: boolean;
  fatigue: Fatigue;
  actionsUsed: number;
  stand: boolean;
  activated: boolean;
  forceMarched: boolean;
  moraleCheck: boolean;
  outOfCommand: boolean;
  /** Actions still needed to recover from retreat status. */
  retreatActions: number;
  /** Ammunition 6s rolled so far ('Artillery Ammunition'). */
  ammo: number;
  attachedLeader: string | null;
}

export interface NeLeader {
  id: string;
  name: string;
  side: SideKey;
  echelon: Echelon;
  formationId: string;
  /** The leader this one answers to, or null for the top of the chain. */
  superior: string | null;
  x: number;
  y: number;
  moraleBonus: number;
  meleeBonus: number;
  commandRadius: number;
  initiative: number | null;
  misreadPenalty: number;
  attachedTo: string | null;
  status: 'table' | 'lost' | 'reserve';
}

export interface NeSideInfo {
  key: SideKey;
  /** The scenario's side id. */
  id: string;
  name: string;
  nation: Nation | null;
}

export type NeEntry = { edge: 'north' | 'south' | 'east' | 'west' } | { at: Point };

export interface NeReinforcement {
  side: SideKey;
  units: string[];
  turn: number | null;
  roll: { from: number; need: number } | null;
  entry: NeEntry;
  /** Facing on arrival: into the table from the entry. */
  facing: number;
}

/** The static facts of a scenario: what never changes during a game. */
export interface NeTable {
  /** The scenario's title, for the roster and the play view. */
  title: string;
  width: number;
  height: number;
  figureRatio: number;
  terrain: TerrainIndex;
  /** Every option of the catalogue, the scenario's value or the default. */
  options: Record<string, OptionValue>;
  weather: Weather | null;
  ground: Ground | null;
  year: number | null;
  /** Red first. */
  sides: [NeSideInfo, NeSideInfo];
  objectives: Objective[];
  victory: VictoryCondition[];
  turnLimit: number;
  first: SideKey;
  reinforcements: NeReinforcement[];
}

export interface NeSetup {
  table: NeTable;
  units: NeUnit[];
  leaders: NeLeader[];
}

/** A named change to a die, a value or a need, as explain prints it. */
export interface NeModifier {
  id: string;
  reason: string;
  value: number;
}

export const FATIGUE_NAMES = ['normal', 'fatigued', 'tired', 'exhausted'] as const;

export const option = (table: NeTable, name: string): OptionValue | undefined => table.options[name];
export const optionOn = (table: NeTable, name: string): boolean => table.options[name] === true;
