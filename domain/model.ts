// Typed model of file format version 1 (see docs/file-format.md).
// Every object type is open (`Extra`) because the format keeps unknown fields on load and writes them back.

export type Extra = { [key: string]: unknown };

export type Point = [number, number];

export const RULE_SYSTEMS = ['square-eagles', 'napoleons-eagles', 'eagles-to-glory', 'hex-skirmish'] as const;
export type RuleSystem = (typeof RULE_SYSTEMS)[number];

export const SCENARIO_TYPE = 'aide-de-camp/scenario';
export const ARMY_TYPE = 'aide-de-camp/army';
export type DocumentType = typeof SCENARIO_TYPE | typeof ARMY_TYPE;

export interface Envelope extends Extra {
  type: DocumentType;
  schemaVersion: number;
  app?: string;
}

export type Grid =
  | { kind: 'none' }
  | { kind: 'square'; cell: number }
  | { kind: 'hex'; cell: number; orientation: 'flat' | 'pointy' };

export interface Table {
  width: number;
  height: number;
}

// ---- Terrain -------------------------------------------------------------

export const AREA_KINDS = ['woods', 'hill', 'town', 'lake', 'marsh', 'fields', 'fortification', 'soft-ground'] as const;
export const LINE_KINDS = ['river', 'road', 'track', 'wall', 'hedge'] as const;
export const CROSSING_KINDS = ['bridge', 'ford'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];
export type LineKind = (typeof LINE_KINDS)[number];
export type CrossingKind = (typeof CROSSING_KINDS)[number];
export type FeatureKind = AreaKind | LineKind | CrossingKind | 'building-block';

/** An area is a polygon in inches or a set of grid cells. */
export interface AreaGeometry {
  polygon?: Point[];
  cells?: string[];
}

/** A line is a path in inches or an ordered list of grid cells. */
export interface LineGeometry {
  path?: Point[];
  cells?: string[];
}

interface FeatureBase extends Extra {
  id: string;
  name?: string;
}

export interface WoodsFeature extends FeatureBase, AreaGeometry {
  kind: 'woods';
  density?: 'light' | 'dense';
}
export interface HillFeature extends FeatureBase, AreaGeometry {
  kind: 'hill';
  level?: 1 | 2 | 3;
  slope?: 'gentle' | 'steep' | 'extreme';
  crest?: Point[];
}
export interface TownFeature extends FeatureBase, AreaGeometry {
  kind: 'town';
  blocks?: string[];
}
export interface PlainAreaFeature extends FeatureBase, AreaGeometry {
  kind: 'lake' | 'marsh' | 'fields';
}
/** Redoubts and field works ("walls, redoubts") or lighter prepared defences ("hedges, prepared defenses"): the
 *  rules give them different fire and melee modifiers. Absent means a redoubt. */
export interface FortificationFeature extends FeatureBase, AreaGeometry {
  kind: 'fortification';
  works?: 'redoubt' | 'prepared';
}
/** Mud, sand or other soft ground: half movement, half solid-shot bounce. */
export interface SoftGroundFeature extends FeatureBase, AreaGeometry {
  kind: 'soft-ground';
  surface?: 'mud' | 'sand' | 'soft';
}
/** How a water line is crossed where the scenario allows it: the rules leave the time (1–4 actions) and whether
 *  the crossing disorders to the players, so the scenario records both. */
export interface CrossingTerms {
  crossingActions?: number;
  disorders?: boolean;
}
export interface RiverFeature extends FeatureBase, LineGeometry, CrossingTerms {
  kind: 'river';
  width?: number;
  fordable?: boolean;
}
export interface PlainLineFeature extends FeatureBase, LineGeometry {
  kind: 'road' | 'track' | 'wall' | 'hedge';
}
export interface CrossingFeature extends FeatureBase, CrossingTerms {
  kind: CrossingKind;
  at: Point;
  river: string;
  /** Bridges only: figures that may cross per action (the rules give 4–12, by the bridge's size). */
  capacity?: number;
}
export interface BuildingBlockFeature extends FeatureBase {
  kind: 'building-block';
  at: Point;
  size?: number;
  material?: 'wood' | 'brick' | 'stone';
  town?: string;
  /** Sides of the block behind a wall or prepared defence, which its defenders fight from with a bonus. */
  fortifiedSides?: Edge[];
}

