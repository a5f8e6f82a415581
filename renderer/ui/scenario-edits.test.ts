import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { victorySentences } from '../../domain/victory-words.js';
import { deleteSelection } from '../map/commands.js';
import { editorReducer, initialEditor, type EditorState } from '../state/editor.js';
import {
  addConditionEdit,
  addObjectiveEdit,
  addRuleEdit,
  briefingTitle,
  moveConditionEdit,
  moveRuleEdit,
  placeObjectiveEdit,
  placementOf,
  removeConditionEdit,
  removeObjectiveEdit,
  removeRuleEdit,
  setBriefingEdit,
  setConditionFieldEdit,
  setConditionKindEdit,
  setObjectiveFieldEdit,
  setObjectivePointEdit,
  setRuleEdit,
  type Edit,
} from './scenario-edits.js';

// se-01: French advance guard (red) against the Austrian rearguard (blue) at Moosdorf, 15 turns, a 4.5″ square grid.
const text = readFileSync(new URL('../../scenarios/se-01-hold-the-bridge.scenario.json', import.meta.url), 'utf8');
const ref = { path: 'sample:se-01-hold-the-bridge.scenario.json', name: 'se-01', kind: 'scenario' as const, source: 'sample' as const };
const loaded = editorReducer(initialEditor('k'), { type: 'load', key: 'k', text, ref, version: 'v1' });
const doc = (s: EditorState): Scenario => s.doc as Scenario;
const apply = (s: EditorState, edit: (d: Scenario) => Edit | null): EditorState => {
  const e = edit(doc(s));
  if (!e) throw new Error('no edit');
  return editorReducer(s, e);
};
const labels = (s: EditorState): string[] => s.history.past.map((p) => p.label);
const undo = (s: EditorState): EditorState => editorReducer(s, { type: 'undo' });

describe('victory condition edits', () => {
  it('adds a hold condition, chooses its side and objective, and says it in words', () => {
    let s = apply(loaded, (d) => addConditionEdit(d, 'hold'));
    s = apply(s, (d) => setConditionFieldEdit(d, 3, 'side', 'blue'));
    s = apply(s, (d) => setConditionFieldEdit(d, 3, 'objectives', ['obj-village']));
    expect(doc(s).victory![3]).toEqual({ kind: 'hold', side: 'blue', objectives: ['obj-village'] });
    expect(labels(s)).toEqual(['Add victory condition: hold objectives', 'Set side of victory condition 4', 'Set objectives of victory condition 4']);
    expect(victorySentences(doc(s))[3]).toBe('Austrian rearguard win if they hold Moosdorf at the end of turn 15.');
    expect(validateDocument(doc(s))).toEqual([]);
    // Each step undoes alone.
    expect(doc(undo(s)).victory![3]).toEqual({ kind: 'hold', side: 'blue', objectives: [] });
    expect(undo(undo(undo(s))).doc).toEqual(loaded.doc);
  });

  it('adds each kind with usable values, and a new hold condition waits for its objectives', () => {
    for (const kind of ['exit', 'destroy', 'points'] as const) {
      const s = apply(loaded, (d) => addConditionEdit(d, kind));
      expect(validateDocument(doc(s)), kind).toEqual([]);
    }
    const hold = apply(loaded, (d) => addConditionEdit(d, 'hold'));
    expect(validateDocument(doc(hold)).map((p) => p.path)).toEqual(['/victory/3/objectives']);
  });

  it('creates the list on a scenario without one, and removing the last condition leaves it empty', () => {
    const { victory: _v, ...bare } = doc(loaded);
    const s0: EditorState = { ...loaded, doc: bare };
    const s = apply(s0, (d) => addConditionEdit(d, 'points'));
    expect(doc(s).victory).toEqual([{ kind: 'points' }]);
    expect(s.history.past[0]!.changes).toEqual([{ path: ['victory'], before: expect.anything(), after: [{ kind: 'points' }] }]);
    expect(doc(undo(s)).victory).toBeUndefined();
    const emptied = apply(s, (d) => removeConditionEdit(d, 0));
    expect(doc(emptied).victory).toEqual([]);
  });

  it('moves a condition up and down, the order the sheet prints, and refuses to move past either end', () => {
    const before = victorySentences(doc(loaded));
    const s = apply(loaded, (d) => moveConditionEdit(d, 2, -1));
    expect(labels(s)).toEqual(['Move victory condition 3 up']);
    expect(victorySentences(doc(s))).toEqual([before[0], before[2], before[1]]);
    expect(moveConditionEdit(doc(loaded), 0, -1)).toBeNull();
    expect(moveConditionEdit(doc(loaded), 2, 1)).toBeNull();
    const down = apply(loaded, (d) => moveConditionEdit(d, 0, 1));
    expect(doc(down).victory!.map((v) => v.kind)).toEqual(['destroy', 'hold', 'points']);
    expect(undo(down).doc).toEqual(loaded.doc);
  });

  it("changes a condition's kind, keeping its side and dropping the old kind's fields", () => {
    // se-01's first condition: the French hold Moosdorf bridge.
    const s = apply(loaded, (d) => setConditionKindEdit(d, 0, 'destroy'));
    expect(doc(s).victory![0]).toEqual({ kind: 'destroy', side: 'red', percent: 50 });
    expect(labels(s)).toEqual(['Make victory condition 1 "destroy part of the enemy\'s force"']);
    // The French deploy on the south edge: their units would leave by the north.
    const exit = apply(s, (d) => setConditionKindEdit(d, 0, 'exit'));
    expect(doc(exit).victory![0]).toEqual({ kind: 'exit', side: 'red', count: 2, edge: 'north' });
    // The Austrians have no deployment edge: north, until the designer says otherwise.
    const blueExit = apply(loaded, (d) => setConditionKindEdit(d, 1, 'exit'));
    expect(doc(blueExit).victory![1]).toMatchObject({ side: 'blue', edge: 'north' });
    const d0 = doc(loaded);
    const eastern = { ...d0, sides: [d0.sides[0], { ...d0.sides[1], deployment: [{ zone: { edge: 'east' as const, depth: 6 } }] }] as Scenario['sides'] };
    const westward = apply({ ...loaded, doc: eastern }, (d) => setConditionKindEdit(d, 1, 'exit'));
    expect(doc(westward).victory![1]).toMatchObject({ side: 'blue', edge: 'west' });
    const points = apply(exit, (d) => setConditionKindEdit(d, 0, 'points'));
    expect(doc(points).victory![0]).toEqual({ kind: 'points', side: 'red' });
    // Either side does not carry over to hold, which is one side's.
    const any = apply(loaded, (d) => setConditionFieldEdit(d, 1, 'side', 'any'));
    const hold = apply(any, (d) => setConditionKindEdit(d, 1, 'hold'));
    expect(doc(hold).victory![1]).toEqual({ kind: 'hold', side: 'red', objectives: [] });
  });

  it('folds typed numbers into one step, and a points condition for either side has no side', () => {
    let s = apply(loaded, (d) => setConditionFieldEdit(d, 1, 'percent', 6, true));
    s = apply(s, (d) => setConditionFieldEdit(d, 1, 'percent', 60, true));
    expect(labels(s)).toEqual(['Set share to destroy of victory condition 2']);
    expect(doc(s).victory![1]).toMatchObject({ percent: 60 });
    const p = apply(apply(loaded, (d) => setConditionFieldEdit(d, 2, 'side', 'blue')), (d) => setConditionFieldEdit(d, 2, 'side', undefined));
    expect(doc(p).victory![2]).toEqual({ kind: 'points' });
  });
});

