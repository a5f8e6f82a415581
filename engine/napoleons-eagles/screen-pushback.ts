// Skirmish screens pushed back by formed infantry ('Facing and Movement', skirmishers; rules notes §15). Formed
// enemy infantry may not charge a screen; instead, whenever it ends a move or a charge less than 1" from an enemy
// screen, the screen falls back at once, free of cost, to keep "one to two inches" between them: it steps straight
// back (its facing kept, as a screen moves forward or back) until it stands 2" from the infantry, so that the next
// advance pushes it again rather than the same half-inch twice. When backing up does not open the gap (the infantry
// came from the side) it steps directly away from the infantry's centre instead. It goes at most one action of
// skirmish movement (8"), must stay on the table and off other units, and must stay 1" from every other formed enemy
// (its own movement rule); when no such place opens the gap to 1", it stands where it is.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { rectOf } from './footprint.js';
import { heading, rectDistance } from './geometry.js';
import { roomProblem } from './room.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Pushing starts when the infantry comes nearer than this… */
export const PUSH_WITHIN = 1;
/** …and the screen falls back until it is this far away. */
export const PUSH_TO = 2;
const STEP = 0.25;
const MAX = 8;

const formedInfantry = (u: NeUnit): boolean => u.arm === 'infantry' && u.formation !== 'skirmish' && u.status === 'table';

function fallBack(s: NeGameState, screen: NeUnit, pusher: NeUnit): { x: number; y: number; gap: number } | null {
  const pr = rectOf(pusher, s.table);
  const others = s.units.filter((o) => o.side !== screen.side && o.id !== pusher.id && o.status === 'table' && o.formation !== 'skirmish');
  const [bx, by] = heading(screen.facing + 180);
  const len = Math.hypot(screen.x - pusher.x, screen.y - pusher.y) || 1;
  const away: [number, number] = [(screen.x - pusher.x) / len, (screen.y - pusher.y) / len];
  const gapNow = rectDistance(rectOf(screen, s.table), pr);
  for (const [dx, dy] of [[bx, by], away] as [number, number][]) {
    let best: { x: number; y: number; gap: number } | null = null;
    for (let k = STEP; k <= MAX + 1e-9; k += STEP) {
      const at = { ...screen, x: screen.x + dx * k, y: screen.y + dy * k };
      if (roomProblem(s.table, s.units, at)) break;
      const r = rectOf(at, s.table);
      if (others.some((o) => rectDistance(r, rectOf(o, s.table)) < PUSH_WITHIN - 1e-9)) continue;
      const gap = rectDistance(r, pr);
      if (gap >= PUSH_TO - 1e-9) return { x: at.x, y: at.y, gap };
      if (gap >= PUSH_WITHIN - 1e-9 && gap > gapNow + 1e-9 && (!best || gap > best.gap)) best = { x: at.x, y: at.y, gap };
    }
    if (best) return best;
  }
  return null;
}

/** After `mover` moved or charged: every enemy screen it came within 1" of falls back. */
export function pushBackScreens(s: NeGameState, mover: NeUnit, events: GameEvent[]): void {
  if (!formedInfantry(mover)) return;
  const mr = rectOf(mover, s.table);
  for (const sc of s.units) {
    if (sc.side === mover.side || sc.formation !== 'skirmish' || sc.status !== 'table') continue;
    if (rectDistance(rectOf(sc, s.table), mr) >= PUSH_WITHIN - 1e-9) continue;
    const to = fallBack(s, sc, mover);
    if (!to) {
      events.push({ type: 'screen-holds', unit: sc.id, by: mover.id, why: 'no room to fall back' });
      continue;
    }
    const from: [number, number] = [sc.x, sc.y];
    sc.x = to.x;
    sc.y = to.y;
    events.push({ type: 'pushed-back', unit: sc.id, by: mover.id, from, to: [Math.round(to.x * 100) / 100, Math.round(to.y * 100) / 100], gap: Math.round(to.gap * 100) / 100 });
  }
}
