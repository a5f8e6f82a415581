import { describe, it, expect } from 'vitest';
import { distance, pointInPolygon, pointInRect, polygonArea, selfIntersection, signedArea } from './geometry.js';
import {
  allCells,
  cellAt,
  cellCenter,
  cellName,
  cellPolygon,
  cellsAlongPath,
  columnIndex,
  columnName,
  gridSize,
  isCellOnGrid,
  neighbours,
  parseCell,
  type CellGrid,
} from './grid.js';
import type { Grid, Point, Table } from './model.js';

const square6: Grid = { kind: 'square', cell: 6 };
const flat6: Grid = { kind: 'hex', cell: 6, orientation: 'flat' };
const pointy6: Grid = { kind: 'hex', cell: 6, orientation: 'pointy' };
const table36x24: Table = { width: 36, height: 24 };
const table36: Table = { width: 36, height: 36 };
const side6 = 6 / Math.sqrt(3);

describe('names', () => {
  it('names columns in bijective base 26', () => {
    expect(columnName(0)).toBe('A');
    expect(columnName(25)).toBe('Z');
    expect(columnName(26)).toBe('AA');
    expect(columnName(27)).toBe('AB');
    expect(columnName(51)).toBe('AZ');
    expect(columnName(52)).toBe('BA');
    expect(columnName(701)).toBe('ZZ');
    expect(columnName(702)).toBe('AAA');
    expect(() => columnName(-1)).toThrow(RangeError);
    expect(() => columnName(1.5)).toThrow(RangeError);
  });

  it('round-trips column indices', () => {
    for (let i = 0; i < 2000; i++) expect(columnIndex(columnName(i))).toBe(i);
    expect(columnIndex('a')).toBe(-1);
    expect(columnIndex('')).toBe(-1);
  });

  it('parses and names cells', () => {
    expect(parseCell('A1')).toEqual({ col: 0, row: 0 });
    expect(parseCell('C4')).toEqual({ col: 2, row: 3 });
    expect(parseCell('AB12')).toEqual({ col: 27, row: 11 });
    for (const bad of ['a1', 'A0', 'A01', '1A', 'A', '12', 'A-1', ' A1', 'A1 ', 'Ab1', '']) {
      expect(parseCell(bad), bad).toBeNull();
    }
    for (let col = 0; col < 60; col++) {
      for (let row = 0; row < 60; row++) expect(parseCell(cellName(col, row))).toEqual({ col, row });
    }
  });
});

describe('gridSize', () => {
  it('counts square cells and reports exact tiling', () => {
    expect(gridSize(square6, table36x24)).toEqual({ cols: 6, rows: 4, exact: true });
    expect(gridSize(square6, { width: 40, height: 24 })).toEqual({ cols: 6, rows: 4, exact: false });
    const fine = gridSize({ kind: 'square', cell: 0.1 }, { width: 0.3, height: 0.7 });
    expect(fine).toEqual({ cols: 3, rows: 7, exact: true });
    expect(gridSize({ kind: 'none' }, table36)).toEqual({ cols: 0, rows: 0, exact: false });
  });

  it('counts flat-top hexes that lie wholly on the table', () => {
    // Columns step 1.5·side; the last column's east corner must be on the table.
    const size = gridSize(flat6, table36);
    expect(size.cols).toBe(Math.floor((36 - 2 * side6) / (1.5 * side6)) + 1);
    expect(size.cols).toBe(6);
    // Odd columns are half a cell lower, so only 5 rows fit in every column.
    expect(size.rows).toBe(5);
    // Used width 2·side + 5·1.5·side ≈ 32.9, leaving ≈ 3.1" > half a cell.
    expect(size.exact).toBe(false);
  });

  it('treats hex tiling within half a cell as exact', () => {
    const width = 2 * side6 + 6 * 1.5 * side6; // exactly 7 columns
    expect(gridSize(flat6, { width, height: 33 })).toEqual({ cols: 7, rows: 5, exact: true });
    expect(gridSize(flat6, { width: width + 2.9, height: 35.9 })).toEqual({ cols: 7, rows: 5, exact: true });
    expect(gridSize(flat6, { width, height: 36.5 }).exact).toBe(false);
    // A single column has no stagger.
    expect(gridSize(flat6, { width: 2 * side6, height: 36 })).toEqual({ cols: 1, rows: 6, exact: true });
  });

  it('transposes for pointy-top hexes', () => {
    const flat = gridSize(flat6, { width: 36, height: 30 });
    const pointy = gridSize(pointy6, { width: 30, height: 36 });
    expect(pointy).toEqual({ cols: flat.rows, rows: flat.cols, exact: flat.exact });
  });

  for (const [label, grid, table] of [
    ['flat', flat6, table36],
    ['pointy', pointy6, table36],
    ['flat on an odd table', flat6, { width: 47.3, height: 21.1 }],
    ['pointy on an odd table', pointy6, { width: 47.3, height: 21.1 }],
  ] as [string, CellGrid, Table][]) {
    it(`keeps every ${label} hex on the table`, () => {
      for (const name of allCells(grid, table)) {
        const { col, row } = parseCell(name)!;
        // Shifted by a hair because corners on the west/north edge come out as -1e-16 or so.
        for (const p of cellPolygon(grid, col, row)) {
          expect(pointInRect([p[0] + 1e-9, p[1] + 1e-9], table.width + 2e-9, table.height + 2e-9)).toBe(true);
        }
      }
    });
  }
});

