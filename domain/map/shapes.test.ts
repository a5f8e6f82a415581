import { describe, expect, it } from 'vitest';
import type { Point, Unit } from '../model.js';
import {
  bearing,
  cellCentres,
  cellRings,
  edgeBand,
  hatchSegments,
  inkFor,
  latticePoints,
  lineColorFor,
  nearestEdge,
  parseColor,
  pathBearingAt,
  pointAlongPath,
  pointInRings,
  ringsBoundary,
  rotatedRect,
  rulerTicks,
  teethAlong,
  unitCounterSize,
  unitSymbol,
  uprightRotation,
} from './shapes.js';

const close = (a: Point, b: Point, digits = 9): void => {
  expect(a[0]).toBeCloseTo(b[0], digits);
  expect(a[1]).toBeCloseTo(b[1], digits);
};

describe('directions', () => {
  it('gives bearings as facings: clockwise from north, y growing south', () => {
    expect(bearing([0, 0], [0, -1])).toBeCloseTo(0);
    expect(bearing([0, 0], [1, 0])).toBeCloseTo(90);
    expect(bearing([0, 0], [0, 1])).toBeCloseTo(180);
    expect(bearing([0, 0], [-1, 0])).toBeCloseTo(270);
    expect(bearing([0, 0], [1, -1])).toBeCloseTo(45);
  });

  it('finds the river direction at the segment nearest a point', () => {
    // Flows south, then turns east.
    const river: Point[] = [
      [10, 0],
      [10, 20],
      [30, 20],
    ];
    expect(pathBearingAt(river, [10.3, 8])).toBeCloseTo(180);
    expect(pathBearingAt(river, [24, 19.5])).toBeCloseTo(90);
  });

  it('skips zero-length segments and has no direction for a point-like path', () => {
    expect(
      pathBearingAt(
        [
          [5, 5],
          [5, 5],
          [9, 5],
        ],
        [5, 5],
      ),
    ).toBeCloseTo(90);
    expect(pathBearingAt([[5, 5]], [5, 5])).toBeNull();
    expect(pathBearingAt([], [5, 5])).toBeNull();
  });

  it('finds the midpoint of a path by length', () => {
    const mid = pointAlongPath(
      [
        [0, 0],
        [10, 0],
        [10, 30],
      ],
      0.5,
    );
    close(mid!.point, [10, 10]);
    expect(mid!.bearing).toBeCloseTo(180);
    expect(pointAlongPath([], 0.5)).toBeNull();
  });

  it('keeps text along a line upright', () => {
    expect(uprightRotation(90)).toBeCloseTo(0);
    expect(uprightRotation(270)).toBeCloseTo(0);
    expect(uprightRotation(45)).toBeCloseTo(-45);
    expect(uprightRotation(225)).toBeCloseTo(-45);
    for (let b = 0; b < 360; b += 15) {
      const r = uprightRotation(b);
      expect(r).toBeGreaterThan(-90.0001);
      expect(r).toBeLessThanOrEqual(90);
    }
  });
});

describe('shapes', () => {
  it('turns rectangles clockwise', () => {
    // A 4 × 2 counter facing east: its front (the north edge when facing north) is now its east edge.
    const corners = rotatedRect([10, 10], 4, 2, 90);
    close(corners[0]!, [11, 8]);
    close(corners[1]!, [11, 12]);
  });
});

