// Setting up a Hex Skirmish game from a scenario: one formation per unit, officers riding with a formation, set-up
// hexes, deployment zones, the reinforcement schedule and who moves first (docs/rules/hex-skirmish.md §7.1–7.2).
import type { GameEvent } from '../../domain/engine-protocol.js';
import { distance, pointInPolygon } from '../../domain/geometry.js';
import { cellCenter, type HexGrid } from '../../domain/grid.js';
import { unitsOf, walkForces } from '../../domain/forces.js';
import type { Entry, Scenario, Unit, Zone } from '../../domain/model.js';
import { rollD6, seedRng } from '../dice.js';
import { cellIndex, compileBoard, IMPASSABLE, pointToCell, type HexBoard } from './board.js';
import { AMMO_TURNS, cloneState, type GameState, type Piece, type Side } from './types.js';
import { enemyIn, roomFor } from './stacking.js';

export interface Started {
  state: GameState;
  events: GameEvent[];
  rolls: number[];
}

function kindOf(u: Unit): Piece['kind'] {
  if (u.arm === 'cavalry') return 'cavalry';
  if (u.arm === 'artillery') return 'artillery';
  if (u.arm === 'train' && (u.type === 'baggage' || u.type === 'caisson')) return 'baggage';
  return 'infantry';
}

function menOf(u: Unit): number {
  const m = u.ratings?.['hex-skirmish']?.men;
  return typeof m === 'number' && m >= 0 ? Math.floor(m) : 0;
}

function pieceOf(u: Unit, side: Side): Piece {
  const kind = kindOf(u);
  return {
    id: u.id,
    name: u.name,
    side,
    kind,
    type: u.type,
    origins: [u.id],
    status: 'reserve',
    cell: -1,
    men: menOf(u),
    officer: null,
    gun: kind === 'artillery',
    wagon: kind === 'baggage',
    state: 'armed',
    captor: -1,
    ammo: AMMO_TURNS,
    fired: false,
    moved: false,
    attacked: false,
    exitEdge: null,
  };
}

const boards = new WeakMap<Scenario, HexBoard>();

/** A board never changes during a game, so every game of one scenario object shares one (batches play thousands). */
function boardFor(scenario: Scenario): HexBoard {
  let board = boards.get(scenario);
  if (!board) boards.set(scenario, (board = compileBoard(scenario)));
  return board;
}

/** Why the engine cannot set this scenario up, or null. */
export function playableProblem(scenario: Scenario): string | null {
  try {
    boardFor(scenario);
  } catch (err) {
    return (err as Error).message;
  }
  if (scenario.sides.length !== 2) return 'Hex Skirmish plays two sides';
  return null;
}

const centre = (s: Scenario, b: HexBoard, i: number) => cellCenter(s.grid as HexGrid, i % b.cols, Math.floor(i / b.cols));

/** The hexes of a deployment zone, in reading order. */
function zoneCells(s: Scenario, b: HexBoard, zone: Zone): number[] {
  const all = b.names.map((_, i) => i);
  if ('cells' in zone) return zone.cells.map((n) => cellIndex(b, n)).filter((i) => i >= 0);
  if ('polygon' in zone) return all.filter((i) => pointInPolygon(centre(s, b, i), zone.polygon));
  const { width, height } = s.table;
  return all.filter((i) => {
    const [x, y] = centre(s, b, i);
    const d = zone.edge === 'north' ? y : zone.edge === 'south' ? height - y : zone.edge === 'west' ? x : width - x;
    return d <= zone.depth;
  });
}

/** Entry hexes of a reinforcement, best first. */
function entryCells(s: Scenario, b: HexBoard, entry: Entry): number[] {
  if ('cells' in entry) return entry.cells.map((n) => cellIndex(b, n)).filter((i) => i >= 0);
  const all = b.names.map((_, i) => i);
  if ('edge' in entry) return all.filter((i) => b.edges[i]!.includes(entry.edge));
  const at = entry.at;
  return all.sort((i, j) => distance(centre(s, b, i), at) - distance(centre(s, b, j), at)).slice(0, 7);
}

/** Places `p` in the first of `cells` that takes it, or near the first if none does; false when nowhere fits. */
export function placeIn(state: GameState, p: Piece, cells: readonly number[]): boolean {
  const b = state.board;
  const tries = [...cells];
  for (const c of cells) for (const n of b.near[c]!) if (!tries.includes(n)) tries.push(n);
  for (const c of tries) {
    if (b.terrain[c] === IMPASSABLE || enemyIn(state, p.side, c) !== 'none' || !roomFor(state, p, c)) continue;
    p.status = 'table';
    p.cell = c;
    return true;
  }
  return false;
}

const templates = new WeakMap<Scenario, GameState>();

/**
 * The game as set up, with `seed`'s dice. Everything but who moves first is the same for every seed, so it is set up
 * once per scenario object and copied for each game.
 */
export function startGame(scenario: Scenario, seed: number): Started {
  let template = templates.get(scenario);
  if (!template) templates.set(scenario, (template = setUp(scenario)));
  const state: GameState = { ...cloneState(template), meta: { ...template.meta, seed }, rng: seedRng(seed) };
  const events: GameEvent[] = [];
  const rolls: number[] = [];
  // Who moves first: the scenario, or a d6 for the coin.
  const firstId = scenario.turns?.first;
  const [a, b] = scenario.sides;
  if (firstId === a.id || firstId === b.id) state.first = firstId === a.id ? 0 : 1;
  else {
    const roll = rollD6(state.rng);
    rolls.push(roll);
    state.first = roll <= 3 ? 0 : 1;
    events.push({ type: 'first-player', roll, side: state.first === 0 ? 'red' : 'blue' });
  }
  state.active = state.first;
  return { state, events, rolls };
}

