// `adc explain` against situations worked out by hand from the Napoleon's Eagles rules text (seed 004).
//
//   tests/fixtures/explain-ne/NN-name.scenario.json   a small, valid napoleons-eagles scenario set up for one fire or charge
//   tests/fixtures/explain-ne/NN-name.expect.json     {"rule", "workedByHand", "explain", "expected"}
//
// `explain` is {"fire": unit, "target": unit, "actions": 1|2} or {"assault": unit, "target": unit}. `rule` cites the
// seed's heading (and the rules notes' section or the engine brief where they settle what the seed leaves open);
// `workedByHand` shows the arithmetic. `expected` was derived from the text before any engine existed, so these
// cases are an independent check. Only the fields present in `expected` are compared:
//   - modifier lists (`modifiers`, `damageModifiers`, a side's morale `modifiers`) as sets of "id value" — the
//     reasons are free words;
//   - `victims` in order, unit by unit, each on the fields it gives;
//   - numbers to 3 decimals; other arrays element by element; objects field by field;
//   - refusals: {"allowed": false, "reasonIncludes": word} — the reason must contain the word (case aside).
// Each case runs the real command (runExplain, as `adc explain … --json` does). The fixtures' validity and their own
// arithmetic are checked without the engine in explain-ne-fixtures-valid.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExplain } from '../cli/explain.js';
import { capture, caseStems, expectPairedCases } from './fixture-cases.js';

const DIR = fileURLToPath(new URL('./fixtures/explain-ne/', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Case {
  rule: string;
  workedByHand: string;
  explain: { fire?: string; assault?: string; target: string; actions?: 1 | 2 };
  expected: { allowed: boolean; reasonIncludes?: string } & Record<string, Json>;
}

/** Lists whose order means nothing: compared as sets of "id value". */
const MODIFIER_LISTS = new Set(['modifiers', 'damageModifiers']);

const modifierSet = (list: Json, where: string): string[] => {
  expect(Array.isArray(list), `${where} is a list`).toBe(true);
  return (list as { id?: unknown; value?: unknown }[]).map((m) => `${String(m.id)} ${String(m.value)}`).sort();
};

const thousandths = (n: number): number => Math.round(n * 1000);

/** Checks every field `want` gives against `got`, reporting the path of the first difference. */
function compare(got: Json | undefined, want: Json, where: string): void {
  if (Array.isArray(want)) {
    const key = where.slice(where.lastIndexOf('.') + 1);
    if (MODIFIER_LISTS.has(key)) {
      expect(modifierSet(got ?? null, where), where).toEqual(modifierSet(want, where));
      return;
    }
    expect(Array.isArray(got), `${where} is a list`).toBe(true);
    const list = got as Json[];
    if (key === 'victims') {
      expect(list.map((v) => (v as { unit?: Json }).unit), `${where}: the units hit, in order`).toEqual(want.map((v) => (v as { unit?: Json }).unit));
    }
    expect(list.length, `${where} length`).toBe(want.length);
    want.forEach((w, i) => compare(list[i], w, `${where}[${i}]`));
    return;
  }
  if (want !== null && typeof want === 'object') {
    expect(got !== null && typeof got === 'object' && !Array.isArray(got), `${where} is an object`).toBe(true);
    for (const [k, w] of Object.entries(want)) compare((got as Record<string, Json>)[k], w, `${where}.${k}`);
    return;
  }
  if (typeof want === 'number') {
    expect(typeof got, `${where} is a number`).toBe('number');
    expect(thousandths(got as number), `${where}: ${JSON.stringify(got)} against ${want}`).toBe(thousandths(want));
    return;
  }
  expect(got, where).toBe(want);
}

describe('tests/fixtures/explain-ne', () => {
  const stems = caseStems(DIR);
  const cases = stems.map((stem) => {
    const c = JSON.parse(readFileSync(join(DIR, `${stem}.expect.json`), 'utf8')) as Case;
    return { stem, c, name: `${stem} (${c.rule})` };
  });

  it('holds at least 90 cases, each scenario paired with its expectation', () => {
    expectPairedCases(DIR, 90);
  });

  it.each(cases)('$name', async ({ stem, c }) => {
    const file = join(DIR, `${stem}.scenario.json`);
    const io = capture();
    const code = await runExplain(io, {
      file,
      fire: c.explain.fire,
      assault: c.explain.assault,
      target: c.explain.target,
      ...(c.explain.actions !== undefined ? { actions: c.explain.actions } : {}),
      json: true,
    });
    expect(code, io.stderr.join('\n')).toBe(0);
    const got = JSON.parse(io.stdout.join('\n')) as Record<string, Json>;
    const e = c.expected;
    const why = `${stem}: worked by hand: ${c.workedByHand}\nengine: ${JSON.stringify(got)}`;
    expect(got.allowed, why).toBe(e.allowed);
    if (!e.allowed) {
      const reason = typeof got.reason === 'string' ? got.reason : JSON.stringify(got.reason);
      expect(reason.toLowerCase(), why).toContain(String(e.reasonIncludes).toLowerCase());
      return;
    }
    try {
      compare(got, e, 'explain');
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${why}`, { cause: err });
    }
  });
});
