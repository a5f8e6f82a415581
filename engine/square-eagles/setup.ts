// A new game from a scenario: units and Generals from the orders of battle, set-up positions, automatic and
// deterministic placement in deployment zones, and the reinforcement schedule (file-format.md "Sides").
import { unitsOf, walkForces } from '../../domain/forces.js';
import type { Edge, Entry, Leader, Scenario, Unit, Zone } from '../../domain/model.js';
import { pointInPolygon } from '../../domain/geometry.js';
import { squareEaglesType, standardSp } from '../../domain/rule-systems/square-eagles.js';
import { seedRng } from '../dice.js';
import { boxDistance, cellIndex, colOf, compileBoard, pointToCell, rowOf, type Board, type Facing, type RuleOptions } from './board.js';
import { canEnd } from './movement.js';
import {
  TR,
  cloneState,
  type Formation,
  type GameState,
  type GeneralState,
  type PendingReinforcement,
  type SeType,
  type SideIndex,
  type SideKey,
  type UnitState,
} from './types.js';

export interface NewGameOptions {
  seed: number;
  /** Switches optional rules on or off over the scenario's `ruleOptions`. */
  options?: Partial<RuleOptions>;
}

/** Refuses scenarios the engine cannot play, with a message for the user. */
export function playableProblem(scenario: Scenario): string | null {
  if (scenario.ruleSystem !== 'square-eagles') return `The bundled engine plays Square Eagles; this scenario uses ${scenario.ruleSystem}.`;
  if (!scenario.grid || scenario.grid.kind !== 'square') return 'A Square Eagles scenario needs a square grid.';
  if (!Array.isArray(scenario.sides) || scenario.sides.length !== 2) return 'A scenario needs exactly two sides.';
  return null;
}

function sideKeys(scenario: Scenario): [SideKey, SideKey] {
  const [a, b] = scenario.sides;
  if (a.id === 'blue' || b.id === 'red') return ['blue', 'red'];
  return ['red', 'blue'];
}

function unitVpOf(unit: Unit, type: SeType, sp: number, traits: number): number {
  if (typeof unit.vp === 'number') return unit.vp;
  // The house table of docs/rules/square-eagles.md §5, as in domain/rule-systems/square-eagles.ts.
  return 2 * sp + (type === 'Heavy Cavalry' ? 2 : 0) + ((traits & TR.guard) !== 0 ? 2 : 0);
}

function toFacing(value: unknown, fallback: Facing): Facing {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const f = ((Math.round(value / 90) * 90) % 360 + 360) % 360;
  return f as Facing;
}

function toFormation(type: SeType, value: unknown, fallback: Formation): Formation | null {
  if (type !== 'Infantry') return null;
  return value === 'column' || value === 'square' || value === 'line' ? value : fallback;
}

const boards = new WeakMap<Scenario, Map<string, Board>>();

/** Boards never change during a game, so every game of one scenario object shares one (batches play thousands). */
function boardFor(scenario: Scenario, options?: Partial<RuleOptions>): Board {
  let byOptions = boards.get(scenario);
  if (!byOptions) boards.set(scenario, (byOptions = new Map<string, Board>()));
  const key = JSON.stringify(options ?? {});
  let board = byOptions.get(key);
  if (!board) byOptions.set(key, (board = compileBoard(scenario, options)));
  return board;
}

/** Facing that looks away from an edge, into the table. */
const INWARD: Record<Edge, Facing> = { north: 180, south: 0, east: 270, west: 90 };

const templates = new WeakMap<Scenario, Map<string, GameState>>();

/**
 * The state before the first die is rolled. Set-up does not depend on the seed, so it is built once per scenario
 * and options and copied for each game (a batch plays thousands).
 */
export function createState(scenario: Scenario, opts: NewGameOptions): GameState {
  let byOptions = templates.get(scenario);
  if (!byOptions) templates.set(scenario, (byOptions = new Map<string, GameState>()));
  const key = JSON.stringify(opts.options ?? {});
  let template = byOptions.get(key);
  if (!template) byOptions.set(key, (template = buildState(scenario, opts)));
  const s = cloneState(template);
  // Field by field in buildState's order, not a spread: a spread's copy has a map of its own, and its later store of
  // `seed` turned the field mutable some games in, throwing away the optimised code of everything that reads `meta`.
  const m = template.meta;
  s.meta = { scenarioId: m.scenarioId, title: m.title, sides: m.sides, limit: m.limit, first: m.first, victory: m.victory, seed: opts.seed };
  s.rng = seedRng(opts.seed);
  return s;
}

