// Hex Skirmish checks, each case worked out by hand from seed 002 before the code ran.
import { describe, expect, it } from 'vitest';
import type { Problem } from '../problems.js';
import { validateDocument } from '../validate.js';
import type { AdcDocument } from '../model.js';
import { hexDistance } from './hex-skirmish-checks.js';
import { parseCell, type HexGrid } from '../grid.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases edit the document freely, as a user would
type Doc = any;

const unit = (id: string, arm: string, type: string, men: number, cell?: string): Doc => ({
  id,
  name: id,
  arm,
  type,
  ratings: { 'hex-skirmish': { men } },
  ...(cell ? { setup: { cell } } : {}),
});

/**
 * A 64.1" × 51" flat-top map of 6" hexes (12 columns A–L, 8 rows). Red costs exactly 100 points: 56 infantry men,
 * 14 horsemen (21), a cannon with 5 crew (15), a baggage with 3 drivers (5) and its captain (3); blue costs 43.
 */
function scenario(): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'hx-case',
    title: 'A case',
    ruleSystem: 'hex-skirmish',
    table: { width: 64.1, height: 51 },
    grid: { kind: 'hex', cell: 6, orientation: 'flat' },
    terrain: [],
    sides: [
      {
        id: 'red',
        name: 'Red',
        army: {
          id: 'red-coy',
          name: 'Company',
          echelon: 'brigade',
          leader: { id: 'red-capt', name: 'Captain' },
          units: [
            unit('r1', 'infantry', 'line', 20, 'A1'),
            unit('r2', 'infantry', 'line', 20, 'A2'),
            unit('r3', 'infantry', 'line', 16, 'A3'),
            unit('rc', 'cavalry', 'light', 14, 'B1'),
            unit('gun', 'artillery', 'foot', 5, 'D3'),
            unit('bag', 'train', 'baggage', 3, 'H3'),
          ],
        },
      },
      {
        id: 'blue',
        name: 'Blue',
        army: { id: 'blue-coy', name: 'Band', echelon: 'brigade', leader: { id: 'blue-capt', name: 'Jefe' }, units: [unit('b1', 'infantry', 'militia', 20, 'L8'), unit('b2', 'infantry', 'militia', 20, 'K8')] },
      },
    ],
    turns: { limit: 12 },
    victory: [{ kind: 'points' }],
  };
}

const problems = (doc: Doc): Problem[] => validateDocument(doc as AdcDocument);
const at = (doc: Doc, path: string): Problem[] => problems(doc).filter((p) => p.path === path);
const units = (doc: Doc, side = 0): Doc[] => doc.sides[side].army.units;
const U = (i: number) => `/sides/0/army/units/${i}`;

describe('the sample case itself', () => {
  it('is clean: red 56 + 21 + 15 + 5 + 3 = 100 points exactly, its cannon 4 hexes from its baggage', () => {
    expect(problems(scenario())).toEqual([]);
  });
});

describe('cost against the set piece ("Set Piece"; the unit table\'s costs)', () => {
  it('18 men instead of 16 make red 102: foot 58 + 5 crew + 3 drivers = 66, cavalry 21, cannon 10, baggage 2, officer 3', () => {
    const doc = scenario();
    units(doc)[2].ratings['hex-skirmish'].men = 18;
    expect(at(doc, '/sides/0')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: '"Red" costs 102 points (men on foot 66, cavalry 21, cannon 10, baggage 2, officers 3), more than the 100 each side begins with in a set-piece battle',
        hint: expect.stringContaining('Set Piece'),
      }),
    ]);
  });

  it('a cavalry man costs 1.5: one man on foot traded for a 15th horseman makes 100.5, over the 100', () => {
    const doc = scenario();
    units(doc)[2].ratings['hex-skirmish'].men = 15;
    units(doc)[3].ratings['hex-skirmish'].men = 15;
    expect(at(doc, '/sides/0')).toEqual([expect.objectContaining({ message: expect.stringContaining('costs 100.5 points') })]);
  });

  it('every leader is an officer at 3: a second one makes red 103', () => {
    const doc = scenario();
    doc.sides[0].army.formations = [{ id: 'red-pl', name: 'Platoon', echelon: 'brigade', leader: { id: 'red-lt', name: 'Lieutenant' }, units: [] }];
    expect(at(doc, '/sides/0')).toEqual([expect.objectContaining({ message: expect.stringContaining('costs 103 points') })]);
  });

  it('reinforcements are paid for too: held back, the cavalry still counts', () => {
    const doc = scenario();
    units(doc)[2].ratings['hex-skirmish'].men = 18;
    delete units(doc)[3].setup;
    doc.sides[0].reinforcements = [{ units: ['rc'], turn: 2, entry: { edge: 'west' } }];
    expect(at(doc, '/sides/0')).toEqual([expect.objectContaining({ message: expect.stringContaining('costs 102 points') })]);
  });
});

