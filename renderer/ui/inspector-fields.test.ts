import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AdcDocument, Scenario } from '../../domain/model.js';
import { editorReducer, initialEditor, type EditorAction, type EditorState } from '../state/editor.js';
import { setAt } from '../state/history.js';
import { blankScenario } from '../state/templates.js';
import { edgesValue, fieldEdit, fieldsFor, leaderFields, markerFields, type FieldSpec } from './inspector-fields.js';

const text = readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8');
const ref = { path: 'sample:ne-01-plancenoit.scenario.json', name: 'ne-01', kind: 'scenario' as const, source: 'sample' as const };
const loaded = editorReducer(initialEditor('k'), { type: 'load', key: 'k', text, ref, version: 'v1' });
const doc = (s: EditorState): Scenario => s.doc as Scenario;
const applied = <T,>(root: T, action: EditorAction): T => (action.type === 'edit' ? action.changes.reduce((d, c) => setAt(d, c.path, c.after), root) : root);

/** The Young Guard division's leader and a brigade leader with ratings of his own. */
const DUHESME = '/sides/1/army/formations/0/leader';
const keys = (specs: FieldSpec[]) => specs.map((f) => f.at.split('/').pop());
const field = (specs: FieldSpec[], key: string) => specs.find((f) => f.at.endsWith(`/${key}`))!;

describe('Napoleon\'s Eagles fields', () => {
  it("gives a leader his five ratings with the echelon's default as placeholder", () => {
    const specs = fieldsFor(loaded.doc!, 'leader', {}, DUHESME);
    expect(keys(specs)).toEqual(['name', 'id', 'moraleBonus', 'meleeBonus', 'commandRadius', 'initiative', 'misreadPenalty']);
    expect(field(specs, 'commandRadius').placeholder).toBe('15″ (division default)');
    expect(field(specs, 'moraleBonus').placeholder).toBe('1 (division default)');
    expect(field(specs, 'initiative').placeholder).toBe('5 (division default)');
    expect(field(leaderFields('corps'), 'commandRadius').placeholder).toBe('20″ (corps default)');
    // An army commander needs no initiative number.
    expect(field(leaderFields('army'), 'initiative').placeholder).toBe('none (army leader)');
  });

  it('shows each marker only for the arm it belongs to', () => {
    expect(keys(markerFields('infantry'))).toEqual(['guard', 'skirmishers']);
    expect(keys(markerFields('cavalry'))).toEqual(['guard']);
    expect(keys(markerFields('artillery'))).toEqual(['guardBattery', 'regimental']);
    expect(markerFields('train')).toEqual([]);
  });

  it("shows a field of another arm while the unit holds a value in it, so it can be cleared", () => {
    const battery = { arm: 'artillery', ratings: { 'napoleons-eagles': { guns: 6, guard: 'old', figures: 4 } } };
    expect(keys(markerFields('artillery', battery))).toEqual(['guard', 'guardBattery', 'regimental']);
    const shown = keys(fieldsFor(loaded.doc!, 'unit', battery));
    expect(shown).toContain('figures');
    expect(shown).not.toContain('ranks');
    expect(shown).toContain('calibre');
    expect(keys(fieldsFor(loaded.doc!, 'unit', { arm: 'infantry' }))).not.toContain('guns');
  });

  it('gives no leader ratings or markers under another rule system', () => {
    const se = { ...loaded.doc!, ruleSystem: 'square-eagles' } as AdcDocument;
    expect(keys(fieldsFor(se, 'leader', {}, DUHESME))).toEqual(['name', 'id']);
    expect(keys(fieldsFor(se, 'unit', { arm: 'infantry' }))).not.toContain('guard');
  });
});

describe('terrain and scenario fields', () => {
  it('edits the terrain facts of each kind', () => {
    const at = (kind: string, extra: Record<string, unknown> = {}) => keys(fieldsFor(loaded.doc!, 'feature', { kind, ...extra }));
    expect(at('bridge')).toContain('capacity');
    expect(at('ford')).toEqual(['name', 'id', 'crossingActions', 'disorders']);
    expect(at('river')).toEqual(['name', 'id', 'width', 'fordable', 'crossingActions', 'disorders']);
    expect(at('fortification')).toContain('works');
    expect(at('soft-ground')).toContain('surface');
    expect(at('building-block')).toContain('fortifiedSides');
    const ford = fieldsFor(loaded.doc!, 'feature', { kind: 'ford' });
    expect(field(ford, 'crossingActions').placeholder).toBe('2 (default)');
  });

  it('checks a date as it is typed', () => {
    const date = field(fieldsFor(loaded.doc!, 'document', {}), 'date');
    expect(date.placeholder).toBe('1815, 1815-06 or 1815-06-18');
    expect(date.check!('1815-06-18')).toBeNull();
    expect(date.check!('1815-02-30')).toMatch(/has 28 days/);
    expect(date.check!('June 1815')).toMatch(/"1815", "1815-06" or "1815-06-18"/);
  });

  it('ticks fortified sides in compass order, none at all removing the field', () => {
    expect(edgesValue(undefined, 'west', true)).toEqual(['west']);
    expect(edgesValue(['west'], 'north', true)).toEqual(['north', 'west']);
    expect(edgesValue(['north'], 'north', false)).toBeUndefined();
  });
});

