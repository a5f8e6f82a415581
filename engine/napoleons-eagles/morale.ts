// Unit morale checks ('Unit Morale Checks', 'Morale Modifiers'): a d20 at or under the rating plus modifiers.
// The modifiers any check shares are built here; the situations that add their own (a charge, fire on the flank)
// pass them in.
import type { Point } from '../../domain/model.js';
import { randomBelow, type RngState } from '../dice.js';
import { rectOf } from './footprint.js';
import { rectDistance } from './geometry.js';
import { blockAt, woodsAt, worksAt } from './terrain.js';
import { FATIGUE_NAMES, type NeLeader, type NeModifier, type NeTable, type NeUnit } from './types.js';

/** Something that rolls twenty-sided dice; tests inject fixed values, games draw from the state's generator. */
export interface D20Source {
  d20(): number;
}

export function rngD20(state: RngState): D20Source {
  return { d20: () => randomBelow(state, 20) + 1 };
}

export function fixedD20(values: readonly number[]): D20Source {
  let i = 0;
  return {
    d20() {
      if (i >= values.length) throw new Error(`fixedD20: ran out after ${values.length} rolls`);
      const v = values[i++]!;
      if (!Number.isInteger(v) || v < 1 || v > 20) throw new Error(`fixedD20: ${v} is not a d20 value`);
      return v;
    },
  };
}

export interface MoraleCheck {
  rating: number;
  modifiers: NeModifier[];
  /** The d20 roll at or under which the check passes. */
  need: number;
  /** Chance to pass. */
  pass: number;
}

const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });
const centre = (u: NeUnit): Point => [u.x, u.y];

/** A friendly unit within 4" ('supported'). */
export function supported(units: readonly NeUnit[], u: NeUnit): boolean {
  const r = rectOf(u);
  return units.some((o) => o.id !== u.id && o.side === u.side && (o.status === 'table' || o.status === 'silenced') && rectDistance(r, rectOf(o)) <= 4 + 1e-9);
}

/** In woods, a building block or a fortification (cover behind a wall or hedge is judged against an enemy). */
export function inCover(table: NeTable, u: NeUnit): boolean {
  const c = centre(u);
  return woodsAt(table.terrain, c) !== null || blockAt(table.terrain, c) !== null || worksAt(table.terrain, c) !== null;
}

/** The modifiers every check of this unit carries, whatever caused it. */
export function standingModifiers(units: readonly NeUnit[], leaders: readonly NeLeader[], u: NeUnit): NeModifier[] {
  const out: NeModifier[] = [];
  if (supported(units, u)) out.push(mod('supported', 'a friendly unit within 4"', 1));
  if (u.status === 'retreat') out.push(mod('retreat', 'in retreat (disorder included)', -5));
  else if (u.disordered) out.push(mod('disordered', 'disordered', -1));
  if (u.fatigue > 0) out.push(mod(FATIGUE_NAMES[u.fatigue], FATIGUE_NAMES[u.fatigue], -u.fatigue));
  const lost = u.figures0 - u.figures;
  if (lost >= 2) out.push(mod('below-strength', `${lost} figures lost`, -Math.floor(lost / 2)));
  if (u.figures0 > 0 && lost * 2 > u.figures0) out.push(mod('half-lost', 'more than half its figures lost', -3));
  const leader = u.attachedLeader ? leaders.find((l) => l.id === u.attachedLeader && l.status === 'table') : undefined;
  if (leader && leader.moraleBonus !== 0) out.push(mod('leader', `${leader.name} is with it`, leader.moraleBonus));
  return out;
}

export function moraleCheck(u: NeUnit, modifiers: NeModifier[]): MoraleCheck {
  const need = u.morale + modifiers.reduce((n, m) => n + m.value, 0);
  return { rating: u.morale, modifiers, need, pass: Math.max(0, Math.min(20, need)) / 20 };
}

/** Rolls a check: passes when the d20 is at or under the need. */
export function resolveMorale(check: MoraleCheck, dice: D20Source): { roll: number; passed: boolean } {
  const roll = dice.d20();
  return { roll, passed: roll <= check.need };
}
