// Problems named by the inspector's labels, checked against what the real validator says about real mistakes, so a
// change in the validator's wording that the table no longer reads shows here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AdcDocument, Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { validateDocument } from '../../domain/validate.js';
import { blankScenario } from '../state/templates.js';
import { fieldAt, fieldTarget, problemForField, showProblem, subjectOf } from './field-labels.js';

const ne = (): Scenario => blankScenario('napoleons-eagles');
/** The validator's problem at `path`, whatever else it found. */
function problemAt(doc: unknown, path: string, match?: RegExp): Problem {
  const found = validateDocument(doc as AdcDocument).find((p) => p.path === path && (!match || match.test(p.message)));
  if (!found) throw new Error(`no problem at ${path}: ${JSON.stringify(validateDocument(doc as AdcDocument))}`);
  return found;
}

describe('the table from pointers to the inspector’s labels', () => {
  it('finds the control for a scenario’s fields, a missing object’s one field, and a unit’s rating', () => {
    const doc = ne();
    expect(fieldAt(doc, '/scale/figureRatio')).toEqual({ pointer: '/scale/figureRatio', label: 'Figure ratio (1:N)', relation: 'same' });
    expect(fieldAt(doc, '/table/width')?.label).toBe('Table width (inches)');
    // An object that is there is no field of its own; a missing one is edited through the fields inside it.
    expect(fieldAt(doc, '/scale')).toBeNull();
    const bare: Partial<Scenario> = ne();
    delete bare.scale;
    delete bare.table;
    expect(fieldAt(bare as AdcDocument, '/scale')).toEqual({ pointer: '/scale/figureRatio', label: 'Figure ratio (1:N)', relation: 'same' });
    // A missing table has two controls: the first is focused, and neither names the problem alone.
    expect(fieldAt(bare as AdcDocument, '/table')).toMatchObject({ pointer: '/table/width', relation: 'inside' });
    expect(fieldAt(doc, '/sides/0/army')).toBeNull();
    expect(fieldAt(doc, '/specialRules/2')).toEqual({ pointer: '/specialRules', label: 'Special rules (one per line)', relation: 'holds' });
    expect(fieldAt(doc, '/ruleSystem')?.label).toBe('Rule system');
    expect(fieldAt(doc, '/terrain')).toBeNull();

    const withUnit: Scenario = { ...doc, sides: [{ ...doc.sides[0], army: { ...doc.sides[0].army, units: [{ id: 'u', name: 'U', arm: 'infantry', type: 'line' }] } }, doc.sides[1]] };
    expect(fieldAt(withUnit, '/sides/0/army/units/0/ratings/napoleons-eagles/rating')?.label).toBe('Rating (e.g. B16C30)');
    expect(fieldAt(withUnit, '/sides/0/army/units/0/name')?.label).toBe('Name');
  });

  it('reads rule settings from the scenario’s own system only', () => {
    const doc = ne();
    expect(fieldAt(doc, '/ruleOptions/napoleons-eagles/turnPoints/red')).toEqual({ pointer: '/ruleOptions/napoleons-eagles/turnPoints/red', label: 'Turn points per game turn', relation: 'same' });
    expect(fieldAt(doc, '/ruleOptions/square-eagles/forts')).toBeNull();
    expect(fieldAt(doc, '/ruleOptions/napoleons-eagles/noSuchRule')).toBeNull();
  });
});

describe('problems in the words of the form', () => {
  it('names a missing figure ratio by its label, and points the click at its input', () => {
    const doc = ne();
    delete doc.scale;
    const p = problemAt(doc, '', /scale/);
    expect(p.message).toBe('"scale" is missing');
    expect(subjectOf(p)).toBe('/scale');
    expect(fieldTarget(doc, p)?.pointer).toBe('/scale/figureRatio');
    const shown = showProblem(doc, p);
    expect(shown).toMatchObject({ message: 'Figure ratio (1:N) is missing', relabelled: true, hint: 'Click to go to the field.' });
    // The field itself shows it too, in the same words.
    expect(problemForField(doc, [p], '/scale/figureRatio')?.message).toBe('Figure ratio (1:N) is missing');
    expect(problemForField(doc, [p], '/table/width')).toBeUndefined();
  });

  it('rewords bounds, types and choices, and leaves sentences that already speak of the table alone', () => {
    const doc = ne();
    const zero = { ...doc, table: { width: 0, height: 48 } };
    expect(showProblem(zero, problemAt(zero, '/table/width')).message).toBe('Table width (inches) is 0 but must be more than 0');
    const text = { ...doc, turns: { limit: 'four' } };
    expect(showProblem(text as unknown as AdcDocument, problemAt(text, '/turns/limit')).message).toBe('Turn limit must be a whole number, not "four"');
    const grid = { ...doc, grid: { kind: 'hexx' } };
    expect(showProblem(grid as unknown as AdcDocument, problemAt(grid, '/grid/kind')).message).toBe('Grid cannot be "hexx"');

    const untiled: Scenario = { ...blankScenario('square-eagles'), grid: { kind: 'square', cell: 5 } };
    const p = problemAt(untiled, '/grid/cell', /tile/);
    const shown = showProblem(untiled, p);
    expect(shown.relabelled).toBe(false);
    expect(shown.message).toBe(p.message);
    expect(shown.target?.label).toBe('Cell size (inches)');
  });

  it('leaves a problem the inspector has no control for as the validator wrote it', () => {
    const doc = ne();
    const p: Problem = { severity: 'error', path: '/terrain/0/polygon', message: 'polygon has 2 items but needs at least 3' };
    expect(showProblem(doc, p)).toMatchObject({ problem: p, message: p.message, target: null, relabelled: false });
    expect(showProblem(null, p).message).toBe(p.message);
  });
});

describe('where a problem with no control of its own is', () => {
  const sample = (): Scenario => JSON.parse(readFileSync(new URL('../../scenarios/se-01-hold-the-bridge.scenario.json', import.meta.url), 'utf8')) as Scenario;
  const neSample = (): Scenario => JSON.parse(readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8')) as Scenario;
  /** Strip every leader from a side's order of battle. */
  function leaderless(army: Record<string, unknown>): void {
    delete army.leader;
    for (const f of (army.formations ?? []) as Record<string, unknown>[]) leaderless(f);
  }

  it('names an army without a general by its side, under Sides', () => {
    const doc = sample();
    leaderless(doc.sides[0].army);
    const p = problemAt(doc, '/sides/0/army', /general/);
    const shown = showProblem(doc, p);
    expect(shown.target).toBeNull();
    expect(shown.where).toBe(`${doc.sides[0].name} (Sides)`);
    expect(shown.where).not.toContain('/');
  });

  it('names a scenario without victory conditions by the Victory section', () => {
    const doc = sample();
    delete doc.victory;
    const shown = showProblem(doc, problemAt(doc, '/victory'));
    expect(shown.where).toBe('Victory');
  });

  it('names a unit out of command by its name and side', () => {
    const doc = neSample();
    leaderless(doc.sides[0].army);
    const p = problemAt(doc, '/sides/0/army/formations/0/formations/0/units/0', /leader/);
    expect(showProblem(doc, p).where).toBe(`I./15. IR (${doc.sides[0].name})`);
  });

  it('gives every problem of every sample, broken in these ways, a place without a pointer', () => {
    for (const doc of [sample(), neSample()]) {
      delete doc.victory;
      leaderless(doc.sides[1].army);
      const problems = validateDocument(doc);
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect(showProblem(doc, p).where).not.toMatch(/^\//);
    }
  });
});
