// What each rule system asks of a scenario: its map, where units may stand, unit ratings and default VPs.
import type { CheckContext, UnitEntry } from '../checks/context.js';
import type { Feature, Formation, Grid, Leader, OptionValue, RuleSystem, Table, Unit } from '../model.js';
import type { OptionSpec } from './options.js';

export interface VpTable {
  /** Shown to the user wherever a default value is used. */
  name: string;
  /** Where the numbers come from: the rule text, or a house default. */
  source: 'rules' | 'house';
  unit(unit: Unit): number;
  objective: number;
}

/**
 * What a new scenario for the system starts with, and what switching a scenario to it puts in place of values its
 * rules cannot use. Taken from the rules notes where they speak, and from the bundled samples where they are silent.
 */
export interface RuleDefaults {
  /** Its kind follows `map`: none for a free table, the system's cells otherwise. */
  grid: Grid;
  table: Table;
  /** Absent where the rules count no figures (stands, or men on chits), so the file needs no scale. */
  figureRatio?: number;
  turnLimit: number;
  /** More turns than the rules make sense of (a game turn of an hour, a division's 48 orders); none where silent. */
  maxTurns?: number;
}

export interface RuleProfile {
  id: RuleSystem;
  title: string;
  /** One line for the user choosing a system: what it plays and on what. */
  description: string;
  map: 'square' | 'hex' | 'free';
  defaults: RuleDefaults;
  /** Whether a box holds one unit at most (generals aside). */
  oneUnitPerCell: boolean;
  /** The feature that bars this unit (or leader, when `unit` is undefined) from setting up here, and why. */
  setupBarrier(unit: Unit | undefined, features: Feature[], options: Record<string, OptionValue>): Barrier | undefined;
  /** Checks the unit's ratings block for this system; the block's presence is checked by the caller. */
  checkUnit(ctx: CheckContext, entry: UnitEntry, block: Record<string, unknown>, blockPath: string, figureRatio?: number): void;
  /** `holder` is the formation the leader commands, whose echelon sets the rules' defaults. */
  checkLeader?(ctx: CheckContext, leader: Leader, path: string, holder: Formation): void;
  /** Checks of the whole scenario particular to this system (after the units and leaders). */
  checkScenario?(ctx: CheckContext): void;
  /** Train units need no ratings block here; their checkUnit still says what the system makes of them. */
  trainsNeedNoRatings?: boolean;
  /** The usual size of a cell in inches, warned about outside it ("boxes are usually 4–6\""). */
  usualCell?: { min: number; max: number; noun: string };
  /** Whether the app bundles an engine that can test-play this system (kept equal to engine/registry.ts by a test). */
  testPlay: boolean;
  vp: VpTable;
  /** Every setting and optional rule the rule text names; `ruleOptions[id]` may hold these and nothing else. */
  options: readonly OptionSpec[];
}

export interface Barrier {
  feature: Feature;
  /** Completes "… is set up in <feature>: <why>". */
  why: string;
}

const named = (f: Feature): string => (f.name ? `${f.kind} "${f.name}"` : f.kind);

/** The barriers every system shares: standing water, a river away from any crossing, and (in most) bog. */
export function commonBarrier(features: Feature[], marshPassable = false): Barrier | undefined {
  const lake = features.find((f) => f.kind === 'lake');
  if (lake) return { feature: lake, why: 'no unit may enter it' };
  const marsh = features.find((f) => f.kind === 'marsh');
  if (marsh && !marshPassable) return { feature: marsh, why: 'no unit may enter it' };
  const river = features.find((f) => f.kind === 'river' && f.fordable !== true);
  if (river && !features.some((f) => f.kind === 'bridge' || f.kind === 'ford')) {
    return { feature: river, why: 'a river can be crossed only at a bridge or ford' };
  }
  return undefined;
}

export const describeFeature = named;
