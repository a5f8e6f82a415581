// Reinforcements at the start of a game turn. The file format (docs/file-format.md, "reinforcements"): a group
// arrives on a fixed `turn`, or by `roll` — from turn `from`, on a d6 of `need` or more. Rules notes §13 ("Game
// turn"): one d6 per group at the start of each game turn until it succeeds; a due unit whose entry has no room
// waits and tries again next turn, and a group whose roll succeeded is not rolled for again.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import { fixedNeDice } from './dice.js';
import { startGame } from './game.js';
import { bringOnReinforcements } from './reinforcements.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

// Red's 40-figure lines facing north are 15" wide and 0.5" deep: two of them, centred at x 7.5 and 22.5 on y 24,
// cover x 0–30 there, so a unit entering at [0, 24] facing east (20 figures, 3 ranks: 7.5" wide, 0.5" deep) finds
// no clear spot within the 24" it may step inward.
function game(): NeGameState {
  const scenario = neScenario(
    [
      { id: 'wall-1', at: [7.5, 24], facing: 0, figures: 40 },
      { id: 'wall-2', at: [22.5, 24], facing: 0, figures: 40 },
      { id: 'a1', at: [0, 0], facing: 90 },
      { id: 'b1', at: [0, 0], facing: 90 },
      { id: 'c1', at: [0, 0], facing: 90 },
    ],
    [{ id: 'x1', at: [60, 24], facing: 270 }],
  );
  const red = scenario.sides[0];
  for (const u of red.army.units ?? []) if (['a1', 'b1', 'c1'].includes(u.id)) delete u.setup;
  red.reinforcements = [
    { units: ['a1'], roll: { from: 2, need: 5 }, entry: { at: [0, 10] } },
    { units: ['b1'], roll: { from: 2, need: 4 }, entry: { at: [0, 24] } },
    { units: ['c1'], turn: 2, entry: { at: [0, 24] } },
  ];
  return startGame(valid(scenario), 1).state;
}

const status = (s: NeGameState, id: string) => unitById(s, id)!.status;

describe('reinforcements (file format "reinforcements"; rules notes §13)', () => {
  it('rolls one d6 per group from its first turn until it succeeds, and a group with no room waits for the next turn', () => {
    const s = game();
    expect(['a1', 'b1', 'c1'].map((id) => status(s, id))).toEqual(['reserve', 'reserve', 'reserve']);

    // Turn 1 (already begun by startGame): before `from`, nothing was rolled and nothing came.
    const events: GameEvent[] = [];
    // Turn 2: a1 rolls 4 (needs 5): stays off. b1 rolls 6 (needs 4): called, but its entry is blocked, so it waits.
    // c1 is due on turn 2 by the clock, also blocked: it waits rather than being dropped.
    s.turn = 2;
    const d2 = fixedNeDice([4, 6]);
    bringOnReinforcements(s, d2, events);
    expect(d2.remaining()).toBe(0);
    expect(events.filter((e) => e.type === 'reinforcement-roll')).toEqual([
      { type: 'reinforcement-roll', side: 'red', units: ['a1'], roll: 4, need: 5, arrives: false },
      { type: 'reinforcement-roll', side: 'red', units: ['b1'], roll: 6, need: 4, arrives: true },
    ]);
    expect(['a1', 'b1', 'c1'].map((id) => status(s, id))).toEqual(['reserve', 'reserve', 'reserve']);
    expect(s.called).toEqual([1]);

    // Turn 3: a1 rolls 5 (needs 5) and comes on at [0, 10], stepped 1" inward (its 0.5" depth would leave the table
    // at x 0). b1 is not rolled for again (only one die is given): still blocked, like c1.
    s.turn = 3;
    bringOnReinforcements(s, fixedNeDice([5]), events);
    expect(status(s, 'a1')).toBe('table');
    expect([unitById(s, 'a1')!.x, unitById(s, 'a1')!.y]).toEqual([1, 10]);
    expect([status(s, 'b1'), status(s, 'c1')]).toEqual(['reserve', 'reserve']);

    // Turn 4: the blocking lines have gone. No die is rolled (fixedNeDice([]) would throw): b1 steps 1" in to x 1;
    // c1 finds x 0 off the table and x 1 on b1 (0.75–1.25 against 0.75–1.25), and stands clear at x 2.
    unitById(s, 'wall-1')!.status = 'routed';
    unitById(s, 'wall-2')!.status = 'routed';
    s.turn = 4;
    bringOnReinforcements(s, fixedNeDice([]), events);
    expect([status(s, 'b1'), status(s, 'c1')]).toEqual(['table', 'table']);
    expect(unitById(s, 'b1')!.x).toBe(1);
    expect(unitById(s, 'c1')!.x).toBe(2);
  });

});
