// Walks along the route kept per terrain. The AI asks where the route from a unit to its goal runs some inches on
// (ai-path.ts routeAhead) about ten times for every unit at every decision, and a unit that has not moved asks the
// same again at the next one. The answer depends only on the terrain (fixed for the game, and the same in every
// game of a scenario), the arm's mobility, the two points and the length, so it is kept on exactly those; the
// store is emptied when it grows large. The keys are nested maps of numbers: building a string of six numbers
// cost more than the walk it saved, most times.
import type { Point } from '../../domain/model.js';
import { optionOn, type NeTable } from './types.js';

const MOST = 20000;
/** Terrains whose routes are kept at once (a balance report plays one scenario; tests play many small ones). */
const TERRAINS = 8;

const keys = new WeakMap<NeTable, string>();

/**
 * What the route grid reads of a table, as one string: tables of the same scenario (a new one each game) share it,
 * and with it the grid, its distance fields and the walks.
 */
export function terrainKey(table: NeTable): string {
  let k = keys.get(table);
  if (k === undefined) {
    k = JSON.stringify([table.width, table.height, table.terrain, table.ground ?? null, optionOn(table, 'weatherEffects')]);
    keys.set(table, k);
  }
  return k;
}

/** A store per terrain key, the oldest dropped past TERRAINS. */
export function perTerrain<T>(store: Map<string, T>, table: NeTable, make: () => T): T {
  const k = terrainKey(table);
  let v = store.get(k);
  if (v === undefined) {
    if (store.size >= TERRAINS) store.delete(store.keys().next().value!);
    store.set(k, (v = make()));
  }
  return v;
}

type Level = Map<number, unknown>;

interface Walks {
  size: number;
  byMobility: Map<string, Level>;
}

const kept = new Map<string, Walks>();

/** The value `walk` gives for these arguments on this table's terrain, worked out once. */
export function keptWalk<T>(table: NeTable, mobility: string, p: Point, goal: Point, ahead: number, walk: () => T): T {
  const w = perTerrain(kept, table, (): Walks => ({ size: 0, byMobility: new Map() }));
  let m = w.byMobility.get(mobility);
  if (!m) w.byMobility.set(mobility, (m = new Map<number, unknown>()));
  const path = [ahead, p[0], p[1], goal[0]];
  for (const n of path) {
    let next = m.get(n) as Level | undefined;
    if (!next) m.set(n, (next = new Map<number, unknown>()));
    m = next;
  }
  const known = m.get(goal[1]);
  if (known !== undefined) return known as T;
  if (w.size >= MOST) {
    w.byMobility.clear();
    w.size = 0;
    return keptWalk(table, mobility, p, goal, ahead, walk);
  }
  const v = walk();
  m.set(goal[1], v);
  w.size++;
  return v;
}
