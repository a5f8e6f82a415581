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
import type { NeTable, NeUnit } from './types.js';

const OBLIQUE = 22.4;
/** A sidestep's length towards the goal: one action of sidestepping (2", 'Facing and Movement'). */
const SIDESTEP_FAR = 2;
const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Goal moves kept between decisions: they read only the table, the unit's place, facing, status and what its move
 * rate and route grid depend on (arm, type, move rating, formation, calibre), its goal and the actions it has left;
 * a unit that has not moved is asked again at each of its side's decisions with the same goal, and again after a
 * period's bookkeeping reset (which the moves do not read). Kept per table (game) and unit, with those fields.
 */
interface KeptMoves {
  unit: Pick<NeUnit, 'status' | 'x' | 'y' | 'facing' | 'arm' | 'type' | 'move' | 'formation' | 'calibre'>;
  gx: number;
  gy: number;
  left: number;
  moves: Action[];
}
const keptMoves = new WeakMap<NeTable, Map<string, KeptMoves[]>>();
/** Entries a unit keeps, the oldest dropped first (its goal may swing between a few enemies). */
const KEEP_MOVES = 4;

export function goalMoves(s: NeGameState, u: NeUnit, left: number): Action[] {
  const goal = goalOf(s, u);
  if (!goal || u.status !== 'table') return [];
  let byUnit = keptMoves.get(s.table);
  if (!byUnit) keptMoves.set(s.table, (byUnit = new Map<string, KeptMoves[]>()));
  let list = byUnit.get(u.id);
  if (!list) byUnit.set(u.id, (list = []));
  for (const k of list) {
    const v = k.unit;
    if (k.gx === goal[0] && k.gy === goal[1] && k.left === left && v.x === u.x && v.y === u.y && v.facing === u.facing && v.status === u.status && v.formation === u.formation && v.arm === u.arm && v.type === u.type && v.move === u.move && v.calibre === u.calibre) return k.moves;
  }
  const moves = freshGoalMoves(s, u, left, goal);
  if (list.length >= KEEP_MOVES) list.shift();
  list.push({ unit: { status: u.status, x: u.x, y: u.y, facing: u.facing, arm: u.arm, type: u.type, move: u.move, formation: u.formation, calibre: u.calibre }, gx: goal[0], gy: goal[1], left, moves });
  return moves;
}

function freshGoalMoves(s: NeGameState, u: NeUnit, left: number, goal: Point): Action[] {
  const from: Point = [u.x, u.y];
  const far = dist(from, goal);
  if (far < 0.5) return [];
  const rate = moveAllowance(s.table, u, from);
  if (rate <= 0) return [];
  const out: Action[] = [];
  const seen = new Set<string>();
  const add = (to: Point, facing: number) => {
    // A wheel in place keeps the unit's exact centre: a rounded one would read as a small step back.
    const inPlace = to === from;
    const a: Action = { type: 'move', unit: u.id, to: inPlace ? [u.x, u.y] : [r2(to[0]), r2(to[1])], facing: r2(normAngle(facing)) };
    const key = `${a.to[0]},${a.to[1]},${a.facing}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  };
  // Each length aims at points along the route (round rivers, blocks and woods), not at the goal itself: the point
  // that far along, and a nearer one, since a straight line to a far point of a bending route cuts the corner; then
  // both edges of the oblique arc, a way round a unit standing on the route (friends, guns that cannot move). Short
  // steps too: entering a building block or fording costs actions of its own, so a full move may not be had.
  const reaches = [2, 1, 0.5].filter((k) => k <= left).map((k) => rate * k - 0.02);
  if (left >= 0.5) reaches.push(Math.min(2, rate));
  for (const reach of reaches) {
    if (reach < 0.25) continue;
    for (const look of [reach, Math.min(reach, 3)]) {
      const want = routeAhead(s.table, u, from, goal, look).to;
      const rel = angleDiff(u.facing, bearing(from, want));
      const h = heading(u.facing + Math.max(-OBLIQUE, Math.min(OBLIQUE, rel)));
      const len = Math.min(dist(from, want), reach);
      if (len >= 0.25) add([u.x + h[0] * len, u.y + h[1] * len], u.facing);
    }
    for (const side of [-OBLIQUE, OBLIQUE]) {
      const h = heading(u.facing + side);
      add([u.x + h[0] * reach, u.y + h[1] * reach], u.facing);
    }
  }
  // Ways round what stands in the way: a sidestep (either side: friends or an enemy ahead block the straight step,
  // and a line wheeling in place hits its neighbours) and a short step back, keeping the facing. A line stopped at
  // a town's edge by the street's defenders is often a sidestep away from standing inside it.
  if (left >= 0.5) {
    const toGoal = bearing(from, routeAhead(s.table, u, from, goal, 3).to);
    for (const turn of [90, -90, 180]) {
      const h = heading(u.facing + turn);
      const towards = Math.cos((angleDiff(u.facing + turn, toGoal) * Math.PI) / 180) > 0.1;
      if (turn === 180 && !towards) continue;
      for (const len of towards ? [1, SIDESTEP_FAR] : [1]) add([u.x + h[0] * len, u.y + h[1] * len], u.facing);
    }
  }
  // Wheels in place towards where the route goes next, near and further on.
  for (const look of [2, Math.min(far, Math.max(4, rate))]) {
    const next = routeAhead(s.table, u, from, goal, look).to;
    const rel = angleDiff(u.facing, bearing(from, next));
    if (Math.abs(rel) <= 20) continue;
    // The whole turn, or as much as one move allows (a column 135°, a line 90°, 45° for one action), or an about
    // face when the way lies behind ('About Face Maneuver').
    const turns = [rel, 135, 90, 45].map((t) => Math.sign(rel) * Math.min(Math.abs(rel), Math.abs(t)));
    if (Math.abs(rel) > 135) turns.push(180);
    for (const t of turns) add(from, u.facing + t);
  }
  return out;
}
