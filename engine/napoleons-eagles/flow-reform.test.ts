// Failing morale, retreating, reforming, routing and surrendering, played through the real sequence of play and
// worked by hand from the seed first ('Unit Morale Checks', 'Morale Modifiers', 'Moving Retreating Units' and its
// reform die, 'Routing', 'Surrendering', Sequence of Play step 10; rules notes §12 "Retreats", "Surrounded", §13
// "Morale and retreats").
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import type { Action } from './game.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import { neScenario, valid } from './test-kit.js';
import type { NeGameState } from './state.js';

/** A later period's order: red bids 1, blue 0 (red has the points to win), red takes `role`. */
const period = (role: 'A' | 'D'): Action[] => [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role }];

// Red's line r1 (20 figures, 3 ranks, B16C40) at (30, 26) facing north, front edge y 25.75; blue's line b1 (the
// same) at (30, 22) facing south, its rectangle y 21.75–22.25. Range 3.5": medium (2–4"), −1; rating C adds
// nothing. 20 front-rank figures, one action: row 20, whose ten values fill the columns from the modified die 1 up,
// all 2 until the 12+ column: a d6 of 2–6 (modified 1–5) kills 2, a 1 (modified 0) nothing.
const firefight = (): Scenario => valid(neScenario([{ id: 'r1', at: [30, 26], facing: 0 }], [{ id: 'b1', at: [30, 22], facing: 180 }]));

/**
 * Period 1: red (A) fires r1 at b1 with one action, d6 4 → 2 casualties; b1 is marked ('Unit Morale Checks': a
 * figure lost to fire). Side A has then no unit left, so movement ends (b1 never moves); step 10: b1 checks at 16 − 1 (2 figures lost) = 15 and the d20 18
 * fails: it retreats at once, 10" directly away from r1 (north), reform die 5 → 3 actions; recovery
 * ceil(10 / 10) + 3 = 4 actions.
 */
function brokenInPeriodOne(): { state: NeGameState; y0: number } {
  const s = begin(firefight(), 'A');
  const y0 = s.units.find((u) => u.id === 'b1')!.y;
  const { state, events } = play(
    s,
    [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, { type: 'done', unit: 'r1' }, ...endLeaders],
    [4, 18, 5],
  );
  expect(eventsOf(events, 'fire')[0]).toMatchObject({ range: 3.5, casualties: 2 });
  expect(eventsOf(events, 'morale')[0]).toMatchObject({ unit: 'b1', why: 'marked this period', need: 15, roll: 18, pass: false });
  expect(eventsOf(events, 'retreat')[0]).toMatchObject({ unit: 'b1', distance: 10, reformDie: 5, recovery: 4 });
  return { state, y0 };
}

describe('a unit that failed its morale check retreats and reforms (Moving Retreating Units; notes §13)', () => {
  it('retreats 10" directly away, disordered, needing 1 + 3 = 4 actions of rest', () => {
    const { state, y0 } = brokenInPeriodOne();
    const b1 = unit(state, 'b1');
    expect(state.period).toBe(2);
    expect(y0 - b1.y).toBeCloseTo(10, 6);
    expect(b1.x).toBeCloseTo(30, 6);
    expect(b1).toMatchObject({ status: 'retreat', disordered: true, retreatActions: 4 });
  });

  it('spends its four actions by rest over two periods and then stands in column, in good order, where it rested', () => {
    let { state } = brokenInPeriodOne();
    const at = [unit(state, 'b1').x, unit(state, 'b1').y];
    // Period 2: blue is A; b1 may not move while it recovers ('The unit must remain in its recovery area').
    state = play(state, period('D')).state;
    expect(() => play(state, [{ type: 'move', unit: 'b1', to: [30, 10], facing: 180 }])).toThrow(/retreating/);
    state = play(state, [{ type: 'rest', unit: 'b1' }, { type: 'rest', unit: 'b1' }, ...endLeaders]).state;
    expect(unit(state, 'b1')).toMatchObject({ status: 'retreat', retreatActions: 2 });
    // Period 3: the last two actions.
    state = play(state, [...period('D'), { type: 'rest', unit: 'b1' }]).state;
    expect(unit(state, 'b1')).toMatchObject({ status: 'retreat', retreatActions: 1, disordered: true });
    const { state: after, events } = play(state, [{ type: 'rest', unit: 'b1' }]);
    expect(eventsOf(events, 'recovered')).toHaveLength(1);
    const b1 = unit(after, 'b1');
    // 'Units will be organized into a column after recovering from retreat status.'
    expect(b1).toMatchObject({ status: 'table', retreatActions: 0, disordered: false, formation: 'column' });
    expect([b1.x, b1.y]).toEqual(at);
  });

  it('marked again while retreating, its failed check routs it (Routing)', () => {
    let { state } = brokenInPeriodOne();
    // Period 2, red A: r1 moves 4" (one action, a B line) to (30, 22), force-marches 4" more to (30, 18) (fatigue
    // +2: tired) and fires its second action. b1's rectangle (facing north after its retreat) is y 11.75–12.25; r1's
    // front edge y 17.75: 5.5", long range (4–6") −3, tired −2 → −5; d6 6 → 1 → 2 casualties on row 20.
    state = play(state, [
      ...period('A'),
      { type: 'move', unit: 'r1', to: [30, 22], facing: 0 },
      { type: 'force-march', unit: 'r1', to: [30, 18], facing: 0 },
    ]).state;
    expect(unit(state, 'r1').fatigue).toBe(2);
    const out = play(state, [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, ...endLeaders], [6, 10]);
    expect(eventsOf(out.events, 'fire')[0]).toMatchObject({ range: 5.5, casualties: 2 });
    // Step 10: b1 checks at 16 − 5 (retreat status) − 2 (4 figures lost) = 9; d20 10 fails: a unit in retreat status
    // that fails routs, leaving the field with no reform die.
    expect(eventsOf(out.events, 'morale')[0]).toMatchObject({ unit: 'b1', need: 9, roll: 10, pass: false });
    expect(unit(out.state, 'b1')).toMatchObject({ status: 'routed', figures: 16 });
  });
});

