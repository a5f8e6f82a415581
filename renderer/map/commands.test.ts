import { describe, expect, it } from 'vitest';
import type { Feature, Scenario } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { editorReducer, initialEditor } from '../state/editor.js';
import { applyChanges } from '../state/history.js';
import { blankScenario } from '../state/templates.js';
import {
  addBlocks,
  addCrossing,
  addEntry,
  addFeature,
  addObjective,
  addVertex,
  addZone,
  copyFeatures,
  deleteSelection,
  deleteVertex,
  joinReinforcement,
  moveSelection,
  moveVertex,
  paintCells,
  pasteFeatures,
  placeUnit,
  reorder,
  rotateUnits,
  transformSelection,
  unitRows,
  type EditResult,
} from './commands.js';

const base = (): Scenario => {
  // The points below are placed on a 36″ table, whatever size a new scenario's table has.
  const s: Scenario = { ...blankScenario(), table: { width: 36, height: 36 } };
  s.sides[0].army.units = [{ id: 'fr-1', name: '1er Ligne', arm: 'infantry', type: 'line', ratings: { 'square-eagles': { sp: 7 } } }];
  s.sides[1].army.units = [{ id: 'gb-1', name: '95th', arm: 'infantry', type: 'light', ratings: { 'square-eagles': { sp: 5 } } }];
  return s;
};

/** Applies a command's changes as the editor would, and checks that undoing them restores the original. */
function run(doc: Scenario, r: EditResult | null): Scenario {
  expect(r).not.toBeNull();
  const next = applyChanges(doc, r!.changes, 'forward');
  expect(applyChanges(next, r!.changes, 'back')).toEqual(doc);
  return next;
}

const square: [number, number][] = [[2, 2], [10, 2], [10, 10], [2, 10]];

describe('adding terrain', () => {
  it('gives new features kind-numbered ids and defaults, and selects them', () => {
    let doc = base();
    const r = addFeature(doc, 'woods', { polygon: square });
    expect(r.select).toEqual(['/terrain/0']);
    doc = run(doc, r);
    doc = run(doc, addFeature(doc, 'woods', { polygon: square }));
    doc = run(doc, addFeature(doc, 'river', { path: [[0, 20], [36, 20]] }));
    expect(doc.terrain.map((f) => f.id)).toEqual(['woods-1', 'woods-2', 'river-1']);
    expect(doc.terrain[0]).toMatchObject({ density: 'light' });
    expect(doc.terrain[2]).toMatchObject({ width: 1 });
  });

  it('puts a bridge on the nearest river, or refuses without one', () => {
    expect(addCrossing(base(), 'bridge', [5, 5])).toBeNull();
    let doc = run(base(), addFeature(base(), 'river', { path: [[0, 20], [36, 20]] }));
    doc = run(doc, addCrossing(doc, 'bridge', [12.4, 17]));
    expect(doc.terrain[1]).toMatchObject({ kind: 'bridge', river: 'river-1', at: [12.4, 20] });
    expect(validateDocument(doc).filter((p) => p.path.startsWith('/terrain'))).toEqual([]);
  });

  it('lays blocks on the 4" lattice and makes them part of the town they stand in', () => {
    let doc = run(base(), addFeature(base(), 'town', { polygon: [[8, 8], [20, 8], [20, 20], [8, 20]] }));
    doc = run(doc, addBlocks(doc, [[9, 9], [10, 9], [13, 9], [30, 30]]));
    const blocks = doc.terrain.filter((f) => f.kind === 'building-block');
    expect(blocks.map((b) => (b as { at: unknown }).at)).toEqual([[8, 8], [12, 8], [28, 28]]);
    expect(blocks.map((b) => (b as { town?: string }).town)).toEqual(['town-1', 'town-1', undefined]);
    expect(doc.terrain[0]).toMatchObject({ blocks: ['block-1', 'block-2'] });
    // A square already built on is skipped.
    expect(addBlocks(doc, [[9, 9]])).toBeNull();
  });

  it('levels a hill drawn inside another one higher', () => {
    let doc = run(base(), addFeature(base(), 'hill', { polygon: [[0, 0], [20, 0], [20, 20], [0, 20]] }));
    doc = run(doc, addFeature(doc, 'hill', { polygon: [[5, 5], [15, 5], [15, 15], [5, 15]] }));
    expect(doc.terrain.map((f) => (f as { level?: number }).level)).toEqual([1, 2]);
  });

  it('paints cells into the selected area, erases them, and drops an area left empty', () => {
    let doc = run(base(), paintCells(base(), 'woods', ['A1', 'B1'], false, null));
    doc = run(doc, paintCells(doc, 'woods', ['B1', 'C1'], false, '/terrain/0'));
    expect(doc.terrain[0]).toMatchObject({ cells: ['A1', 'B1', 'C1'] });
    doc = run(doc, paintCells(doc, 'woods', ['B1'], true, null));
    expect(doc.terrain[0]).toMatchObject({ cells: ['A1', 'C1'] });
    doc = run(doc, paintCells(doc, 'woods', ['A1', 'C1'], true, null));
    expect(doc.terrain).toEqual([]);
  });
});

