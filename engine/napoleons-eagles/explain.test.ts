// explainNe's JSON (docs/cli.md "explain", Napoleon's Eagles): rounding, the fresh-unit assumption, the sample
// scenario. Worked by hand from the Musket Firing Table and notes §11.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { explainScenario } from './explain.js';
import { neScenario, valid } from './test-kit.js';

const ne01 = JSON.parse(readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8')) as Scenario;

describe('explain: fire', () => {
  // A fresh 20-figure line, Fire C, at a column 4" away: +2 dense, −1 medium = +1. Row 20 read at die+1:
  // 1→2 (2), 2→3 (2), 3→4 (2), 4→5 (2), 5→6 (2), 6→7 (4); mean 14/6 = 2.333.
  const sc = () => valid(neScenario([{ id: 'bn', figures: 20, at: [36, 30], facing: 0 }], [{ id: 'col', figures: 20, at: [36, 25], facing: 180, formation: 'column' }]));

  it('prints the musket JSON with every field, range to 2 decimals and expected to 3', () => {
    const a = explainScenario(sc(), { kind: 'fire', unit: 'bn', target: 'col' });
    expect(a).toEqual({
      ok: true,
      explanation: {
        allowed: true,
        kind: 'musket',
        range: 4,
        band: 'medium',
        actions: 1,
        figures: 20,
        rows: [20],
        modifiers: [
          { id: 'dense-target', reason: 'target in column', value: 2 },
          { id: 'medium-range', reason: 'medium range', value: -1 },
        ],
        total: 1,
        casualtiesByRoll: [2, 2, 2, 2, 2, 4],
        expected: 2.333,
      },
    });
  });

  it('two actions read row 40: die+1 gives 2, 4, 4, 4, 4, 4', () => {
    const a = explainScenario(sc(), { kind: 'fire', unit: 'bn', target: 'col', actions: 2 });
    if (!a.ok || !a.explanation.allowed || !('band' in a.explanation)) throw new Error('refused');
    expect(a.explanation.rows).toEqual([40]);
    // Row 40 fills all 14 columns: 2 2 2 2 4 4 4 4 4 6 …. Die+1 for 1–6 is 2, 3, 4, 5, 6, 7: columns 5, 6, 6, 7, 8,
    // 9 → 4, 4, 4, 4, 4, 6.
    expect(a.explanation.casualtiesByRoll).toEqual([4, 4, 4, 4, 4, 6]);
  });

  it('names a missing unit and refuses a reinforcement not yet on the table', () => {
    expect(explainScenario(sc(), { kind: 'fire', unit: 'nobody', target: 'col' })).toEqual({ ok: false, missing: 'nobody' });
    const a = explainScenario(ne01, { kind: 'fire', unit: 'pr-rb11', target: 'fr-1volt' });
    expect(a.ok && !a.explanation.allowed && a.explanation.reason).toMatch(/reinforcement/);
  });

  it('the sample scenario: the Prussian foot battery at a French column 25.5" off, with solid shot over firm ground', () => {
    // pr-fb14 (3 models, facing west at [55, 11]): front edge x = 54.25, y 9.5–12.5. fr-5l-1 is a 20-figure column
    // facing east at [28, 14]: 7 in front (2.625") by 1.5", so x 27.25–28.75, y 12.69–15.31. Nearest points
    // (54.25, 12.5) and (28.75, 12.69): 25.50" — long range for a 6lb (16–32"), B hits on 5+, bounce 6", whole on
    // the sample's firm ground (it runs from x 28.75 to 22.75, short of the plateau's edge at about x 22.5).
    // Howitzers in shell range (16–40"): +2 × 2; a column is dense: (6 + 4) × 2 = 20 a hit.
    const a = explainScenario(ne01, { kind: 'fire', unit: 'pr-fb14', target: 'fr-5l-1' });
    if (!a.ok || !a.explanation.allowed || !('band' in a.explanation)) throw new Error(JSON.stringify(a));
    expect(a.explanation.range).toBe(25.5);
    expect([a.explanation.kind, a.explanation.band, a.explanation.hitOn, a.explanation.dice, a.explanation.bounce]).toEqual(['solid-shot', 'long', 5, 1, 6]);
    expect(a.explanation.victims).toEqual([
      { unit: 'fr-5l-1', hitOn: 5, damagePerHit: 20, dense: true, damageModifiers: [expect.objectContaining({ id: 'howitzers', value: 4 })], expected: 1.111 },
    ]);
    // One die, 1/3 to hit, 20 points: 1 × 1/3 × 20 / 6 = 1.111.
    expect(a.explanation.expected).toBe(1.111);
    // The Young Guard battery behind the Tirailleurs is hidden from it.
    const hidden = explainScenario(ne01, { kind: 'fire', unit: 'pr-fb14', target: 'fr-jg-art' });
    expect(hidden.ok && !hidden.explanation.allowed && hidden.explanation.reason).toMatch(/line of sight/);
  });
});
