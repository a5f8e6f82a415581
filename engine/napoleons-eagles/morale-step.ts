// Morale checks ('Unit Morale Checks', 'Morale Modifiers'; Sequence of Play step 10; rules notes §13): a d20 at or
// under the unit's morale with its modifiers passes. The modifiers are the combat part's (morale.ts: the standing
// ones every check carries; melee.ts: a charge's), so a check in the game is the one explain prices; the game adds
// only what lives in its state: the threshold's −4 for the game turn. Step 10 checks every unit marked this period
// that did not fight a close action; infantry in a building block never checks. A failure retreats the unit.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { inCover, moraleCheck, standingModifiers, type MoraleCheck } from './morale.js';
import { retreat } from './retreats.js';
import { onTable, type NeGameState } from './state.js';
import { blockAt } from './terrain.js';
import { THRESHOLD_PENALTY } from './threshold.js';
import type { NeModifier, NeUnit } from './types.js';

/** The check a unit makes outside a charge: its standing modifiers, cover, and `extra`. */
export function plainCheck(s: NeGameState, u: NeUnit, extra: readonly NeModifier[] = []): MoraleCheck {
  const mods = standingModifiers(s.units, s.leaders, u);
  if (inCover(s.table, u)) mods.push({ id: 'cover', reason: 'in cover', value: 2 });
  return moraleCheck(u, [...mods, ...extra]);
}

/** Rolls `check` (the threshold's −4 added when the unit's formation failed this turn): true when it passes. */
export function rollCheck(s: NeGameState, u: NeUnit, check: MoraleCheck, why: string, dice: NeDice, events: GameEvent[]): boolean {
  const need = check.need + (s.threshold.includes(u.id) ? THRESHOLD_PENALTY : 0);
  const roll = dice.d20();
  const pass = roll <= need;
  events.push({ type: 'morale', unit: u.id, why, need, roll, pass, modifiers: check.modifiers.map((m) => m.id).concat(s.threshold.includes(u.id) ? ['threshold'] : []) });
  return pass;
}

/** One check outside a charge. */
export function checkMorale(s: NeGameState, u: NeUnit, extra: readonly NeModifier[], why: string, dice: NeDice, events: GameEvent[]): boolean {
  return rollCheck(s, u, plainCheck(s, u, extra), why, dice, events);
}

export function moraleStep(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  for (const u of s.units) {
    const f = s.flow[u.id];
    if (!f || !f.morale || f.closeAction || !onTable(u) || u.status === 'silenced') continue;
    f.morale = false;
    if (u.arm === 'infantry' && blockAt(s.table.terrain, [u.x, u.y])) continue;
    if (!checkMorale(s, u, [], 'marked this period', dice, events)) retreat(s, u, 'failed its morale check', dice, events);
  }
}
