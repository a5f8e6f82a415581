// Semantic behaviours of validateDocument that the fixture folders (tests/fixtures) do not pin down: mostly the
// cases that must PASS, so that a check tightened by mistake shows up here. Rule pointers refer to docs/rules/.
import { describe, expect, it } from 'vitest';
import type { AdcDocument, Scenario } from './model.js';
import type { Problem } from './problems.js';
import { validateDocument } from './validate.js';

// Test documents are built loosely on purpose, so that a test can break them in any way a file could.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Doc = Record<string, any>;

const run = (doc: Doc): Problem[] => validateDocument(doc as AdcDocument);
const errorsOf = (doc: Doc): Problem[] => run(doc).filter((p) => p.severity === 'error');
const at = (doc: Doc, path: string): Problem[] => run(doc).filter((p) => p.path === path);

/** The unit with this id and its JSON Pointer; scenarios here keep units directly under each side's army. */
function unit(doc: Doc, id: string): { u: Doc; path: string } {
  for (let s = 0; s < doc.sides.length; s++) {
    const units = doc.sides[s].army.units as Doc[];
    const i = units.findIndex((u) => u.id === id);
    if (i >= 0) return { u: units[i]!, path: `/sides/${s}/army/units/${i}` };
  }
  throw new Error(`no unit ${id}`);
}

const se = (sp: number) => ({ 'square-eagles': { sp } });

/** Square Eagles on a 36" table of 6" boxes (A–F, 1–6). The Brenz runs along row 4, bridged at C4 and forded at E4. */
function squareEagles(): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'brenz',
    title: 'The Brenz',
    ruleSystem: 'square-eagles',
    table: { width: 36, height: 36 },
    grid: { kind: 'square', cell: 6 },
    terrain: [
      { id: 'river', kind: 'river', name: 'Brenz', path: [[0, 21], [36, 21]] },
      { id: 'bridge', kind: 'bridge', at: [15, 21], river: 'river' },
      { id: 'ford', kind: 'ford', at: [27, 21], river: 'river' },
      { id: 'town', kind: 'town', name: 'Aldorf', cells: ['C2', 'D2'] },
      { id: 'works', kind: 'fortification', cells: ['E3'] },
      { id: 'wood', kind: 'woods', density: 'dense', cells: ['F1'] },
      { id: 'marsh', kind: 'marsh', cells: ['A5'] },
      { id: 'lake', kind: 'lake', cells: ['A6'] },
    ],
    sides: [
      {
        id: 'red',
        name: 'French',
        army: {
          id: 'fr',
          name: 'Division',
          echelon: 'division',
          leader: { id: 'fr-gen', name: 'Saint-Hilaire', setup: { cell: 'C2' } },
          units: [
            { id: 'fr-inf', name: '3e Ligne', arm: 'infantry', type: 'line', ratings: se(7), setup: { cell: 'C2', facing: 180 } },
            { id: 'fr-guns', name: 'Foot battery', arm: 'artillery', type: 'foot', ratings: se(5), setup: { cell: 'F2', facing: 180 } },
            { id: 'fr-cav', name: 'Chasseurs', arm: 'cavalry', type: 'light', ratings: se(5), setup: { cell: 'A2', facing: 180 } },
          ],
        },
      },
      {
        id: 'blue',
        name: 'Austrians',
        army: {
          id: 'au',
          name: 'Brigade',
          echelon: 'brigade',
          leader: { id: 'au-gen', name: 'Radetzky' },
          units: [
            { id: 'au-inf', name: 'IR 4', arm: 'infantry', type: 'line', ratings: se(7), setup: { cell: 'C5', facing: 0 } },
            { id: 'au-cav', name: 'Kürassiere', arm: 'cavalry', type: 'heavy', ratings: se(5), setup: { cell: 'E5', facing: 0 } },
            { id: 'au-hg', name: 'Cavalry battery', arm: 'artillery', type: 'horse', ratings: se(5), setup: { cell: 'D6', facing: 0 } },
          ],
        },
      },
    ],
    objectives: [{ id: 'obj', feature: 'bridge', vp: 50 }],
    turns: { limit: 15, first: 'red' },
    victory: [{ side: 'red', kind: 'hold', objectives: ['obj'] }, { kind: 'points' }],
  };
}

