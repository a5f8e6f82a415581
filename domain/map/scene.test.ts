import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkForces } from '../forces.js';
import type { Scenario } from '../model.js';
import { pointInPolygon } from '../geometry.js';
import { buildScene } from './scene.js';
import { SCREEN_STYLE } from './styles.js';

const samples = path.resolve(import.meta.dirname, '../../scenarios');
const load = (name: string): Scenario => JSON.parse(readFileSync(path.join(samples, name), 'utf8')) as Scenario;

function scenario(extra: Partial<Scenario>): Scenario {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 't',
    title: 'T',
    ruleSystem: 'eagles-to-glory',
    table: { width: 48, height: 36 },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', color: '#b03a2e', army: { id: 'ra', name: 'RA', echelon: 'corps' } },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'BA', echelon: 'corps' } },
    ],
    ...extra,
  };
}

describe('buildScene on the samples', () => {
  for (const file of readdirSync(samples).filter((f) => f.endsWith('.scenario.json'))) {
    it(`resolves ${file}`, () => {
      const doc = load(file);
      const scene = buildScene(doc);
      const features = scene.areas.length + scene.lines.length + scene.barriers.length + scene.crossings.length + scene.blocks.length;
      expect(features).toBe(doc.terrain.length);
      // Every unit and leader with a setup gets a counter, under the pointer the outline and inspector use.
      const placed = doc.sides.flatMap((side, s) =>
        [...walkForces(side.army, `/sides/${s}/army`)].filter((n) => n.kind !== 'formation' && n.node.setup).map((n) => n.path),
      );
      expect([...scene.units, ...scene.leaders].map((u) => u.pointer).sort()).toEqual(placed.sort());
      expect(scene.objectives).toHaveLength(doc.objectives?.length ?? 0);
      for (const item of scene.selectables) expect(item.outlines.length).toBeGreaterThan(0);
    });
  }
});

