// Horse and foot charging one defender in the same period ('Multiple Unit Actions'; 'Resolving Close Actions' 2;
// 'Cavalry Charges' 2, 6–8; rules notes §13 "Horse and foot on one defender"). Worked by hand before the code ran.
//
// Blue's line s1 (20 figures, 3 ranks, B16C40) at (36, 24) facing north: x 32.25–39.75, y 23.75–24.25. Red's line p1
// (12 figures, 4.5" wide) at (36, 19) facing south, 4.5" off s1's front; red's medium cavalry c1 (8 figures in line:
// 6" wide, 1" deep) at (26, 24) facing east, 5.75" off s1's west flank (within its 13"). Both charge s1, p1 first.
// c1 starts wholly outside s1's front arc, so it rides s1 down whatever s1's frontage (notes §15).
import { describe, expect, it } from 'vitest';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import type { Action } from './game.js';
import { neScenario, valid } from './test-kit.js';

const mixed = () =>
  valid(
    neScenario(
      [
        { id: 'p1', figures: 12, at: [36, 19], facing: 180 },
        { id: 'c1', arm: 'cavalry', figures: 8, at: [26, 24], facing: 90 },
      ],
      [{ id: 's1', at: [36, 24], facing: 0 }],
    ),
  );

const charges: Action[] = [{ type: 'charge', unit: 'p1', target: 's1' }, { type: 'charge', unit: 'c1', target: 's1' }, ...endLeaders];

