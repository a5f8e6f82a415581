// The candidate sampler and the players of Napoleon's Eagles. Free space has endless legal moves, so "the legal
// actions" are a deterministic sample of sensible ones: bids of a few sizes, for each unit a few moves toward the
// nearest enemy and objective and back, every fire and charge the rules allow, a stand, a rest, leaders moved to
// their commands, and every defence. Every candidate is one apply() accepts. The random player picks uniformly among
// them; the greedy 'ai' prefers charges and fire by their expected casualties, then advancing.
import { influenceCandidates } from './threshold-influence.js';
import { rapidDefenceProblem } from './close-actions.js';
import type { PlayerKind } from '../../domain/engine-protocol.js';
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { actionsLeft, chargeProblem, forceMarchProblem, spendProblem, standProblem } from './activation.js';
import { bearing, dist, heading } from './geometry.js';
import { moveAllowance } from './movement.js';
import { chargeCheck, eligible, fireCheck, firstBidder, formationCheck, LEADER_MOVE, moveCheck, onTableCount, type Action } from './game.js';
import { flankSideOf, refusalProblem } from './refused-flank.js';
import { adjacentBlocks, fireWorkProblem, firesIn, inBuildings, occupancy } from './buildings.js';
import { isCaisson, outOfAmmunition, resupplyProblem } from './caissons.js';
import { orderCandidates } from './orders-play.js';
import { mayFinish, other } from './sequence.js';
import { onTable, sideKey, unitById, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

export interface NePlayer {
  readonly kind: PlayerKind;
  choose(state: NeGameState): Action;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const pt = (x: number, y: number): [number, number] => [r2(x), r2(y)];

function enemiesOf(s: NeGameState, u: NeUnit): NeUnit[] {
  return s.units.filter((e) => e.side !== u.side && onTable(e) && e.status !== 'silenced');
}

function nearest(from: [number, number], list: readonly NeUnit[]): NeUnit | null {
  let best: NeUnit | null = null;
  let bestD = Infinity;
  for (const e of list) {
    const d = dist(from, [e.x, e.y]);
    if (!best || d < bestD) {
      best = e;
      bestD = d;
    }
  }
  return best;
}

/**
 * An action worth offering and the check that decides whether the rules take it now. The check is deferred so a
 * player that needs only one action (the random player, the greedy one in score order) prices only the few it
 * looks at, not the whole sample.
 */
export interface Option {
  action: Action;
  ok: () => boolean;
}

const yes = (): boolean => true;

/**
 * What every unit's options read of one state alike: each side's enemies and the units in a close action. Worked
 * out once per decision (`sharedOf`) rather than once per unit.
 */
export interface Shared {
  readonly s: NeGameState;
  enemies: [NeUnit[] | null, NeUnit[] | null];
  engaged: Set<string> | null;
}

export const sharedOf = (s: NeGameState): Shared => ({ s, enemies: [null, null], engaged: null });

function enemiesIn(shared: Shared, u: NeUnit): NeUnit[] {
  const k = u.side === 'red' ? 0 : 1;
  return (shared.enemies[k] ??= enemiesOf(shared.s, u));
}

function engagedIn(shared: Shared): Set<string> {
  return (shared.engaged ??= new Set(shared.s.closeActions.filter((c) => c.stage !== 'done').flatMap((c) => [c.charger, c.target])));
}

/** The sensible actions of one unit now (it is the side to act's and may act). */
export function unitCandidates(s: NeGameState, u: NeUnit, shared: Shared = sharedOf(s)): Action[] {
  return unitOptions(s, u, shared)
    .filter((o) => o.ok())
    .map((o) => o.action);
}

export function unitOptions(s: NeGameState, u: NeUnit, shared: Shared = sharedOf(s)): Option[] {
  if (shared.s !== s) shared = sharedOf(s);
  const f = s.flow[u.id]!;
  const out: Option[] = [];
  const push = (action: Action, ok: () => boolean = yes) => out.push({ action, ok });
  if (u.status === 'retreat') {
    if (!spendProblem(f, 1)) push({ type: 'rest', unit: u.id });
    if (!standProblem(f)) push({ type: 'stand', unit: u.id });
    push({ type: 'done', unit: u.id });
    return out;
  }
  const enemies = enemiesIn(shared, u);
  const engaged = engagedIn(shared);
  if (!spendProblem(f, 1) && u.arm !== 'train') {
    for (const t of enemies) {
      if (engaged.has(t.id)) continue;
      // Nothing fires beyond a 12lb gun's extreme range: a cheap bound before the situation is priced.
      if (dist([u.x, u.y], [t.x, t.y]) > (u.arm === 'artillery' ? 70 : 16)) continue;
      // One situation serves both: the budget is the only difference, and it is judged here.
      let allowed: boolean | undefined;
      const ok = () => (allowed ??= fireCheck(s, u, t, 1, false).allowed);
      push({ type: 'fire', unit: u.id, target: t.id, actions: 1 }, ok);
      if (!spendProblem(f, 2)) push({ type: 'fire', unit: u.id, target: t.id, actions: 2 }, ok);
    }
  }
  if (!f.outOfCommand && !chargeProblem(f) && u.arm !== 'artillery' && u.arm !== 'train' && u.formation !== 'skirmish' && !s.closeActions.some((c) => c.charger === u.id)) {
    for (const t of enemies) {
      if (dist([u.x, u.y], [t.x, t.y]) > 20) continue;
      let allowed: boolean | undefined;
      const ok = () => (allowed ??= chargeCheck(s, u, t).ok);
      push({ type: 'charge', unit: u.id, target: t.id }, ok);
      push({ type: 'charge', unit: u.id, target: t.id, halt: true }, ok);
    }
  }
  // Moves: toward the nearest enemy and the nearest objective not held, and a step back.
  const rate = moveAllowance(s.table, u, [u.x, u.y]);
  const goals: [number, number][] = [];
  const foe = nearest([u.x, u.y], enemies);
  if (foe) goals.push([foe.x, foe.y]);
  const side = u.side === 'red' ? 0 : 1;
  // The nearest objective not held, the first of equals (what a stable sort by distance puts first).
  let objective: NeGameState['objectives'][number] | undefined;
  let objectiveD = Infinity;
  s.objectives.forEach((o, k) => {
    if (s.control[k] === side) return;
    const d = dist([u.x, u.y], o.at);
    if (objective === undefined || d < objectiveD) {
      objective = o;
      objectiveD = d;
    }
  });
  if (objective) goals.push(objective.at);
  const canMove = !spendProblem(f, 0.5);
  const canMarch = !forceMarchProblem(f, u.fatigue, 0);
  const tryMove = (type: 'move' | 'force-march', to: [number, number], facing: number) => {
    if (!(type === 'move' ? canMove : canMarch)) return;
    push({ type, unit: u.id, to, facing }, () => moveCheck(s, u, type, to, facing).ok);
  };
  if (rate > 0) {
    for (const g of goals) {
      const towards = bearing([u.x, u.y], g);
      const turned = Math.abs(((towards - u.facing + 540) % 360) - 180) <= 22.5 ? u.facing : Math.round(towards);
      const h = heading(turned === u.facing ? u.facing : turned);
      const gap = dist([u.x, u.y], g);
      for (const k of [0.5, 1, 2]) {
        const step = Math.min(rate * k, Math.max(0, gap - 3));
        if (step < 0.5) continue;
        const dir = turned === u.facing ? heading(bearing([u.x, u.y], g)) : h;
        tryMove('move', pt(u.x + dir[0] * step, u.y + dir[1] * step), turned === u.facing ? u.facing : turned);
      }
      if (turned !== u.facing) tryMove('move', pt(u.x, u.y), turned);
      const fm = Math.min(rate, Math.max(0, gap - 3));
      if (fm >= 0.5) {
        const dir = heading(bearing([u.x, u.y], g));
        tryMove('force-march', pt(u.x + dir[0] * fm, u.y + dir[1] * fm), u.facing);
      }
    }
    const back = heading(u.facing + 180);
    tryMove('move', pt(u.x + back[0] * 2, u.y + back[1] * 2), u.facing);
  }
  if (canMove) {
    const forms = u.arm === 'artillery' ? (['limbered', 'unlimbered'] as const) : u.arm === 'train' ? ([] as const) : (['line', 'column', 'square'] as const);
    for (const to of forms) {
      if (to === u.formation) continue;
      if (to === 'square' && !(foe && foe.arm === 'cavalry' && dist([u.x, u.y], [foe.x, foe.y]) < 16)) continue;
      push({ type: 'formation', unit: u.id, formation: to }, () => formationCheck(s, u, to).ok);
    }
  }
  // Refusing a flank, towards the nearest enemy when it lies off the unit's front within a cavalry charge's reach.
  if (foe && !spendProblem(f, 1) && dist([u.x, u.y], [foe.x, foe.y]) <= 16 && Math.abs(((bearing([u.x, u.y], [foe.x, foe.y]) - u.facing + 540) % 360) - 180) > 45) {
    const flank = flankSideOf(u, [foe.x, foe.y]);
    if (!refusalProblem(s, u, flank)) push({ type: 'refuse', unit: u.id, flank });
  }
  optionalRuleOptions(s, u, push);
  if ((u.fatigue > 0 || u.disordered) && !spendProblem(f, 1)) push({ type: 'rest', unit: u.id });
  if (!standProblem(f)) push({ type: 'stand', unit: u.id });
  if (f.started) push({ type: 'done', unit: u.id });
  return out;
}

/**
 * The optional rules' own decisions (rules notes §14), offered only when their option is on: a caisson reloads a
 * battery it touches that is out of ammunition, or goes to one; troops in a block start a fire there or fight one.
 */
function optionalRuleOptions(s: NeGameState, u: NeUnit, push: (a: Action, ok?: () => boolean) => void): void {
  const f = s.flow[u.id]!;
  if (s.table.options.caissons === true && isCaisson(u) && f.used === 0) {
    const empty = s.units.filter((b) => b.side === u.side && b.status === 'table' && outOfAmmunition(b));
    for (const b of empty) {
      push({ type: 'resupply', unit: u.id, battery: b.id }, () => resupplyProblem(s, u, b) === null);
      const gap = dist([u.x, u.y], [b.x, b.y]);
      if (gap > 2) {
        const dir = heading(bearing([u.x, u.y], [b.x, b.y]));
        const step = Math.min(gap - 1.6, 16);
        const to = pt(u.x + dir[0] * step, u.y + dir[1] * step);
        push({ type: 'move', unit: u.id, to, facing: Math.round(bearing([u.x, u.y], [b.x, b.y])) }, () => moveCheck(s, u, 'move', to, Math.round(bearing([u.x, u.y], [b.x, b.y]))).ok);
      }
    }
  }
  if (s.table.options.buildingFires === true && f.used === 0) {
    const occ = occupancy(s, u);
    for (const o of occ) push({ type: 'building-fire', unit: u.id, task: 'start', block: o.block.id }, () => fireWorkProblem(s, u, 'start', o.block.id) === null);
    const near = new Set([...occ.map((o) => o.block), ...occ.flatMap((o) => adjacentBlocks(s, o.block))]);
    for (const b of near) if (firesIn(s, b.id) > 0) push({ type: 'building-fire', unit: u.id, task: 'extinguish', block: b.id }, () => fireWorkProblem(s, u, 'extinguish', b.id) === null);
  }
}

/**
 * The sampler: every candidate of the side to act now, or only `unit`'s. Each is checked by the same pure checks
 * apply() runs (game.ts moveCheck, fireCheck, chargeCheck, formationCheck and the action budget), never by applying
 * it to a copy: what the rules refuse is never offered.
 */
export function candidates(s: NeGameState, unit?: string): Action[] {
  return options(s, unit)
    .filter((o) => o.ok())
    .map((o) => o.action);
}

/** A uniform pick among the candidates: a uniform pick among the options, checked one at a time, the refused struck. */
function pickAny(s: NeGameState, rng: RngState): Action {
  const list = options(s);
  while (list.length > 0) {
    const k = randomBelow(rng, list.length);
    const o = list[k]!;
    if (o.ok()) return o.action;
    list[k] = list[list.length - 1]!;
    list.pop();
  }
  throw new Error(`no candidate action in the ${s.phase} decision`);
}

function options(s: NeGameState, unit?: string): Option[] {
  if (s.phase !== 'activate') return sample(s, unit).map((action) => ({ action, ok: yes }));
  if (s.current !== null) {
    if (unit !== undefined && unit !== s.current) return [];
    return unitOptions(s, unitById(s, s.current)!);
  }
  const units = eligible(s, s.active).filter((u) => (unit === undefined || u.id === unit) && !s.flow[u.id]!.locked);
  const shared = sharedOf(s);
  const out: Option[] = [];
  for (const u of units) for (const o of unitOptions(s, u, shared)) if (o.action.type !== 'done') out.push(o);
  if (unit === undefined && s.order.a === s.active && mayFinish(s.order, onTableCount(s, s.active))) out.push({ action: { type: 'finish' }, ok: yes });
  return out;
}

/** The candidates of every decision but activation, which `options` builds. */
function sample(s: NeGameState, unit?: string): Action[] {
  switch (s.phase) {
    case 'bid': {
      if (unit !== undefined) return [];
      const left = s.order.points[s.active];
      const bids: Action[] = [...new Set([0, 1, 2, 3, 4, 6, Math.floor(left / 2), left].filter((n) => n <= left))].sort((a, b) => a - b).map((points) => ({ type: 'bid', points }));
      // Command option #2: new orders are written before the side bids.
      const orders: Action[] = orderCandidates(s, sideKey(s, s.active)).map((o) => ({ type: 'order', leader: o.leader, order: o.order, at: o.at }));
      return [...bids, ...orders];
    }
    case 'choose':
      return unit !== undefined ? [] : [{ type: 'choose', role: 'A' }, { type: 'choose', role: 'D' }];
    case 'influence':
      return unit !== undefined ? [] : influenceCandidates(s);
    case 'counter': {
      const offer = s.counter;
      if (!offer) return [];
      const out: Action[] = offer.cavalry.filter((c) => unit === undefined || unit === c).flatMap((c): Action[] => [{ type: 'charge', unit: c, target: offer.mover }, { type: 'charge', unit: c, target: offer.mover, halt: true }]);
      if (unit === undefined || offer.cavalry.includes(unit)) out.push({ type: 'done', unit: unit ?? offer.cavalry[0]! });
      return out;
    }
    case 'leaders': {
      if (unit !== undefined) return [];
      const key = sideKey(s, s.active);
      const out: Action[] = [];
      for (const l of s.leaders) {
        if (l.side !== key || l.status === 'reserve') continue;
        const command = s.units.filter((u) => u.commander === l.id && u.status === 'table');
        if (command.length === 0) continue;
        const cx = command.reduce((n, u) => n + u.x, 0) / command.length;
        const cy = command.reduce((n, u) => n + u.y, 0) / command.length;
        const from: [number, number] = [l.x, l.y];
        const d = dist(from, [cx, cy]);
        if (d < 1) continue;
        const k = Math.min(1, (LEADER_MOVE - 0.01) / d);
        out.push({ type: 'leader', leader: l.id, to: pt(l.x + (cx - l.x) * k, l.y + (cy - l.y) * k), attach: null });
      }
      out.push({ type: 'end-leaders' });
      return out;
    }
    case 'defend': {
      const c = s.closeActions.find((x) => x.stage === 'defence');
      if (!c || (unit !== undefined && unit !== c.target)) return [];
      const t = unitById(s, c.target)!;
      const out: Action[] = [{ type: 'defend', unit: t.id, choice: 'fire' }];
      if (!rapidDefenceProblem(s, c, 'fire')) out.push({ type: 'defend', unit: t.id, choice: 'fire', rapid: true });
      // Troops holding building blocks fire out or do nothing (rules notes §14).
      if (!inBuildings(s, t)) {
        out.push({ type: 'defend', unit: t.id, choice: 'face' });
        if (t.arm === 'infantry') out.push({ type: 'defend', unit: t.id, choice: 'square' });
        const charger = unitById(s, c.charger);
        if (c.aspect === 'flank' && charger && !refusalProblem(s, t, flankSideOf(t, [charger.x, charger.y]))) out.push({ type: 'defend', unit: t.id, choice: 'refuse' });
      }
      out.push({ type: 'defend', unit: t.id, choice: 'none' });
      return out;
    }
    default:
      return [];
  }
}

/** How much the greedy player likes an action: expected harm first, then closing with the enemy. */
function score(s: NeGameState, a: Action): number {
  switch (a.type) {
    case 'charge':
      return 6;
    case 'fire':
      return 4 + a.actions;
    case 'move':
    case 'force-march': {
      const u = unitById(s, a.unit)!;
      const foe = nearest(a.to, enemiesOf(s, u));
      return foe ? 3 - dist(a.to, [foe.x, foe.y]) / 50 - (a.type === 'force-march' ? 0.5 : 0) : 1;
    }
    case 'rest':
      return unitById(s, a.unit)!.status === 'retreat' ? 5 : 2;
    case 'stand':
      return 1.5;
    case 'bid':
      return -Math.abs(a.points - 4);
    case 'order':
      return -10;
    case 'choose':
      return a.role === 'A' ? 1 : 0;
    case 'defend':
      return a.choice === 'fire' ? 2 : a.choice === 'square' ? 1 : 0;
    case 'leader':
      return 1;
    default:
      return 0;
  }
}

export function makePlayer(kind: PlayerKind, seed: number): NePlayer {
  const rng: RngState = seedRng(seed);
  if (kind === 'random') {
    return {
      kind,
      choose: (s) => pickAny(s, rng),
    };
  }
  return {
    kind,
    choose(s) {
      // A small seeded jitter breaks ties differently from game to game without making the player random. The best
      // option the rules take is the best candidate; options are checked best first, so few are priced.
      const ranked = options(s).map((o) => ({ o, v: score(s, o.action) + randomBelow(rng, 1000) / 1e5 }));
      ranked.sort((a, b) => b.v - a.v);
      for (const r of ranked) if (r.o.ok()) return r.o.action;
      throw new Error(`no candidate action in the ${s.phase} decision`);
    },
  };
}

export { actionsLeft, firstBidder, other };