describe('objective edits', () => {
  it('adds an objective in the centre cell of a gridded map, named, with no id to type', () => {
    const s = apply(loaded, (d) => addObjectiveEdit(d));
    const added = doc(s).objectives![2]!;
    expect(added).toEqual({ id: 'objective-1', name: 'Objective 3', cell: expect.stringMatching(/^[A-Z]+\d+$/) });
    expect(labels(s)).toEqual(['Add objective']);
    expect(validateDocument(doc(s))).toEqual([]);
  });

  it('adds a 3″ circle on a map without a grid', () => {
    const gridless = { ...doc(loaded), grid: { kind: 'none' as const } };
    const s = apply({ ...loaded, doc: gridless }, (d) => addObjectiveEdit(d));
    expect(doc(s).objectives![2]).toMatchObject({ at: [doc(loaded).table.width / 2, doc(loaded).table.height / 2], radius: 3 });
  });

  it('removes an objective and its id from the hold conditions, in one step', () => {
    const s = apply(loaded, (d) => removeObjectiveEdit(d, 0));
    expect(labels(s)).toEqual(['Remove objective Moosdorf bridge']);
    expect(doc(s).objectives!.map((o) => o.id)).toEqual(['obj-village']);
    expect(doc(s).victory![0]).toEqual({ side: 'red', kind: 'hold', objectives: [] });
    expect(undo(s).doc).toEqual(loaded.doc);
  });

  it('deletes an objective from the map as the objectives list does: out of the hold conditions too, one undo step', () => {
    const fromMap = (s: EditorState, pointers: string[]): EditorState => {
      const r = deleteSelection(doc(s), pointers);
      if (!r) throw new Error('nothing deleted');
      return editorReducer(s, { type: 'edit', label: r.label, changes: r.changes });
    };
    const byMap = fromMap(loaded, ['/objectives/0']);
    const byList = apply(loaded, (d) => removeObjectiveEdit(d, 0));
    expect(doc(byMap)).toEqual(doc(byList));
    expect(doc(byMap).victory![0]).toEqual({ side: 'red', kind: 'hold', objectives: [] });
    expect(labels(byMap)).toHaveLength(1);
    expect(undo(byMap).doc).toEqual(loaded.doc);

    // Both at once, with a condition naming both: neither id is left behind, and the condition stays to be filled.
    const both = { ...doc(loaded), victory: [{ side: 'blue', kind: 'hold' as const, objectives: ['obj-bridge', 'obj-village'] }, ...doc(loaded).victory] };
    const s = fromMap({ ...loaded, doc: both }, ['/objectives/0', '/objectives/1']);
    expect(doc(s).objectives).toEqual([]);
    expect(doc(s).victory.filter((c) => c.kind === 'hold').map((c) => (c as { objectives: string[] }).objectives)).toEqual([[], []]);
    expect(JSON.stringify(doc(s).victory)).not.toMatch(/obj-/);
    expect(doc(undo(s))).toEqual(both);
  });

  it('keeps an id in the conditions while another objective still has it', () => {
    const twice = { ...doc(loaded), objectives: [...doc(loaded).objectives!, { ...doc(loaded).objectives![0]!, name: 'Copy' }] };
    const s = apply({ ...loaded, doc: twice }, (d) => removeObjectiveEdit(d, 0));
    expect(doc(s).victory![0]).toEqual(doc(loaded).victory![0]);
  });

  it('sets name, VP and holder, and places by feature, cell and point', () => {
    let s = apply(loaded, (d) => setObjectiveFieldEdit(d, 1, 'name', 'Moosdorf village', true));
    s = apply(s, (d) => setObjectiveFieldEdit(d, 1, 'vp', 80, true));
    s = apply(s, (d) => setObjectiveFieldEdit(d, 1, 'heldBy', undefined));
    expect(doc(s).objectives![1]).toEqual({ id: 'obj-village', name: 'Moosdorf village', feature: 'tn-moosdorf', vp: 80 });
    expect(labels(s)).toEqual(['Set name of Moosdorf', 'Set victory points of Moosdorf village', 'Set holder at the start of Moosdorf village']);

    const inCell = apply(s, (d) => placeObjectiveEdit(d, 1, 'cell'));
    const o = doc(inCell).objectives![1]!;
    expect(placementOf(o)).toBe('cell');
    expect(o.feature).toBeUndefined();
    expect(o.cell).toMatch(/^[A-Z]+\d+$/);
    const atPoint = apply(inCell, (d) => placeObjectiveEdit(d, 1, 'point'));
    expect(placementOf(doc(atPoint).objectives![1])).toBe('point');
    expect(doc(atPoint).objectives![1]).toMatchObject({ radius: 3 });
    const moved = apply(atPoint, (d) => setObjectivePointEdit(d, 1, 0, 10));
    expect(doc(moved).objectives![1]!.at![0]).toBe(10);
    const back = apply(moved, (d) => placeObjectiveEdit(d, 1, 'feature', 'br-moosdorf'));
    expect(doc(back).objectives![1]).toEqual({ id: 'obj-village', name: 'Moosdorf village', vp: 80, feature: 'br-moosdorf' });
    expect(labels(back).slice(-1)).toEqual(['Place Moosdorf village on a feature']);
    expect(validateDocument(doc(back))).toEqual([]);
  });
});

