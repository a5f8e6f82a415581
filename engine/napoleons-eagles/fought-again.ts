// Close actions fought again next period ('Ties'; rules notes §15): equal totals with equal base melee values leave
// the fight unresolved. The two units stay in contact and are carried into the next period's step 9, where the melee
// roll (step 6) is made again; they do not check morale, defend or close a second time, since both already stood and
// closed. Until then they are held in the fight: neither may start an activation, and nobody fires into it.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { rectOf } from './footprint.js';
import { rectDistance } from './geometry.js';
import { syncFlow, unitById, type CloseAction, type NeGameState } from './state.js';

/** How close two rectangles must stand to count as still in contact (the charger was placed touching). */
const CONTACT = 0.05;

/** A fight that must be fought again: kept, to be resumed when the next period begins. */
export function carryOver(s: NeGameState, c: CloseAction): void {
  s.carried = [...(s.carried ?? []), { ...c, stage: 'defended', again: true }];
}

/**
 * At the start of a period: every fight carried from the last one whose units are still on the table, formed enough
 * to fight and in contact becomes a close action of this period (first in step 9, in the order they were fought),
 * with both units held. A fight whose units were parted is over, with no result.
 */
export function resumeCarried(s: NeGameState, events: GameEvent[]): void {
  const carried = s.carried ?? [];
  if (carried.length === 0) return;
  delete s.carried;
  for (const c of carried) {
    const a = unitById(s, c.charger);
    const d = unitById(s, c.target);
    const fighting = (u: typeof a) => !!u && (u.status === 'table' || u.status === 'retreat');
    if (!fighting(a) || !fighting(d) || rectDistance(rectOf(a!, s.table), rectOf(d!, s.table)) > CONTACT) {
      events.push({ type: 'close-action-void', charger: c.charger, target: c.target, why: 'the units fighting again are no longer in contact' });
      continue;
    }
    s.closeActions.push({ ...c, stage: 'defended', again: true });
    for (const id of [c.charger, c.target]) {
      const f = s.flow[id]!;
      Object.assign(f, { locked: true, ended: true, stand: false, closeAction: true });
      syncFlow(s, id);
    }
    events.push({ type: 'fight-continues', charger: c.charger, target: c.target });
  }
}
