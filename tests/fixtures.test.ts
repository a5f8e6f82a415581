// Fixture folders in the style of Tiled's tests/automapping: each document comes with the one problem it must raise.
//
//   tests/fixtures/invalid/NN-name.scenario.json   (or .army.json) a realistic document with ONE deliberate fault
//   tests/fixtures/invalid/NN-name.expect.json     {"path", "severity": "error", "message": substring}
//   tests/fixtures/warnings/…                      the same for valid documents that must raise a warning
//
// Every document goes through the real pipeline: parseDocument (JSON, envelope, migration) and, when it loads,
// validateDocument (schema, then the semantic checks).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../domain/document.js';
import type { Problem, Severity } from '../domain/problems.js';
import { validateDocument } from '../domain/validate.js';

const ROOT = fileURLToPath(new URL('./fixtures/', import.meta.url));
const DOCUMENT = /^(\d\d-[a-z0-9-]+)\.(scenario|army)\.json$/;
const EXPECT = /^(\d\d-[a-z0-9-]+)\.expect\.json$/;

interface Expectation {
  path: string;
  severity: Severity;
  message: string;
}

interface Fixture {
  stem: string;
  document: string;
  expectFile: string;
}

/**
 * Which rule each fixture enforces (file-format.md, or the rules notes in docs/rules/ with the seed's own
 * numbering). Keyed by the fixture's name without its number; every key must name an existing fixture.
 */
