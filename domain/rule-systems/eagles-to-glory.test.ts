// Eagles to Glory checks, each case worked out by hand from seed 001 before the code ran.
import { describe, expect, it } from 'vitest';
import type { Problem } from '../problems.js';
import { validateDocument } from '../validate.js';
import type { AdcDocument } from '../model.js';
import { ETG_OPTIONS } from './eagles-to-glory-options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases edit the document freely, as a user would
type Doc = any;

const stand = (id: string, arm: string, type: string, at: [number, number], cls = 'C'): Doc => ({
  id,
  name: id,
  arm,
  type,
  ratings: { 'eagles-to-glory': { class: cls, stands: 2 } },
  setup: { at, facing: 90 },
});

/** Red: an infantry division (40 DEP) and a cavalry division (36 DEP, 3 CCP), each with its commander. */
function scenario(): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'etg-case',
    title: 'A case',
    ruleSystem: 'eagles-to-glory',
    table: { width: 72, height: 48 },
    terrain: [],
    sides: [
      {
        id: 'red',
        name: 'Red',
        army: {
          id: 'red-corps',
          name: 'Corps',
          echelon: 'corps',
          leader: { id: 'red-cg', name: 'Corps commander' },
          formations: [
            { id: 'red-inf', name: 'Infantry division', echelon: 'division', dep: 40, leader: { id: 'red-ig', name: 'Infantry general' }, units: [stand('ri1', 'infantry', 'line', [20, 10]), stand('ri2', 'infantry', 'line', [20, 20])] },
            { id: 'red-cav', name: 'Cavalry division', echelon: 'division', dep: 36, ccp: 3, leader: { id: 'red-kg', name: 'Cavalry general' }, units: [stand('rc1', 'cavalry', 'heavy', [10, 30])] },
          ],
        },
      },
      {
        id: 'blue',
        name: 'Blue',
        army: {
          id: 'blue-corps',
          name: 'Corps',
          echelon: 'corps',
          leader: { id: 'blue-cg', name: 'Blue commander' },
          formations: [{ id: 'blue-div', name: 'Blue division', echelon: 'division', leader: { id: 'blue-dg', name: 'Blue general' }, units: [stand('b1', 'infantry', 'line', [60, 20])] }],
        },
      },
    ],
    turns: { limit: 16 },
    victory: [{ kind: 'points' }],
  };
}

const problems = (doc: Doc): Problem[] => validateDocument(doc as AdcDocument);
const at = (doc: Doc, path: string): Problem[] => problems(doc).filter((p) => p.path === path);
const INF = '/sides/0/army/formations/0';
const CAV = '/sides/0/army/formations/1';
const inf = (doc: Doc) => doc.sides[0].army.formations[0];
const cav = (doc: Doc) => doc.sides[0].army.formations[1];

describe('the case itself', () => {
  it('is clean', () => expect(problems(scenario())).toEqual([]));
});

describe('DEP ("Turn Sequence 1", "Playing Aids b": at most 48 to start, 1 an order, 2 a stand lost, removed at 0)', () => {
  it('0 DEP is refused: the division would leave play before it moved; 1 DEP is allowed', () => {
    const doc = scenario();
    inf(doc).dep = 0;
    expect(at(doc, `${INF}/dep`)).toEqual([expect.objectContaining({ severity: 'error', message: '"Infantry division" starts with 0 DEP, and a division at 0 DEP is removed from play', hint: expect.stringContaining('Playing Aids') })]);
    inf(doc).dep = 1;
    expect(at(doc, `${INF}/dep`)).toEqual([]);
  });

  it('40.5 DEP is refused: DEP are washers, spent 1 and 2 at a time', () => {
    const doc = scenario();
    inf(doc).dep = 40.5;
    expect(at(doc, `${INF}/dep`)).toEqual([expect.objectContaining({ severity: 'error', message: '"Infantry division" has 40.5 DEP; DEP are whole points' })]);
  });

  it('49 DEP is over the 48 a division may start with: the schema refuses it', () => {
    const doc = scenario();
    inf(doc).dep = 49;
    expect(at(doc, `${INF}/dep`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('at most 48') })]);
  });
});

describe('CCP ("Playing Aids b.3": at most three for each cavalry element; "Cavalry Charge")', () => {
  it('4 CCP is over the three: refused; 3 is allowed', () => {
    const doc = scenario();
    cav(doc).ccp = 4;
    expect(at(doc, `${CAV}/ccp`)).toEqual([expect.objectContaining({ severity: 'error', message: '"Cavalry division" starts with 4 CCP, more than the 3 a cavalry element holds' })]);
    cav(doc).ccp = 3;
    expect(at(doc, `${CAV}/ccp`)).toEqual([]);
  });

  it('2.5 CCP is refused: one red washer a charge', () => {
    const doc = scenario();
    cav(doc).ccp = 2.5;
    expect(at(doc, `${CAV}/ccp`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('whole points') })]);
  });

  it('CCP on a division with no cavalry are warned; 0 CCP there says nothing', () => {
    const doc = scenario();
    inf(doc).ccp = 2;
    expect(at(doc, `${INF}/ccp`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"Infantry division" has 2 CCP but no cavalry to charge with them' })]);
    inf(doc).ccp = 0;
    expect(at(doc, `${INF}/ccp`)).toEqual([]);
  });

  it('squadrons attached to an infantry division may hold its CCP', () => {
    const doc = scenario();
    inf(doc).ccp = 2;
    inf(doc).units.push(stand('ri-hus', 'cavalry', 'light', [25, 15]));
    expect(problems(doc)).toEqual([]);
  });
});

