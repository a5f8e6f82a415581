// 'Enfilade Values' example (iv) and 'Multiple Unit Actions' Example-1 (rules notes §15): several chargers on one
// defender add their enfilade. Worked by hand before the code ran.
import { describe, expect, it } from 'vitest';
import { combinedEnfilade } from './combined-enfilade.js';
import { startGame } from './game.js';
import { assaultSituation, type CloseAction as MeleeSituation } from './melee.js';
import { unitById, type CloseAction, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

// b1: 12 figures of 3-rank infantry in line facing south at (30, 20): 4.5" wide (x 27.75–32.25), front edge y 20.25,
// enfilade 12 × 2 = 24. r1: a 12-figure 3-rank column (1.5" × 1.5", 4 in front: enfilade 8) touching b1's front.
// r2: a 20-figure 2-rank line (10" × 0.5": enfilade 60) facing west, touching b1's east flank. All MV 40.
function fight(withR2: boolean): NeGameState {
  const red = [{ id: 'r1', figures: 12, at: [30, 21] as [number, number], facing: 0, formation: 'column' as const }];
  if (withR2) red.push({ id: 'r2', figures: 20, ranks: 2, at: [32.5, 20], facing: 270, formation: 'line' } as never);
  const s = startGame(valid(neScenario(red, [{ id: 'b1', figures: 12, at: [30, 20], facing: 180, formation: 'line' }])), 1).state;
  const ca = (charger: string, aspect: CloseAction['aspect']): CloseAction => ({ charger, target: 'b1', aspect, contact: 'full', distance: 4, usedBefore: 1, stage: 'defended', fireHits: 0 });
  s.closeActions = withR2 ? [ca('r1', 'front'), ca('r2', 'flank')] : [ca('r1', 'front')];
  return s;
}

const priced = (s: NeGameState, charger: string): MeleeSituation => {
  const sit = assaultSituation({ table: s.table, units: s.units, leaders: s.leaders, attacker: unitById(s, charger)!, defender: unitById(s, 'b1')!, resolving: true });
  if (!sit.allowed || sit.kind !== 'close-action') throw new Error('expected a close action');
  return combinedEnfilade(s, sit);
};

describe('Enfilade Values: chargers together', () => {
  it('r1 alone (8 against 24): the line takes +5 (45 against 40), as notes §11', () => {
    const sit = priced(fight(false), 'r1');
    expect([sit.attacker.value, sit.defender.value]).toEqual([40, 45]);
  });

  it('r1 on the front with r2 on the flank: 8 + 60 = 68 ≥ 2 × 24, so r1 takes +5 (45 against 40)', () => {
    const sit = priced(fight(true), 'r1');
    expect(sit.aspect).toBe('front');
    expect([sit.attacker.enfilade, sit.defender.enfilade]).toEqual([68, 24]);
    expect(sit.attacker.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['enfilade 5']);
    expect(sit.defender.modifiers.map((m) => m.id)).not.toContain('enfilade');
    expect([sit.attacker.value, sit.defender.value]).toEqual([45, 40]);
    // Odds over the 36 pairs: 45x > 40y … recomputed with the new values.
    let win = 0;
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (45 * x > 40 * y) win++;
    expect(sit.odds.attacker).toBeCloseTo(win / 36, 6);
  });

  it('r2 on the flank keeps +10 for the flank and takes no enfilade besides (50 against 40)', () => {
    const sit = priced(fight(true), 'r2');
    expect(sit.aspect).toBe('flank');
    expect(sit.attacker.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['flank 10']);
    expect([sit.attacker.value, sit.defender.value]).toEqual([50, 40]);
  });
});
