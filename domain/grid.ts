// Grid cell naming and geometry (file format "Conventions"): columns A, B, … Z, AA, …; rows 1, 2, … from the
// north edge. Hex grids use offset coordinates: flat-top "odd-q" (odd columns shifted south by half a cell), pointy-top
// "odd-r" (odd rows shifted east by half a cell). `cell` is the square's side or the hex's flat-to-flat distance.
import { EPSILON, distance, pointInPolygon } from './geometry.js';
import type { Grid, Point, Table } from './model.js';

export type SquareGrid = Extract<Grid, { kind: 'square' }>;
export type HexGrid = Extract<Grid, { kind: 'hex' }>;
export type CellGrid = SquareGrid | HexGrid;

export interface CellRef {
  col: number;
  row: number;
}

export interface GridSize {
  cols: number;
  rows: number;
  exact: boolean;
  /**
   * Set when the table and cell size would make more than MAX_GRID_CELLS cells (or are not finite numbers). The
   * size is then reported as 0 × 0, so nothing that walks the cells can be made to walk billions of them.
   */
  tooLarge?: { cols: number; rows: number };
}

/**
 * The most cells a grid may have. The largest hex-and-counter boards are about 60 × 40; a 100 × 100 grid is
 * already far past any real table, and every cell costs work in the checks, the map and the engine.
 */
export const MAX_GRID_CELLS = 10_000;

export interface Neighbour extends CellRef {
  name: string;
  /** True for the four corner-touching neighbours of a square cell; always false on hex grids. */
  diagonal: boolean;
  /** Direction from this cell's centre to the neighbour's, in degrees clockwise from north (a facing). */
  bearing: number;
}

/** Tolerance for "the cells tile the table", in inches: tables are measured to the nearest fraction of an inch. */
export const TILE_TOLERANCE = 1e-6;

const SQRT3 = Math.sqrt(3);

export function isCellGrid(grid: Grid | undefined): grid is CellGrid {
  return grid !== undefined && (grid.kind === 'square' || grid.kind === 'hex') && grid.cell > 0;
}

// ---- Names ----------------------------------------------------------------

