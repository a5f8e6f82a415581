import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { NE_OPTIONS } from '../../domain/rule-systems/napoleons-eagles-options.js';
import type { OptionSpec, PerSideOption, RatioOption } from '../../domain/rule-systems/options.js';
import { editorReducer, initialEditor, type EditorState } from '../state/editor.js';
import {
  cleanValue,
  parseSettingNumber,
  removeOptionEdit,
  removeSystemEdit,
  setOptionEdit,
  setRatioPartEdit,
  setSideValueEdit,
  type Edit,
} from './rule-settings.js';

const text = readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8');
const ref = { path: 'sample:ne-01-plancenoit.scenario.json', name: 'ne-01', kind: 'scenario' as const, source: 'sample' as const };
const NE = 'napoleons-eagles';
const spec = (name: string): OptionSpec => NE_OPTIONS.find((o) => o.name === name)!;
const turnPoints = spec('turnPoints') as PerSideOption;
const sideRatio = spec('sideRatio') as RatioOption;

const loaded = editorReducer(initialEditor('k'), { type: 'load', key: 'k', text, ref, version: 'v1' });
const doc = (s: EditorState): Scenario => s.doc as Scenario;
const apply = (s: EditorState, edit: (d: Scenario) => Edit): EditorState => editorReducer(s, edit(doc(s)));
const neBlock = (s: EditorState) => doc(s).ruleOptions?.[NE];

describe('cleanValue', () => {
  it('leaves out a default, and the sides of a per-side value that are at the default', () => {
    expect(cleanValue(spec('carbines'), false)).toBeUndefined();
    expect(cleanValue(spec('carbines'), true)).toBe(true);
    expect(cleanValue(spec('weatherEffects'), false)).toBe(false);
    expect(cleanValue(turnPoints, { red: 20, blue: 18 })).toEqual({ blue: 18 });
    expect(cleanValue(turnPoints, { red: 20, blue: 20 })).toBeUndefined();
    expect(cleanValue(sideRatio, { a: 2, d: 1 })).toBeUndefined();
    // A value the validator will refuse is kept as typed, so it can say what is wrong.
    expect(cleanValue(turnPoints, { blue: 41 })).toEqual({ blue: 41 });
    expect(cleanValue(spec('thresholdPercent'), 'fifty')).toBe('fifty');
  });
});

describe('setting edits', () => {
  it("sets one side's turn points as one labelled step, dropping the sides left at the default, and undoes it", () => {
    const s = apply(loaded, (d) => setSideValueEdit(d, NE, turnPoints, 'blue', 18));
    expect(s.history.past.map((p) => p.label)).toEqual(['Set Turn points per game turn']);
    expect(neBlock(s)?.turnPoints).toEqual({ blue: 18 });
    const back = editorReducer(s, { type: 'undo' });
    expect(neBlock(back)?.turnPoints).toEqual({ red: 20, blue: 20 });
    expect(back.doc).toEqual(loaded.doc);
  });

  it('folds the keystrokes of one field into one step, even through the default and back', () => {
    let s = apply(loaded, (d) => setSideValueEdit(d, NE, turnPoints, 'red', 1));
    s = apply(s, (d) => setSideValueEdit(d, NE, turnPoints, 'red', 2));
    s = apply(s, (d) => setSideValueEdit(d, NE, turnPoints, 'red', 20));
    s = apply(s, (d) => setSideValueEdit(d, NE, turnPoints, 'red', 2));
    s = apply(s, (d) => setSideValueEdit(d, NE, turnPoints, 'red', 24));
    expect(s.history.past).toHaveLength(1);
    expect(neBlock(s)?.turnPoints).toEqual({ red: 24 });
    const back = editorReducer(s, { type: 'undo' });
    expect(back.doc).toEqual(loaded.doc);
    const again = editorReducer(back, { type: 'redo' });
    expect(again.doc).toEqual(s.doc);
    // Another field is another step.
    const other = apply(s, (d) => setSideValueEdit(d, NE, turnPoints, 'blue', 19));
    expect(other.history.past).toHaveLength(2);
  });

  it('stores an out-of-range number as typed, for the validator to flag', () => {
    const s = apply(loaded, (d) => setSideValueEdit(d, NE, turnPoints, 'blue', 41));
    expect(neBlock(s)?.turnPoints).toEqual({ blue: 41 });
  });

  it('switches a rule on and off, the default leaving the document', () => {
    let s = apply(loaded, (d) => setOptionEdit(d, NE, spec('carbines'), true));
    expect(s.history.past.at(-1)?.label).toBe('Switch on Carbines');
    expect(neBlock(s)?.carbines).toBe(true);
    s = apply(s, (d) => setOptionEdit(d, NE, spec('carbines'), false));
    expect(s.history.past.at(-1)?.label).toBe('Switch off Carbines');
    expect(neBlock(s) && 'carbines' in neBlock(s)!).toBe(false);
    expect(s.history.past).toHaveLength(2);
  });

  it('keeps both numbers of a ratio, and drops it at 2:1', () => {
    let s = apply(loaded, (d) => setRatioPartEdit(d, NE, sideRatio, 'a', 3));
    expect(neBlock(s)?.sideRatio).toEqual({ a: 3, d: 1 });
    s = apply(s, (d) => setRatioPartEdit(d, NE, sideRatio, 'd', 2));
    expect(neBlock(s)?.sideRatio).toEqual({ a: 3, d: 2 });
    s = apply(s, (d) => setRatioPartEdit(d, NE, sideRatio, 'a', undefined));
    expect(neBlock(s)?.sideRatio).toEqual({ a: 2, d: 2 });
  });

  it('removes the block and ruleOptions when the last setting goes back to its default', () => {
    const bare: Scenario = { ...doc(loaded), ruleOptions: { [NE]: { carbines: true } } };
    const edit = setOptionEdit(bare, NE, spec('carbines'), undefined);
    expect(edit.changes).toEqual([{ path: ['ruleOptions'], before: { [NE]: { carbines: true } }, after: expect.any(Symbol) }]);
    const none: Scenario = { ...doc(loaded) };
    delete none.ruleOptions;
    const made = setOptionEdit(none, NE, spec('thresholdPercent'), 40);
    expect(made.changes[0]!.after).toEqual({ [NE]: { thresholdPercent: 40 } });
    expect(setOptionEdit(none, NE, spec('thresholdPercent'), 50).changes).toEqual([]);
  });

  it("removes another system's settings, or one misspelt setting, as a step of its own", () => {
    const withOthers: Scenario = { ...doc(loaded), ruleOptions: { ...doc(loaded).ruleOptions, 'square-eagles': { forts: true } } };
    const edit = removeSystemEdit(withOthers, 'square-eagles');
    expect(edit.label).toBe('Remove Square Eagles settings');
    expect(edit.changes[0]!.after).toEqual(doc(loaded).ruleOptions);
    const typo: Scenario = { ...doc(loaded), ruleOptions: { [NE]: { carbine: true } } };
    const gone = removeOptionEdit(typo, NE, 'carbine', 'setting "carbine"');
    expect(gone.label).toBe('Remove setting "carbine"');
    expect(typeof gone.changes[0]!.after).toBe('symbol');
  });
});

describe('parseSettingNumber', () => {
  it('reads numbers, clears on empty, keeps other text for the validator', () => {
    expect(parseSettingNumber(' 18 ')).toBe(18);
    expect(parseSettingNumber('')).toBeUndefined();
    expect(parseSettingNumber('lots')).toBe('lots');
  });
});