const RULES: Record<string, string> = {
  // invalid
  'rating-fire-f': 'file format, napoleons-eagles: Fire is A–E (cli.md example B16F30)',
  'army-rating-morale-30': 'file format, napoleons-eagles: Morale is 1–25',
  'three-sides': 'file format, Scenario: exactly two sides',
  'reinforcement-with-turn-and-roll': 'file format, Sides: a reinforcement arrives on a fixed turn OR by roll',
  'schema-version-2': 'file format, Envelope: a newer version is refused',
  'ne-scenario-without-scale': 'file format, Scenario: scale.figureRatio is required for napoleons-eagles',
  'ne-army-without-scale': 'file format: scale.figureRatio is required for napoleons-eagles (army lists too)',
  'duplicate-id': 'file format, Conventions: ids are unique within a document',
  'id-shared-by-unit-and-feature': 'file format, Conventions: one namespace for all ids',
  'deployment-names-enemy-unit': 'file format, Sides: a deployment lists units of its own side',
  'bridge-off-its-river': 'file format, Terrain: a bridge must lie on the river it crosses',
  'ford-in-cell-river-misses': 'file format, Terrain: a ford must lie on its river (cells geometry)',
  'cells-on-map-without-grid': 'file format, Terrain: an area given as cells needs a gridded map',
  'se-unit-in-lake': 'square-eagles rule 3.iv Maneuver: lakes are impassable to every unit',
  'se-unit-in-marsh': 'square-eagles rule 3.iv Maneuver: marsh is impassable to every unit',
  'se-unit-on-river-away-from-crossing': 'square-eagles rule 3.iv Maneuver: a river is impassable except at a ford or bridge',
  'se-cavalry-in-town': 'square-eagles rule 3.iv c.1: only infantry may end a move in a town',
  'se-guns-in-town': 'square-eagles rule 3.iv c.1: only infantry may end a move in a town',
  'se-guns-in-works-without-forts': 'square-eagles optional rule Forts/Works is off: works count as a town',
  'se-cavalry-in-works-with-forts': 'square-eagles optional rule Forts/Works: guns, not cavalry, may also hold works',
  'ne-cavalry-in-dense-woods': "napoleons-eagles 'Light and Dense Woods' p. 19: cavalry and artillery may not enter dense woods",
  'ne-battery-in-building': "napoleons-eagles 'Buildings' p. 19: only infantry occupies a building block",
  'ne-unit-on-river': 'napoleons-eagles rules notes §4: no unit on a non-fordable river away from a bridge or ford',
  'etg-unit-in-lake': 'eagles-to-glory rules notes §3: no unit may enter a lake',
  'hex-unit-on-mountain': 'hex-skirmish Terrain table: mountains are impassable (level-3 or extreme hill)',
  'unit-never-placed': 'file format, Units: a unit without setup needs a deployment entry or a reinforcement',
  'unit-in-two-reinforcements': 'file format, Sides: each unit appears in at most one reinforcement',
  'se-on-hex-grid': 'square-eagles Units and Boxes: played on square boxes',
  'se-on-grid-kind-none': 'square-eagles Units and Boxes: played on square boxes',
  'se-without-grid': 'square-eagles Units and Boxes: played on square boxes (no grid is the default)',
  'hex-skirmish-on-square-grid': 'hex-skirmish: a hex map using four terrain types',
  'se-facing-45': 'square-eagles Units and Boxes: a unit faces one of the four box sides',
  'hex-flat-facing-90': 'file format, Conventions: flat-top hex facings are multiples of 60',
  'se-two-units-in-one-box': 'square-eagles Units and Boxes: one unit per box',
  'ne-infantry-without-figures': 'file format, napoleons-eagles: infantry and cavalry need figures',
  'ne-artillery-without-guns': 'file format, napoleons-eagles: artillery has guns',
  'ne-battery-of-no-guns': 'napoleons-eagles rules notes §3: a battery has at least one gun',
  'etg-unit-without-class': 'file format, eagles-to-glory: class A–E',
  'etg-unit-without-stands': 'file format, eagles-to-glory: stands ≥ 1',
  'hex-skirmish-25-men': 'hex-skirmish Stacking: a hex holds at most 20 men',
  'hex-skirmish-gun-with-12-crew': 'hex-skirmish Stacking: one cannon or baggage plus 10 men',
  'hex-two-16-man-formations-in-one-hex': 'hex-skirmish Stacking: two formations of 16 make 32 men, more than a hex holds',
  'etg-division-at-0-dep': 'eagles-to-glory Playing Aids (Markers): a division at 0 DEP is removed from play',
  'etg-fractional-dep': 'eagles-to-glory Playing Aids (Markers): DEP are whole points, one washer each',
  'etg-four-ccp': 'eagles-to-glory Playing Aids (Markers, red): a cavalry element holds at most three CCP',
  'ne-misspelt-option': 'file format, ruleOptions: a name not in the rule system\'s list is an error',
  'ne-turn-points-41': 'napoleons-eagles \'Using Uneven Number of Turn Points\': one whole number 1–40 per side',
  'ne-side-ratio-not-greater': 'napoleons-eagles \'Side A and D Ratios\': side A moves more units than side D',
  'ne-turn-points-for-no-side': 'file format, ruleOptions: per-side values are keyed by side id',
  'ne-cavalry-in-square': 'napoleons-eagles \'Formation Changes\': cavalry has no square',
  'ne-line-infantry-skirmishing': 'napoleons-eagles \'Forming Skirmish Screens\': only all-light battalions',
  'ne-infantry-in-echelon': 'napoleons-eagles \'Cavalry Echelon\': cavalry only',
  'ne-infantry-limbered': 'napoleons-eagles \'Artillery Limbering and Unlimbering\': artillery only',
  'ne-guard-marker-on-battery': 'napoleons-eagles \'Artillery Crew Casualties\': a Guard battery is guardBattery',
  'ne-skirmishers-on-cavalry': 'napoleons-eagles \'Company Skirmishers\': organic skirmishers are infantry companies',
  'ne-skirmishers-whole-battalion': 'napoleons-eagles \'Company Skirmishers\': a part of the battalion',
  'ne-block-over-twelve-figures': 'napoleons-eagles \'Buildings\' p. 19: at most 12 figures a block, a unit in the same or adjacent blocks',
  'ne-date-not-a-day': 'file format, Scenario: date is a real day',
  'se-option-misspelt': 'square-eagles Optional Rules: only the text\'s five names',
  // warnings
  'se-seven-units-a-side': 'product brief (One Hour Wargames): about six units a side',
  'se-side-without-leader': 'square-eagles Units and Boxes item 6: orders go only through generals',
  'se-infantry-sp-9': 'square-eagles Strength Points: infantry 7, ±1 without comment',
  'se-cavalry-sp-3': 'square-eagles Strength Points: cavalry 5, ±1 without comment',
  'ne-militia-morale-17': "napoleons-eagles 'Unit Morale Checks' p. 12: militia morale 10–15",
  'ne-guard-melee-50': "napoleons-eagles 'Melee Values' p. 13: guard melee 60–65",
  'figure-ratio-45': 'file format, Scenario: figureRatio is 30 or 60, others allowed with a warning',
  'cells-do-not-tile-table': "file format, grid: warn if the cells don't tile the table exactly",
  'trait-without-effect': 'square-eagles optional rule Medium Battery: it applies to guns',
  'models-not-matching-guns': "napoleons-eagles 'Game Scale' p. 3: at 1:30 one model is 1–3 guns (8 → 3)",
  'army-models-not-matching-guns-at-60': 'file format, Conversion: at 1:60 one model stands for up to 6 guns',
  'figures-far-from-men': 'napoleons-eagles rules notes §3: figures ≈ men / figureRatio, ±25 %',
  'ne-horse-battery-12lb': 'napoleons-eagles movement table p. 6: horse artillery has only a 3–6lb row',
  'ne-cavalry-with-ranks': 'file format, napoleons-eagles: ranks are for infantry',
  'se-cavalry-in-column': 'square-eagles summary sheet: cavalry and guns have no formations',
  'se-baggage-train': 'square-eagles rules notes §2: train has no Square Eagles type; the engine leaves it out',
  'etg-militia-class-a': 'eagles-to-glory rules notes §2: militia rated class A–B is unusual',
  'hex-gun-with-3-crew': 'hex-skirmish Unit table: a cannon moves only with 4 or more men',
  'hex-side-over-100-points': "hex-skirmish Set Piece: 100 points a side, at the Unit table's costs",
  'hex-cannon-far-from-baggage': 'hex-skirmish Baggage: a cannon over 4 hexes from baggage runs out of ammunition in 3 turns',
  'hex-cannon-without-baggage': 'hex-skirmish Baggage: a side with cannon and no baggage runs out of ammunition in 3 turns',
  'etg-ccp-without-cavalry': 'eagles-to-glory Playing Aids (Markers, red), Cavalry Charge: only cavalry spends CCP',
  'etg-cavalry-blown-at-the-start': 'eagles-to-glory Cavalry Charge: cavalry whose division has under 28 DEP is blown',
  'etg-division-without-commander': 'eagles-to-glory Turn Sequence 1 and 4: the division commander orders the division and rolls its maneuver',
  'etg-screening-without-hidden-movement': 'eagles-to-glory Optional Rules: reconnaissance and screening act on hidden-movement markers',
  'etg-engineers-without-their-option': 'eagles-to-glory Optional Rules: engineer stands belong to the Engineers rule',
  'etg-wagon-without-supplies': 'eagles-to-glory Optional Rules: supply wagons belong to the Supplies rule',
  'ne-division-radius-25': 'napoleons-eagles \'Command and Control Option #1\': division 10–20"',
  'ne-melee-bonus-15': 'napoleons-eagles \'Leader Bonus\': +5, +10 for a charging leader, +0 for a timid one',
  'ne-morale-bonus-4': 'napoleons-eagles \'Leader Bonus\': division +1, one step either way',
  'ne-army-initiative': 'napoleons-eagles \'Leader Initiative Numbers\': army commanders need none',
  'ne-unit-out-of-command-radius': 'napoleons-eagles \'Out-of-Command Penalty\': units within their division leader\'s radius',
  'ne-unit-without-leader': 'napoleons-eagles \'Out-of-Command Penalty\': no leader above means out of command',
  'ne-supported-line-without-option': 'napoleons-eagles \'Special Formation for 1:30 Ratio Games\' is optional',
  'ne-second-bounce-at-1-60': 'napoleons-eagles \'Optional Rules for 1:30 Games\'',
  'ne-british-guard-battery': 'napoleons-eagles \'Artillery Crew Casualties\': French and Prussian Guard batteries',
  'ne-regimental-eight-guns': 'napoleons-eagles \'Game Scale\': a regimental battery is a pair of guns',
  'ne-skirmishers-without-option': 'napoleons-eagles \'Company Skirmishers\' is optional',
  'ne-no-date': 'napoleons-eagles \'Infantry Formations\': French after 1807, 1806 Prussians',
  'ne-date-1820': 'napoleons-eagles: written for the wars of 1792–1815',
  'ne-threshold-75': 'napoleons-eagles \'Threshold Checks\': 50%, or 40% or 60%',
  'ne-bridge-capacity-20': 'napoleons-eagles \'Terrain Effects on Movement\': 4 to 12 figures a bridge',
  'options-for-unknown-system': 'file format, ruleOptions: kept, but only known rule systems read them',
  'ne-old-guard-rated-as-line': 'napoleons-eagles \'Unit Morale Checks\', \'Melee Values\': the Guards\' band for Old Guard',
};