const ne = (rating: string, extra: Doc = {}) => ({ 'napoleons-eagles': { rating, ...extra } });

/** Napoleon's Eagles on a free 72" × 48" table. */
function napoleonsEagles(): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'plancenoit',
    title: 'Plancenoit',
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 30 },
    table: { width: 72, height: 48 },
    terrain: [
      { id: 'dense', kind: 'woods', name: 'Bois de Paris', density: 'dense', polygon: [[50, 4], [62, 4], [62, 14], [50, 14]] },
      { id: 'light', kind: 'woods', density: 'light', polygon: [[4, 14], [12, 14], [12, 20], [4, 20]] },
      { id: 'town', kind: 'town', polygon: [[20, 20], [34, 20], [34, 30], [20, 30]], blocks: ['church'] },
      { id: 'church', kind: 'building-block', at: [22, 22], town: 'town' },
      { id: 'lasne', kind: 'river', name: 'Lasne', path: [[0, 40], [72, 40]] },
      { id: 'lasne-bridge', kind: 'bridge', at: [36, 40], river: 'lasne' },
      { id: 'bog', kind: 'marsh', polygon: [[60, 30], [70, 30], [70, 36], [60, 36]] },
      { id: 'pond', kind: 'lake', polygon: [[2, 2], [8, 2], [8, 8], [2, 8]] },
    ],
    sides: [
      {
        id: 'red',
        name: 'French',
        army: {
          id: 'fr',
          name: 'VI Corps',
          echelon: 'corps',
          leader: { id: 'fr-gen', name: 'Lobau', setup: { at: [56, 8] } },
          units: [
            { id: 'fr-inf', name: '5e Ligne', arm: 'infantry', type: 'line', ratings: ne('B16C40', { figures: 24, ranks: 3 }), setup: { at: [24, 12], facing: 180 } },
            { id: 'fr-cav', name: '5e Cuirassiers', arm: 'cavalry', type: 'heavy', ratings: ne('B18C50', { figures: 12 }), setup: { at: [44, 8], facing: 180 } },
            { id: 'fr-art', name: 'Foot battery', arm: 'artillery', type: 'foot', ratings: ne('B16B25', { guns: 6, calibre: '6lb' }), setup: { at: [36, 10], facing: 180 } },
            { id: 'fr-eng', name: 'Sapeurs', arm: 'train', type: 'engineers', setup: { at: [30, 6], facing: 180 } },
          ],
        },
      },
      {
        id: 'blue',
        name: 'Prussians',
        army: {
          id: 'pr',
          name: 'IV Corps',
          echelon: 'corps',
          leader: { id: 'pr-gen', name: 'Bülow' },
          units: [
            { id: 'pr-inf', name: 'I/18th', arm: 'infantry', type: 'line', ratings: ne('B16C40', { figures: 24, ranks: 3 }) },
            { id: 'pr-uhl', name: '2nd Uhlans', arm: 'cavalry', type: 'light', ratings: ne('B16C30', { figures: 12 }) },
          ],
        },
        deployment: [{ zone: { edge: 'south', depth: 6 } }],
      },
    ],
    victory: [{ side: 'any', kind: 'destroy', percent: 50 }],
  };
}

/** Hex Skirmish on 6" hexes over a 40" × 36" table (7 × 5 flat-top hexes, or 6 × 6 pointy-top). */
function hexSkirmish(orientation: 'flat' | 'pointy'): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'bocage',
    title: 'Bocage',
    ruleSystem: 'hex-skirmish',
    table: { width: 40, height: 36 },
    grid: { kind: 'hex', cell: 6, orientation },
    terrain: [{ id: 'mare', kind: 'marsh', cells: ['E4'] }],
    sides: [
      {
        id: 'red',
        name: 'Chasseurs',
        army: { id: 'fr', name: 'Company', echelon: 'brigade', units: [{ id: 'fr-1', name: 'Section', arm: 'infantry', type: 'light', ratings: { 'hex-skirmish': { men: 20 } }, setup: { cell: 'B2' } }] },
      },
      {
        id: 'blue',
        name: 'Guerrilleros',
        army: { id: 'sp', name: 'Band', echelon: 'brigade', units: [{ id: 'sp-1', name: 'Band', arm: 'infantry', type: 'militia', ratings: { 'hex-skirmish': { men: 18 } }, setup: { cell: 'D4' } }] },
      },
    ],
  };
}

