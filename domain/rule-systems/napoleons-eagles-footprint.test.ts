import { describe, expect, it } from 'vitest';
import type { Unit } from '../model.js';
import { footprint, longestFront, modelsFor, setupFormation } from './napoleons-eagles-footprint.js';

// The footprint table of the shared brief and rules notes §11; 'Game Scale' for the per-figure frontages.
describe("Napoleon's Eagles footprints", () => {
  const inf = { arm: 'infantry' as const, ranks: 3 as const, models: 0, facing: 0 };
  it('sizes 3-rank infantry by formation', () => {
    // 20 figures at 3/8": line 7.5", supported line 10 × 3/8 = 3.75" × 1", column 7 × 3/8 = 2.625" × 1.5".
    expect(footprint({ ...inf, figures: 20, formation: 'line' })).toEqual({ width: 7.5, depth: 0.5 });
    expect(footprint({ ...inf, figures: 20, formation: 'supported-line' })).toEqual({ width: 3.75, depth: 1 });
    expect(footprint({ ...inf, figures: 20, formation: 'column' })).toEqual({ width: 2.625, depth: 1.5 });
  });
  it('counts artillery models from guns at the scale, unless the file gives them', () => {
    expect(modelsFor(6, 2, 30)).toBe(3);
    expect(modelsFor(6, 2, 60)).toBe(2);
    expect(modelsFor(6, 2, 30, 4)).toBe(4);
  });
  it('caps a screen at the longest front that fits the table', () => {
    expect(longestFront({ width: 72, height: 48 }, 0, 0.5)).toBeCloseTo(72);
    expect(longestFront({ width: 72, height: 48 }, 90, 0.5)).toBeCloseTo(48);
  });
  it("reads the set-up formation as the engine does: what the arm cannot take falls back", () => {
    const u = (arm: Unit['arm'], formation?: string) => ({ arm, setup: formation ? { formation: formation as never } : {} });
    expect(setupFormation(u('infantry'))).toBe('line');
    expect(setupFormation(u('infantry', 'echelon'))).toBe('line');
    expect(setupFormation(u('infantry', 'square'))).toBe('square');
    expect(setupFormation(u('cavalry', 'square'))).toBe('line');
    expect(setupFormation(u('artillery', 'road-column'))).toBe('limbered');
    expect(setupFormation(u('artillery'))).toBe('unlimbered');
    expect(setupFormation(u('train', 'line'))).toBe('column');
  });
});