/** Steps 1 to 5 of the set-up (§7.1–7.2): every formation placed or waiting, and the officers with them. */
function setUp(scenario: Scenario): GameState {
  const board = boardFor(scenario);
  const [a, b] = scenario.sides;
  if (!a || !b) throw new Error('Hex Skirmish plays two sides');
  const docUnits: { unit: Unit; side: Side }[] = [];
  scenario.sides.forEach((side, si) => {
    for (const u of unitsOf(side.army)) docUnits.push({ unit: u, side: si as Side });
  });
  const state: GameState = {
    meta: {
      scenario: scenario.id,
      title: scenario.title,
      sides: [
        { id: a.id, key: 'red', name: a.name },
        { id: b.id, key: 'blue', name: b.name },
      ],
      limit: Math.max(1, Math.floor(scenario.turns?.limit ?? 12)),
      victory: (scenario.victory ?? []).map((v) => ({ ...v })),
      seed: 0,
      units: [docUnits.filter((d) => d.side === 0).map((d) => d.unit.id), docUnits.filter((d) => d.side === 1).map((d) => d.unit.id)],
    },
    board,
    turn: 1,
    active: 0,
    first: 0,
    phase: 'cannonade',
    pieces: docUnits.map((d) => pieceOf(d.unit, d.side)),
    attacked: [],
    reinforcements: [],
    control: board.objectives.map((o) => (o.heldBy === 0 || o.heldBy === 1 ? o.heldBy : -1)),
    vp: [0, 0],
    splits: 0,
    rng: seedRng(0),
    ply: 0,
    result: null,
  };
  const byId = new Map(state.pieces.map((p, i) => [p.id, i]));

  const reinforced = new Set<string>();
  for (const side of scenario.sides) for (const r of side.reinforcements ?? []) for (const id of r.units ?? []) reinforced.add(id);

  // 1. Units with a set-up hex or point.
  docUnits.forEach(({ unit }, i) => {
    const setup = unit.setup;
    if (!setup || reinforced.has(unit.id)) return;
    const cell = typeof setup.cell === 'string' ? cellIndex(board, setup.cell) : Array.isArray(setup.at) ? pointToCell(board, scenario, setup.at) : -1;
    if (cell >= 0) placeIn(state, state.pieces[i]!, [cell]);
  });
  // 2. Deployment zones.
  scenario.sides.forEach((side, si) => {
    for (const dep of side.deployment ?? []) {
      const ids = Array.isArray(dep.units) ? dep.units : docUnits.filter((d) => d.side === si && !d.unit.setup && !reinforced.has(d.unit.id)).map((d) => d.unit.id);
      const cells = zoneCells(scenario, board, dep.zone);
      for (const id of ids) {
        const p = state.pieces[byId.get(id) ?? -1];
        if (p && p.status === 'reserve' && p.side === si) placeIn(state, p, cells);
      }
    }
  });
  // 3. Reinforcements.
  scenario.sides.forEach((side, si) => {
    for (const r of side.reinforcements ?? []) {
      const pieces = (r.units ?? []).map((id) => byId.get(id)).filter((i): i is number => i !== undefined && state.pieces[i]!.side === si);
      if (pieces.length === 0) continue;
      state.reinforcements.push({
        side: si as Side,
        pieces,
        turn: typeof r.turn === 'number' ? r.turn : null,
        roll: r.roll && typeof r.roll.from === 'number' ? { from: r.roll.from, need: r.roll.need } : null,
        entry: entryCells(scenario, board, r.entry),
        due: false,
      });
    }
  });
  // 4. Anything still without a place starts on its side's edge, so no unit silently vanishes.
  state.pieces.forEach((p, i) => {
    if (p.status !== 'reserve' || state.reinforcements.some((r) => r.pieces.includes(i))) return;
    const edge = p.side === 0 ? 'north' : 'south';
    placeIn(state, p, board.names.map((_, c) => c).filter((c) => board.edges[c]!.includes(edge)));
  });
  // 5. Officers (§7.2).
  scenario.sides.forEach((side, si) => {
    for (const node of walkForces(side.army, '')) {
      if (node.kind !== 'formation' || !node.node.leader) continue;
      const leader = node.node.leader;
      const officer = { id: leader.id, name: leader.name };
      const free = (p: Piece) => p.side === si && p.status === 'table' && p.officer === null && p.kind !== 'baggage';
      const cell = leader.setup ? (typeof leader.setup.cell === 'string' ? cellIndex(board, leader.setup.cell) : Array.isArray(leader.setup.at) ? pointToCell(board, scenario, leader.setup.at) : -1) : -1;
      let host = cell >= 0 ? state.pieces.find((p) => free(p) && p.cell === cell) : undefined;
      if (!host && cell < 0) {
        const mine = new Set(unitsOf(node.node).map((u) => u.id));
        host = state.pieces.find((p) => free(p) && mine.has(p.id));
      }
      if (host) host.officer = officer;
      else {
        const alone: Piece = { ...pieceOf({ id: leader.id, name: leader.name, arm: 'infantry', type: 'officer' }, si as Side), kind: 'officer', type: 'officer', men: 0, officer };
        state.pieces.push(alone);
        if (cell >= 0) placeIn(state, alone, [cell]);
        else placeIn(state, alone, state.pieces.filter((p) => p.side === si && p.status === 'table').map((p) => p.cell));
      }
    }
  });
  return state;
}
