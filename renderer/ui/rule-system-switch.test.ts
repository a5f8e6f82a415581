import { describe, expect, it } from 'vitest';
import type { ArmyList, Scenario } from '../../domain/model.js';
import { applyChanges } from '../state/history.js';
import { blankArmyList, blankScenario } from '../state/templates.js';
import { ruleSystemSwitch } from './rule-system-switch.js';

const withUnits = (s: Scenario): Scenario => ({
  ...s,
  ruleOptions: { 'napoleons-eagles': { commandOption: 1 } },
  sides: [
    {
      ...s.sides[0],
      army: {
        ...s.sides[0].army,
        units: [
          { id: 'fr-1', name: '1/4e Ligne', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C30', figures: 24, ranks: 3 }, 'square-eagles': { sp: 7 } } },
          { id: 'fr-2', name: '2/4e Ligne', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C30', figures: 24, ranks: 3 } } },
          { id: 'fr-w', name: 'Wagons', arm: 'train', type: 'baggage' },
        ],
      },
    },
    s.sides[1],
  ],
});

const topics = (lines: { topic: string; changed: boolean }[]) => Object.fromEntries(lines.map((l) => [l.topic, l.changed]));
const line = (lines: { topic: string; text: string }[], topic: string) => lines.find((l) => l.topic === topic)?.text;

describe('changing the rule system', () => {
  it("gives a free Napoleon's Eagles table the square grid, keeps the rest, and undoes in one labelled step", () => {
    const before = withUnits(blankScenario('napoleons-eagles'));
    const sw = ruleSystemSwitch(before, 'square-eagles');
    expect(sw.action.label).toBe('Change rule system to Square Eagles');
    expect(topics(sw.lines)).toEqual({ grid: true, table: false, 'figure ratio': false, turns: false, ratings: false, kept: false });
    expect(line(sw.lines, 'grid')).toBe('Grid: no grid (measured in inches) → 6″ square boxes, 12 × 8, as Square Eagles is played on square boxes.');
    expect(line(sw.lines, 'table')).toBe('Table: 72″ × 48″, kept.');
    expect(line(sw.lines, 'figure ratio')).toBe('Figure ratio: 1:30, kept.');
    // Train needs no Square Eagles ratings; the unit rated for both systems is not named.
    expect(line(sw.lines, 'ratings')).toBe('Ratings: 1 of 2 units have no Square Eagles ratings yet (2/4e Ligne).');
    expect(sw.lines.find((l) => l.topic === 'ratings')?.attention).toBe(true);
    expect(line(sw.lines, 'kept')).toBe("Napoleon's Eagles ratings and settings stay in the file, for switching back.");

    const after = applyChanges(before, sw.action.changes, 'forward');
    expect(after.ruleSystem).toBe('square-eagles');
    expect(after.grid).toEqual({ kind: 'square', cell: 6 });
    expect(after.table).toEqual(before.table);
    expect(after.scale).toEqual({ figureRatio: 30 });
    expect(after.ruleOptions).toEqual(before.ruleOptions);
    expect(after.sides).toBe(before.sides);
    expect(applyChanges(after, sw.action.changes, 'back')).toEqual(before);
  });

  it('keeps a grid as a drawing aid on a free system, adds the figure ratio the rules need, and brings turns within its bound', () => {
    const se: Scenario = { ...blankScenario('square-eagles'), scale: undefined, turns: { limit: 15, first: 'red' } };
    delete se.scale;
    const sw = ruleSystemSwitch(se, 'napoleons-eagles');
    expect(line(sw.lines, 'grid')).toBe("Grid: 6″ square boxes, 8 × 8, kept as a drawing aid; Napoleon's Eagles measures in inches.");
    expect(line(sw.lines, 'figure ratio')).toBe('Figure ratio: none → 1:30.');
    expect(line(sw.lines, 'turns')).toBe("Turns: 15 → 4, as Napoleon's Eagles makes sense of 12 at most.");
    expect(line(sw.lines, 'ratings')).toBe('Ratings: no units yet.');
    const after = applyChanges(se, sw.action.changes, 'forward');
    expect(after).toMatchObject({ ruleSystem: 'napoleons-eagles', grid: { kind: 'square', cell: 6 }, scale: { figureRatio: 30 }, turns: { limit: 4, first: 'red' } });
    expect(applyChanges(after, sw.action.changes, 'back')).toEqual(se);
  });

  it('replaces a square grid by hexes for Hex Skirmish, and keeps a ratio the system does not use', () => {
    const se = withUnits(blankScenario('square-eagles'));
    const sw = ruleSystemSwitch(se, 'hex-skirmish');
    expect(line(sw.lines, 'grid')).toBe('Grid: 6″ square boxes, 8 × 8 → 6″ flat-top hexes, 8 × 7, as Hex Skirmish is played on hexes.');
    expect(line(sw.lines, 'figure ratio')).toBe('Figure ratio: 1:60, kept; Hex Skirmish does not use it.');
    // Hex Skirmish counts the men of train units too.
    expect(line(sw.lines, 'ratings')).toBe('Ratings: no unit has Hex Skirmish ratings yet (1/4e Ligne, 2/4e Ligne and Wagons).');
  });

  it('takes the default table when the new cells do not fit on the old one', () => {
    const tiny: Scenario = { ...blankScenario('eagles-to-glory'), table: { width: 4, height: 4 } };
    const sw = ruleSystemSwitch(tiny, 'square-eagles');
    expect(topics(sw.lines)).toMatchObject({ grid: true, table: true });
    expect(line(sw.lines, 'table')).toBe('Table: 4″ × 4″ → 48″ × 48″, as the new cells do not fit on the old one.');
  });

  it('changes only the rule system of an army list, and the figure ratio Napoleon’s Eagles needs', () => {
    const list: ArmyList = { ...blankArmyList('eagles-to-glory') };
    const sw = ruleSystemSwitch(list, 'napoleons-eagles');
    expect(sw.lines.map((l) => l.topic)).toEqual(['figure ratio', 'ratings', 'kept']);
    const after = applyChanges(list, sw.action.changes, 'forward');
    expect(after).toEqual({ ...list, ruleSystem: 'napoleons-eagles', scale: { figureRatio: 30 } });
  });
});
