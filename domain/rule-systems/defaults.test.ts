// Each rule system's description and defaults: a new scenario laid out by them is one its own checks accept as it
// stands, with the map the system is played on.
import { describe, expect, it } from 'vitest';
import { gridSize } from '../grid.js';
import type { Scenario } from '../model.js';
import { validateDocument } from '../validate.js';
import { PROFILES } from './registry.js';

const fromDefaults = (id: keyof typeof PROFILES): Scenario => {
  const d = PROFILES[id].defaults;
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'defaults',
    title: 'Defaults',
    ruleSystem: id,
    ...(d.figureRatio !== undefined ? { scale: { figureRatio: d.figureRatio } } : {}),
    table: d.table,
    grid: d.grid,
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', army: { id: 'red-army', name: 'Red', echelon: 'army', units: [] } },
      { id: 'blue', name: 'Blue', army: { id: 'blue-army', name: 'Blue', echelon: 'army', units: [] } },
    ],
    turns: { limit: d.turnLimit },
  };
};

describe('rule system defaults', () => {
  for (const profile of Object.values(PROFILES)) {
    it(`${profile.title}: a one-line description, and defaults its own checks accept`, () => {
      expect(profile.description.length).toBeGreaterThan(20);
      expect(profile.description.length).toBeLessThan(130);
      expect(profile.description).not.toContain('\n');
      const d = profile.defaults;
      expect(d.grid.kind).toBe(profile.map === 'free' ? 'none' : profile.map);
      if (d.maxTurns !== undefined) expect(d.turnLimit).toBeLessThanOrEqual(d.maxTurns);
      const problems = validateDocument(fromDefaults(profile.id));
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
      // Only the empty armies may be warned about, never the map.
      expect(problems.filter((p) => p.path.startsWith('/grid') || p.path.startsWith('/table') || p.path.startsWith('/scale'))).toEqual([]);
      if (d.grid.kind !== 'none') {
        expect(gridSize(d.grid, d.table).exact).toBe(true);
        if (profile.usualCell) expect(d.grid.cell).toBeGreaterThanOrEqual(profile.usualCell.min);
        if (profile.usualCell) expect(d.grid.cell).toBeLessThanOrEqual(profile.usualCell.max);
      }
    });
  }

  it('lays out each system as its rules notes and samples do', () => {
    const se = PROFILES['square-eagles'].defaults;
    expect(se.grid).toEqual({ kind: 'square', cell: 6 });
    expect(gridSize(se.grid, se.table)).toMatchObject({ cols: 8, rows: 8 });
    expect(se).toMatchObject({ figureRatio: 60, turnLimit: 15 });

    expect(PROFILES['napoleons-eagles'].defaults).toMatchObject({ grid: { kind: 'none' }, table: { width: 72, height: 48 }, figureRatio: 30 });
    // The format requires a figure ratio of a Napoleon's Eagles scenario; the systems that count no figures have none.
    expect(PROFILES['eagles-to-glory'].defaults.figureRatio).toBeUndefined();
    expect(PROFILES['hex-skirmish'].defaults.figureRatio).toBeUndefined();

    const hex = PROFILES['hex-skirmish'].defaults;
    expect(hex.grid).toEqual({ kind: 'hex', cell: 6, orientation: 'flat' });
    expect(gridSize(hex.grid, hex.table)).toMatchObject({ cols: 12, rows: 8, exact: true });
    expect(PROFILES['eagles-to-glory'].defaults.table).toEqual({ width: 72, height: 48 });
  });
});