describe('editing', () => {
  const drawn = (): Scenario => {
    let doc = base();
    doc = run(doc, addFeature(doc, 'river', { path: [[0, 20], [36, 20]] }));
    doc = run(doc, addCrossing(doc, 'ford', [18, 19]));
    doc = run(doc, addFeature(doc, 'town', { polygon: [[8, 0], [20, 0], [20, 12], [8, 12]] }));
    doc = run(doc, addBlocks(doc, [[9, 1]]));
    return doc;
  };

  it('moves a town with its blocks, and a river with its crossings', () => {
    let doc = drawn();
    doc = run(doc, moveSelection(doc, ['/terrain/2'], 4, 4));
    expect(doc.terrain[2]).toMatchObject({ polygon: [[12, 4], [24, 4], [24, 16], [12, 16]] });
    expect(doc.terrain[3]).toMatchObject({ at: [12, 4], town: 'town-1' });
    doc = run(doc, moveSelection(doc, ['/terrain/0'], 0, 2));
    expect(doc.terrain[1]).toMatchObject({ at: [18, 22] });
  });

  it('moves a block out of its town and lets go of it', () => {
    let doc = drawn();
    doc = run(doc, moveSelection(doc, ['/terrain/3'], 20, 20));
    expect(doc.terrain[3]).toMatchObject({ at: [28, 20] });
    expect((doc.terrain[3] as { town?: string }).town).toBeUndefined();
    expect((doc.terrain[2] as { blocks?: string[] }).blocks).toBeUndefined();
  });

  it('rotates outlines about a point with an affine map', () => {
    let doc = run(base(), addFeature(base(), 'lake', { polygon: square }));
    // Half a turn about (6, 6).
    doc = run(doc, transformSelection(doc, ['/terrain/0'], [-1, 0, 0, -1, 12, 12], 'Rotate'));
    expect((doc.terrain[0] as { polygon: unknown }).polygon).toEqual([[10, 10], [2, 10], [2, 2], [10, 2]]);
  });

  it('moves, inserts and deletes corners, keeping at least three', () => {
    let doc = run(base(), addFeature(base(), 'woods', { polygon: [[2, 2], [10, 2], [6, 8]] }));
    doc = run(doc, moveVertex(doc, '/terrain/0/polygon/2', [6, 9]));
    expect(deleteVertex(doc, '/terrain/0/polygon/0')).toBeNull();
    const added = addVertex(doc, '/terrain/0/polygon', 0, [6, 1]);
    expect(added?.select).toEqual(['/terrain/0/polygon/1']);
    doc = run(doc, added);
    doc = run(doc, deleteVertex(doc, '/terrain/0/polygon/2'));
    expect((doc.terrain[0] as { polygon: unknown }).polygon).toEqual([[2, 2], [6, 1], [6, 9]]);
  });

  it('deletes features and lets towns and blocks forget each other', () => {
    let doc = drawn();
    doc = run(doc, deleteSelection(doc, ['/terrain/2']));
    expect(doc.terrain.map((f) => f.kind)).toEqual(['river', 'ford', 'building-block']);
    expect((doc.terrain[2] as { town?: string }).town).toBeUndefined();
  });

  it('keeps an objective where its deleted feature stood, with its name, VP, holder and hold condition', () => {
    const free: Scenario = { ...base(), grid: { kind: 'none' } };
    let doc = run(free, addFeature(free, 'town', { polygon: [[10, 10], [18, 10], [18, 16], [10, 16]] }));
    doc = run(doc, addFeature(doc, 'woods', { polygon: [[24, 24], [30, 24], [30, 30]] }));
    const town = doc.terrain[0]!.id;
    doc = { ...doc, terrain: doc.terrain.map((f, i) => (i === 0 ? { ...f, name: 'Lissdorf' } : f)) };
    doc = { ...doc, objectives: [{ id: 'obj-town', feature: town, vp: 150, heldBy: doc.sides[1].id }] };
    doc = { ...doc, victory: [{ kind: 'hold', side: doc.sides[0].id, objectives: ['obj-town'] }] };
    const before = doc;
    doc = run(doc, deleteSelection(doc, ['/terrain/0']));
    // The town's outline is 8" × 6": the circle keeps inside it (3", half the smaller side), centred where it was.
    expect(doc.objectives).toEqual([{ id: 'obj-town', name: 'Lissdorf', vp: 150, heldBy: before.sides[1].id, at: [14, 13], radius: 3 }]);
    expect(doc.victory).toEqual(before.victory);
    expect(validateDocument(doc).filter((p) => p.path.startsWith('/objectives') || p.path.startsWith('/victory'))).toEqual([]);
  });

  it('turns an objective on a deleted feature of a gridded map into the cell it stood in', () => {
    let doc: Scenario = { ...base(), grid: { kind: 'square', cell: 6 } };
    doc = run(doc, addFeature(doc, 'woods', { polygon: [[12, 12], [18, 12], [18, 18], [12, 18]] }));
    doc = { ...doc, objectives: [{ id: 'obj-wood', feature: doc.terrain[0]!.id, vp: 50 }] };
    doc = run(doc, deleteSelection(doc, ['/terrain/0']));
    expect(doc.objectives).toEqual([{ id: 'obj-wood', name: 'Unnamed woods 1', vp: 50, cell: 'C3' }]);
  });

  it('brings a feature forward past the next one of its kind', () => {
    let doc = base();
    for (const kind of ['woods', 'lake', 'woods'] as const) doc = run(doc, addFeature(doc, kind, { polygon: square }));
    const r = reorder(doc, '/terrain/0', 1);
    expect(r?.select).toEqual(['/terrain/2']);
    doc = run(doc, r);
    expect(doc.terrain.map((f) => f.id)).toEqual(['lake-1', 'woods-2', 'woods-1']);
    expect(reorder(doc, '/terrain/2', 1)).toBeNull();
  });

  it('pastes copies with new ids, offset, with references inside the copy following it', () => {
    const doc = drawn();
    const copies = copyFeatures(doc, ['/terrain/2', '/terrain/3']);
    const next = run(doc, pasteFeatures(doc, copies, 1));
    const [town, block] = next.terrain.slice(4) as [Feature & { blocks?: string[] }, Feature & { town?: string; at: [number, number] }];
    expect(town.id).toBe('town-2');
    expect(town.blocks).toEqual([block.id]);
    expect(block).toMatchObject({ town: 'town-2', at: [9, 1] });
    // A pasted crossing lands back on its river.
    const ford = run(doc, pasteFeatures(doc, copyFeatures(doc, ['/terrain/1']), 1)).terrain[4] as { at: [number, number] };
    expect(ford.at[1]).toBe(20);
  });
});

