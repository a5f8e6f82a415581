import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './document.js';
import type { Scenario, Unit } from './model.js';
import { sideTotals, unitVp, vpTable } from './victory-points.js';

const unit = (arm: Unit['arm'], type: string, ratings: Unit['ratings'] = {}, vp?: number): Unit =>
  ({ id: 'u', name: 'U', arm, type, ratings, ...(vp === undefined ? {} : { vp }) });

describe('default victory points', () => {
  it("Eagles to Glory uses its rules' values: 20 an infantry stand, 100 a heavy cavalry stand, +20 for class A (rules, 'Victory Points')", () => {
    expect(unitVp(unit('infantry', 'line', { 'eagles-to-glory': { class: 'C', stands: 4 } }), 'eagles-to-glory')).toEqual({ vp: 80, fromTable: true });
    expect(unitVp(unit('infantry', 'guard', { 'eagles-to-glory': { class: 'A', stands: 2 } }), 'eagles-to-glory').vp).toBe(80);
    expect(unitVp(unit('cavalry', 'heavy', { 'eagles-to-glory': { class: 'C', stands: 3 } }), 'eagles-to-glory').vp).toBe(300);
    expect(unitVp(unit('train', 'baggage', { 'eagles-to-glory': { class: 'C', stands: 1 } }), 'eagles-to-glory').vp).toBe(200);
    expect(vpTable('eagles-to-glory').source).toBe('rules');
  });

  it('Square Eagles house table: 2 VP per SP, +2 heavy cavalry, +2 guard; standard SP when none is given', () => {
    expect(unitVp(unit('infantry', 'line', { 'square-eagles': { sp: 7 } }), 'square-eagles').vp).toBe(14);
    expect(unitVp(unit('infantry', 'line', {}), 'square-eagles').vp).toBe(14);
    expect(unitVp(unit('cavalry', 'heavy', { 'square-eagles': { sp: 5 } }), 'square-eagles').vp).toBe(12);
    expect(unitVp(unit('infantry', 'guard', { 'square-eagles': { sp: 8, traits: ['guard'] } }), 'square-eagles').vp).toBe(18);
    expect(vpTable('square-eagles').source).toBe('house');
  });

  it("Hex Skirmish counts men, a cannon 10 and baggage 5 (rules' VP table)", () => {
    expect(unitVp(unit('infantry', 'line', { 'hex-skirmish': { men: 12 } }), 'hex-skirmish').vp).toBe(12);
    expect(unitVp(unit('artillery', 'foot', { 'hex-skirmish': { men: 5 } }), 'hex-skirmish').vp).toBe(15);
  });

  it("a unit's own vp always wins over the table", () => {
    expect(unitVp(unit('infantry', 'line', {}, 33), 'napoleons-eagles')).toEqual({ vp: 33, fromTable: false });
  });
});

describe('side totals', () => {
  it('adds unit VPs per side and the objectives each side holds at the start, on a real sample', () => {
    const r = parseDocument(readFileSync(new URL('../scenarios/se-01-hold-the-bridge.scenario.json', import.meta.url), 'utf8'));
    if (!r.ok) throw new Error('sample did not load');
    const s = r.document as Scenario;
    const totals = sideTotals(s);
    expect(totals.map((t) => t.side)).toEqual(['red', 'blue']);
    for (const [i, t] of totals.entries()) {
      const side = s.sides[i]!;
      const expected = (s.objectives ?? []).filter((o) => o.heldBy === side.id).reduce((sum, o) => sum + (o.vp ?? 25), 0);
      expect(t.objectiveVp).toBe(expected);
      expect(t.unitVp).toBeGreaterThan(0);
      expect(t.units).toBeGreaterThan(0);
    }
    // se-01 gives the 57e Ligne 15 VP of its own; every other unit comes from the table.
    expect(totals[0]!.fromTable).toBe(totals[0]!.units - s.sides[0].army.units!.filter((u) => u.vp !== undefined).length);
  });
});
