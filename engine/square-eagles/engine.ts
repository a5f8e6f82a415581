// Square Eagles behind the RulesEngine seam: every method delegates to the rules modules beside it, and turns their
// index-based state into the protocol's named boxes, side keys and words. The rules themselves live elsewhere; this
// file only translates.
import type { DecidedBy, SquareEaglesAction, SquareEaglesView } from '../../domain/engine-protocol.js';
import { deriveSeed } from '../dice.js';
import { IllegalActionError, type Applied, type BatchGame, type RulesEngine } from '../rules-engine.js';
import { makePlayer } from './ai.js';
import { addGame, emptyTally, playBatchGame, summariseTally, type BatchTally } from './batch.js';
import { decidedByCondition, decidedByRows } from '../batch-tally.js';
import { cellIndex, colOf, rowOf, type RuleOptions } from './board.js';
import { explainJson, explainPool } from './explain.js';
import { pendingFireTerms } from './dice-pools.js';
import { applyAction, legalActions, startGame } from './game.js';
import { ctxOf } from './geometry.js';
import { logAction, logHeader, readLogHeader, replayLog, type LogAction, type LogResult } from './log.js';
import { asLogError } from '../game-log.js';
import { movementCosts } from './movement.js';
import { playableProblem } from './setup.js';
import { result, victoryPoints, type GameResult } from './victory.js';
import {
  DID_ASSAULT,
  DID_BOMBARD,
  DID_FIRE,
  DID_MANEUVER,
  DID_MARCH,
  DID_MOVE,
  DID_RALLY,
  DID_RETREAT,
  TR,
  unitIndexOf,
  type Action,
  type GameState,
  type SideIndex,
  type SideKey,
} from './types.js';

// The protocol's action type restates the rules' own; each must fit the other, so they cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsAgree: Same<Action, SquareEaglesAction> = true;
void actionsAgree;

const OPTION_KEYS: readonly (keyof RuleOptions)[] = ['resupplyGuns', 'defend', 'forts', 'limbers', 'horseGuns'];

const keyOf = (s: GameState, side: SideIndex): SideKey => s.meta.sides[side].key;

function vpOf(s: GameState): { red: number; blue: number } {
  const [a, b] = victoryPoints(s);
  return keyOf(s, 0) === 'red' ? { red: a, blue: b } : { red: b, blue: a };
}

/** The deciding condition of a finished game, in fields. */
const decidedByOf = (s: GameState, r: GameResult): DecidedBy =>
  decidedByCondition(s.meta.victory, r.condition, r.winner === 'draw' ? null : r.winner, s.turn >= s.meta.limit);


const DID_NAMES: [number, string][] = [
  [DID_MOVE, 'move'],
  [DID_MARCH, 'march'],
  [DID_MANEUVER, 'maneuver'],
  [DID_BOMBARD, 'bombard'],
  [DID_ASSAULT, 'assault'],
  [DID_RALLY, 'rally'],
  [DID_FIRE, 'fire'],
  [DID_RETREAT, 'retreat'],
];

/** The board, decision and pieces, with boxes by name (A1 the north-west corner), not engine indices. */
function viewOf(s: GameState): SquareEaglesView {
  const b = s.board;
  const box = (cell: number): string | null => (cell >= 0 ? b.names[cell]! : null);
  const p = s.pending;
  const decision: SquareEaglesView['decision'] = { kind: p.kind, side: p.kind === 'over' ? null : keyOf(s, p.side) };
  if (p.kind === 'assault-defence') Object.assign(decision, { attacker: s.units[p.attacker]!.id, defender: s.units[p.defender]!.id });
  if (p.kind === 'assault-win') Object.assign(decision, { unit: s.units[p.unit]!.id, loser: s.units[p.loser]!.id });
  return {
    system: 'square-eagles',
    board: { cols: b.cols, rows: b.rows, boxInches: b.cell },
    decision,
    objectives: b.objectives.map((o, k) => {
      const holder = s.control[k]!.holder;
      return { id: o.id, name: o.name, vp: o.vp, boxes: o.cells.map((c) => b.names[c]!), holder: holder === 0 || holder === 1 ? keyOf(s, holder) : null };
    }),
    units: s.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: keyOf(s, u.side),
      type: u.type,
      status: u.status,
      box: box(u.cell),
      col: u.cell >= 0 ? colOf(b, u.cell) : null,
      row: u.cell >= 0 ? rowOf(b, u.cell) : null,
      facing: u.facing,
      formation: u.formation,
      sp: u.sp,
      hits: u.hits,
      vp: u.vp,
      orders: u.orders,
      ordersUsed: u.used,
      did: DID_NAMES.filter(([bit]) => (u.did & bit) !== 0).map(([, name]) => name),
      traits: Object.entries(TR)
        .filter(([, bit]) => (u.traits & bit) !== 0)
        .map(([name]) => name),
      ...(u.supplied ? {} : { outOfSupply: true as const }),
    })),
    generals: s.generals.map((g) => ({
      id: g.id,
      name: g.name,
      side: keyOf(s, g.side),
      status: g.status,
      with: g.unit >= 0 ? s.units[g.unit]!.id : null,
      box: g.unit >= 0 && g.status === 'table' ? box(s.units[g.unit]!.cell) : null,
      commands: g.commands.map((i) => s.units[i]!.id),
      roll: g.roll,
      pips: g.pips,
      banked: g.banked,
      placed: g.placed,
    })),
  };
}

