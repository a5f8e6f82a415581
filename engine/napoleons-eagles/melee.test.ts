// Close actions and cavalry charges, worked by hand from the seed's 'Multiple Unit Actions' Example-1, 'Ties',
// 'Enfilade Values', the close-action casualty chart and 'Cavalry Charges Against Infantry or Artillery'.
// Every situation is a real scenario through the validator and explainScenario, as `adc explain` runs it.
import { describe, expect, it } from 'vitest';
import type { NeAssaultExplanation } from '../../domain/engine-protocol.js';
import { fixedDice } from '../dice.js';
import { explainScenario } from './explain.js';
import { assaultSituation, meleeOdds, meleeWinner, resolveCloseAction } from './melee.js';
import { fixedD20, moraleCheck, resolveMorale } from './morale.js';
import { setupGame } from './setup.js';
import { closeActionCasualties } from './tables.js';
import { neScenario, valid, type Spec } from './test-kit.js';

// S1 (blue, MV 40): a 12-figure three-rank column facing south at (36, 20): 4 in front, 1.5" wide and deep.
// P1 (red, MV 40): a 12-figure line facing north at (36, 22), front edge 1" from S1's front: enfilade 24 against
// S1's 8, so +5. P2 (red, MV 40): a 12-figure column facing west at (39, 20), 1.5" off S1's east flank: +10.
const S1: Spec = { id: 's1', figures: 12, rating: 'B16C40', at: [36, 20], facing: 180, formation: 'column' };
const P1: Spec = { id: 'p1', figures: 12, rating: 'B16C40', at: [36, 22], facing: 0 };
const P2: Spec = { id: 'p2', figures: 12, rating: 'B16C40', at: [39, 20], facing: 270, formation: 'column' };
const example = () => valid(neScenario([P1, P2], [S1]));

function assault(attacker: string, target: string, sc = example()): NeAssaultExplanation {
  const a = explainScenario(sc, { kind: 'assault', unit: attacker, target });
  if (!a.ok || !a.explanation.allowed || !('aspect' in a.explanation)) throw new Error(JSON.stringify(a));
  return a.explanation;
}
const ids = (ms: { id: string; value: number }[]) => new Set(ms.map((m) => `${m.id} ${m.value}`));

describe("'Multiple Unit Actions' Example-1: P1 and P2 charge S1", () => {
  it('P1 from the front: 40 + 5 enfilade = 45 against 40', () => {
    const x = assault('p1', 's1');
    expect([x.kind, x.aspect]).toEqual(['close-action', 'front']);
    expect([x.attacker.enfilade, x.defender.enfilade]).toEqual([24, 8]);
    expect(ids(x.attacker.modifiers)).toEqual(new Set(['enfilade 5']));
    expect([x.attacker.value, x.defender.value]).toEqual([45, 40]);
  });

  it('P2 on the flank: 40 + 10 = 50, the flank bonus in place of enfilade', () => {
    const x = assault('p2', 's1');
    expect(x.aspect).toBe('flank');
    expect(ids(x.attacker.modifiers)).toEqual(new Set(['flank 10']));
    expect([x.attacker.value, x.defender.value, x.defender.enfilade]).toEqual([50, 40, 0]);
  });

  it('rolls 4, 2 and 3: P1 180 beats S1 120; P2 100 loses to it', () => {
    expect(meleeWinner(4 * 45, 3 * 40, 40, 40)).toBe('attacker');
    expect(meleeWinner(2 * 50, 3 * 40, 40, 40)).toBe('defender');
    const p1 = assaultSituation((() => {
      const g = setupGame(example());
      const f = (id: string) => g.units.find((u) => u.id === id)!;
      return { table: g.table, units: g.units, leaders: g.leaders, attacker: f('p1'), defender: f('s1') };
    })());
    if (!p1.allowed || p1.kind !== 'close-action') throw new Error('refused');
    // Melee dice 4 (P1) and 3 (S1); casualty dice 5 (by P1, winner: row 6 at 4 figures → 4) and 2 (by S1, loser:
    // row 2 → 0).
    const out = resolveCloseAction(p1, fixedDice([4, 3, 5, 2]));
    expect([out.attackerTotal, out.defenderTotal, out.winner, out.defenderLoses, out.attackerLoses]).toEqual([180, 120, 'attacker', 4, 0]);
  });

  it('odds over the 36 pairs: 45 against 40 wins 21, loses 15; 50 against 40 wins 22, ties once (again), loses 13', () => {
    // 45x > 40y: x=1 → y≤1, x=2 → y≤2, … x=6 → y≤6: 1+2+3+4+5+6 = 21; 45x = 40y never for dice.
    expect(assault('p1', 's1').odds).toEqual({ attacker: 0.583, defender: 0.417, again: 0 });
    // 50x > 40y: 1, 2, 3, 4 (and x=4, y=5 equal: bases 40 = 40, fought again), 6, 6 = 22.
    expect(assault('p2', 's1').odds).toEqual({ attacker: 0.611, defender: 0.361, again: 0.028 });
    expect(meleeOdds(40, 40, 50, 40)).toEqual({ attacker: 21 / 36, defender: 15 / 36, again: 0 });
  });

  it('casualties: 4 figures in contact read the 3–4 column; +1 winner, +1 for the flank charger', () => {
    const front = assault('p1', 's1');
    expect(front.contactFigures).toBe(4); // P1's 12 in front, but S1's face is 1.5" = 4 three-rank figures
    expect(front.casualties).toEqual({
      attackerInflicts: { ifWins: [0, 0, 2, 2, 4, 4], ifLoses: [0, 0, 0, 2, 2, 4] },
      defenderInflicts: { ifWins: [0, 0, 2, 2, 4, 4], ifLoses: [0, 0, 0, 2, 2, 4] },
    });
    const flank = assault('p2', 's1');
    expect(flank.casualties).toMatchObject({ attackerInflicts: { ifWins: [0, 2, 2, 4, 4, 4], ifLoses: [0, 0, 2, 2, 4, 4] } });
  });

  it('morale: the defender checks on 16 (12 when flanked); the charger to close gets +1 support, +1 on a flank', () => {
    const front = assault('p1', 's1');
    expect([front.defender.morale.need, front.defender.morale.pass]).toEqual([16, 0.8]);
    expect([front.attacker.morale.need, front.attacker.morale.pass]).toEqual([17, 0.85]);
    const flank = assault('p2', 's1');
    expect(ids(flank.defender.morale.modifiers)).toEqual(new Set(['flank-charged -4']));
    expect([flank.defender.morale.need, flank.defender.morale.pass]).toEqual([12, 0.6]);
    expect(ids(flank.attacker.morale.modifiers)).toEqual(new Set(['supported 1', 'charging-flank 1']));
    const check = moraleCheck({ morale: 16 } as never, []);
    expect(resolveMorale(check, fixedD20([16])).passed).toBe(true);
    expect(resolveMorale(check, fixedD20([17])).passed).toBe(false);
  });
});

