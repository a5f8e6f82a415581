// Helpers for the Square Eagles rules tests: small scenarios drawn box by box, and states put straight into the
// phase a test needs, with fixed dice.
import type { Feature, Scenario, Unit, VictoryCondition } from '../domain/model.js';
import { fixedDice, rngDice, seedRng } from '../engine/dice.js';
import type { RuleOptions } from '../engine/square-eagles/board.js';
import { applyAction, legalActions, newGame, type ApplyResult } from '../engine/square-eagles/game.js';
import { cloneState, type Action, type GameState, type SideIndex, type UnitState } from '../engine/square-eagles/types.js';

export const CELL = 6;

export type Kind = 'inf' | 'lights' | 'cav' | 'hc' | 'guns' | 'hg' | 'militia';

export interface UnitSpec {
  id: string;
  kind: Kind;
  cell: string;
  facing?: number;
  formation?: 'line' | 'column' | 'square';
  sp?: number;
  traits?: string[];
  vp?: number;
}

const ARM: Record<Kind, [Unit['arm'], string]> = {
  inf: ['infantry', 'line'],
  militia: ['infantry', 'militia'],
  lights: ['infantry', 'light'],
  cav: ['cavalry', 'medium'],
  hc: ['cavalry', 'heavy'],
  guns: ['artillery', 'foot'],
  hg: ['artillery', 'horse'],
};

function unitDoc(spec: UnitSpec, defaultFacing: number): Unit {
  const [arm, type] = ARM[spec.kind];
  const block: Record<string, unknown> = {};
  if (spec.sp !== undefined) block.sp = spec.sp;
  if (spec.traits) block.traits = spec.traits;
  const setup: Record<string, unknown> = { cell: spec.cell, facing: spec.facing ?? defaultFacing };
  if (spec.formation) setup.formation = spec.formation;
  // An empty cell means "no set-up": the unit comes by deployment zone or reinforcement.
  const u: Unit = { id: spec.id, name: spec.id, arm, type, ratings: { 'square-eagles': block }, ...(spec.cell ? { setup } : {}) };
  if (spec.vp !== undefined) u.vp = spec.vp;
  return u;
}

/** The centre of a box, in inches. */
export function centre(cell: string): [number, number] {
  const col = cell.charCodeAt(0) - 65;
  const row = Number(cell.slice(1)) - 1;
  return [(col + 0.5) * CELL, (row + 0.5) * CELL];
}

export interface ScenarioSpec {
  cols?: number;
  rows?: number;
  red?: UnitSpec[];
  blue?: UnitSpec[];
  terrain?: Feature[];
  options?: Partial<RuleOptions>;
  victory?: VictoryCondition[];
  objectives?: Scenario['objectives'];
  limit?: number;
  first?: 'red' | 'blue';
  redLeader?: Record<string, unknown>;
  blueLeader?: Record<string, unknown>;
  redExtra?: Partial<Scenario['sides'][0]>;
  blueExtra?: Partial<Scenario['sides'][1]>;
}

/** A scenario on a `cols` × `rows` board of 6" boxes; red faces south by default, blue north. */
export function scenario(spec: ScenarioSpec): Scenario {
  const cols = spec.cols ?? 8;
  const rows = spec.rows ?? 8;
  const side = (id: 'red' | 'blue', units: UnitSpec[], leader: Record<string, unknown> | undefined, extra: object | undefined) => ({
    id,
    name: id,
    army: {
      id: `${id}-army`,
      name: `${id} army`,
      echelon: 'division' as const,
      leader: { id: `${id}-gen`, name: `${id} general`, ...(leader ?? {}) },
      units: units.map((u) => unitDoc(u, id === 'red' ? 180 : 0)),
      formations: [],
    },
    ...(extra ?? {}),
  });
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'test',
    title: 'Test',
    ruleSystem: 'square-eagles',
    ...(spec.options ? { ruleOptions: { 'square-eagles': spec.options } } : {}),
    table: { width: cols * CELL, height: rows * CELL },
    grid: { kind: 'square', cell: CELL },
    terrain: spec.terrain ?? [],
    sides: [side('red', spec.red ?? [], spec.redLeader, spec.redExtra), side('blue', spec.blue ?? [], spec.blueLeader, spec.blueExtra)] as Scenario['sides'],
    objectives: spec.objectives ?? [],
    turns: { limit: spec.limit ?? 15, first: spec.first ?? 'red' },
    victory: spec.victory ?? [{ kind: 'points' }],
  };
}

export const sideIndex = (side: 'red' | 'blue'): SideIndex => (side === 'red' ? 0 : 1);

export function start(spec: ScenarioSpec, seed = 1): GameState {
  return newGame(scenario(spec), { seed });
}

/** The state in `side`'s Actions phase with the listed units holding one order each. */
export function inActions(s0: GameState, side: 'red' | 'blue', ordered: string[], orders = 1): GameState {
  const s = cloneState(s0);
  const si = sideIndex(side);
  s.phase = 'actions';
  s.initiative = si;
  s.half = 0;
  s.pending = { kind: 'actions', side: si };
  for (const u of s.units) {
    u.orders = ordered.includes(u.id) ? orders : 0;
    u.used = 0;
    u.did = 0;
  }
  return s;
}

/** The state in `side`'s Fire phase (as the side with the Initiative). */
export function inFire(s0: GameState, side: 'red' | 'blue', did: Record<string, number> = {}): GameState {
  const s = cloneState(s0);
  const si = sideIndex(side);
  s.phase = 'fire';
  s.initiative = si;
  s.half = 0;
  s.pending = { kind: 'fire', side: si };
  for (const u of s.units) {
    u.orders = 0;
    u.used = 0;
    u.did = did[u.id] ?? 0;
  }
  return s;
}

/** Applies an action with the given dice first, then seeded dice for whatever the game rolls afterwards. */
export function act(s: GameState, action: Action, dice: number[] = []): ApplyResult & { left: number } {
  const d = fixedDice(dice, rngDice(seedRng(99)));
  const out = applyAction(s, action, { dice: d });
  return { ...out, left: d.remaining() };
}

export function unit(s: GameState, id: string): UnitState {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export function cellOf(s: GameState, id: string): string {
  const u = unit(s, id);
  return u.cell < 0 ? '-' : s.board.names[u.cell]!;
}

export function has(s: GameState, partial: Record<string, unknown>): boolean {
  return legalActions(s).some((a) => Object.entries(partial).every(([k, v]) => (a as Record<string, unknown>)[k] === v));
}

export function moves(s: GameState, id: string, type: 'move' | 'march' | 'maneuver' = 'move'): string[] {
  const out = new Set<string>();
  for (const a of legalActions(s)) if (a.type === type && a.unit === id) out.add(a.to);
  return [...out].sort();
}

export function box(cells: string[], kind: Feature['kind'], id: string, extra: Record<string, unknown> = {}): Feature {
  return { id, kind, cells, ...extra } as Feature;
}