/** How a feature kind reads in a sentence ("Add building block", "Kind: Woods"). */
export const FEATURE_KIND_LABEL: Record<FeatureKind, string> = {
  woods: 'woods',
  hill: 'hill',
  town: 'town',
  lake: 'lake',
  marsh: 'marsh',
  fields: 'fields',
  fortification: 'fortification',
  'soft-ground': 'soft ground',
  river: 'river',
  road: 'road',
  track: 'track',
  wall: 'wall',
  hedge: 'hedge',
  bridge: 'bridge',
  ford: 'ford',
  'building-block': 'building block',
};

export type AreaFeature = WoodsFeature | HillFeature | TownFeature | PlainAreaFeature | FortificationFeature | SoftGroundFeature;
export type LineFeature = RiverFeature | PlainLineFeature;
export type Feature = AreaFeature | LineFeature | CrossingFeature | BuildingBlockFeature;

// ---- Forces --------------------------------------------------------------

export const ARMS = {
  infantry: ['line', 'light', 'grenadier', 'guard', 'militia'],
  cavalry: ['light', 'medium', 'heavy', 'guard', 'cossack'],
  artillery: ['foot', 'horse', 'heavy'],
  train: ['baggage', 'caisson', 'engineers'],
} as const;
export type Arm = keyof typeof ARMS;
/** One of the arms: an own key of ARMS, since `in` would also take "toString" and the rest of Object's prototype. */
export const isArm = (v: unknown): v is Arm => typeof v === 'string' && Object.hasOwn(ARMS, v);

export const ECHELONS = ['army', 'wing', 'corps', 'division', 'brigade'] as const;
export type Echelon = (typeof ECHELONS)[number];

export const FORMATIONS_ON_TABLE = [
  'line',
  'column',
  'square',
  'skirmish',
  'road-column',
  'limbered',
  'unlimbered',
  'echelon',
  'supported-line',
] as const;
export type TacticalFormation = (typeof FORMATIONS_ON_TABLE)[number];

export interface Setup extends Extra {
  at?: Point;
  cell?: string;
  facing?: number;
  formation?: TacticalFormation;
}

export const CALIBRES = ['2-3lb', '4lb', '6lb', '8-9lb', '12lb'] as const;

export interface NapoleonsEaglesRatings extends Extra {
  rating?: string;
  figures?: number;
  ranks?: 2 | 3;
  guns?: number;
  howitzers?: number;
  calibre?: (typeof CALIBRES)[number];
  models?: number;
  rifles?: boolean;
  /** Which Guard (infantry and cavalry): it moves the usual rating bands and the division's threshold modifier. */
  guard?: 'old' | 'middle' | 'young';
  /** Artillery: a Guard battery (one extra hit before it is silenced, for the nations the rules name). */
  guardBattery?: boolean;
  /** Artillery: regimental guns, out of ammunition at the second 6 instead of the third. */
  regimental?: boolean;
  /** Infantry: organic skirmisher figures (light companies), used with the company-skirmishers option. */
  skirmishers?: number;
}

export const SQUARE_EAGLES_TRAITS = [
  'light-rifles',
  'limited-skirmishers',
  'militia',
  'impetuous',
  'medium-battery',
  'low-supplies',
  'resolute',
  'stubborn',
  'guard',
  'sluggish',
  'veterans',
] as const;
export type SquareEaglesTrait = (typeof SQUARE_EAGLES_TRAITS)[number];

export interface SquareEaglesRatings extends Extra {
  sp?: number;
  traits?: SquareEaglesTrait[];
}
export interface EaglesToGloryRatings extends Extra {
  class?: 'A' | 'B' | 'C' | 'D' | 'E';
  stands?: number;
}
export interface HexSkirmishRatings extends Extra {
  men?: number;
}

export interface UnitRatings extends Extra {
  'napoleons-eagles'?: NapoleonsEaglesRatings;
  'square-eagles'?: SquareEaglesRatings;
  'eagles-to-glory'?: EaglesToGloryRatings;
  'hex-skirmish'?: HexSkirmishRatings;
}

export interface Unit extends Extra {
  id: string;
  name: string;
  arm: Arm;
  type: string;
  men?: number;
  ratings?: UnitRatings;
  vp?: number;
  setup?: Setup;
  /** Set by `combine` conversion: the ids of the units merged into this one. */
  mergedFrom?: string[];
}