describe('the close-action casualty chart', () => {
  it('reads the die plus modifiers, capped at row 7', () => {
    expect(closeActionCasualties(1, 9)).toBe(2);
    expect(closeActionCasualties(7, 6)).toBe(6);
    expect(closeActionCasualties(9, 2)).toBe(2);
    expect(closeActionCasualties(4, 3)).toBe(2);
    expect(closeActionCasualties(6, 0)).toBe(0);
  });
});

describe("cavalry charges ('Cavalry Charges Against Infantry or Artillery')", () => {
  // Heavy cavalry, 12 figures in line (9" wide) facing north at (36, 26), front edge 25.5.
  const cav: Spec = { id: 'cav', arm: 'cavalry', type: 'heavy', rating: 'B16C50', figures: 12, at: [36, 26], facing: 0 };

  it('a 12-figure line struck in front holds: 6 cavalry in contact need 9 infantry figures of front; it has 12', () => {
    // The line is 4.5" wide: 6 cavalry figures (0.75") fit against it; 1.5 × 6 = 9 ≤ 12.
    const x = assault('cav', 'inf', valid(neScenario([cav], [{ id: 'inf', figures: 12, at: [36, 20], facing: 180 }])));
    expect([x.kind, x.rideDown, x.contactFigures]).toEqual(['cavalry-charge', false, 6]);
    expect(x.odds).toEqual({ attacker: 0, defender: 1, again: 0 });
    // Charged in line by heavy cavalry: −3 and −1.
    expect(ids(x.defender.morale.modifiers)).toEqual(new Set(['line-or-column-charged-by-cavalry -3', 'heavy-cavalry-charge -1']));
  });

  it('a column is ridden down: 1 casualty per 2 cavalry figures, and the cavalry loses 1 against 6 or more', () => {
    const x = assault('cav', 'inf', valid(neScenario([cav], [{ id: 'inf', figures: 12, at: [36, 20], facing: 180, formation: 'column' }])));
    expect([x.rideDown, x.odds.attacker]).toEqual([true, 1]);
    expect(x.casualties).toEqual({ rideDown: 6, cavalryLoses: 1 });
  });

  it('a square never is; its morale gets +3', () => {
    const x = assault('cav', 'inf', valid(neScenario([cav], [{ id: 'inf', figures: 12, at: [36, 20], facing: 180, formation: 'square' }])));
    expect(x.rideDown).toBe(false);
    expect(ids(x.defender.morale.modifiers)).toEqual(new Set(['square-vs-cavalry 3', 'heavy-cavalry-charge -1']));
  });
});

describe('assaults refused', () => {
  const refused = (attacker: string, target: string, red: Spec[], blue: Spec[]) => {
    const a = explainScenario(valid(neScenario(red, blue)), { kind: 'assault', unit: attacker, target });
    return a.ok && !a.explanation.allowed ? a.explanation.reason : 'allowed';
  };
  it('infantry against cavalry, a battery, too far, skirmishers', () => {
    const cav: Spec = { id: 'cav', arm: 'cavalry', figures: 12, at: [36, 20], facing: 180 };
    expect(refused('inf', 'cav', [{ id: 'inf', at: [36, 24], facing: 0 }], [cav])).toMatch(/infantry cannot charge cavalry/);
    expect(refused('bat', 'cav', [{ id: 'bat', arm: 'artillery', at: [36, 24], facing: 0 }], [cav])).toMatch(/battery/);
    expect(refused('inf', 'far', [{ id: 'inf', at: [36, 40], facing: 0 }], [{ id: 'far', at: [36, 20], facing: 180 }])).toMatch(/too far/);
    expect(refused('sk', 'b', [{ id: 'sk', type: 'light', figures: 8, at: [36, 24], facing: 0, formation: 'skirmish' }], [{ id: 'b', at: [36, 20], facing: 180 }])).toMatch(/skirmishers/);
  });
});