describe('fieldEdit', () => {
  const run = (s: EditorState, pointer: string, at: string, value: unknown): EditorState => {
    const spec = fieldsFor(s.doc!, pointer.endsWith('/leader') ? 'leader' : 'unit', {}, pointer).find((f) => f.at === at)
      ?? markerFields('infantry').find((f) => f.at === at)!;
    return editorReducer(s, fieldEdit(s.doc!, pointer, spec, value));
  };
  const CHARTRAND = '/sides/1/army/formations/0/formations/0/leader';
  const LINE = '/sides/1/army/formations/1/formations/0/units/0';

  it("sets a leader's rating as one labelled step, typing folded, and undo restores him", () => {
    let s = run(loaded, CHARTRAND, '/ratings/napoleons-eagles/commandRadius', 1);
    s = run(s, CHARTRAND, '/ratings/napoleons-eagles/commandRadius', 12);
    expect(s.history.past.map((p) => p.label)).toEqual(['Edit command radius']);
    expect(doc(s).sides[1].army.formations![0]!.formations![0]!.leader!.ratings).toEqual({ 'napoleons-eagles': { moraleBonus: 1, meleeBonus: 5, commandRadius: 12 } });
    expect(editorReducer(s, { type: 'undo' }).doc).toEqual(loaded.doc);
  });

  it('leaves no empty ratings block behind when a marker is cleared again', () => {
    const bare = editorReducer(loaded, fieldEdit(loaded.doc!, LINE, markerFields('infantry')[1]!, undefined));
    const unitNe = (s: EditorState) => doc(s).sides[1].army.formations![1]!.formations![0]!.units![0]!.ratings;
    expect(unitNe(bare)?.['napoleons-eagles']?.skirmishers).toBeUndefined();
    expect(unitNe(bare)?.['napoleons-eagles']?.rating).toBe('B16C42');
    // A leader with no ratings at all: set one, clear it, and nothing is left.
    const noRatings: Scenario = structuredClone(doc(loaded));
    delete noRatings.sides[1].army.formations![0]!.formations![0]!.leader!.ratings;
    const spec = leaderFields('brigade')[2]!;
    const set = fieldEdit(noRatings, CHARTRAND, spec, 10);
    expect(set.type === 'edit' && set.changes.map((c) => [c.path.join('/'), c.after])).toEqual([
      ['sides/1/army/formations/0/formations/0/leader/ratings', { 'napoleons-eagles': { commandRadius: 10 } }],
    ]);
    const rated = applied(noRatings, set);
    const clear = fieldEdit(rated, CHARTRAND, spec, undefined);
    expect(applied(rated, clear)).toEqual(noRatings);
  });

  it("renames an army still named after its side along with the side, in the same step, and leaves a named one be", () => {
    const blank = editorReducer(initialEditor('b'), { type: 'load', key: 'b', text: JSON.stringify(blankScenario('square-eagles')), ref: null, version: null });
    const rename = (s: EditorState, i: number, value: unknown) => {
      const spec = fieldsFor(s.doc!, 'side', {}, `/sides/${i}`).find((f) => f.at === '/name')!;
      return editorReducer(s, fieldEdit(s.doc!, `/sides/${i}`, spec, value));
    };
    // Typed a letter at a time, as the field sends it.
    let s = blank;
    for (const typed of ['F', 'Fr', 'French']) s = rename(s, 0, typed);
    expect(doc(s).sides.map((side) => [side.name, side.army.name])).toEqual([['French', 'French army'], ['Blue', 'Blue army']]);
    expect(s.history.past.map((p) => p.label)).toEqual(['Edit name']);
    expect(editorReducer(s, { type: 'undo' }).doc).toEqual(blank.doc);
    // Emptied, the side leaves its army's name as it was.
    expect(doc(rename(s, 0, undefined)).sides[0].army.name).toBe('French army');
    // An army with a name of its own keeps it.
    const named = rename(loaded, 1, 'Armée du Nord');
    expect(doc(named).sides[1].army.name).toBe(doc(loaded).sides[1].army.name);
    expect(doc(named).sides[1].name).toBe('Armée du Nord');
  });
});
