// Fire, worked by hand from the seed's 'Musket and Rifle Fire' examples, its 'Example of artillery fire' and the
// Musket Firing Table as notes §11 reads it. Scenarios go through the real validator and set-up; dice are fixed.
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../dice.js';
import { fireSituation, resolveFire, type FireRequest } from './fire.js';
import { setupGame } from './setup.js';
import { musketCell, musketRows, solidShotHitOn } from './tables.js';
import { neScenario, valid, type Spec } from './test-kit.js';

function game(red: Spec[], blue: Spec[], extra = {}) {
  return setupGame(valid(neScenario(red, blue, [], extra)));
}
function request(g: ReturnType<typeof game>, shooter: string, target: string, actions: 1 | 2): FireRequest {
  const find = (id: string) => g.units.find((u) => u.id === id)!;
  return { table: g.table, units: g.units, leaders: g.leaders, shooter: find(shooter), target: find(target), actions };
}

describe('the Musket Firing Table (notes §11 reading)', () => {
  it('rows fill their rightmost columns', () => {
    expect(musketCell(4, 5)).toBe(0); // row 4 starts at the "6" column
    expect(musketCell(4, 6)).toBe(2);
    expect(musketCell(20, 4)).toBe(2);
    expect(musketCell(40, 4)).toBe(4);
    expect(musketCell(48, -4)).toBe(2);
    expect(musketCell(48, -5)).toBe(0); // −5 or less: no effect
    expect(musketCell(48, 15)).toBe(8);
    expect(musketCell(44, 12)).toBe(8);
  });

  it('the row is the nearest printed one, midway rounding up; over 48 is split', () => {
    expect(musketRows(1)).toEqual([]);
    expect(musketRows(2)).toEqual([4]);
    expect(musketRows(6)).toEqual([8]);
    expect(musketRows(21)).toEqual([20]);
    expect(musketRows(22)).toEqual([24]);
    expect(musketRows(50)).toEqual([48, 4]);
    expect(musketRows(97)).toEqual([48, 48]);
  });

  it('solid shot hit numbers: A 3+/4+/5+, B 4+/5+/6, C–E as B', () => {
    expect(['medium', 'long', 'extreme'].map((b) => solidShotHitOn('A', b as 'medium'))).toEqual([3, 4, 5]);
    expect(['medium', 'long', 'extreme'].map((b) => solidShotHitOn('B', b as 'medium'))).toEqual([4, 5, 6]);
    expect(solidShotHitOn('D', 'long')).toBe(5);
  });
});

describe("'Example of firing-1': 20 figures in line at a column 4\" away", () => {
  // Red: 20 three-rank figures in line facing north at (36, 30): front edge y = 29.75. Blue: 20 figures in column
  // facing south, 7 in front (2.625") and 1.5" deep; centre y = 25 puts its front at 25.75, exactly 4" away.
  const red: Spec[] = [{ id: 'bn', figures: 20, rating: 'B16C40', at: [36, 30], facing: 0 }];
  const blue: Spec[] = [{ id: 'col', figures: 20, at: [36, 25], facing: 180, formation: 'column' }];

  it('one action, fatigued: +2 column, −1 fatigued, −1 medium range = 0; a rolled 4 reads 4 on row 20 → 2', () => {
    const g = game(red, blue);
    g.units[0]!.fatigue = 1;
    const s = fireSituation(request(g, 'bn', 'col', 1));
    if (!s.allowed || s.kind === 'solid-shot') throw new Error(JSON.stringify(s));
    expect(s.kind).toBe('musket');
    expect(s.range).toBeCloseTo(4);
    expect(s.band).toBe('medium');
    expect(s.figures).toBe(20);
    expect(s.rows).toEqual([20]);
    expect(new Set(s.modifiers.map((m) => `${m.id} ${m.value}`))).toEqual(new Set(['dense-target 2', 'fatigued -1', 'medium-range -1']));
    expect(s.total).toBe(0);
    expect(s.casualtiesByRoll[3]).toBe(2);
    const out = resolveFire(request(g, 'bn', 'col', 1), s, fixedDice([4]));
    expect(out.casualties).toEqual([{ unit: 'col', figures: 2 }]);
    expect(out.rolls).toEqual([4]);
  });

  it('two actions: 40 figures firing, the same 4 → 4', () => {
    const g = game(red, blue);
    g.units[0]!.fatigue = 1;
    const s = fireSituation(request(g, 'bn', 'col', 2));
    if (!s.allowed || s.kind === 'solid-shot') throw new Error(JSON.stringify(s));
    expect(s.rows).toEqual([40]);
    expect(s.casualtiesByRoll[3]).toBe(4);
  });
});

