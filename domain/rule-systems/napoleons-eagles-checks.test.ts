// Napoleon's Eagles facts and checks, each case worked out by hand from seed 004 before the code ran.
import { describe, expect, it } from 'vitest';
import type { Problem } from '../problems.js';
import { validateDocument } from '../validate.js';
import type { AdcDocument } from '../model.js';
import { leaderRatings } from './napoleons-eagles-leaders.js';
import { nationalRules, parseDate, weatherRules } from './napoleons-eagles-nations.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases edit the document freely, as a user would
type Doc = any;

const unit = (id: string, at: [number, number], extra: Doc = {}): Doc => ({
  id,
  name: id,
  arm: 'infantry',
  type: 'line',
  ratings: { 'napoleons-eagles': { rating: 'B16C40', figures: 12, ranks: 3, ...(extra.ratings ?? {}) } },
  setup: { at, facing: 0, ...(extra.setup ?? {}) },
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'ratings' && k !== 'setup')),
});

/** Two sides on a free 72" × 48" table; red's one division has its leader at (10, 10) unless a case moves him. */
function scenario(): Doc {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'ne-case',
    title: 'A case',
    ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 30 },
    date: '1815-06-18',
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
          leader: { id: 'red-cg', name: 'Corps general', setup: { at: [10, 30] } },
          formations: [
            {
              id: 'red-div',
              name: 'Division',
              echelon: 'division',
              leader: { id: 'red-dg', name: 'Division general', setup: { at: [10, 10] } },
              units: [unit('red-1', [12, 12])],
            },
          ],
        },
      },
      {
        id: 'blue',
        name: 'Blue',
        army: { id: 'blue-army', name: 'Army', echelon: 'army', leader: { id: 'blue-g', name: 'Blue general' }, units: [unit('blue-1', [60, 40])] },
      },
    ],
  };
}

const problems = (doc: Doc): Problem[] => validateDocument(doc as AdcDocument);
const at = (doc: Doc, path: string): Problem[] => problems(doc).filter((p) => p.path === path);
const red = (doc: Doc): Doc => doc.sides[0].army.formations[0];
const U0 = '/sides/0/army/formations/0/units/0';

describe('leaders ("Leader Bonus", "Command and Control Option #1", "Leader Initiative Numbers")', () => {
  it('an unrated leader takes his echelon\'s defaults: division +1/+5/15"/5, corps +2/+5/20"/8, army +3/+5/40" and no initiative', () => {
    const bare = { id: 'g', name: 'G' };
    expect(leaderRatings(bare, 'division')).toEqual({ moraleBonus: 1, meleeBonus: 5, commandRadius: 15, initiative: 5, misreadPenalty: 0 });
    expect(leaderRatings(bare, 'corps')).toEqual({ moraleBonus: 2, meleeBonus: 5, commandRadius: 20, initiative: 8, misreadPenalty: 0 });
    expect(leaderRatings(bare, 'army')).toEqual({ moraleBonus: 3, meleeBonus: 5, commandRadius: 40, initiative: undefined, misreadPenalty: 0 });
    expect(leaderRatings({ ...bare, ratings: { 'napoleons-eagles': { meleeBonus: 10 } } }, 'division').meleeBonus).toBe(10);
  });

  it('a division radius of 25" is outside the 10–20" band and says so; 20" is inside', () => {
    const doc = scenario();
    red(doc).leader.ratings = { 'napoleons-eagles': { commandRadius: 25 } };
    const path = '/sides/0/army/formations/0/leader/ratings/napoleons-eagles/commandRadius';
    expect(at(doc, path)).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('outside the 10–20"') })]);
    red(doc).leader.ratings['napoleons-eagles'].commandRadius = 20;
    expect(at(doc, path)).toEqual([]);
  });

  it('an army commander with an initiative number is told he needs none; a melee bonus of +15 is beyond +0 to +10', () => {
    const doc = scenario();
    doc.sides[1].army.leader.ratings = { 'napoleons-eagles': { initiative: 6, meleeBonus: 15 } };
    const base = '/sides/1/army/leader/ratings/napoleons-eagles';
    expect(at(doc, `${base}/initiative`)).toEqual([expect.objectContaining({ message: expect.stringContaining('needs no initiative') })]);
    expect(at(doc, `${base}/meleeBonus`)).toEqual([expect.objectContaining({ message: expect.stringContaining('+0 to +10') })]);
  });

  it('option #1: a unit 15" from its division leader (default radius 15") is in command; at 15.5" it is not', () => {
    const doc = scenario();
    red(doc).units[0].setup.at = [25, 10]; // 15" east of (10, 10)
    expect(at(doc, `${U0}/setup/at`)).toEqual([]);
    red(doc).units[0].setup.at = [25.5, 10];
    expect(at(doc, `${U0}/setup/at`)).toEqual([expect.objectContaining({ severity: 'warning', message: '"red-1" starts 15.5" from "Division general", outside his 15" command radius' })]);
  });

  it('option #1 also holds the division leader within his corps leader\'s 20"; option #2 frees him but not his units', () => {
    const doc = scenario();
    red(doc).leader.setup.at = [10, 5]; // 25" from the corps general at (10, 30)
    red(doc).units[0].setup.at = [10, 21]; // 16" from his division leader
    const leaderPath = '/sides/0/army/formations/0/leader/setup/at';
    expect(at(doc, leaderPath)).toEqual([expect.objectContaining({ message: expect.stringContaining('25" from "Corps general", outside his 20"') })]);
    expect(at(doc, `${U0}/setup/at`)).toHaveLength(1);
    doc.ruleOptions = { 'napoleons-eagles': { commandOption: 2 } };
    expect(at(doc, leaderPath)).toEqual([]);
    expect(at(doc, `${U0}/setup/at`)).toEqual([expect.objectContaining({ message: expect.stringContaining('16" from "Division general"') })]);
  });

  it('a unit with no leader anywhere above it is out of command all game ("Out-of-Command Penalty")', () => {
    const doc = scenario();
    delete doc.sides[1].army.leader;
    expect(at(doc, '/sides/1/army/units/0')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('no leader above it') })]);
  });
});