describe('horse and foot on one defender (Multiple Unit Actions; notes §13)', () => {
  it('one check, then the melee and the ride-down are both played before either result', () => {
    // s1 charged, once for both: 16 − 4 (c1 strikes a flank) − 3 (a line charged by cavalry) = 9; 20 against 20
    // figures is no outnumbering. d20 5 passes; held, it defends with nothing.
    // p1 closes at 16 + 1 (c1 within 4") = 17, d20 5; c1 at 16 + 1 (p1 within 4") + 1 (charging a flank) − 2 (its 8
    // against s1's 20 is 2.5 to 1) = 16, d20 5.
    // p1 against s1: enfilade 24 against 40 (c1's horse adds none: no melee roll), so 40 against 40. p1 rolls 4
    // (160), s1 3 (120): p1 wins. Casualty dice: p1 3 + 1 → row 4 of the 9+ column → 4 on s1; s1 2 → row 2 → 2.
    // c1 rides s1 down at the same time: 8 / 2 = 4 on s1, and c1 loses 1 (s1 had 6 or more).
    // s1, 20 − 8 = 12, checks once for all it lost: 16 − 4 (8 below strength) − 1 (ridden down) = 11; d20 15 fails:
    // rout. One by one, the first result would have sent s1 back 10" and left the second charge nothing to strike.
    const { state, events } = play(begin(mixed(), 'A'), [...charges, { type: 'defend', unit: 's1', choice: 'none' }], [5, 5, 5, 4, 3, 3, 2, 15]);
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.why, e.need, e.roll, e.pass])).toEqual([
      ['s1', 'charged', 9, 5, true],
      ['p1', 'closing', 17, 5, true],
      ['c1', 'closing', 16, 5, true],
      ['s1', 'ridden down', 11, 15, false],
    ]);
    expect(eventsOf(events, 'melee').map((e) => [e.charger, e.values, e.rolls, e.winner])).toEqual([['p1', [40, 40], [4, 3], 'charger']]);
    expect(eventsOf(events, 'close-casualties').map((e) => [e.charger, e.onTarget, e.onCharger])).toEqual([['p1', 4, 2]]);
    expect(eventsOf(events, 'ride-down').map((e) => [e.charger, e.casualties, e.cavalryLoses])).toEqual([['c1', 4, 1]]);
    expect(unit(state, 's1')).toMatchObject({ figures: 12, status: 'routed', fatigue: 1 });
    expect(unit(state, 'p1')).toMatchObject({ figures: 10, status: 'table', fatigue: 1 });
    expect(unit(state, 'c1')).toMatchObject({ figures: 7, status: 'table', fatigue: 1 });
  });

  it('a failed check when charged is a ride-down by the cavalry, though the foot charged first', () => {
    // s1's one check (need 9, as above): d20 15 fails. With cavalry among the chargers the failure is a ride-down
    // ('Cavalry Charges' 2): 4 on s1, 1 on c1; s1 checks again at 16 − 2 (4 below) − 1 = 13, d20 5 passes: it
    // retreats 10", reform die 3 + 1 (ridden down) = 4 → two actions, + 1 for the 10" → 3. Close action over: p1
    // neither fights nor tires (step 2, "fatigue levels unchanged"); c1 and s1 tire one level (step 8).
    const { state, events } = play(begin(mixed(), 'A'), charges, [15, 5, 3]);
    expect(eventsOf(events, 'ride-down').map((e) => [e.charger, e.casualties, e.cavalryLoses])).toEqual([['c1', 4, 1]]);
    expect(eventsOf(events, 'melee')).toHaveLength(0);
    expect(eventsOf(events, 'retreat').map((e) => [e.unit, e.recovery])).toEqual([['s1', 3]]);
    expect(unit(state, 's1')).toMatchObject({ figures: 16, status: 'retreat', fatigue: 1 });
    expect(unit(state, 'p1')).toMatchObject({ figures: 12, fatigue: 0 });
    expect(unit(state, 'c1')).toMatchObject({ figures: 7, fatigue: 1 });
  });

  it('the cavalry fails against the line\'s front while the foot fights its flank: both results land, neither waits', () => {
    // c1 now at (36, 19) facing south (y 18.5–19.5), 4.25" off s1's front and wholly inside its front arc; p2, a
    // 20-figure column, at (26, 24) facing east, 5.5" off s1's west flank. c1 is declared first, then p2.
    // s1's one check: 16 − 4 (p2 on its flank) − 3 (cavalry) = 9 (28 against 20 is under two to one); d20 5 passes.
    // c1 closes at 16 + 1 (p2 within 4") − 2 (its 8 against 20) = 15, d20 5; p2 at 16 + 1 + 1 (flank) = 18, d20 5.
    // p2 50 (flank +10) against s1 40 (the horse brings no enfilade): p2 2 → 100, s1 3 → 120, s1 wins. p2's contact
    // is capped by the 0.5" flank face at ⌈0.5 / 0.375⌉ = 2 (the 1–2 column): p2 4 + 1 (flank) → row 5 → 2 on s1;
    // s1 5 + 1 → row 6 → 2 on p2. c1's 8 horsemen meet a front rank of 20 ≥ ⌈1.5 × 8⌉ = 12: its charge fails.
    // p2 lost: 16 − 1 (2 lost) + 1 (c1 still within 4") + 2 (losing charger) = 18, d20 12: retreat (reform die 3);
    // then c1 retreats (reform die 2). s1, beaten by nobody, holds.
    const scenario = valid(
      neScenario(
        [
          { id: 'c1', arm: 'cavalry', figures: 8, at: [36, 19], facing: 180 },
          { id: 'p2', at: [26, 24], facing: 90, formation: 'column' },
        ],
        [{ id: 's1', at: [36, 24], facing: 0 }],
      ),
    );
    const { state, events } = play(
      begin(scenario, 'A'),
      [{ type: 'charge', unit: 'c1', target: 's1' }, { type: 'charge', unit: 'p2', target: 's1' }, ...endLeaders, { type: 'defend', unit: 's1', choice: 'none' }],
      [5, 5, 5, 2, 3, 4, 5, 12, 3, 2],
    );
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.why, e.need, e.pass])).toEqual([
      ['s1', 'charged', 9, true],
      ['c1', 'closing', 15, true],
      ['p2', 'closing', 18, true],
      ['p2', 'lost the close action', 18, true],
    ]);
    expect(eventsOf(events, 'melee').map((e) => [e.charger, e.values, e.totals, e.winner])).toEqual([['p2', [50, 40], [100, 120], 'defender']]);
    expect(eventsOf(events, 'charge-fails').map((e) => e.charger)).toEqual(['c1']);
    expect(eventsOf(events, 'retreat').map((e) => e.unit)).toEqual(['p2', 'c1']);
    expect(unit(state, 's1')).toMatchObject({ figures: 18, status: 'table', fatigue: 1 });
    expect(unit(state, 'p2')).toMatchObject({ figures: 18, status: 'retreat', fatigue: 1 });
    expect(unit(state, 'c1')).toMatchObject({ figures: 8, status: 'retreat', fatigue: 1 });
  });
});
