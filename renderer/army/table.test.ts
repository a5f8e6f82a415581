import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARMS, type ArmyList, type Arm } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { applyChanges } from '../state/history.js';
import { BASE_COLUMNS, appliesTo, bulkChanges, cellChanges, cellPointer, columnsFor, normalizeCalibre, parseCell, parseNumber } from './columns.js';
import { previewConversion } from './convert-preview.js';
import { DEFAULT_TYPE, collectIds, indexForces, newUnit, type UnitEntry } from './forces.js';
import { columnForHeader, describePaste, looksLikeRows, parseTsv, rowsToUnits } from './paste.js';
import { armsLine, formationTotals, totalsLine } from './totals.js';

const friant = JSON.parse(readFileSync(new URL('../../scenarios/fr-division-friant-1809.army.json', import.meta.url), 'utf8')) as ArmyList;
const col = (key: string, system = 'napoleons-eagles' as const) => columnsFor(system).find((c) => c.key === key)!;

describe('cells', () => {
  it('reads what users type the way a spreadsheet would', () => {
    expect(parseNumber('1,200')).toBe(1200);
    expect(parseNumber('12a')).toBe('12a');
    expect(parseCell(col('arm'), 'Cav')).toBe('cavalry');
    expect(parseCell(col('type'), 'gren', { arm: 'infantry' })).toBe('grenadier');
    expect(parseCell(col('type'), 'heavy', { arm: 'cavalry' })).toBe('heavy');
    expect(parseCell(col('rating'), ' b16c30 ')).toBe('B16C30');
    expect(parseCell(col('men'), '')).toBeUndefined();
    expect(normalizeCalibre('12 pdr')).toBe('12lb');
    expect(normalizeCalibre('8')).toBe('8-9lb');
    expect(parseCell(columnsFor('square-eagles').find((c) => c.key === 'traits')!, 'Stubborn, guard')).toEqual(['stubborn', 'guard']);
    expect(columnsFor(undefined).map((c) => c.key)).toEqual([...BASE_COLUMNS.map((c) => c.key), 'vp']);
  });

  it('reads the Napoleon\'s Eagles markers as the file format stores them', () => {
    expect(parseCell(col('guard'), 'Old Guard')).toBe('old');
    expect(parseCell(col('guard'), 'y')).toBe('young');
    expect(parseCell(col('guard'), 'imperial')).toBe('imperial'); // kept as typed, for the validator to name
    expect(parseCell(col('guardBattery'), 'yes')).toBe(true);
    expect(parseCell(col('regimental'), 'no')).toBe(false);
    expect(parseCell(col('rifles'), 'maybe')).toBe('maybe');
    expect(parseCell(col('skirmishers'), '3')).toBe(3);
    const index = indexForces(friant);
    const first = index.entries.find((e): e is UnitEntry => e.kind === 'unit' && e.node.arm === 'infantry')!;
    const after = applyChanges(friant, cellChanges(friant, first.pointer, col('guard'), 'young'), 'forward');
    expect(indexForces(after).byPointer.get(first.pointer)!.node).toEqual(expect.objectContaining({ ratings: expect.objectContaining({ 'napoleons-eagles': expect.objectContaining({ guard: 'young' }) }) }));
  });

  it('bulk-sets one column for many units, as one list of changes', () => {
    const index = indexForces(friant);
    const units = index.entries.filter((e): e is UnitEntry => e.kind === 'unit' && e.node.arm === 'infantry').slice(0, 3).map((e) => ({ pointer: e.pointer, unit: e.node }));
    const changes = bulkChanges(friant, units, col('vp'), '25');
    expect(changes).toHaveLength(3);
    const after = applyChanges(friant, changes, 'forward');
    expect(units.map((u) => indexForces(after).byPointer.get(u.pointer)!.node)).toEqual(units.map(() => expect.objectContaining({ vp: 25 })));
    expect(cellChanges(friant, units[0]!.pointer, col('name'), (units[0]!.unit).name)).toEqual([]);
  });

  it('takes an arm named like a property every object has for no arm at all', () => {
    // A draft may say anything; "toString" passes an `in ARMS` test but names no list of types.
    expect(parseCell(col('type'), 'gren', { arm: 'toString' })).toBe('grenadier');
    expect(newUnit('u', 'U', undefined, { arm: 'constructor' as Arm, type: 'line' })).toEqual({ id: 'u', name: 'U', arm: 'infantry', type: 'line' });
    expect(rowsToUnits('Name\tArm\nU\ttoString', undefined, new Set()).units[0]).toEqual(expect.objectContaining({ arm: 'toString', type: 'line' }));
  });
});