/** Bijective base 26, like spreadsheet columns: there is no zero digit, so Z is followed by AA. */
export function columnName(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`columnName: invalid index ${index}`);
  let name = '';
  let n = index + 1;
  while (n > 0) {
    const digit = (n - 1) % 26;
    name = String.fromCharCode(65 + digit) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Inverse of `columnName`; -1 for anything that is not one or more upper-case letters. */
export function columnIndex(name: string): number {
  if (!/^[A-Z]+$/.test(name) || name.length > 10) return -1;
  let n = 0;
  for (let i = 0; i < name.length; i++) n = n * 26 + (name.charCodeAt(i) - 64);
  return n - 1;
}

/**
 * "A1" → { col: 0, row: 0 }. Only upper-case letters and rows without leading zeros are accepted: the file format
 * names cells one way, and accepting "a1" or "A01" would let two spellings of one cell slip past duplicate checks.
 */
export function parseCell(name: string): CellRef | null {
  const match = /^([A-Z]{1,10})([1-9][0-9]{0,8})$/.exec(name);
  if (!match) return null;
  return { col: columnIndex(match[1]!), row: Number(match[2]) - 1 };
}

export function cellName(col: number, row: number): string {
  if (!Number.isSafeInteger(row) || row < 0) throw new RangeError(`cellName: invalid row ${row}`);
  return columnName(col) + String(row + 1);
}

// ---- Hex frame ------------------------------------------------------------
// Pointy-top odd-r is flat-top odd-q mirrored in the line y = x (swap x/y and col/row), so hex geometry is written
// once for flat-top in a "local" frame and transposed for pointy-top.

function isPointy(grid: CellGrid): boolean {
  return grid.kind === 'hex' && grid.orientation === 'pointy';
}

function toLocal(grid: CellGrid, p: Point): Point {
  return isPointy(grid) ? [p[1], p[0]] : [p[0], p[1]];
}

/** (along, across): `along` is the index of the staggered lines (columns for flat, rows for pointy). */
function toLocalRef(grid: CellGrid, col: number, row: number): [number, number] {
  return isPointy(grid) ? [row, col] : [col, row];
}

function flatHexCenter(cell: number, along: number, across: number): Point {
  const side = cell / SQRT3;
  return [side + 1.5 * side * along, cell / 2 + cell * across + (isOdd(along) ? cell / 2 : 0)];
}

function isOdd(n: number): boolean {
  return Math.abs(n % 2) === 1;
}

// ---- Size -----------------------------------------------------------------

/**
 * How many whole cells fit on the table, as a rectangle of `cols` × `rows` cells that all lie entirely on it.
 *
 * Square: `exact` when the cells tile the table to within TILE_TOLERANCE.
 *
 * Hex: staggered lines (odd columns for flat-top, odd rows for pointy-top) sit half a cell further in, so with
 * more than one staggered line they get one cell fewer than the straight lines would; the grid is kept
 * rectangular and takes the smaller count, so every named cell is a whole hex on the table. Hexes can never fill a
 * rectangle (the zig-zag edges leave triangles), so `exact` means the leftover margin along each axis is at most
 * half a cell — the gap a player would accept as "the grid fits this table".
 */
export function gridSize(grid: Grid, table: Table): GridSize {
  if (!isCellGrid(grid)) return { cols: 0, rows: 0, exact: false };
  // A document that breaks the schema still reaches the checks: a size given as text, or too big to be a number,
  // must not turn into a loop over the cells it seems to describe.
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (!table || !finite(table.width) || !finite(table.height) || !finite(grid.cell)) return { cols: 0, rows: 0, exact: false };
  const size = rawGridSize(grid, table);
  if (size.cols * size.rows > MAX_GRID_CELLS) return { cols: 0, rows: 0, exact: false, tooLarge: { cols: size.cols, rows: size.rows } };
  return size;
}

function rawGridSize(grid: CellGrid, table: Table): GridSize {
  const { cell } = grid;
  if (grid.kind === 'square') {
    const cols = Math.max(0, Math.floor(table.width / cell + TILE_TOLERANCE));
    const rows = Math.max(0, Math.floor(table.height / cell + TILE_TOLERANCE));
    const exact =
      cols > 0 &&
      rows > 0 &&
      Math.abs(cols * cell - table.width) <= TILE_TOLERANCE &&
      Math.abs(rows * cell - table.height) <= TILE_TOLERANCE;
    return { cols, rows, exact };
  }
  const pointy = isPointy(grid);
  const alongLength = pointy ? table.height : table.width;
  const acrossLength = pointy ? table.width : table.height;
  const side = cell / SQRT3;
  // Line k's hexes span [1.5·side·k, 1.5·side·k + 2·side] along the staggered axis.
  const alongCount =
    alongLength + TILE_TOLERANCE < 2 * side
      ? 0
      : Math.floor((alongLength - 2 * side) / (1.5 * side) + TILE_TOLERANCE) + 1;
  const stagger = alongCount > 1 ? cell / 2 : 0;
  const acrossCount = Math.max(0, Math.floor((acrossLength - stagger) / cell + TILE_TOLERANCE));
  const usedAlong = alongCount > 0 ? 2 * side + 1.5 * side * (alongCount - 1) : 0;
  const usedAcross = acrossCount > 0 ? acrossCount * cell + stagger : 0;
  const exact =
    alongCount > 0 &&
    acrossCount > 0 &&
    alongLength - usedAlong <= cell / 2 + TILE_TOLERANCE &&
    acrossLength - usedAcross <= cell / 2 + TILE_TOLERANCE;
  return pointy ? { cols: acrossCount, rows: alongCount, exact } : { cols: alongCount, rows: acrossCount, exact };
}

// ---- Cell geometry ----------------------------------------------------------

export function cellCenter(grid: CellGrid, col: number, row: number): Point {
  if (grid.kind === 'square') return [(col + 0.5) * grid.cell, (row + 0.5) * grid.cell];
  const [along, across] = toLocalRef(grid, col, row);
  return toLocal(grid, flatHexCenter(grid.cell, along, across));
}

/**
 * Corners, clockwise on the table. Square: from the north-west corner. Flat-top hex: from the east corner.
 * Pointy-top hex: from the south corner (the flat-top hex mirrored, so the order is reversed to stay clockwise).
 */
export function cellPolygon(grid: CellGrid, col: number, row: number): Point[] {
  const c = grid.cell;
  if (grid.kind === 'square') {
    const x = col * c;
    const y = row * c;
    return [
      [x, y],
      [x + c, y],
      [x + c, y + c],
      [x, y + c],
    ];
  }
  const [along, across] = toLocalRef(grid, col, row);
  const [cx, cy] = flatHexCenter(c, along, across);
  const side = c / SQRT3;
  const corners: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k;
    corners.push(toLocal(grid, [cx + side * Math.cos(angle), cy + side * Math.sin(angle)]));
  }
  if (isPointy(grid)) {
    const [first, ...rest] = corners;
    return [first!, ...rest.reverse()];
  }
  return corners;
}

export function isCellInRange(grid: Grid, table: Table, col: number, row: number): boolean {
  const { cols, rows } = gridSize(grid, table);
  return Number.isInteger(col) && Number.isInteger(row) && col >= 0 && row >= 0 && col < cols && row < rows;
}