describe('the scenarios these tests start from', () => {
  it.each([
    ['square-eagles', squareEagles],
    ['napoleons-eagles', napoleonsEagles],
    ['hex-skirmish (flat)', () => hexSkirmish('flat')],
    ['hex-skirmish (pointy)', () => hexSkirmish('pointy')],
  ])('%s has no errors, so each test below changes one thing', (_name, build) => {
    expect(errorsOf(build())).toEqual([]);
  });
});

describe('crossings', () => {
  it('passes a bridge exactly on its river', () => {
    const doc = squareEagles();
    expect(at(doc, '/terrain/1/at')).toEqual([]);
  });

  it('passes a bridge within half the river width plus 0.25" of the line, and refuses one just beyond', () => {
    const doc = squareEagles();
    doc.terrain[1].at = [15, 21.75]; // width 1: 0.5 + 0.25
    expect(at(doc, '/terrain/1/at')).toEqual([]);
    doc.terrain[1].at = [15, 21.8];
    expect(at(doc, '/terrain/1/at')).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('is not on river "Brenz"') })]);
  });

  it('measures a wide river from its edge, not its centre line', () => {
    const doc = squareEagles();
    doc.terrain[0].width = 3;
    doc.terrain[1].at = [15, 22.6];
    expect(at(doc, '/terrain/1/at')).toEqual([]);
  });

  it('passes a ford in a cell its river (drawn as cells) passes through', () => {
    const doc = squareEagles();
    doc.terrain[0] = { id: 'river', kind: 'river', name: 'Brenz', cells: ['A4', 'B4', 'C4', 'D4', 'E4', 'F4'] };
    expect(errorsOf(doc)).toEqual([]);
  });
});

describe('setting up on and across rivers (every system: a river is crossed only at a bridge or ford)', () => {
  it('square-eagles rule 3.iv Maneuver: a unit on a bridge or ford box over the river passes', () => {
    const doc = squareEagles();
    unit(doc, 'au-inf').u.setup.cell = 'C4'; // the bridge
    unit(doc, 'au-cav').u.setup.cell = 'E4'; // the ford
    expect(errorsOf(doc)).toEqual([]);
  });

  it('square-eagles rule 3.iv Maneuver: the same unit one box along the river is refused', () => {
    const doc = squareEagles();
    const { u, path } = unit(doc, 'au-inf');
    u.setup.cell = 'B4';
    expect(at(doc, `${path}/setup/cell`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('crossed only at a bridge or ford') })]);
  });

  it('square-eagles rules notes §3 (interpretation): a fordable river can be stood on anywhere', () => {
    const doc = squareEagles();
    doc.terrain[0].fordable = true;
    unit(doc, 'au-inf').u.setup.cell = 'B4';
    unit(doc, 'au-cav').u.setup.cell = 'D4';
    expect(errorsOf(doc)).toEqual([]);
  });

  it("napoleons-eagles rules notes §4: a unit at the bridge passes; on the river away from it, only if it is fordable", () => {
    const doc = napoleonsEagles();
    // The ground alone: a leader with no set-up point starts with his command, so no radius is measured.
    delete doc.sides[0].army.leader.setup;
    const { u, path } = unit(doc, 'fr-inf');
    u.setup.at = [36.5, 40];
    expect(at(doc, `${path}/setup/at`)).toEqual([]);
    u.setup.at = [20, 40];
    expect(at(doc, `${path}/setup/at`)).toHaveLength(1);
    doc.terrain[4].fordable = true;
    expect(at(doc, `${path}/setup/at`)).toEqual([]);
  });
});