function buildState(scenario: Scenario, opts: NewGameOptions): GameState {
  const problem = playableProblem(scenario);
  if (problem) throw new Error(problem);
  const board = boardFor(scenario, opts.options);
  const keys = sideKeys(scenario);
  const units: UnitState[] = [];
  const docUnits: Unit[] = [];
  const generals: GeneralState[] = [];

  scenario.sides.forEach((side, si) => {
    for (const unit of unitsOf(side.army)) {
      const type = squareEaglesType(unit);
      if (!type) continue;
      const block = unit.ratings?.['square-eagles'];
      const sp = typeof block?.sp === 'number' && block.sp >= 1 ? Math.floor(block.sp) : standardSp(unit)!;
      let traits = 0;
      for (const t of Array.isArray(block?.traits) ? block.traits : []) traits |= TR[t] ?? 0;
      units.push({
        id: unit.id,
        name: unit.name,
        side: si as SideIndex,
        type,
        sp,
        hits: 0,
        traits,
        vp: unitVpOf(unit, type, sp, traits),
        status: 'reserve',
        cell: -1,
        facing: si === 0 ? 180 : 0,
        formation: type === 'Infantry' ? 'line' : null,
        orders: 0,
        used: 0,
        did: 0,
        supplied: true,
      });
      docUnits.push(unit);
    }
  });
  const unitIndex = new Map(units.map((u, i) => [u.id, i]));

  // Generals: each commands the units of his own formation and everything below it.
  scenario.sides.forEach((side, si) => {
    for (const node of walkForces(side.army, '')) {
      if (node.kind !== 'formation' || !node.node.leader) continue;
      const leader: Leader = node.node.leader;
      const commands = unitsOf(node.node)
        .map((u) => unitIndex.get(u.id))
        .filter((i): i is number => i !== undefined);
      const r = leader.ratings?.['square-eagles'];
      generals.push({
        id: leader.id,
        name: leader.name,
        side: si as SideIndex,
        commands,
        unit: -1,
        status: 'reserve',
        removedTurn: 0,
        excellentStaff: r?.excellentStaff === true,
        division: r?.divisionGeneral === true,
        roll: 0,
        pips: 0,
        banked: 0,
        placed: false,
      });
    }
  });

  const state: GameState = {
    v: 1,
    meta: {
      scenarioId: scenario.id,
      title: scenario.title,
      sides: [
        { id: scenario.sides[0].id, key: keys[0], name: scenario.sides[0].name },
        { id: scenario.sides[1].id, key: keys[1], name: scenario.sides[1].name },
      ],
      limit: Math.max(1, Math.floor(scenario.turns?.limit ?? 15)),
      first: scenario.turns?.first === scenario.sides[1].id ? 1 : 0,
      victory: (scenario.victory ?? []).map((v) => ({ ...v })),
      seed: opts.seed,
    },
    board,
    turn: 0,
    phase: 'orders',
    half: 0,
    initiative: 0,
    pending: { kind: 'orders', side: 0 },
    units,
    generals,
    reinforcements: [],
    control: board.objectives.map((o) => ({ id: o.id, holder: o.heldBy })),
    rng: seedRng(opts.seed),
    ply: 0,
    outcome: null,
  };
  state.initiative = state.meta.first;

  const occupied = new Set<number>();
  const place = (ui: number, cell: number, facing: Facing, formation: Formation | null): void => {
    const u = units[ui]!;
    u.status = 'table';
    u.cell = cell;
    u.facing = facing;
    u.formation = formation;
    occupied.add(cell);
  };

  // 1. Units with their own set-up.
  const reinforced = new Set<string>();
  for (const side of scenario.sides) for (const r of side.reinforcements ?? []) for (const id of r.units ?? []) reinforced.add(id);
  docUnits.forEach((doc, ui) => {
    const setup = doc.setup;
    if (!setup || reinforced.has(doc.id)) return;
    let cell = -1;
    if (typeof setup.cell === 'string') cell = cellIndex(board, setup.cell);
    else if (Array.isArray(setup.at)) cell = pointToCell(board, setup.at);
    if (cell < 0) return;
    const u = units[ui]!;
    if (occupied.has(cell) || !canEnd(board, u, cell)) cell = nearestFree(board, u, cell, occupied);
    if (cell < 0) return;
    place(ui, cell, toFacing(setup.facing, u.facing), toFormation(u.type, setup.formation, 'line'));
  });

  // 2. Deployment zones, in the order the sides list them.
  const enemyCentre = (si: number): [number, number] | null => {
    const mine = units.filter((u) => u.side !== si && u.status === 'table');
    if (mine.length === 0) return null;
    return [mine.reduce((n, u) => n + (u.cell % board.cols), 0) / mine.length, mine.reduce((n, u) => n + rowOf(board, u.cell), 0) / mine.length];
  };
  scenario.sides.forEach((side, si) => {
    for (const dep of side.deployment ?? []) {
      const ids = Array.isArray(dep.units)
        ? dep.units
        : docUnits.filter((d, i) => units[i]!.side === si && !d.setup && !reinforced.has(d.id)).map((d) => d.id);
      const members = ids.map((id) => unitIndex.get(id)).filter((i): i is number => i !== undefined && units[i]!.status === 'reserve');
      deploy(board, units, members, dep.zone, scenario, enemyCentre(si), occupied, place);
    }
  });

  // 3. Reinforcements.
  scenario.sides.forEach((side, si) => {
    for (const r of side.reinforcements ?? []) {
      const members = (r.units ?? []).map((id) => unitIndex.get(id)).filter((i): i is number => i !== undefined);
      if (members.length === 0) continue;
      const { cells, facing } = entryCells(board, r.entry);
      state.reinforcements.push({
        side: si as SideIndex,
        units: members,
        turn: typeof r.turn === 'number' ? r.turn : null,
        roll: r.roll && typeof r.roll.from === 'number' ? { from: r.roll.from, need: r.roll.need } : null,
        entry: cells,
        facing,
        arrived: false,
      } satisfies PendingReinforcement);
    }
  });

  // 4. Anything left without a place starts on its side's edge, so no unit silently vanishes.
  units.forEach((u, ui) => {
    if (u.status !== 'reserve' || state.reinforcements.some((r) => r.units.includes(ui))) return;
    const edge: Edge = homeEdge(board, units, u.side);
    deploy(board, units, [ui], { edge, depth: board.cell * 2 }, scenario, enemyCentre(u.side), occupied, place);
  });

  // 5. Generals start with their own set-up box's unit, or the first unit of their formation on the table.
  scenario.sides.forEach((side, si) => {
    for (const node of walkForces(side.army, '')) {
      if (node.kind !== 'formation' || !node.node.leader) continue;
      const g = generals.find((x) => x.id === node.node.leader!.id && x.side === si)!;
      attachAtStart(board, units, g, node.node.leader.setup);
    }
  });
  return state;
}