describe('cell geometry', () => {
  it('places square cells from the north-west corner', () => {
    expect(cellCenter(square6, 0, 0)).toEqual([3, 3]);
    expect(cellCenter(square6, 2, 1)).toEqual([15, 9]);
    expect(cellPolygon(square6, 1, 0)).toEqual([[6, 0], [12, 0], [12, 6], [6, 6]]);
  });

  it('places flat-top A1 against the north and west edges and shifts odd columns south', () => {
    const a1 = cellPolygon(flat6, 0, 0);
    expect(a1).toHaveLength(6);
    expect(Math.min(...a1.map((p) => p[0]))).toBeCloseTo(0);
    expect(Math.min(...a1.map((p) => p[1]))).toBeCloseTo(0);
    expect(cellCenter(flat6, 0, 0)[1]).toBeCloseTo(3);
    expect(cellCenter(flat6, 1, 0)[1]).toBeCloseTo(6);
    expect(cellCenter(flat6, 1, 0)[0] - cellCenter(flat6, 0, 0)[0]).toBeCloseTo(1.5 * side6);
  });

  it('places pointy-top A1 against the north and west edges and shifts odd rows east', () => {
    const a1 = cellPolygon(pointy6, 0, 0);
    expect(Math.min(...a1.map((p) => p[0]))).toBeCloseTo(0);
    expect(Math.min(...a1.map((p) => p[1]))).toBeCloseTo(0);
    expect(cellCenter(pointy6, 0, 0)).toEqual([3, expect.closeTo(side6)]);
    expect(cellCenter(pointy6, 0, 1)[0]).toBeCloseTo(6);
    expect(cellCenter(pointy6, 0, 1)[1]).toBeCloseTo(side6 + 1.5 * side6);
  });

  it('gives hexes the right area and a clockwise, simple outline', () => {
    for (const grid of [flat6, pointy6] as CellGrid[]) {
      const poly = cellPolygon(grid, 3, 2);
      expect(polygonArea(poly)).toBeCloseTo((Math.sqrt(3) / 2) * 36);
      expect(signedArea(poly)).toBeGreaterThan(0); // clockwise on a y-south table
      expect(selfIntersection(poly)).toBeNull();
      for (const p of poly) expect(distance(p, cellCenter(grid, 3, 2))).toBeCloseTo(side6);
    }
  });
});

describe('cellAt', () => {
  it('finds square cells, assigning shared edges east/south and the outer edge inward', () => {
    expect(cellAt(square6, table36x24, [0, 0])).toEqual({ col: 0, row: 0 });
    expect(cellAt(square6, table36x24, [6, 3])).toEqual({ col: 1, row: 0 });
    expect(cellAt(square6, table36x24, [5.999, 3])).toEqual({ col: 0, row: 0 });
    expect(cellAt(square6, table36x24, [36, 24])).toEqual({ col: 5, row: 3 });
    expect(cellAt(square6, table36x24, [36.01, 3])).toBeNull();
    expect(cellAt(square6, table36x24, [-0.01, 3])).toBeNull();
    expect(cellAt(square6, { width: 40, height: 24 }, [38, 3])).toBeNull();
    expect(cellAt({ kind: 'none' }, table36x24, [3, 3])).toBeNull();
  });

  for (const grid of [square6, flat6, pointy6] as CellGrid[]) {
    const label = grid.kind === 'hex' ? `hex ${grid.orientation}` : grid.kind;
    it(`round-trips centres and near-corner points (${label})`, () => {
      for (const name of allCells(grid, table36)) {
        const { col, row } = parseCell(name)!;
        const c = cellCenter(grid, col, row);
        expect(cellAt(grid, table36, c)).toEqual({ col, row });
        for (const corner of cellPolygon(grid, col, row)) {
          const inner: Point = [c[0] + 0.95 * (corner[0] - c[0]), c[1] + 0.95 * (corner[1] - c[1])];
          expect(cellAt(grid, table36, inner)).toEqual({ col, row });
        }
      }
    });
  }

  it('returns a containing on-grid hex for points on hex edges and corners', () => {
    for (const grid of [flat6, pointy6] as CellGrid[]) {
      for (const corner of cellPolygon(grid, 2, 2)) {
        const ref = cellAt(grid, table36, corner)!;
        expect(ref).not.toBeNull();
        expect(pointInPolygon(corner, cellPolygon(grid, ref.col, ref.row), 1e-6)).toBe(true);
      }
    }
  });

  it('returns null for table area outside the rectangular hex grid', () => {
    // Flat 6" on 36×36: 5 rows, so column A's would-be sixth hex (y 30–36) is off the grid.
    expect(cellAt(flat6, table36, [side6, 33])).toBeNull();
    expect(cellAt(flat6, table36, [side6, 27])).toEqual({ col: 0, row: 4 });
    expect(isCellOnGrid(flat6, table36, 'A5')).toBe(true);
    expect(isCellOnGrid(flat6, table36, 'A6')).toBe(false);
    expect(isCellOnGrid(flat6, table36, 'G1')).toBe(false);
    expect(isCellOnGrid(square6, table36x24, 'F4')).toBe(true);
    expect(isCellOnGrid(square6, table36x24, 'f4')).toBe(false);
    expect(isCellOnGrid({ kind: 'none' }, table36x24, 'A1')).toBe(false);
  });
});

