// The guards that keep the checks' work bounded by the document, checked against the plain algorithms they
// replace: the same answers on ordinary maps, and quick answers on absurd ones.
import { describe, expect, it } from 'vitest';
import { boundingBox, selfIntersection, segmentContact } from './geometry.js';
import { cellPolygon, cellsAlongPath, cellsNearBox, gridSize, MAX_GRID_CELLS, type CellGrid } from './grid.js';
import type { Feature, Point, Scenario, Table } from './model.js';
import { classifyCells, coverageWork, featuresAtPoint, MAX_COVERAGE_WORK, terrainLocator } from './terrain-cells.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const GRIDS: CellGrid[] = [
  { kind: 'square', cell: 4.5 },
  { kind: 'hex', cell: 3, orientation: 'flat' },
  { kind: 'hex', cell: 3, orientation: 'pointy' },
];

describe('grid size', () => {
  it(`reports a grid of more than ${MAX_GRID_CELLS} cells as too large, with no cells to walk`, () => {
    const size = gridSize({ kind: 'square', cell: 0.25 }, { width: 1200, height: 1200 });
    expect(size).toEqual({ cols: 0, rows: 0, exact: false, tooLarge: { cols: 4800, rows: 4800 } });
    expect(gridSize({ kind: 'square', cell: 1 }, { width: 100, height: 100 })).toMatchObject({ cols: 100, rows: 100 });
    expect(gridSize({ kind: 'square', cell: 1 }, { width: 101, height: 100 }).tooLarge).toEqual({ cols: 101, rows: 100 });
  });

  it('gives no cells for sizes that are not finite numbers', () => {
    const bad = [
      { width: '1e15', height: 36 },
      { width: Infinity, height: 36 },
      { width: 36, height: Number.NaN },
    ] as unknown as Table[];
    for (const table of bad) expect(gridSize({ kind: 'square', cell: 6 }, table)).toMatchObject({ cols: 0, rows: 0 });
    expect(gridSize({ kind: 'square', cell: 1e-300 }, { width: 36, height: 36 }).tooLarge).toBeDefined();
  });
});

describe('cells near a box', () => {
  it('include every cell whose outline meets the box, on square and hex grids', () => {
    const next = lcg(7);
    const table = { width: 36, height: 30 };
    for (const grid of GRIDS) {
      const { cols, rows } = gridSize(grid, table);
      for (let k = 0; k < 200; k++) {
        const [x0, x1] = [next() * 40 - 2, next() * 40 - 2].sort((a, b) => a - b) as [number, number];
        const [y0, y1] = [next() * 34 - 2, next() * 34 - 2].sort((a, b) => a - b) as [number, number];
        const box = { minX: x0, minY: y0, maxX: x1, maxY: y1 };
        const near = new Set(cellsNearBox(grid, table, box).map((r) => `${r.col},${r.row}`));
        for (let row = 0; row < rows; row++) {
          for (let col = 0; col < cols; col++) {
            const b = boundingBox(cellPolygon(grid, col, row))!;
            const meets = b.minX <= x1 && b.maxX >= x0 && b.minY <= y1 && b.maxY >= y0;
            if (meets) expect(near.has(`${col},${row}`), `${grid.kind} ${col},${row} near ${JSON.stringify(box)}`).toBe(true);
          }
        }
      }
    }
  });
});

