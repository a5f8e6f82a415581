// Leader losses and threshold checks played through the real sequence of play, worked by hand from the seed first
// ('Leader Bonus', 'Leader Losses', 'Threshold Checks' and its modifiers, 'Unit Morale Checks', 'Morale Modifiers';
// rules notes §5, §12 "Threshold checks", "Leader loss", §13 "Leader loss", "Threshold", "Game turn").
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import type { Action } from './game.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import { standingModifiers } from './morale.js';
import type { NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

/** A later period's order: red bids 1, blue 0, red takes `role`. */
const period = (role: 'A' | 'D'): Action[] => [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role }];

// Red: lines r1 at (30, 26) and r2 at (42, 26), facing north (front edges y 25.75). Blue: lines b1 at (30, 22) and
// b2 at (42, 22), facing south (rectangles y 21.75–22.25). All 20 figures, 3 ranks, B16C40. The lines of a side
// are 4.5" apart (x 26.25–33.75 and 38.25–45.75): nobody is supported. Blue's division general (morale +1, melee
// +5 by his echelon, notes §5) stands at b1's centre: attached to it.
function scenario(): Scenario {
  const s = neScenario(
    [
      { id: 'r1', at: [30, 26], facing: 0 },
      { id: 'r2', at: [42, 26], facing: 0 },
    ],
    [
      { id: 'b1', at: [30, 22], facing: 180 },
      { id: 'b2', at: [42, 22], facing: 180 },
    ],
  );
  s.sides[1].army.leader.setup = { at: [30, 22] };
  return valid(s);
}

/**
 * Period 1, red A: r1 fires one action at b1, 3.5" (medium −1, row 20): d6 4 → 2 casualties. The general is at risk
 * on a d10 at or under ceil(2 / 2) = 1 ('Leader Losses': 1 or 2 casualties, a 1). r1 and r2 then end; red has no
 * unit left and movement ends. Step 10: b1, marked by the fire, checks.
 */
function shotAt(dice: number[]) {
  const s = begin(scenario(), 'A');
  expect(unit(s, 'b1').attachedLeader).toBe('blue-gen');
  return play(s, [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, { type: 'done', unit: 'r1' }, { type: 'done', unit: 'r2' }, ...endLeaders], dice);
}