describe("'Example of artillery fire': a French 12lb battery, six cannons and two howitzers, Fire B, two actions", () => {
  // Battery (3 models, 3" × 1.5") at (36, 40) facing north: front edge y = 39.25. The line (20 figures, facing
  // south, 0.5" deep) has its near edge 14" away at y = 25.25 (centre 25). The column behind it has its near edge
  // 18" away at y = 21.25 (1.5" deep: centre 20.5). Medium range: B hits on 4+, bounce 10" from y = 25.25 to 15.25,
  // so the column (y 19.75–21.25) is in it. 14" is under the howitzers' 16": no shell. Damage per hit: 6 cannons;
  // the column is dense, so 12.
  const red: Spec[] = [{ id: 'bat', arm: 'artillery', rating: 'B16B25', guns: 6, howitzers: 2, calibre: '12lb', at: [36, 40], facing: 0 }];
  const blue: Spec[] = [
    { id: 'line', figures: 20, at: [36, 25], facing: 180 },
    { id: 'col', figures: 20, at: [36, 20.5], facing: 180, formation: 'column' },
  ];

  it('rolls 5 and 2 at the line (one hit, 6 points: 1 figure), 6 and 5 at the column (two hits, 24 points: 4)', () => {
    const g = game(red, blue);
    const req = request(g, 'bat', 'line', 2);
    const s = fireSituation(req);
    if (!s.allowed || s.kind !== 'solid-shot') throw new Error(JSON.stringify(s));
    expect(s.range).toBeCloseTo(14);
    expect([s.band, s.hitOn, s.dice, s.bounce]).toEqual(['medium', 4, 2, 10]);
    expect(s.victims.map((v) => [v.unit, v.damagePerHit, v.dense])).toEqual([['line', 6, false], ['col', 12, true]]);
    // Expected: 2 dice × 1/2 × 6 / 6 = 1 on the line; 2 × 1/2 × 12 / 6 = 2 on the column.
    expect(s.victims.map((v) => v.expected)).toEqual([1, 2]);
    // Ammunition after the hit rolls: one d6 per action; a 6 is one step towards empty.
    const out = resolveFire(req, s, fixedDice([5, 2, 6, 5, 1, 6]));
    expect(out.casualties).toEqual([{ unit: 'line', figures: 1 }, { unit: 'col', figures: 4 }]);
    expect([out.ammoSixes, out.outOfAmmo]).toEqual([1, false]);
    expect(out.rolls).toEqual([5, 2, 6, 5, 1, 6]);
  });

  it('at 18" the howitzers add 2 points each on the first unit hit', () => {
    // The column alone this time (the line would hide it).
    const g = game(red, [blue[1]!]);
    const s = fireSituation(request(g, 'bat', 'col', 1));
    if (!s.allowed || s.kind !== 'solid-shot') throw new Error(JSON.stringify(s));
    expect(s.victims.map((v) => v.unit)).toEqual(['col']);
    expect(s.victims[0]!.damageModifiers).toEqual([expect.objectContaining({ id: 'howitzers', value: 4 })]);
    expect(s.victims[0]!.damagePerHit).toBe(20); // (6 + 4) × 2 for the column
  });

  it('a remainder is rolled for: 20 points are 3 figures and a fourth on a d6 of 2 or less', () => {
    const g = game(red, [blue[1]!]);
    const req = request(g, 'bat', 'col', 1);
    const s = fireSituation(req);
    if (!s.allowed || s.kind !== 'solid-shot') throw new Error('refused');
    // One hit of 20 points on the column: 3 figures and 2 over, a 2 rolled makes it 4; then one ammunition die.
    const out = resolveFire(req, s, fixedDice([6, 2, 3]));
    expect(out.casualties).toEqual([{ unit: 'col', figures: 4 }]);
  });

  it('the third 6 empties a battery, the second a regimental one', () => {
    const g = game(red, blue);
    const req = request(g, 'bat', 'line', 2);
    const s = fireSituation(req);
    if (!s.allowed || s.kind !== 'solid-shot') throw new Error('refused');
    req.shooter.ammo = 2;
    expect(resolveFire(req, s, fixedDice([1, 1, 1, 1, 6, 1])).outOfAmmo).toBe(true);
    req.shooter.ammo = 1;
    req.shooter.regimental = true;
    expect(resolveFire(req, s, fixedDice([1, 1, 1, 1, 1, 6])).outOfAmmo).toBe(true);
  });
});

