import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument } from './convert.js';
import { parseDocument } from './document.js';
import { unitsOf } from './forces.js';
import type { ArmyList, Scenario, Unit } from './model.js';
import { validateDocument } from './validate.js';

// A 1:60 division with an odd battalion, men that agree with figures and men that do not (file-format.md, "Conversion").
function load(file: string) {
  const r = parseDocument(readFileSync(new URL(`../tests/fixtures/convert/${file}`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.document;
}
const division = () => load('division.army.json') as ArmyList;
const byId = (units: Unit[], id: string) => units.find((u) => u.id === id)!;
const ne = (u: Unit) => u.ratings!['napoleons-eagles']!;

describe('double, 1:60 → 1:30', () => {
  const input = division();
  const r = convertDocument(input, 30, 'double');
  if (!r.ok) throw new Error(r.message);
  const units = unitsOf((r.document as ArmyList).army);

  it('doubles the figures of every infantry and cavalry unit without men', () => {
    expect(ne(byId(units, 'b1-11l-1')).figures).toBe(24);
    expect(ne(byId(units, 'b2-4l-1')).figures).toBe(22);
  });

  it('uses round(men / 30) where men is given, and notes when that disagrees with doubling', () => {
    expect(ne(byId(units, 'b1-82-1')).figures).toBe(23); // 700 / 30 = 23.3, doubling 10 would give 20
    expect(ne(byId(units, 'b2-12l-1')).figures).toBe(18); // 540 / 30 = 18 agrees with doubling 9
    expect(r.report.warnings.map((w) => w.id)).toEqual(['b1-82-1']);
    expect(r.report.warnings[0]!.message).toMatch(/700 men make 23 figures at 1:30/);
  });

  it('never changes real guns, and recomputes models at up to 3 guns a model', () => {
    const art = ne(byId(units, 'd7-art'));
    expect(art.guns).toBe(6);
    expect(art.howitzers).toBe(2);
    expect(art.models).toBe(3); // 8 pieces: 2 models at 1:60, 3 at 1:30
  });

  it('updates the ratio, reports every unit with frontage, and leaves the input untouched', () => {
    expect(r.document.scale?.figureRatio).toBe(30);
    expect(r.report).toMatchObject({ from: 60, to: 30, mode: 'double' });
    expect(r.report.units.map((u) => u.id).sort()).toEqual(unitsOf(input.army).map((u) => u.id).sort());
    const light = r.report.units.find((u) => u.id === 'b1-11l-1')!;
    expect(light).toMatchObject({ before: { figures: 12 }, after: { figures: 24 }, frontage: 9 }); // 24 × 3/8"
    const twoRank = r.report.units.find((u) => u.id === 'b2-12l-1')!;
    expect(twoRank.frontage).toBe(9); // 18 × 1/2"
    const cav = r.report.units.find((u) => u.id === 'd7-hus')!;
    expect(cav.frontage).toBe(7.5); // 10 × 3/4"
    expect(ne(byId(unitsOf(input.army), 'b1-11l-1')).figures).toBe(12);
    expect(input.scale?.figureRatio).toBe(60);
  });

  it('gives a document that still validates', () => {
    expect(validateDocument(r.document).filter((p) => p.severity === 'error')).toEqual([]);
  });
});

describe('round trip', () => {
  it('1:60 → 1:30 → 1:60 gives back the original figures and models where men and figures agree', () => {
    const input = division();
    const there = convertDocument(input, 30);
    if (!there.ok) throw new Error(there.message);
    const back = convertDocument(there.document, 60);
    if (!back.ok) throw new Error(back.message);
    const before = unitsOf(input.army);
    for (const u of unitsOf((back.document as ArmyList).army)) {
      const orig = byId(before, u.id);
      // 1/82e Ligne's 10 figures disagree with its 700 men; the men decide, as the format says.
      const expected = u.id === 'b1-82-1' ? Math.round(700 / 60) : ne(orig).figures;
      expect(ne(u).figures, u.id).toBe(expected);
      expect(ne(u).models, u.id).toBe(ne(orig).models);
    }
  });
});

describe('double, 1:30 → 1:60', () => {
  it('halves figures, rounding an odd count up with a warning', () => {
    const there = convertDocument(division(), 30);
    if (!there.ok) throw new Error(there.message);
    const odd = structuredClone(there.document) as ArmyList;
    ne(byId(unitsOf(odd.army), 'b2-4l-1')).figures = 21;
    const back = convertDocument(odd, 60);
    if (!back.ok) throw new Error(back.message);
    expect(ne(byId(unitsOf((back.document as ArmyList).army), 'b2-4l-1')).figures).toBe(11);
    expect(back.report.warnings).toContainEqual({ id: 'b2-4l-1', message: expect.stringMatching(/21 figures do not halve evenly; rounded up to 11/) });
  });
});

describe('combine', () => {
  const r = convertDocument(division(), 30, 'combine');
  if (!r.ok) throw new Error(r.message);
  const units = unitsOf((r.document as ArmyList).army);

  it('joins sibling units of the same arm, type and rating, summing figures and keeping ids', () => {
    const joined = byId(units, 'b1-11l-1');
    expect(joined.name).toBe('1/11e Léger + 2/11e Léger');
    expect(joined.mergedFrom).toEqual(['b1-11l-1', 'b1-11l-2']);
    expect(ne(joined).figures).toBe(24);
    expect(units.find((u) => u.id === 'b1-11l-2')).toBeUndefined();
  });

  it('does not join units that differ in type or rating, and doubles the unpaired ones', () => {
    // 1/82e Ligne shares the rating but not the type; 1/12e Léger and 1/4e Ligne differ in rating and type.
    expect(ne(byId(units, 'b1-82-1')).figures).toBe(23);
    expect(ne(byId(units, 'b2-12l-1')).figures).toBe(18);
    expect(ne(byId(units, 'b2-4l-1')).figures).toBe(22);
    expect(units).toHaveLength(6);
  });

  it('refuses to combine from 1:30 to 1:60', () => {
    const there = convertDocument(division(), 30);
    if (!there.ok) throw new Error(there.message);
    expect(convertDocument(there.document, 60, 'combine')).toMatchObject({ ok: false });
  });
});

// Seed 004's conversion pages: two 1:60 units joined make one 1:30 unit (rules notes §7, item 2); figures add up.
// What `men` the joined unit has is ours to say: only what both units give.
describe('combine: men of the joined unit', () => {
  const battalion = (name: string, figures: number, men?: number): Unit => ({
    id: name.replace('/', '-'), name, arm: 'infantry', type: 'line', ...(men === undefined ? {} : { men }),
    ratings: { 'napoleons-eagles': { rating: 'B16C40', figures, ranks: 3 } },
  });
  const pair = (a: Unit, b: Unit): ArmyList => ({
    type: 'aide-de-camp/army', schemaVersion: 1, id: 'pair', name: 'Pair', ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 60 }, army: { id: 'bde', name: 'Brigade', echelon: 'brigade', units: [a, b] },
  });
  const combined = (a: Unit, b: Unit) => {
    const r = convertDocument(pair(a, b), 30, 'combine');
    if (!r.ok) throw new Error(r.message);
    const [joined, ...others] = unitsOf((r.document as ArmyList).army);
    expect(others).toEqual([]);
    return { r, joined: joined! };
  };
  const unknownMen = /the joined unit's men are unknown, because "1\/25e" gives none; "2\/25e"'s 700 men are only part of it, so "men" is left out/;

  it('9 figures without men + 12 figures of 700 men: 21 figures, no men, and a warning saying why', () => {
    const { r, joined } = combined(battalion('1/25e', 9), battalion('2/25e', 12, 700));
    expect(ne(joined).figures).toBe(21);
    expect(joined.men).toBeUndefined();
    expect(r.report.warnings).toEqual([{ id: '1-25e', message: expect.stringMatching(unknownMen) }]);
    expect(r.report.units[0]).toMatchObject({
      before: { figures: 21 },
      after: { figures: 21 },
      mergedFrom: [{ id: '1-25e', name: '1/25e', figures: 9 }, { id: '2-25e', name: '2/25e', figures: 12, men: 700 }],
    });
    expect(r.report.units[0]!.before.men).toBeUndefined();
    expect(r.report.units[0]!.after.men).toBeUndefined();
  });

  it('drops the first unit\'s own men too when the second has none', () => {
    const { r, joined } = combined(battalion('2/25e', 12, 700), battalion('1/25e', 9));
    expect(joined.men).toBeUndefined();
    expect(r.report.warnings).toEqual([{ id: '2-25e', message: expect.stringMatching(/"2\/25e"'s 700 men are only part of it/) }]);
  });

  it('sums the men when both units give them: 720 + 690 = 1410, with 12 + 12 = 24 figures', () => {
    const { r, joined } = combined(battalion('1/25e', 12, 720), battalion('2/25e', 12, 690));
    expect(joined.men).toBe(1410);
    expect(ne(joined).figures).toBe(24);
    expect(r.report.warnings).toEqual([]);
    expect(r.report.units[0]).toMatchObject({ before: { figures: 24, men: 1410 }, after: { figures: 24, men: 1410 } });
  });

  it('claims no men, and warns of none, when neither unit gives them', () => {
    const { r, joined } = combined(battalion('1/25e', 12), battalion('2/25e', 12));
    expect(joined.men).toBeUndefined();
    expect(r.report.warnings).toEqual([]);
  });

  it('round trip with men unknown: 21 figures halve back to 11, with the odd-count warning, not 12 from one unit\'s men', () => {
    const { r } = combined(battalion('1/25e', 9), battalion('2/25e', 12, 700));
    const back = convertDocument(r.document, 60);
    if (!back.ok) throw new Error(back.message);
    const [unit] = unitsOf((back.document as ArmyList).army);
    expect(ne(unit!).figures).toBe(11);
    expect(unit!.men).toBeUndefined();
    expect(back.report.warnings).toEqual([{ id: '1-25e', message: expect.stringMatching(/21 figures do not halve evenly; rounded up to 11/) }]);
  });

  it('round trip with both men: 1440 men give 24 figures at 1:60, and the report says halving would give 12', () => {
    const { r } = combined(battalion('1/25e', 12, 720), battalion('2/25e', 12, 720));
    const back = convertDocument(r.document, 60);
    if (!back.ok) throw new Error(back.message);
    const [unit] = unitsOf((back.document as ArmyList).army);
    expect(ne(unit!).figures).toBe(24);
    expect(back.report.warnings).toEqual([
      { id: '1-25e', message: expect.stringMatching(/1440 men make 24 figures at 1:60, but halving 24 figures gives 12; used 24 from the men/) },
    ]);
  });
});

describe('scenarios', () => {
  it('renames references to a unit folded into another, so deployments still resolve', () => {
    const army = division();
    const unit = (id: string, x: number): Unit => ({ ...byId(unitsOf(army.army), id), setup: { at: [x, 40], facing: 0 } });
    const doc = {
      type: 'aide-de-camp/scenario', schemaVersion: 1, id: 's', title: 'S', ruleSystem: 'napoleons-eagles',
      scale: { figureRatio: 60 }, table: { width: 72, height: 48 }, terrain: [],
      sides: [
        { id: 'red', name: 'Red', army: { id: 'ra', name: 'R', echelon: 'brigade', units: [byId(unitsOf(army.army), 'b1-11l-1'), byId(unitsOf(army.army), 'b1-11l-2')] },
          deployment: [{ zone: { edge: 'south', depth: 8 }, units: ['b1-11l-1', 'b1-11l-2'] }] },
        { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'B', echelon: 'brigade', units: [unit('b2-4l-1', 10)] } },
      ],
    } as unknown as Scenario;
    const r = convertDocument(doc, 30, 'combine');
    if (!r.ok) throw new Error(r.message);
    expect((r.document as Scenario).sides[0].deployment![0]!.units).toEqual(['b1-11l-1']);
    expect(validateDocument(r.document).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('explains why a document without a ratio cannot convert', () => {
    const doc = division();
    delete doc.scale;
    expect(convertDocument(doc, 30)).toMatchObject({ ok: false, message: expect.stringMatching(/figureRatio/) });
  });
});