// Blue's column b1 (20 figures: 2.625" wide, 1.5" deep) at (36, 24) facing north, boxed in 3" from each face: red's
// line r1 (20) at (36, 20) facing south (front edge y 20.25), r2 (12 figures, 4.5" wide) at (36, 28) facing north,
// r3 and r4 (12 each) facing it from the west (31.44, 24) and the east (40.56, 24). Every way out brings it nearer
// one of them: it cannot increase its distance from the enemy, and enemies are within 12": surrounded.
const boxedIn = (): Scenario =>
  valid(
    neScenario(
      [
        { id: 'r1', at: [36, 20], facing: 180 },
        { id: 'r2', figures: 12, at: [36, 28], facing: 0 },
        { id: 'r3', figures: 12, at: [31.44, 24], facing: 90 },
        { id: 'r4', figures: 12, at: [40.56, 24], facing: 270 },
      ],
      [{ id: 'b1', at: [36, 24], facing: 0, formation: 'column' }],
    ),
  );

/**
 * Period 1, red A: r1 fires one action at b1: 3" medium −1, column +2 → +1; row 20, d6 3 → 4 → 2 casualties. r2
 * does nothing; blue's b1 does nothing; red has moved 2 of 4 and finishes. Step 10: b1 checks at 15 (2 lost).
 */
function boxedAndShot(dice: number[]) {
  return play(
    begin(boxedIn(), 'A'),
    [
      { type: 'fire', unit: 'r1', target: 'b1', actions: 1 },
      { type: 'done', unit: 'r1' },
      { type: 'done', unit: 'r2' },
      { type: 'done', unit: 'b1' },
      { type: 'finish' },
      ...endLeaders,
    ],
    dice,
  );
}

describe('a surrounded unit that fails its check (Surrendering; notes §12 "Surrounded")', () => {
  it('checks again and, failing (d20 16 > 15), surrenders', () => {
    const { state, events } = boxedAndShot([3, 18, 16]);
    expect(eventsOf(events, 'surrounded')).toHaveLength(1);
    expect(eventsOf(events, 'morale').map((e) => [e.need, e.roll, e.pass])).toEqual([
      [15, 18, false],
      [15, 16, false],
    ]);
    expect(unit(state, 'b1').status).toBe('surrendered');
  });

  it('checks again and, passing (d20 10 ≤ 15), rallies: it stays where it is, formed, not in retreat status', () => {
    const { state, events } = boxedAndShot([3, 18, 10]);
    expect(eventsOf(events, 'surrounded')).toHaveLength(1);
    const b1 = unit(state, 'b1');
    expect([b1.x, b1.y]).toEqual([36, 24]);
    expect(b1).toMatchObject({ status: 'table', disordered: false, retreatActions: 0, figures: 18 });
  });
});

// The box drawn tight: r2 (12 figures) 0.05" behind b1, r3 and r4 (4 figures each, 1.5" long, y 23.5–25) 0.05" off
// its sides; r1 (20) still 3" ahead. Once r1 charges into contact b1 cannot move a half inch anywhere without
// striking one of them.
const tightBox = (): Scenario =>
  valid(
    neScenario(
      [
        { id: 'r1', at: [36, 20], facing: 180 },
        { id: 'r2', figures: 12, at: [36, 25.05], facing: 0 },
        { id: 'r3', figures: 4, at: [34.3875, 24.25], facing: 90 },
        { id: 'r4', figures: 4, at: [37.6125, 24.25], facing: 270 },
      ],
      [{ id: 'b1', at: [36, 24], facing: 0, formation: 'column' }],
    ),
  );