describe('briefing and special rule edits', () => {
  it('titles briefings by side name, never by id', () => {
    expect(briefingTitle(doc(loaded), 'red')).toBe('French advance guard briefing');
    expect(briefingTitle(doc(loaded), 'umpire')).toBe("Umpire's notes");
    expect(briefingTitle(doc(loaded), 'green')).toBe('Briefing for no side');
  });

  it("types a side's briefing as one step, and removes it when emptied", () => {
    let s = apply(loaded, (d) => setBriefingEdit(d, 'blue', 'Hold'));
    s = apply(s, (d) => setBriefingEdit(d, 'blue', 'Hold the bridge.'));
    expect(labels(s)).toEqual(['Edit Austrian rearguard briefing']);
    expect(doc(s).briefings!.blue).toBe('Hold the bridge.');
    const cleared = apply(s, (d) => setBriefingEdit(d, 'blue', ''));
    expect(doc(cleared).briefings).not.toHaveProperty('blue');
    // The last briefing cleared takes `briefings` with it.
    const bare = { ...doc(loaded), briefings: { red: 'x' } };
    const none = apply({ ...loaded, doc: bare }, (d) => setBriefingEdit(d, 'red', ''));
    expect(doc(none).briefings).toBeUndefined();
  });

  it('adds, edits, reorders and removes special rules', () => {
    const count = doc(loaded).specialRules!.length;
    let s = apply(loaded, (d) => addRuleEdit(d));
    s = apply(s, (d) => setRuleEdit(d, count, 'The mill'));
    s = apply(s, (d) => setRuleEdit(d, count, 'The mill burns on turn 3.'));
    s = apply(s, (d) => moveRuleEdit(d, count, -1));
    expect(doc(s).specialRules![count - 1]).toBe('The mill burns on turn 3.');
    expect(labels(s)).toEqual(['Add special rule', `Edit special rule ${count + 1}`, `Move special rule ${count + 1} up`]);
    s = apply(s, (d) => removeRuleEdit(d, count - 1));
    expect(doc(s).specialRules).toEqual(doc(loaded).specialRules);
    expect(moveRuleEdit(doc(loaded), 0, -1)).toBeNull();
  });
});
