import { describe, expect, it } from 'vitest';
import { ARMY_TYPE, RULE_SYSTEMS, SCENARIO_TYPE } from './model.js';
import type { Problem } from './problems.js';
import { MAX_SCHEMA_PROBLEMS, MAX_VALUES_FOR_ALL_ERRORS, schemaCheck } from './schema-check.js';
import { MAX_PROBLEMS, validateDocument } from './validate.js';
import type { AdcDocument } from './model.js';

// ---- The examples of file-format.md, filled out into complete documents ------------------------------------

const envelope = { type: SCENARIO_TYPE, schemaVersion: 1, app: 'aide-de-camp 0.3.0' };

/** The "Units" example, verbatim: one unit rated for all four rule systems. */
const unitExample = () => ({
  id: 'fr-1',
  name: '1/4e Ligne',
  arm: 'infantry',
  type: 'line',
  men: 720,
  ratings: {
    'napoleons-eagles': { rating: 'B16C30', figures: 12, ranks: 3 },
    'square-eagles': { sp: 7, traits: ['stubborn'] },
    'eagles-to-glory': { class: 'C', stands: 4 },
    'hex-skirmish': { men: 10 },
  },
  vp: 20,
  setup: { at: [9, 4], facing: 180, formation: 'line' },
});

const allRatings = {
  'napoleons-eagles': { rating: 'B16C30', figures: 12, ranks: 3 },
  'square-eagles': { sp: 7 },
  'eagles-to-glory': { class: 'C', stands: 4 },
  'hex-skirmish': { men: 10 },
};

/** The "Sides and orders of battle" example, with its units written out. */
const redSide = () => ({
  id: 'red',
  name: 'French',
  nation: 'France',
  color: '#b03a2e',
  army: {
    id: 'fr-army',
    name: "Corps d'observation",
    echelon: 'corps',
    leader: { id: 'fr-gen', name: 'Gén. Vandamme', ratings: { 'square-eagles': { excellentStaff: true } } },
    formations: [
      {
        id: 'fr-d1',
        name: '1st Division',
        echelon: 'division',
        formations: [],
        units: [
          unitExample(),
          { id: 'fr-2', name: '2/4e Ligne', arm: 'infantry', type: 'line', ratings: allRatings },
          { id: 'fr-5', name: '1er Hussards', arm: 'cavalry', type: 'light', ratings: allRatings },
          { id: 'fr-6', name: 'Foot battery', arm: 'artillery', type: 'foot', ratings: { 'square-eagles': { sp: 5 }, 'napoleons-eagles': { rating: 'B16B25', guns: 8, calibre: '6lb', models: 2 } } },
        ],
      },
    ],
    units: [],
  },
  deployment: [{ zone: { edge: 'north', depth: 12 }, units: ['fr-1', 'fr-2'] }],
  reinforcements: [
    { units: ['fr-5'], turn: 5, entry: { edge: 'north' } },
    { units: ['fr-6'], roll: { from: 3, need: 5 }, entry: { at: [18, 0] } },
  ],
});

const blueSide = () => ({
  id: 'blue',
  name: 'Prussians',
  army: {
    id: 'pr-army',
    name: 'Brigade',
    echelon: 'brigade',
    leader: { id: 'pr-gen', name: 'Pirch' },
    units: [{ id: 'pr-1', name: 'I/25th', arm: 'infantry', type: 'line', ratings: allRatings, setup: { cell: 'C6', facing: 0 } }],
  },
});

