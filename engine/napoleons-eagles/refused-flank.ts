// Refusing a flank ('Refusing a Flank'; rules notes §15). A unit in line (infantry line or supported line, cavalry
// line) turns a quarter of its figures, rounded up, back through 90° on one flank: a formation change of one action,
// or its defence action when it is charged on that flank. The engine always refuses the whole quarter (the text's "up
// to": fewer figures would only weaken the face the rule is for). The refusal lasts while the unit stands in line and
// does not move: a move, charge, formation change, retreat or a turn to face a charge ends it.
// While refused: a charge that strikes that flank strikes the refused figures face on — a front fight for every rule
// that asks (no flank bonus, no flank morale penalties, the refused figures' front rank for enfilade and for the 1.5
// infantry per horseman against cavalry); and the refused figures no longer fire to the front.
import { closeActionCasualties } from './tables.js';
import { frontRankFigures, perFigure, rectOf } from './footprint.js';
import { relativeBearing } from './geometry.js';
import { meleeOdds, type CavalryCharge, type CloseAction as MeleeSituation, type MeleeSide } from './melee.js';
import { moraleCheck, type MoraleCheck } from './morale.js';
import type { SmallArmsFire } from './fire.js';
import { withFigures } from './fire-adjust.js';
import { unitById, type NeGameState } from './state.js';
import type { NeModifier, NeUnit } from './types.js';

export type FlankSide = 'left' | 'right';

const inLine = (u: NeUnit): boolean => (u.arm === 'infantry' && (u.formation === 'line' || u.formation === 'supported-line')) || (u.arm === 'cavalry' && u.formation === 'line');

/** Figures the refusal turns back: a quarter, rounded up. */
export const refusedFigures = (u: NeUnit): number => Math.ceil(u.figures / 4);

/** Why `u` cannot refuse `flank` now (formation and state only; the action budget is the caller's), or null. */
export function refusalProblem(s: NeGameState, u: NeUnit, flank: unknown): string | null {
  if (flank !== 'left' && flank !== 'right') return `a refused flank is left or right, not ${String(flank)}`;
  if (u.status !== 'table') return `${u.name} is not formed on the table`;
  if (!inLine(u)) return `only a unit in line refuses a flank, and ${u.name} is in ${u.formation}`;
  if (u.figures < 4) return `${u.name} has too few figures to refuse a flank`;
  if (s.refused?.[u.id]) return `${u.name} has already refused its ${s.refused[u.id]} flank: only one flank may be refused`;
  return null;
}

/** The flank `u` holds refused now, or null (a refusal lapses when the unit leaves its line or the table). */
export function refusedFlank(s: NeGameState, u: NeUnit): FlankSide | null {
  const side = s.refused?.[u.id];
  return side && u.status === 'table' && inLine(u) ? side : null;
}

export function setRefused(s: NeGameState, id: string, side: FlankSide | null): void {
  const next = { ...(s.refused ?? {}) };
  if (side) next[id] = side;
  else delete next[id];
  if (Object.keys(next).length > 0) s.refused = next;
  else delete s.refused;
}

/** The flank of `u` that a unit standing at `at` is on. */
export function flankSideOf(u: NeUnit, at: [number, number]): FlankSide {
  return relativeBearing(rectOf(u), at) >= 0 ? 'right' : 'left';
}

const enfiladePerFigure = (u: NeUnit): number => (u.arm === 'cavalry' ? 1 : u.ranks === 2 ? 3 : 2);
const without = (mods: NeModifier[], ids: string[]): NeModifier[] => mods.filter((m) => !ids.includes(m.id));
const recheck = (u: NeUnit, check: MoraleCheck, ids: string[]): MoraleCheck => moraleCheck(u, without(check.modifiers, ids));

function side(s: MeleeSide, drop: string[], bonus: boolean, enfilade: number): MeleeSide {
  const modifiers = without(s.modifiers, [...drop, 'enfilade']);
  if (bonus) modifiers.push({ id: 'enfilade', reason: "twice the enemy's enfilade", value: 5 });
  return { ...s, modifiers, enfilade, value: Math.max(0, s.base + modifiers.reduce((n, m) => n + m.value, 0)) };
}

/**
 * The charge `sit` as it is fought when the defender holds refused the flank the charger strikes: face on, against
 * the refused figures. Any other charge is returned as it is.
 */
export function againstRefusedFlank<T extends MeleeSituation | CavalryCharge>(s: NeGameState, sit: T): T {
  if (sit.aspect !== 'flank') return sit;
  const a = unitById(s, sit.attacker.unit);
  const d = unitById(s, sit.defender.unit);
  if (!a || !d) return sit;
  const flank = refusedFlank(s, d);
  if (!flank || flankSideOf(d, [a.x, a.y]) !== flank) return sit;
  const refused = refusedFigures(d);
  const contact = Math.min(frontRankFigures(a), Math.max(1, Math.ceil((refused * perFigure(d)) / perFigure(a) - 1e-9)));
  const attackerMorale = recheck(a, sit.attacker.morale, ['charging-flank']);
  const defenderMorale = recheck(d, sit.defender.morale, ['flank-charged']);
  const ae = sit.attacker.enfilade;
  const de = refused * enfiladePerFigure(d);
  const attacker = { ...side(sit.attacker, ['flank'], ae > 0 && ae >= 2 * de, ae), morale: attackerMorale };
  const defender = { ...side(sit.defender, [], de > 0 && de >= 2 * ae, de), morale: defenderMorale };
  if (sit.kind === 'cavalry-charge') {
    // The refused face is a line struck in front: 1.5 infantry figures per horseman in contact, in the cavalry's favour.
    const down = d.arm !== 'infantry' || refused < Math.ceil(1.5 * contact - 1e-9);
    return { ...sit, aspect: 'front', attacker, defender, contactFigures: contact, rideDown: down, odds: down ? { attacker: 1, defender: 0, again: 0 } : { attacker: 0, defender: 1, again: 0 } };
  }
  const cavVsCav = a.arm === 'cavalry' && d.arm === 'cavalry' ? 1 : 0;
  const rows = (bonus: number) => ({
    ifWins: [1, 2, 3, 4, 5, 6].map((die) => closeActionCasualties(die + bonus + 1, contact)),
    ifLoses: [1, 2, 3, 4, 5, 6].map((die) => closeActionCasualties(die + bonus, contact)),
  });
  return {
    ...sit,
    aspect: 'front',
    attacker,
    defender,
    contactFigures: contact,
    odds: meleeOdds(attacker.value, defender.value, attacker.base, defender.base),
    casualties: { attackerInflicts: rows(cavVsCav), defenderInflicts: rows(cavVsCav) },
  };
}

/** The fire of a unit with a refused flank: its refused figures face away and do not fire to the front. */
export function refusedFire(s: NeGameState, shooter: NeUnit, sit: SmallArmsFire): SmallArmsFire {
  if (!refusedFlank(s, shooter)) return sit;
  return withFigures(sit, Math.max(0, sit.figures - refusedFigures(shooter)));
}