export function isCellOnGrid(grid: Grid, table: Table, name: string): boolean {
  const ref = parseCell(name);
  return ref !== null && isCellInRange(grid, table, ref.col, ref.row);
}

/**
 * The cells whose outline may overlap an axis-aligned box (a superset: callers test the real overlap), so work on a
 * feature grows with the feature, not with the grid.
 */
export function cellsNearBox(grid: Grid, table: Table, box: { minX: number; minY: number; maxX: number; maxY: number }): CellRef[] {
  if (!isCellGrid(grid)) return [];
  const { cols, rows } = gridSize(grid, table);
  if (cols === 0 || rows === 0) return [];
  let c0: number, c1: number, r0: number, r1: number;
  if (grid.kind === 'square') {
    [c0, c1, r0, r1] = [box.minX / grid.cell, box.maxX / grid.cell, box.minY / grid.cell, box.maxY / grid.cell];
  } else {
    const [lminX, lminY] = toLocal(grid, [box.minX, box.minY]);
    const [lmaxX, lmaxY] = toLocal(grid, [box.maxX, box.maxY]);
    const pitch = (1.5 * grid.cell) / SQRT3;
    const [a0, a1, b0, b1] = [lminX / pitch, lmaxX / pitch, lminY / grid.cell, lmaxY / grid.cell];
    [c0, c1, r0, r1] = isPointy(grid) ? [b0, b1, a0, a1] : [a0, a1, b0, b1];
  }
  // One cell of margin each way covers the hex stagger and boxes that end exactly on a cell edge.
  const lo = (v: number, n: number) => Math.max(0, Math.min(n, Math.floor(v) - 1));
  const hi = (v: number, n: number) => Math.min(n - 1, Math.max(-1, Math.floor(v) + 1));
  const refs: CellRef[] = [];
  for (let row = lo(r0, rows); row <= hi(r1, rows); row++) for (let col = lo(c0, cols); col <= hi(c1, cols); col++) refs.push({ col, row });
  return refs;
}

/** All cell names of the grid, row by row from A1. */
export function allCells(grid: Grid, table: Table): string[] {
  const { cols, rows } = gridSize(grid, table);
  const names: string[] = [];
  for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) names.push(cellName(col, row));
  return names;
}

/**
 * The cell containing `point`, or null off the grid. A point on a shared edge belongs to the cell east/south of it
 * (square) or to the nearest centre found first (hex), except on the grid's own outer edge, which belongs to the
 * cell inside — so every point of the gridded area, boundary included, has a cell.
 */
export function cellAt(grid: Grid, table: Table, point: Point): CellRef | null {
  if (!isCellGrid(grid)) return null;
  const { cols, rows } = gridSize(grid, table);
  if (cols === 0 || rows === 0) return null;
  const [x, y] = point;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  if (grid.kind === 'square') {
    const c = grid.cell;
    if (x < -EPSILON || y < -EPSILON || x > cols * c + EPSILON || y > rows * c + EPSILON) return null;
    const col = Math.min(cols - 1, Math.max(0, Math.floor(x / c)));
    const row = Math.min(rows - 1, Math.max(0, Math.floor(y / c)));
    return { col, row };
  }
  // Hexes tile the plane as the Voronoi cells of their centres, so the containing hex is the one whose centre is
  // nearest; only the lines either side of the estimate can hold it.
  const [lx, ly] = toLocal(grid, point);
  const side = grid.cell / SQRT3;
  const along0 = Math.floor(lx / (1.5 * side));
  const across0 = Math.floor(ly / grid.cell);
  let best: CellRef | null = null;
  let bestDistance = Infinity;
  for (let along = along0 - 1; along <= along0 + 1; along++) {
    for (let across = across0 - 1; across <= across0 + 1; across++) {
      const [col, row] = isPointy(grid) ? [across, along] : [along, across];
      if (col < 0 || row < 0 || col >= cols || row >= rows) continue;
      const d = distance(point, cellCenter(grid, col, row));
      if (d < bestDistance - EPSILON && pointInPolygon(point, cellPolygon(grid, col, row), 1e-7)) {
        best = { col, row };
        bestDistance = d;
      }
    }
  }
  return best;
}

export function cellNameAt(grid: Grid, table: Table, point: Point): string | null {
  const ref = cellAt(grid, table, point);
  return ref ? cellName(ref.col, ref.row) : null;
}

/**
 * The cells a polyline passes through, in order, with consecutive repeats removed (a path that leaves a cell and
 * comes back lists it again). Sampled every cell/20 inches, plus every vertex: fine enough that a path misses at
 * most a sliver of a cell's corner, which no rules engine would count as entering it. Off-grid stretches are skipped.
 */