describe('grid cells', () => {
  const grid = { kind: 'square' as const, cell: 6 };
  const table = { width: 36, height: 24 };

  it('turns cell names into polygons and centres, skipping bad and off-grid names', () => {
    expect(cellRings(grid, table, ['A1', 'B1', 'Z9', 'a1', 7, 'F4'])).toHaveLength(3);
    expect(cellCentres(grid, table, ['A1', 'B2'])).toEqual([
      [3, 3],
      [9, 9],
    ]);
    expect(cellRings({ kind: 'none' }, table, ['A1'])).toEqual([]);
    expect(cellRings(grid, table, 'A1')).toEqual([]);
  });

  it('outlines a union of cells without the shared edges', () => {
    const rings = cellRings(grid, table, ['A1', 'B1']);
    const boundary = ringsBoundary(rings);
    expect(boundary).toHaveLength(6);
    // The shared edge x = 6 between A1 and B1 is gone.
    expect(boundary.some(([a, b]) => a[0] === 6 && b[0] === 6)).toBe(false);
  });

  it('outlines hex cells too', () => {
    const hex = { kind: 'hex' as const, cell: 6, orientation: 'flat' as const };
    const rings = cellRings(hex, { width: 64, height: 51 }, ['A1', 'A2']);
    expect(ringsBoundary(rings)).toHaveLength(10);
  });
});

describe('patterns', () => {
  const box = { minX: 2, minY: 3, maxX: 14, maxY: 9 };

  it('hatches a box with parallel lines that cover it', () => {
    const segments = hatchSegments(box, 45, 1);
    expect(segments.length).toBeGreaterThan(10);
    for (const [a, b] of segments) expect(bearing(a, b)).toBeCloseTo(135);
    // Every point of the box lies within half a spacing of some line.
    for (const p of latticePoints(box, 0.7, 0)) {
      const near = segments.some(([a, b]) => {
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
        const q: Point = [a[0] + t * dx, a[1] + t * dy];
        return t >= 0 && t <= 1 && Math.hypot(q[0] - p[0], q[1] - p[1]) <= 0.5 + 1e-9;
      });
      expect(near).toBe(true);
    }
  });

  it('anchors hatching to the table, so two boxes share lines', () => {
    const a = hatchSegments({ minX: 0, minY: 0, maxX: 5, maxY: 5 }, 0, 1).map((s) => s[0][1]);
    const b = hatchSegments({ minX: 3, minY: 2.5, maxX: 9, maxY: 7 }, 0, 1).map((s) => s[0][1]);
    for (const y of b) expect(Math.abs(y - Math.round(y))).toBeLessThan(1e-9);
    expect(a.every((y) => Math.abs(y - Math.round(y)) < 1e-9)).toBe(true);
  });

  it('places lattice points deterministically inside the box', () => {
    const a = latticePoints(box, 1.5);
    expect(a).toEqual(latticePoints(box, 1.5));
    expect(a.length).toBeGreaterThan(15);
    for (const [x, y] of a) {
      expect(x).toBeGreaterThanOrEqual(box.minX);
      expect(x).toBeLessThanOrEqual(box.maxX);
      expect(y).toBeGreaterThanOrEqual(box.minY);
      expect(y).toBeLessThanOrEqual(box.maxY);
    }
    expect(latticePoints(box, 0)).toEqual([]);
  });

  it('points fortification teeth away from the work', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const teeth = teethAlong([square], (p) => pointInRings(p, [square]), 1, 0.4);
    expect(teeth).toHaveLength(40);
    for (const [, apex] of teeth) expect(pointInRings(apex!, [square])).toBe(false);
    // Either winding gives the same result.
    const reversed = [...square].reverse();
    for (const [, apex] of teethAlong([reversed], (p) => pointInRings(p, [square]), 1, 0.4)) {
      expect(pointInRings(apex!, [square])).toBe(false);
    }
  });
});