describe('buildScene', () => {
  it("draws a town's houses whole inside its outline, none across it", () => {
    const rings: [number, number][][] = [
      [[30, 3], [42, 3], [42, 15], [30, 15]],
      [[46, 4], [60, 4], [60, 14], [46, 14]],
      [[5, 5], [25, 8], [12, 30]],
    ];
    const half = SCREEN_STYLE.town.houseIn / 2;
    for (const polygon of rings) {
      const scene = buildScene(scenario({ table: { width: 72, height: 48 }, terrain: [{ id: 'tn', kind: 'town', polygon }] }));
      const decor = scene.areas[0]!.decor;
      const houses = decor.type === 'houses' ? decor.houses : [];
      expect(houses.length).toBeGreaterThan(5);
      for (const [x, y] of houses) {
        for (const corner of [[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]] as [number, number][]) {
          expect(pointInPolygon(corner, polygon)).toBe(true);
        }
      }
    }
  });

  it('turns bridges across their river', () => {
    const scene = buildScene(
      scenario({
        terrain: [
          { id: 'br', kind: 'bridge', at: [20, 10], river: 'r' },
          { id: 'r', kind: 'river', width: 2, path: [[20, 0], [20, 36]] },
          { id: 'fd', kind: 'ford', at: [20, 30], river: 'nope' },
        ],
      }),
    );
    const [bridge, ford] = scene.crossings;
    // The river flows south (bearing 180); the bridge's long axis turned by 180° still runs east-west, across it.
    expect(bridge!.rotation).toBeCloseTo(180);
    expect(bridge!.span).toBeGreaterThan(2);
    expect(bridge!.pointer).toBe('/terrain/0');
    // A dangling river id falls back to the nearest river.
    expect(ford!.rotation).toBeCloseTo(180);
  });

  it('draws area and line features given as cells', () => {
    const scene = buildScene(
      scenario({
        grid: { kind: 'square', cell: 6 },
        terrain: [
          { id: 'w', kind: 'woods', cells: ['A1', 'B1', 'B2', 'Q9'] },
          { id: 'rd', kind: 'road', cells: ['A3', 'B3', 'C3'] },
        ],
      }),
    );
    expect(scene.areas[0]!.shape.rings).toHaveLength(3);
    // L-shaped union of three squares: 8 outer edges.
    expect(scene.areas[0]!.shape.outline).toHaveLength(8);
    expect(scene.lines[0]!.points).toEqual([
      [3, 15],
      [9, 15],
      [15, 15],
    ]);
    expect(scene.cells).toHaveLength(48);
  });

  it('stacks areas in map order, hills by level', () => {
    const square = [[0, 0], [10, 0], [10, 10]] as [number, number][];
    const scene = buildScene(
      scenario({
        terrain: [
          { id: 'w', kind: 'woods', polygon: square },
          { id: 'h2', kind: 'hill', level: 2, polygon: square },
          { id: 'f', kind: 'fields', polygon: square },
          { id: 'h1', kind: 'hill', level: 1, polygon: square },
        ],
      }),
    );
    expect(scene.areas.map((a) => a.id)).toEqual(['f', 'h1', 'h2', 'w']);
    const h2 = scene.areas[2]!.decor;
    expect(h2.type === 'hill' && h2.contours.length).toBe(1);
  });

  it('builds zones, entries and objectives', () => {
    const scene = buildScene(
      scenario({
        terrain: [{ id: 'tn', kind: 'town', polygon: [[10, 10], [20, 10], [20, 20], [10, 20]] }],
        sides: [
          {
            id: 'red',
            name: 'Red',
            army: { id: 'ra', name: 'RA', echelon: 'corps' },
            deployment: [{ zone: { edge: 'south', depth: 9 } }],
            reinforcements: [
              { units: ['a'], turn: 4, entry: { edge: 'east' } },
              { units: ['b', 'c'], roll: { from: 3, need: 5 }, entry: { at: [48, 18] } },
            ],
          },
          {
            id: 'blue',
            name: 'Blue',
            army: { id: 'ba', name: 'BA', echelon: 'corps' },
            reinforcements: [{ units: ['d'], turn: 2, entry: { edge: 'east' } }],
          },
        ],
        objectives: [
          { id: 'o1', feature: 'tn', vp: 100, heldBy: 'blue' },
          { id: 'o2', name: 'Ridge', at: [30, 30], radius: 3, vp: 50 },
        ],
      }),
    );
    expect(scene.zones[0]!.shape.box).toEqual({ minX: 0, minY: 27, maxX: 48, maxY: 36 });
    expect(scene.zones[0]!.pointer).toBe('/sides/0/deployment/0');
    const [east1, at, east2] = scene.entries;
    expect(east1!.label).toBe('Turn 4 · 1 unit');
    expect(at!.label).toBe('Turn 3+ on 5+ · 2 units');
    // An entry point on the east edge points west, into the table.
    expect(at!.arrow!.to[0]).toBeLessThan(48);
    // Two entries share the east edge: their arrows are spread out along it.
    expect(east1!.arrow!.from[1]).toBeCloseTo(12);
    expect(east2!.arrow!.from[1]).toBeCloseTo(24);
    const [o1, o2] = scene.objectives;
    expect(o1!.at).toEqual([15, 15]);
    expect(o1!.name).toBeNull();
    expect(o1!.holderColor).toBe('#2e5fa8');
    expect(o2!.name).toBe('Ridge');
    expect(o2!.radius).toBe(3);
    const selectable = scene.selectables.find((s) => s.pointer === '/objectives/0')!;
    expect(selectable.related.length).toBeGreaterThan(0);
  });

  it('survives a half-written document', () => {
    const broken = scenario({
      grid: { kind: 'square', cell: 6 },
      terrain: [
        { id: 'a', kind: 'woods', polygon: [[1, 1], [2, 2]] },
        { id: 'b', kind: 'river', path: [[1, 1]] },
        { id: 'c', kind: 'bridge', at: [1, 'x'] as unknown as [number, number], river: 'b' },
        { id: 'd', kind: 'lake', cells: ['ZZ99', 'nonsense'] },
        null as unknown as Scenario['terrain'][number],
      ],
      objectives: [{ id: 'o', feature: 'missing', vp: 5 }],
    });
    (broken.sides[1] as unknown as { army: unknown }).army = undefined;
    const scene = buildScene(broken);
    expect(scene.areas).toEqual([]);
    expect(scene.lines).toEqual([]);
    expect(scene.objectives).toEqual([]);
  });
});

describe('nested hills', () => {
  it('draws a hill standing on a larger, lower one as that hill\'s upper contour, in its own tint', () => {
    const scene = buildScene(
      scenario({
        terrain: [
          { id: 'h1', kind: 'hill', level: 1, polygon: [[0, 0], [20, 0], [20, 20], [0, 20]] },
          { id: 'h2', kind: 'hill', level: 2, polygon: [[5, 5], [15, 5], [15, 15], [5, 15]] },
          { id: 'lone', kind: 'hill', level: 2, polygon: [[25, 5], [35, 5], [35, 15], [25, 15]] },
        ],
      }),
    );
    const decor = (id: string) => scene.areas.find((a) => a.id === id)!.decor;
    expect(decor('h2')).toMatchObject({ type: 'hill', level: 2, contours: [] });
    // A level-2 hill on its own still shows its two levels as rings.
    expect(decor('lone')).toMatchObject({ type: 'hill', level: 2 });
    expect((decor('lone') as { contours: unknown[] }).contours).toHaveLength(1);
  });
});
