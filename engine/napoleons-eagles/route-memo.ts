// Walks along the route kept per table. The AI asks where the route from a unit to its goal runs some inches on
// (ai-path.ts routeAhead) about ten times for every unit at every decision, and a unit that has not moved asks the
// same again at the next one. The answer depends only on the terrain (fixed for the game), the game's distance
// fields (ai-path.ts), the arm's mobility, the two points and the length, so it is kept on exactly those; the
// store is emptied when it grows large. The route grid itself is kept per terrain (`perTerrain`): every game of a
// scenario has a table object of its own on the same ground. The keys are six numbers in a table of their own: building a string of
// them cost more than the walk it saved, most times.
import type { Point } from '../../domain/model.js';
import { optionOn, type NeTable } from './types.js';

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

/**
 * An open-addressed table keyed by six numbers (the mobility's and the question's number, the two points, the
 * length): no key string is built and nothing is allocated on a hit. Emptied when half full.
 */
class Walks {
  private slots = 1 << 15;
  private keys = new Float64Array(this.slots * 6);
  private values: unknown[] = new Array<unknown>(this.slots).fill(undefined);
  private size = 0;
  private readonly bits = new Float64Array(1);
  private readonly words = new Int32Array(this.bits.buffer);

  private hash(k: readonly number[]): number {
    let h = 0x811c9dc5;
    for (const x of k) {
      this.bits[0] = x;
      h = Math.imul(h ^ this.words[0]!, 0x01000193);
      h = Math.imul(h ^ this.words[1]!, 0x01000193);
    }
    return (h ^ (h >>> 15)) & (this.slots - 1);
  }

  private find(k: readonly number[]): number {
    for (let i = this.hash(k); ; i = (i + 1) & (this.slots - 1)) {
      if (this.values[i] === undefined) return i;
      const o = i * 6;
      const ks = this.keys;
      if (ks[o] === k[0] && ks[o + 1] === k[1] && ks[o + 2] === k[2] && ks[o + 3] === k[3] && ks[o + 4] === k[4] && ks[o + 5] === k[5]) return i;
    }
  }

  get(k: readonly number[]): unknown {
    return this.values[this.find(k)];
  }

  set(k: readonly number[], v: unknown): void {
    if (this.size >= this.slots / 2) {
      this.values.fill(undefined);
      this.size = 0;
    }
    const i = this.find(k);
    if (this.values[i] === undefined) this.size++;
    this.keys.set(k, i * 6);
    this.values[i] = v;
  }
}

const kept = new WeakMap<NeTable, Walks>();
const MOBILITY: Record<string, number> = {};
const key: number[] = [0, 0, 0, 0, 0, 0];

/** The value `walk` gives for these arguments on this table, worked out once. */
export function keptWalk<T>(table: NeTable, mobility: string, p: Point, goal: Point, ahead: number, walk: () => T): T {
  let w = kept.get(table);
  if (!w) kept.set(table, (w = new Walks()));
  key[0] = MOBILITY[mobility] ??= Object.keys(MOBILITY).length + 1;
  key[1] = ahead;
  key[2] = p[0];
  key[3] = p[1];
  key[4] = goal[0];
  key[5] = goal[1];
  const known = w.get(key);
  if (known !== undefined) return known as T;
  const v = walk();
  // The shared key may have been reused by a question asked inside the walk: set again from the arguments.
  key[0] = MOBILITY[mobility]!;
  key[1] = ahead;
  key[2] = p[0];
  key[3] = p[1];
  key[4] = goal[0];
  key[5] = goal[1];
  w.set(key, v);
  return v;
}
