// A unit whose true footprint at set-up leaves the table is warned about (rules notes §10; footprints notes §11):
// each case worked by hand from the footprint table (skirmish 2" a figure, 0.5" deep; 3-rank line 0.375" a figure).
import { describe, expect, it } from 'vitest';
import type { AdcDocument } from '../model.js';
import { validateDocument } from '../validate.js';
import { overhang } from './napoleons-eagles-table-edge.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases edit the document freely, as a user would
type Doc = any;

const unit = (id: string, type: string, at: [number, number], facing: number, formation?: string): Doc => ({
  id,
  name: id,
  arm: 'infantry',
  type,
  ratings: { 'napoleons-eagles': { rating: 'B16C40', figures: 12, ranks: 3 } },
  setup: { at, facing, ...(formation ? { formation } : {}) },
});

function scenario(red: Doc): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'ne-edge',
    title: 'Edge',
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 30 },
    date: '1815-06-18',
    table: { width: 72, height: 48 },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', army: { id: 'ra', name: 'Army', echelon: 'division', leader: { id: 'rl', name: 'Red general', setup: { at: [12, 20] } }, units: [red] } },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'Army', echelon: 'division', leader: { id: 'bl', name: 'Blue general', setup: { at: [60, 40] } }, units: [unit('b1', 'line', [60, 40], 0)] } },
    ],
  };
}

const edge = (doc: Doc) => validateDocument(doc as AdcDocument).filter((p) => p.message.includes('off the table'));
const PATH = '/sides/0/army/units/0/setup/at';

describe('set-up footprints off the table (notes §10, §11 "Table and footprints")', () => {
  it('a 12-figure light screen (24" × 0.5") centred at x 10 facing north runs from x −2: 2" off, named, at the unit\'s place', () => {
    const found = edge(scenario(unit('Voltigeurs', 'light', [10, 20], 0, 'skirmish')));
    expect(found).toEqual([expect.objectContaining({ severity: 'warning', path: PATH, message: expect.stringContaining('"Voltigeurs" sticks 2" off the table') })]);
    expect(found[0]!.message).toContain('skirmish screen is 24" wide');
  });

  it('the same screen centred at x 12 just fits (x 0 to 24): no warning', () => {
    expect(edge(scenario(unit('Voltigeurs', 'light', [12, 20], 0, 'skirmish')))).toEqual([]);
  });

  it('a 12-figure 3-rank line (4.5" wide) at x 1: 1.25" off facing north, none facing east (it is then 0.5" across)', () => {
    expect(edge(scenario(unit('Line', 'line', [1, 10], 0)))[0]?.message).toContain('sticks 1.3" off');
    expect(edge(scenario(unit('Line', 'line', [1, 10], 90)))).toEqual([]);
  });

  it('overhang is the furthest corner beyond any edge', () => {
    expect(overhang([[-1, 5], [3, 5], [3, 50], [-1, 50]], { width: 72, height: 48 })).toBe(2);
    expect(overhang([[1, 1], [2, 2]], { width: 72, height: 48 })).toBe(0);
  });
});