describe('paste', () => {
  const text = [
    'Unit\tArm\tType\tRating\tFigs\tRanks\tVP\tColonel',
    '1/4e Ligne\tinf\tline\tB16C30\t12\t3\t20\tBoyer',
    '"2/4e, Ligne"\tInfantry\tline\tb16c30\t12\t3\t\tX',
    'Cuirassiers\t\theavy\tB18C52\t8\t\t\t',
  ].join('\r\n');

  it('maps columns by header, with aliases and any case, and reports the rest', () => {
    expect(columnForHeader('Name')!.key).toBe('name');
    expect(columnForHeader('FIGURES')!.key).toBe('figures');
    expect(columnForHeader('Victory Points')!.key).toBe('vp');
    expect(columnForHeader('Colonel')).toBeUndefined();
    expect(looksLikeRows(text)).toBe(true);
    expect(looksLikeRows('B16C30')).toBe(false);
    expect(parseTsv('a\t"b\tc"\n"d ""q"""\te\n')).toEqual([['a', 'b\tc'], ['d "q"', 'e']]);

    const taken = collectIds(friant);
    const r = rowsToUnits(text, 'napoleons-eagles', taken);
    expect(r.unmapped).toEqual(['Colonel']);
    expect(r.units).toHaveLength(3);
    expect(r.units[0]).toEqual({ id: '1-4e-ligne', name: '1/4e Ligne', arm: 'infantry', type: 'line', vp: 20, ratings: { 'napoleons-eagles': { rating: 'B16C30', figures: 12, ranks: 3 } } });
    expect(r.units[1]!.name).toBe('2/4e, Ligne');
    expect(r.units[1]!.vp).toBeUndefined();
    expect(r.units[2]).toEqual(expect.objectContaining({ arm: 'cavalry', type: 'heavy' }));
    expect(r.notes).toEqual(['Row 4 ("Cuirassiers") names no arm; it was taken as cavalry.']);
    expect(describePaste(r, 'Brigade Gilly')).toBe('Added 3 units to Brigade Gilly. Columns not mapped: Colonel.');
  });

  it('never reuses an id the document has, nor one of its own rows', () => {
    const taken = collectIds(friant);
    const r = rowsToUnits('Id\tName\nl15-1\tA\nnew\tB\nnew\tC', 'napoleons-eagles', taken);
    expect(r.units.map((u) => u.id)).toEqual(['l15-3', 'new', 'new-2']);
    expect(r.notes.filter((n) => /id/.test(n)).length).toBe(2);
  });

  it('says so when no header is recognised', () => {
    const r = rowsToUnits('foo\tbar\n1\t2', 'napoleons-eagles', new Set());
    expect(r.units).toEqual([]);
    expect(r.notes[0]).toMatch(/No column header/);
  });
});

describe('totals', () => {
  it('counts units by arm, figures, guns, men and VP with the default table', () => {
    const t = formationTotals(friant.army, 'napoleons-eagles');
    const units = indexForces(friant).entries.filter((e) => e.kind === 'unit').map((e) => e.node);
    expect(t.units).toBe(units.length);
    expect(t.figures).toBe(units.reduce((s, u) => s + (u.ratings?.['napoleons-eagles']?.figures ?? 0), 0));
    expect(t.men).toBe(units.reduce((s, u) => s + (u.men ?? 0), 0));
    expect(t.vpFromTable).toBe(units.filter((u) => u.vp === undefined).length);
    expect(t.vp).toBeGreaterThan(0);
    expect(armsLine(t)).toMatch(/^\d+ inf/);
    expect(totalsLine(t)).toMatch(/^\d+ units \(\d+ inf · 1 art\) · \d+ figures · 6 guns \+ 2 how\. · [\d,]+ men · \d+ VP$/);
    expect(formationTotals(friant.army, undefined).vpUnknown).toBe(t.vpFromTable);
  });
});

describe('conversion preview', () => {
  it('lists every unit before and after, and applies as changes that double the figures', () => {
    const p = previewConversion(friant, 'double');
    if (!p.ok) throw new Error(p.message);
    expect(p.to).toBe(30);
    const first = p.rows.find((r) => r.figures[0] !== undefined)!;
    expect(first.figures[1]).toBeGreaterThan(first.figures[0]!);
    const after = applyChanges(friant, p.changes, 'forward');
    expect(after.scale?.figureRatio).toBe(30);
    expect(applyChanges(after, p.changes, 'back')).toEqual(friant);
    const c = previewConversion(friant, 'combine');
    expect(c.ok && c.rows.some((r) => r.mergedFrom)).toBe(true);
  });
});

describe('columns that apply to some arms only', () => {
  const SAMPLE: Record<string, string> = { number: '2', flag: 'yes', guard: 'young', calibre: '6lb' };

  it('are the ones the checks object to on the other arms', () => {
    const first = indexForces(friant).entries.find((e): e is UnitEntry => e.kind === 'unit')!;
    const limited = columnsFor('napoleons-eagles').filter((c) => c.arms);
    expect(limited.map((c) => c.key)).toEqual(expect.arrayContaining(['ranks', 'guns', 'calibre', 'guardBattery']));
    for (const c of limited) {
      for (const arm of Object.keys(ARMS) as Arm[]) {
        if (appliesTo(c, arm)) continue;
        const unit = { ...first.node, arm, type: DEFAULT_TYPE[arm] } as typeof first.node;
        let doc = applyChanges(friant, cellChanges(friant, first.pointer, BASE_COLUMNS[1]!, arm), 'forward');
        doc = applyChanges(doc, cellChanges(doc, first.pointer, BASE_COLUMNS[2]!, unit.type), 'forward');
        doc = applyChanges(doc, cellChanges(doc, first.pointer, c, parseCell(c, SAMPLE[c.kind]!, unit)), 'forward');
        const at = cellPointer(first.pointer, c);
        expect(validateDocument(doc).some((p) => p.path === at), `${c.key} on ${arm}`).toBe(true);
      }
    }
  });

  it('apply to every arm for a unit whose arm is not known yet', () => {
    const ranks = col('ranks');
    expect(appliesTo(ranks, 'infantry')).toBe(true);
    expect(appliesTo(ranks, 'artillery')).toBe(false);
    expect(appliesTo(ranks, undefined)).toBe(true);
    expect(appliesTo(ranks, 'toString')).toBe(true);
    expect(appliesTo(col('name'), 'artillery')).toBe(true);
  });
});