describe('a routing unit that is surrounded surrenders (Surrendering; Resolving Close Actions 8)', () => {
  it('b1 loses the close action, fails its check and, unable to get away, surrenders rather than leaving the field', () => {
    // r1 charges 3" into b1's front (a line charges at its column rate, 8"); r2 does nothing, and red, having moved
    // half its units (b1 is held), finishes. Step 9: b1 charged, 16 (20 v 20, not
    // supported) → d20 10 passes; held with a stand marker, its defence is none. r1 closes at 16 + 1 (r3 and r4 are
    // within 4") = 17 → d20 5. MV r1 40 + 5 (enfilade 40 v b1's column 7 × 2 = 14) = 45, b1 40: melee 6 × 45 = 270
    // v 1 × 40. Contact 7 (b1's 2.625" face): r1 rolls 1 on its winning row → 2; b1 rolls 1 on its losing row → 0.
    // b1 as the loser: 16 − 1 (2 lost) = 15, d20 20 fails: it routs, but cannot get away: it surrenders.
    const { state, events } = play(
      begin(tightBox(), 'A'),
      [{ type: 'charge', unit: 'r1', target: 'b1' }, { type: 'done', unit: 'r2' }, { type: 'finish' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }],
      [10, 5, 6, 1, 1, 1, 20],
    );
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.need, e.roll, e.pass])).toEqual([
      ['b1', 16, 10, true],
      ['r1', 17, 5, true],
      ['b1', 15, 20, false],
    ]);
    expect(eventsOf(events, 'rout')).toHaveLength(0);
    expect(unit(state, 'b1')).toMatchObject({ status: 'surrendered', figures: 18 });
  });
});

describe('a unit charged while in retreat status (Close Action and Retreat Status)', () => {
  it('wins the close action and recovers from retreat status at once', () => {
    let { state } = brokenInPeriodOne();
    // Period 2, red A: r1 moves 4" to (30, 22) and force-marches 4" to (30, 18) (tired), front edge y 17.75; b1,
    // retreated to (30, 12) facing north (away), is 5.5" off: r1 charges with its second action and strikes its rear.
    state = play(state, [
      ...period('A'),
      { type: 'move', unit: 'r1', to: [30, 22], facing: 0 },
      { type: 'force-march', unit: 'r1', to: [30, 18], facing: 0 },
      { type: 'charge', unit: 'r1', target: 'b1' },
    ]).state;
    expect(state.closeActions[0]).toMatchObject({ charger: 'r1', target: 'b1', aspect: 'rear' });
    // Step 9. b1 charged: 16 − 5 (retreat status) − 1 (2 lost) − 4 (rear charged) = 6, d20 3 passes; in retreat
    // status it has no defence. r1 closes at 16 − 2 (tired) + 1 (charging the rear) = 15, d20 5.
    // MV r1 40 − 10 (tired) + 15 (rear) = 45; b1 40 − 20 (retreat status, its disorder included) = 20. Melee r1 1 →
    // 45, b1 3 → 60: b1 wins. Contact: r1's 20 front figures against b1's 6.75" rear face → 18 (9+ column: 2, 2,
    // 4, 4, 4, 6, 6). r1 loses, its die 1 + 1 (rear) → row 2 → 2 on b1; b1 wins, its die 1 + 1 → 2 on r1. b1
    // recovers from retreat status at once; r1 checks as the losing charger: 16 − 2 − 1 (2 lost) + 2 = 15, d20 5,
    // and retreats (reform die 1). Both up a level: r1 exhausted, b1 fatigued.
    const { state: after, events } = play(state, endLeaders, [3, 5, 1, 3, 1, 1, 5, 1]);
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.need, e.pass])).toEqual([
      ['b1', 6, true],
      ['r1', 15, true],
      ['r1', 15, true],
    ]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [45, 20], totals: [45, 60], winner: 'defender' });
    expect(eventsOf(events, 'recovered')).toHaveLength(1);
    expect(unit(after, 'b1')).toMatchObject({ status: 'table', retreatActions: 0, disordered: false, figures: 16, fatigue: 1 });
    expect(unit(after, 'r1')).toMatchObject({ status: 'retreat', figures: 18, fatigue: 3 });
  });
});

describe('the reform die of a green unit (Moving Retreating Units: +1 for untrained, green, landwehr or militia)', () => {
  it('a line battalion rated 14 morale (below the line band, green as notes §12 reads it) adds 1 to the die', () => {
    // As in period 1 above, with b1 rated B14C40: it checks at 14 − 1 = 13, d20 18 fails; reform die 4 + 1 = 5 →
    // 3 actions (not 2); recovery 1 + 3 = 4.
    const sc = valid(neScenario([{ id: 'r1', at: [30, 26], facing: 0 }], [{ id: 'b1', rating: 'B14C40', at: [30, 22], facing: 180 }]));
    const { state, events } = play(begin(sc, 'A'), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, { type: 'done', unit: 'r1' }, ...endLeaders], [4, 18, 4]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ need: 13, pass: false });
    expect(eventsOf(events, 'retreat')[0]).toMatchObject({ reformDie: 4, recovery: 4 });
    expect(unit(state, 'b1').retreatActions).toBe(4);
  });
});
