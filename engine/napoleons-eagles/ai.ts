// The Napoleon's Eagles AI: a one-ply scorer over the sampler's candidates (players.ts) and its own moves towards
// the side's goal (ai-moves.ts). Each decision scores every candidate on one scale (ai-score.ts: expected
// casualties, charge odds, threats, ground gained) and plays the best one the rules accept. Bids, roles, leaders
// and defences have their own small rules (ai-orders.ts). Deterministic: ties are broken by a generator seeded
// from the game seed (engine/dice.ts), never by the clock.
import { influenceChoice } from './ai-influence.js';
import { unitEstimates } from './ai-estimates.js';
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { accepted, activationLeft } from './ai-flow.js';
import { withHaltChoice } from './ai-defence.js';
import { faceMoves } from './ai-face.js';
import { goalMoves } from './ai-moves.js';
import { bid, defence, HOT_URGENCY, leaderMove, role, threatenedScore, type Urgency } from './ai-orders.js';
import { actionScore, chargeScore, fireScore, targetWeight } from './ai-score.js';
import { nextWrittenOrder } from './ai-written-orders.js';
import { enemies, fighting, gap } from './ai-threats.js';
import { chargeDistance, GUN_RANGES, SMALL_ARM_RANGES } from './tables.js';
import { inBuildings } from './buildings.js';
import { rectOf } from './footprint.js';
import { reachOf } from './geometry.js';
import { chargeReach } from './movement.js';
import { eligible, onTableCount, type Action } from './game.js';
import { hypot } from './geometry.js';
import { candidates, sharedOf, unitOptions as sampledOptions, type NePlayer, type Option, type Shared } from './players.js';
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
/** A unit kept at its earlier best score is scored again when that score comes this close to the best found now. */
const ESTIMATE_SLACK = 0.3;
/** A unit priced before, with changes near it since, is priced again when its last price comes this close to the best. */
const STALE_SLACK = 1;

interface Scored {
  action: Action;
  score: number;
  /** Whether the rules take it (the sampler's check; absent when the candidate is known to be one they take). */
  ok?: () => boolean;
}

/**
 * Every option of one unit: the sampler's (fire, charges, formations, moves, stand, rest), each with the check that
 * decides whether the rules take it, and the goal moves and wheels (the rules judge those when tried). The checks
 * are not run here: a decision scores some eighty options and plays one, so only those tried, best first, are
 * checked (`best`).
 */
function unitOptions(s: NeGameState, u: NeUnit, shared: Shared): Option[] {
  const list = sampledOptions(s, u, shared).filter((o) => !outOfReach(s, u, o.action));
  // With both actions spent only a free wheel could still be made (a square's, or a turn of 10° or less): the
  // goal moves and wheels are priced then only for a square.
  const left = activationLeft(s, u);
  if (u.status === 'table' && (left > 0 || u.formation === 'square')) for (const action of [...goalMoves(s, u, left), ...faceMoves(s, u)]) list.push({ action, ok: always });
  return list;
}

const always = (): boolean => true;

/**
 * A fire or a charge at an enemy plainly beyond the weapon's longest range or the charge's reach, which the rules
 * would refuse when asked: left out before it is priced. The range is read from the front edge, never nearer than
 * the edge-to-edge gap; a charger may wheel as it goes, so its own reach is allowed on top. Fire out of a building
 * block has its own table (buildings.ts) and is always priced.
 */
function outOfReach(s: NeGameState, u: NeUnit, a: Action): boolean {
  if (a.type !== 'fire' && a.type !== 'charge') return false;
  const t = unitById(s, a.target);
  if (!t) return false;
  const d = gap(s, u, t);
  if (a.type === 'charge') return d > Math.max(chargeDistance(u), chargeReach(u)) + reachOf(rectOf(u, s.table)) + 1;
  if (inBuildings(s, u)) return false;
  return d > longestRange(u) + 1;
}

