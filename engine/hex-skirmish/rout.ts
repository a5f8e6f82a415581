// Routers and the rally phase (seed 002 "Routing", "Rally table"; docs/rules/hex-skirmish.md §7.6). The text lets
// the enemy move routers but gives the rules they must follow, so the engine applies them in a fixed order.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { DiceSource } from '../dice.js';
import { IMPASSABLE, edgeDistance, hexDistance } from './board.js';
import { abandonHeavy } from './losses.js';
import { enemyIn } from './stacking.js';
import { edit, fights, headcount, type GameState, type Side } from './types.js';

function nearest(s: GameState, from: number, want: (side: Side) => boolean): number {
  let best = Infinity;
  for (const p of s.pieces) {
    if (!fights(p) || !want(p.side)) continue;
    const d = hexDistance(s.board, from, p.cell);
    if (d < best) best = d;
  }
  return best;
}

/** Moves router `pi` one hex, or off the map from an edge hex. */
export function routStep(s: GameState, pi: number, events: GameEvent[]): void {
  const p = s.pieces[pi]!;
  const b = s.board;
  if (b.edges[p.cell]!.length > 0) {
    events.push({ type: 'routed-off', unit: p.id, from: b.names[p.cell], men: p.men });
    const gone = edit(s, pi);
    gone.status = 'lost';
    gone.cell = -1;
    return;
  }
  let best = -1;
  let key: [number, number, number] = [0, 0, 0];
  for (const n of b.near[p.cell]!) {
    if (b.terrain[n] === IMPASSABLE || enemyIn(s, p.side, n) !== 'none') continue;
    if (s.pieces.some((q) => q.status === 'table' && q.cell === n && q.side !== p.side)) continue;
    const k: [number, number, number] = [-nearest(s, n, (side) => side !== p.side), edgeDistance(b, n), nearest(s, n, (side) => side === p.side)];
    if (best < 0 || k[0] < key[0] || (k[0] === key[0] && (k[1] < key[1] || (k[1] === key[1] && k[2] < key[2])))) {
      best = n;
      key = k;
    }
  }
  if (best < 0) {
    events.push({ type: 'rout-blocked', unit: p.id, at: b.names[p.cell] });
    return;
  }
  events.push({ type: 'rout-move', unit: p.id, from: b.names[p.cell], to: b.names[best] });
  edit(s, pi).cell = best;
}

/** Routs `pi`: its cannon or wagons stay behind, and it runs one hex at once. */
export function rout(s: GameState, pi: number, events: GameEvent[]): void {
  abandonHeavy(s, pi, events);
  const p = edit(s, pi);
  p.state = 'routing';
  events.push({ type: 'rout', unit: p.id });
  routStep(s, pi, events);
}

/** The rally phase of `side`: rally rolls, then every router that did not just rout runs on. */
export function rallyPhase(s: GameState, side: Side, events: GameEvent[], dice: DiceSource): void {
  const justRouted = new Set<number>();
  const routers = s.pieces.flatMap((p, i) => (p.status === 'table' && p.side === side && p.state === 'routing' ? [i] : []));
  for (const ri of routers) {
    const r = s.pieces[ri]!;
    if (r.status !== 'table' || r.state !== 'routing') continue;
    let friend = -1;
    s.pieces.forEach((q, i) => {
      if (q.side !== side || !fights(q) || hexDistance(s.board, q.cell, r.cell) > 1) return;
      if (friend < 0 || headcount(q) > headcount(s.pieces[friend]!)) friend = i;
    });
    if (friend < 0) continue;
    const f = s.pieces[friend]!;
    const roll = dice.d6();
    let score = roll;
    if (headcount(r) >= 2 * headcount(f)) score += 1;
    if (headcount(f) >= 2 * headcount(r)) score -= 1;
    if (r.officer || f.officer) score -= 1;
    const outcome = score <= 2 ? 'rallied' : score <= 4 ? 'flees' : 'panic';
    events.push({ type: 'rally', unit: r.id, friend: f.id, roll, score, outcome });
    if (outcome === 'rallied') {
      edit(s, ri).state = 'unarmed';
      justRouted.add(ri);
    } else if (outcome === 'panic') {
      rout(s, friend, events);
      justRouted.add(friend);
    }
  }
  for (let i = 0; i < s.pieces.length; i++) {
    const p = s.pieces[i]!;
    if (p.status === 'table' && p.side === side && p.state === 'routing' && !justRouted.has(i)) routStep(s, i, events);
  }
}