/** One feature of every kind in the terrain table, each with its extra fields. */
const terrainExample = () => [
  { id: 't-woods', kind: 'woods', name: 'Bois', density: 'dense', polygon: [[1, 1], [5, 1], [5, 5]] },
  { id: 't-hill', kind: 'hill', level: 2, slope: 'steep', crest: [[20, 2], [26, 2]], polygon: [[18, 0], [30, 0], [30, 5], [18, 5]] },
  { id: 't-town', kind: 'town', name: 'Saint-Amand', cells: ['C3', 'C4'], blocks: ['t-block'] },
  { id: 't-block', kind: 'building-block', at: [13, 13], size: 4, material: 'stone', town: 't-town' },
  { id: 't-lake', kind: 'lake', cells: ['A6'] },
  { id: 't-marsh', kind: 'marsh', cells: ['B6'] },
  { id: 't-fields', kind: 'fields', cells: ['F6'] },
  { id: 't-works', kind: 'fortification', cells: ['E1'] },
  { id: 't-river', kind: 'river', width: 1, fordable: false, path: [[0, 27], [36, 27]] },
  { id: 't-road', kind: 'road', cells: ['D1', 'D2', 'D3'] },
  { id: 't-track', kind: 'track', path: [[0, 33], [12, 33]] },
  { id: 't-wall', kind: 'wall', path: [[24, 30], [30, 30]] },
  { id: 't-hedge', kind: 'hedge', path: [[24, 32], [30, 32]] },
  { id: 't-bridge', kind: 'bridge', at: [21, 27], river: 't-river' },
  { id: 't-ford', kind: 'ford', at: [33, 27], river: 't-river' },
];

const objectivesExample = () => [
  { id: 'town-obj', name: 'Saint-Amand', feature: 't-town', vp: 150, heldBy: 'blue' },
  { id: 'ridge', at: [18, 30], radius: 3, vp: 50 },
];

const victoryExample = () => [
  { side: 'red', kind: 'hold', objectives: ['town-obj'] },
  { side: 'blue', kind: 'exit', count: 2, edge: 'south' },
  { side: 'any', kind: 'destroy', percent: 50 },
  { kind: 'points' },
];

/** The "Scenario" example, filled out. */
function scenarioExample(): Record<string, unknown> & { sides: Record<string, unknown>[] } {
  return {
    ...envelope,
    id: 'control-the-river',
    title: 'Control the River',
    author: 'A. Author',
    description: 'Two brigades contest a river line.',
    ruleSystem: 'square-eagles',
    ruleOptions: { 'square-eagles': { resupplyGuns: true, defend: true, forts: true, limbers: true, horseGuns: true } },
    scale: { figureRatio: 60 },
    table: { width: 36, height: 36 },
    grid: { kind: 'square', cell: 6 },
    terrain: terrainExample(),
    sides: [redSide(), blueSide()],
    objectives: objectivesExample(),
    turns: { limit: 15, first: 'red' },
    victory: victoryExample(),
    specialRules: ['The hill is impassable.'],
    briefings: { red: 'Take the town.', blue: 'Hold the town.', umpire: 'Watch the ford.' },
  };
}

/** The "Army list" example, filled out. */
function armyExample(): Record<string, unknown> & { army: Record<string, unknown> } {
  return {
    type: ARMY_TYPE,
    schemaVersion: 1,
    id: 'fr-ii-corps-1815',
    name: 'II Corps, 1815',
    nation: 'France',
    year: 1815,
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 60 },
    army: {
      id: 'ii',
      name: 'II Corps',
      echelon: 'corps',
      formations: [
        {
          id: 'ii-d5',
          name: '5th Division',
          echelon: 'division',
          leader: { id: 'ii-d5-gen', name: 'Bachelu' },
          formations: [{ id: 'ii-d5-b1', name: '1st Brigade', echelon: 'brigade', units: [unitExample()] }],
          units: [],
        },
      ],
      units: [],
    },
    source: 'Fixture.',
    notes: 'Lancers count as light cavalry.',
  };
}

const check = (doc: unknown): Problem[] => schemaCheck(doc);