function longestRange(u: NeUnit): number {
  if (u.arm === 'artillery') return GUN_RANGES[u.calibre ?? '6lb'].ranges[3]!;
  const r = u.arm === 'cavalry' ? SMALL_ARM_RANGES.carbine : u.rifles ? SMALL_ARM_RANGES.rifle : SMALL_ARM_RANGES.musket;
  return r[r.length - 1]!;
}

/**
 * The side's best ready blow (charge or two-action volley) this period, for the bid; counted only up to `enough`:
 * the bid and the role read it only against thresholds (ai-orders.ts), so the search stops once one blow reaches
 * the highest of them.
 */
function readiness(s: NeGameState, side: Side, enough: number): number {
  const key = sideKey(s, side);
  let best = 0;
  for (const u of s.units) {
    if (u.side !== key || !fighting(u) || u.arm === 'train') continue;
    for (const t of enemies(s, u)) {
      if (hypot(t.x - u.x, t.y - u.y) > 30) continue;
      // A charge out of reach is refused and priced below nothing: only those within a charge move are worked out.
      if (u.arm !== 'artillery' && hypot(t.x - u.x, t.y - u.y) <= 22 && gap(s, u, t) <= chargeDistance(u) + 1) best = Math.max(best, chargeScore(s, u, t));
      // A volley beyond the weapon's longest range is refused, and priced as a refused one without asking.
      if (u.arm !== 'cavalry') best = Math.max(best, outOfReach(s, u, { type: 'fire', unit: u.id, target: t.id, actions: 2 }) ? 0.4 * targetWeight(s, u, t) : fireScore(s, u, t, 2));
      if (best >= enough) return best;
    }
  }
  return best;
}

/**
 * Urgencies kept per unit list: a period's bids and the choice of role are three decisions on states whose units,
 * flow records and leaders are the very same objects (the state's copy hands back the objects an action left as
 * they were), and each side's urgency reads only those, the objectives held and the close actions.
 */
const urgencies = new WeakMap<readonly NeUnit[], { s: NeGameState; side: Side; u: Urgency }[]>();

function urgency(s: NeGameState, side: Side): Urgency {
  let list = urgencies.get(s.units);
  if (!list) urgencies.set(s.units, (list = []));
  for (const k of list) {
    const t = k.s;
    if (k.side === side && t.flow === s.flow && t.leaders === s.leaders && JSON.stringify(t.closeActions) === JSON.stringify(s.closeActions) && t.table === s.table && t.turn === s.turn && t.period === s.period && t.control.join() === s.control.join()) return k.u;
  }
  // Past HOT_URGENCY more urgency changes neither the bid nor the role: a side threatened that much needs no look
  // at its own blows.
  const threatened = threatenedScore(s, side);
  const u = { ready: threatened >= HOT_URGENCY ? 0 : readiness(s, side, HOT_URGENCY), threatened };
  list.push({ s, side, u });
  return u;
}

