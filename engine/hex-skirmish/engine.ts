// Hex Skirmish behind the RulesEngine seam: the rules modules beside this file, with their index-based state turned
// into the protocol's named hexes, side keys and words. The rules themselves live elsewhere; this file translates.
import type { CannonExplanation, DecidedBy, GameResult, HexSkirmishAction, HexSkirmishView, MeleeExplanation } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { unitsOf } from '../../domain/forces.js';
import { addGame, decidedByCondition, decidedByRows, emptyTally, summariseTally, type BatchGame, type BatchTally, type GameLosses } from '../batch-tally.js';
import { deriveSeed, recordingDice, rngDice } from '../dice.js';
import { asLogError, headerLine, readHeaderLine, replayLogOf, type LogRules } from '../game-log.js';
import { playGame } from '../play-game.js';
import { IllegalActionError, type Applied, type RulesEngine } from '../rules-engine.js';
import { makePlayer } from './ai.js';
import { TERRAIN_NAMES } from './board.js';
import { fireTerms, meleeOdds, meleeTerms } from './combat.js';
import { applyAction, begin, legalActions, pieceIndex, RulesError, toAct } from './game.js';
import { reach } from './movement.js';
import { playableProblem, startGame } from './setup.js';
import type { Action, GameState, Side } from './types.js';
import { endOfGame, totalVp } from './victory.js';

// The protocol's action type is the rules' own: one definition, so they cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsAgree: Same<Action, HexSkirmishAction> = true;
void actionsAgree;

export const LOG_FORMAT = 'aide-de-camp/hex-skirmish-log';
export const LOG_VERSION = 1;

/** The order losses are reported in. */
export const PIECE_KINDS = ['infantry', 'cavalry', 'artillery', 'baggage', 'officer'] as const;

const keyOf = (s: GameState, side: Side) => s.meta.sides[side].key;

function start(scenario: Scenario, seed: number): Applied<GameState> {
  const { state, events, rolls } = startGame(scenario, seed);
  begin(state, events, recordingDice(rngDice(state.rng), rolls));
  return { state, events, rolls };
}

function apply(s: GameState, action: Action): Applied<GameState> {
  try {
    return applyAction(s, action);
  } catch (err) {
    if (err instanceof RulesError) throw new IllegalActionError(err.message);
    throw err;
  }
}

