// A charger that will not close may halt 2" short of its target instead of retreating ('Resolving Close Actions' 5;
// rules notes §13 "Player choices"). The side chooses when it declares the charge (`charge` with `halt: true`): the
// choice only matters if the check to close fails, so choosing then or at the failure differs only in what the
// defence turned out to be.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { rectOf } from './footprint.js';
import { rectDistance } from './geometry.js';
import { roomProblem } from './room.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** How far short of its target a charger that will not close halts. */
export const HALT_SHORT = 2;

/**
 * Steps `charger` straight back from where it made contact, keeping its facing, until it stands 2" from `target`'s
 * rectangle. False, and the charger unmoved, when there is no room to stand there (the caller retreats it).
 */
export function haltShort(s: NeGameState, charger: NeUnit, target: NeUnit, events: GameEvent[]): boolean {
  const [x0, y0] = [charger.x, charger.y];
  const f = (charger.facing * Math.PI) / 180;
  const [bx, by] = [-Math.sin(f), Math.cos(f)];
  const tr = rectOf(target, s.table);
  // 1/100" steps, up to 6": an oblique contact needs more than 2" straight back to open 2" between the rectangles.
  for (let k = 1; k <= 600; k++) {
    charger.x = x0 + bx * 0.01 * k;
    charger.y = y0 + by * 0.01 * k;
    if (rectDistance(rectOf(charger, s.table), tr) < HALT_SHORT - 1e-9) continue;
    if (roomProblem(s.table, s.units, charger)) break;
    events.push({ type: 'halt-short', unit: charger.id, target: target.id, at: [Math.round(charger.x * 100) / 100, Math.round(charger.y * 100) / 100] });
    return true;
  }
  charger.x = x0;
  charger.y = y0;
  return false;
}