describe('table edges', () => {
  const table = { width: 48, height: 36 };

  it('builds edge bands', () => {
    expect(edgeBand(table, 'north', 12)).toEqual([
      [0, 0],
      [48, 0],
      [48, 12],
      [0, 12],
    ]);
    expect(edgeBand(table, 'east', 8)[0]).toEqual([40, 0]);
    expect(edgeBand(table, 'south', 100)[0]).toEqual([0, 0]);
  });

  it('finds the nearest edge', () => {
    expect(nearestEdge(table, [47, 20])).toBe('east');
    expect(nearestEdge(table, [20, 1])).toBe('north');
    expect(nearestEdge(table, [20, 35])).toBe('south');
    expect(nearestEdge(table, [0, 18])).toBe('west');
  });

  it('ticks every inch and labels every 6"', () => {
    const ticks = rulerTicks(36);
    expect(ticks).toHaveLength(37);
    expect(ticks.filter((t) => t.label).map((t) => t.label)).toEqual(['0"', '6"', '12"', '18"', '24"', '30"', '36"']);
    expect(ticks[3]!.size).toBe('half');
    expect(ticks[4]!.size).toBe('minor');
    expect(rulerTicks(64.1)).toHaveLength(65);
  });
});

describe('unit counters', () => {
  const unit = (arm: Unit['arm'], type: string, ne?: Record<string, unknown>): Unit => ({
    id: 'u',
    name: 'U',
    arm,
    type,
    ...(ne ? { ratings: { 'napoleons-eagles': ne } } : {}),
  });

  it('uses a 1.5" × 0.75" counter on free-form maps', () => {
    expect(unitCounterSize(unit('infantry', 'line'), { ruleSystem: 'eagles-to-glory', grid: { kind: 'none' } })).toEqual({
      width: 1.5,
      depth: 0.75,
    });
  });

  it('fills 70% of a cell on gridded maps', () => {
    const size = unitCounterSize(unit('cavalry', 'light'), { ruleSystem: 'square-eagles', grid: { kind: 'square', cell: 6 } });
    expect(size.width).toBeCloseTo(4.2);
    expect(size.depth).toBeCloseTo(2.1);
  });

  it("sizes Napoleon's Eagles counters to the line frontage", () => {
    const ne = { ruleSystem: 'napoleons-eagles', figureRatio: 30 };
    expect(unitCounterSize(unit('infantry', 'line', { figures: 12, ranks: 3 }), ne).width).toBeCloseTo(4.5);
    expect(unitCounterSize(unit('infantry', 'line', { figures: 12 }), ne).width).toBeCloseTo(4.5);
    expect(unitCounterSize(unit('infantry', 'light', { figures: 12, ranks: 2 }), ne).width).toBeCloseTo(6);
    expect(unitCounterSize(unit('cavalry', 'heavy', { figures: 8 }), ne).width).toBeCloseTo(6);
    expect(unitCounterSize(unit('artillery', 'foot', { guns: 6, models: 2 }), ne).width).toBeCloseTo(2);
    // Models worked out from guns when the file doesn't give them: at 1:30 a model stands for up to 3 guns.
    expect(unitCounterSize(unit('artillery', 'foot', { guns: 8 }), ne).width).toBeCloseTo(3);
    expect(unitCounterSize(unit('artillery', 'foot', { guns: 8 }), { ruleSystem: 'napoleons-eagles', figureRatio: 60 }).width).toBeCloseTo(2);
    // Nothing to size from: the generic counter.
    expect(unitCounterSize(unit('infantry', 'line'), ne)).toEqual({ width: 1.5, depth: 0.75 });
  });

  // The footprint table of the shared brief (rules notes §11), worked by hand for each set-up formation.
  it("draws a Napoleon's Eagles unit's true footprint in its set-up formation", () => {
    const ne = { ruleSystem: 'napoleons-eagles', figureRatio: 30 };
    const inFormation = (arm: Unit['arm'], formation: string, r: Record<string, unknown>, facing = 0): Unit => ({
      ...unit(arm, 'line', r),
      setup: { at: [10, 10], facing, formation: formation as never },
    });
    // 24 figures, 3 ranks (3/8" each): line 9" × 1/2", supported line 12 × 3/8 = 4.5" × 1", column 8 × 3/8 = 3" × 1.5".
    expect(unitCounterSize(inFormation('infantry', 'line', { figures: 24 }), ne)).toEqual({ width: 9, depth: 0.5 });
    expect(unitCounterSize(inFormation('infantry', 'supported-line', { figures: 24 }), ne)).toEqual({ width: 4.5, depth: 1 });
    expect(unitCounterSize(inFormation('infantry', 'column', { figures: 24 }), ne)).toEqual({ width: 3, depth: 1.5 });
    // Road column: two figures abreast (at least 1"), 12 ranks of 1/2": 6" deep. Square: 24/4 × 3/8 = 2.25" a side.
    expect(unitCounterSize(inFormation('infantry', 'road-column', { figures: 24 }), ne)).toEqual({ width: 1, depth: 6 });
    expect(unitCounterSize(inFormation('infantry', 'square', { figures: 24 }), ne)).toEqual({ width: 2.25, depth: 2.25 });
    // A skirmish screen: 2" a figure, capped at what fits across a 72" × 48" table facing east (48").
    expect(unitCounterSize(inFormation('infantry', 'skirmish', { figures: 12 }), ne)).toEqual({ width: 24, depth: 0.5 });
    expect(unitCounterSize(inFormation('infantry', 'skirmish', { figures: 30 }, 90), { ...ne, table: { width: 72, height: 48 } }).width).toBeCloseTo(48);
    // Cavalry: 12 figures in column, 4 × 3/4" = 3" wide, 3" deep; in line 9" × 1".
    expect(unitCounterSize(inFormation('cavalry', 'column', { figures: 12 }), ne)).toEqual({ width: 3, depth: 3 });
    expect(unitCounterSize(inFormation('cavalry', 'line', { figures: 12 }), ne)).toEqual({ width: 9, depth: 1 });
    // A battery of 2 models: unlimbered 2" × 1.5", limbered 1" × 3" (1.5" a model, in file).
    expect(unitCounterSize(inFormation('artillery', 'unlimbered', { guns: 6 }), ne)).toEqual({ width: 2, depth: 1.5 });
    expect(unitCounterSize(inFormation('artillery', 'limbered', { guns: 6 }), ne)).toEqual({ width: 1, depth: 3 });
    // A formation the arm cannot take falls back as the engine's set-up does: cavalry "square" stands in line.
    expect(unitCounterSize(inFormation('cavalry', 'square', { figures: 12 }), ne)).toEqual({ width: 9, depth: 1 });
    // A train: 1" × 1.5" whatever it carries.
    expect(unitCounterSize(inFormation('train', 'column', {}), ne)).toEqual({ width: 1, depth: 1.5 });
  });

  it('picks the NATO symbol from arm and type', () => {
    expect(unitSymbol({ arm: 'infantry', type: 'line' })).toBe('infantry');
    expect(unitSymbol({ arm: 'infantry', type: 'light' })).toBe('light');
    expect(unitSymbol({ arm: 'cavalry', type: 'light' })).toBe('cavalry');
    expect(unitSymbol({ arm: 'artillery', type: 'horse' })).toBe('artillery');
    expect(unitSymbol({ arm: 'train', type: 'baggage' })).toBe('train');
  });
});

describe('colour', () => {
  it('parses hex and rgb colours', () => {
    expect(parseColor('#b03a2e')).toEqual([176, 58, 46]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3]);
    expect(parseColor('tomato')).toBeNull();
  });

  it('inks pale counters dark and dark counters white', () => {
    expect(inkFor('#1c2841')).toBe('#ffffff');
    expect(inkFor('#b03a2e')).toBe('#ffffff');
    expect(inkFor('#e0dccb')).toBe('#1b1b1b');
    expect(inkFor('#c8a03a')).toBe('#1b1b1b');
  });

  it('darkens pale side colours for lines on the cloth', () => {
    expect(lineColorFor('#2b4a9a')).toBe('#2b4a9a');
    expect(lineColorFor('#e0dccb')).not.toBe('#e0dccb');
  });
});