describe('blown cavalry ("Cavalry Charge": charge points all spent, or DEP below 28)', () => {
  it('a cavalry division at 27 DEP starts blown; at 28 it does not ("less than 28")', () => {
    const doc = scenario();
    cav(doc).dep = 27;
    expect(at(doc, `${CAV}/dep`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"Cavalry division" starts with 27 DEP, below 28, so its cavalry (rc1) starts blown' })]);
    cav(doc).dep = 28;
    expect(at(doc, `${CAV}/dep`)).toEqual([]);
  });

  it('a division without "dep" has 48 and is fresh; 0 CCP with cavalry is blown', () => {
    const doc = scenario();
    delete cav(doc).dep;
    cav(doc).ccp = 0;
    expect(at(doc, `${CAV}/dep`)).toEqual([]);
    expect(at(doc, `${CAV}/ccp`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"Cavalry division" starts with no CCP, so its cavalry (rc1) starts blown' })]);
  });

  it('attached cavalry counts its division\'s DEP: an infantry division at 20 with hussars in a brigade', () => {
    const doc = scenario();
    inf(doc).dep = 20;
    inf(doc).formations = [{ id: 'red-hus', name: 'Hussar brigade', echelon: 'brigade', units: [stand('ri-hus', 'cavalry', 'light', [25, 15])] }];
    expect(at(doc, `${INF}/dep`)).toEqual([expect.objectContaining({ message: expect.stringContaining('so its cavalry (ri-hus) starts blown') })]);
  });

  it('an infantry division at 20 DEP is no concern of the cavalry rule', () => {
    const doc = scenario();
    inf(doc).dep = 20;
    expect(at(doc, `${INF}/dep`)).toEqual([]);
  });
});

describe('division commanders ("Turn Sequence 1" and "4": each orders his division and rolls its maneuver die)', () => {
  it('a division without a leader is warned; a brigade without one is not', () => {
    const doc = scenario();
    delete inf(doc).leader;
    inf(doc).formations = [{ id: 'red-bde', name: 'Brigade', echelon: 'brigade', units: [] }];
    expect(at(doc, INF)).toEqual([expect.objectContaining({ severity: 'warning', message: '"Infantry division" has no commander to order it and roll its maneuver die', hint: expect.stringContaining('Turn Sequence') })]);
    expect(at(doc, `${INF}/formations/0`)).toEqual([]);
  });
});

describe('optional rules ("Optional Rules")', () => {
  it('the catalogue holds the six the text names, all off by default', () => {
    expect(ETG_OPTIONS.map((o) => [o.name, o.default])).toEqual([
      ['hiddenMovement', false],
      ['reconnaissanceAndScreening', false],
      ['smoke', false],
      ['engineers', false],
      ['supplies', false],
      ['weather', false],
    ]);
  });

  it('a misspelt option is an error that names the right one; a known one is accepted', () => {
    const doc = scenario();
    doc.ruleOptions = { 'eagles-to-glory': { hiddenMovment: true, smoke: true } };
    expect(at(doc, '/ruleOptions/eagles-to-glory/hiddenMovment')).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('did you mean "hiddenMovement"') })]);
    expect(at(doc, '/ruleOptions/eagles-to-glory/smoke')).toEqual([]);
  });

  it('reconnaissance and screening without hidden movement has no markers to find or hide', () => {
    const doc = scenario();
    doc.ruleOptions = { 'eagles-to-glory': { reconnaissanceAndScreening: true } };
    const path = '/ruleOptions/eagles-to-glory/reconnaissanceAndScreening';
    expect(at(doc, path)).toEqual([expect.objectContaining({ severity: 'warning', message: 'Reconnaissance and screening does nothing without Hidden movement' })]);
    doc.ruleOptions['eagles-to-glory'].hiddenMovement = true;
    expect(at(doc, path)).toEqual([]);
  });

  it('an engineer stand needs the Engineers option, a supply wagon the Supplies option', () => {
    const doc = scenario();
    inf(doc).units.push(stand('sap', 'train', 'engineers', [22, 12]), stand('wag', 'train', 'baggage', [5, 15]));
    expect(at(doc, `${INF}/units/2/type`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"sap" is an engineer stand, which builds nothing unless the Engineers option is on' })]);
    expect(at(doc, `${INF}/units/3/type`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"wag" is a supply wagon, which has a part only under the Supplies option' })]);
    doc.ruleOptions = { 'eagles-to-glory': { engineers: true, supplies: true } };
    expect(problems(doc)).toEqual([]);
  });
});
