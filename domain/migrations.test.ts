import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrate, type Migration } from './migrations.js';

// Two invented steps stand in for future ones, so the chaining, notes and refusal logic are exercised now.
const steps: Migration[] = [
  { from: 1, describe: 'renamed "rules" to "ruleSystem"', up: ({ rules, ...rest }) => ({ ...rest, ruleSystem: rules }) },
  { from: 2, describe: 'added an empty "objectives" list', up: (d) => ({ objectives: [], ...d }) },
];

describe('migrations', () => {
  it('has one step for every version below the current one', () => {
    for (let v = 1; v < CURRENT_SCHEMA_VERSION; v++) expect(MIGRATIONS.filter((m) => m.from === v)).toHaveLength(1);
  });

  it('runs each step in order and records a note per step', () => {
    const input = { schemaVersion: 1, rules: 'square-eagles', keep: { x: 1 } };
    const r = migrate(input, steps, 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.document).toEqual({ schemaVersion: 3, ruleSystem: 'square-eagles', keep: { x: 1 }, objectives: [] });
    expect(r.notes).toHaveLength(2);
    expect(r.notes[0]).toMatch(/version 1 to 2/);
    expect(input).toEqual({ schemaVersion: 1, rules: 'square-eagles', keep: { x: 1 } });
  });

  it('starts from the file\'s own version', () => {
    const r = migrate({ schemaVersion: 2, ruleSystem: 'hex-skirmish' }, steps, 3);
    expect(r.ok && r.document).toEqual({ schemaVersion: 3, ruleSystem: 'hex-skirmish', objectives: [] });
  });

  it('refuses a newer version with a message naming both versions', () => {
    const r = migrate({ schemaVersion: 7 }, steps, 3);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('This file uses format version 7, newer than this app understands (3).');
  });

  it('refuses a gap in the chain rather than skipping a step', () => {
    const r = migrate({ schemaVersion: 1 }, [steps[1]!], 3);
    expect(r).toMatchObject({ ok: false, message: 'No migration from format version 1' });
  });

  it('leaves a current document as it is', () => {
    const doc = { schemaVersion: CURRENT_SCHEMA_VERSION, a: 1 };
    expect(migrate(doc)).toEqual({ ok: true, document: doc, notes: [] });
  });

  it.each([[0], [1.5], ['1'], [undefined]])('refuses schemaVersion %j', (v) => {
    expect(migrate({ schemaVersion: v }).ok).toBe(false);
  });
});
