// Command option #2's written orders in play, worked by hand from the seed ('Command and Control Option #2',
// 'Changing Orders', 'Misinterpreting of Orders', 'Out-of-Command Penalty'; rules notes §14). Red is French, blue
// Prussian (no date: "after 1806"); each side is one division whose leader has no superior.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { fixedNeDice, recordingNeDice, rngNeDice, type NeDice } from './dice.js';
import { applyAction, chargeCheck, eligible, moveCheck, startGame, type Action } from './game.js';
import { orderInForce } from './orders-play.js';
import { mayFinish } from './sequence.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

const opts = (more: Record<string, unknown> = {}) => ({ ruleOptions: { 'napoleons-eagles': { commandOption: 2, ...more } } });

// r1: a 20-figure column (8" an action) facing north at y 40; b1: a line facing south at y 6, 34" away.
const r1: Spec = { id: 'r1', figures: 20, at: [30, 40], facing: 0, formation: 'column' };
const b1: Spec = { id: 'b1', figures: 20, at: [30, 6], facing: 180, formation: 'line' };

const game = (red: Spec[] = [r1], blue: Spec[] = [b1], extra: Partial<Scenario> = opts()): NeGameState => startGame(valid(neScenario(red, blue, [], extra)), 1).state;

function run(s: NeGameState, actions: Action[], dice?: number[], events: GameEvent[] = []): NeGameState {
  let state = s;
  let shared: NeDice | undefined;
  for (const a of actions) {
    const out = applyAction(state, a, dice ? (st, rolls) => (shared ??= fixedNeDice(dice, recordingNeDice(rngNeDice(st.rng), rolls))) : undefined);
    events.push(...out.events);
    state = out.state;
  }
  return state;
}

/** Plays the rest of the period with every unit standing; `last` dice serve the action that opens the next one. */
function nextPeriod(s: NeGameState, last?: number[], events: GameEvent[] = []): NeGameState {
  const p = s.period;
  let state = s;
  for (;;) {
    let a: Action;
    if (state.phase === 'bid') a = { type: 'bid', points: state.active === 0 ? 1 : 0 };
    else if (state.phase === 'choose') a = { type: 'choose', role: 'A' };
    else if (state.phase === 'activate') {
      const u = eligible(state, state.active)[0];
      a = u ? { type: 'stand', unit: u.id } : mayFinish(state.order, 1) ? { type: 'finish' } : { type: 'stand', unit: '?' };
    } else if (state.phase === 'leaders') a = { type: 'end-leaders' };
    else throw new Error(`unexpected ${state.phase}`);
    const closing = state.phase === 'leaders' && state.leadersDone[1 - state.active] === true;
    state = run(state, [a], closing ? last : undefined, events);
    if (state.period !== p) return state;
  }
}

const redA = (s: NeGameState) => run(s, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);

