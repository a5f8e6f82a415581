import { describe, it, expect } from 'vitest';
import { ellipsePolygon, polygonArea, rectanglePolygon } from './geometry.js';
import { cellPolygon } from './grid.js';
import { SCENARIO_TYPE, type Feature, type Grid, type Scenario, type Side, type Table } from './model.js';
import { classifyCells, dominantTerrain, featuresAtPoint, type CellTerrain } from './terrain-cells.js';

function side(id: string): Side {
  return { id, name: id, army: { id: `${id}-army`, name: id, echelon: 'corps' } };
}

function scenario(grid: Grid | undefined, terrain: Feature[], table: Table = { width: 36, height: 24 }): Scenario {
  const s: Scenario = {
    type: SCENARIO_TYPE,
    schemaVersion: 1,
    id: 'test',
    title: 'Test',
    ruleSystem: 'square-eagles',
    table,
    terrain,
    sides: [side('red'), side('blue')],
  };
  if (grid) s.grid = grid;
  return s;
}

const square6: Grid = { kind: 'square', cell: 6 };
const flat6: Grid = { kind: 'hex', cell: 6, orientation: 'flat' };

function coverageOf(cells: Map<string, CellTerrain>, cell: string, id: string): number | undefined {
  return cells.get(cell)?.features.find((f) => f.id === id)?.coverage;
}

function cellsWith(cells: Map<string, CellTerrain>, id: string): string[] {
  return [...cells].filter(([, t]) => t.features.some((f) => f.id === id)).map(([name]) => name);
}

describe('classifyCells', () => {
  it('is empty without a cell grid', () => {
    expect(classifyCells(scenario(undefined, [])).size).toBe(0);
    expect(classifyCells(scenario({ kind: 'none' }, [])).size).toBe(0);
  });

  it('lists every cell of the grid, row by row', () => {
    const cells = classifyCells(scenario(square6, []));
    expect(cells.size).toBe(24);
    expect([...cells.keys()].slice(0, 7)).toEqual(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'A2']);
    expect([...cells.values()].every((t) => t.features.length === 0)).toBe(true);
  });

  it('puts a town given by cells fully in those cells, ignoring malformed and off-grid names', () => {
    const cells = classifyCells(
      scenario(square6, [{ id: 't', kind: 'town', name: 'Ligny', cells: ['B2', 'C2', 'c3', 'Z9'] }]),
    );
    expect(cellsWith(cells, 't')).toEqual(['B2', 'C2']);
    expect(cells.get('B2')!.features).toEqual([{ id: 't', kind: 'town', coverage: 1 }]);
  });

  it('measures the fraction of each cell a polygon covers', () => {
    const cells = classifyCells(
      scenario(square6, [
        { id: 'w', kind: 'woods', polygon: rectanglePolygon(0, 0, 3, 6) },
        { id: 'h', kind: 'hill', polygon: rectanglePolygon(9, 0, 6, 6) },
        { id: 'f', kind: 'fields', polygon: rectanglePolygon(24, 0, 6, 6) },
      ]),
    );
    expect(coverageOf(cells, 'A1', 'w')).toBeCloseTo(0.5);
    expect(cellsWith(cells, 'w')).toEqual(['A1']);
    expect(coverageOf(cells, 'B1', 'h')).toBeCloseTo(0.5);
    expect(coverageOf(cells, 'C1', 'h')).toBeCloseTo(0.5);
    // A polygon exactly on a cell covers it fully and merely touches its neighbours.
    expect(cellsWith(cells, 'f')).toEqual(['E1']);
    expect(coverageOf(cells, 'E1', 'f')).toBeCloseTo(1);
  });

  it('conserves area: coverages sum to the polygon area', () => {
    const ellipse = ellipsePolygon(17, 11, 9, 7, 48);
    const cells = classifyCells(scenario(square6, [{ id: 'm', kind: 'marsh', polygon: ellipse }]));
    let total = 0;
    for (const t of cells.values()) for (const f of t.features) total += f.coverage * 36;
    expect(total).toBeCloseTo(polygonArea(ellipse), 6);
    expect(coverageOf(cells, 'C2', 'm')).toBeCloseTo(1);
    expect(coverageOf(cells, 'A1', 'm')).toBeUndefined();
  });

  it('marks the three cells a river path crosses', () => {
    const cells = classifyCells(scenario(square6, [{ id: 'r', kind: 'river', path: [[1, 9], [17, 9]] }]));
    expect(cellsWith(cells, 'r')).toEqual(['A2', 'B2', 'C2']);
    expect(coverageOf(cells, 'B2', 'r')).toBe(1);
  });

  it('marks a line given by cells and a diagonal road path', () => {
    const cells = classifyCells(
      scenario(square6, [
        { id: 'rd', kind: 'road', path: [[1, 1], [17, 17]] },
        { id: 'hg', kind: 'hedge', cells: ['D1', 'D2', 'D3'] },
      ]),
    );
    expect(cellsWith(cells, 'rd')).toEqual(['A1', 'B2', 'C3']);
    expect(cellsWith(cells, 'hg')).toEqual(['D1', 'D2', 'D3']);
  });

  it('puts crossings at their point and building blocks at their centre', () => {
    const cells = classifyCells(
      scenario(square6, [
        { id: 'r', kind: 'river', path: [[0, 9], [36, 9]] },
        { id: 'b', kind: 'bridge', at: [9, 9], river: 'r' },
        { id: 'bb', kind: 'building-block', at: [5, 5] }, // default 4": centre [7, 7] → B2
        { id: 'small', kind: 'building-block', at: [5, 5], size: 0.5 }, // centre [5.25, 5.25] → A1
      ]),
    );
    expect(cellsWith(cells, 'b')).toEqual(['B2']);
    expect(cellsWith(cells, 'bb')).toEqual(['B2']);
    expect(cellsWith(cells, 'small')).toEqual(['A1']);
    expect(cells.get('B2')!.features.map((f) => f.id)).toEqual(['r', 'b', 'bb']);
  });

  it('classifies hex cells by area', () => {
    const table = { width: 36, height: 36 };
    const lake = cellPolygon({ kind: 'hex', cell: 6, orientation: 'flat' }, 2, 2);
    const cells = classifyCells(scenario(flat6, [{ id: 'l', kind: 'lake', polygon: lake }], table));
    expect(cells.size).toBe(30);
    expect(cellsWith(cells, 'l')).toEqual(['C3']);
    expect(coverageOf(cells, 'C3', 'l')).toBeCloseTo(1);
  });
});