type Travel = Extract<Action, { type: 'move' | 'march' | 'maneuver' }>;
const isTravel = (a: Action): a is Travel => a.type === 'move' || a.type === 'march' || a.type === 'maneuver';

function reachCosts(s: GameState, unit: string, actions: readonly Action[]): Record<string, number> {
  const travels = actions.filter(isTravel);
  if (travels.length === 0) return {};
  const ctx = ctxOf(s);
  const ui = unitIndexOf(s, unit);
  const byKind = new Map<Travel['type'], Map<number, number>>();
  const out: Record<string, number> = {};
  for (const a of travels) {
    let costs = byKind.get(a.type);
    if (!costs) byKind.set(a.type, (costs = movementCosts(ctx, ui, a.type)));
    const cost = costs.get(cellIndex(s.board, a.to));
    const was = out[a.to];
    if (cost !== undefined && (was === undefined || cost < was)) out[a.to] = cost;
  }
  return out;
}

const options = (o: Readonly<Record<string, boolean>> | undefined): { options?: Partial<RuleOptions> } => (o ? { options: o } : {});

export const squareEaglesEngine: RulesEngine<GameState, Action, BatchTally> = {
  system: 'square-eagles',
  optionKeys: OPTION_KEYS,

  playableProblem,

  start: (scenario, seed, opts) => startGame(scenario, { seed, ...options(opts) }),

  roster: (s) => ({
    title: s.meta.title,
    turns: s.meta.limit,
    sides: s.meta.sides.map((side, i) => ({
      id: side.id,
      key: side.key,
      name: side.name,
      units: s.units.filter((u) => u.side === i).map((u) => ({ id: u.id, name: u.name, type: u.type })),
    })),
  }),

  position(s) {
    const over = s.phase === 'over';
    return {
      turn: s.turn,
      turns: s.meta.limit,
      phase: s.phase,
      pending: s.pending.kind,
      toAct: over ? null : keyOf(s, s.pending.side),
      initiative: keyOf(s, s.initiative),
      vp: vpOf(s),
      ply: s.ply,
      over,
      result: over ? this.result(s) : null,
    };
  },

  view: viewOf,

  toAct: (s) => (s.phase === 'over' ? null : keyOf(s, s.pending.side)),

  hasUnit: (s, unit) => s.units.some((u) => u.id === unit),

  legalActions(s, unit) {
    const actions = legalActions(s);
    return unit === undefined ? actions : actions.filter((a) => 'unit' in a && a.unit === unit);
  },

  reachCosts,

  apply(s, action) {
    try {
      return applyAction(s, action);
    } catch (err) {
      throw new IllegalActionError((err as Error).message);
    }
  },

  // Red's player from the game's seed with 1, blue's with 2, as playGame seeds them, so ai-move against ai-move is
  // the game `adc play --seed` plays.
  player: (kind, seed, side) => makePlayer(kind, deriveSeed(seed, side === 'red' ? 1 : 2)),

  explain(s, q) {
    // A fire at a game's position is priced as the pending decision will roll it (the bonus die of an unused order
    // in the Fire phase, an order paying for Defend! fire), so the preview is the roll.
    const terms = q.asPending && !q.assume && q.kind === 'fire' ? pendingFireTerms(s, q.unit) : {};
    const outcome = explainPool(s, q.kind, q.unit, q.target, q.assume, terms);
    if (!outcome.ok) return outcome;
    const { pool } = outcome;
    const extra = pool.allowed ? ('kind' in pool ? { reroll: pool.reroll } : { gunsRemoved: pool.gunsRemoved }) : {};
    return { ok: true, explanation: explainJson(pool), extra };
  },

  result: (s) => {
    const r = result(s);
    return { ...r, decidedBy: decidedByOf(s, r) };
  },

  victoryPoints: vpOf,

  logHeader: (scenario, seed, settings, rolls) =>
    JSON.stringify(logHeader(scenario.id, seed, { ...options(settings.options), ...(settings.players ? { players: settings.players } : {}) }, rolls)),

  logAction: (before, action, out: Applied<GameState>): LogAction => logAction(before, action, out),

  logResult: ({ decidedBy: _, ...r }) => JSON.stringify({ type: 'result', ...r } satisfies LogResult),

  readLogHeader: (text) => asLogError(() => readLogHeader(text)),

  replayLog(scenario, text) {
    const actions: { line: LogAction; before: GameState; out: Applied<GameState> }[] = [];
    const replayed = asLogError(() => replayLog(scenario, text, (line, before, out) => actions.push({ line, before, out })));
    return { start: replayed.start, state: replayed.state, result: replayed.result, actions };
  },

  playBatchGame: (setup, index): BatchGame => playBatchGame(setup, index),
  emptyTally,
  addGame: (tally, game) => addGame(tally, game),
  summarise: summariseTally,
  decidedBy: decidedByRows,
};
