// `adc explain` against situations worked out by hand from the Square Eagles rules text.
//
//   tests/fixtures/explain/NN-name.scenario.json   a small, valid scenario set up for one fire or assault
//   tests/fixtures/explain/NN-name.expect.json     {"rule", "workedByHand", "explain": {fire|assault, target}, "expected"}
//
// `rule` cites the section of the rules the case checks (e.g. "4.ii.e Cover"); `expected` was derived from that rule
// before the engine was asked. Each case runs the real command (runExplain, as `adc explain … --json` does) and
// compares the allowance, dice, hit number, arc and the set of modifiers (reason and dice) with the expectation.
// Choices the rules text leaves open are those of docs/rules/square-eagles.md §7.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExplain } from '../cli/explain.js';
import { capture, caseStems, expectPairedCases } from './fixture-cases.js';
import type { Scenario } from '../domain/model.js';
import { explainPool } from '../engine/square-eagles/explain.js';
import { newGame } from '../engine/square-eagles/game.js';

const DIR = fileURLToPath(new URL('./fixtures/explain/', import.meta.url));

interface Modifier {
  reason: string;
  dice: number;
}
interface Pool {
  dice: number;
  hitOn: number;
  modifiers: Modifier[];
}
type Expected =
  | { allowed: false; reasonIncludes?: string }
  | ({ allowed: true; kind: 'fire' | 'skirmish'; range: number } & Pool)
  | { allowed: true; arc: 'front' | 'flank' | 'rear'; attacker: Pool; defender: Pool; gunsRemoved?: boolean };

interface Case {
  rule: string;
  workedByHand: string;
  explain: { fire?: string; assault?: string; target: string };
  expected: Expected;
}

const stems = caseStems(DIR);

/** Modifiers compared as a set: the order they are listed in carries no meaning. */
const modifierSet = (ms: Modifier[]): string[] => ms.map((m) => `${m.dice > 0 ? '+' : ''}${m.dice} ${m.reason}`).sort();

const poolView = (p: Pool) => ({ dice: p.dice, hitOn: p.hitOn, modifiers: modifierSet(p.modifiers) });

describe('tests/fixtures/explain', () => {
  it('holds at least 30 cases, each scenario paired with its expectation', () => {
    expectPairedCases(DIR, 30);
  });

  const cases = stems.map((stem) => {
    const c = JSON.parse(readFileSync(join(DIR, `${stem}.expect.json`), 'utf8')) as Case;
    return { stem, c, name: `${stem} (${c.rule})` };
  });

  it.each(cases)('$name', async ({ stem, c }) => {
    expect(c.rule.length, 'each case cites its rule').toBeGreaterThan(3);
    const file = join(DIR, `${stem}.scenario.json`);
    const io = capture();
    const code = await runExplain(io, { file, fire: c.explain.fire, assault: c.explain.assault, target: c.explain.target, json: true });
    expect(code, io.stderr.join('\n')).toBe(0);
    const got = JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
    const e = c.expected;
    const why = `${stem}: worked by hand: ${c.workedByHand}\nengine: ${JSON.stringify(got)}`;
    expect(got.allowed, why).toBe(e.allowed);
    if (!e.allowed) {
      if (e.reasonIncludes) expect(String(got.reason), why).toContain(e.reasonIncludes);
      return;
    }
    if ('kind' in e) {
      expect({ kind: got.kind, range: got.range, ...poolView(got as unknown as Pool) }, why).toEqual({
        kind: e.kind,
        range: e.range,
        ...poolView(e),
      });
      return;
    }
    const a = got as unknown as { arc: string; attacker: Pool; defender: Pool };
    expect({ arc: a.arc, attacker: poolView(a.attacker), defender: poolView(a.defender) }, why).toEqual({
      arc: e.arc,
      attacker: poolView(e.attacker),
      defender: poolView(e.defender),
    });
    // Whether the guns are simply removed is not in the command's JSON; the function behind it says so.
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
    const outcome = explainPool(newGame(scenario, { seed: 0 }), 'assault', c.explain.assault!, c.explain.target, true);
    expect(outcome.ok && outcome.pool.allowed && 'gunsRemoved' in outcome.pool && outcome.pool.gunsRemoved, why).toBe(e.gunsRemoved === true);
  });
});