describe('leader loss (Leader Losses, Leader Bonus; notes §13)', () => {
  it('d10 2 > 1: the general is kept and b1 checks at 16 − 1 (2 lost) + 1 (leader) = 16; d20 16 passes', () => {
    const { state, events } = shotAt([4, 2, 16]);
    expect(eventsOf(events, 'leader-risk')[0]).toMatchObject({ leader: 'blue-gen', unit: 'b1', casualties: 2, need: 1, roll: 2, lost: false });
    const check = eventsOf(events, 'morale')[0]!;
    expect(check).toMatchObject({ unit: 'b1', need: 16, roll: 16, pass: true });
    expect(check.modifiers).toEqual(['below-strength', 'leader']);
    expect(state.leaders.find((l) => l.id === 'blue-gen')!.status).toBe('table');
  });

  it('d10 1: the general is lost; the staff officer gives no bonus, so the same check needs 15 and d20 16 fails', () => {
    const { state, events } = shotAt([4, 1, 16, 3]);
    expect(eventsOf(events, 'leader-lost')).toHaveLength(1);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ unit: 'b1', need: 15, roll: 16, pass: false, modifiers: ['below-strength'] });
    expect(state.leaders.find((l) => l.id === 'blue-gen')!.status).toBe('lost');
    expect(unit(state, 'b1').status).toBe('retreat');
  });

  // Period 2: blue (A) charges r1 with b1 (18 figures, 3.5" away; a line charges at its column rate, 8"). b2 ends;
  // r1 is held with a stand marker; blue, side A, has no unit left, so movement ends. Step 9 dice: r1 charged, 16 → d20 10 passes;
  // defence none; b1 closes → d20 10; melee b1 6, r1 1; contact min(18 front figures, 20 files of r1's face) = 18:
  // the chart's 9+ column (2, 2, 4, 4, 4, 6, 6). b1 wins: its die 1 reads row 2 → 2 on r1; r1's die 1 reads row 1 →
  // 2 on b1. r1 the loser: 16 − 1 (2 lost) = 15, d20 10 passes, it retreats (reform die 1).
  const charge = (state: NeGameState, dice: number[]) =>
    play(state, [...period('D'), { type: 'charge', unit: 'b1', target: 'r1' }, { type: 'done', unit: 'b2' }, ...endLeaders, { type: 'defend', unit: 'r1', choice: 'none' }], dice);

  it('with the general: b1 charges at 40 + 5 = 45 and closes at 16 − 1 + 1 = 16; the 2 casualties it takes risk him again (d10 5, kept)', () => {
    const { events } = charge(shotAt([4, 2, 16]).state, [10, 10, 6, 1, 1, 1, 5, 10, 1]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [45, 40], winner: 'charger' });
    expect(eventsOf(events, 'morale').find((e) => e.why === 'closing')).toMatchObject({ unit: 'b1', need: 16 });
    expect(eventsOf(events, 'leader-risk')[0]).toMatchObject({ casualties: 2, need: 1, roll: 5, lost: false });
  });

  it('with the staff officer: b1 charges at 40 and closes at 15, and no d10 is rolled for him', () => {
    // Lost on the d10 1, b1 passes its step-10 check (15, d20 10) and stays formed.
    const broken = shotAt([4, 1, 10]).state;
    expect(unit(broken, 'b1').status).toBe('table');
    const { events } = charge(broken, [10, 10, 6, 1, 1, 1, 10, 1]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [40, 40], winner: 'charger' });
    expect(eventsOf(events, 'morale').find((e) => e.why === 'closing')).toMatchObject({ unit: 'b1', need: 15 });
    expect(eventsOf(events, 'leader-risk')).toHaveLength(0);
  });

  it('the staff officer still moves in step 8 and may join another unit, which gains nothing from him', () => {
    let state = shotAt([4, 1, 10]).state;
    state = play(state, [...period('A'), { type: 'done', unit: 'r1' }, { type: 'done', unit: 'r2' }, { type: 'end-leaders' }]).state;
    expect(state.phase).toBe('leaders');
    state = play(state, [{ type: 'leader', leader: 'blue-gen', to: [42, 22], attach: 'b2' }]).state;
    const b2 = unit(state, 'b2');
    expect(b2.attachedLeader).toBe('blue-gen');
    expect(standingModifiers(state.units, state.leaders, b2).map((m) => m.id)).not.toContain('leader');
  });
});

/** A period where nothing happens: red is A, both its lines end at once, both sides end their leader moves. */
const quiet: Action[] = [...period('A'), { type: 'done', unit: 'r1' }, { type: 'done', unit: 'r2' }, ...endLeaders];

describe('the threshold check at the game turn (Threshold Checks; notes §12, §13)', () => {
  /**
   * Turn 1: the general is lost (d10 1) and b1 fails its step-10 check (15, d20 18): it retreats (reform die 5 →
   * recovery 4; it never activates again this turn, so it is still retreating). Periods 2–6 pass quietly. At the
   * start of turn 2 blue has 1 of its 2 units retreating, 50%: the army rolls a d20 at 8 − 3 (the original leader
   * incapacitated) = 5. Red has lost nothing and rolls nothing.
   */
  function turnTwo(thresholdD20: number): { state: NeGameState; events: ReturnType<typeof play>['events'] } {
    let state = shotAt([4, 1, 18, 5]).state;
    expect(unit(state, 'b1').status).toBe('retreat');
    for (let p = 2; p <= 5; p++) state = play(state, quiet).state;
    expect(state.period).toBe(6);
    return play(state, quiet, [thresholdD20]);
  }

  it('d20 6 fails (it would pass at 8 with the general): every blue unit takes −4 on its morale for the game turn', () => {
    const { state, events } = turnTwo(6);
    expect(state.turn).toBe(2);
    const t = eventsOf(events, 'threshold');
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ level: 'army', formation: 'blue', lost: 1, total: 2, roll: 6, need: 5, pass: false });
    expect((t[0]!.modifiers as { id: string; value: number }[]).map((m) => `${m.id} ${m.value}`)).toEqual(['leader-lost -3']);
    expect([...state.threshold].sort()).toEqual(['b1', 'b2']);
    // Turn 2, period 1, red A: r2 fires one action at b2 (3.5", medium, row 20): d6 4 → 2. Step 10: b2 checks at
    // 16 − 1 (2 lost) − 4 (threshold) = 11; d20 12 fails, where 15 would have passed; it retreats (reform die 2).
    const out = play(state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }, { type: 'fire', unit: 'r2', target: 'b2', actions: 1 }, { type: 'done', unit: 'r2' }, { type: 'done', unit: 'r1' }, ...endLeaders], [4, 12, 2]);
    expect(eventsOf(out.events, 'morale')[0]).toMatchObject({ unit: 'b2', need: 11, roll: 12, pass: false, modifiers: ['below-strength', 'threshold'] });
    expect(unit(out.state, 'b2').status).toBe('retreat');
  });

  it('d20 5 passes; the army held, so its one division checks as well: 50% again, d20 5 ≤ 5 passes, and nobody is marked', () => {
    // The division is every blue unit under blue-gen: the same 1 of 2, the same −3 (its own leader was the one lost).
    let state = shotAt([4, 1, 18, 5]).state;
    for (let p = 2; p <= 5; p++) state = play(state, quiet).state;
    const { state: after, events } = play(state, quiet, [5, 5]);
    expect(eventsOf(events, 'threshold').map((e) => [e.level, e.need, e.roll, e.pass])).toEqual([
      ['army', 5, 5, true],
      ['division', 5, 5, true],
    ]);
    expect(after.threshold).toEqual([]);
  });
});