function readFixtures(folder: string): { files: string[]; fixtures: Fixture[] } {
  const dir = join(ROOT, folder);
  const files = readdirSync(dir).sort();
  const fixtures: Fixture[] = [];
  for (const file of files) {
    const m = EXPECT.exec(file);
    if (!m) continue;
    const stem = m[1]!;
    const documents = files.filter((f) => DOCUMENT.exec(f)?.[1] === stem);
    fixtures.push({ stem, document: documents[0] ?? '', expectFile: file });
  }
  return { files, fixtures };
}

function readExpectation(folder: string, file: string): Expectation {
  return JSON.parse(readFileSync(join(ROOT, folder, file), 'utf8')) as Expectation;
}

/** The real pipeline, as the CLI and the app run it. */
function check(text: string): { loaded: boolean; problems: Problem[] } {
  const loaded = parseDocument(text);
  if (!loaded.ok) return { loaded: false, problems: loaded.problems };
  return { loaded: true, problems: validateDocument(loaded.document) };
}

const describeProblems = (problems: Problem[]): string =>
  problems.length === 0 ? '(none)' : problems.map((p) => `  ${p.severity} ${p.path || '""'}: ${p.message}`).join('\n');

const FOLDERS = [
  { folder: 'invalid', severity: 'error' as const, minimum: 30 },
  { folder: 'warnings', severity: 'warning' as const, minimum: 9 },
];