describe('square-eagles placement', () => {
  it('rule 3.iv c.1: infantry (line and lights) may stand in a town', () => {
    const doc = squareEagles();
    doc.sides[0].army.units.push({ id: 'fr-lt', name: '10e Léger', arm: 'infantry', type: 'light', ratings: se(5), setup: { cell: 'D2', facing: 180 } });
    expect(errorsOf(doc)).toEqual([]);
  });

  it('rule 3.iv c.1 is judged by the box: cavalry set up by a point inside a town box is refused', () => {
    const doc = squareEagles();
    const { u, path } = unit(doc, 'fr-cav');
    u.setup = { at: [20, 8], facing: 180 }; // inside D2
    expect(at(doc, `${path}/setup/at`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('only infantry may end a move in a town') })]);
  });

  it('optional rule Forts/Works: with "forts" on, foot and horse guns may stand in works', () => {
    const doc = squareEagles();
    doc.ruleOptions = { 'square-eagles': { forts: true } };
    unit(doc, 'fr-guns').u.setup.cell = 'E3';
    expect(errorsOf(doc)).toEqual([]);
    unit(doc, 'fr-guns').u.setup.cell = 'F2';
    unit(doc, 'au-hg').u.setup.cell = 'E3';
    expect(errorsOf(doc)).toEqual([]);
  });

  it('optional rule Forts/Works: the option of another rule system does not count', () => {
    const doc = squareEagles();
    doc.ruleOptions = { 'napoleons-eagles': { forts: true } };
    const { u, path } = unit(doc, 'fr-guns');
    u.setup.cell = 'E3';
    expect(at(doc, `${path}/setup/cell`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('unless the Forts option is on') })]);
  });

  it('rules notes §3: works hold infantry with or without the option', () => {
    const doc = squareEagles();
    unit(doc, 'fr-inf').u.setup.cell = 'E3';
    expect(errorsOf(doc)).toEqual([]);
  });

  it('rules notes §3 (interpretation): woods density is ignored, so cavalry may stand in dense woods', () => {
    const doc = squareEagles();
    unit(doc, 'fr-cav').u.setup.cell = 'F1';
    expect(errorsOf(doc)).toEqual([]);
  });

  it('Units and Boxes item 6: a general shares a box with a unit and may stand in a town', () => {
    const doc = squareEagles();
    expect(doc.sides[0].army.leader.setup.cell).toBe(unit(doc, 'fr-inf').u.setup.cell);
    expect(errorsOf(doc)).toEqual([]);
  });

  it('rule 3.iv Maneuver: a general may not stand in a lake either', () => {
    const doc = squareEagles();
    doc.sides[0].army.leader.setup.cell = 'A6';
    expect(at(doc, '/sides/0/army/leader/setup/cell')).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('Leader "Saint-Hilaire" is set up in lake') })]);
  });

  it('Units and Boxes: one unit per box counts the enemy too', () => {
    const doc = squareEagles();
    const { u, path } = unit(doc, 'au-inf');
    u.setup.cell = 'A2'; // held by the French chasseurs
    expect(at(doc, `${path}/setup/cell`)).toEqual([expect.objectContaining({ message: expect.stringContaining('already held by "Chasseurs"') })]);
  });

  it('Units and Boxes: a unit may face each of the four box sides', () => {
    const doc = squareEagles();
    for (const facing of [0, 90, 180, 270]) {
      unit(doc, 'au-inf').u.setup.facing = facing;
      expect(errorsOf(doc), `facing ${facing}`).toEqual([]);
    }
  });

  it('rules notes §3: marsh is closed in Square Eagles (unlike Napoleon\'s Eagles)', () => {
    const doc = squareEagles();
    const { u, path } = unit(doc, 'au-cav');
    u.setup.cell = 'A5';
    expect(at(doc, `${path}/setup/cell`)).toHaveLength(1);
  });
});

