// Walks along the route kept per table. The AI asks where the route from a unit to its goal runs some inches on
// (ai-path.ts routeAhead) about ten times for every unit at every decision, and a unit that has not moved asks the
// same again at the next one. The answer depends only on the terrain (fixed for the game), the arm's mobility, the
// two points and the length, so it is kept on exactly those; the store is emptied when it grows large.
import type { Point } from '../../domain/model.js';
import type { NeTable } from './types.js';

const MOST = 20000;

const kept = new WeakMap<NeTable, Map<string, unknown>>();

/** The value `walk` gives for these arguments on this table, worked out once. */
export function keptWalk<T>(table: NeTable, mobility: string, p: Point, goal: Point, ahead: number, walk: () => T): T {
  let map = kept.get(table);
  if (!map) kept.set(table, (map = new Map<string, unknown>()));
  const key = `${mobility} ${p[0]} ${p[1]} ${goal[0]} ${goal[1]} ${ahead}`;
  const known = map.get(key);
  if (known !== undefined) return known as T;
  if (map.size >= MOST) map.clear();
  const v = walk();
  map.set(key, v);
  return v;
}
