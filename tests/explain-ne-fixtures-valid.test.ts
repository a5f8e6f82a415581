// The hand-worked Napoleon's Eagles explain cases (tests/fixtures/explain-ne/) checked without the engine: every
// scenario goes through the real loader and validator and must raise no error, every case names units its scenario
// holds, and the arithmetic written into each expectation adds up (a mean of its six casualties, a morale need of
// its rating and modifiers, odds summing to one, a victim's expected casualties from its dice, hit number and
// damage). The rules themselves are checked against the engine in explain-ne-cases.test.ts; this file keeps the
// fixtures honest while that engine is still being written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../domain/document.js';
import { unitsOf } from '../domain/forces.js';
import { isScenario, type Scenario } from '../domain/model.js';
import { validateDocument } from '../domain/validate.js';
import { caseStems, expectPairedCases } from './fixture-cases.js';

const DIR = fileURLToPath(new URL('./fixtures/explain-ne/', import.meta.url));

interface Modifier {
  id: string;
  value: number;
}
interface Morale {
  rating: number;
  modifiers: Modifier[];
  need: number;
  pass: number;
}
interface Side {
  unit: string;
  base?: number;
  modifiers?: Modifier[];
  value?: number;
  morale?: Morale;
}
interface Victim {
  unit: string;
  hitOn: number;
  damagePerHit: number;
  dense: boolean;
  damageModifiers: Modifier[];
  expected: number;
}
interface Expected {
  allowed: boolean;
  reasonIncludes?: string;
  kind?: string;
  actions?: number;
  modifiers?: Modifier[];
  total?: number;
  casualtiesByRoll?: number[];
  expected?: number;
  dice?: number;
  victims?: Victim[];
  attacker?: Side;
  defender?: Side;
  odds?: { attacker: number; defender: number; again: number };
}
interface Case {
  rule: string;
  workedByHand: string;
  explain: { fire?: string; assault?: string; target: string; actions?: number };
  expected: Expected;
}

const stems = caseStems(DIR);
const sum = (ms: readonly Modifier[]): number => ms.reduce((s, m) => s + m.value, 0);
/** Numbers in the expectations are written to 3 decimals. */
const near = (got: number, want: number, what: string): void => {
  expect(Math.abs(got - want), `${what}: ${got} against ${want}`).toBeLessThan(0.0011);
};

function load(stem: string): { scenario: Scenario; c: Case; text: string } {
  const text = readFileSync(join(DIR, `${stem}.scenario.json`), 'utf8');
  const parsed = parseDocument(text);
  if (!parsed.ok) throw new Error(`${stem}: ${JSON.stringify(parsed.problems)}`);
  if (!isScenario(parsed.document)) throw new Error(`${stem} is not a scenario`);
  const c = JSON.parse(readFileSync(join(DIR, `${stem}.expect.json`), 'utf8')) as Case;
  return { scenario: parsed.document, c, text };
}

describe('tests/fixtures/explain-ne are valid and add up', () => {
  it('holds at least 90 cases, each scenario paired with its expectation', () => {
    expectPairedCases(DIR, 90);
  });

  it.each(stems)('%s: a valid napoleons-eagles scenario, as the brief lays them out', (stem) => {
    const { scenario } = load(stem);
    const errors = validateDocument(scenario).filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.path}: ${p.message}`)).toEqual([]);
    expect(scenario.ruleSystem).toBe('napoleons-eagles');
    expect(scenario.table).toEqual({ width: 72, height: 48 });
    expect(scenario.grid).toEqual({ kind: 'none' });
    expect(scenario.scale?.figureRatio).toBe(30);
    expect(scenario.sides.map((s) => s.id)).toEqual(['red', 'blue']);
    expect(scenario.turns).toEqual({ limit: 4, first: 'red' });
    expect(scenario.victory).toEqual([{ kind: 'points' }]);
  });

  it.each(stems)('%s: cites its rule, shows its working, names units of its scenario', (stem) => {
    const { scenario, c } = load(stem);
    expect(c.rule.trim().length).toBeGreaterThan(3);
    expect(c.workedByHand.trim().length).toBeGreaterThan(0);
    const actor = c.explain.fire ?? c.explain.assault;
    expect((c.explain.fire === undefined) !== (c.explain.assault === undefined), 'one of fire or assault').toBe(true);
    const ids = new Set(scenario.sides.flatMap((s) => unitsOf(s.army).map((u) => u.id)));
    expect(ids.has(actor!), `${actor} is in the scenario`).toBe(true);
    expect(ids.has(c.explain.target), `${c.explain.target} is in the scenario`).toBe(true);
    if (c.explain.fire !== undefined) expect([1, 2]).toContain(c.explain.actions);
    const e = c.expected;
    if (!e.allowed) expect(e.reasonIncludes?.trim().length).toBeGreaterThan(0);
    if (e.allowed && e.actions !== undefined) expect(e.actions).toBe(c.explain.actions);
  });

  it.each(stems)('%s: the arithmetic written in the expectation adds up', (stem) => {
    const { scenario, c } = load(stem);
    const e = c.expected;
    if (!e.allowed) return;
    if (e.modifiers && e.total !== undefined) expect(e.total).toBe(sum(e.modifiers));
    if (e.casualtiesByRoll) {
      expect(e.casualtiesByRoll).toHaveLength(6);
      near(e.expected!, e.casualtiesByRoll.reduce((s, n) => s + n, 0) / 6, 'mean of the six rolls');
    }
    if (e.kind === 'solid-shot') {
      expect(e.dice).toBe(c.explain.actions);
      const battery = scenario.sides[0].army.units?.find((u) => u.id === c.explain.fire);
      const cannons = battery?.ratings?.['napoleons-eagles']?.guns ?? NaN;
      for (const v of e.victims ?? []) {
        const damage = Math.max(0, (cannons + sum(v.damageModifiers)) * (v.dense ? 2 : 1));
        expect(v.damagePerHit, `${v.unit} damage per hit`).toBe(damage);
        near(v.expected, (e.dice! * ((7 - v.hitOn) / 6) * v.damagePerHit) / 6, `${v.unit} expected`);
      }
      near(e.expected!, e.victims![0]!.expected, 'the named target is the first victim');
      expect(e.victims![0]!.unit).toBe(c.explain.target);
    }
    for (const s of [e.attacker, e.defender]) {
      if (!s) continue;
      if (s.base !== undefined) expect(s.value, `${s.unit} value`).toBe(s.base + sum(s.modifiers ?? []));
      if (s.morale) {
        expect(s.morale.need, `${s.unit} morale need`).toBe(s.morale.rating + sum(s.morale.modifiers));
        near(s.morale.pass, Math.min(20, Math.max(0, s.morale.need)) / 20, `${s.unit} pass`);
      }
    }
    if (e.odds) near(e.odds.attacker + e.odds.defender + e.odds.again, 1, 'odds sum to one');
  });
});
