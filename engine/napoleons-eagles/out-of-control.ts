// 'Out-of-Control Cavalry' (optional, `outOfControlCavalry`; rules notes §14): cavalry that wins a close action or
// rides its target down rolls a d20 and, at 20 or more with the modifiers, is out of control; at the start of the
// next period's movement it charges the nearest enemy it can see within 16", with +3 to its check to close. With
// nothing in reach it is back in hand.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { rectOf } from './footprint.js';
import { bearing, heading, rectDistance } from './geometry.js';
import { chargeContact, chargeReach, type ChargeContact } from './movement.js';
import { lineOfSight } from './sight.js';
import { onTable, unitById, type NeGameState } from './state.js';
import { optionOn, type NeModifier, type NeUnit } from './types.js';

/** How far an out-of-control charge runs, whatever the cavalry's weight. */
export const OUT_OF_CONTROL_REACH = 16;
/** The bonus to the check to close ('Out-of-Control Cavalry'). */
export const OUT_OF_CONTROL_CLOSING = 3;

export interface WinFacts {
  /** The cavalry rode its target down ('Cavalry Charges' 6). */
  riddenDown: boolean;
  /** The beaten unit is gone for good: eliminated or surrendered. */
  destroyed: boolean;
  /** The winning charge was itself made by out-of-control cavalry. */
  byOutOfControl: boolean;
}

const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });

/**
 * The text's modifiers. The attached leader's ±1 is the controlling player's choice; the engine always takes −1,
 * the choice that keeps the regiment in hand (a player who wants a wild charge can charge).
 */
export function outOfControlModifiers(s: NeGameState, cav: NeUnit, win: WinFacts): NeModifier[] {
  const out: NeModifier[] = [];
  if (cav.type === 'guard' || cav.guard !== null) out.push(mod('guard-cavalry', 'guard cavalry', -1));
  const leader = cav.attachedLeader ? s.leaders.find((l) => l.id === cav.attachedLeader && l.status === 'table') : undefined;
  if (leader) out.push(mod('leader', `${leader.name} holds them back`, -1));
  if (cav.type === 'cossack') out.push(mod('cossacks', 'Cossacks', 1));
  if (win.byOutOfControl) out.push(mod('out-of-control-charge', 'the charge was made out of control', 1));
  const nation = s.table.sides.find((x) => x.key === cav.side)?.nation;
  if (nation === 'british') out.push(mod('british', 'British cavalry', 1));
  if (win.riddenDown) out.push(mod('ridden-down', 'the enemy was ridden down', 1));
  if (win.destroyed) out.push(mod('destroyed', 'the enemy was destroyed', 1));
  return out;
}

/** The check after a win: a d20 + modifiers of 20 or more sends the cavalry out of control. */
export function checkOutOfControl(s: NeGameState, cav: NeUnit, win: WinFacts, dice: NeDice, events: GameEvent[]): void {
  if (!optionOn(s.table, 'outOfControlCavalry') || cav.arm !== 'cavalry' || cav.status !== 'table') return;
  const modifiers = outOfControlModifiers(s, cav, win);
  const roll = dice.d20();
  const total = roll + modifiers.reduce((n, m) => n + m.value, 0);
  const out = total >= 20;
  events.push({ type: 'out-of-control-check', unit: cav.id, roll, total, out, modifiers: modifiers.map((m) => `${m.id} ${m.value > 0 ? '+' : ''}${m.value}`) });
  if (out && !(s.outOfControl ?? []).includes(cav.id)) s.outOfControl = [...(s.outOfControl ?? []), cav.id];
}

/**
 * Where an out-of-control charge strikes `target`, if it can. The charge runs up to 16" (the text's distance, more
 * than any weight's charge move): the cavalry first turns towards the target freely (it is beyond control, so no
 * facing cost) and the part of the run beyond its own charge reach is taken as a straight approach; the last part is
 * an ordinary charge (chargeContact), so contact, room and terrain are judged as for any charge. Several aims are
 * tried: the target's centre and the middle of each of its faces.
 */
export function outOfControlContact(s: NeGameState, cav: NeUnit, target: NeUnit): ChargeContact | null {
  const tr = rectOf(target, s.table);
  const aims: [number, number][] = [[target.x, target.y]];
  const f = heading(target.facing);
  const side = heading(target.facing + 90);
  for (const [v, half] of [[f, tr.depth / 2], [side, tr.width / 2]] as const) {
    aims.push([target.x + v[0] * half, target.y + v[1] * half], [target.x - v[0] * half, target.y - v[1] * half]);
  }
  const reach = chargeReach(cav);
  for (const aim of aims) {
    const facing = bearing([cav.x, cav.y], aim);
    const turned: NeUnit = { ...cav, facing };
    const gap = rectDistance(rectOf(turned, s.table), tr);
    if (gap > OUT_OF_CONTROL_REACH + 1e-9) continue;
    const lead = Math.max(0, gap - reach + 0.05);
    const h = heading(facing);
    const virtual: NeUnit = { ...turned, x: cav.x + h[0] * lead, y: cav.y + h[1] * lead };
    const units = s.units.map((u) => (u.id === cav.id ? virtual : u));
    const v = chargeContact(s.table, units, cav.id, target.id);
    if (v.ok) return { x: v.x, y: v.y, facing: v.facing, aspect: v.aspect, contact: v.contact, distance: v.distance + lead };
  }
  return null;
}

/** Enemies the out-of-control cavalry sees within 16", nearest first. */
function targetsOf(s: NeGameState, cav: NeUnit): NeUnit[] {
  const cr = rectOf(cav, s.table);
  return s.units
    .filter((e) => e.side !== cav.side && onTable(e) && e.status !== 'silenced')
    .map((e) => ({ e, d: rectDistance(cr, rectOf(e, s.table)) }))
    .filter(({ e, d }) => d <= OUT_OF_CONTROL_REACH + 1e-9 && lineOfSight(s.table.terrain, s.units, cav, e).clear)
    .sort((a, b) => a.d - b.d || a.e.id.localeCompare(b.e.id))
    .map(({ e }) => e);
}

/**
 * At the start of movement, before any unit moves: every out-of-control regiment charges the nearest enemy it sees
 * within 16" that it can strike (`declare` moves it into contact and declares the close action, flagged so its
 * check to close takes +3). With no such enemy it is back under control. Either way the mark is cleared.
 */
export function outOfControlCharges(
  s: NeGameState,
  events: GameEvent[],
  declare: (cav: NeUnit, target: NeUnit, contact: ChargeContact) => void,
): void {
  const list = s.outOfControl ?? [];
  if (list.length === 0) return;
  s.outOfControl = undefined;
  for (const id of list) {
    const cav = unitById(s, id);
    if (!cav || cav.status !== 'table') continue;
    let struck = false;
    for (const t of targetsOf(s, cav)) {
      const v = outOfControlContact(s, cav, t);
      if (!v) continue;
      events.push({ type: 'out-of-control-charge', unit: cav.id, target: t.id });
      declare(cav, t, v);
      struck = true;
      break;
    }
    if (!struck) events.push({ type: 'back-in-control', unit: cav.id, why: 'no enemy in sight within 16" to charge' });
  }
}