describe('cells along a path', () => {
  it('finds the same cells for a long line as for its stretch over the table', () => {
    const table = { width: 36, height: 36 };
    // Square boxes: a line parallel to an axis meets no corner, so sampling cannot differ at a sliver.
    for (const grid of GRIDS.filter((g) => g.kind === 'square')) {
      // Lines parallel to an axis: the samples of the long line and of its stretch fall on the same cells.
      const y = 11.25;
      const x = 20.25;
      expect(cellsAlongPath(grid, table, [[-2400, y], [2400, y]])).toEqual(cellsAlongPath(grid, table, [[0, y], [36, y]]));
      expect(cellsAlongPath(grid, table, [[x, 2400], [x, -2400]])).toEqual(cellsAlongPath(grid, table, [[x, 36], [x, 0]]));
    }
  });

  it('costs nothing for a path that never comes near the table', () => {
    const path: Point[] = Array.from({ length: 5000 }, (_, i) => [i % 2 ? 2400 : -2400, 2000 + (i % 7) * 50]);
    const started = performance.now();
    expect(cellsAlongPath({ kind: 'square', cell: 0.5 }, { width: 10, height: 10 }, path)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the terrain locator', () => {
  it('answers exactly as a scan of every feature does, on and off the table, with huge and tiny features', () => {
    const next = lcg(11);
    const terrain: Feature[] = [];
    for (let i = 0; i < 60; i++) {
      const cx = next() * 50 - 7;
      const cy = next() * 50 - 7;
      const r = i % 10 === 0 ? 2000 : 0.5 + next() * 6;
      terrain.push({ id: `w${i}`, kind: 'woods', polygon: [[cx - r, cy - r], [cx + r, cy - r * 0.7], [cx + r * 0.8, cy + r], [cx - r, cy + r]] });
    }
    terrain.push({ id: 'road', kind: 'road', path: [[-2400, 5], [2400, 30]] });
    terrain.push({ id: 'br', kind: 'bridge', at: [12, 12], river: 'x' });
    const scenario = { table: { width: 36, height: 36 }, terrain } as unknown as Scenario;
    const locate = terrainLocator(scenario);
    for (let k = 0; k < 3000; k++) {
      const p: Point = k % 5 === 0 ? [next() * 5000 - 2500, next() * 5000 - 2500] : [next() * 44 - 4, next() * 44 - 4];
      expect(locate(p).map((f) => f.id), `at ${p.join(",")}`).toEqual(featuresAtPoint(scenario, p).map((f) => f.id));
    }
  });
});

describe('area coverage', () => {
  it('refuses to measure outlines past the budget, and says how much work they would be', () => {
    const star = (k: number): Point[] =>
      Array.from({ length: k }, (_, i) => {
        const a = (2 * Math.PI * i) / k;
        const r = i % 2 ? 17 : 9;
        return [18 + r * Math.cos(a), 18 + r * Math.sin(a)];
      });
    const scenario = (copies: number, corners: number) =>
      ({
        table: { width: 36, height: 36 },
        grid: { kind: 'square', cell: 0.5 },
        terrain: Array.from({ length: copies }, (_, i) => ({ id: `w${i}`, kind: 'woods', polygon: star(corners) })),
      }) as unknown as Scenario;
    const small = coverageWork(scenario(1, 40));
    expect(small.exceeded).toBe(false);
    expect([...classifyCells(scenario(1, 40)).values()].some((c) => c.features.length > 0)).toBe(true);
    const big = coverageWork(scenario(40, 10000));
    expect(big.work).toBeGreaterThan(MAX_COVERAGE_WORK);
    expect(big).toMatchObject({ exceeded: true, worst: { corners: 10000 } });
    const started = performance.now();
    const cells = classifyCells(scenario(40, 10000));
    expect(performance.now() - started).toBeLessThan(5000);
    expect([...cells.values()].every((c) => c.features.length === 0)).toBe(true);
  });
});

describe('outline crossings', () => {
  /** The plain double loop the sweep replaced: the first pair in outline order. */
  function bruteForce(polygon: Point[]): { edgeA: number; edgeB: number } | null {
    const edges = polygon.map((a, i) => ({ index: i, a, b: polygon[(i + 1) % polygon.length]! })).filter((e) => e.a[0] !== e.b[0] || e.a[1] !== e.b[1]);
    const m = edges.length;
    for (let i = 0; i < m; i++) {
      for (let j = i + 1; j < m; j++) {
        const adjacent = j === i + 1 || (i === 0 && j === m - 1);
        const c = segmentContact(edges[i]!.a, edges[i]!.b, edges[j]!.a, edges[j]!.b);
        if (adjacent ? c === 'overlap' : c !== 'none') return { edgeA: edges[i]!.index, edgeB: edges[j]!.index };
      }
    }
    return null;
  }

  it('reports the same first crossing as a check of every pair, on 2,000 random outlines', () => {
    const next = lcg(3);
    let crossing = 0;
    for (let k = 0; k < 2000; k++) {
      const n = 3 + Math.floor(next() * 9);
      // Snapped to a coarse lattice, so touching corners and overlapping edges turn up as well as crossings.
      const polygon = Array.from({ length: n }, () => [Math.round(next() * 6), Math.round(next() * 6)] as Point);
      const expected = bruteForce(polygon);
      if (expected) crossing++;
      expect(selfIntersection(polygon), JSON.stringify(polygon)).toEqual(expected);
    }
    expect(crossing).toBeGreaterThan(100);
  });

  it('stops at its budget instead of testing every pair', () => {
    // Many long, overlapping edges: a comb whose teeth all span the same height.
    const comb: Point[] = [];
    for (let i = 0; i < 3000; i++) comb.push([i, 0], [i + 0.5, 100]);
    const budget = { pairs: 1000 };
    expect(selfIntersection(comb, undefined, budget)).toBe('too-complex');
    expect(budget.pairs).toBeLessThan(0);
  });
});
