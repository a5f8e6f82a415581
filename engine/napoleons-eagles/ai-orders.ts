// The AI's decisions outside a unit's activation: the turn-point bid and the choice of A or D ('Actions and Turn
// Points', 'Movement Order'), the leaders in step 8, and the defence action of a charged unit ('Stand Markers',
// close actions).
import type { Action } from './game.js';
import { LEADER_MOVE } from './game.js';
import { defenceChoice } from './ai-defence.js';
import { dist } from './geometry.js';
import { cavalryThreat, centre, chargeThreat, fighting, holdingObjective } from './ai-threats.js';
import { sideKey, unitById, PERIODS_PER_TURN, type NeGameState } from './state.js';
import type { Side } from './sequence.js';
import type { NeLeader } from './types.js';

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * How much the side has to gain by acting first this period: its best ready charge or volley, and the enemy's
 * threats it would rather answer before they land (a square formed before the cavalry moves).
 */
export interface Urgency {
  ready: number;
  threatened: number;
}

/** The highest urgency the bid and the role tell apart: anything above it bids the same. */
export const HOT_URGENCY = 4;

/**
 * A bid: an even share of what is left for the remaining periods, more when something is ready or threatened, less
 * when nothing is; the last period of the turn spends what is left (points do not carry over).
 */
export function bid(s: NeGameState, side: Side, u: Urgency): number {
  const left = s.order.points[side];
  const periods = PERIODS_PER_TURN - s.period + 1;
  if (periods <= 1) return left;
  const share = left / periods;
  const hot = Math.max(u.ready, u.threatened);
  const want = hot >= HOT_URGENCY ? share + 4 : hot >= 2 ? share + 1 : Math.max(0, share - 2);
  return Math.max(0, Math.min(left, Math.round(want)));
}

/** A when moving first pays (a blow ready, or a threat to parry); D when there is only holding to do. */
export function role(s: NeGameState, side: Side, u: Urgency): 'A' | 'D' {
  if (u.ready >= 2 || u.threatened >= 2) return 'A';
  const key = sideKey(s, side);
  const mine = s.units.filter((x) => x.side === key && fighting(x));
  const holding = mine.filter((x) => holdingObjective(s, x)).length;
  return holding * 2 >= mine.length && mine.length > 0 ? 'D' : 'A';
}

/**
 * Step 8: a leader whose unit has declared a charge joins it (his bonus counts in the melee and its morale);
 * otherwise he goes to the middle of his command (an army or corps commander: of every unit under him) so that all
 * of it stays within his radius, kept within his own superior's radius so that the chain of command holds.
 */
export function leaderMove(s: NeGameState, side: Side, moved: ReadonlySet<string>): Action {
  const key = sideKey(s, side);
  for (const l of [...s.leaders].sort((a, b) => depth(s, a.id) - depth(s, b.id))) {
    // The rules move each leader once in step 8; the AI keeps to that though the flow does not count.
    if (l.side !== key || l.status !== 'table' || moved.has(l.id)) continue;
    const host0 = l.attachedTo ? unitById(s, l.attachedTo) : undefined;
    const from: [number, number] = host0 ? centre(host0) : [l.x, l.y];
    const charge = s.closeActions.find((c) => c.stage === 'pending' && unitById(s, c.charger)?.commander === l.id && !unitById(s, c.charger)?.attachedLeader);
    if (charge && (l.meleeBonus > 0 || l.moraleBonus > 0)) {
      const host = unitById(s, charge.charger)!;
      if (dist(from, centre(host)) <= LEADER_MOVE - 0.01) return { type: 'leader', leader: l.id, to: [r2(host.x), r2(host.y)], attach: host.id };
    }
    if (l.attachedTo && s.closeActions.some((c) => c.stage !== 'done' && c.charger === l.attachedTo)) continue;
    const command = s.units.filter((u) => fighting(u) && commandedBy(s, u.commander, l.id));
    if (command.length === 0) continue;
    let cx = command.reduce((n, u) => n + u.x, 0) / command.length;
    let cy = command.reduce((n, u) => n + u.y, 0) / command.length;
    // Option 1 chains command: a leader beyond his superior's radius puts his whole command out of command. Stay
    // inside it (the superiors move first, the chain is walked from the top).
    const sup = l.superior ? s.leaders.find((x) => x.id === l.superior && x.status === 'table') : undefined;
    let tooFar = false;
    if (sup && sup.commandRadius > 0) {
      const at = leaderAt(s, sup);
      const room = Math.max(1, sup.commandRadius - 2);
      const d = dist(at, [cx, cy]);
      if (d > room) [cx, cy] = [at[0] + ((cx - at[0]) * room) / d, at[1] + ((cy - at[1]) * room) / d];
      tooFar = dist(at, from) > sup.commandRadius - 1;
    }
    const d = dist(from, [cx, cy]);
    const outside = l.commandRadius > 0 && command.some((u) => u.commander === l.id && dist([u.x, u.y], from) > l.commandRadius - 1);
    if (d < 1.5 || (!outside && !tooFar && d < 6)) continue;
    const k = Math.min(1, (LEADER_MOVE - 0.01) / d);
    return { type: 'leader', leader: l.id, to: [r2(from[0] + (cx - from[0]) * k), r2(from[1] + (cy - from[1]) * k)], attach: null };
  }
  return { type: 'end-leaders' };
}

/** How many superiors stand above the leader (the army commander 0): superiors move first in step 8. */
function depth(s: NeGameState, id: string): number {
  let n = 0;
  let sup = s.leaders.find((x) => x.id === id)?.superior ?? null;
  for (; sup && n < 10; n++) sup = s.leaders.find((x) => x.id === sup)?.superior ?? null;
  return n;
}

/** Whether a unit whose commander is `commander` answers, through the chain, to leader `id`. */
function commandedBy(s: NeGameState, commander: string | null | undefined, id: string): boolean {
  let n = 0;
  for (let c = commander ?? null; c && n < 10; n++) {
    if (c === id) return true;
    c = s.leaders.find((x) => x.id === c)?.superior ?? null;
  }
  return false;
}

/** Where a leader stands: with the unit he is attached to, else at his own point. */
function leaderAt(s: NeGameState, l: NeLeader): [number, number] {
  const host = l.attachedTo ? unitById(s, l.attachedTo) : undefined;
  return host ? [host.x, host.y] : [l.x, l.y];
}

/** The defence action: ai-defence.ts (rapid fire when it pays). */
export function defence(s: NeGameState): Action | null {
  return defenceChoice(s);
}

/** The enemy's threats on the side's units: counts cavalry threats on infantry double. */
export function threatenedScore(s: NeGameState, side: Side): number {
  const key = sideKey(s, side);
  let n = 0;
  for (const u of s.units) {
    if (u.side !== key || !fighting(u)) continue;
    if (u.arm === 'infantry' && u.formation !== 'square' && cavalryThreat(s, u).length > 0) n += 2;
    else if (chargeThreat(s, u).length > 0) n += 0.5;
  }
  return n;
}