function viewOf(s: GameState): HexSkirmishView {
  const b = s.board;
  const terrain: HexSkirmishView['board']['terrain'] = {};
  b.terrain.forEach((t, i) => {
    if (t !== 0) terrain[b.names[i]!] = TERRAIN_NAMES[t];
  });
  return {
    system: 'hex-skirmish',
    board: { cols: b.cols, rows: b.rows, hexInches: b.cell, orientation: b.orientation, terrain },
    decision: { kind: s.phase, side: s.phase === 'over' ? null : keyOf(s, s.active) },
    objectives: b.objectives.map((o, k) => {
      const h = s.control[k];
      return { id: o.id, name: o.name, vp: o.vp, boxes: o.cells.map((c) => b.names[c]!), holder: h === 0 || h === 1 ? keyOf(s, h) : null };
    }),
    units: s.pieces.map((p) => ({
      id: p.id,
      name: p.name,
      side: keyOf(s, p.side),
      kind: p.kind,
      type: p.type,
      origins: [...p.origins],
      status: p.status,
      box: p.cell >= 0 ? b.names[p.cell]! : null,
      men: p.men,
      officer: p.officer ? { ...p.officer } : null,
      gun: p.gun,
      wagon: p.wagon,
      state: p.state,
      captor: p.captor === -1 ? null : keyOf(s, p.captor),
      ammo: p.gun ? p.ammo : null,
      fired: p.fired,
      moved: p.moved,
      attacked: p.attacked,
    })),
    generals: [],
  };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

const decidedByOf = (s: GameState, r: ReturnType<typeof endOfGame>): DecidedBy =>
  decidedByCondition(s.meta.victory, r.condition, r.winner === -1 ? null : keyOf(s, r.winner), s.turn >= s.meta.limit);

function resultOf(s: GameState): GameResult {
  const r = s.result ?? endOfGame(s);
  const [red, blue] = totalVp(s);
  return { winner: r.winner === -1 ? 'draw' : keyOf(s, r.winner), reason: r.reason, turns: s.turn, vp: { red, blue }, condition: r.condition, decidedBy: decidedByOf(s, r) };
}

/** Per side and kind of formation: scenario units wholly lost, and men lost (killed, captured, run off). */
function lossesOf(scenario: Scenario, s: GameState): GameLosses {
  const out: GameLosses = { red: {}, blue: {} };
  const kindOf = new Map<string, string>();
  const startMen = new Map<string, number>();
  for (const p of s.pieces) {
    if (p.origins.length === 1 && p.origins[0] === p.id) kindOf.set(p.id, p.kind);
  }
  scenario.sides.forEach((side) => {
    for (const u of unitsOf(side.army)) {
      const men = u.ratings?.['hex-skirmish']?.men;
      startMen.set(u.id, typeof men === 'number' ? men : 0);
    }
  });
  const left = new Map<string, number>();
  const alive = new Set<string>();
  for (const p of s.pieces) {
    const kept = p.status === 'exited' || p.status === 'reserve' || (p.status === 'table' && p.state !== 'prisoner' && p.state !== 'abandoned');
    if (!kept || p.origins.length === 0) continue;
    left.set(p.origins[0]!, (left.get(p.origins[0]!) ?? 0) + p.men);
    if (p.men > 0) for (const o of p.origins) alive.add(o);
  }
  s.meta.units.forEach((ids, si) => {
    const side = out[keyOf(s, si as Side)];
    for (const id of ids) {
      const kind = kindOf.get(id) ?? 'infantry';
      const loss = (side[kind] ??= { units: 0, sp: 0 });
      loss.sp += Math.max(0, (startMen.get(id) ?? 0) - (left.get(id) ?? 0));
      if (!alive.has(id)) loss.units++;
    }
  });
  return out;
}

const LOG: LogRules<GameState, Action, Readonly<Record<string, boolean>>> = { format: LOG_FORMAT, version: LOG_VERSION, start, apply };

export const hexSkirmishEngine: RulesEngine<GameState, Action, BatchTally> = {
  system: 'hex-skirmish',
  optionKeys: [],

  playableProblem,
  start: (scenario, seed) => start(scenario, seed),

  roster: (s) => ({
    title: s.meta.title,
    turns: s.meta.limit,
    sides: s.meta.sides.map((side, i) => ({
      ...side,
      units: s.pieces.filter((p) => p.side === i).map((p) => ({ id: p.id, name: p.name, type: p.kind === 'officer' ? 'officer' : p.type })),
    })),
  }),

  position(s) {
    const over = s.phase === 'over';
    const [red, blue] = totalVp(s);
    return {
      turn: s.turn,
      turns: s.meta.limit,
      phase: s.phase,
      pending: s.phase,
      toAct: over ? null : keyOf(s, s.active),
      initiative: keyOf(s, s.first),
      vp: { red, blue },
      ply: s.ply,
      over,
      result: over ? resultOf(s) : null,
    };
  },

  view: viewOf,
  toAct: (s) => {
    const side = toAct(s);
    return side === null ? null : keyOf(s, side);
  },
  hasUnit: (s, unit) => pieceIndex(s, unit) >= 0,

  legalActions(s, unit) {
    const all = legalActions(s);
    return unit === undefined ? all : all.filter((a) => 'unit' in a && a.unit === unit);
  },

  reachCosts(s, unit, actions) {
    const pi = pieceIndex(s, unit);
    if (pi < 0) return {};
    const listed = new Set(actions.flatMap((a) => (a.type === 'move' && a.unit === unit ? [a.to] : [])));
    const out: Record<string, number> = {};
    for (const [cell, cost] of reach(s, pi)) {
      const name = s.board.names[cell]!;
      if (listed.has(name)) out[name] = cost;
    }
    return out;
  },

  apply,
  player: (kind, seed, side) => makePlayer(kind, deriveSeed(seed, side === 'red' ? 1 : 2)),

  explain(s, q) {
    const ui = pieceIndex(s, q.unit);
    if (ui < 0) return { ok: false, missing: q.unit };
    const ti = pieceIndex(s, q.target);
    if (ti < 0) return { ok: false, missing: q.target };
    if (q.kind === 'fire') {
      const t = fireTerms(s, ui, ti, q.assume);
      if (!t.allowed) return { ok: true, explanation: t, extra: {} };
      const explanation: CannonExplanation = {
        allowed: true,
        kind: 'cannon',
        range: t.range,
        indirect: t.indirect,
        modifiers: t.modifiers,
        total: t.total,
        casualtiesByRoll: t.byRoll,
        expected: round3(t.byRoll.reduce((n, c) => n + c, 0) / 6),
        chance: round3(t.byRoll.filter((c) => c >= 1).length / 6),
        overFriends: t.overFriends >= 0 ? s.pieces[t.overFriends]!.id : null,
      };
      return { ok: true, explanation, extra: {} };
    }
    const others: number[] = [];
    for (const id of q.with ?? []) {
      const i = pieceIndex(s, id);
      if (i < 0) return { ok: false, missing: id };
      others.push(i);
    }
    const t = meleeTerms(s, [ui, ...others], ti, q.assume);
    if (!t.allowed) return { ok: true, explanation: t, extra: {} };
    const odds = meleeOdds(t.results, t.larger);
    const side = (m: typeof t.attacker) => ({ units: m.pieces.map((i) => s.pieces[i]!.id), men: m.men, officer: m.officers > 0, strength: m.strength });
    const explanation: MeleeExplanation = {
      allowed: true,
      kind: 'melee',
      attacker: side(t.attacker),
      defender: { ...side(t.defender), terrain: t.defender.terrain, multiplier: t.defender.multiplier },
      ratio: t.row,
      larger: t.larger,
      results: [...t.results],
      odds: { attacker: round3(odds.attacker), defender: round3(odds.defender), stalemate: round3(odds.stalemate) },
      killed: t.killed,
    };
    return { ok: true, explanation, extra: {} };
  },

  result: resultOf,
  victoryPoints: (s) => {
    const [red, blue] = totalVp(s);
    return { red, blue };
  },

  logHeader: (scenario, seed, settings, rolls) => JSON.stringify(headerLine(LOG_FORMAT, LOG_VERSION, scenario.id, seed, settings, rolls)),
  logAction: (before, action, out) => ({
    type: 'action',
    ply: out.state.ply,
    turn: before.turn,
    phase: before.phase,
    side: keyOf(before, before.active),
    action,
    rolls: out.rolls,
  }),
  logResult: ({ decidedBy: _, ...r }) => JSON.stringify({ type: 'result', ...r }),
  readLogHeader: (text) => asLogError(() => readHeaderLine(LOG_FORMAT, LOG_VERSION, text)),
  replayLog: (scenario, text) => replayLogOf(LOG, scenario, text),

  playBatchGame(setup, index): BatchGame {
    const played = playGame(hexSkirmishEngine, setup.scenario, { seed: deriveSeed(setup.seed, index), red: setup.red, blue: setup.blue });
    const { decidedBy: _, ...result } = played.result;
    return { result, losses: lossesOf(setup.scenario, played.state as GameState) };
  },
  emptyTally,
  addGame: (tally, game) => addGame(tally, game, PIECE_KINDS),
  summarise: (tally, seconds) => summariseTally(tally, seconds, PIECE_KINDS),
  decidedBy: decidedByRows,
};
