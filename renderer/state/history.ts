// Undo as diffs: each step records, per changed place, the value before and after, never the whole document.
// Consecutive steps with the same merge key (typing in one field, one drag) fold into one undo step.

export type PathKey = string | number;

/** Marks a place that held nothing (a missing object key), so undo can remove the key again. */
export const ABSENT: unique symbol = Symbol('absent');
export type Value = unknown;

export interface Change {
  path: PathKey[];
  before: Value;
  after: Value;
}

export interface Step {
  id: number;
  label: string;
  changes: Change[];
  mergeKey?: string;
}

export interface History {
  past: Step[];
  future: Step[];
  nextId: number;
}

export const emptyHistory = (): History => ({ past: [], future: [], nextId: 1 });

export function getAt(root: unknown, path: PathKey[]): Value {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return ABSENT;
    v = (v as Record<PathKey, unknown>)[key];
  }
  return v;
}

/** Returns a copy of `root` with `value` at `path`, sharing every untouched branch. ABSENT deletes the key. */
export function setAt<T>(root: T, path: PathKey[], value: Value): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [PathKey, ...PathKey[]];
  const container = root as unknown;
  if (Array.isArray(container)) {
    const copy: unknown[] = container.slice();
    const i = Number(head);
    if (rest.length === 0 && value === ABSENT) copy.splice(i, 1);
    else copy[i] = setAt(copy[i], rest, value);
    return copy as T;
  }
  const obj = (container && typeof container === 'object' ? container : {}) as Record<PathKey, unknown>;
  if (rest.length === 0 && value === ABSENT) {
    const { [head]: _removed, ...others } = obj;
    return others as T;
  }
  return { ...obj, [head]: setAt(obj[head], rest, value) } as T;
}

export function applyChanges<T>(root: T, changes: Change[], direction: 'forward' | 'back'): T {
  let out = root;
  const list = direction === 'forward' ? changes : [...changes].reverse();
  for (const c of list) out = setAt(out, c.path, direction === 'forward' ? c.after : c.before);
  return out;
}

const samePath = (a: PathKey[], b: PathKey[]) => a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

/** Records a step; if it continues the previous step (same merge key) the two become one. */
export function record(history: History, label: string, changes: Change[], mergeKey?: string): History {
  if (changes.length === 0) return history;
  const last = history.past[history.past.length - 1];
  if (mergeKey !== undefined && last && last.mergeKey === mergeKey) {
    const merged = [...last.changes];
    for (const c of changes) {
      const i = merged.findIndex((m) => samePath(m.path, c.path));
      if (i >= 0) merged[i] = { path: c.path, before: merged[i]!.before, after: c.after };
      else merged.push(c);
    }
    return { ...history, past: [...history.past.slice(0, -1), { ...last, changes: merged }], future: [] };
  }
  const step: Step = mergeKey === undefined
    ? { id: history.nextId, label, changes }
    : { id: history.nextId, label, changes, mergeKey };
  return { past: [...history.past, step], future: [], nextId: history.nextId + 1 };
}

export function undo<T>(root: T, history: History): { root: T; history: History; step: Step } | null {
  const step = history.past[history.past.length - 1];
  if (!step) return null;
  return {
    root: applyChanges(root, step.changes, 'back'),
    history: { ...history, past: history.past.slice(0, -1), future: [step, ...history.future] },
    step,
  };
}

export function redo<T>(root: T, history: History): { root: T; history: History; step: Step } | null {
  const step = history.future[0];
  if (!step) return null;
  // A redone step must not merge with what follows.
  const { mergeKey: _m, ...unmerged } = step;
  return {
    root: applyChanges(root, step.changes, 'forward'),
    history: { ...history, past: [...history.past, unmerged], future: history.future.slice(1) },
    step,
  };
}

/** The id of the step the document is at: equal ids mean equal documents, which is how "unsaved" is decided. */
export const position = (history: History): number => history.past[history.past.length - 1]?.id ?? 0;
