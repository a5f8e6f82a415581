import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument, type ConversionMode, type Ratio } from './convert.js';
import { conversionCsv, conversionHtml, conversionMarkdown, CSV_HEADER, summarizeConversion, type ConversionSummary } from './convert-report.js';
import { parseDocument } from './document.js';
import type { AdcDocument, ArmyList, Unit } from './model.js';
import { validateDocument } from './validate.js';
import { parseCsv } from '../tests/csv.js';

// A 1:60 division of nine units, every arm: two line battalions with 720 men each, three light battalions of which
// only the last gives men, two hussar regiments of which only the first does, a foot battery and an engineer train
// with no Napoleon's Eagles ratings (the format lets a train go without).
const inf = (id: string, name: string, type: string, figures: number, men?: number): Unit => ({
  id, name, arm: 'infantry', type, ...(men === undefined ? {} : { men }),
  ratings: { 'napoleons-eagles': { rating: 'B16C40', figures, ranks: 3 } },
});
const hus = (id: string, name: string, figures: number, men?: number): Unit => ({
  id, name, arm: 'cavalry', type: 'light', ...(men === undefined ? {} : { men }),
  ratings: { 'napoleons-eagles': { rating: 'A16C30', figures } },
});
const nine = (): ArmyList => ({
  type: 'aide-de-camp/army', schemaVersion: 1, id: 'nine', name: 'Division of nine', ruleSystem: 'napoleons-eagles',
  scale: { figureRatio: 60 },
  army: {
    id: 'div', name: 'Division', echelon: 'division',
    formations: [
      { id: 'b1', name: '1st Brigade', echelon: 'brigade', units: [
        inf('l25-1', '1/25e Ligne', 'line', 12, 720), inf('l25-2', '2/25e Ligne', 'line', 12, 720),
        inf('l26-1', '1/26e Léger', 'light', 10), inf('l26-2', '2/26e Léger', 'light', 10), inf('l26-3', '3/26e Léger', 'light', 9, 540),
      ] },
      { id: 'b2', name: 'Light Cavalry', echelon: 'brigade', units: [hus('h1', '1er Hussards', 6, 360), hus('h2', '2e Hussards', 6)] },
    ],
    units: [
      { id: 'art', name: 'Batterie à pied', arm: 'artillery', type: 'foot', ratings: { 'napoleons-eagles': { rating: 'B16B25', guns: 6, calibre: '6lb', models: 1 } } },
      { id: 'sap', name: 'Sapeurs', arm: 'train', type: 'engineers' },
    ],
  },
});

function summary(doc: AdcDocument, to: Ratio, mode: ConversionMode): ConversionSummary {
  const r = convertDocument(doc, to, mode);
  if (!r.ok) throw new Error(r.message);
  return summarizeConversion(doc, r.report);
}

/** The count line's numbers must add up to the rows listed: every unit of the list once, every row once. */
function expectCountAgreesWithRows(s: ConversionSummary, unitsBefore: number) {
  const listed = s.rows.reduce((n, r) => n + r.units, 0);
  expect(listed).toBe(unitsBefore);
  expect(s.count.before).toBe(unitsBefore);
  expect(s.count.after).toBe(s.rows.length);
  const c = s.count;
  expect(c.joined + c.changed + c.batteries + c.trains + c.unrated + c.noFigures + c.same).toBe(unitsBefore);
  expect(c.joined).toBe(s.rows.filter((r) => r.result === 'joined').reduce((n, r) => n + r.units, 0));
  expect(c.changed).toBe(s.rows.filter((r) => r.result === 'changed').length);
}

