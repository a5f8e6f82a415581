// The AI's choices when charging and when charged that the text leaves to the player (rules notes, "The AI",
// "Rapid fire and halting short"): a battery's rapid defensive fire ('Rapid Fire', 'Fatigue Levels': casualties
// doubled, two fatigue levels at once and double the ammunition dice), and what a charger that will not close does
// ('Resolving Close Actions' 5: retreat, or stop 2" from the target; charge-halt.ts). Each is priced on the AI's one
// scale, roughly enemy figures, and taken when it pays.
import { chargeCheck, type Action } from './game.js';
import { fighting } from './ai-threats.js';
import { haltShort } from './charge-halt.js';
import { rapidDefenceProblem } from './close-actions.js';
import { situationOf } from './fire-step.js';
import { assaultSituation } from './melee.js';
import { moraleCheck } from './morale.js';
import { draft, unitById, type CloseAction, type NeGameState } from './state.js';
import type { NeModifier, NeUnit } from './types.js';

/** What a unit broken or overrun is worth to its side (ai-score's value of breaking a unit). */
const OVERRUN = 8;
/**
 * What a retreat costs a charger that would not close: ai-score prices a charge that does not close at the same 6
 * (about three actions out of the fight while it recovers, and a unit that routs if charged meanwhile).
 */
export const RETREAT_COST = 6;
/** A fatigue level, as ai-score prices resting one off. */
const FATIGUE_LEVEL = 0.9;
/** One more ammunition die: a 6 on it takes the battery one step nearer to empty guns. */
const AMMO_DIE = 0.5;

const hits: NeModifier = { id: 'defensive-fire-hits', reason: 'hit by defensive fire', value: -3 };

/**
 * The charger's chance to close after `k` casualties from the defence's fire: its check is re-read at its new
 * strength, −3 when hit ('Morale Modifiers'); none when the fire destroys it.
 */
function closeChance(s: NeGameState, charger: NeUnit, target: NeUnit, k: number): number {
  if (k >= charger.figures) return 0;
  const hurt = { ...charger, figures: charger.figures - k };
  const units = s.units.map((u) => (u.id === charger.id ? hurt : u));
  const sit = assaultSituation({ table: s.table, units, leaders: s.leaders, attacker: hurt, defender: target, resolving: true });
  if (!sit.allowed) return 0;
  const check = k > 0 ? moraleCheck(hurt, [...sit.attacker.morale.modifiers, hits]) : sit.attacker.morale;
  return Math.min(20, Math.max(0, check.need)) / 20;
}

/** The defender's chance to lose once the charger closes: a ride-down is a loss; a melee by its odds. */
function loseChance(s: NeGameState, charger: NeUnit, target: NeUnit, fatigue: NeUnit['fatigue']): number {
  const tired = { ...target, fatigue };
  const units = s.units.map((u) => (u.id === target.id ? tired : u));
  const sit = assaultSituation({ table: s.table, units, leaders: s.leaders, attacker: charger, defender: tired, resolving: true });
  if (!sit.allowed) return 0;
  if (sit.kind === 'cavalry-charge') return sit.rideDown ? 1 : 0;
  return sit.odds.attacker + sit.odds.again / 2;
}

/**
 * The worth of firing at the charger (rapid or not), over the fire's dice: the casualties it inflicts, plus the
 * charger's retreat when it then will not close, less what the defender stands to lose when it does. Null when the
 * fire is refused.
 */
export function defenceFireWorth(s: NeGameState, c: CloseAction, rapid: boolean): number | null {
  const target = unitById(s, c.target)!;
  const charger = unitById(s, c.charger)!;
  const sit = situationOf(s, target, charger, 1, rapid, charger.arm === 'cavalry' && target.formation === 'square');
  if (!sit.allowed) return null;
  // A battery firing rapidly in defence fights the close action two levels more tired ('Fatigue Levels').
  const lose = loseChance(s, charger, target, rapid ? (Math.min(3, target.fatigue + 2) as NeUnit['fatigue']) : target.fatigue);
  const byRoll = 'casualtiesByRoll' in sit ? sit.casualtiesByRoll : [Math.round(sit.expected)];
  let worth = 0;
  for (const k of byRoll) {
    const close = closeChance(s, charger, target, k);
    worth += (k + (1 - close) * RETREAT_COST - close * lose * OVERRUN) / byRoll.length;
  }
  return worth;
}

/**
 * Whether a battery's rapid defensive fire pays: its worth over the plain fire's must outweigh the two fatigue
 * levels it costs after the fight and the extra ammunition die.
 */
export function rapidPays(s: NeGameState, c: CloseAction): boolean {
  if (rapidDefenceProblem(s, c, 'fire')) return false;
  const rapid = defenceFireWorth(s, c, true);
  const plain = defenceFireWorth(s, c, false);
  if (rapid === null || plain === null) return false;
  return rapid - plain > 2 * FATIGUE_LEVEL + AMMO_DIE;
}

/**
 * The defence action: infantry charged by cavalry from beyond 10" forms square (the square throws the charge
 * back); a unit struck in flank or rear turns to face; otherwise it fires at the charger, rapidly when that pays.
 */
export function defenceChoice(s: NeGameState): Action | null {
  const c = s.closeActions.find((x) => x.stage === 'defence');
  if (!c) return null;
  const t = unitById(s, c.target)!;
  const charger = unitById(s, c.charger)!;
  if (charger.arm === 'cavalry' && t.arm === 'infantry' && t.formation !== 'square' && c.distance > 10) return { type: 'defend', unit: t.id, choice: 'square' };
  if (c.aspect !== 'front' && !(charger.arm === 'cavalry' && c.distance <= 10)) return { type: 'defend', unit: t.id, choice: 'face' };
  return rapidPays(s, c) ? { type: 'defend', unit: t.id, choice: 'fire', rapid: true } : { type: 'defend', unit: t.id, choice: 'fire' };
}

/**
 * What the charger would stand to lose halted 2" short of its target: every enemy in good order that could then
 * fire at it, two actions each (its next period). Null when there is no room to halt (it retreats anyway).
 */
export function haltDanger(s: NeGameState, chargerId: string, targetId: string): number | null {
  const u = unitById(s, chargerId);
  const t = unitById(s, targetId);
  if (!u || !t) return null;
  const v = chargeCheck(s, u, t);
  if (!v.ok) return null;
  // A copy of the table with the charger in contact, then stepped back as charge-halt.ts steps it.
  const copy = draft(s);
  const c = unitById(copy, chargerId)!;
  Object.assign(c, { x: v.x, y: v.y, facing: v.facing });
  if (!haltShort(copy, c, unitById(copy, targetId)!, [])) return null;
  let danger = 0;
  for (const e of copy.units) {
    if (e.side === c.side || !fighting(e) || e.arm === 'train') continue;
    if (Math.hypot(e.x - c.x, e.y - c.y) > 70) continue;
    const sit = situationOf(copy, e, c, 2, false);
    if (sit.allowed) danger += sit.expected;
  }
  return danger;
}

/**
 * A charge as the AI declares it: halting short when it would not close, unless standing 2" from the enemy would
 * cost more under fire than the retreat does.
 */
export function withHaltChoice(s: NeGameState, a: Action): Action {
  if (a.type !== 'charge') return a;
  const danger = haltDanger(s, a.unit, a.target);
  const halt = danger !== null && danger < RETREAT_COST;
  if (halt === (a.halt === true)) return a;
  return halt ? { ...a, halt: true } : { type: 'charge', unit: a.unit, target: a.target };
}
