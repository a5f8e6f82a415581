// 'Caissons' (optional, `caissons`; rules notes §14): a caisson (a `train` unit of type `caisson`) refills a battery
// that has run out of ammunition. It reaches the battery in one period; the next, both stand idle the whole period
// and the battery is full again at its end, unless either was charged. A caisson charged by infantry or cavalry is
// taken and destroyed outright; two casualties from fire destroy it (a train is two figures, notes §11); it moves
// 8" an action and turns free (the movement part's tables).
import type { GameEvent } from '../../domain/engine-protocol.js';
import { rectOf } from './footprint.js';
import { rectDistance } from './geometry.js';
import { unitById, type NeGameState } from './state.js';
import { ammoLimit } from './tables.js';
import { optionOn, type NeUnit } from './types.js';

/** A reloading under way this period. */
export interface Resupply {
  caisson: string;
  battery: string;
}

/** Bases touching: within half an inch, as a player sets a caisson against the guns. */
export const CONTACT = 0.5;

export const isCaisson = (u: NeUnit): boolean => u.arm === 'train' && u.type === 'caisson';

export const outOfAmmunition = (u: NeUnit): boolean => u.arm === 'artillery' && u.ammo >= ammoLimit(u);

/** Why `caisson` cannot start reloading `battery` now, or null. */
export function resupplyProblem(s: NeGameState, caisson: NeUnit, battery: NeUnit | undefined): string | null {
  if (!optionOn(s.table, 'caissons')) return 'caissons are not in play (the caissons option is off)';
  if (!isCaisson(caisson)) return `${caisson.name} is not a caisson`;
  if (caisson.status !== 'table') return `${caisson.name} is not on the table to reload anything`;
  const f = s.flow[caisson.id]!;
  // The reload takes the caisson's whole period: it must have reached the battery in an earlier one.
  if (f.used > 0 || f.ended || f.locked) return `${caisson.name} has acted this period; reloading takes a whole period`;
  if (!battery || battery.side !== caisson.side || battery.arm !== 'artillery') return `${battery?.name ?? 'that'} is not a battery of ${caisson.name}'s side`;
  if (battery.status !== 'table') return `${battery.name} is not on the table in order`;
  if (!outOfAmmunition(battery)) return `${battery.name} has not run out of ammunition`;
  const g = s.flow[battery.id]!;
  if (g.started || g.locked) return `${battery.name} has acted this period; both stand idle the whole period to reload`;
  if ((s.resupply ?? []).some((r) => r.battery === battery.id)) return `${battery.name} is already being reloaded`;
  if (rectDistance(rectOf(caisson, s.table), rectOf(battery, s.table)) > CONTACT + 1e-9) return `${caisson.name} is not in contact with ${battery.name}`;
  return null;
}

/** Both units spend the period on the task: no action, no stand marker, nothing else this period. */
export function startResupply(s: NeGameState, caisson: NeUnit, battery: NeUnit, events: GameEvent[]): void {
  for (const id of [caisson.id, battery.id]) {
    const f = s.flow[id]!;
    s.flow[id] = { ...f, started: true, ended: true, used: 2, stand: false };
  }
  s.resupply = [...(s.resupply ?? []), { caisson: caisson.id, battery: battery.id }];
  events.push({ type: 'resupply', unit: caisson.id, battery: battery.id });
}

/** End of the period: batteries whose reload ran undisturbed are full again ('If charged, the unit cannot be supplied'). */
export function finishResupply(s: NeGameState, events: GameEvent[]): void {
  const list = s.resupply ?? [];
  if (list.length === 0) return;
  s.resupply = undefined;
  for (const r of list) {
    const c = unitById(s, r.caisson);
    const b = unitById(s, r.battery);
    const charged = (id: string) => s.closeActions.some((x) => x.target === id) || s.flow[id]?.closeAction === true;
    if (!c || !b || c.status !== 'table' || b.status !== 'table' || charged(c.id) || charged(b.id)) {
      events.push({ type: 'resupply-failed', unit: r.caisson, battery: r.battery });
      continue;
    }
    b.ammo = 0;
    events.push({ type: 'resupplied', unit: r.caisson, battery: r.battery });
  }
}

/** 'If charged by infantry or cavalry, caissons are automatically captured and destroyed': true when it was. */
export function captureCaisson(s: NeGameState, charger: NeUnit, target: NeUnit, events: GameEvent[]): boolean {
  if (!optionOn(s.table, 'caissons') || !isCaisson(target) || (charger.arm !== 'infantry' && charger.arm !== 'cavalry')) return false;
  target.figures = 0;
  target.status = 'eliminated';
  events.push({ type: 'caisson-captured', unit: target.id, by: charger.id });
  return true;
}

/** The text lets infantry and artillery fire at caissons; carbines are not named, so cavalry may not. */
export function caissonFireProblem(s: NeGameState, shooter: NeUnit, target: NeUnit): string | null {
  if (!optionOn(s.table, 'caissons') || !isCaisson(target) || shooter.arm !== 'cavalry') return null;
  return `caissons are fired on by infantry or artillery; ${shooter.name} is cavalry`;
}
