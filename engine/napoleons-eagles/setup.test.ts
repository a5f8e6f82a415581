// Setting up from real scenario files (the sample ne-01 and small cases through the validator), the footprint
// table of notes §11, and line of sight ('Line of Sight'). Each expectation is worked from the file by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { validateDocument } from '../../domain/validate.js';
import { enfiladeValue, footprint, frontRankFigures, rectOf } from './footprint.js';
import { bounds, rectCorners } from './geometry.js';
import { setupGame } from './setup.js';
import { lineOfSight } from './sight.js';
import { levelAt, woodsAt } from './terrain.js';
import { neScenario, valid } from './test-kit.js';
import type { NeUnit } from './types.js';

const ne01 = JSON.parse(readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8')) as Scenario;
const byId = <T extends { id: string }>(xs: T[], id: string): T => xs.find((x) => x.id === id)!;

describe('set-up of the sample scenario ne-01', () => {
  it('is valid and sets up with every unit, red side first in document order', () => {
    expect(validateDocument(ne01).filter((p) => p.severity === 'error')).toEqual([]);
    const { units } = setupGame(ne01);
    expect(units.map((u) => u.id)).toEqual([
      'pr-15-1', 'pr-15-2', 'pr-15-f', 'pr-slw1-1', 'pr-slw1-2', 'pr-hus2', 'pr-fb14', 'pr-rb11',
      'fr-jg-art', 'fr-1tir-1', 'fr-1tir-2', 'fr-1volt', 'fr-3volt', 'fr-5l-1', 'fr-5l-2', 'fr-11ch',
    ]);
    expect(units.filter((u) => u.side === 'red')).toHaveLength(8);
  });

  it('reads ratings, figures and guns; the horse battery waits as a reinforcement', () => {
    const { units, table } = setupGame(ne01);
    const f = byId(units, 'pr-15-f');
    // The Füsiliers stand formed, their skirmishing companies counted as organic skirmishers.
    expect([f.move, f.morale, f.fire, f.melee, f.figures, f.ranks, f.formation, f.skirmishers]).toEqual(['A', 16, 'B', 42, 22, 3, 'column', 4]);
    const bat = byId(units, 'fr-jg-art');
    expect([bat.guns, bat.howitzers, bat.calibre, bat.models, bat.guardBattery, bat.formation]).toEqual([6, 2, '6lb', 3, true, 'unlimbered']);
    expect(byId(units, 'fr-5l-1').skirmishers).toBe(3);
    expect(byId(units, 'fr-1volt').guard).toBe('young');
    const rb = byId(units, 'pr-rb11');
    expect(rb.status).toBe('reserve');
    expect([rb.x, rb.y, rb.facing]).toEqual([72, 24, 270]);
    expect(table.reinforcements).toEqual([{ side: 'red', units: ['pr-rb11'], turn: 2, roll: null, entry: { at: [72, 24] }, facing: 270 }]);
  });

  it('commanders: the nearest leader at division level or above, else the brigadier (notes §5)', () => {
    const { units, leaders } = setupGame(ne01);
    expect(byId(units, 'pr-15-1').commander).toBe('pr-hiller');
    // The cavalry's division has no leader, so the corps commander holds it directly.
    expect(byId(units, 'pr-hus2').commander).toBe('pr-bulow');
    expect(byId(units, 'fr-1tir-1').commander).toBe('fr-duhesme');
    expect(byId(units, 'fr-5l-1').commander).toBe('fr-lobau');
    expect(byId(leaders, 'pr-hiller').superior).toBe('pr-bulow');
    expect(byId(leaders, 'fr-chartrand-gen').superior).toBe('fr-duhesme');
    expect(byId(leaders, 'pr-bulow').superior).toBeNull();
    expect(byId(leaders, 'pr-hiller').meleeBonus).toBe(10);
    expect(byId(leaders, 'fr-duhesme').moraleBonus).toBe(2); // the file's own value
  });

  it('a leader whose set-up point lies inside a unit joins it', () => {
    const { units, leaders } = setupGame(ne01);
    // Guye stands at [42, 24], the centre of the 1st Voltigeurs; Chartrand at [34, 22] inside the 1st Tirailleurs'
    // 7.5" line facing east (y 16.25–23.75, x 33.75–34.25); Duhesme at [36, 24] is in nobody's rectangle.
    expect(byId(leaders, 'fr-guye-gen').attachedTo).toBe('fr-1volt');
    expect(byId(units, 'fr-1volt').attachedLeader).toBe('fr-guye-gen');
    expect(byId(leaders, 'fr-chartrand-gen').attachedTo).toBe('fr-1tir-1');
    expect(byId(leaders, 'fr-duhesme').attachedTo).toBeNull();
  });

  it('the table: options with defaults, sides, turns, terrain levels', () => {
    const { table } = setupGame(ne01);
    expect(table.options.leaderInitiative).toBe(true);
    expect(table.options.carbines).toBe(false);
    expect(table.options.weatherEffects).toBe(true);
    expect(table.options.thresholdPercent).toBe(50);
    expect(table.sides.map((s) => [s.key, s.id, s.nation])).toEqual([['red', 'red', 'prussian'], ['blue', 'blue', 'french']]);
    expect([table.turnLimit, table.first, table.ground, table.year]).toEqual([5, 'red', 'firm', 1815]);
    expect(levelAt(table.terrain, [15, 20])).toBe(1);
    expect(levelAt(table.terrain, [40, 20])).toBe(0);
    expect(woodsAt(table.terrain, [64, 8])?.density).toBe('dense');
    expect(table.terrain.blocks).toHaveLength(6);
  });

  it('every footprint on the table lies inside it', () => {
    const { units, table } = setupGame(ne01);
    for (const u of units.filter((x) => x.status === 'table')) {
      const b = bounds(rectCorners(rectOf(u, table)));
      expect(b.minX).toBeGreaterThanOrEqual(-1e-9);
      expect(b.minY).toBeGreaterThanOrEqual(-1e-9);
      expect(b.maxX).toBeLessThanOrEqual(table.width + 1e-9);
      expect(b.maxY).toBeLessThanOrEqual(table.height + 1e-9);
    }
  });
});

describe('set-up of small cases', () => {
  it('a line set up across the west edge is pushed inward until it fits', () => {
    // 24 three-rank figures in line facing north: 9" wide, so the centre must be at least 4.5" from the edge.
    const s = valid(neScenario([{ id: 'r1', figures: 24, at: [2, 20], facing: 0 }], [{ id: 'b1', at: [40, 10], facing: 180 }]));
    const { units } = setupGame(s);
    expect(byId(units, 'r1').x).toBeCloseTo(4.5);
    expect(byId(units, 'r1').y).toBe(20);
  });

  it('default formations: infantry and cavalry line, artillery unlimbered', () => {
    const s = valid(neScenario([{ id: 'r1', at: [20, 30], facing: 0 }, { id: 'r2', arm: 'cavalry', figures: 12, at: [40, 30], facing: 0 }, { id: 'r3', arm: 'artillery', at: [30, 30], facing: 0 }], [{ id: 'b1', at: [40, 10], facing: 180 }]));
    const { units } = setupGame(s);
    expect(units.map((u) => u.formation)).toEqual(['line', 'line', 'unlimbered', 'line']);
  });

  it('a leader without a set-up point starts just behind the first unit of his command, not attached', () => {
    const s = valid(neScenario([{ id: 'r1', at: [20, 30], facing: 0 }], [{ id: 'b1', at: [40, 10], facing: 180 }]));
    const { leaders } = setupGame(s);
    const gen = byId(leaders, 'red-gen');
    expect(gen.attachedTo).toBeNull();
    // No ratings in the file: the division defaults (+1 morale, +5 melee, 15", initiative 5).
    expect([gen.moraleBonus, gen.meleeBonus, gen.commandRadius, gen.initiative]).toEqual([1, 5, 15, 5]);
    expect(gen.x).toBeCloseTo(20);
    expect(gen.y).toBeCloseTo(31.25); // half the 0.5" depth, plus an inch, south of a unit facing north
  });

  it('a unit with nowhere to stand is refused by name', () => {
    const s = neScenario([{ id: 'r1', at: [20, 30], facing: 0 }], [{ id: 'b1', at: [40, 10], facing: 180 }]);
    delete s.sides[0].army.units![0]!.setup;
    expect(() => setupGame(s)).toThrow(/r1.*cannot be set up/);
  });

  it('a deployment zone on the south edge lines its units up facing north', () => {
    const s = neScenario([{ id: 'r1', figures: 16, at: [0, 0], facing: 0 }, { id: 'r2', figures: 16, at: [0, 0], facing: 0 }], [{ id: 'b1', at: [40, 10], facing: 180 }]);
    for (const u of s.sides[0].army.units!) delete u.setup;
    s.sides[0].deployment = [{ zone: { edge: 'south', depth: 6 } }];
    valid(s);
    const { units } = setupGame(s);
    // Two 6" lines with an inch between: 13" centred on x = 36 run 29.5–42.5, so centres 32.5 and 39.5, at y = 45.
    expect([byId(units, 'r1').x, byId(units, 'r2').x]).toEqual([32.5, 39.5]);
    expect(byId(units, 'r1').y).toBe(45);
    expect(byId(units, 'r1').facing).toBe(0);
  });
});

const inf = (over: Partial<NeUnit>): NeUnit => ({ arm: 'infantry', ranks: 3, figures: 24, formation: 'line', guns: 0, howitzers: 0, models: 0, x: 0, y: 0, facing: 0, ...over }) as NeUnit;

describe('footprints (notes §11) and enfilade (\'Enfilade Values\')', () => {
  it('infantry: line, supported line, column, road column, square, skirmish', () => {
    expect(footprint(inf({}))).toEqual({ width: 9, depth: 0.5 });
    expect(footprint(inf({ ranks: 2 }))).toEqual({ width: 12, depth: 0.5 });
    expect(footprint(inf({ formation: 'supported-line' }))).toEqual({ width: 4.5, depth: 1 });
    expect(footprint(inf({ formation: 'column' }))).toEqual({ width: 3, depth: 1.5 });
    expect(footprint(inf({ formation: 'road-column' }))).toEqual({ width: 1, depth: 6 });
    expect(footprint(inf({ formation: 'square' }))).toEqual({ width: 2.25, depth: 2.25 });
    expect(footprint(inf({ formation: 'skirmish', figures: 22 }))).toEqual({ width: 44, depth: 0.5 });
    // A 30-figure screen facing north on a 48"-wide table is capped at the table's width.
    expect(footprint(inf({ formation: 'skirmish', figures: 30 }), { width: 48, height: 72 }).width).toBeCloseTo(48);
  });

  it('cavalry and artillery', () => {
    expect(footprint(inf({ arm: 'cavalry', figures: 12 }))).toEqual({ width: 9, depth: 1 });
    expect(footprint(inf({ arm: 'cavalry', figures: 12, formation: 'column' }))).toEqual({ width: 3, depth: 3 });
    expect(footprint(inf({ arm: 'cavalry', figures: 12, formation: 'road-column' }))).toEqual({ width: 1.5, depth: 6 });
    expect(footprint(inf({ arm: 'artillery', figures: 0, models: 3, formation: 'unlimbered' }))).toEqual({ width: 3, depth: 1.5 });
    expect(footprint(inf({ arm: 'artillery', figures: 0, models: 3, formation: 'limbered' }))).toEqual({ width: 1, depth: 4.5 });
  });

  it("the seed's enfilade examples: 10 two-rank in line 30; 12 three-rank in column (4 in front) 8; 9 three-rank in line 18", () => {
    expect(enfiladeValue(inf({ ranks: 2, figures: 10 }))).toBe(30); // 10 × 3
    const col = inf({ figures: 12, formation: 'column' });
    expect(frontRankFigures(col)).toBe(4); // ceil(12 / 3)
    expect(enfiladeValue(col)).toBe(8); // 4 × 2
    expect(enfiladeValue(inf({ figures: 9 }))).toBe(18); // 9 × 2
    expect(enfiladeValue(inf({ arm: 'artillery', guns: 6, figures: 0 }))).toBe(12);
    expect(enfiladeValue(inf({ arm: 'cavalry', figures: 12 }))).toBe(12);
  });
});

describe("line of sight ('Line of Sight')", () => {
  const hill = { id: 'h', kind: 'hill' as const, level: 1 as const, polygon: [[0, 0], [72, 0], [72, 12], [0, 12]] as [number, number][] };

  it('a unit between blocks; a skirmish screen or unlimbered battery does not', () => {
    const s = valid(neScenario([{ id: 'r1', figures: 8, at: [36, 40], facing: 0 }, { id: 'r2', figures: 8, at: [36, 30], facing: 0 }], [{ id: 'b1', figures: 8, at: [36, 20], facing: 180 }]));
    const { table, units } = setupGame(s);
    expect(lineOfSight(table.terrain, units, byId(units, 'r1'), byId(units, 'b1'))).toMatchObject({ clear: false, blocker: 'r2' });
    byId(units, 'r2').formation = 'skirmish';
    expect(lineOfSight(table.terrain, units, byId(units, 'r1'), byId(units, 'b1')).clear).toBe(true);
  });

  it("the seed's example: from a level-1 hill over a unit 10\" away, the next 10\" beyond it are hidden", () => {
    // Observer at y = 10 on the hill; blocker on the ground, its near edge 10" away (centre y = 20.25, 0.5" deep);
    // its far edge at 20.5, so a target whose centre is within 10" beyond (y ≤ 30.5) is hidden.
    const mk = (ty: number) => valid(neScenario([{ id: 'obs', figures: 8, at: [36, 10], facing: 180 }], [{ id: 'wall', figures: 8, at: [36, 20.25], facing: 0 }, { id: 't', figures: 8, at: [36, ty], facing: 0 }], [hill]));
    for (const [ty, clear] of [[29, false], [32, true]] as const) {
      const { table, units } = setupGame(mk(ty));
      expect(lineOfSight(table.terrain, units, byId(units, 'obs'), byId(units, 't')).clear).toBe(clear);
      // Sight is mutual: the lower end sees the observer as it is seen.
      expect(lineOfSight(table.terrain, units, byId(units, 't'), byId(units, 'obs')).clear).toBe(clear);
    }
  });

  it('a hill higher than both ends blocks; woods block unless a unit looks out from up to 4" inside light woods', () => {
    const woods = { id: 'w', kind: 'woods' as const, density: 'light' as const, polygon: [[30, 20], [42, 20], [42, 26], [30, 26]] as [number, number][] };
    const s = valid(neScenario([{ id: 'r1', figures: 8, at: [36, 40], facing: 0 }, { id: 'r2', figures: 8, at: [40, 23], facing: 0 }], [{ id: 'b1', figures: 8, at: [36, 10], facing: 180 }], [woods]));
    const { table, units } = setupGame(s);
    expect(lineOfSight(table.terrain, units, byId(units, 'r1'), byId(units, 'b1'))).toMatchObject({ clear: false, blocker: 'w' });
    // r2 stands 3" inside the wood's north edge: its look runs about 3.1" through light woods, within the 4".
    expect(lineOfSight(table.terrain, units, byId(units, 'r2'), byId(units, 'b1')).clear).toBe(true);
  });
});
