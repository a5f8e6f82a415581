// Morale checks ('Unit Morale Checks', 'Morale Modifiers'; Sequence of Play step 10; rules notes §13): a d20 at or
// under the unit's morale with its modifiers passes. Step 10 checks every unit marked this period that did not
// fight a close action; infantry in a building block never checks. A failure retreats the unit (retreats.ts).
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { moraleNeed } from './interim.js';
import { retreat } from './retreats.js';
import { onTable, type NeGameState } from './state.js';
import { blockAt } from './terrain.js';
import type { NeUnit } from './types.js';

/** One check: the need (rating + modifiers, threshold −4 included), the d20 and the verdict. */
export function checkMorale(s: NeGameState, u: NeUnit, extra: number, why: string, dice: NeDice, events: GameEvent[]): boolean {
  const need = moraleNeed(s.table, s.units, s.leaders, u, extra + (s.threshold.includes(u.id) ? -4 : 0));
  const roll = dice.d20();
  const pass = roll <= need;
  events.push({ type: 'morale', unit: u.id, why, need, roll, pass });
  return pass;
}

export function moraleStep(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  for (const u of s.units) {
    const f = s.flow[u.id];
    if (!f || !f.morale || f.closeAction || !onTable(u) || u.status === 'silenced') continue;
    f.morale = false;
    if (u.arm === 'infantry' && blockAt(s.table.terrain, [u.x, u.y])) continue;
    if (!checkMorale(s, u, 0, 'marked this period', dice, events)) retreat(s, u, 'failed its morale check', dice, events);
  }
}