export function makeAi(seed: number): NePlayer {
  const rng: RngState = seedRng(seed);
  let leadersMoved = { period: '', ids: new Set<string>() };
  let steps = { key: '', n: 0 };
  const seen = unitEstimates();
  const jitter = () => randomBelow(rng, 1000) / 1e5;

  /** Best first: the highest score the rules take; the sampler's first accepted action if none of these is. */
  function best(s: NeGameState, scored: Scored[]): Action {
    return bestTaken(s, scored) ?? fallback(s);
  }

  /** The highest-scored candidate the rules take, among the first TRIES they are asked about. */
  function bestTaken(s: NeGameState, scored: Scored[]): Action | null {
    scored.sort((a, b) => b.score - a.score);
    // The sampler's check first: what it refuses was never a candidate, and does not count among the tries.
    let tries = 0;
    for (const x of scored) {
      if (x.ok && !x.ok()) continue;
      if (accepted(s, x.action)) return x.action;
      if (++tries >= TRIES) break;
    }
    return null;
  }

  function fallback(s: NeGameState): Action {
    const list = candidates(s);
    if (list.length === 0) throw new Error(`no candidate action in the ${s.phase} decision`);
    return list[0]!;
  }

  function activate(s: NeGameState): Action {
    const scored: Scored[] = [];
    const shared = sharedOf(s);
    if (s.current !== null) {
      const u = unitById(s, s.current)!;
      const key = `${s.turn}:${s.period}:${u.id}`;
      steps = steps.key === key ? { key, n: steps.n + 1 } : { key, n: 1 };
      if (steps.n > MOST_STEPS) return { type: 'done', unit: u.id };
      for (const { action: a, ok } of unitOptions(s, u, shared)) {
        // A wheel in place once the activation has begun is the free kind that can repeat; one is enough.
        const inPlace = a.type === 'move' && Math.abs(a.to[0] - u.x) < 1e-6 && Math.abs(a.to[1] - u.y) < 1e-6;
        if (inPlace && steps.n > 2) continue;
        scored.push({ action: a, score: actionScore(s, a) + jitter(), ok });
      }
      return best(s, scored);
    }
    // Which unit acts next: the units are priced best-estimate first, and a unit is priced only while its estimate
    // could still beat the best found. A unit nothing has changed near since the side's last such decision this
    // period keeps the best score it had then (ai-estimates.ts), within ESTIMATE_SLACK; any other unit priced before
    // is estimated by its last price, within STALE_SLACK (what changed near it may have opened or closed a blow);
    // a unit never priced is priced.
    const bestOf = new Map<string, number>();
    const priced = new Set<string>();
    const carried = new Set<string>();
    let top = -Infinity;
    const score = (u: NeUnit) => {
      let most = -Infinity;
      for (const { action: a, ok } of unitOptions(s, u, shared)) {
        if (a.type === 'done') continue;
        const x = actionScore(s, a) + jitter();
        scored.push({ action: a, score: x, ok });
        if (x > most) most = x;
      }
      bestOf.set(u.id, most);
      priced.add(u.id);
      if (most > top) top = most;
    };
    const waiting: { u: NeUnit; was: number; bound: number; stale: boolean }[] = [];
    const since = seen.since(s);
    for (const u of eligible(s, s.active)) {
      if (s.flow[u.id]!.locked) continue;
      const was = since.unchanged(u);
      if (was !== undefined) {
        waiting.push({ u, was, bound: was + ESTIMATE_SLACK, stale: false });
        continue;
      }
      const guess = since.lastPriced(u);
      if (guess === undefined) score(u);
      else waiting.push({ u, was: guess, bound: guess + STALE_SLACK, stale: true });
    }
    if (s.order.a === s.active && mayFinish(s.order, onTableCount(s, s.active))) {
      scored.push({ action: { type: 'finish' }, score: FINISH_BELOW });
      top = Math.max(top, FINISH_BELOW);
    }
    waiting.sort((a, b) => b.bound - a.bound);
    const later: NeUnit[] = [];
    for (const x of waiting) {
      if (x.bound >= top) score(x.u);
      else {
        bestOf.set(x.u.id, x.was);
        if (x.stale) carried.add(x.u.id);
        later.push(x.u);
      }
    }
    let chosen = bestTaken(s, scored);
    if (chosen === null && later.length > 0) {
      for (const u of later) {
        score(u);
        carried.delete(u.id);
      }
      chosen = bestTaken(s, scored);
    }
    seen.remember(s, bestOf, priced, carried);
    return chosen ?? fallback(s);
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
          return withHaltChoice(s, activate(s));
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
          return withHaltChoice(
            s,
            best(
              s,
              candidates(s).map((action) => ({ action, score: (action.type === 'charge' ? actionScore(s, action) : 0) + jitter() })),
            ),
          );
        case 'influence':
          return influenceChoice(s);
        default:
          throw new Error(`no decision in the ${s.phase} phase`);
      }
    },
  };
}