describe('stacking at set-up ("Stacking": 20 men, or a cannon or baggage and 10; officers free)', () => {
  it('two 16-man formations in one hex make 32 men: refused at the second', () => {
    const doc = scenario();
    units(doc)[0].ratings['hex-skirmish'].men = 16;
    units(doc)[1].ratings['hex-skirmish'].men = 16;
    units(doc)[1].setup.cell = 'A1';
    expect(at(doc, `${U(1)}/setup/cell`)).toEqual([
      expect.objectContaining({ severity: 'error', message: 'Hex A1 would hold 32 men (r1, r2), more than 20', hint: expect.stringContaining('Stacking') }),
    ]);
  });

  it('a unit set up at a point counts in the hex holding the point: C3\'s centre is (13.86, 15)', () => {
    // Flat-top 6" hexes: side 6/√3 = 3.464; column 2 is at 3.464 + 2 × 5.196 = 13.86; even column, row 2 at 3 + 12 = 15.
    const doc = scenario();
    units(doc)[0].setup = { cell: 'C3' };
    units(doc)[1].setup = { at: [13.9, 15] };
    expect(at(doc, `${U(1)}/setup/at`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('Hex C3 would hold 40 men') })]);
  });

  it('a cannon with 5 crew takes 5 more men, not 10 more; the captain standing with 20 men costs no room', () => {
    const doc = scenario();
    units(doc)[2].ratings['hex-skirmish'].men = 5;
    units(doc)[2].setup.cell = 'D3'; // beside the gun: 5 + 5 = 10
    doc.sides[0].army.leader.setup = { cell: 'A1' };
    expect(problems(doc).filter((p) => p.severity === 'error')).toEqual([]);
    units(doc)[2].ratings['hex-skirmish'].men = 6;
    expect(at(doc, `${U(4)}/setup/cell`)).toEqual([expect.objectContaining({ message: expect.stringContaining('11 men (r3, gun), more than 10 beside a cannon or baggage') })]);
  });

  it('the two sides are counted apart', () => {
    const doc = scenario();
    units(doc, 1)[0].setup.cell = 'A1';
    expect(problems(doc).filter((p) => p.message.startsWith('Hex A1'))).toEqual([]);
  });
});

describe('a cannon and its baggage ("Baggage": more than 4 hexes away, 3 turns of ammunition)', () => {
  it('counts hexes on flat-top and pointy-top grids alike', () => {
    const flat: HexGrid = { kind: 'hex', cell: 6, orientation: 'flat' };
    const pointy: HexGrid = { kind: 'hex', cell: 6, orientation: 'pointy' };
    const d = (g: HexGrid, a: string, b: string) => hexDistance(g, parseCell(a)!, parseCell(b)!);
    // Flat odd-q: odd columns sit half a hex lower, so B1 touches A1 and A2.
    expect([d(flat, 'A1', 'B1'), d(flat, 'B1', 'A2'), d(flat, 'A1', 'A2'), d(flat, 'D3', 'H3'), d(flat, 'D3', 'I3'), d(flat, 'D3', 'D7')]).toEqual([1, 1, 1, 4, 5, 4]);
    // Pointy odd-r: odd rows sit half a hex further east, so A2 touches A1 and B1.
    expect([d(pointy, 'A1', 'A2'), d(pointy, 'B1', 'A2'), d(pointy, 'A1', 'C1'), d(pointy, 'A1', 'A5')]).toEqual([1, 1, 2, 4]);
  });

  it('baggage in I3 is 5 hexes from the cannon in D3: warned; in D7 it is 4: not', () => {
    const doc = scenario();
    units(doc)[5].setup.cell = 'I3';
    expect(at(doc, `${U(4)}/setup/cell`)).toEqual([
      expect.objectContaining({ severity: 'warning', message: '"gun" starts 5 hexes from the nearest baggage ("bag"), more than 4, so it runs out of ammunition after 3 turns', hint: expect.stringContaining('Baggage') }),
    ]);
    units(doc)[5].setup.cell = 'D7';
    expect(at(doc, `${U(4)}/setup/cell`)).toEqual([]);
  });

  it('the nearest of two baggage counts, and a caisson is baggage', () => {
    const doc = scenario();
    units(doc)[5].setup.cell = 'L1';
    units(doc).push(unit('cais', 'train', 'caisson', 1, 'D5')); // 2 hexes from D3; L1 is 8
    units(doc)[0].ratings['hex-skirmish'].men = 17; // keeps red at 100 with the caisson's 2 + 1
    expect(problems(doc)).toEqual([]);
  });

  it('a side with a cannon and no baggage is told so once; baggage still to arrive is enough', () => {
    const doc = scenario();
    units(doc).pop();
    expect(at(doc, '/sides/0')).toEqual([
      expect.objectContaining({ severity: 'warning', message: '"Red" has a cannon (gun) but no baggage, so it runs out of ammunition after 3 turns' }),
    ]);
    expect(at(doc, `${U(4)}/setup/cell`)).toEqual([]);
    units(doc).push(unit('bag', 'train', 'baggage', 3));
    doc.sides[0].reinforcements = [{ units: ['bag'], turn: 3, entry: { edge: 'west' } }];
    expect(problems(doc)).toEqual([]);
  });

  it('a side without cannon needs no baggage', () => {
    const doc = scenario();
    expect(at(doc, '/sides/1')).toEqual([]);
  });
});
