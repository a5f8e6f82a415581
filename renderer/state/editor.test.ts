import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { editorReducer, initialEditor, isDirty, pointerToPath, setField } from './editor.js';

const text = readFileSync(new URL('../../scenarios/se-01-hold-the-bridge.scenario.json', import.meta.url), 'utf8');
const ref = { path: 'sample:se-01-hold-the-bridge.scenario.json', name: 'se-01', kind: 'scenario' as const, source: 'sample' as const };

describe('editor', () => {
  const loaded = editorReducer(initialEditor('k'), { type: 'load', key: 'k', text, ref, version: 'v1' });

  it('loads a real sample clean', () => {
    expect(loaded.doc?.type).toBe('aide-de-camp/scenario');
    expect(isDirty(loaded)).toBe(false);
  });

  it('marks edits unsaved, undo returns to clean, and typing merges into one step', () => {
    let s = editorReducer(loaded, setField(loaded.doc!, '/title', 'Hold', 'Edit title'));
    s = editorReducer(s, setField(s.doc!, '/title', 'Hold!', 'Edit title'));
    expect((s.doc as Scenario).title).toBe('Hold!');
    expect(isDirty(s)).toBe(true);
    expect(s.history.past).toHaveLength(1);
    s = editorReducer(s, { type: 'undo' });
    expect(isDirty(s)).toBe(false);
    expect((s.doc as Scenario).title).toBe((loaded.doc as Scenario).title);
  });

  it('sees an edit made after saving, even in the same field', () => {
    let s = editorReducer(loaded, setField(loaded.doc!, '/title', 'A', 'Edit title'));
    s = editorReducer(s, { type: 'saved', ref, version: 'v2' });
    expect(isDirty(s)).toBe(false);
    s = editorReducer(s, setField(s.doc!, '/title', 'AB', 'Edit title'));
    expect(isDirty(s)).toBe(true);
  });

  it('undoing a value typed under objects that did not exist removes them again', () => {
    const before = loaded.doc as Scenario;
    let s = editorReducer(loaded, setField(loaded.doc!, '/sides/0/reinforcements/0/roll/from', 3, 'Edit roll'));
    expect((s.doc as Scenario).sides[0].reinforcements![0]!.roll).toEqual({ from: 3 });
    s = editorReducer(s, setField(s.doc!, '/sides/0/reinforcements/0/roll/from', 35, 'Edit roll'));
    s = editorReducer(s, { type: 'undo' });
    expect(s.doc).toEqual(before);
    expect('roll' in (s.doc as Scenario).sides[0].reinforcements![0]!).toBe(false);
  });

  it('keeps an unreadable file\'s text and says why', () => {
    const s = editorReducer(initialEditor('x'), { type: 'load', key: 'x', text: '{ nope', ref, version: 'v' });
    expect(s.doc).toBeNull();
    expect(s.text).toBe('{ nope');
    expect(s.loadProblems[0]?.message).toMatch(/not valid JSON/);
  });

  it('turns pointers into paths with numeric indices and RFC 6901 escapes', () => {
    expect(pointerToPath('/sides/0/army/units/2/ratings/napoleons-eagles/rating')).toEqual(['sides', 0, 'army', 'units', 2, 'ratings', 'napoleons-eagles', 'rating']);
    expect(pointerToPath('/briefings/a~1b~0c')).toEqual(['briefings', 'a/b~c']);
  });
});
