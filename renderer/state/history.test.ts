import { describe, expect, it } from 'vitest';
import { ABSENT, emptyHistory, getAt, position, record, redo, setAt, undo } from './history.js';

const doc = { title: 'A', sides: [{ id: 'red', units: [{ id: 'u1', vp: 10 }] }] };

describe('setAt', () => {
  it('copies only the branch it changes', () => {
    const next = setAt(doc, ['sides', 0, 'units', 0, 'vp'], 20);
    expect(getAt(next, ['sides', 0, 'units', 0, 'vp'])).toBe(20);
    expect(doc.sides[0]!.units[0]!.vp).toBe(10);
    expect(next.title).toBe('A');
  });
  it('deletes a key when given ABSENT, and adds one that was missing', () => {
    const added = setAt(doc, ['author'], 'me');
    expect(getAt(added, ['author'])).toBe('me');
    expect('author' in setAt(added, ['author'], ABSENT)).toBe(false);
  });
});

describe('history', () => {
  it('undoes and redoes a step exactly', () => {
    const change = { path: ['title'], before: 'A', after: 'B' };
    const h = record(emptyHistory(), 'Rename', [change]);
    const after = setAt(doc, ['title'], 'B');
    const u = undo(after, h)!;
    expect(u.root).toEqual(doc);
    const r = redo(u.root, u.history)!;
    expect(r.root).toEqual(after);
  });

  it('merges typing in one field into one step, keeping the first "before"', () => {
    let h = record(emptyHistory(), 'Edit title', [{ path: ['title'], before: 'A', after: 'AB' }], 'field:/title');
    h = record(h, 'Edit title', [{ path: ['title'], before: 'AB', after: 'ABC' }], 'field:/title');
    expect(h.past).toHaveLength(1);
    expect(h.past[0]!.changes[0]).toEqual({ path: ['title'], before: 'A', after: 'ABC' });
    h = record(h, 'Edit author', [{ path: ['author'], before: ABSENT, after: 'x' }], 'field:/author');
    expect(h.past).toHaveLength(2);
  });

  it('clears redo when a new edit is made, and tracks position for the unsaved marker', () => {
    let h = record(emptyHistory(), 'a', [{ path: ['title'], before: 'A', after: 'B' }]);
    const saved = position(h);
    h = record(h, 'b', [{ path: ['title'], before: 'B', after: 'C' }]);
    expect(position(h)).not.toBe(saved);
    const u = undo({ title: 'C' }, h)!;
    expect(position(u.history)).toBe(saved);
    const h2 = record(u.history, 'c', [{ path: ['title'], before: 'B', after: 'D' }]);
    expect(h2.future).toEqual([]);
    expect(redo({ title: 'D' }, h2)).toBeNull();
  });

  it('undoing an added key removes it again', () => {
    const h = record(emptyHistory(), 'Add author', [{ path: ['author'], before: ABSENT, after: 'me' }]);
    const u = undo({ ...doc, author: 'me' }, h)!;
    expect(Object.keys(u.root)).not.toContain('author');
  });
});
