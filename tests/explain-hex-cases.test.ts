// `adc explain` against situations worked out by hand from the Hex Skirmish rules text (seed 002).
//
//   tests/fixtures/explain-hex/NN-name.scenario.json   a small, valid hex-skirmish scenario set up for one shot or melee
//   tests/fixtures/explain-hex/NN-name.expect.json     {"rule", "workedByHand", "explain", "expected"}
//
// `explain` is {"fire": gun, "target": unit} or {"assault": unit, "target": unit, "with"?: [more attackers]}.
// `rule` cites the part of the rules the case checks (the seed's cannon fire list or melee tables, and the section
// of docs/rules/hex-skirmish.md §7 that settles what the seed leaves open); `workedByHand` shows the arithmetic.
// `expected` was derived from the rules before any engine existed, so the cases are an independent check:
//   - allowed cannon fire: range, indirect, the modifiers (compared as a set of "value reason"), total, the
//     casualties for each d6 roll, their mean, the chance of at least one casualty, and the friend fired over;
//   - allowed melee: both sides' units, men, officer and strength (defender: terrain and multiplier too), the ratio
//     row, the larger side, the row's six results, the odds of each outcome and the men killed;
//   - refused: {"allowed": false, "reasonIncludes": word} — the engine's reason must contain the word.
// The boards are 12 × 8 flat-top hexes ("odd-q"); fire lines run down one column so the hexes between are certain.
// Each case runs the real command (runExplain, as `adc explain … --json` does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExplain } from '../cli/explain.js';
import { capture, caseStems, expectPairedCases } from './fixture-cases.js';

const DIR = fileURLToPath(new URL('./fixtures/explain-hex/', import.meta.url));

interface Modifier {
  reason: string;
  value: number;
}
interface CannonFire {
  allowed: true;
  kind: 'cannon';
  range: number;
  indirect: boolean;
  modifiers: Modifier[];
  total: number;
  casualtiesByRoll: number[];
  expected: number;
  chance: number;
  overFriends: string | null;
}
interface MeleeSide {
  units: string[];
  men: number;
  officer: boolean;
  strength: number;
}
interface Melee {
  allowed: true;
  kind: 'melee';
  attacker: MeleeSide;
  defender: MeleeSide & { terrain: 'clear' | 'covered' | 'fortified'; multiplier: number };
  ratio: '4:1' | '3:1' | '2:1' | '3:2' | '1:1';
  larger: 'attacker' | 'defender' | 'even';
  results: string[];
  odds: { attacker: number; defender: number; stalemate: number };
  killed: number;
}
type Expected = { allowed: false; reasonIncludes: string } | CannonFire | Melee;

interface Case {
  rule: string;
  workedByHand: string;
  explain: { fire?: string; assault?: string; target: string; with?: string[] };
  expected: Expected;
}

const stems = caseStems(DIR);

/** Modifiers compared as a set: the order they are listed in carries no meaning. */
const modifierSet = (ms: Modifier[]): string[] => ms.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.reason}`).sort();

const fireView = (f: CannonFire) => ({
  allowed: f.allowed,
  kind: f.kind,
  range: f.range,
  indirect: f.indirect,
  modifiers: modifierSet(f.modifiers ?? []),
  total: f.total,
  casualtiesByRoll: f.casualtiesByRoll,
  expected: f.expected,
  chance: f.chance,
  overFriends: f.overFriends,
});

const meleeView = (m: Melee) => ({
  allowed: m.allowed,
  kind: m.kind,
  attacker: m.attacker,
  defender: m.defender,
  ratio: m.ratio,
  larger: m.larger,
  results: m.results,
  odds: m.odds,
  killed: m.killed,
});

describe('tests/fixtures/explain-hex', () => {
  const cases = stems.map((stem) => {
    const c = JSON.parse(readFileSync(join(DIR, `${stem}.expect.json`), 'utf8')) as Case;
    return { stem, c, name: `${stem} (${c.rule})` };
  });

  it('holds at least 40 cases, each scenario paired with its expectation', () => {
    expectPairedCases(DIR, 40);
  });

  it('each case cites its rule and shows its working', () => {
    for (const { stem, c } of cases) {
      expect(typeof c.rule === 'string' && c.rule.trim().length > 3, `${stem}: "rule" cites the rule checked`).toBe(true);
      expect(typeof c.workedByHand === 'string' && c.workedByHand.trim().length > 0, `${stem}: "workedByHand" is filled in`).toBe(true);
      expect((c.explain.fire === undefined) !== (c.explain.assault === undefined), `${stem}: one of fire or assault`).toBe(true);
      expect(c.explain.with === undefined || c.explain.assault !== undefined, `${stem}: "with" only for an assault`).toBe(true);
      const scenario = JSON.parse(readFileSync(join(DIR, `${stem}.scenario.json`), 'utf8')) as { ruleSystem: string };
      expect(scenario.ruleSystem, stem).toBe('hex-skirmish');
    }
  });

  it.each(cases)('$name', async ({ stem, c }) => {
    const file = join(DIR, `${stem}.scenario.json`);
    const io = capture();
    const code = await runExplain(io, {
      file,
      fire: c.explain.fire,
      assault: c.explain.assault,
      target: c.explain.target,
      with: c.explain.with,
      json: true,
    });
    expect(code, io.stderr.join('\n')).toBe(0);
    const got = JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
    const e = c.expected;
    const why = `${stem}: worked by hand: ${c.workedByHand}\nengine: ${JSON.stringify(got)}`;
    expect(got.allowed, why).toBe(e.allowed);
    if (!e.allowed) {
      expect(String(got.reason), why).toContain(e.reasonIncludes);
      return;
    }
    if (e.kind === 'cannon') {
      expect(fireView(got as unknown as CannonFire), why).toEqual(fireView(e));
      return;
    }
    expect(meleeView(got as unknown as Melee), why).toEqual(meleeView(e));
  });
});