describe('scenario layers', () => {
  it('places units in the cell under the drop on gridded maps, facing away from their edge, and turns them', () => {
    let doc = base();
    doc = run(doc, placeUnit(doc, '/sides/0/army/units/0', [33, 15], 180));
    expect(doc.sides[0].army.units![0]!.setup).toEqual({ cell: 'F3', facing: 180 });
    doc = run(doc, rotateUnits(doc, ['/sides/0/army/units/0'], 1));
    expect(doc.sides[0].army.units![0]!.setup!.facing).toBe(270);
    doc = run(doc, moveSelection(doc, ['/sides/0/army/units/0'], -6, 6));
    expect(doc.sides[0].army.units![0]!.setup!.cell).toBe('E4');
    doc = run(doc, deleteSelection(doc, ['/sides/0/army/units/0']));
    expect(doc.sides[0].army.units![0]!.setup).toBeUndefined();
    expect(unitRows(doc).map((r) => [r.id, r.placed])).toEqual([['fr-1', false], ['gb-1', false]]);
  });

  it('places units by point on maps without a grid', () => {
    const doc = { ...base(), ruleSystem: 'napoleons-eagles' as const, grid: { kind: 'none' as const } };
    const next = run(doc, placeUnit(doc, '/sides/1/army/units/0', [12.34, 30.001], 0));
    expect(next.sides[1].army.units![0]!.setup).toEqual({ at: [12.34, 30.001], facing: 0 });
  });

  it('adds zones, entries and objectives, and sends a unit in with a reinforcement', () => {
    let doc = base();
    doc = run(doc, addZone(doc, 0, { edge: 'north', depth: 6 }));
    doc = run(doc, addEntry(doc, 1, { at: [20, 34] }));
    expect(doc.sides[1].reinforcements).toEqual([{ units: [], turn: 2, entry: { at: [20, 36] } }]);
    doc = run(doc, placeUnit(doc, '/sides/1/army/units/0', [3, 3], 0));
    doc = run(doc, joinReinforcement(doc, '/sides/1/army/units/0', '/sides/1/reinforcements/0'));
    expect(doc.sides[1].reinforcements![0]!.units).toEqual(['gb-1']);
    expect(doc.sides[1].army.units![0]!.setup).toBeUndefined();
    doc = run(doc, addFeature(doc, 'town', { polygon: square }));
    doc = run(doc, addObjective(doc, { feature: 'town-1' }));
    doc = run(doc, addObjective(doc, { at: [30, 30] }));
    expect(doc.objectives).toEqual([
      // Named by its town, and by a name of its own at a point; VP from the rules' table, as the inspector adds them.
      { id: 'objective-1', feature: 'town-1' },
      { id: 'objective-2', name: 'Objective 2', at: [30, 30], radius: 3 },
    ]);
    // Red's zone, listing no units, covers every unit of the side without a set-up position.
    expect(validateDocument(doc).filter((p) => p.severity === 'error')).toEqual([]);
  });
});

describe('through the editor', () => {
  it('is one undo step per command, selects what it made, and drops a stale selection on undo', () => {
    const doc = base();
    let s = editorReducer(initialEditor('k'), { type: 'load', key: 'k', text: JSON.stringify(doc), ref: null, version: null });
    const r = addFeature(s.doc as Scenario, 'woods', { polygon: square });
    s = editorReducer(s, { type: 'edit', label: r.label, changes: r.changes, select: r.select! });
    expect(s.selection).toEqual(['/terrain/0']);
    expect(s.selected).toBe('/terrain/0');
    s = editorReducer(s, { type: 'undo' });
    expect(s.selection).toEqual([]);
    expect(s.selected).toBeNull();
    expect(s.history.future).toHaveLength(1);
  });
});