function homeEdge(b: Board, units: UnitState[], side: number): Edge {
  const mine = units.filter((u) => u.side === side && u.status === 'table');
  if (mine.length === 0) return side === 0 ? 'north' : 'south';
  const row = mine.reduce((n, u) => n + rowOf(b, u.cell), 0) / mine.length;
  return row < b.rows / 2 ? 'north' : 'south';
}

function attachAtStart(b: Board, units: UnitState[], g: GeneralState, setup: Leader['setup']): void {
  const candidates = g.commands.filter((i) => units[i]!.status === 'table');
  if (candidates.length === 0) return;
  let pick = candidates[0]!;
  if (setup && (typeof setup.cell === 'string' || Array.isArray(setup.at))) {
    const cell = typeof setup.cell === 'string' ? cellIndex(b, setup.cell) : pointToCell(b, setup.at!);
    if (cell >= 0) {
      let best = Infinity;
      for (const i of candidates) {
        const d = boxDistance(b, cell, units[i]!.cell);
        if (d < best) {
          best = d;
          pick = i;
        }
      }
    }
  }
  g.unit = pick;
  g.status = 'table';
}

/** The nearest box to `cell` that is free and where the unit may stand, or -1. */
function nearestFree(b: Board, u: UnitState, cell: number, occupied: Set<number>, within = Infinity): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < b.cols * b.rows; i++) {
    if (occupied.has(i) || !canEnd(b, u, i)) continue;
    const d = boxDistance(b, cell, i);
    if (d < bestD && d <= within) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

function zoneCells(b: Board, zone: Zone, scenario: Scenario): number[] {
  const out: number[] = [];
  const centre = (i: number): [number, number] => [(colOf(b, i) + 0.5) * b.cell, (rowOf(b, i) + 0.5) * b.cell];
  for (let i = 0; i < b.cols * b.rows; i++) {
    const [x, y] = centre(i);
    if ('cells' in zone) {
      if (zone.cells.includes(b.names[i]!)) out.push(i);
    } else if ('polygon' in zone) {
      if (pointInPolygon([x, y], zone.polygon)) out.push(i);
    } else if ('edge' in zone) {
      const { width, height } = scenario.table;
      const dist = zone.edge === 'north' ? y : zone.edge === 'south' ? height - y : zone.edge === 'west' ? x : width - x;
      if (dist <= zone.depth + 1e-9) out.push(i);
    }
  }
  return out;
}

/**
 * Deploys units in a zone: the front rank first (the boxes nearest the enemy), from the middle of the zone
 * outwards; skirmishers, then infantry, then guns, then cavalry, so the line has its screen in front and its horse
 * behind or on the wings.
 */
function deploy(
  b: Board,
  units: UnitState[],
  members: number[],
  zone: Zone,
  scenario: Scenario,
  enemy: [number, number] | null,
  occupied: Set<number>,
  place: (ui: number, cell: number, facing: Facing, formation: Formation | null) => void,
): void {
  const cells = zoneCells(b, zone, scenario);
  if (cells.length === 0) return;
  let facing: Facing;
  if ('edge' in zone) facing = INWARD[zone.edge];
  else {
    const cx = cells.reduce((n, i) => n + colOf(b, i), 0) / cells.length;
    const cy = cells.reduce((n, i) => n + rowOf(b, i), 0) / cells.length;
    const [ex, ey] = enemy ?? [(b.cols - 1) / 2, (b.rows - 1) / 2];
    const dx = ex - cx;
    const dy = ey - cy;
    facing = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 90 : 270) : dy > 0 ? 180 : 0;
  }
  const fx = facing === 90 ? 1 : facing === 270 ? -1 : 0;
  const fy = facing === 180 ? 1 : facing === 0 ? -1 : 0;
  const across = (i: number): number => (fx !== 0 ? rowOf(b, i) : colOf(b, i));
  const forward = (i: number): number => colOf(b, i) * fx + rowOf(b, i) * fy;
  const mid = cells.reduce((n, i) => n + across(i), 0) / cells.length;
  const ranked = [...cells].sort((p, q) => forward(q) - forward(p) || Math.abs(across(p) - mid) - Math.abs(across(q) - mid) || p - q);
  const order: SeType[] = ['Lights', 'Infantry', 'Guns', 'Horse Guns', 'Cavalry', 'Heavy Cavalry'];
  const sorted = [...members].sort((p, q) => order.indexOf(units[p]!.type) - order.indexOf(units[q]!.type) || p - q);
  for (const ui of sorted) {
    const u = units[ui]!;
    let cell = ranked.find((i) => !occupied.has(i) && canEnd(b, u, i)) ?? -1;
    if (cell < 0) cell = nearestFree(b, u, ranked[0]!, occupied);
    if (cell < 0) continue;
    place(ui, cell, facing, u.type === 'Infantry' ? 'line' : null);
  }
}

