// Turning "the document before" and "the document after" into the smallest list of history changes, so every
// structural edit (add, move, delete, paste, convert) is one undo step that touches only what it changed.
import { ABSENT, getAt, type Change, type PathKey } from '../state/history.js';

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const idOf = (v: unknown): unknown => (isPlain(v) ? v.id : undefined);

/**
 * The changes that turn `before` into `after`. Equal branches yield nothing; objects are compared key by key.
 * An array is descended into only when it kept its length and each slot still holds the same id; otherwise it is
 * replaced whole, because index-wise patches of a reordered list would rewrite every field of every element.
 */
export function diffChanges(before: unknown, after: unknown, path: PathKey[] = []): Change[] {
  if (before === after) return [];
  if (isPlain(before) && isPlain(after)) {
    const out: Change[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const has = [Object.hasOwn(before, key), Object.hasOwn(after, key)];
      if (!has[0]) out.push({ path: [...path, key], before: ABSENT, after: after[key] });
      else if (!has[1]) out.push({ path: [...path, key], before: before[key], after: ABSENT });
      else out.push(...diffChanges(before[key], after[key], [...path, key]));
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length && before.every((b, i) => idOf(b) === idOf(after[i]))) {
      return before.flatMap((b, i) => diffChanges(b, after[i], [...path, i]));
    }
    return deepEqual(before, after) ? [] : [{ path, before, after }];
  }
  if (typeof before === 'number' && typeof after === 'number' && Number.isNaN(before) && Number.isNaN(after)) return [];
  return [{ path, before, after }];
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * One change that sets `value` at `path` (undefined removes it). Missing parents are created by changing the
 * highest missing one, so undo removes what the edit created instead of leaving empty `ratings` objects behind.
 */
export function setValueChanges(root: unknown, path: PathKey[], value: unknown): Change[] {
  const target = value === undefined ? ABSENT : value;
  for (let depth = 1; depth < path.length; depth++) {
    const parent = getAt(root, path.slice(0, depth));
    if (parent === ABSENT || parent === null || typeof parent !== 'object') {
      if (target === ABSENT) return [];
      let built: unknown = target;
      for (let k = path.length - 1; k >= depth; k--) built = { [String(path[k])]: built };
      return [{ path: path.slice(0, depth), before: parent, after: built }];
    }
  }
  const before = getAt(root, path);
  return deepEqual(before, target) ? [] : [{ path, before, after: target }];
}