/** Napoleon's Eagles leader ratings; each absent field takes the rules' default for the leader's echelon
 *  (domain/rule-systems/napoleons-eagles-leaders.ts). */
export interface NapoleonsEaglesLeaderRatings extends Extra {
  moraleBonus?: number;
  meleeBonus?: number;
  commandRadius?: number;
  initiative?: number;
  /** Added to the d20 when new orders might be misread: +1 a poor officer, +2 an exceptionally bad one. */
  misreadPenalty?: 0 | 1 | 2;
}

export interface LeaderRatings extends Extra {
  'square-eagles'?: { excellentStaff?: boolean; divisionGeneral?: boolean } & Extra;
  'napoleons-eagles'?: NapoleonsEaglesLeaderRatings;
}

export interface Leader extends Extra {
  id: string;
  name: string;
  ratings?: LeaderRatings;
  setup?: Setup;
}

export interface Formation extends Extra {
  id: string;
  name: string;
  echelon: Echelon;
  leader?: Leader;
  formations?: Formation[];
  units?: Unit[];
  /** Eagles to Glory: division effectiveness points (0–48) and cavalry charge points (0–3). */
  dep?: number;
  ccp?: number;
}

export type Edge = 'north' | 'south' | 'east' | 'west';

export type Zone = { polygon: Point[] } | { cells: string[] } | { edge: Edge; depth: number };

export interface Deployment extends Extra {
  zone: Zone;
  units?: string[];
}

export type Entry = { edge: Edge } | { at: Point } | { cells: string[] };

export interface Reinforcement extends Extra {
  units: string[];
  turn?: number;
  roll?: { from: number; need: number };
  entry: Entry;
}

export interface Side extends Extra {
  id: string;
  name: string;
  nation?: string;
  color?: string;
  army: Formation;
  deployment?: Deployment[];
  reinforcements?: Reinforcement[];
}

export interface Objective extends Extra {
  id: string;
  name?: string;
  feature?: string;
  at?: Point;
  radius?: number;
  cell?: string;
  vp?: number;
  heldBy?: string;
}

export type VictoryCondition =
  | ({ kind: 'hold'; side: string; objectives: string[] } & Extra)
  | ({ kind: 'exit'; side: string; count: number; edge: Edge } & Extra)
  | ({ kind: 'destroy'; side: string; percent: number } & Extra)
  | ({ kind: 'points'; side?: string } & Extra);

export const WEATHERS = ['clear', 'hot', 'light-rain', 'heavy-rain', 'light-snow', 'heavy-snow', 'fog', 'haze', 'mist'] as const;
export type Weather = (typeof WEATHERS)[number];
export const GROUNDS = ['firm', 'mud', 'snow', 'mud-and-snow'] as const;
export type Ground = (typeof GROUNDS)[number];

/** A rule-system setting: a switch, a number, a choice, or a small record (turn points per side, a ratio). */
export type OptionScalar = boolean | number | string;
export type OptionValue = OptionScalar | { [key: string]: OptionScalar };

export interface Scenario extends Envelope {
  type: typeof SCENARIO_TYPE;
  id: string;
  title: string;
  author?: string;
  description?: string;
  ruleSystem: RuleSystem;
  ruleOptions?: { [system: string]: { [option: string]: OptionValue } };
  scale?: { figureRatio: number };
  /** When the battle is fought: "1815", "1815-06" or "1815-06-18". Some rules change with the year. */
  date?: string;
  weather?: Weather;
  /** The state of the open ground at the start (rain before the battle leaves mud). */
  ground?: Ground;
  table: Table;
  grid?: Grid;
  terrain: Feature[];
  sides: [Side, Side];
  objectives?: Objective[];
  turns?: { limit: number; first?: string };
  victory?: VictoryCondition[];
  specialRules?: string[];
  briefings?: { [side: string]: string };
}

export interface ArmyList extends Envelope {
  type: typeof ARMY_TYPE;
  id: string;
  name: string;
  nation?: string;
  year?: number;
  ruleSystem?: RuleSystem;
  scale?: { figureRatio: number };
  army: Formation;
  source?: string;
  notes?: string;
}

export type AdcDocument = Scenario | ArmyList;

export const isScenario = (d: AdcDocument): d is Scenario => d.type === SCENARIO_TYPE;
