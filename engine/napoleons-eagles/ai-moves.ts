// The AI's own moves towards its goal (ai-threats goalOf): straight on or obliquely (a move may run up to 22.5°
// off the facing), a wheel in place when the goal lies further round, and half, one and two actions' worth. The
// sampler's moves (players.ts) are toward the nearest enemy and the nearest objective not held; these add the
// side's chosen goal. Legality is left to the rules (the AI tries its best-scored action first).
import { angleDiff, bearing, dist, heading, normAngle } from './geometry.js';
import type { Point } from '../../domain/model.js';
import { routeAhead } from './ai-path.js';
import { goalOf } from './ai-threats.js';
import { moveAllowance } from './movement.js';
import type { Action } from './game.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const OBLIQUE = 22.4;
const r2 = (n: number) => Math.round(n * 100) / 100;

export function goalMoves(s: NeGameState, u: NeUnit, left: number): Action[] {
  const goal = goalOf(s, u);
  if (!goal || u.status !== 'table') return [];
  const from: Point = [u.x, u.y];
  const far = dist(from, goal);
  if (far < 0.5) return [];
  const rate = moveAllowance(s.table, u, from);
  if (rate <= 0) return [];
  const out: Action[] = [];
  const seen = new Set<string>();
  const add = (to: Point, facing: number) => {
    const a: Action = { type: 'move', unit: u.id, to: [r2(to[0]), r2(to[1])], facing: r2(normAngle(facing)) };
    const key = `${a.to[0]},${a.to[1]},${a.facing}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  };
  // Each length aims at points along the route (round rivers, blocks and woods), not at the goal itself: the point
  // that far along, and a nearer one, since a straight line to a far point of a bending route cuts the corner.
  for (const k of [2, 1, 0.5]) {
    if (k > left) continue;
    const reach = rate * k - 0.02;
    if (reach < 0.25) continue;
    for (const look of [rate * k, Math.min(rate * k, 3)]) {
      const want = routeAhead(s.table, u, from, goal, look).to;
      const rel = angleDiff(u.facing, bearing(from, want));
      const h = heading(u.facing + Math.max(-OBLIQUE, Math.min(OBLIQUE, rel)));
      const len = Math.min(dist(from, want), reach);
      if (len >= 0.25) add([u.x + h[0] * len, u.y + h[1] * len], u.facing);
    }
  }
  // Wheels in place towards where the route goes next, near and further on.
  for (const look of [2, Math.min(far, Math.max(4, rate))]) {
    const next = routeAhead(s.table, u, from, goal, look).to;
    const rel = angleDiff(u.facing, bearing(from, next));
    if (Math.abs(rel) <= 20) continue;
    for (const t of [rel, Math.sign(rel) * Math.min(Math.abs(rel), 90), Math.sign(rel) * Math.min(Math.abs(rel), 45)]) add(from, u.facing + t);
  }
  return out;
}
