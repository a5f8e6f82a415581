// 'Ties' (rules notes §15): equal totals with equal base melee values are fought again next period. Worked by hand
// from the seed before the code ran.
import { describe, expect, it } from 'vitest';
import { applyAction, startGame, type Action } from './game.js';
import { fixedNeDice } from './dice.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

function run(s: NeGameState, actions: Action[], dice?: number[]): NeGameState {
  let state = s;
  const fixed = dice ? fixedNeDice(dice) : undefined;
  for (const a of actions) state = applyAction(state, a, fixed ? () => fixed : undefined).state;
  if (fixed) expect(fixed.remaining()).toBe(0);
  return state;
}

// Two 20-figure 3-rank lines, B16C40, 5.5" apart front edge to front edge (r1's front at y 25.75, b1's at 20.25).
const lines = () =>
  valid(neScenario([{ id: 'r1', at: [30, 26], facing: 0, formation: 'line' }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'line' }]));

describe('Ties: fought again next period', () => {
  it('a tie on equal bases holds both units and rolls the melee again in the next step 9, with no new checks', () => {
    let s = run(startGame(lines(), 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
    s = run(s, [{ type: 'charge', unit: 'r1', target: 'b1' }]);
    // b1 was charged before it moved: held, with a stand marker. Blue has nothing to move, red nothing more: leaders.
    expect(s.phase).toBe('leaders');
    // Step 9. b1 checks (d20 10 ≤ 16), defends with nothing; r1 closes (d20 10 ≤ 16). Both lines: enfilade 20 × 2 =
    // 40 each, no bonus; MV 40 v 40; dice 3 v 3: 120 = 120 on equal bases ('Ties'): fought again.
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [10]);
    s = run(s, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 3, 3]);
    expect(s.period).toBe(2);
    expect(s.closeActions).toEqual([expect.objectContaining({ charger: 'r1', target: 'b1', stage: 'defended', again: true })]);
    expect(s.flow.r1).toMatchObject({ locked: true, ended: true });
    expect(s.flow.b1).toMatchObject({ locked: true, ended: true });
    // No casualties and no fatigue yet: the fight is not complete ('Fatigue Levels').
    expect([unitById(s, 'r1')!.figures, unitById(s, 'b1')!.figures, unitById(s, 'r1')!.fatigue, unitById(s, 'b1')!.fatigue]).toEqual([20, 20, 0, 0]);
    // Period 2: neither may act; nobody fires into the fight.
    s = run(s, [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }]);
    expect(() => applyAction(s, { type: 'fire', unit: 'r1', target: 'b1', actions: 1 })).toThrow();
    expect(s.phase).toBe('leaders');
    // Step 9 again, straight to the melee roll: 5 v 2, 200 v 80, r1 wins. Casualty dice 3 (r1's) and 3 (b1's): 20
    // figures in contact read the 9+ column; winner 3 + 1 = 4 → 4 on b1, loser 3 → 4 on r1. b1 checks as loser:
    // 16 − 2 (4 figures lost) = 14, d20 1 passes: it retreats 10" (reform die 1: 1 action + 1 = 2 to recover).
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [5, 2, 3, 3, 1, 1]);
    const r1 = unitById(s, 'r1')!;
    const b1 = unitById(s, 'b1')!;
    expect([r1.figures, b1.figures]).toEqual([16, 16]);
    expect(b1.status).toBe('retreat');
    expect(b1.retreatActions).toBe(2);
    expect([r1.fatigue, b1.fatigue]).toEqual([1, 1]);
    expect(s.carried).toBeUndefined();
  });
});
