// Out-of-control cavalry, worked by hand from the seed ('Out-of-Control Cavalry'; 'Cavalry Charges' 6–8; rules
// notes §14).
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { fixedNeDice, recordingNeDice, rngNeDice, type NeDice } from './dice.js';
import { applyAction, startGame, type Action } from './game.js';
import { checkOutOfControl, outOfControlModifiers } from './out-of-control.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

const on = { ruleOptions: { 'napoleons-eagles': { outOfControlCavalry: true } } };

// c1: 12 light horse in line (9" × 1") facing north, front edge at y 29.5. b1: a 20-figure column (2.625" × 1.5")
// facing south, front edge at y 22.75, 6.75" away. b2: a 20-figure 3-rank line (7.5" × 0.5") facing south at y 7.5.
const c1: Spec = { id: 'c1', arm: 'cavalry', type: 'light', figures: 12, at: [30, 30], facing: 0, formation: 'line' };
const b1: Spec = { id: 'b1', figures: 20, at: [30, 22], facing: 180, formation: 'column' };
const b2: Spec = { id: 'b2', figures: 20, at: [30, 7.5], facing: 180, formation: 'line' };

function game(scenario: Scenario = valid(neScenario([c1], [b1, b2], [], on))): NeGameState {
  return startGame(scenario, 1).state;
}

function run(s: NeGameState, actions: Action[], dice?: number[], events: GameEvent[] = [], strict = true): NeGameState {
  let state = s;
  let shared: NeDice | undefined;
  for (const a of actions) {
    const out = applyAction(state, a, dice ? (st, rolls) => (shared ??= fixedNeDice(dice, strict ? undefined : recordingNeDice(rngNeDice(st.rng), rolls))) : undefined);
    events.push(...out.events);
    state = out.state;
  }
  return state;
}

describe('Out-of-Control Cavalry: the check', () => {
  it('British cavalry with a leader that rode down a unit and destroyed it: −1 + 1 + 1 + 1 = +2, so a d20 of 18 is 20: out of control', () => {
    const doc = valid(neScenario([c1], [b1, b2], [], on));
    doc.sides[0].nation = 'Britain';
    const s = game(doc);
    const c = unitById(s, 'c1')!;
    c.attachedLeader = 'red-gen';
    const win = { riddenDown: true, destroyed: true, byOutOfControl: false };
    expect(outOfControlModifiers(s, c, win).map((m) => `${m.id} ${m.value}`)).toEqual(['leader -1', 'british 1', 'ridden-down 1', 'destroyed 1']);
    checkOutOfControl(s, c, win, fixedNeDice([18]), []);
    expect(s.outOfControl).toEqual(['c1']);
  });

  it('guard cavalry that won a melee, −1: a 20 is 19 and it stays in hand; Cossacks +1 make a 19 count', () => {
    const guard = game(valid(neScenario([{ ...c1, type: 'guard', rating: 'B22C60' }], [b1], [], on)));
    checkOutOfControl(guard, unitById(guard, 'c1')!, { riddenDown: false, destroyed: false, byOutOfControl: false }, fixedNeDice([20]), []);
    expect(guard.outOfControl).toBeUndefined();
    const cossacks = game(valid(neScenario([{ ...c1, type: 'cossack', rating: 'B12C30' }], [b1], [], on)));
    checkOutOfControl(cossacks, unitById(cossacks, 'c1')!, { riddenDown: false, destroyed: false, byOutOfControl: false }, fixedNeDice([19]), []);
    expect(cossacks.outOfControl).toEqual(['c1']);
  });

  it('the option off: no die is rolled', () => {
    const s = game(valid(neScenario([c1], [b1])));
    checkOutOfControl(s, unitById(s, 'c1')!, { riddenDown: true, destroyed: true, byOutOfControl: true }, fixedNeDice([]), []);
    expect(s.outOfControl).toBeUndefined();
  });
});