describe('building blocks ("Buildings": at most 12 figures a block, a unit in the same or adjacent blocks)', () => {
  const blocks = (doc: Doc) => {
    delete red(doc).leader.setup; // capacity alone: no command radius measured
    doc.terrain = [
      { id: 'b1', kind: 'building-block', name: 'Mill', at: [18, 18] }, // 4" squares given by their north-west corners
      { id: 'b2', kind: 'building-block', name: 'Inn', at: [22, 18] }, // shares a side with b1
      { id: 'b3', kind: 'building-block', name: 'Barn', at: [22, 22] }, // diagonal to b1, beside b2
    ];
  };

  it('20 figures in the Mill fill it (12) and spill 8 into the Inn; 6 more in the Inn find only 4 places (and the Barn beside it 12)', () => {
    const doc = scenario();
    blocks(doc);
    red(doc).units = [unit('a', [20, 20], { ratings: { figures: 20 } }), unit('b', [24, 20], { ratings: { figures: 18 } })];
    // b: the Inn has 12 − 8 = 4 left, the Barn beside it 12: 16 places for 18 figures.
    expect(at(doc, '/sides/0/army/formations/0/units/0/setup/at')).toEqual([]);
    expect(at(doc, '/sides/0/army/formations/0/units/1/setup/at')).toEqual([
      expect.objectContaining({ severity: 'error', message: '"b" puts 18 figures in block "Inn", but it and the blocks beside it have room for only 16' }),
    ]);
  });

  it('the diagonal block does not take the overflow: 24 figures in the Mill fit 12 + 12 only because the Inn is beside it', () => {
    const doc = scenario();
    blocks(doc);
    red(doc).units = [unit('a', [20, 20], { ratings: { figures: 24 } }), unit('b', [24, 24], { ratings: { figures: 12 } })];
    expect(problems(doc).filter((p) => p.severity === 'error')).toEqual([]);
    red(doc).units[0].ratings['napoleons-eagles'].figures = 25;
    expect(at(doc, '/sides/0/army/formations/0/units/0/setup/at')).toEqual([expect.objectContaining({ message: expect.stringContaining('room for only 24') })]);
  });
});

describe('figures against men', () => {
  it('a unit joined from two by combine is judged per battalion: 24 figures for 1,440 men joined from 2 is 720 each, 24 at 1:30', () => {
    const doc = scenario();
    red(doc).units[0] = unit('j', [12, 12], { men: 1440, mergedFrom: ['j', 'k'], ratings: { figures: 24 } });
    expect(at(doc, `${U0}/ratings/napoleons-eagles/figures`)).toEqual([]);
    delete red(doc).units[0].mergedFrom; // the same numbers on one battalion are far from 48
    expect(at(doc, `${U0}/ratings/napoleons-eagles/figures`)).toEqual([expect.objectContaining({ message: '24 figures for 1440 men is far from 48 at 1:30' })]);
  });
});

