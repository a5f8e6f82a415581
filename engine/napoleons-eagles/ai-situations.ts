// Readings the AI takes of one state many times over, kept for that state. A decision scores some eighty candidates
// of several units, and each candidate of a unit asks the same things again: where the unit is heading, what could
// charge it where it stands, the volley or the charge it has at each enemy. A state never changes once handed to a
// player (applyAction works on a draft), so what was read of it holds for the whole decision. The key still names
// the units' places, so a test that moves a unit in place and asks again is not answered from before the move.
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const kept = new WeakMap<NeGameState, Map<string, unknown>>();

/** A unit as the readings see it: its id and everything about it that changes in a game and that they read. */
export function placeOf(u: NeUnit): string {
  return `${u.id} ${u.x} ${u.y} ${u.facing} ${u.formation} ${u.figures} ${u.status} ${u.fatigue} ${u.disordered} ${u.actionsUsed}`;
}

/** The value `make` gives for `key` in this state, worked out once. */
export function once<T>(s: NeGameState, key: string, make: () => T): T {
  let map = kept.get(s);
  if (!map) kept.set(s, (map = new Map<string, unknown>()));
  if (map.has(key)) return map.get(key) as T;
  const v = make();
  map.set(key, v);
  return v;
}