export function cellsAlongPath(grid: Grid, table: Table, path: readonly Point[]): string[] {
  if (!isCellGrid(grid)) return [];
  const step = grid.cell / 20;
  const names: string[] = [];
  const visit = (p: Point): void => {
    const name = cellNameAt(grid, table, p);
    if (name !== null && names[names.length - 1] !== name) names.push(name);
  };
  const first = path[0];
  if (first === undefined) return names;
  visit(first);
  const { cols, rows } = gridSize(grid, table);
  if (cols === 0 || rows === 0) return names;
  // Only the stretch over the table can meet a cell, so a long path far off the table costs nothing to sample.
  const bounds = { minX: -grid.cell, minY: -grid.cell, maxX: table.width + grid.cell, maxY: table.height + grid.cell };
  for (let i = 0; i + 1 < path.length; i++) {
    const clipped = clipSegment(path[i]!, path[i + 1]!, bounds);
    if (!clipped) continue;
    const [a, b] = clipped;
    if (a !== path[i]) visit(a);
    const samples = Math.max(1, Math.ceil(distance(a, b) / step));
    for (let k = 1; k <= samples; k++) {
      const t = k / samples;
      visit([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return names;
}

/** The part of segment a–b inside the box (Liang–Barsky), with an end kept as the same object when not clipped. */
function clipSegment(
  a: Point,
  b: Point,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): [Point, Point] | null {
  if (![a[0], a[1], b[0], b[1]].every(Number.isFinite)) return null;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, a[0] - box.minX],
    [dx, box.maxX - a[0]],
    [-dy, a[1] - box.minY],
    [dy, box.maxY - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  const at = (t: number): Point => [a[0] + dx * t, a[1] + dy * t];
  return [t0 === 0 ? a : at(t0), t1 === 1 ? b : at(t1)];
}

// Offsets as [dCol, dRow, bearing, diagonal].
type Offset = readonly [number, number, number, boolean];

const SQUARE_OFFSETS: readonly Offset[] = [
  [0, -1, 0, false],
  [1, -1, 45, true],
  [1, 0, 90, false],
  [1, 1, 135, true],
  [0, 1, 180, false],
  [-1, 1, 225, true],
  [-1, 0, 270, false],
  [-1, -1, 315, true],
];

// Flat-top odd-q: odd columns sit half a cell lower, so their east/west neighbours are on the same row or the next.
const FLAT_EVEN_COL: readonly Offset[] = [
  [0, -1, 0, false],
  [1, -1, 60, false],
  [1, 0, 120, false],
  [0, 1, 180, false],
  [-1, 0, 240, false],
  [-1, -1, 300, false],
];
const FLAT_ODD_COL: readonly Offset[] = [
  [0, -1, 0, false],
  [1, 0, 60, false],
  [1, 1, 120, false],
  [0, 1, 180, false],
  [-1, 1, 240, false],
  [-1, 0, 300, false],
];
// Pointy-top odd-r: odd rows sit half a cell further east.
const POINTY_EVEN_ROW: readonly Offset[] = [
  [0, -1, 30, false],
  [1, 0, 90, false],
  [0, 1, 150, false],
  [-1, 1, 210, false],
  [-1, 0, 270, false],
  [-1, -1, 330, false],
];
const POINTY_ODD_ROW: readonly Offset[] = [
  [1, -1, 30, false],
  [1, 0, 90, false],
  [1, 1, 150, false],
  [0, 1, 210, false],
  [-1, 0, 270, false],
  [0, -1, 330, false],
];

/**
 * The neighbours of a cell that are on the grid, clockwise from north (square, flat-top) or north-east
 * (pointy-top). Square cells have 8 (4 diagonal); hex cells 6. Cells on the grid's edge have fewer.
 */
export function neighbours(grid: Grid, table: Table, col: number, row: number): Neighbour[] {
  if (!isCellGrid(grid)) return [];
  let offsets: readonly Offset[];
  if (grid.kind === 'square') offsets = SQUARE_OFFSETS;
  else if (grid.orientation === 'pointy') offsets = isOdd(row) ? POINTY_ODD_ROW : POINTY_EVEN_ROW;
  else offsets = isOdd(col) ? FLAT_ODD_COL : FLAT_EVEN_COL;
  const { cols, rows } = gridSize(grid, table);
  const result: Neighbour[] = [];
  for (const [dc, dr, bearing, diagonal] of offsets) {
    const c = col + dc;
    const r = row + dr;
    if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
    result.push({ col: c, row: r, name: cellName(c, r), diagonal, bearing });
  }
  return result;
}