describe('cellsAlongPath', () => {
  it('follows a diagonal through corners without side-stepping', () => {
    expect(cellsAlongPath(square6, table36, [[1, 1], [17, 17]])).toEqual(['A1', 'B2', 'C3']);
  });

  it('lists every cell a shallow diagonal crosses, in order', () => {
    // Crosses x=6 at y=4.5, y=6 at x=9, x=12 at y=7.5.
    expect(cellsAlongPath(square6, table36, [[1, 2], [17, 10]])).toEqual(['A1', 'B1', 'B2', 'C2']);
    expect(cellsAlongPath(square6, table36, [[17, 10], [1, 2]])).toEqual(['C2', 'B2', 'B1', 'A1']);
  });

  it('follows a polyline, repeats a re-entered cell and skips off-grid stretches', () => {
    expect(cellsAlongPath(square6, table36x24, [[3, 3], [9, 3], [3, 3]])).toEqual(['A1', 'B1', 'A1']);
    expect(cellsAlongPath(square6, table36x24, [[33, 3], [40, 3], [40, 9], [33, 9]])).toEqual(['F1', 'F2']);
    expect(cellsAlongPath(square6, table36x24, [[3, 3]])).toEqual(['A1']);
    expect(cellsAlongPath(square6, table36x24, [])).toEqual([]);
  });

  it('walks a straight line of flat-top hexes through adjacent cells only', () => {
    const cells = cellsAlongPath(flat6, table36, [[1, 15], [30, 15]]);
    expect(cells[0]).toBe('A3');
    for (let i = 0; i + 1 < cells.length; i++) {
      const a = parseCell(cells[i]!)!;
      expect(neighbours(flat6, table36, a.col, a.row).map((n) => n.name)).toContain(cells[i + 1]);
    }
    expect(new Set(cells.map((c) => parseCell(c)!.col)).size).toBe(6);
  });
});

describe('neighbours', () => {
  it('gives 8 square neighbours with diagonals marked, fewer at the edge', () => {
    const n = neighbours(square6, table36x24, 2, 2);
    expect(n.map((c) => c.name)).toEqual(['C2', 'D2', 'D3', 'D4', 'C4', 'B4', 'B3', 'B2']);
    expect(n.filter((c) => c.diagonal).map((c) => c.name)).toEqual(['D2', 'D4', 'B4', 'B2']);
    expect(neighbours(square6, table36x24, 0, 0).map((c) => c.name)).toEqual(['B1', 'B2', 'A2']);
  });

  it('respects odd-q parity on flat-top hexes', () => {
    expect(neighbours(flat6, table36, 1, 1).map((c) => c.name)).toEqual(['B1', 'C2', 'C3', 'B3', 'A3', 'A2']);
    expect(neighbours(flat6, table36, 2, 2).map((c) => c.name)).toEqual(['C2', 'D2', 'D3', 'C4', 'B3', 'B2']);
  });

  it('respects odd-r parity on pointy-top hexes', () => {
    expect(neighbours(pointy6, table36, 1, 1).map((c) => c.name)).toEqual(['C1', 'C2', 'C3', 'B3', 'A2', 'B1']);
    expect(neighbours(pointy6, table36, 2, 2).map((c) => c.name)).toEqual(['C2', 'D3', 'C4', 'B4', 'B3', 'B2']);
  });

  for (const grid of [square6, flat6, pointy6] as CellGrid[]) {
    const label = grid.kind === 'hex' ? `hex ${grid.orientation}` : grid.kind;
    it(`matches geometry: distance and bearing between centres (${label})`, () => {
      for (const name of allCells(grid, table36)) {
        const { col, row } = parseCell(name)!;
        const here = cellCenter(grid, col, row);
        const list = neighbours(grid, table36, col, row);
        expect(list.length).toBeLessThanOrEqual(grid.kind === 'square' ? 8 : 6);
        for (const n of list) {
          const there = cellCenter(grid, n.col, n.row);
          const d = distance(here, there);
          expect(d).toBeCloseTo(n.diagonal ? 6 * Math.SQRT2 : 6);
          const bearing = ((Math.atan2(there[0] - here[0], here[1] - there[1]) * 180) / Math.PI + 360) % 360;
          expect(bearing).toBeCloseTo(n.bearing);
        }
      }
      // An interior cell has the full set.
      expect(neighbours(grid, table36, 2, 2)).toHaveLength(grid.kind === 'square' ? 8 : 6);
    });
  }
});