describe('canister and refusals', () => {
  it("canister at 6\": 2 × (6 cannons + 2 howitzers) = 16 figures, +4 for 6lb, +1 for Fire B, no range modifier", () => {
    // Battery front edge y = 39.25; a line whose near edge is 6" away (centre y = 33).
    const g = game([{ id: 'bat', arm: 'artillery', guns: 6, howitzers: 2, calibre: '6lb', at: [36, 40], facing: 0 }], [{ id: 'line', figures: 20, at: [36, 33], facing: 180 }]);
    const s = fireSituation(request(g, 'bat', 'line', 1));
    if (!s.allowed || s.kind === 'solid-shot') throw new Error(JSON.stringify(s));
    expect([s.kind, s.band, s.figures]).toEqual(['canister', 'close', 16]);
    expect(s.total).toBe(5);
  });

  it('out of range, not an enemy, behind the firer, limbered, cavalry without carbines', () => {
    const g = game(
      [{ id: 'bn', figures: 20, at: [36, 40], facing: 0 }, { id: 'bat', arm: 'artillery', at: [10, 40], facing: 0, formation: 'limbered' }, { id: 'hus', arm: 'cavalry', type: 'light', rating: 'A16C33', figures: 12, at: [60, 40], facing: 0 }],
      [{ id: 'far', figures: 20, at: [36, 20], facing: 180 }, { id: 'back', figures: 20, at: [36, 46], facing: 0 }],
    );
    const reason = (s: string, t: string) => {
      const r = fireSituation(request(g, s, t, 1));
      return r.allowed ? 'allowed' : r.reason;
    };
    expect(reason('bn', 'far')).toMatch(/out of musket range/);
    expect(reason('bn', 'bat')).toMatch(/not an enemy/);
    expect(reason('bn', 'back')).toMatch(/front arc/);
    expect(reason('bat', 'far')).toMatch(/limbered/);
    expect(reason('hus', 'far')).toMatch(/carbines/);
  });
});

describe('cover and company skirmishers (notes §11)', () => {
  it('a hedge between the lines gives −2, the target\'s light company −1 when the firer is within 4" of its front', () => {
    // Red line front edge y = 29.75; blue line facing south at y = 26.75, front edge 27.0: 2.75", medium range (−1).
    // The hedge at y = 27.5 crosses the line between their nearest points (−2); the blue battalion's 3 company
    // skirmishers, with the option on, screen its front and the firer is 2.75" off it (−1). Total −4 on row 20:
    // die 1–6 → −3, −2, −1, 0, 1, 2 → 0, 0, 0, 0, 2, 2.
    const sc = valid(
      neScenario(
        [{ id: 'bn', figures: 20, at: [36, 30], facing: 0 }],
        [{ id: 'tgt', figures: 20, at: [36, 26.75], facing: 180, extra: { skirmishers: 3 } }],
        [{ id: 'hg', kind: 'hedge', path: [[30, 27.5], [42, 27.5]] }],
        { ruleOptions: { 'napoleons-eagles': { companySkirmishers: true } } },
      ),
    );
    const g = setupGame(sc);
    const s = fireSituation(request(g, 'bn', 'tgt', 1));
    if (!s.allowed || s.kind === 'solid-shot') throw new Error(JSON.stringify(s));
    expect(new Set(s.modifiers.map((m) => `${m.id} ${m.value}`))).toEqual(new Set(['medium-range -1', 'behind-hedge -2', 'organic-skirmishers -1']));
    expect(s.casualtiesByRoll).toEqual([0, 0, 0, 0, 2, 2]);
  });
});
