// Cavalry counter-charges played through the real sequence of play, worked by hand from the seed first ('Cavalry
// Counter Charges', 'Multiple Unit Actions' Example-2, 'Cavalry Charges' 1–8, 'Resolving Close Actions' 3, 'Morale
// Modifiers'; rules notes §13 "Counter-charges", "Close actions").
import { describe, expect, it } from 'vitest';
import { hasDefenceAction } from './activation.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import { neScenario, valid } from './test-kit.js';

// Red: r1 column (20 figures, B16C40) at (30, 28) facing north, front edge y 27.25, rear edge y 28.75; r2 and r3
// columns well away at (42, 36) and (48, 36). Blue: b1 line (20) at (30, 20) facing south, front edge y 20.25; bc
// medium cavalry (12 figures, B16C40) in line at (30, 32) facing north: 9" wide, front edge y 31.5, straight behind r1.
// r1's charge puts it squared on b1's front: centre (30, 21), rear edge y 21.75, 9.75" ahead of bc's front edge
// (≤ 13", medium cavalry) and dead ahead (within 10°): bc may counter-charge it. It would strike r1's rear.
const scenario = () =>
  valid(
    neScenario(
      [
        { id: 'r1', at: [30, 28], facing: 0, formation: 'column' },
        { id: 'r2', at: [42, 36], facing: 0, formation: 'column' },
        { id: 'r3', at: [48, 36], facing: 0, formation: 'column' },
      ],
      [
        { id: 'b1', at: [30, 20], facing: 180, formation: 'line' },
        { id: 'bc', arm: 'cavalry', figures: 12, at: [30, 32], facing: 0 },
      ],
    ),
  );

describe('a counter-charge at a charger (Cavalry Counter Charges; notes §13)', () => {
  it('is offered, passes its d20 with no modifiers, and is resolved after the charge declared before it', () => {
    // Red is side A: r2 stands, r1 charges b1 (b1 had not moved: held, stand marker). bc has not moved: offered.
    let { state } = play(begin(scenario(), 'A'), [{ type: 'stand', unit: 'r2' }, { type: 'charge', unit: 'r1', target: 'b1' }]);
    expect(state.phase).toBe('counter');
    expect(state.counter).toMatchObject({ mover: 'r1', cavalry: ['bc'] });
    // bc's check: 16, no modifiers; d20 12 passes and it charges r1's rear. r1's activation is over; blue has nothing
    // left to move (b1 held, bc spent); red has moved 2 of 3, half, and finishes.
    let out = play(state, [{ type: 'charge', unit: 'bc', target: 'r1' }, { type: 'finish' }, ...endLeaders], [12, 15]);
    state = out.state;
    const opened = eventsOf(out.events, 'close-action');
    expect(eventsOf(out.events, 'morale')[0]).toMatchObject({ unit: 'bc', why: 'counter-charge', need: 16, roll: 12, pass: true, modifiers: [] });
    expect(state.closeActions.map((c) => [c.charger, c.target, c.aspect, c.counter ?? false])).toEqual([
      ['r1', 'b1', 'front', false],
      ['bc', 'r1', 'rear', true],
    ]);
    // Step 9, first r1 against b1 (d20 15 above: b1 stands, need 16), then bc against r1 (Example-2's order).
    expect(state.phase).toBe('defend');
    // r1 v b1 as in flow-charge: closes on 10, melee 6 × 40 v 2 × 45, casualties 4 on b1 and 2 on r1. b1's check as
    // the loser: 16 − 2 (4 lost) + 1 (supported: bc now stands at r1's rear, 1.5" from b1) = 15; d20 10 passes and
    // b1 retreats (reform die 4). r1 is now 18 figures, fatigued.
    // bc v r1: r1 charged in the rear by cavalry: 16 − 4 (flank or rear charged) − 3 (a column charged by cavalry)
    // − 1 (fatigued) − 1 (2 figures lost) = 7; d20 5 passes. r1 charged with its first action, so one is unused:
    // it gets a defence action ('Resolving Close Actions' 3) and takes none.
    // bc to close: 16 + 1 (charging a flank or rear) = 17; d20 10. A column is ridden down: 12 / 2 = 6 on r1, bc
    // loses 1 (r1 had 6 or more). r1 checks again: 16 − 1 (fatigued) − 4 (8 lost) − 1 (ridden down) = 10; d20 11
    // fails: r1 routs.
    out = play(state, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 6, 2, 3, 3, 10, 4, 5]);
    expect(out.state.phase).toBe('defend');
    expect(out.state.closeActions.find((c) => c.stage === 'defence')?.target).toBe('r1');
    const before = out.events;
    out = play(out.state, [{ type: 'defend', unit: 'r1', choice: 'none' }], [10, 11]);
    out.events.unshift(...before);
    expect([...opened, ...eventsOf(out.events, 'close-action')].map((e) => [e.charger, e.target])).toEqual([
      ['r1', 'b1'],
      ['bc', 'r1'],
    ]);
    expect(eventsOf(out.events, 'morale').map((e) => [e.unit, e.why, e.need, e.pass])).toEqual([
      ['r1', 'closing', 16, true],
      ['b1', 'lost the close action', 15, true],
      ['r1', 'charged', 7, true],
      ['bc', 'closing', 17, true],
      ['r1', 'ridden down', 10, false],
    ]);
    const r1 = unit(out.state, 'r1');
    expect([r1.status, r1.figures]).toEqual(['routed', 12]);
    expect(unit(out.state, 'bc')).toMatchObject({ figures: 11, fatigue: 1, status: 'table' });
    expect(unit(out.state, 'b1')).toMatchObject({ figures: 16, status: 'retreat' });
  });

  it('a tired cavalry unit still checks at its bare 16 (no modifiers): d20 16 passes where 14 would be needed', () => {
    const { state } = play(begin(scenario(), 'A'), [{ type: 'stand', unit: 'r2' }, { type: 'charge', unit: 'r1', target: 'b1' }]);
    unit(state, 'bc').fatigue = 2;
    const out = play(state, [{ type: 'charge', unit: 'bc', target: 'r1' }], [16]);
    expect(eventsOf(out.events, 'morale')[0]).toMatchObject({ need: 16, roll: 16, pass: true });
    expect(out.state.closeActions).toHaveLength(2);
  });

  it('failing its d20 (17 > 16) the cavalry stays where it is and loses its stand marker', () => {
    // Red A stands r2 and r3; blue D stands bc; red then charges with r1: bc, holding a stand marker, is offered.
    let { state } = play(begin(scenario(), 'A'), [
      { type: 'stand', unit: 'r2' },
      { type: 'stand', unit: 'r3' },
      { type: 'stand', unit: 'bc' },
      { type: 'charge', unit: 'r1', target: 'b1' },
    ]);
    expect(state.flow.bc!.stand).toBe(true);
    expect(state.phase).toBe('counter');
    const at = [unit(state, 'bc').x, unit(state, 'bc').y];
    state = play(state, [{ type: 'charge', unit: 'bc', target: 'r1' }], [17]).state;
    expect(state.flow.bc!.stand).toBe(false);
    // The action the marker held is gone with it: charged now, bc would have no defence action.
    expect(hasDefenceAction(state.flow.bc!)).toBe(false);
    expect([unit(state, 'bc').x, unit(state, 'bc').y]).toEqual(at);
    expect(state.closeActions.map((c) => c.charger)).toEqual(['r1']);
    // Red has no unit left: movement is over, and no second offer is made.
    expect(state.phase).toBe('leaders');
  });

  it('declined, the offer is not made again for the same mover', () => {
    let { state } = play(begin(scenario(), 'A'), [{ type: 'stand', unit: 'r2' }, { type: 'charge', unit: 'r1', target: 'b1' }]);
    state = play(state, [{ type: 'done', unit: 'bc' }]).state;
    expect(state.phase).toBe('activate');
    expect(state.flow.bc!.declined).toEqual(['r1']);
    expect(state.closeActions).toHaveLength(1);
  });
});

