import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isScenario, type AdcDocument, type ArmyList, type Scenario } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { pointerToPath } from '../state/editor.js';
import { applyChanges, emptyHistory, record, undo } from '../state/history.js';
import { armyListFromSide, copyArmyIntoSide } from './army-files.js';
import { diffChanges, setValueChanges } from './diff.js';
import { addFormation, addLeader, addUnits, collectIds, deleteNodes, duplicateNodes, indexForces, moveNodes, newUnit, slug, uniqueId } from './forces.js';

const load = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../scenarios/${name}`, import.meta.url), 'utf8')) as T;
const friant = load<ArmyList>('fr-division-friant-1809.army.json');
const plancenoit = load<Scenario>('ne-01-plancenoit.scenario.json');

/** An edit's document as the army list or scenario it must be, failing the test otherwise. */
function listOf(doc: AdcDocument): ArmyList {
  if (isScenario(doc)) throw new Error('expected an army list');
  return doc;
}
function scenarioOf(doc: AdcDocument): Scenario {
  if (!isScenario(doc)) throw new Error('expected a scenario');
  return doc;
}

/** Applying the diff to the old document must give the new one, and undoing it the old one again. */
function roundTrip<T>(before: T, after: T) {
  const changes = diffChanges(before, after);
  expect(applyChanges(before, changes, 'forward')).toEqual(after);
  const h = record(emptyHistory(), 'x', changes);
  expect(undo(applyChanges(before, changes, 'forward'), h)!.root).toEqual(before);
  return changes;
}

describe('ids', () => {
  it('makes readable ids from names and keeps them unique', () => {
    expect(slug('1/15e Léger')).toBe('1-15e-leger');
    expect(slug('  ')).toBe('unit');
    const taken = new Set(['a', 'a-2']);
    expect(uniqueId('a', taken)).toBe('a-3');
    expect(uniqueId('b', taken)).toBe('b');
    expect(uniqueId('b', taken)).toBe('b-2');
    expect(uniqueId('bad id!', taken)).toBe('bad-id-');
  });
});

describe('diffChanges', () => {
  it('records only what changed, and sets deep values by creating the highest missing parent', () => {
    const a = { x: { y: 1, z: [1, 2] }, k: 'v' };
    const b = { x: { y: 2, z: [1, 2] }, k: 'v', n: true };
    expect(roundTrip(a, b)).toHaveLength(2);
    const unit = { id: 'u', ratings: {} as Record<string, unknown> };
    const c = setValueChanges(unit, ['ratings', 'napoleons-eagles', 'figures'], 12);
    expect(c).toEqual([{ path: ['ratings', 'napoleons-eagles'], before: expect.anything(), after: { figures: 12 } }]);
    expect(setValueChanges(unit, ['ratings', 'x', 'y'], undefined)).toEqual([]);
  });

  it('replaces a reordered list whole', () => {
    const a = { units: [{ id: 'a', n: 1 }, { id: 'b', n: 2 }] };
    const b = { units: [{ id: 'b', n: 2 }, { id: 'a', n: 1 }] };
    expect(roundTrip(a, b)).toEqual([{ path: ['units'], before: a.units, after: b.units }]);
  });
});

describe('structural edits', () => {
  it('adds a division with two brigades of units and a leader, all validating', () => {
    let doc: ArmyList = { type: 'aide-de-camp/army', schemaVersion: 1, id: 'l', name: 'L', ruleSystem: 'napoleons-eagles', scale: { figureRatio: 60 }, army: { id: 'army', name: 'Army', echelon: 'corps', formations: [], units: [] } };
    let r = addFormation(doc, 'army', '1st Division');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    doc = listOf(r.doc);
    const div = r.ids[0]!;
    expect(doc.army.formations![0]!.echelon).toBe('division');
    for (const name of ['Brigade A', 'Brigade B']) {
      r = addFormation(doc, div, name);
      if (!r.ok) throw new Error(r.message);
      doc = listOf(r.doc);
      const brigade = r.ids[0]!;
      r = addUnits(doc, brigade, [1, 2].map((i) => ({ ...newUnit('', `${i}/${name}`, 'napoleons-eagles'), ratings: { 'napoleons-eagles': { rating: 'B16C30', figures: 12, ranks: 3 } } })));
      if (!r.ok) throw new Error(r.message);
      doc = listOf(r.doc);
    }
    r = addLeader(doc, div, 'Gén. Friant');
    if (!r.ok) throw new Error(r.message);
    doc = listOf(r.doc);
    expect(addLeader(doc, div).ok).toBe(false);
    expect(doc.army.formations![0]!.formations!.map((f) => f.echelon)).toEqual(['brigade', 'brigade']);
    expect(validateDocument(doc).filter((p) => p.severity === 'error')).toEqual([]);
    expect(collectIds(doc).size).toBe(1 + 1 + 1 + 2 + 4 + 1);
  });

  it('duplicates with fresh ids, deletes, and moves units between formations', () => {
    const d = duplicateNodes(friant, ['gilly']);
    if (!d.ok) throw new Error(d.message);
    const ids = [...collectIds(d.doc)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(listOf(d.doc).army.formations![1]!.name).toBe('Brigade Gilly (copy)');
    roundTrip(friant, d.doc);

    const del = deleteNodes(friant, ['l15-1', 'l15-2', 'friant', 'friant-gen']);
    if (!del.ok) throw new Error(del.message);
    expect(listOf(del.doc).army.formations![0]!.units!.map((u) => u.id)).not.toContain('l15-1');
    expect(listOf(del.doc).army.leader).toBeUndefined();
    expect(listOf(del.doc).army.id).toBe('friant');

    const index = indexForces(friant);
    const target = index.entries.find((e) => e.kind === 'formation' && e.id !== 'gilly' && e.id !== 'friant')!;
    const m = moveNodes(friant, ['l15-1', 'l15-2'], { formationId: target.id });
    if (!m.ok) throw new Error(m.message);
    const moved = indexForces(m.doc);
    expect(moved.byId.get('l15-1')!.parentId).toBe(target.id);
    expect(moved.byId.get('l15-2')!.parentId).toBe(target.id);
    // Reorder within a formation: the second before the first.
    const re = moveNodes(friant, ['l15-2'], { formationId: 'gilly', beforeId: 'l15-1' });
    if (!re.ok) throw new Error(re.message);
    expect(listOf(re.doc).army.formations![0]!.units!.slice(0, 2).map((u) => u.id)).toEqual(['l15-2', 'l15-1']);
    expect(moveNodes(friant, ['friant'], { formationId: 'gilly' }).ok).toBe(false);
    expect(moveNodes(friant, ['gilly'], { formationId: 'gilly' }).ok).toBe(false);
  });

  it('drops deleted units from deployments and reinforcements', () => {
    const side = plancenoit.sides.findIndex((s) => (s.reinforcements ?? []).length > 0 || (s.deployment ?? []).some((d) => d.units?.length));
    expect(side).toBeGreaterThanOrEqual(0);
    const named = [...(plancenoit.sides[side]!.deployment ?? []).flatMap((d) => d.units ?? []), ...(plancenoit.sides[side]!.reinforcements ?? []).flatMap((r) => r.units)];
    const r = deleteNodes(plancenoit, [named[0]!]);
    if (!r.ok) throw new Error(r.message);
    const s = scenarioOf(r.doc).sides[side]!;
    expect([...(s.deployment ?? []).flatMap((d) => d.units ?? []), ...(s.reinforcements ?? []).flatMap((x) => x.units)]).not.toContain(named[0]);
    expect(validateDocument(r.doc).filter((p) => p.severity === 'error' && /not found|unknown|no unit/i.test(p.message))).toEqual([]);
  });

  it('drops a deleted or departing leader from the lists that name it, as it does a unit', () => {
    const doc: Scenario = structuredClone(plancenoit);
    const index = indexForces(doc);
    const leader = index.entries.find((e) => e.kind === 'leader' && e.root === 0)!;
    const unit = index.entries.find((e) => e.kind === 'unit' && e.root === 0)!;
    doc.sides[0].deployment = [{ zone: { edge: 'west', depth: 12 }, units: [leader.id, unit.id] }];
    const del = deleteNodes(doc, [leader.id]);
    if (!del.ok) throw new Error(del.message);
    expect(scenarioOf(del.doc).sides[0].deployment![0]!.units).toEqual([unit.id]);
    const other = index.entries.find((e) => e.kind === 'formation' && e.root === 1 && !e.node.leader)!;
    const moved = moveNodes(doc, [leader.id], { formationId: other.id });
    if (!moved.ok) throw new Error(moved.message);
    expect(scenarioOf(moved.doc).sides[0].deployment![0]!.units).toEqual([unit.id]);
  });

  it('edits in the formation a node sits in, even when an earlier node has that formation\'s id', () => {
    // A draft may repeat an id: here the unit "b" comes before the brigade "b" that holds u1 and u2.
    const doc: ArmyList = {
      type: 'aide-de-camp/army', schemaVersion: 1, id: 'l', name: 'L', ruleSystem: 'napoleons-eagles',
      army: { id: 'army', name: 'Army', echelon: 'division', formations: [
        { id: 'a', name: 'A', echelon: 'brigade', units: [newUnit('b', 'B', undefined)] },
        { id: 'b', name: 'Brigade B', echelon: 'brigade', units: [newUnit('u1', 'U1', undefined), newUnit('u2', 'U2', undefined)] },
      ] },
    };
    const del = deleteNodes(doc, ['u1']);
    if (!del.ok) throw new Error(del.message);
    expect(listOf(del.doc).army.formations!.map((f) => f.units!.map((u) => u.id))).toEqual([['b'], ['u2']]);
    const dup = duplicateNodes(doc, ['u2']);
    if (!dup.ok) throw new Error(dup.message);
    expect(listOf(dup.doc).army.formations![1]!.units!.map((u) => u.name)).toEqual(['U1', 'U2', 'U2 (copy)']);
    const re = moveNodes(doc, ['u2'], { formationId: 'a' });
    if (!re.ok) throw new Error(re.message);
    expect(listOf(re.doc).army.formations!.map((f) => f.units!.map((u) => u.id))).toEqual([['b', 'u2'], ['u1']]);
  });
});

describe('indexForces', () => {
  it('keeps unchanged formations\' entries between edits and answers as a fresh index of the same document would', () => {
    // A fresh index: a deep copy has no formation the index has met before.
    const fresh = (doc: AdcDocument) => indexForces(structuredClone(doc), false);
    let doc: AdcDocument = plancenoit;
    const first = indexForces(doc);
    expect(first).toEqual(fresh(doc));
    const unit = first.entries.find((e) => e.kind === 'unit' && e.root === 1)!;
    // A change of one unit's name, as the table commits it: only the path to it is copied.
    doc = applyChanges(doc, setValueChanges(doc, pointerToPath(`${unit.pointer}/name`), 'Renamed'), 'forward');
    const second = indexForces(doc);
    expect(second).toEqual(fresh(doc));
    expect(second.byPointer.get(unit.pointer)!.node.name).toBe('Renamed');
    // The other side's entries are the same objects as before; the edited unit's are new.
    const other = first.entries.find((e) => e.kind === 'unit' && e.root === 0)!;
    expect(second.byPointer.get(other.pointer)).toBe(other);
    expect(second.byPointer.get(unit.pointer)).not.toBe(unit);
    // Structural edits move what comes after them: added, moved and deleted nodes.
    const formation = first.entries.find((e) => e.kind === 'formation' && e.root === 0 && e.depth > 0)!;
    for (const edit of [
      (d: AdcDocument) => addUnits(d, formation.id, [newUnit('new-battalion', 'New battalion', 'napoleons-eagles')]),
      (d: AdcDocument) => moveNodes(d, [other.id], { formationId: formation.id }),
      (d: AdcDocument) => deleteNodes(d, [formation.id]),
    ]) {
      const r = edit(doc);
      if (!r.ok) throw new Error(r.message);
      doc = r.doc;
      expect(indexForces(doc)).toEqual(fresh(doc));
    }
  });
});

describe('army lists and sides', () => {
  it('copies a list into a side, renaming only the ids that clash', () => {
    const once = copyArmyIntoSide(plancenoit, 0, friant, 'add');
    expect(once.renamed).toEqual([]);
    const twice = copyArmyIntoSide(once.doc, 1, friant, 'add');
    const ids = [...collectIds(twice.doc)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(twice.renamed.length).toBe(indexForces({ ...friant }).entries.length);
    expect(twice.renamed[0]).toEqual(['friant', 'friant-2']);
    expect(validateDocument(twice.doc).filter((p) => /used twice/.test(p.message))).toEqual([]);
  });

  it('replaces a side\'s army, keeping the list\'s ids when only the old army used them', () => {
    const once = copyArmyIntoSide(plancenoit, 0, friant, 'replace');
    const again = copyArmyIntoSide(once.doc, 0, friant, 'replace');
    expect(again.renamed).toEqual([]);
    expect(again.doc.sides[0].army.id).toBe('friant');
    const s = again.doc.sides[0];
    const units = new Set(indexForces(again.doc).entries.filter((e) => e.kind === 'unit' && e.root === 0).map((e) => e.id));
    for (const d of s.deployment ?? []) for (const u of d.units ?? []) expect(units.has(u)).toBe(true);
  });

  it('lists copied units in the side\'s deployment zone when asked, and says so when they have nowhere to stand', () => {
    const withZone: Scenario = structuredClone(plancenoit);
    withZone.sides[1].deployment = [{ zone: { edge: 'west', depth: 12 }, units: [] }];
    const r = copyArmyIntoSide(withZone, 1, friant, 'add', { deploy: true });
    expect(r.doc.sides[1].deployment![0]!.units).toEqual(indexForces(friant).entries.filter((e) => e.kind === 'unit').map((e) => e.id));
    expect(r.notes.join(' ')).not.toMatch(/no set-up/);
    expect(copyArmyIntoSide(plancenoit, 1, friant, 'add').notes.join(' ')).toMatch(/9 copied units have no set-up/);
  });

  it('saves a side as an army list that validates', () => {
    const list = armyListFromSide(plancenoit, 0);
    expect(list.type).toBe('aide-de-camp/army');
    expect(list.army).toEqual(expect.objectContaining({ id: plancenoit.sides[0].army.id }));
    expect(JSON.stringify(list)).not.toContain('"setup"');
    expect(validateDocument(list).filter((p) => p.severity === 'error')).toEqual([]);
  });
});