describe('terrain facts', () => {
  it('a bridge that takes 3 figures per action is below the 4–12 of "Terrain Effects on Movement"; 8 is fine', () => {
    const doc = scenario();
    doc.terrain = [
      { id: 'r', kind: 'river', path: [[0, 24], [72, 24]] },
      { id: 'br', kind: 'bridge', at: [36, 24], river: 'r', capacity: 3 },
    ];
    expect(at(doc, '/terrain/1/capacity')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('outside the 4–12') })]);
    doc.terrain[1].capacity = 8;
    expect(at(doc, '/terrain/1/capacity')).toEqual([]);
  });
});

describe('formations each arm may take ("Formation Changes", "Forming Skirmish Screens", "Cavalry Echelon")', () => {
  const formationOf = (doc: Doc, f: string, patch: Doc = {}) => {
    Object.assign(red(doc).units[0], patch);
    red(doc).units[0].setup.formation = f;
    return at(doc, `${U0}/setup/formation`);
  };

  it('cavalry and artillery never form square; infantry does', () => {
    expect(formationOf(scenario(), 'square')).toEqual([]);
    expect(formationOf(scenario(), 'square', { arm: 'cavalry', type: 'heavy', ratings: { 'napoleons-eagles': { rating: 'B16C50', figures: 12 } } })).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('only infantry forms square') }),
    ]);
  });

  it('line infantry may not skirmish; a light battalion may; echelon is for cavalry', () => {
    expect(formationOf(scenario(), 'skirmish')).toEqual([expect.objectContaining({ message: expect.stringContaining('entirely of light infantry') })]);
    expect(formationOf(scenario(), 'skirmish', { type: 'light' })).toEqual([]);
    expect(formationOf(scenario(), 'echelon')).toEqual([expect.objectContaining({ message: expect.stringContaining('cavalry formation') })]);
  });

  it('a supported line needs its option ("Special Formation for 1:30 Ratio Games")', () => {
    const doc = scenario();
    expect(formationOf(doc, 'supported-line')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('option is off') })]);
    doc.ruleOptions = { 'napoleons-eagles': { supportedLine: true } };
    expect(at(doc, `${U0}/setup/formation`)).toEqual([]);
    doc.scale.figureRatio = 60;
    expect(at(doc, '/ruleOptions/napoleons-eagles/supportedLine')).toEqual([expect.objectContaining({ message: expect.stringContaining('1:30 games') })]);
  });
});

describe('Guard and battery markers', () => {
  const ratingPath = `${U0}/ratings/napoleons-eagles/rating`;

  it('Young Guard rated A20B55 is within its band (18–23, 50–65); the same unit marked Old Guard is warned (22–23, 60–65)', () => {
    const doc = scenario();
    red(doc).units[0].ratings['napoleons-eagles'] = { rating: 'A20B55', figures: 12, ranks: 3, guard: 'young' };
    expect(at(doc, ratingPath)).toEqual([]);
    red(doc).units[0].ratings['napoleons-eagles'].guard = 'old';
    expect(at(doc, ratingPath).map((p) => p.message)).toEqual([
      expect.stringContaining('Morale 20 is outside the usual 22–23'),
      expect.stringContaining('Melee 55 is outside the usual 60–65'),
    ]);
  });

  it('a Guard marker on a battery is refused with a pointer to guardBattery; a British guard battery is warned', () => {
    const doc = scenario();
    red(doc).units[0] = { id: 'bty', name: 'Bty', arm: 'artillery', type: 'foot', ratings: { 'napoleons-eagles': { rating: 'B16B25', guns: 6, calibre: '6lb', guard: 'old' } }, setup: { at: [12, 12] } };
    expect(at(doc, `${U0}/ratings/napoleons-eagles/guard`)).toEqual([expect.objectContaining({ severity: 'error', hint: expect.stringContaining('guardBattery') })]);
    delete red(doc).units[0].ratings['napoleons-eagles'].guard;
    red(doc).units[0].ratings['napoleons-eagles'].guardBattery = true;
    doc.sides[0].nation = 'Britain';
    expect(at(doc, `${U0}/ratings/napoleons-eagles/guardBattery`)).toEqual([expect.objectContaining({ message: expect.stringContaining('Only French and Prussian') })]);
    doc.sides[0].nation = 'France';
    expect(at(doc, `${U0}/ratings/napoleons-eagles/guardBattery`)).toEqual([]);
  });

  it('organic skirmishers: infantry only, fewer than the battalion, and only with the Company skirmishers option', () => {
    const doc = scenario();
    red(doc).units[0].ratings['napoleons-eagles'].skirmishers = 2;
    const path = `${U0}/ratings/napoleons-eagles/skirmishers`;
    expect(at(doc, path)).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('Company skirmishers option') })]);
    doc.ruleOptions = { 'napoleons-eagles': { companySkirmishers: true } };
    expect(at(doc, path)).toEqual([]);
    red(doc).units[0].ratings['napoleons-eagles'].skirmishers = 12;
    expect(at(doc, path)).toEqual([expect.objectContaining({ severity: 'error' })]);
  });
});