const ALL_STEMS = FOLDERS.flatMap(({ folder }) => readFixtures(folder).fixtures.map((f) => f.stem.slice(3)));

describe('fixture folders', () => {
  it('cite only fixtures that exist', () => {
    for (const name of Object.keys(RULES)) expect(ALL_STEMS, `RULES names "${name}"`).toContain(name);
  });
});

for (const { folder, severity, minimum } of FOLDERS) {
  const { files, fixtures } = readFixtures(folder);

  describe(`tests/fixtures/${folder}`, () => {
    it(`holds at least ${minimum} cases, every file paired with its expectation and nothing else`, () => {
      expect(fixtures.length).toBeGreaterThanOrEqual(minimum);
      for (const file of files) {
        expect(DOCUMENT.test(file) || EXPECT.test(file), `${file} is neither a fixture nor an expect file`).toBe(true);
      }
      const expectStems = files.flatMap((f) => EXPECT.exec(f)?.[1] ?? []);
      const documentStems = files.flatMap((f) => DOCUMENT.exec(f)?.[1] ?? []);
      // Each stem has exactly one document and one expect file: none is silently skipped, none is ambiguous.
      expect([...documentStems].sort()).toEqual([...expectStems].sort());
      expect(new Set(documentStems).size).toBe(documentStems.length);
      // Numbers are unique, so a case is easy to name in a bug report.
      const numbers = expectStems.map((s) => s.slice(0, 2));
      expect(new Set(numbers).size).toBe(numbers.length);
    });

    it('has well-formed expect files', () => {
      for (const { expectFile } of fixtures) {
        const e = readExpectation(folder, expectFile);
        expect(Object.keys(e).sort(), expectFile).toEqual(['message', 'path', 'severity']);
        expect(e.severity, expectFile).toBe(severity);
        expect(typeof e.path === 'string' && (e.path === '' || e.path.startsWith('/')), `${expectFile}: path is a JSON Pointer`).toBe(true);
        expect(typeof e.message === 'string' && e.message.trim().length >= 8, `${expectFile}: message says something`).toBe(true);
      }
    });

    const cases = fixtures.map((f) => {
      const rule = RULES[f.stem.slice(3)];
      return { ...f, name: rule ? `${f.stem} (${rule})` : f.stem };
    });

    it.each(cases)('$name', ({ stem, document, expectFile }) => {
      expect(document, `${stem} has no document`).not.toBe('');
      const expected = readExpectation(folder, expectFile);
      const { loaded, problems } = check(readFileSync(join(ROOT, folder, document), 'utf8'));

      const match = problems.find(
        (p) => p.path === expected.path && p.severity === expected.severity && p.message.includes(expected.message),
      );
      expect(match, `expected ${expected.severity} at "${expected.path}" containing "${expected.message}"; got\n${describeProblems(problems)}`).toBeDefined();

      const errors = problems.filter((p) => p.severity === 'error');
      if (severity === 'error') {
        expect(errors.length, 'an invalid fixture must be invalid').toBeGreaterThan(0);
      } else {
        expect(loaded, 'a warning fixture must load').toBe(true);
        expect(errors, `a warning fixture must be valid; got\n${describeProblems(errors)}`).toEqual([]);
      }
    });
  });
}