// r1 alone in front of bc: red column at (30, 28), blue cavalry at (30, 32) as above; b1 far off at (60, 10).
const moverScenario = () =>
  valid(
    neScenario(
      [
        { id: 'r1', at: [30, 28], facing: 0, formation: 'column' },
        { id: 'r2', at: [42, 36], facing: 0, formation: 'column' },
      ],
      [
        { id: 'bc', arm: 'cavalry', figures: 12, at: [30, 32], facing: 0 },
        { id: 'b1', at: [40, 10], facing: 180, formation: 'line' },
      ],
    ),
  );

describe('a counter-charge at a unit that moved one action (Cavalry Counter Charges; Resolving Close Actions 3–4)', () => {
  it('the mover still holds its unused action: it gets a defence, forms square, and the charge fails against it', () => {
    // r1 moves 8" north (one action at the column's 8"): centre (30, 20), rear edge y 20.75, 10.75" ahead of bc's
    // front edge. (After r2 stands, side A has no unit left, so movement ends: b1 never moves.) bc counter-charges (d20 9 ≤ 16). r1 had one action left ('Resolving Close Actions' 3: one unused or
    // held action gives the defence), and the cavalry came more than 10", so it may form square.
    let { state } = play(begin(moverScenario(), 'A'), [{ type: 'move', unit: 'r1', to: [30, 20], facing: 0 }]);
    expect(state.phase).toBe('counter');
    state = play(state, [{ type: 'charge', unit: 'bc', target: 'r1' }, { type: 'stand', unit: 'r2' }, ...endLeaders], [9, 5]).state;
    // Step 9: r1 charged in the rear by cavalry: 16 − 4 − 3 = 9; d20 5 passes; it is asked for its defence.
    expect(state.phase).toBe('defend');
    expect(state.closeActions.find((c) => c.stage === 'defence')?.target).toBe('r1');
    // Square: a morale check at 16 (no +2: the cavalry came less than 16"); d20 10 passes. bc to close: 16 + 1
    // (charging a flank or rear) = 17; d20 3. A square is never ridden down when it stood: the cavalry retreats
    // (reform die 2, + 1 cavalry = 3 → 2 actions, + 12" → 1: 3 to recover); both sides one fatigue level up.
    const out = play(state, [{ type: 'defend', unit: 'r1', choice: 'square' }], [10, 3, 2]);
    expect(eventsOf(out.events, 'morale').map((e) => [e.unit, e.need, e.pass])).toEqual([
      ['r1', 16, true],
      ['bc', 17, true],
    ]);
    expect(eventsOf(out.events, 'charge-fails')).toHaveLength(1);
    expect(unit(out.state, 'r1')).toMatchObject({ formation: 'square', figures: 20, fatigue: 1, status: 'table' });
    expect(unit(out.state, 'bc')).toMatchObject({ status: 'retreat', retreatActions: 3, fatigue: 1 });
  });
});
