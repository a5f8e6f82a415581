// Napoleon's Eagles behind the RulesEngine seam: the sequence of play (game.ts) with its state turned into the
// protocol's view, side keys and words. The rules live beside this file; this file translates.
import type { DecidedBy, Explanation, GameResult, NapoleonsEaglesAction, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { addGame, decidedByCondition, decidedByRows, emptyTally, summariseTally, type BatchGame, type BatchTally, type GameLosses } from '../batch-tally.js';
import { deriveSeed } from '../dice.js';
import { asLogError, headerLine, readHeaderLine, replayLogOf, type LogRules } from '../game-log.js';
import { IllegalActionError, type Applied, type RulesEngine } from '../rules-engine.js';
import { playerFor, playQuiet } from './batch.js';
import { explainNe } from './explain.js';
import { footprint } from './footprint.js';
import { applyAction, facts, RulesError, startGame, toAct, type Action } from './game.js';
import { reachArea } from './movement.js';
import { candidates } from './players.js';
import { influenceDecision, rulesView, unitRules } from './rules-view.js';
import { sideKey, type NeGameState } from './state.js';
import { FATIGUE_NAMES } from './types.js';
import { endOfGame, totalVp } from './victory.js';

// The protocol's action type is the rules' own: one definition, so they cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsAgree: Same<Action, NapoleonsEaglesAction> = true;
void actionsAgree;

export const LOG_FORMAT = 'aide-de-camp/napoleons-eagles-log';
export const LOG_VERSION = 1;

/** The order losses are reported in: by arm; a loss's `sp` counts figures (a battery's, crew hits). */
export const ARMS = ['infantry', 'cavalry', 'artillery', 'train'] as const;

function start(scenario: Scenario, seed: number): Applied<NeGameState> {
  return startGame(scenario, seed);
}

function apply(s: NeGameState, action: NapoleonsEaglesAction): Applied<NeGameState> {
  try {
    return applyAction(s, action);
  } catch (err) {
    if (err instanceof RulesError) throw new IllegalActionError(err.message);
    throw err;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function viewOf(s: NeGameState): NapoleonsEaglesView {
  const key = (i: 0 | 1) => sideKey(s, i);
  const bothIn = s.order.bids[0] !== null && s.order.bids[1] !== null;
  const bid = (i: 0 | 1) => (s.order.bids[i] === null ? null : bothIn ? s.order.bids[i] : 'hidden');
  const pending = s.closeActions.find((c) => c.stage === 'defence');
  return {
    system: 'napoleons-eagles',
    table: { width: s.table.width, height: s.table.height },
    decision: {
      kind: s.phase,
      side: s.phase === 'over' ? null : key(s.active),
      ...(s.current ? { unit: s.current } : {}),
      ...(pending && s.phase === 'defend' ? { unit: pending.target, charger: pending.charger } : {}),
      ...(s.phase === 'counter' && s.counter ? { unit: s.counter.mover, cavalry: [...s.counter.cavalry] } : {}),
      ...influenceDecision(s),
    },
    period: s.period,
    turnPoints: { [key(0)]: s.order.points[0], [key(1)]: s.order.points[1] } as Record<'red' | 'blue', number>,
    bids: { [key(0)]: bid(0), [key(1)]: bid(1) } as Record<'red' | 'blue', number | 'hidden' | null>,
    roles: { a: s.order.a === null ? null : key(s.order.a), ratio: { ...s.order.ratio }, stepLeft: s.order.stepLeft, moved: { [key(0)]: s.order.moved[0], [key(1)]: s.order.moved[1] } as Record<'red' | 'blue', number> },
    closeActions: s.closeActions.filter((c) => c.stage !== 'done').map((c) => ({ charger: c.charger, target: c.target })),
    units: s.units.map((u) => {
      const f = s.flow[u.id]!;
      const fp = footprint(u, s.table);
      const markers: NapoleonsEaglesView['units'][number]['markers'] = [];
      if (f.stand) markers.push('stand');
      if (f.started) markers.push('moved');
      if (f.morale) markers.push('morale');
      if (f.outOfCommand) markers.push('out-of-command');
      if (s.threshold.includes(u.id)) markers.push('threshold');
      if (f.locked) markers.push('locked');
      const status = u.status === 'retreat' || u.status === 'table' ? 'table' : u.status === 'reserve' ? 'reserve' : u.status === 'surrendered' ? 'surrendered' : u.status === 'routed' || u.status === 'exited' ? 'routed' : 'eliminated';
      return {
        id: u.id,
        name: u.name,
        side: u.side,
        arm: u.arm,
        type: u.type,
        status,
        at: status === 'table' ? [round2(u.x), round2(u.y)] : null,
        facing: round2(u.facing),
        formation: u.formation,
        width: round2(fp.width),
        depth: round2(fp.depth),
        figures: u.arm === 'artillery' ? Math.max(0, u.guns + (u.guardBattery ? 1 : 0) - u.crewHits) : u.figures,
        startFigures: u.arm === 'artillery' ? u.guns + (u.guardBattery ? 1 : 0) : u.figures0,
        fatigue: FATIGUE_NAMES[u.fatigue],
        disordered: u.disordered,
        retreat: u.status === 'retreat' ? u.retreatActions : 0,
        actionsUsed: f.used,
        activated: f.started,
        markers,
        ...(u.arm === 'artillery' ? { ammo: u.ammo } : {}),
        ...unitRules(s, u.id),
      };
    }),
    leaders: s.leaders.map((l) => ({ id: l.id, name: l.name, side: l.side, echelon: l.echelon, at: [round2(l.x), round2(l.y)], attached: l.attachedTo, radius: l.commandRadius, lost: l.status === 'lost' })),
    objectives: s.objectives.map((o, k) => {
      const h = s.control[k];
      const radius = 'radius' in o.area ? o.area.radius : 'within' in o.area ? o.area.within : Math.max(...o.area.polygon.map((p) => Math.hypot(p[0] - o.at[0], p[1] - o.at[1])));
      return { id: o.id, name: o.name, vp: o.vp, at: [round2(o.at[0]), round2(o.at[1])], radius: round2(radius), holder: h === 0 || h === 1 ? key(h) : null };
    }),
    ...rulesView(s),
  };
}

function vpOf(s: NeGameState): { red: number; blue: number } {
  const [a, b] = totalVp(facts(s));
  return { [sideKey(s, 0)]: a, [sideKey(s, 1)]: b } as { red: number; blue: number };
}

function resultOf(s: NeGameState): GameResult {
  const r = s.result ?? endOfGame(facts(s));
  const winner = r.winner === -1 ? null : sideKey(s, r.winner);
  const decidedBy: DecidedBy = decidedByCondition(s.table.victory, r.condition, winner, s.turn >= s.table.turnLimit);
  return { winner: winner ?? 'draw', reason: r.reason, turns: s.turn, vp: vpOf(s), condition: r.condition, decidedBy };
}

/** Per side and arm: units destroyed (routed, surrendered, eliminated, silenced) and figures lost. */
function lossesOf(s: NeGameState): GameLosses {
  const out: GameLosses = { red: {}, blue: {} };
  for (const u of s.units) {
    const side = out[u.side];
    const loss = (side[u.arm] ??= { units: 0, sp: 0 });
    loss.sp += u.arm === 'artillery' ? u.crewHits : u.figures0 - u.figures;
    if (u.status === 'routed' || u.status === 'surrendered' || u.status === 'eliminated' || u.status === 'silenced') loss.units++;
  }
  return out;
}

const LOG: LogRules<NeGameState, NapoleonsEaglesAction, Readonly<Record<string, boolean>>> = { format: LOG_FORMAT, version: LOG_VERSION, start, apply };

export const napoleonsEaglesEngine: RulesEngine<NeGameState, NapoleonsEaglesAction, BatchTally> = {
  system: 'napoleons-eagles',
  optionKeys: [],

  playableProblem: () => null,
  start: (scenario, seed) => start(scenario, seed),

  roster: (s) => ({
    title: s.table.title,
    turns: s.table.turnLimit,
    sides: s.table.sides.map((side) => ({
      id: side.id,
      key: side.key,
      name: side.name,
      units: s.units.filter((u) => u.side === side.key).map((u) => ({ id: u.id, name: u.name, type: `${u.arm} ${u.type}` })),
    })),
  }),

  position(s) {
    const over = s.phase === 'over';
    return {
      turn: s.turn,
      turns: s.table.turnLimit,
      phase: s.phase,
      pending: s.phase,
      toAct: over ? null : sideKey(s, s.active),
      initiative: s.order.a === null ? s.table.first : sideKey(s, s.order.a),
      vp: vpOf(s),
      ply: s.ply,
      over,
      result: over ? resultOf(s) : null,
    };
  },

  view: viewOf,
  toAct: (s) => {
    const side = toAct(s);
    return side === null ? null : sideKey(s, side);
  },
  hasUnit: (s, unit) => s.units.some((u) => u.id === unit),

  legalActions: (s, unit) => candidates(s, unit),

  // Free space has no boxes to price: the reachable area is a region of the table, not a list of places.
  reachCosts: () => ({}),
  // The play view's shading of where a unit gets with one action: the rules' own reach, terrain and neighbours included.
  reachArea: (s, unit) => reachArea(s.table, s.units, unit, 1),

  apply,
  player: playerFor,

  explain(s, q) {
    const a = explainNe(s.table, s.units, s.leaders, q);
    // The protocol keeps NeExplanation out of Explanation only to spare the gridded play panels a branch; the
    // wire carries this JSON as the brief's explain contract fixes it, so the seam's type is widened here.
    return a.ok ? { ok: true, explanation: a.explanation as unknown as Explanation, extra: {} } : a;
  },

  result: resultOf,
  victoryPoints: vpOf,

  logHeader: (scenario, seed, settings, rolls) => JSON.stringify(headerLine(LOG_FORMAT, LOG_VERSION, scenario.id, seed, settings, rolls)),
  logAction: (before, action, out) => ({
    type: 'action',
    ply: out.state.ply,
    turn: before.turn,
    phase: `${before.period}:${before.phase}`,
    side: sideKey(before, before.active),
    action,
    rolls: out.rolls,
  }),
  logResult: ({ decidedBy: _, ...r }) => JSON.stringify({ type: 'result', ...r }),
  readLogHeader: (text) => asLogError(() => readHeaderLine(LOG_FORMAT, LOG_VERSION, text)),
  replayLog: (scenario, text) => replayLogOf(LOG, scenario, text),

  playBatchGame(setup, index): BatchGame {
    // The quiet path (batch.ts): no dice record, no log; the same game as the logged one (batch-path.test.ts).
    const state = playQuiet(setup.scenario, deriveSeed(setup.seed, index), setup.red, setup.blue);
    const { decidedBy: _, ...result } = resultOf(state);
    return { result, losses: lossesOf(state) };
  },
  emptyTally,
  addGame: (tally, game) => addGame(tally, game, ARMS),
  summarise: (tally, seconds) => summariseTally(tally, seconds, ARMS),
  decidedBy: decidedByRows,
};
