// 'Multiple Unit Actions' Example-1 (rules notes §15): two units charge one; each charger rolls its own die, the
// defender one die for both fights, and casualties are rolled fight by fight. Worked by hand before the code ran.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import { resolveCloseActions } from './close-actions.js';
import { fixedNeDice } from './dice.js';
import { startGame } from './game.js';
import { unitById, type CloseAction, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

// The Example's figures rebuilt on the table (all MV 40, B16C40). b1: 12 figures of 3-rank infantry in line facing
// south at (30, 20): 4.5" × 0.5", enfilade 12 × 2 = 24. r1: a 12-figure 3-rank column (1.5" wide, 4 in front:
// enfilade 8) touching b1's front. r2: a 20-figure 2-rank line facing west touching b1's east flank (enfilade 60).
// Together 8 + 60 = 68 ≥ 2 × 24, so r1 takes +5 (45, the Example's P1); r2 takes +10 for the flank (50, P2); b1 40.
function twoChargers(): NeGameState {
  const s = startGame(
    valid(
      neScenario(
        [
          { id: 'r1', figures: 12, at: [30, 21], facing: 0, formation: 'column' },
          { id: 'r2', figures: 20, ranks: 2, at: [32.5, 20], facing: 270, formation: 'line' },
        ],
        [{ id: 'b1', figures: 12, at: [30, 20], facing: 180, formation: 'line' }],
      ),
    ),
    1,
  ).state;
  // b1 has already stood its one check (step 2) and spent its defence: both charges wait at step 5.
  const ca = (charger: string, aspect: CloseAction['aspect']): CloseAction => ({ charger, target: 'b1', aspect, contact: 'full', distance: 4, usedBefore: 1, stage: 'defended', fireHits: 0 });
  s.closeActions = [ca('r1', 'front'), ca('r2', 'flank')];
  return s;
}

const melees = (events: GameEvent[]) => events.filter((e) => e.type === 'melee');

describe('Multiple Unit Actions: one defender die against every charger', () => {
  it('the Example: r1 4 × 45 = 180 beats b1 3 × 40 = 120, which beats r2 2 × 50 = 100 with the same die', () => {
    const s = twoChargers();
    const events: GameEvent[] = [];
    // d20 1, 1: r1 then r2 close (step 5). d6 4, 2: the chargers' dice; d6 3: b1's one die.
    // Casualties, fight by fight ('Close action casualty chart'; the column is the charger's figures in contact):
    //   r1 (4 in front, b1's 4.5" front holds 12) → column 3-4. r1's die 4 + 1 winner = 5 → 2 on b1; b1's die 4 → 2 on r1.
    //   r2 on the 0.5" flank: ⌈0.5 / 0.5⌉ = 1 figure → column 1-2. r2's die 3 + 1 flank = 4 → 0 on b1; b1's 6 + 1
    //   winner = 7 → 2 on r2.
    // Step 8: b1 lost (to r1) and checks once: d20 1 passes, it retreats (reform d6 1); r2 lost and checks (+2):
    // d20 1 passes, it retreats (reform d6 1).
    const dice = fixedNeDice([1, 1, 4, 2, 3, 4, 4, 3, 6, 1, 1, 1, 1]);
    expect(resolveCloseActions(s, dice, events)).toBeNull();
    expect(dice.remaining()).toBe(0);
    expect(melees(events)).toEqual([
      expect.objectContaining({ charger: 'r1', values: [45, 40], rolls: [4, 3], totals: [180, 120], winner: 'charger' }),
      expect.objectContaining({ charger: 'r2', values: [50, 40], rolls: [2, 3], totals: [100, 120], winner: 'defender' }),
    ]);
    const [r1, r2, b1] = ['r1', 'r2', 'b1'].map((id) => unitById(s, id)!);
    expect([r1!.figures, r2!.figures, b1!.figures]).toEqual([10, 18, 10]);
    expect([r1!.status, r2!.status, b1!.status]).toEqual(['table', 'retreat', 'retreat']);
    // One close action for b1 however many charged it: +1 fatigue each, once.
    expect([r1!.fatigue, r2!.fatigue, b1!.fatigue]).toEqual([1, 1, 1]);
  });

  it('beaten by both, the defender checks once: r1 4 × 45 = 180 and r2 3 × 50 = 150 against b1 2 × 40 = 80', () => {
    const s = twoChargers();
    const events: GameEvent[] = [];
    // Closing d20 1, 1; dice 4, 3 and b1's 2. Casualties: r1's 1 + 1 = 2 → 0 (column 3-4), b1's 1 → 0;
    // r2's 1 + 1 winner + 1 flank = 3 → 0 (column 1-2), b1's 1 → 0. One check for b1: d20 1, retreat, reform d6 1.
    const dice = fixedNeDice([1, 1, 4, 3, 2, 1, 1, 1, 1, 1, 1]);
    resolveCloseActions(s, dice, events);
    expect(dice.remaining()).toBe(0);
    expect(melees(events).map((e) => (e as { winner: string }).winner)).toEqual(['charger', 'charger']);
    expect(unitById(s, 'b1')!.status).toBe('retreat');
    expect(events.filter((e) => e.type === 'retreat' && (e as { unit?: string }).unit === 'b1')).toHaveLength(1);
  });
});
