import { describe, expect, it } from 'vitest';
import type { Point } from '../../domain/model.js';
import { cachePlan, fitView, pointerSelects, pointerWithin, toScreen, toTable, wheelZoomFactor, zoomAt, zoomLimits } from './geometry.js';

const close = (a: Point, b: Point, digits = 9): void => {
  expect(a[0]).toBeCloseTo(b[0], digits);
  expect(a[1]).toBeCloseTo(b[1], digits);
};

describe('view transform', () => {
  const options = { rulerPx: 20, paddingPx: 12 };

  it('fits the table at true proportions inside the rulers and padding', () => {
    const view = fitView({ width: 72, height: 48 }, 1000, 700, options);
    // Width is the limit: (1000 - 32 - 12) / 72.
    expect(view.scale).toBeCloseTo(956 / 72);
    expect(view.x).toBeCloseTo(32);
    const [, bottom] = toScreen(view, [72, 48]);
    const [, top] = toScreen(view, [0, 0]);
    // Centred vertically in the room left after the rulers.
    expect(top - 32).toBeCloseTo(700 - 12 - bottom);
  });

  it('fits a tall table by its height', () => {
    const view = fitView({ width: 36, height: 72 }, 800, 500, options);
    expect(view.scale).toBeCloseTo((500 - 44) / 72);
    expect(view.y).toBeCloseTo(32);
  });

  it('never produces a zero scale, even for an empty viewport or table', () => {
    expect(fitView({ width: 0, height: 0 }, 0, 0, options).scale).toBeGreaterThan(0);
  });

  it('maps screen to table and back', () => {
    const view = { scale: 13.5, x: 40, y: 25 };
    close(toTable(view, toScreen(view, [17.25, 3.5])), [17.25, 3.5]);
    close(toScreen(view, [0, 0]), [40, 25]);
  });

  it('zooms towards the cursor: the table point under it stays put', () => {
    const view = { scale: 10, x: 30, y: 30 };
    const anchor: Point = [400, 250];
    const before = toTable(view, anchor);
    const next = zoomAt(view, anchor, 1.5, { min: 1, max: 100 });
    expect(next.scale).toBeCloseTo(15);
    close(toTable(next, anchor), before);
  });

  it('clamps zoom to its limits', () => {
    const limits = zoomLimits(10);
    expect(zoomAt({ scale: 10, x: 0, y: 0 }, [0, 0], 1000, limits).scale).toBe(limits.max);
    expect(zoomAt({ scale: 10, x: 0, y: 0 }, [0, 0], 0.001, limits).scale).toBe(limits.min);
    expect(limits.min).toBeLessThan(10);
    expect(limits.max).toBeGreaterThan(10);
  });

  it('zooms in on wheel up and back out by the same amount on wheel down', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1);
    // Line mode (Firefox) is converted to pixels.
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0));
  });
});

describe('cache plan', () => {
  it('caches at scale × device pixel ratio', () => {
    expect(cachePlan(80, 56, 12, 2)).toEqual({ pixelRatio: 24, hitPixelRatio: 12 });
  });

  it('draws live when the bitmap would be too big', () => {
    expect(cachePlan(80, 56, 200, 2)).toBeNull();
    expect(cachePlan(0, 56, 10, 1)).toBeNull();
  });
});

describe('pointers', () => {
  it('selects an element by its own pointer or any pointer inside it', () => {
    expect(pointerSelects('/terrain/1', '/terrain/1')).toBe(true);
    expect(pointerSelects('/terrain/1', '/terrain/1/polygon/0')).toBe(true);
    expect(pointerSelects('/terrain/1', '/terrain/12')).toBe(false);
    expect(pointerSelects('/terrain/1', '/terrain')).toBe(false);
    expect(pointerSelects('/terrain/1', null)).toBe(false);
  });

  it('finds units inside a selected formation or side', () => {
    const unit = '/sides/0/army/formations/1/units/2';
    expect(pointerWithin(unit, '/sides/0/army/formations/1')).toBe(true);
    expect(pointerWithin(unit, '/sides/0')).toBe(true);
    expect(pointerWithin(unit, '/sides/0/army/formations/10')).toBe(false);
    expect(pointerWithin(unit, unit)).toBe(false);
    expect(pointerWithin(unit, '')).toBe(false);
  });
});

