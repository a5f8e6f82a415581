// The AI's own moves towards its goal (ai-threats goalOf): straight on or obliquely (a move may run up to 22.5°
// off the facing), a wheel in place when the goal lies further round, and half, one and two actions' worth. The
// sampler's moves (players.ts) are toward the nearest enemy and the nearest objective not held; these add the
// side's chosen goal. Legality is left to the rules (the AI tries its best-scored action first).
import { angleDiff, bearing, dist, heading, normAngle } from './geometry.js';
import type { Point } from '../../domain/model.js';
import { goalOf } from './ai-threats.js';
import { moveAllowance } from './movement.js';
import type { Action } from './game.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const OBLIQUE = 22.5;
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
  const want = bearing(from, goal);
  const rel = angleDiff(u.facing, want);
  const dir = u.facing + Math.max(-OBLIQUE, Math.min(OBLIQUE, rel));
  const h = heading(dir);
  for (const k of [2, 1, 0.5]) {
    if (k > left) continue;
    const len = Math.min(far, rate * k);
    if (len < 0.25) continue;
    out.push({ type: 'move', unit: u.id, to: [r2(u.x + h[0] * len), r2(u.y + h[1] * len)], facing: u.facing });
  }
  if (Math.abs(rel) > 20) {
    for (const t of [rel, Math.sign(rel) * Math.min(Math.abs(rel), 90), Math.sign(rel) * Math.min(Math.abs(rel), 45)]) {
      out.push({ type: 'move', unit: u.id, to: [u.x, u.y], facing: r2(normAngle(u.facing + t)) });
    }
  }
  return out;
}
