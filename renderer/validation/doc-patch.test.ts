import { describe, expect, it } from 'vitest';
import { generateArmyList } from '../../tests/bench/generate.js';
import { applyPatches, diffDocument } from './doc-patch.js';

/** Edits made the editor's way: the path to the change copied, everything else shared. */
function withPath(doc: unknown, path: (string | number)[], change: (v: unknown) => unknown): unknown {
  if (path.length === 0) return change(doc);
  const [k, ...rest] = path;
  const copy: Record<string | number, unknown> = Array.isArray(doc) ? [...(doc as unknown[])] : { ...(doc as object) };
  copy[k!] = withPath(copy[k!], rest, change);
  return copy;
}

describe('document patches for the validation worker', () => {
  const army = generateArmyList(200);
  const units = ['army', 'formations', 0, 'formations', 0, 'units'];

  it('sends only the changed leaf of a one-field edit', () => {
    const next = withPath(army, [...units, 3, 'name'], () => 'Renamed');
    const patches = diffDocument(army, next);
    expect(patches).toEqual([{ op: 'set', path: [...units, 3, 'name'], value: 'Renamed' }]);
    expect(applyPatches(army, patches)).toEqual(next);
  });

  it('sends an inserted or deleted unit, not the list around it', () => {
    const inserted = withPath(army, units, (list) => {
      const l = [...(list as unknown[])];
      l.splice(2, 0, { ...(l[0] as object), id: 'new-unit' });
      return l;
    });
    const patches = diffDocument(army, inserted);
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ op: 'array', values: [expect.objectContaining({ id: 'new-unit' })] });
    expect(applyPatches(army, patches)).toEqual(inserted);
    const deleted = withPath(inserted, units, (list) => (list as unknown[]).filter((_, i) => i !== 0));
    expect(applyPatches(applyPatches(army, patches), diffDocument(inserted, deleted))).toEqual(deleted);
  });

  it('adds and removes keys, replaces values of another kind, and leaves the base as it was', () => {
    const before = JSON.stringify(army);
    let next = withPath(army, ['army'], (a) => ({ ...(a as object), notes: 'added', constructor: 'a key named like a prototype field' }));
    next = withPath(next, [], (d) => {
      const { name: _drop, ...rest } = d as Record<string, unknown>;
      return { ...rest, extra: [1, 2, 3] };
    });
    next = withPath(next, [...units, 0, 'ratings'], () => null);
    const patches = diffDocument(army, next);
    expect(patches.some((p) => p.op === 'delete')).toBe(true);
    expect(applyPatches(army, patches)).toEqual(next);
    expect(JSON.stringify(army)).toBe(before);
    expect(diffDocument(army, army)).toEqual([]);
  });
});
