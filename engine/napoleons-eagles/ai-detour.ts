// Ways round what stands on the route. The route (ai-path.ts) does not see units, so a column whose next step runs
// into a friend or an enemy that cannot be passed (a silenced battery on the bridge's far end, a line abreast at a
// town's edge) was offered sidesteps that gain no ground, priced them below standing, and stood for the rest of the
// game. Here a unit whose step along its route is refused for something in the way is offered sidesteps of up to
// two actions (2" an action, 'Facing and Movement'), and a sidestep from which that step would then be taken is
// worth part of the ground it opens.
import { angleDiff, bearing, dist, heading, normAngle } from './geometry.js';
import type { Point } from '../../domain/model.js';
import { routeAhead, routeProgress } from './ai-path.js';
import { goalOf } from './ai-threats.js';
import { once, READ } from './ai-situations.js';
import { moveAllowance } from './movement.js';
import { moveCheck, type Action } from './game.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** A move may run this far off the facing (22.5°, a hair less so the rules' own bound is not grazed). */
const OBLIQUE = 22.4;
/** Sidestep lengths tried, either side. */
const SIDESTEPS = [1, 2, 3, 4];
/** The share of the opened step a sidestep is worth: the step itself comes an activation later. */
export const OPENED_SHARE = 0.6;
const r2 = (n: number) => Math.round(n * 100) / 100;
/** What a refusal says when a unit stands in the way (rules' reasons in movement.ts). */
const IN_THE_WAY = /passes through|overlap/;

interface Blocked {
  goal: Point;
  /** The sidesteps offered (their places, rounded, each once). */
  steps: [number, number][];
}

/** What the rules say of a move that would end within 1" of an enemy, and the gap it would leave. */
const TOO_CLOSE = /stops 1" short of enemy .*\(([\d.]+)" left\)/;
/** How far short of an enemy a shortened step stops: the rules' 1", and a little to spare. */
const SHORT_OF = 1.05;

/**
 * The step along the route cut short where the rules stop it, 1" from the enemy it would have come too close to:
 * the full step was refused and the unit stood off at fire's long range, or out of a charge's reach, instead of
 * closing up.
 */
export function approachMoves(s: NeGameState, u: NeUnit): Action[] {
  return once(s, READ.approach, u, null, () => approachNow(s, u));
}

function approachNow(s: NeGameState, u: NeUnit): Action[] {
  const out: Action[] = [];
  const goal = u.status === 'table' && u.formation !== 'square' && u.arm !== 'train' ? goalOf(s, u) : null;
  const from: Point = [u.x, u.y];
  const step = goal ? stepFrom(s, u, from, goal) : null;
  if (step) {
    const v = moveCheck(s, u, 'move', step.to, step.facing);
    const m = !v.ok ? TOO_CLOSE.exec(v.reason) : null;
    if (m) {
      const len = dist(from, step.to);
      const cut = len - (SHORT_OF - Number(m[1])) * 1.5;
      if (cut >= 0.3) {
        const k = cut / len;
        out.push({ type: 'move', unit: u.id, to: [r2(u.x + (step.to[0] - u.x) * k), r2(u.y + (step.to[1] - u.y) * k)], facing: step.facing });
      }
    }
  }
  return out;
}

/** The step one move's length along the route from `at`, facing kept (or clamped to the oblique arc). */
function stepFrom(s: NeGameState, u: NeUnit, at: Point, goal: Point): { to: [number, number]; facing: number } | null {
  const rate = moveAllowance(s.table, u, at);
  if (rate <= 0) return null;
  const want = routeAhead(s.table, u, at, goal, rate).to;
  const len = Math.min(dist(at, want), rate - 0.02);
  if (len < 0.5) return null;
  const rel = angleDiff(u.facing, bearing(at, want));
  const h = heading(u.facing + Math.max(-OBLIQUE, Math.min(OBLIQUE, rel)));
  return { to: [r2(at[0] + h[0] * len), r2(at[1] + h[1] * len)], facing: u.facing };
}

/** Whether the unit's next step along its route is refused for a unit in the way, and the sidesteps then offered. */
function blocked(s: NeGameState, u: NeUnit): Blocked | null {
  return once(s, READ.blocked, u, null, () => blockedNow(s, u));
}

function blockedNow(s: NeGameState, u: NeUnit): Blocked | null {
  let out: Blocked | null = null;
  const goal = u.status === 'table' && u.formation !== 'square' && u.arm !== 'train' ? goalOf(s, u) : null;
  if (goal) {
    const from: Point = [u.x, u.y];
    const step = stepFrom(s, u, from, goal);
    const v = step ? moveCheck(s, u, 'move', step.to, step.facing) : null;
    if (v && !v.ok && IN_THE_WAY.test(v.reason)) {
      const steps: [number, number][] = [];
      for (const side of [90, -90]) {
        const h = heading(u.facing + side);
        for (const len of SIDESTEPS) {
          const x = r2(u.x + h[0] * len);
          const y = r2(u.y + h[1] * len);
          if (!steps.some((p) => p[0] === x && p[1] === y)) steps.push([x, y]);
        }
      }
      out = { goal, steps };
    }
  }
  return out;
}

/** Sidesteps either side for a unit whose way along its route is blocked by a unit; none otherwise. */
export function detourMoves(s: NeGameState, u: NeUnit): Action[] {
  const b = blocked(s, u);
  if (!b) return [];
  return b.steps.map(([x, y]): Action => ({ type: 'move', unit: u.id, to: [x, y], facing: r2(normAngle(u.facing)) }));
}

/**
 * The ground a sidestep opens: when the unit is blocked and, from `to`, its step along the route would be taken,
 * the inches that step gains (in the unit's own route measure); 0 otherwise.
 */
export function detourOpens(s: NeGameState, u: NeUnit, to: Point, facing: number): number {
  const b = blocked(s, u);
  if (!b || Math.abs(angleDiff(u.facing, facing)) > 1) return 0;
  const x = r2(to[0]);
  const y = r2(to[1]);
  if (!b.steps.some((p) => p[0] === x && p[1] === y)) return 0;
  const there = { ...u, x: to[0], y: to[1] };
  const step = stepFrom(s, there, to, b.goal);
  if (!step) return 0;
  const others = { ...s, units: s.units.map((x) => (x.id === u.id ? there : x)) };
  const v = moveCheck(others, there, 'move', step.to, step.facing);
  return v.ok ? Math.max(0, routeProgress(s, u, to, step.to, b.goal)) : 0;
}