describe('Out-of-Control Cavalry in play', () => {
  // Period 1: c1 charges b1 (6.75", within light cavalry's 14"). Step 9: b1's check when charged 20 fails, so it is
  // ridden down (6 casualties, c1 loses 1 as b1 had 6 or more); its second check 20 fails: it routs. c1 has won by a
  // ride-down: +1, so its d20 of 19 makes 20 and it is out of control. No other die is rolled.
  const period2 = (events: GameEvent[] = []) => {
    let s = run(game(), [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }, { type: 'charge', unit: 'c1', target: 'b1' }]);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [20, 20, 19], events);
    return s;
  };

  it('a ride-down rolls the check, and 19 + 1 sends the regiment out of control', () => {
    const events: GameEvent[] = [];
    const s = period2(events);
    expect(events.find((e) => e.type === 'out-of-control-check')).toMatchObject({ unit: 'c1', roll: 19, total: 20, out: true, modifiers: ['ridden-down +1'] });
    expect(unitById(s, 'b1')!.status).toBe('routed');
    expect(s.outOfControl).toEqual(['c1']);
    expect(s.period).toBe(2);
  });

  it('next period it charges before anything moves: b2, 15" off (beyond its own 14", within 16"), with +3 to close', () => {
    const events: GameEvent[] = [];
    const s = run(period2(), [{ type: 'bid', points: 2 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }], undefined, events);
    expect(events.find((e) => e.type === 'out-of-control-charge')).toMatchObject({ unit: 'c1', target: 'b2' });
    // c1's front edge stood on b1's old front at y 22.75; b2's front edge is at y 7.75: 15".
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ unit: 'c1', target: 'b2', distance: 15 });
    expect(s.closeActions[0]).toMatchObject({ charger: 'c1', target: 'b2', outOfControl: true });
    expect(s.outOfControl).toBeUndefined();
    // Step 9: b2's check when charged 1 passes; it holds its stand marker and does nothing with it; c1's check to
    // close needs 16 − 1 (fatigued after the ride-down) + 3 (out of control) = 18, and 18 closes. The rest is random.
    const more: GameEvent[] = [];
    run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }, { type: 'defend', unit: 'b2', choice: 'none' }], [1, 18], more, false);
    expect(more.find((e) => e.type === 'morale' && e.unit === 'c1' && e.why === 'closing')).toMatchObject({ need: 18, roll: 18, pass: true, modifiers: expect.arrayContaining(['out-of-control', 'fatigued']) });
  });

  it('the defending regiment that wins a cavalry melee checks too (no modifiers: a 20 is out of control)', () => {
    // c2 (medium, 12 figures) faces c1 6.75" away; c1 charges it. Dice: c2's check when charged 1; it keeps its
    // stand marker for nothing; c1's check to close 1; the melee c1 1 × 40 against c2 6 × 40: c2 wins; casualty dice
    // 3 and 3; c1's check as loser 1 (it retreats); its reform die 3; then c2's out-of-control d20: 20.
    const events: GameEvent[] = [];
    const doc = valid(neScenario([c1], [{ id: 'c2', arm: 'cavalry', figures: 12, at: [30, 22], facing: 180, formation: 'line' }], [], on));
    let s = run(game(doc), [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }, { type: 'charge', unit: 'c1', target: 'c2' }]);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }, { type: 'defend', unit: 'c2', choice: 'none' }], [1, 1, 1, 6, 3, 3, 1, 3, 20], events);
    expect(events.find((e) => e.type === 'melee')).toMatchObject({ winner: 'defender' });
    expect(events.find((e) => e.type === 'out-of-control-check')).toMatchObject({ unit: 'c2', roll: 20, total: 20, out: true, modifiers: [] });
    expect(s.outOfControl).toEqual(['c2']);
  });

  it('with no enemy in sight within 16" it is back in hand', () => {
    const events: GameEvent[] = [];
    const far = valid(neScenario([c1], [b1, { ...b2, at: [30, 4] }], [], on));
    let s = run(game(far), [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }, { type: 'charge', unit: 'c1', target: 'b1' }]);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [20, 20, 19]);
    s = run(s, [{ type: 'bid', points: 2 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }], undefined, events);
    expect(events.find((e) => e.type === 'back-in-control')).toMatchObject({ unit: 'c1' });
    expect(s.closeActions).toEqual([]);
  });
});