describe("napoleons-eagles placement", () => {
  it("'Terrain Effects on Movement' (marsh is soft ground): every arm may stand in a marsh", () => {
    const doc = napoleonsEagles();
    unit(doc, 'fr-inf').u.setup.at = [62, 32];
    unit(doc, 'fr-cav').u.setup.at = [65, 33];
    unit(doc, 'fr-art').u.setup.at = [68, 34];
    expect(errorsOf(doc)).toEqual([]);
  });

  it("'Light and Dense Woods' p. 19: cavalry and artillery may stand in light woods, infantry in dense woods", () => {
    const doc = napoleonsEagles();
    unit(doc, 'fr-cav').u.setup.at = [6, 16];
    unit(doc, 'fr-art').u.setup.at = [10, 18];
    unit(doc, 'fr-inf').u.setup.at = [55, 10];
    expect(errorsOf(doc)).toEqual([]);
  });

  it("'Light and Dense Woods' p. 19: artillery in dense woods is refused", () => {
    const doc = napoleonsEagles();
    const { u, path } = unit(doc, 'fr-art');
    u.setup.at = [55, 10];
    expect(at(doc, `${path}/setup/at`)).toEqual([expect.objectContaining({ message: expect.stringContaining('artillery may not enter dense woods') })]);
  });

  it("rules notes §4: leaders may go into dense woods, and infantry and engineers into a building", () => {
    const doc = napoleonsEagles();
    expect(doc.sides[0].army.leader.setup.at).toEqual([56, 8]); // inside the Bois de Paris
    unit(doc, 'fr-inf').u.setup.at = [24, 24];
    unit(doc, 'fr-inf').u.ratings['napoleons-eagles'].figures = 12; // 'Buildings': a block holds at most 12 figures
    unit(doc, 'fr-eng').u.setup.at = [25, 25];
    expect(errorsOf(doc)).toEqual([]);
  });

  it("'Buildings' p. 19: cavalry may stand in the open part of a town but not in a building", () => {
    const doc = napoleonsEagles();
    delete doc.sides[0].army.leader.setup;
    const { u, path } = unit(doc, 'fr-cav');
    u.setup.at = [31, 28];
    expect(at(doc, `${path}/setup/at`)).toEqual([]);
    u.setup.at = [24, 24];
    expect(at(doc, `${path}/setup/at`)).toEqual([expect.objectContaining({ message: expect.stringContaining('only infantry may occupy a building') })]);
  });

  it('rules notes §1: facing is free on an ungridded map', () => {
    const doc = napoleonsEagles();
    unit(doc, 'fr-inf').u.setup.facing = 45;
    unit(doc, 'fr-cav').u.setup.facing = 137.5;
    expect(errorsOf(doc)).toEqual([]);
  });

  it('rules notes §3: a battery whose guns are all howitzers still has guns', () => {
    const doc = napoleonsEagles();
    unit(doc, 'fr-art').u.ratings['napoleons-eagles'] = { rating: 'B16B25', guns: 0, howitzers: 2 };
    expect(errorsOf(doc)).toEqual([]);
  });
});

