// What the validation worker is sent after its first document: only what changed since the document it holds.
// Editor documents are never changed in place (an edit copies the path to what it changes and shares the rest), so
// a subtree that is the same object in both is the same value, and the diff walks only the copied paths. Posting a
// 2,000-unit document cost 8–10 ms of structured clone on the page per edit; its patch is a few hundred bytes.

type Key = string | number;

/**
 * One change: `set` puts a value at the path (a new key or a changed leaf), `delete` removes an object's key, and
 * `array` rebuilds an array whose length changed from the worker's old elements (`from[i]` ≥ 0: the old element
 * at that index) and new values (`from[i]` = −1: the next of `values`), so a unit inserted or deleted in a long list
 * sends one unit, not the list.
 */
export type Patch =
  | { op: 'set'; path: Key[]; value: unknown }
  | { op: 'delete'; path: Key[] }
  | { op: 'array'; path: Key[]; from: number[]; values: unknown[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The patches that turn `prev` into `next`; [] when they are the same object. */
export function diffDocument(prev: unknown, next: unknown): Patch[] {
  const out: Patch[] = [];
  walk(prev, next, [], out);
  return out;
}

function walk(prev: unknown, next: unknown, path: Key[], out: Patch[]): void {
  if (prev === next) return;
  if (Array.isArray(prev) && Array.isArray(next)) {
    if (prev.length === next.length) {
      for (let i = 0; i < next.length; i++) if (prev[i] !== next[i]) walk(prev[i], next[i], [...path, i], out);
      return;
    }
    const at = new Map<unknown, number>();
    for (let i = 0; i < prev.length; i++) if (typeof prev[i] === 'object' && prev[i] !== null && !at.has(prev[i])) at.set(prev[i], i);
    const from: number[] = [];
    const values: unknown[] = [];
    for (const v of next) {
      const i = typeof v === 'object' && v !== null ? at.get(v) : undefined;
      if (i === undefined) {
        from.push(-1);
        values.push(v);
      } else from.push(i);
    }
    out.push({ op: 'array', path, from, values });
    return;
  }
  if (isObject(prev) && isObject(next)) {
    for (const k of Object.keys(next)) {
      if (!Object.hasOwn(prev, k)) out.push({ op: 'set', path: [...path, k], value: next[k] });
      else if (prev[k] !== next[k]) walk(prev[k], next[k], [...path, k], out);
    }
    for (const k of Object.keys(prev)) if (!Object.hasOwn(next, k)) out.push({ op: 'delete', path: [...path, k] });
    return;
  }
  out.push({ op: 'set', path, value: next });
}

/**
 * `base` with the patches applied. The containers along each path are copied, not changed, so a value the worker
 * handed out before (to a check that keeps it) stays as it was.
 */
export function applyPatches(base: unknown, patches: readonly Patch[]): unknown {
  let root = base;
  for (const p of patches) root = applyOne(root, p, 0);
  return root;
}

function applyOne(node: unknown, p: Patch, depth: number): unknown {
  if (depth === p.path.length) {
    if (p.op === 'set') return p.value;
    if (p.op === 'array') {
      const old = node as unknown[];
      let v = 0;
      return p.from.map((i) => (i < 0 ? p.values[v++] : old[i]));
    }
    throw new Error('a delete needs a key');
  }
  const key = p.path[depth]!;
  const copy = (Array.isArray(node) ? [...(node as unknown[])] : { ...(node as Record<string, unknown>) }) as Record<Key, unknown>;
  if (p.op === 'delete' && depth === p.path.length - 1) {
    delete copy[key];
    return copy;
  }
  copy[key] = applyOne(copy[key], p, depth + 1);
  return copy;
}