describe('dominantTerrain', () => {
  const cell: CellTerrain = {
    features: [
      { id: 'w', kind: 'woods', coverage: 0.5 },
      { id: 'h', kind: 'hill', coverage: 0.3 },
      { id: 'rd', kind: 'road', coverage: 1 },
      { id: 'f', kind: 'ford', coverage: 1 },
    ],
  };

  it('keeps areas covering at least half the cell plus every line and point', () => {
    expect(dominantTerrain(cell).map((f) => f.id)).toEqual(['w', 'rd', 'f']);
  });

  it('honours a custom threshold', () => {
    expect(dominantTerrain(cell, 0.25).map((f) => f.id)).toEqual(['w', 'h', 'rd', 'f']);
    expect(dominantTerrain(cell, 0.6).map((f) => f.id)).toEqual(['rd', 'f']);
  });

  it('works on classified cells', () => {
    const cells = classifyCells(
      scenario(square6, [{ id: 'w', kind: 'woods', polygon: rectanglePolygon(0, 0, 8, 6) }]),
    );
    expect(dominantTerrain(cells.get('A1')!).map((f) => f.id)).toEqual(['w']);
    expect(dominantTerrain(cells.get('B1')!)).toEqual([]); // a third of B1
  });
});

describe('featuresAtPoint', () => {
  const terrain: Feature[] = [
    { id: 'w', kind: 'woods', polygon: rectanglePolygon(0, 0, 10, 10) },
    { id: 'r', kind: 'river', path: [[0, 20], [36, 20]], width: 2 },
    { id: 'r2', kind: 'river', path: [[30, 0], [30, 24]] },
    { id: 'rd', kind: 'road', path: [[20, 0], [20, 24]] },
    { id: 'b', kind: 'bridge', at: [20, 20], river: 'r' },
    { id: 'bb', kind: 'building-block', at: [12, 2], size: 3 },
  ];
  const free = scenario({ kind: 'none' }, terrain);
  const ids = (p: [number, number]): string[] => featuresAtPoint(free, p).map((f) => f.id);

  it('finds areas by polygon, boundary included', () => {
    expect(ids([5, 5])).toEqual(['w']);
    expect(ids([10, 5])).toEqual(['w']);
    expect(ids([10.1, 5])).toEqual([]);
  });

  it('finds lines within half their width', () => {
    expect(ids([5, 21])).toEqual(['r']); // river width 2 → 1"
    expect(ids([5, 21.1])).toEqual([]);
    expect(ids([30.5, 5])).toEqual(['r2']); // default river width 1 → 0.5"
    expect(ids([30.6, 5])).toEqual([]);
    expect(ids([20.25, 5])).toEqual(['rd']); // other lines 0.5" wide → 0.25"
    expect(ids([20.3, 5])).toEqual([]);
  });

  it('finds crossings within 1" and building blocks by their square', () => {
    expect(ids([20, 20])).toEqual(['r', 'rd', 'b']);
    expect(ids([20.6, 20.5])).toEqual(['r', 'b']);
    expect(ids([21.5, 20])).toEqual(['r']);
    expect(ids([13, 3])).toEqual(['bb']);
    expect(ids([15, 5])).toEqual(['bb']);
    expect(ids([15.1, 5])).toEqual([]);
  });

  it('finds cell-based areas and lines on a gridded map', () => {
    const gridded = scenario(square6, [
      { id: 't', kind: 'town', cells: ['B2', 'C2'] },
      { id: 'h', kind: 'hedge', cells: ['C2', 'C3'] },
    ]);
    expect(featuresAtPoint(gridded, [7, 7]).map((f) => f.id)).toEqual(['t']);
    expect(featuresAtPoint(gridded, [13, 11]).map((f) => f.id)).toEqual(['t', 'h']);
    expect(featuresAtPoint(gridded, [13, 13]).map((f) => f.id)).toEqual(['h']);
    expect(featuresAtPoint(gridded, [1, 1])).toEqual([]);
    // Without a grid, cells mean nothing.
    expect(featuresAtPoint({ ...gridded, grid: { kind: 'none' } }, [7, 7])).toEqual([]);
  });
});