// Seed 004 "Ratings": Move, Morale, Fire, Melee in that order (B16C30); the ranges are the format's (rules notes §2).
describe("napoleons-eagles ratings: every fault is its own problem, once", () => {
  const ratingPath = (doc: Doc, id: string) => `${unit(doc, id).path}/ratings/napoleons-eagles/rating`;
  const rated = (id: string, rating: string) => {
    const doc = napoleonsEagles();
    unit(doc, id).u.ratings['napoleons-eagles'].rating = rating;
    return { doc, path: ratingPath(doc, id) };
  };

  it.each<[string, string[]]>([
    [' B16C30', ['Rating " B16C30" has a space before it']],
    ['B16C30 ', ['Rating "B16C30 " has a space after it']],
    ['B016C30', ['Rating "B016C30": morale 016 has a leading zero; write 16']],
    ['B16C040', ['Rating "B16C040": melee 040 has a leading zero; write 40']],
    ['Z99Z9', ['move must be A–C', 'morale must be 1–25', 'fire must be A–E', 'melee must be 10–99'].map((m) => `Rating "Z99Z9": ${m}`)],
    ['B16C40R', ['Rating "B16C40R": the trailing R marks rifles in army lists; here that is "rifles": true']],
    ['b16c40', ['Rating "b16c40": write the letters as capitals']],
    ['B16C', ['Rating "B16C": the Melee number is missing after the Fire letter']],
    ['B16C40X', ['Rating "B16C40X": "X" after the Melee number is not part of a rating']],
  ])('%j', (rating, messages) => {
    const { doc, path } = rated('fr-inf', rating);
    const problems = run(doc);
    expect(problems.filter((p) => p.path === path).map((p) => [p.severity, p.message])).toEqual(messages.map((m) => ['error', m]));
    expect(problems.filter((p) => /expected form|is not valid/.test(p.message))).toEqual([]);
  });

  it('hints "rifles": true for the trailing R, and the general letters for a line battalion', () => {
    const rifles = rated('fr-inf', 'B16C40R');
    expect(at(rifles.doc, rifles.path)[0]!.hint).toContain('"rifles": true');
    const bad = rated('fr-inf', 'B16F40');
    expect(at(bad.doc, bad.path)[0]!.hint).toBe('e.g. B16C30: Move A–C, Morale 1–25, Fire A–E, Melee 10–99');
  });

  it("a battery's hint names its own letters, A and B, the rows of the artillery movement and solid-shot tables", () => {
    const { doc, path } = rated('fr-art', 'B16F25');
    expect(at(doc, path)).toEqual([
      expect.objectContaining({ message: 'Rating "B16F25": fire must be A–E', hint: 'e.g. B16B25: Move A–B, Morale 1–25, Fire A–B, Melee 10–99 (a battery)' }),
    ]);
    const missing = napoleonsEagles();
    delete unit(missing, 'fr-art').u.ratings['napoleons-eagles'].rating;
    expect(run(missing)).toContainEqual(expect.objectContaining({ message: '"Foot battery" has no Napoleon\'s Eagles rating', hint: expect.stringContaining('Move A–B, Morale 1–25, Fire A–B') }));
  });

  it('artillery movement table (A and B rows only): a battery rated Move C is warned, not refused', () => {
    const { doc, path } = rated('fr-art', 'C16B25');
    expect(errorsOf(doc)).toEqual([]);
    expect(at(doc, path)).toEqual([
      expect.objectContaining({ severity: 'warning', message: 'Battery "Foot battery" is rated Move C, but the artillery movement table has rows for A and B only', hint: expect.stringContaining('Move A–B') }),
    ]);
  });

  it.each(['C', 'D', 'E'])('solid-shot table (A and B hit numbers only): a battery rated Fire %s is warned, not refused', (fire) => {
    const { doc, path } = rated('fr-art', `B16${fire}25`);
    expect(errorsOf(doc)).toEqual([]);
    expect(at(doc, path).map((p) => [p.severity, p.message])).toEqual([
      ['warning', `Battery "Foot battery" is rated Fire ${fire}, but the solid-shot table gives hit numbers for A and B only`],
    ]);
  });

  it('the same letters on infantry raise nothing, and A and B on a battery raise nothing', () => {
    expect(at(rated('fr-inf', 'C16E40').doc, ratingPath(napoleonsEagles(), 'fr-inf'))).toEqual([]);
    for (const rating of ['A16A25', 'B16B25']) expect(at(rated('fr-art', rating).doc, ratingPath(napoleonsEagles(), 'fr-art'))).toEqual([]);
  });
});

describe('hex facings (file format, Conventions)', () => {
  const refusedFacings = (orientation: 'flat' | 'pointy'): number[] => {
    const refused: number[] = [];
    for (let facing = 0; facing < 360; facing += 30) {
      const doc = hexSkirmish(orientation);
      unit(doc, 'fr-1').u.setup.facing = facing;
      if (at(doc, '/sides/0/army/units/0/setup/facing').length > 0) refused.push(facing);
    }
    return refused;
  };

  it('flat-top hexes accept multiples of 60 only', () => {
    expect(refusedFacings('flat')).toEqual([30, 90, 150, 210, 270, 330]);
  });

  it('pointy-top hexes accept 30 + 60k only', () => {
    expect(refusedFacings('pointy')).toEqual([0, 60, 120, 180, 240, 300]);
  });

  it('hex-skirmish Terrain table (interpretation: marsh is water): a unit may not stand in a marsh hex', () => {
    const doc = hexSkirmish('flat');
    unit(doc, 'sp-1').u.setup.cell = 'E4';
    expect(at(doc, '/sides/1/army/units/0/setup/cell')).toEqual([expect.objectContaining({ message: expect.stringContaining('is set up in marsh') })]);
  });
});