/** The boxes a reinforcement enters at, best first, and the facing it enters with. */
function entryCells(b: Board, entry: Entry | undefined): { cells: number[]; facing: Facing } {
  if (entry && 'edge' in entry) {
    const cells: number[] = [];
    for (let i = 0; i < b.cols * b.rows; i++) {
      const c = colOf(b, i);
      const r = rowOf(b, i);
      const on = entry.edge === 'north' ? r === 0 : entry.edge === 'south' ? r === b.rows - 1 : entry.edge === 'west' ? c === 0 : c === b.cols - 1;
      if (on) cells.push(i);
    }
    // Nearest the middle of the edge first.
    const mid = cells.length > 0 ? cells[Math.floor((cells.length - 1) / 2)]! : 0;
    cells.sort((p, q) => boxDistance(b, p, mid) - boxDistance(b, q, mid) || p - q);
    return { cells, facing: INWARD[entry.edge] };
  }
  let cells: number[] = [];
  if (entry && 'cells' in entry) cells = entry.cells.map((n) => cellIndex(b, n)).filter((i) => i >= 0);
  else if (entry && 'at' in entry) cells = [pointToCell(b, entry.at)];
  if (cells.length === 0) cells = [0];
  // Enter facing away from the nearest table edge.
  const c = colOf(b, cells[0]!);
  const r = rowOf(b, cells[0]!);
  const dists: [number, Facing][] = [
    [r, 180],
    [b.rows - 1 - r, 0],
    [c, 90],
    [b.cols - 1 - c, 270],
  ];
  dists.sort((p, q) => p[0] - q[0]);
  return { cells, facing: dists[0]![1] };
}