describe('Command and Control Option #2: orders written before the battle', () => {
  it('every division starts on defend where its leader stands; an order written in the first period takes effect at once, no die rolled', () => {
    const s0 = game();
    expect(s0.orders?.divisions['blue-gen']).toMatchObject({ order: 'defend' });
    const events: GameEvent[] = [];
    const s = run(s0, [{ type: 'order', leader: 'red-gen', order: 'attack', at: [30, 10] }], [], events);
    expect(s.orders?.divisions['red-gen']).toEqual({ order: 'attack', at: [30, 10], committed: false, written: 1 });
    expect(() => applyAction(s, { type: 'order', leader: 'red-gen', order: 'reserve' })).toThrow(/already been sent an order this period/);
    expect(events).toMatchObject([{ type: 'order', leader: 'red-gen', order: 'attack' }]);
    expect(s.phase).toBe('bid');
  });

  it('option #1 has no orders to write', () => {
    const s = game([r1], [b1], {});
    expect(s.orders).toBeUndefined();
    expect(() => applyAction(s, { type: 'order', leader: 'red-gen', order: 'attack' })).toThrow(/command option #2/);
  });
});

describe('What each order allows', () => {
  it('Attack (not yet committed): moves close on the objective at ¾ pace or more: 2" for half an action (¾ of 4" is 3") is refused, 4" goes', () => {
    const s = redA(run(game(), [{ type: 'order', leader: 'red-gen', order: 'attack', at: [30, 10] }]));
    const u = unitById(s, 'r1')!;
    expect(moveCheck(s, u, 'move', [30, 38], 0)).toMatchObject({ ok: false, reason: expect.stringContaining('¾ pace') });
    expect(moveCheck(s, u, 'move', [30, 36], 0)).toMatchObject({ ok: true, cost: 0.5 });
    expect(moveCheck(s, u, 'move', [30, 41], 0)).toMatchObject({ ok: false, reason: expect.stringContaining('close on it') });
  });

  it('Defend: the ground within the leader\'s 15" of its centre; 16" north leaves it, 8" does not', () => {
    const s = redA(game());
    const at = s.orders!.divisions['red-gen']!.at;
    const u = unitById(s, 'r1')!;
    expect(moveCheck(s, u, 'move', [30, 32], 0).ok).toBe(true);
    const far = moveCheck(s, u, 'move', [30, 24], 0);
    expect(30 - 24 + at[1] - 30).toBeGreaterThan(15);
    expect(far).toMatchObject({ ok: false, reason: expect.stringContaining('defends the ground within 15"') });
  });

  it('Withdraw: only away from the enemy, at ¾ pace', () => {
    const s = redA(run(game([{ ...r1, at: [30, 24], facing: 180 }]), [{ type: 'order', leader: 'red-gen', order: 'withdraw' }]));
    const u = unitById(s, 'r1')!;
    expect(moveCheck(s, u, 'move', [30, 32], 180).ok).toBe(true);
    expect(moveCheck(s, u, 'move', [30, 26], 180)).toMatchObject({ ok: false, reason: expect.stringContaining('¾ pace') });
    expect(moveCheck(s, u, 'move', [30, 22], 180)).toMatchObject({ ok: false, reason: expect.stringContaining('further from the enemy') });
  });

  it('Maneuver: never within 20" of an enemy; inside 20", away first', () => {
    let s = redA(run(game([{ ...r1, at: [30, 36] }]), [{ type: 'order', leader: 'red-gen', order: 'maneuver', at: [30, 12] }]));
    // r1's front edge at y 35.25, b1's at 6.25: 29" apart; 8" north leaves 21", 12" (1.5 actions) 17".
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 28], 0).ok).toBe(true);
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 24], 0)).toMatchObject({ ok: false, reason: expect.stringContaining('no unit comes within 20"') });
    s = redA(run(game([{ ...r1, at: [30, 24], facing: 180 }]), [{ type: 'order', leader: 'red-gen', order: 'maneuver', at: [30, 12] }]));
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 20], 180)).toMatchObject({ ok: false, reason: expect.stringContaining('must move away') });
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 28], 180).ok).toBe(true);
  });

  it('Reserve: no moves; an enemy within 24" makes it defend, and the next period records the change', () => {
    let s = redA(run(game(), [{ type: 'order', leader: 'red-gen', order: 'reserve' }]));
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 36], 0)).toMatchObject({ ok: false, reason: expect.stringContaining('on reserve') });
    // b1 stands 34" off: 12" nearer brings it within 24" (22").
    unitById(s, 'b1')!.y = 18;
    expect(orderInForce(s, 'red-gen')).toMatchObject({ order: 'defend' });
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 36], 0).ok).toBe(true);
    const events: GameEvent[] = [];
    s = nextPeriod(s, undefined, events);
    expect(events.find((e) => e.type === 'order' && e.leader === 'red-gen')).toMatchObject({ order: 'defend' });
    expect(s.orders!.divisions['red-gen']!.order).toBe('defend');
  });

  it('Withdraw and maneuver do not charge; attack does', () => {
    const near: Spec[] = [{ ...r1, at: [30, 16] }];
    const blue: Spec[] = [{ ...b1, at: [30, 10] }];
    let s = redA(run(game(near, blue), [{ type: 'order', leader: 'red-gen', order: 'withdraw' }]));
    expect(chargeCheck(s, unitById(s, 'r1')!, unitById(s, 'b1'))).toMatchObject({ ok: false, reason: expect.stringContaining('does not charge') });
    s = redA(run(game(near, blue), [{ type: 'order', leader: 'red-gen', order: 'attack', at: [30, 10] }]));
    expect(chargeCheck(s, unitById(s, 'r1')!, unitById(s, 'b1')).ok).toBe(true);
  });
});