describe('deployment and reinforcements', () => {
  it('a deployment entry without "units" covers every unit of its side that has no setup', () => {
    const doc = napoleonsEagles();
    expect(errorsOf(doc)).toEqual([]);
    delete doc.sides[1].deployment;
    expect(errorsOf(doc).map((p) => p.path)).toEqual(['/sides/1/army/units/0', '/sides/1/army/units/1']);
  });

  it("…but not the other side's units", () => {
    const doc = napoleonsEagles();
    delete unit(doc, 'fr-inf').u.setup;
    expect(errorsOf(doc)).toEqual([expect.objectContaining({ path: '/sides/0/army/units/0', message: expect.stringContaining('"5e Ligne" is never placed') })]);
  });

  it('a unit listed in a deployment entry, or arriving as a reinforcement, needs no setup', () => {
    const doc = squareEagles();
    delete unit(doc, 'fr-inf').u.setup;
    delete unit(doc, 'fr-cav').u.setup;
    doc.sides[0].deployment = [{ zone: { cells: ['A1', 'B1'] }, units: ['fr-inf'] }];
    doc.sides[0].reinforcements = [{ units: ['fr-cav'], roll: { from: 2, need: 4 }, entry: { cells: ['F1'] } }];
    expect(errorsOf(doc)).toEqual([]);
  });

  it('a general may be listed in a deployment entry', () => {
    const doc = squareEagles();
    delete doc.sides[0].army.leader.setup;
    doc.sides[0].deployment = [{ zone: { edge: 'north', depth: 6 }, units: ['fr-gen'] }];
    expect(errorsOf(doc)).toEqual([]);
  });
});

describe('victory conditions', () => {
  it('accepts side "any", as in the format example', () => {
    const doc = napoleonsEagles();
    expect(doc.victory[0].side).toBe('any');
    expect(at(doc, '/victory/0/side')).toEqual([]);
  });

  it('refuses a side that is neither a side id nor "any"', () => {
    const doc = napoleonsEagles();
    doc.victory[0].side = 'anyone';
    expect(at(doc, '/victory/0/side')).toEqual([expect.objectContaining({ severity: 'error', message: '"anyone" is not one of the sides' })]);
  });

  it('refuses a hold condition on something that is not an objective', () => {
    const doc = squareEagles();
    doc.victory[0].objectives = ['bridge'];
    expect(at(doc, '/victory/0/objectives/0')).toEqual([expect.objectContaining({ message: '"bridge" is a feature, not an objective' })]);
  });
});

describe('robustness', () => {
  it.each<[string, (d: Doc) => void]>([
    ['sides is an object', (d) => (d.sides = { red: {} })],
    ['a side is null', (d) => (d.sides[0] = null)],
    ['an army is a string', (d) => (d.sides[1].army = 'Austrians')],
    ['units is a number', (d) => (d.sides[0].army.units = 3)],
    ['terrain holds nulls and strings', (d) => (d.terrain = [null, 'woods', 7])],
    ['a setup is a list', (d) => (d.sides[0].army.units[0].setup = [1, 2])],
    ['table is missing', (d) => delete d.table],
    ['grid cell is text', (d) => (d.grid = { kind: 'square', cell: 'six' })],
  ])('reports errors without throwing when %s', (_what, change) => {
    const doc = squareEagles();
    change(doc);
    expect(() => run(doc)).not.toThrow();
    expect(errorsOf(doc).length).toBeGreaterThan(0);
  });

  it('does not change the document it checks', () => {
    const doc = squareEagles();
    const before = JSON.stringify(doc);
    run(doc);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('reports each problem once', () => {
    const doc = squareEagles() as Scenario & Doc;
    unit(doc, 'au-cav').u.setup.cell = 'C2';
    const problems = run(doc);
    expect(new Set(problems.map((p) => `${p.path}\u0000${p.message}`)).size).toBe(problems.length);
  });
});