describe('schemaCheck accepts the examples of file-format.md', () => {
  it('accepts the scenario example, with every terrain kind, both sides, objectives and victory conditions', () => {
    expect(check(scenarioExample())).toEqual([]);
  });

  it('accepts the army-list example', () => {
    expect(check(armyExample())).toEqual([]);
  });

  it.each(RULE_SYSTEMS)('accepts the unit example with all four rating blocks under %s', (system) => {
    const doc = scenarioExample();
    doc.ruleSystem = system;
    expect(check(doc)).toEqual([]);
  });

  it('accepts every grid form', () => {
    for (const grid of [{ kind: 'none' }, { kind: 'square', cell: 6 }, { kind: 'hex', cell: 6, orientation: 'flat' }, { kind: 'hex', cell: 6, orientation: 'pointy' }]) {
      expect(check({ ...scenarioExample(), grid }), JSON.stringify(grid)).toEqual([]);
    }
  });

  it('accepts every zone and entry form', () => {
    const doc = scenarioExample();
    const red = doc.sides[0]!;
    red.deployment = [
      { zone: { polygon: [[0, 0], [36, 0], [36, 6]] }, units: ['fr-1'] },
      { zone: { cells: ['A1', 'B1'] }, units: ['fr-2'] },
      { zone: { edge: 'west', depth: 6 } },
    ];
    red.reinforcements = [
      { units: ['fr-5'], turn: 5, entry: { edge: 'north' } },
      { units: ['fr-6'], roll: { from: 3, need: 5 }, entry: { cells: ['F1'] } },
    ];
    expect(check(doc)).toEqual([]);
  });

  it('accepts an objective given as a cell, and "points" victory without a side', () => {
    const doc = scenarioExample();
    doc.objectives = [{ id: 'cross', cell: 'D5', vp: 25 }];
    doc.victory = [{ kind: 'points' }];
    expect(check(doc)).toEqual([]);
  });

  it('accepts unknown top-level fields, in scenarios and army lists', () => {
    expect(check({ ...scenarioExample(), editor: { zoom: 2 }, 'x-campaign': 'Danube 1809', tags: ['river'] })).toEqual([]);
    expect(check({ ...armyExample(), painted: true })).toEqual([]);
  });

  it('accepts unknown fields inside objects too, which load and save keep', () => {
    const doc = scenarioExample();
    (doc.terrain as Record<string, unknown>[])[0]!.colourHint = 'dark';
    doc.sides[0]!.banner = 'eagle.png';
    (doc.sides[1]!.army as { units: Record<string, unknown>[] }).units[0]!.ratings = { ...allRatings, 'black-powder': { stamina: 3 } };
    expect(check(doc)).toEqual([]);
  });
});

