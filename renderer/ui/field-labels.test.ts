// Problems named by the inspector's labels, checked against what the real validator says about real mistakes, so a
// change in the validator's wording that the table no longer reads shows here.
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
    expect(showProblem(doc, p)).toEqual({ problem: p, message: p.message, target: null, relabelled: false });
    expect(showProblem(null, p).message).toBe(p.message);
  });
});
