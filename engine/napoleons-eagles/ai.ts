// The Napoleon's Eagles AI: a one-ply scorer over the sampler's candidates (players.ts) and its own moves towards
// the side's goal (ai-moves.ts). Each decision scores every candidate on one scale (ai-score.ts: expected
// casualties, charge odds, threats, ground gained) and plays the best one the rules accept. Bids, roles, leaders
// and defences have their own small rules (ai-orders.ts). Deterministic: ties are broken by a generator seeded
// from the game seed (engine/dice.ts), never by the clock.
import { influenceChoice } from './ai-influence.js';
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { accepted, activationLeft } from './ai-flow.js';
import { faceMoves } from './ai-face.js';
import { goalMoves } from './ai-moves.js';
import { bid, defence, leaderMove, role, threatenedScore, type Urgency } from './ai-orders.js';
import { actionScore, chargeScore, fireScore } from './ai-score.js';
import { nextWrittenOrder } from './ai-written-orders.js';
import { enemies, fighting, gap } from './ai-threats.js';
import { chargeDistance } from './tables.js';
import { eligible, onTableCount, type Action } from './game.js';
import { hypot } from './geometry.js';
import { candidates, sharedOf, unitCandidates, type NePlayer, type Shared } from './players.js';
import { mayFinish } from './sequence.js';
import { sideKey, unitById, type NeGameState } from './state.js';
import type { Side } from './sequence.js';
import type { NeUnit } from './types.js';

/** Side A ends its movement when no unit has anything worth more than this left to do. */
const FINISH_BELOW = 0.15;
/** The most candidates tried against the rules before falling back to the sampler's list. */
const TRIES = 40;
/**
 * Actions one unit may take in one activation. Some cost nothing (a square wheels freely, a turn of 10° or less is
 * free), and two goals can pull a wheel back and forth; past this count the unit ends its activation.
 */
const MOST_STEPS = 6;

interface Scored {
  action: Action;
  score: number;
}

/** Every candidate of one unit: the sampler's (fire, charges, formations, moves, stand, rest) and the goal moves. */
function unitOptions(s: NeGameState, u: NeUnit, shared: Shared): Action[] {
  const list = unitCandidates(s, u, shared);
  if (u.status === 'table') list.push(...goalMoves(s, u, activationLeft(s, u)), ...faceMoves(s, u));
  return list;
}

/** The side's best ready blow (charge or two-action volley) this period, for the bid. */
function readiness(s: NeGameState, side: Side): number {
  const key = sideKey(s, side);
  let best = 0;
  for (const u of s.units) {
    if (u.side !== key || !fighting(u) || u.arm === 'train') continue;
    for (const t of enemies(s, u)) {
      if (hypot(t.x - u.x, t.y - u.y) > 30) continue;
      // A charge out of reach is refused and priced below nothing: only those within a charge move are worked out.
      if (u.arm !== 'artillery' && hypot(t.x - u.x, t.y - u.y) <= 22 && gap(s, u, t) <= chargeDistance(u) + 1) best = Math.max(best, chargeScore(s, u, t));
      if (u.arm !== 'cavalry') best = Math.max(best, fireScore(s, u, t, 2));
    }
  }
  return best;
}

function urgency(s: NeGameState, side: Side): Urgency {
  return { ready: readiness(s, side), threatened: threatenedScore(s, side) };
}

export function makeAi(seed: number): NePlayer {
  const rng: RngState = seedRng(seed);
  let leadersMoved = { period: '', ids: new Set<string>() };
  let steps = { key: '', n: 0 };
  const jitter = () => randomBelow(rng, 1000) / 1e5;

  /** Best first: the highest score the rules take; the sampler's first accepted action if none of these is. */
  function best(s: NeGameState, scored: Scored[]): Action {
    scored.sort((a, b) => b.score - a.score);
    for (const x of scored.slice(0, TRIES)) if (accepted(s, x.action)) return x.action;
    const fallback = candidates(s);
    if (fallback.length === 0) throw new Error(`no candidate action in the ${s.phase} decision`);
    return fallback[0]!;
  }

  function activate(s: NeGameState): Action {
    const scored: Scored[] = [];
    const shared = sharedOf(s);
    if (s.current !== null) {
      const u = unitById(s, s.current)!;
      const key = `${s.turn}:${s.period}:${u.id}`;
      steps = steps.key === key ? { key, n: steps.n + 1 } : { key, n: 1 };
      if (steps.n > MOST_STEPS) return { type: 'done', unit: u.id };
      for (const a of unitOptions(s, u, shared)) {
        // A wheel in place once the activation has begun is the free kind that can repeat; one is enough.
        const inPlace = a.type === 'move' && Math.abs(a.to[0] - u.x) < 1e-6 && Math.abs(a.to[1] - u.y) < 1e-6;
        if (inPlace && steps.n > 2) continue;
        scored.push({ action: a, score: actionScore(s, a) + jitter() });
      }
      return best(s, scored);
    }
    for (const u of eligible(s, s.active)) {
      if (s.flow[u.id]!.locked) continue;
      for (const a of unitOptions(s, u, shared)) if (a.type !== 'done') scored.push({ action: a, score: actionScore(s, a) + jitter() });
    }
    if (s.order.a === s.active && mayFinish(s.order, onTableCount(s, s.active))) scored.push({ action: { type: 'finish' }, score: FINISH_BELOW });
    return best(s, scored);
  }

  return {
    kind: 'ai',
    choose(s: NeGameState): Action {
      switch (s.phase) {
        case 'bid':
          return nextWrittenOrder(s, s.active) ?? { type: 'bid', points: bid(s, s.active, urgency(s, s.active)) };
        case 'choose':
          return { type: 'choose', role: role(s, s.active, urgency(s, s.active)) };
        case 'activate':
          return activate(s);
        case 'leaders': {
          const key = `${s.turn}:${s.period}`;
          if (leadersMoved.period !== key) leadersMoved = { period: key, ids: new Set() };
          const a = leaderMove(s, s.active, leadersMoved.ids);
          if (a.type === 'leader') leadersMoved.ids.add(a.leader);
          return a;
        }
        case 'defend':
          return [defence(s)].find((d): d is Action => d !== null && accepted(s, d)) ?? best(s, candidates(s).map((action) => ({ action, score: 0 })));
        case 'counter':
          // A counter-charge is a charge like any other: scored by its odds, against letting the mover pass.
          return best(
            s,
            candidates(s).map((action) => ({ action, score: (action.type === 'charge' ? actionScore(s, action) : 0) + jitter() })),
          );
        case 'influence':
          return influenceChoice(s);
        default:
          throw new Error(`no decision in the ${s.phase} phase`);
      }
    },
  };
}