describe('settings (ruleOptions): names and values from the rule system\'s own list', () => {
  it('Square Eagles "resupplyGunz" is an error that suggests resupplyGuns', () => {
    const doc = scenario();
    doc.ruleOptions = { 'square-eagles': { resupplyGunz: true } };
    expect(at(doc, '/ruleOptions/square-eagles/resupplyGunz')).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('did you mean "resupplyGuns"') }),
    ]);
  });

  it('turn points are 1–40 per side id; a ratio needs a > d ≥ 1; the threshold outside 40–60% is only a warning', () => {
    const doc = scenario();
    doc.ruleOptions = { 'napoleons-eagles': { turnPoints: { red: 20, blue: 41 }, sideRatio: { a: 2, d: 2 }, thresholdPercent: 65 } };
    const base = '/ruleOptions/napoleons-eagles';
    expect(at(doc, `${base}/turnPoints/blue`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('from 1 to 40, not 41') })]);
    expect(at(doc, `${base}/sideRatio/a`)).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('side A must move more') })]);
    expect(at(doc, `${base}/thresholdPercent`)).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('40–60%') })]);
    doc.ruleOptions['napoleons-eagles'] = { turnPoints: { green: 20 } };
    expect(at(doc, `${base}/turnPoints/green`)).toEqual([expect.objectContaining({ message: expect.stringContaining('not a side of this scenario') })]);
  });

  it('settings for a system the app does not know are kept but said to do nothing', () => {
    const doc = scenario();
    doc.ruleOptions = { 'house-rules': { fog: true } };
    expect(at(doc, '/ruleOptions/house-rules')).toEqual([expect.objectContaining({ severity: 'warning' })]);
  });
});

describe('date and weather', () => {
  it('the date must be a real day: 1815-02-29 is not (1815 is no leap year); 1812-02-29 is', () => {
    expect(parseDate('1815-02-29')).toEqual({ ok: false, message: expect.stringContaining('month 2 of 1815 has 28 days') });
    expect(parseDate('1812-02-29')).toEqual({ ok: true, date: { year: 1812, month: 2, day: 29 } });
    const doc = scenario();
    doc.date = '1815-02-29';
    expect(at(doc, '/date')).toEqual([expect.objectContaining({ severity: 'error' })]);
  });

  it('French infantry changes column and line in ½ action only after 1807; 1806 Prussians take 2 actions ("Infantry Formations")', () => {
    const halfAction = (y: number) => nationalRules('french', y).some((r) => r.effect.includes('½ action'));
    expect(halfAction(1807)).toBe(false);
    expect(halfAction(1808)).toBe(true);
    expect(nationalRules('prussian', 1806).map((r) => r.effect)).toContain('Column to line and back costs 2 actions (1806 Prussians)');
    expect(nationalRules('prussian', 1813).some((r) => r.effect.includes('2 actions'))).toBe(false);
  });

  it('a French side without a date is asked for one, since the year changes its rules', () => {
    const doc = scenario();
    delete doc.date;
    doc.sides[0].nation = 'France';
    expect(at(doc, '/date')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('no date') })]);
  });

  it('heavy rain: muskets −3, no rapid fire, and mud after 9 periods ("Weather Effects")', () => {
    expect(weatherRules('heavy-rain', undefined).map((r) => r.effect)).toContain('Muskets fire at −3; no rapid fire; after 9 periods of it the open ground turns to mud');
    expect(weatherRules('clear', 'mud-and-snow')).toEqual([{ rule: 'Weather Effects', effect: 'Half movement over open ground deep in mud and snow' }]);
  });
});