describe('Orders that change by themselves', () => {
  it('Attack: half the division within 12" of the enemy commits it (moves are then free); the objective taken, it defends there', () => {
    // r1's front edge at y 19.25, b1's at 6.25: 13" — not committed; r2 (the other half) 9" off.
    const red: Spec[] = [{ ...r1, at: [30, 20] }, { id: 'r2', figures: 20, at: [36, 16], facing: 0, formation: 'column' }];
    const events: GameEvent[] = [];
    let s = run(game(red), [{ type: 'order', leader: 'red-gen', order: 'attack', at: [60, 40] }]);
    expect(s.orders!.divisions['red-gen']!.committed).toBe(false);
    s = nextPeriod(s, undefined, events);
    expect(events.some((e) => e.type === 'committed' && e.leader === 'red-gen')).toBe(true);
    expect(s.orders!.divisions['red-gen']!.committed).toBe(true);
    // Committed, a move away from the objective is free.
    s = redA(s);
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 16], 0).ok).toBe(true);
    // r2 stands on the objective's 4" and no enemy does: taken at the next period's start.
    const t = run(game(red), [{ type: 'order', leader: 'red-gen', order: 'attack', at: [36, 18] }]);
    const e2: GameEvent[] = [];
    const after = nextPeriod(t, undefined, e2);
    expect(e2.find((e) => e.type === 'order' && e.why === 'objective taken')).toMatchObject({ order: 'defend', at: [36, 18] });
    expect(after.orders!.divisions['red-gen']).toMatchObject({ order: 'defend', at: [36, 18] });
  });

  it('Maneuver: half the division within 4" of the place reaches it, and the division defends there', () => {
    const s = nextPeriod(run(game(), [{ type: 'order', leader: 'red-gen', order: 'maneuver', at: [31, 41] }]));
    expect(s.orders!.divisions['red-gen']).toMatchObject({ order: 'defend', at: [31, 41] });
  });

  it('Pursuit: moves follow the nearest retreating enemy', () => {
    let s = redA(run(game([{ ...r1, at: [30, 30] }]), [{ type: 'order', leader: 'red-gen', order: 'pursuit' }]));
    unitById(s, 'b1')!.status = 'retreat';
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 26], 0).ok).toBe(true);
    s = run(s, [{ type: 'move', unit: 'r1', to: [30, 26], facing: 0 }]);
    expect(moveCheck(s, unitById(s, 'r1')!, 'move', [30, 27], 0)).toMatchObject({ ok: false, reason: expect.stringContaining('follow') });
  });
});

describe('Changing Orders and Misinterpreting of Orders', () => {
  it('French, leaders together, light rain: d6 4 − 1 − 2 + 2 = 3 periods, so an order sent in period 2 arrives in period 5', () => {
    const events: GameEvent[] = [];
    let s = nextPeriod(game([r1], [b1], { ...opts(), weather: 'light-rain' }));
    s = run(s, [{ type: 'order', leader: 'red-gen', order: 'attack', at: [30, 10] }], [4], events);
    expect(events[0]).toMatchObject({ type: 'order-sent', roll: 4, modifiers: ['french -1', 'leaders-together -2', 'weather 2'], periods: 3, arrives: { turn: 1, period: 5 } });
    expect(() => applyAction(s, { type: 'order', leader: 'red-gen', order: 'reserve' })).toThrow(/already been sent an order this period/);
    s = nextPeriod(nextPeriod(s));
    expect(s.orders!.divisions['red-gen']!.order).toBe('defend');
    s = nextPeriod(s);
    expect(s.period).toBe(5);
    expect(s.orders!.divisions['red-gen']).toMatchObject({ order: 'attack', at: [30, 10] });
  });

  it('Prussians after 1806 +1, leaders together −2: a d6 of 1 or 2 is the next period; misread on a d20 of 19, the d6 of 1 turns attack into withdraw for a turn', () => {
    const events: GameEvent[] = [];
    let s = nextPeriod(game([r1], [b1], opts({ misreadOrders: true })));
    s = run(s, [{ type: 'bid', points: 1 }, { type: 'order', leader: 'blue-gen', order: 'attack', at: [30, 40] }], [2], events);
    expect(events.find((e) => e.type === 'order-sent')).toMatchObject({ modifiers: ['leaders-together -2', 'nation 1'], periods: 1, arrives: { turn: 1, period: 3 } });
    s = nextPeriod(s, [19, 1], events);
    expect(events.find((e) => e.type === 'order-read')).toMatchObject({ leader: 'blue-gen', rolls: [19, 1], misread: true, order: 'withdraw' });
    // A misread withdrawal lasts one game turn (six periods) and then defends.
    expect(s.orders!.divisions['blue-gen']).toMatchObject({ order: 'withdraw', until: 9 });
  });
});

describe('Out-of-Command Penalty under option #2', () => {
  // The corps commander stands 30" from his division leader, beyond his 20" radius; r1 is within the division
  // leader's 15", r2 is 20" from him.
  const doc = (option: 1 | 2): Scenario => {
    const d = neScenario([r1, { id: 'r2', figures: 20, at: [10, 20], facing: 0, formation: 'column' }], [b1], [], { ruleOptions: { 'napoleons-eagles': { commandOption: option } } });
    const army = d.sides[0].army;
    d.sides[0].army = {
      id: 'red-corps', name: 'red corps', echelon: 'corps', leader: { id: 'red-cmd', name: 'red commander', setup: { at: [60, 40], facing: 0 } }, units: [],
      formations: [{ ...army, id: 'red-div', leader: { ...army.leader!, setup: { at: [30, 42], facing: 0 } } }],
    };
    return valid(d);
  };

  it('option #1: both units are out of command (their leader is out of his superior\'s radius); option #2 binds units only to their division leader', () => {
    const s1 = startGame(doc(1), 1).state;
    expect([s1.flow.r1!.outOfCommand, s1.flow.r2!.outOfCommand]).toEqual([true, true]);
    const s2 = startGame(doc(2), 1).state;
    expect([s2.flow.r1!.outOfCommand, s2.flow.r2!.outOfCommand]).toEqual([false, true]);
  });
});