describe('schemaCheck rejects what the format forbids, in words a wargamer reads', () => {
  // Applies `change` to a fresh scenario example and returns its problems.
  const after = (change: (d: ReturnType<typeof scenarioExample>) => void): Problem[] => {
    const doc = scenarioExample();
    change(doc);
    return check(doc);
  };
  const firstUnit = (d: ReturnType<typeof scenarioExample>) =>
    (d.sides[0]!.army as { formations: { units: Record<string, unknown>[] }[] }).formations[0]!.units[0]!;
  const unitPath = '/sides/0/army/formations/0/units/0';

  it('gives exactly the cli.md message and hint for the rating B16F30', () => {
    const problems = after((d) => {
      (firstUnit(d).ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = 'B16F30';
    });
    expect(problems).toEqual([
      {
        severity: 'error',
        path: `${unitPath}/ratings/napoleons-eagles/rating`,
        message: 'Rating "B16F30": fire must be A–E',
        hint: expect.stringMatching(/^e\.g\. B16C30/),
      },
    ]);
  });

  it.each([
    ['b16c30', 'Rating "b16c30": write the letters as capitals'],
    ['D16C30', 'Rating "D16C30": move must be A–C'],
    ['B26C30', 'Rating "B26C30": morale must be 1–25'],
    ['B16C9', 'Rating "B16C9": melee must be 10–99'],
    ['sixteen', 'Rating "sixteen" must be a Move letter, Morale number, Fire letter and Melee number'],
  ])('names the faulty part of the rating %s', (rating, message) => {
    const problems = after((d) => {
      (firstUnit(d).ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = rating;
    });
    expect(problems).toEqual([expect.objectContaining({ path: `${unitPath}/ratings/napoleons-eagles/rating`, message })]);
  });

  it('lists each faulty part of a rating as a problem of its own, in place of the pattern error', () => {
    const problems = after((d) => {
      (firstUnit(d).ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = 'Z99Z9';
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual(
      ['move must be A–C', 'morale must be 1–25', 'fire must be A–E', 'melee must be 10–99'].map((m) => [
        `${unitPath}/ratings/napoleons-eagles/rating`,
        `Rating "Z99Z9": ${m}`,
      ]),
    );
  });

  it.each([
    [' B16C30', ['Rating " B16C30" has a space before it']],
    ['B016C30', ['Rating "B016C30": morale 016 has a leading zero; write 16']],
    ['B16C', ['Rating "B16C": the Melee number is missing after the Fire letter']],
  ])('says what is wrong with %j, not that it is in the wrong form', (rating, expected) => {
    const problems = after((d) => {
      (firstUnit(d).ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = rating;
    });
    expect(problems.map((p) => p.message)).toEqual(expected);
  });

  it('hints "rifles": true for a rating with the army lists\' trailing R', () => {
    const problems = after((d) => {
      (firstUnit(d).ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = 'B16C30R';
    });
    expect(problems).toEqual([expect.objectContaining({ message: expect.stringContaining('"rifles": true'), hint: expect.stringContaining('"rifles": true') })]);
  });

  it('hints a battery\'s own letters (artillery movement and solid-shot tables: A and B only)', () => {
    const problems = after((d) => {
      const units = (d.sides[0]!.army as { formations: { units: Record<string, unknown>[] }[] }).formations[0]!.units;
      const battery = units.find((u) => u.arm === 'artillery')!;
      (battery.ratings as Record<string, Record<string, unknown>>)['napoleons-eagles']!.rating = 'B16F25';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        message: 'Rating "B16F25": fire must be A–E',
        hint: 'e.g. B16B25: Move A–B, Morale 1–25, Fire A–B, Melee 10–99 (a battery)',
      }),
    ]);
  });

  it.each<[string, (d: ReturnType<typeof scenarioExample>) => void, Partial<Problem>]>([
    ['a missing required field', (d) => delete d.title, { path: '', message: '"title" is missing', hint: 'Add "title".' }],
    ['a missing field of a unit', (d) => delete firstUnit(d).arm, { path: unitPath, message: '"arm" is missing' }],
    ['text where a number belongs', (d) => ((d.table as Record<string, unknown>).width = '36'), { path: '/table/width', message: 'width must be a number, not "36"' }],
    ['a fraction where a whole number belongs', (d) => ((d.turns as Record<string, unknown>).limit = 7.5), { path: '/turns/limit', message: 'limit must be a whole number, not 7.5' }],
    ['an object where a list belongs', (d) => (d.terrain = {}), { path: '/terrain', message: 'terrain must be a list, not {}' }],
    ['an unknown terrain kind', (d) => ((d.terrain as Record<string, unknown>[])[0]!.kind = 'forest'), { path: '/terrain/0/kind', message: '"forest" is not a valid kind' }],
    ['a type that is not of the arm', (d) => (firstUnit(d).type = 'hussar'), { path: `${unitPath}/type`, message: '"hussar" is not a type of infantry', hint: 'Use one of: line, light, grenadier, guard, militia.' }],
    ['an unknown trait', (d) => ((firstUnit(d).ratings as Record<string, Record<string, unknown>>)['square-eagles']!.traits = ['steady']), { path: `${unitPath}/ratings/square-eagles/traits/0`, message: '"steady" is not a valid entry in traits' }],
    ['a repeated trait', (d) => ((firstUnit(d).ratings as Record<string, Record<string, unknown>>)['square-eagles']!.traits = ['guard', 'guard']), { path: `${unitPath}/ratings/square-eagles/traits`, message: 'traits lists the same value twice' }],
    ['SP out of range', (d) => ((firstUnit(d).ratings as Record<string, Record<string, unknown>>)['square-eagles']!.sp = 0), { path: `${unitPath}/ratings/square-eagles/sp`, message: 'sp is 0 but must be at least 1' }],
    ['a corner that is not a number', (d) => ((d.terrain as { polygon?: unknown[] }[])[0]!.polygon![1] = ['5', 1]), { path: '/terrain/0/polygon/1/0', message: 'polygon[1][0] must be a number, not "5"' }],
    ['a polygon of two points', (d) => ((d.terrain as { polygon?: unknown[] }[])[0]!.polygon = [[1, 1], [5, 1]]), { path: '/terrain/0/polygon', message: 'polygon has 2 items but needs at least 3' }],
    ['an id with a space', (d) => ((d.terrain as Record<string, unknown>[])[0]!.id = 'le bois'), { path: '/terrain/0/id', message: '"le bois" is not a valid id' }],
    ['a lower-case cell', (d) => ((d.terrain as Record<string, unknown>[])[2]!.cells = ['c3']), { path: '/terrain/2/cells/0', message: '"c3" is not a cell name', hint: expect.stringContaining('A1') }],
    ['a colour name', (d) => (d.sides[0]!.color = 'red'), { path: '/sides/0/color', message: 'Colour "red" is not a #RRGGBB colour' }],
    ['an empty title', (d) => (d.title = ''), { path: '/title', message: 'title must not be empty' }],
    ['one side', (d) => d.sides.pop(), { path: '/sides', message: 'A scenario has exactly two sides, not 1' }],
    ['an area with neither polygon nor cells', (d) => ((d.terrain as Record<string, unknown>[])[0] = { id: 'w', kind: 'woods' }), { path: '/terrain/0', message: 'An area needs "polygon" or "cells"' }],
    ['an area with both polygon and cells', (d) => ((d.terrain as Record<string, unknown>[])[0]!.cells = ['A1']), { path: '/terrain/0', message: 'An area must use only one of "polygon" or "cells", not several' }],
    ['a line with both path and cells', (d) => ((d.terrain as Record<string, unknown>[])[10]!.cells = ['A6']), { path: '/terrain/10', message: 'A line must use only one of "path" or "cells", not several' }],
    ['a set-up with both at and cell', (d) => ((firstUnit(d).setup as Record<string, unknown>).cell = 'B1'), { path: `${unitPath}/setup`, message: 'A set-up position must use only one of "at" (a point in inches) or "cell", not several' }],
    ['an objective with a feature and a point', (d) => Object.assign((d.objectives as Record<string, unknown>[])[0]!, { at: [1, 1], radius: 2 }), { path: '/objectives/0', message: 'An objective must use only one of "feature", "at" with "radius", or "cell", not several' }],
    ['a reinforcement with turn and roll', (d) => (((d.sides[0]!.reinforcements as Record<string, unknown>[])[0]!).roll = { from: 2, need: 4 }), { path: '/sides/0/reinforcements/0', message: 'A reinforcement must use only one of a fixed "turn" or a "roll", not several' }],
    ['an entry with no place', (d) => (((d.sides[0]!.reinforcements as Record<string, unknown>[])[0]!).entry = {}), { path: '/sides/0/reinforcements/0/entry', message: 'An entry needs "edge", "at" or "cells"' }],
    ['a hex grid without orientation', (d) => (d.grid = { kind: 'hex', cell: 6 }), { path: '/grid', message: '"orientation" is missing' }],
    ['a hold condition without objectives', (d) => delete (d.victory as Record<string, unknown>[])[0]!.objectives, { path: '/victory/0', message: '"objectives" is missing' }],
    ['an unknown rule system', (d) => (d.ruleSystem = 'black-powder'), { path: '/ruleSystem', message: '"black-powder" is not a valid ruleSystem' }],
    ['a wrong document type', (d) => (d.type = 'aide-de-camp/campaign'), { path: '/type', message: '"aide-de-camp/campaign" is not an Aide-de-Camp document type' }],
  ])('reports %s', (_what, change, expected) => {
    const problems = after(change);
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'error', ...expected }));
  });

  it('reports one readable problem per fault, never an ajv internal or a bare list index', () => {
    const faults: ((d: ReturnType<typeof scenarioExample>) => void)[] = [
      (d) => ((firstUnit(d).ratings as Record<string, Record<string, unknown>>)['square-eagles']!.traits = ['steady', 7]),
      (d) => ((d.terrain as { polygon?: unknown[] }[])[0]!.polygon = [[1, 'x'], [5], [5, 5]]),
      (d) => ((d.victory as Record<string, unknown>[])[1]!.count = -1),
      (d) => ((d.scale as Record<string, unknown>).figureRatio = 0.5),
      (d) => (d.sides[1]!.army = { id: 'x' }),
    ];
    for (const fault of faults) {
      for (const p of after(fault)) {
        expect(p.message, p.path).not.toMatch(/undefined|\[object|NaN|must match|must have required|^\d+ (must|has) |\bmust be a integer/);
        expect(p.path === '' || p.path.startsWith('/'), p.path).toBe(true);
      }
    }
  });

  it('checks an army list against the army schema', () => {
    const doc = armyExample();
    delete (doc as Record<string, unknown>).name;
    doc.army.echelon = 'regiment';
    const problems = check(doc);
    expect(problems).toContainEqual(expect.objectContaining({ path: '', message: '"name" is missing' }));
    expect(problems).toContainEqual(expect.objectContaining({ path: '/army/echelon', message: '"regiment" is not a valid echelon' }));
  });
});

describe('schemaCheck on hostile documents', () => {
  const hostile = (count: number) => {
    const doc = scenarioExample();
    // Three faults a unit: an id with spaces, an unknown arm, no name.
    const units = Array.from({ length: count }, (_, i) => ({ id: `bad unit ${i}`, arm: 'dragon', type: 'line' }));
    (doc.sides[0]!.army as Record<string, unknown>).units = units;
    return doc;
  };

  it(`stops at MAX_SCHEMA_PROBLEMS (${MAX_SCHEMA_PROBLEMS}) distinct problems for 1,000 bad units`, () => {
    const problems = check(hostile(1000));
    expect(problems.length).toBe(MAX_SCHEMA_PROBLEMS);
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    // The cap keeps distinct problems, not one repeated.
    expect(new Set(problems.map((p) => `${p.path} ${p.message}`)).size).toBe(problems.length);
  }, 30_000);

  it(`reports only the first error, and says so, past ${MAX_VALUES_FOR_ALL_ERRORS} values (10,000 bad units)`, () => {
    const problems = check(hostile(10_000));
    expect(problems.filter((p) => p.severity === 'error')).toHaveLength(1);
    expect(problems[0]!.path).toMatch(/^\/sides\/0\/army\/units/);
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: '', message: expect.stringMatching(/too large to list every structural error/) }));
  }, 30_000);

  it('keeps the whole validation bounded too, without throwing', () => {
    const problems = validateDocument(hostile(10_000) as unknown as AdcDocument);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
  }, 30_000);
});

describe('the filled-out examples are valid documents, not only well-formed ones', () => {
  it('the scenario example passes the semantic checks without an error', () => {
    const problems = validateDocument(scenarioExample() as unknown as AdcDocument);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('the army-list example passes the semantic checks without an error', () => {
    const problems = validateDocument(armyExample() as unknown as AdcDocument);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});
