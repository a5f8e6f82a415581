import { describe, expect, it } from 'vitest';
import type { Scenario, VictoryCondition } from './model.js';
import { gameEndWords, victorySentence, victorySentences } from './victory-words.js';

function scenario(extra: Partial<Scenario> = {}): Scenario {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 't',
    title: 'Test',
    ruleSystem: 'square-eagles',
    table: { width: 36, height: 36 },
    grid: { kind: 'square', cell: 6 },
    terrain: [{ id: 'br-moosdorf', kind: 'bridge', name: 'Moosdorf bridge', at: [18, 18], river: 'r' }],
    sides: [
      { id: 'red', name: 'French', army: { id: 'ra', name: 'a', echelon: 'corps', units: [] } },
      { id: 'blue', name: 'Austrians', army: { id: 'ba', name: 'b', echelon: 'corps', units: [] } },
    ],
    objectives: [
      { id: 'obj-bridge', feature: 'br-moosdorf', vp: 50 },
      { id: 'obj-village', name: 'Moosdorf', cell: 'C3' },
      { id: 'obj-mill', name: 'The mill', at: [3, 3], radius: 2 },
    ],
    turns: { limit: 15, first: 'red' },
    ...extra,
  };
}

const say = (c: VictoryCondition, extra: Partial<Scenario> = {}) => victorySentence(scenario(extra), c);

describe('victory conditions in words', () => {
  it('says a hold condition with the side and objective names and the turn limit', () => {
    // The first objective has no name of its own: it takes its feature's.
    expect(say({ kind: 'hold', side: 'blue', objectives: ['obj-bridge'] })).toBe('Austrians win if they hold Moosdorf bridge at the end of turn 15.');
    expect(say({ kind: 'hold', side: 'red', objectives: ['obj-bridge', 'obj-village'] })).toBe(
      'French win if they hold both Moosdorf bridge and Moosdorf at the end of turn 15.',
    );
    expect(say({ kind: 'hold', side: 'red', objectives: ['obj-bridge', 'obj-village', 'obj-mill'] })).toBe(
      'French win if they hold all of Moosdorf bridge, Moosdorf and The mill at the end of turn 15.',
    );
    expect(say({ kind: 'hold', side: 'red', objectives: [] })).toBe('French win if they hold the objectives (none chosen yet) at the end of turn 15.');
  });

  it('says an exit condition with its count and edge', () => {
    expect(say({ kind: 'exit', side: 'red', count: 2, edge: 'west' })).toBe('French win if they move 2 units off the west edge by the end of turn 15.');
    expect(say({ kind: 'exit', side: 'blue', count: 1, edge: 'south' })).toBe('Austrians win if they move 1 unit off the south edge by the end of turn 15.');
  });

  it('says a destroy condition for one side, naming the enemy, and for either side', () => {
    expect(say({ kind: 'destroy', side: 'blue', percent: 67 })).toBe("Austrians win if they destroy at least 67% of the enemy's units (French) by the end of turn 15.");
    expect(say({ kind: 'destroy', side: 'any', percent: 50 })).toBe("Either side wins if it destroys at least 50% of the other side's units by the end of turn 15.");
  });

  it('says a points condition for either side and for one side', () => {
    expect(say({ kind: 'points' })).toBe('The side with more victory points at the end of turn 15 wins.');
    expect(say({ kind: 'points', side: 'any' })).toBe('The side with more victory points at the end of turn 15 wins.');
    expect(say({ kind: 'points', side: 'red' })).toBe('French win if they have more victory points than the enemy (Austrians) at the end of turn 15.');
  });

  it('says "the end of the game" without a turn limit, and what a draft leaves unset', () => {
    const { turns: _t, ...untimed } = scenario();
    expect(gameEndWords(untimed as Scenario)).toBe('the end of the game');
    expect(victorySentence(untimed as Scenario, { kind: 'points' })).toBe('The side with more victory points at the end of the game wins.');
    const draft = (c: object) => victorySentence(scenario(), c as VictoryCondition);
    expect(draft({ kind: 'hold', objectives: ['obj-village'] })).toBe('The side not yet chosen wins if it holds Moosdorf at the end of turn 15.');
    expect(draft({ kind: 'exit', side: 'red' })).toBe('French win if they move units (how many not set) off an edge not yet chosen by the end of turn 15.');
    expect(draft({ kind: 'destroy', side: 'red' })).toBe("French win if they destroy a share (not set) of the enemy's units (Austrians) by the end of turn 15.");
    expect(draft({ kind: 'hold', side: 'red', objectives: ['gone'] })).toBe('French win if they hold gone at the end of turn 15.');
    expect(draft({ kind: 'siege' })).toBe('A condition of unknown kind "siege".');
  });

  it('lists the conditions in the order they are checked, leaving out what is no condition', () => {
    const s = scenario({ victory: [{ kind: 'exit', side: 'red', count: 3, edge: 'east' }, null as unknown as VictoryCondition, { kind: 'points' }] });
    expect(victorySentences(s)).toEqual([
      'French win if they move 3 units off the east edge by the end of turn 15.',
      'The side with more victory points at the end of turn 15 wins.',
    ]);
  });
});
