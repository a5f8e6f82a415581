// How far a unit can see ('Visibility', optional; rules notes §15). With the `visibility` option on, a unit may fire
// at or charge only what it can see as a formation: within 64" ('Troop formations ... can be seen at 64"'), cut by
// the weather the scenario sets (light rain or snow ½, heavy rain or snow ¼, fog ¼, mist ½, haze ¾).
import { weatherSightFactor } from '../../domain/rule-systems/napoleons-eagles-sight.js';
import { rectOf } from './footprint.js';
import { rectDistance } from './geometry.js';
import { optionOn, type NeTable, type NeUnit } from './types.js';

/** Distance at which troop formations are made out in clear weather. */
export const FORMATION_SIGHT = 64;

/** Inches a unit sees formations at on this table, or Infinity with the option off. */
export function sightLimit(table: NeTable): number {
  if (!optionOn(table, 'visibility')) return Infinity;
  return FORMATION_SIGHT * weatherSightFactor(table.weather);
}

/** Why `from` cannot make out `to` now, or null (distances base edge to base edge, as every other). */
export function visibilityProblem(table: NeTable, from: NeUnit, to: NeUnit): string | null {
  const limit = sightLimit(table);
  if (limit === Infinity) return null;
  const d = rectDistance(rectOf(from, table), rectOf(to, table));
  if (d <= limit + 1e-9) return null;
  return `${to.name} is ${d.toFixed(2)}" away, beyond the ${limit}" at which formations can be seen${table.weather && table.weather !== 'clear' ? ` in ${table.weather.replace('-', ' ')}` : ''}`;
}