// Blue as a corps of two divisions: d1 (b1 at (30, 22) facing south, b2 at (40, 30)) and d2 (b3 at (56, 22), b4 at
// (56, 30)); red's r1 line at (30, 26) facing north, as above. No unit stands within 4" of a friend.
function twoDivisions(): Scenario {
  const s = neScenario([{ id: 'r1', at: [30, 26], facing: 0 }], [
    { id: 'b1', at: [30, 22], facing: 180 },
    { id: 'b2', at: [40, 30], facing: 180 },
    { id: 'b3', at: [56, 22], facing: 180 },
    { id: 'b4', at: [56, 30], facing: 180 },
  ]);
  const [b1, b2, b3, b4] = s.sides[1].army.units!;
  s.sides[1].army = {
    id: 'blue-corps',
    name: 'blue corps',
    echelon: 'corps',
    leader: { id: 'blue-gen', name: 'blue general' },
    formations: [
      { id: 'blue-d1', name: 'first division', echelon: 'division', leader: { id: 'd1-gen', name: 'd1 general' }, units: [b1!, b2!] },
      { id: 'blue-d2', name: 'second division', echelon: 'division', leader: { id: 'd2-gen', name: 'd2 general' }, units: [b3!, b4!] },
    ],
    units: [],
  };
  return valid(s);
}

describe('a division\'s threshold check (Threshold Checks; notes §12, §13)', () => {
  it('1 of 4 lost leaves the army below 50%, but d1 has lost 1 of 2: it rolls, fails on d20 9 > 8, and only its units are marked', () => {
    // Turn 1, period 1: r1 fires at b1 (3.5", medium, row 20, d6 4 → 2); step 10: b1 checks at 15, d20 18 fails and
    // it retreats 10" north (reform die 5: 4 actions, so it is still retreating when turn 2 begins). Periods 2–6:
    // red's r1 ends at once each time. Turn 2: the army (25%) need not roll; the engine then checks every division
    // (notes §12: an army that passes, or need not roll): d1 at 50% rolls at 8 (no modifier) and fails on 9; d2
    // has lost nothing.
    const quietOne: Action[] = [...period('A'), { type: 'done', unit: 'r1' }, ...endLeaders];
    let state = play(begin(twoDivisions(), 'A'), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, { type: 'done', unit: 'r1' }, ...endLeaders], [4, 18, 5]).state;
    expect(unit(state, 'b1').status).toBe('retreat');
    for (let p = 2; p <= 5; p++) state = play(state, quietOne).state;
    // d1-gen is first asked for his influence on that roll (notes §13 Player choices): he lends none.
    const { state: after, events } = play(state, [...quietOne, { type: 'influence', leader: 'd1-gen', bonus: 0 }], [9]);
    expect(eventsOf(events, 'threshold').map((e) => [e.level, e.formation, e.lost, e.total, e.need, e.roll, e.pass])).toEqual([['division', 'blue-d1', 1, 2, 8, 9, false]]);
    expect([...after.threshold].sort()).toEqual(['b1', 'b2']);
  });
});