describe('the count line on a nine-unit list', () => {
  it('double: nine units, seven change their figures, the battery and the train keep theirs', () => {
    const s = summary(nine(), 30, 'double');
    expectCountAgreesWithRows(s, 9);
    // In the list's own order: the division's own units come before its brigades'.
    expect(s.rows.map((r) => [r.id, r.result])).toEqual([
      ['art', 'battery'], ['sap', 'kept'], ['l25-1', 'changed'], ['l25-2', 'changed'], ['l26-1', 'changed'], ['l26-2', 'changed'], ['l26-3', 'changed'],
      ['h1', 'changed'], ['h2', 'changed'],
    ]);
    expect(s.countLine).toBe('9 units: 7 change their figures; 2 keep their figures (a battery: guns never change, models 1 → 2; a train).');
  });

  it('combine: nine units become six, three pairs joined, the unpaired battalion doubled, battery and train kept', () => {
    const s = summary(nine(), 30, 'combine');
    expectCountAgreesWithRows(s, 9);
    expect(s.rows.map((r) => [r.id, r.result, r.units])).toEqual([
      ['art', 'battery', 1], ['sap', 'kept', 1], ['l25-1', 'joined', 2], ['l26-1', 'joined', 2], ['l26-3', 'changed', 1], ['h1', 'joined', 2],
    ]);
    expect(s.countLine).toBe('9 units become 6: 6 join in 3 pairs, 1 changes its figures; 2 keep their figures (a battery: guns never change, models 1 → 2; a train).');
  });

  it('Friant, combined: nine battalions and a battery are not "6 of 6 units"', () => {
    const friant = parseDocument(readFileSync(new URL('../scenarios/fr-division-friant-1809.army.json', import.meta.url), 'utf8'));
    if (!friant.ok) throw new Error('sample unreadable');
    const s = summary(friant.document, 30, 'combine');
    expectCountAgreesWithRows(s, 9);
    expect(s.countLine).toMatch(/^9 units become 6: 6 join in 3 pairs, 2 change their figures; 1 keeps its figures \(a battery: guns never change, models 2 → 3\)\.$/);
  });

  it('says so when nothing changes its figures, and counts units with no figures apart', () => {
    const doc = nine();
    doc.army.formations = [];
    doc.army.units!.push({ id: 'odd', name: 'Odd', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C40' } } });
    const s = summary(doc, 30, 'double');
    expectCountAgreesWithRows(s, 3);
    expect(s.countLine).toBe("3 units: none change; 3 keep their figures (a battery: guns never change, models 1 → 2; a train; one without figures).");
  });
});

describe('men and the ratio', () => {
  it('explains a joined unit whose summed men are twice what its figures stand for, with the numbers', () => {
    const s = summary(nine(), 30, 'combine');
    const line = s.rows.find((r) => r.id === 'l25-1')!;
    expect(line.men).toEqual([1440, 1440]);
    expect(line.menNote).toBe(
      'joined 720 + 720 = 1,440 men; at 1:30 its 24 figures stand for about 720: combining keeps the real headcount of both battalions',
    );
    // A joined unit without men has nothing to explain here; the conversion's warning says why its men are unknown.
    const hussars = s.rows.find((r) => r.id === 'h1')!;
    expect(hussars.menNote).toBeUndefined();
    expect(hussars.men[1]).toBeUndefined();
    expect(hussars.warnings).toEqual([expect.stringMatching(/men are unknown, because "2e Hussards" gives none; "1er Hussards"'s 360 men/)]);
    expect(s.rows.filter((r) => r.menNote).map((r) => r.id)).toEqual(['l25-1']);
  });

  it('totals the men before and after, and says where the known men went and why the figures stand for fewer', () => {
    const s = summary(nine(), 30, 'combine');
    expect(s.men).toEqual({ before: 2340, after: 1980, counted: 1980, standFor: 1260 });
    expect(s.menLine).toBe(
      "Men given: 2,340 before, 1,980 after: 360 belonged to units joined to one that gives none, so the joined unit's men are unknown (see the warnings). " +
        'At 1:30 the figures stand for about 1,260: the joined unit in the notes keeps the headcount of both units it joins.',
    );
  });

  it('has nothing to explain when doubling: figures follow the men', () => {
    const s = summary(nine(), 30, 'double');
    expect(s.rows.some((r) => r.menNote)).toBe(false);
    expect(s.men).toEqual({ before: 2340, after: 2340, counted: 2340, standFor: 2340 });
    expect(s.menLine).toBe('Men given: 2,340, before and after. At 1:30 the figures stand for about 2,340.');
  });

  it('the joined list validates, and its checks share a joined unit\'s men out as the note explains', () => {
    const r = convertDocument(nine(), 30, 'combine');
    if (!r.ok) throw new Error(r.message);
    const problems = validateDocument(r.document);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(problems.filter((p) => /figures for .*men/.test(p.message))).toEqual([]);
  });
});

describe('Markdown', () => {
  it('has the title, the count line, a row per unit, the notes and the warnings', () => {
    const md = conversionMarkdown(summary(nine(), 30, 'combine'), { title: 'Division of nine', appliedAt: '2 May 2026, 14:05' });
    const lines = md.split('\n');
    expect(lines[0]).toBe('# Conversion 1:60 → 1:30 (pairs combined)');
    expect(lines[2]).toBe('**Division of nine**, applied 2 May 2026, 14:05');
    expect(md).toContain('9 units become 6: 6 join in 3 pairs');
    const table = lines.filter((l) => l.startsWith('| '));
    expect(table[0]).toBe('| Unit | Result | Figures | Models | Men | Guns | Frontage | Combined from |');
    expect(table).toHaveLength(2 + 6);
    expect(table).toContain('| 1/25e Ligne + 2/25e Ligne | Joined (2) | 24 |  | 1,440 |  | 9″ | 1/25e Ligne (12) + 2/25e Ligne (12) |');
    expect(table).toContain('| Batterie à pied | Guns kept |  | 1 → 2 |  | 6 | 2″ |  |');
    expect(md).toContain('- **1/25e Ligne + 2/25e Ligne**: joined 720 + 720 = 1,440 men;');
    expect(md).toContain('- **Sapeurs**: kept: a train has no figures to convert.');
    expect(md).toMatch(/## 1 warning\n\n- "1er Hussards \+ 2e Hussards": the joined unit's men are unknown/);
  });

  it('shows names as typed: markup characters escaped, one line', () => {
    const doc = nine();
    doc.army.formations![0]!.units![2]!.name = 'A | B *bold* <b>\nnext';
    const md = conversionMarkdown(summary(doc, 30, 'double'), { title: '# Not a heading' });
    expect(md).toContain('| A \\| B \\*bold\\* \\<b\\> next | Changed |');
    expect(md).toContain('**\\# Not a heading**');
  });
});

describe('CSV', () => {
  it('one row per unit after conversion, numbers as numbers, starting with a byte-order mark', () => {
    const csv = conversionCsv(summary(nine(), 30, 'combine'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(6);
    const col = (name: (typeof CSV_HEADER)[number]) => header!.indexOf(name);
    const line = rows.find((r) => r[col('Id')] === 'l25-1')!;
    expect(line[col('Unit')]).toBe('1/25e Ligne + 2/25e Ligne');
    expect(line[col('Result')]).toBe('Joined (2)');
    expect(line[col('Units')]).toBe('2');
    expect(line[col('Combined from')]).toBe('l25-1 + l25-2');
    expect([line[col('Figures before')], line[col('Figures after')], line[col('Men after')], line[col('Men the figures stand for')]]).toEqual(['24', '24', '1440', '720']);
    expect(line[col('Notes')]).toMatch(/^Joined 720 \+ 720 = 1,440 men; at 1:30 its 24 figures stand for about 720/);
    expect(rows.reduce((n, r) => n + Number(r[col('Units')]), 0)).toBe(9);
    const battery = rows.find((r) => r[col('Id')] === 'art')!;
    expect([battery[col('Guns')], battery[col('Models before')], battery[col('Models after')], battery[col('Figures after')]]).toEqual(['6', '1', '2', '']);
  });

  it('quotes what must be quoted, and keeps a name a spreadsheet would take for a formula a name', () => {
    const doc = nine();
    doc.army.formations![0]!.units![2]!.name = '=HYPERLINK("x"), "Léger"';
    const rows = parseCsv(conversionCsv(summary(doc, 30, 'double')).slice(1));
    expect(rows.find((r) => r[0] === 'l26-1')![1]).toBe('\'=HYPERLINK("x"), "Léger"');
  });
});

describe('printable page', () => {
  it('escapes every name and carries the sheet\'s content policy', () => {
    const doc = nine();
    doc.army.formations![0]!.units![2]!.name = '<script>alert(1)</script>';
    const html = conversionHtml(summary(doc, 30, 'double'), { title: '<img src=x>' }, 'letter');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('size: Letter portrait');
    expect(html).toContain('9 units: 7 change their figures');
  });
});
