// Player choices of the text the engine now offers, played through the real sequence of play and worked by hand
// first ('Threshold Checks' and its note on leader influence, 'Rapid Fire', 'Fatigue Levels', 'Resolving Close
// Actions' 3–5, 'Cavalry Counter Charges'; rules notes §13 "Player choices").
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { hasDefenceAction } from './activation.js';
import { influenceChoice, influenceToLend, leaderWorth } from './ai-influence.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import type { Action } from './game.js';
import { assaultSituation } from './melee.js';
import { candidates } from './players.js';
import { neScenario, valid } from './test-kit.js';

const period = (role: 'A' | 'D'): Action[] => [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role }];

// Blue as a corps of two divisions (as in flow-leaders.test.ts): d1 (b1 at (30, 22) facing south, b2 at (40, 30)),
// d2 (b3 at (56, 22), b4 at (56, 30)); red's r1 line at (30, 26) facing north. Nobody within 4" of a friend.
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

/**
 * Turn 1, period 1: r1 fires at b1 (3.5", medium −1, row 20, d6 4 → 2); step 10: b1 checks at 16 − 1 = 15, d20 18
 * fails: it retreats (reform die 5: 10" → 1 + 3 = 4 actions, still retreating when turn 2 begins). Periods 2–6 quiet.
 * Turn 2 begins: the army has lost 1 of 4 (25%, no roll); d1 has lost 1 of 2 (50%): its roll, at 8 with no modifier,
 * is led by d1-gen, so blue is asked for his influence before any die is rolled.
 */
function turnTwo() {
  const quiet: Action[] = [...period('A'), { type: 'done', unit: 'r1' }, ...endLeaders];
  let state = play(begin(twoDivisions(), 'A'), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }, { type: 'done', unit: 'r1' }, ...endLeaders], [4, 18, 5]).state;
  for (let p = 2; p <= 5; p++) state = play(state, quiet).state;
  return play(state, quiet).state;
}

describe('leader influence at a threshold check (Threshold Checks, its note; notes §13 Player choices)', () => {
  it('is asked of the leader of the roll before it is made; the sampler offers 0 to 6', () => {
    const s = turnTwo();
    expect([s.turn, s.phase, s.active]).toEqual([2, 'influence', 1]);
    expect(s.influence?.pending).toEqual(['d1-gen']);
    expect(candidates(s)).toEqual([0, 1, 2, 3, 4, 5, 6].map((bonus) => ({ type: 'influence', leader: 'd1-gen', bonus })));
    expect(() => play(s, [{ type: 'influence', leader: 'd1-gen', bonus: 7 }])).toThrow(/0 to 6/);
    expect(() => play(s, [{ type: 'influence', leader: 'd2-gen', bonus: 1 }])).toThrow(/may lend/);
  });

  it('+4: d1 needs 8 + 4 = 12, d20 9 passes (it failed without); the d10 5 > 4 keeps the general', () => {
    const { state, events } = play(turnTwo(), [{ type: 'influence', leader: 'd1-gen', bonus: 4 }], [9, 5]);
    const t = eventsOf(events, 'threshold');
    expect(t.map((e) => [e.level, e.formation, e.need, e.roll, e.pass])).toEqual([['division', 'blue-d1', 12, 9, true]]);
    expect((t[0]!.modifiers as { id: string; value: number }[]).map((m) => `${m.id} ${m.value}`)).toEqual(['leader-influence 4']);
    expect(eventsOf(events, 'influence-risk')[0]).toMatchObject({ leader: 'd1-gen', influence: 4, roll: 5, lost: false });
    expect(state.threshold).toEqual([]);
    expect(state.leaders.find((l) => l.id === 'd1-gen')!.status).toBe('table');
    expect([state.phase, state.influence]).toEqual(['bid', undefined]);
  });

  it('+4 with a d10 of 3 (≤ 4, the text\'s example): the roll still passes, but the general is lost', () => {
    const { state, events } = play(turnTwo(), [{ type: 'influence', leader: 'd1-gen', bonus: 4 }], [9, 3]);
    expect(eventsOf(events, 'leader-lost')[0]).toMatchObject({ leader: 'd1-gen' });
    expect(state.leaders.find((l) => l.id === 'd1-gen')!.status).toBe('lost');
    expect(state.threshold).toEqual([]);
  });

  it('0: no d10 is rolled; d20 9 > 8 fails and d1\'s units take the −4', () => {
    const { state, events } = play(turnTwo(), [{ type: 'influence', leader: 'd1-gen', bonus: 0 }], [9]);
    expect(eventsOf(events, 'influence-risk')).toEqual([]);
    expect([...state.threshold].sort()).toEqual(['b1', 'b2']);
  });

  it('the AI lends nothing for two units: 2 / 20 a point gained against (5 + 1 + 5) / 10 a point risked', () => {
    // d1-gen, a division leader: morale +1, melee +5 (notes §5); worth 2 + 3 (later rolls' −3) + 6 = 11 > 2 / 2.
    const s = turnTwo();
    const l = s.leaders.find((x) => x.id === 'd1-gen')!;
    expect([l.moraleBonus, l.meleeBonus]).toEqual([1, 5]);
    expect(leaderWorth(l)).toBe(11);
    expect(influenceChoice(s)).toEqual({ type: 'influence', leader: 'd1-gen', bonus: 0 });
  });

  it('the AI lends all that helps when the units outweigh twice the leader: 23 > 22 at need 8 → 6; at need 17 → 3', () => {
    expect(influenceToLend(23, 8, 11)).toBe(6);
    expect(influenceToLend(23, 17, 11)).toBe(3);
    expect(influenceToLend(22, 8, 11)).toBe(0);
    expect(influenceToLend(23, 20, 11)).toBe(0);
  });
});

// Red's foot battery g1 (6 guns, 6lb, B16B25: 2" wide, 1.5" deep) unlimbered at (30, 30) facing north, front edge
// y 29.25; blue's line b1 (20 figures) at (30, 24) facing south, 5" away (flow-fatigue.test.ts's position).
const battery = (): Scenario => valid(neScenario([{ id: 'g1', arm: 'artillery', at: [30, 30], facing: 0 }], [{ id: 'b1', at: [30, 24], facing: 180 }]));

describe('rapid fire as a defence (Rapid Fire; Fatigue Levels; Resolving Close Actions 3–5)', () => {
  /** Blue takes A (red chooses D) and b1 charges g1, which had not moved: held, with a stand marker. */
  function charged() {
    return play(begin(battery(), 'D'), [{ type: 'charge', unit: 'b1', target: 'g1' }, ...endLeaders], [5]);
  }

  it('canister doubled, two ammunition dice, +2 fatigue (tired), and the hits cost the charger 3 on its check to close', () => {
    // g1 charged: 16, no modifier; d20 5 passes: it defends. Canister at b1 in contact: 2 × 6 = 12 figures (row 12),
    // +1 Fire B, +4 canister 6lb = +5; d6 3 → 8 → column 8/9 → 2, doubled → 4. Ammunition: two d6 for the action,
    // 1 and 1. Fatigue 0 + 2 = 2 (tired): 'a defence action … increased by two'. b1 to close: 16 − 2 (4 lost)
    // − 3 (defensive-fire-hits) = 11; d20 15 fails: it retreats (reform die 2: 1 + 1 = 2 actions) and, infantry,
    // keeps its fatigue (step 5).
    let { state } = charged();
    expect(state.phase).toBe('defend');
    expect(candidates(state)).toContainEqual({ type: 'defend', unit: 'g1', choice: 'fire', rapid: true });
    const out = play(state, [{ type: 'defend', unit: 'g1', choice: 'fire', rapid: true }], [3, 1, 1, 15, 2]);
    state = out.state;
    expect(eventsOf(out.events, 'defence')[0]).toMatchObject({ unit: 'g1', choice: 'fire', rapid: true });
    expect(eventsOf(out.events, 'fire')[0]).toMatchObject({ kind: 'canister', casualties: 4, defensive: true, dice: [3, 1, 1] });
    expect(eventsOf(out.events, 'morale').map((e) => [e.unit, e.why, e.need, e.roll, e.pass])).toEqual([['b1', 'closing', 11, 15, false]]);
    expect(unit(state, 'g1').fatigue).toBe(2);
    expect(unit(state, 'b1')).toMatchObject({ figures: 16, fatigue: 0, status: 'retreat' });
  });

  it('a tired battery (−10 in the melee it would now fight) is factored in: assault on it reads tired −10', () => {
    let { state } = charged();
    state = play(state, [{ type: 'defend', unit: 'g1', choice: 'fire', rapid: true }], [3, 1, 1, 15, 2]).state;
    // Priced as b1 would meet it had it closed (b1 taken in good order where it charged from).
    const fresh = { ...unit(charged().state, 'b1') };
    const sit = assaultSituation({ table: state.table, units: state.units.map((u) => (u.id === 'b1' ? fresh : u)), leaders: state.leaders, attacker: fresh, defender: unit(state, 'g1') });
    expect(sit.allowed && sit.defender.modifiers.map((m) => `${m.id} ${m.value}`)).toContain('tired -10');
  });

  it('is refused to a battery already fatigued, and to a defence that is not fire', () => {
    const { state } = charged();
    expect(() => play(state, [{ type: 'defend', unit: 'g1', choice: 'none', rapid: true }])).toThrow(/only a fire defence/);
    unit(state, 'g1').fatigue = 1;
    expect(() => play(state, [{ type: 'defend', unit: 'g1', choice: 'fire', rapid: true }])).toThrow(/normal fatigue/);
    expect(candidates(state)).not.toContainEqual(expect.objectContaining({ rapid: true }));
  });
});

// r1 red column (20) at (30, 28) facing north; r2 and r3 columns at (42, 36) and (54, 36); blue's medium cavalry bc (12) in line at
// (30, 32) facing north, front edge y 31.5; b1 line at (40, 10) (flow-counter.test.ts's mover position).
const moverScenario = () =>
  valid(
    neScenario(
      [
        { id: 'r1', at: [30, 28], facing: 0, formation: 'column' },
        { id: 'r2', at: [42, 36], facing: 0, formation: 'column' },
        { id: 'r3', at: [54, 36], facing: 0, formation: 'column' },
      ],
      [
        { id: 'bc', arm: 'cavalry', figures: 12, at: [30, 32], facing: 0 },
        { id: 'b1', at: [40, 10], facing: 180, formation: 'line' },
      ],
    ),
  );

describe('cavalry that fails its counter-charge stays where it is (Cavalry Counter Charges; notes §13)', () => {
  it('unmoved, it spends the action it tried with and may not move later this period; the other stays for a defence', () => {
    // r1 moves 8" north (one action): its rear edge y 20.75 is 10.75" ahead of bc, within 13". bc, unmoved, tries:
    // 16, no modifiers; d20 17 fails. It "remains stationary": its activation is over with one action spent.
    let { state } = play(begin(moverScenario(), 'A'), [{ type: 'move', unit: 'r1', to: [30, 20], facing: 0 }]);
    expect(state.phase).toBe('counter');
    const at = [unit(state, 'bc').x, unit(state, 'bc').y];
    state = play(state, [{ type: 'charge', unit: 'bc', target: 'r1' }], [17]).state;
    expect(state.flow.bc).toMatchObject({ started: true, ended: true, used: 1, stand: false });
    expect(hasDefenceAction(state.flow.bc!)).toBe(true);
    // Red (A, two a step) ends r1 and stands r2; blue's step: only b1 may start, and bc is refused.
    state = play(state, [{ type: 'done', unit: 'r1' }, { type: 'stand', unit: 'r2' }]).state;
    expect([state.phase, state.active]).toEqual(['activate', 1]);
    expect(() => play(state, [{ type: 'move', unit: 'bc', to: [30, 28], facing: 0 }])).toThrow(/already been activated/);
    expect(candidates(state).some((a) => 'unit' in a && a.unit === 'bc')).toBe(false);
    expect([unit(state, 'bc').x, unit(state, 'bc').y]).toEqual(at);
  });
});

// Red's medium cavalry c1 (12 figures, line: 9" wide, 1" deep) at (30, 30) facing north; blue's column b1 (20
// figures: 7 in front × 0.375 = 2.625" wide, 1.5" deep) at (30, 20) facing south, rectangle y 19.25–20.75
// (flow-fatigue.test.ts's position). c1's charge squares it on b1's front: front edge y 20.75, centre (30, 21.25).
const cavalryOnColumn = (): Scenario =>
  valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 30], facing: 0 }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'column' }]));

describe('a charger that will not close halts 2" short (Resolving Close Actions 5; Fatigue Levels)', () => {
  it('declared with the charge: d20 17 > 16 fails, and c1 steps back to 2" from b1 instead of retreating', () => {
    // b1 charged by cavalry: 16 − 3 (a column charged by cavalry) = 13, d20 5 passes; it holds (defence none). c1 to
    // close: 16, d20 17 fails. It halts: straight back 2", centre (30, 23.25), front edge y 22.75, 2" from b1's
    // y 20.75. No retreat status, so no reform die; cavalry that charged and did not close still tires: fatigued.
    let s = begin(cavalryOnColumn(), 'A');
    expect(candidates(s)).toContainEqual({ type: 'charge', unit: 'c1', target: 'b1', halt: true });
    const { state, events } = play(s, [{ type: 'charge', unit: 'c1', target: 'b1', halt: true }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }], [5, 17]);
    s = state;
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.why, e.need, e.roll, e.pass])).toEqual([
      ['b1', 'charged', 13, 5, true],
      ['c1', 'closing', 16, 17, false],
    ]);
    expect(eventsOf(events, 'halt-short')[0]).toMatchObject({ unit: 'c1', target: 'b1', at: [30, 23.25] });
    const c1 = unit(s, 'c1');
    expect(c1.x).toBeCloseTo(30, 6);
    expect(c1.y).toBeCloseTo(23.25, 6);
    expect(c1).toMatchObject({ facing: 0, status: 'table', fatigue: 1, disordered: false, retreatActions: 0 });
    expect(unit(s, 'b1')).toMatchObject({ fatigue: 0, figures: 20, status: 'table' });
  });

  it('without it, the same dice retreat c1 (reform die 2: 1 + 2 = 3 actions), as before', () => {
    const { state } = play(begin(cavalryOnColumn(), 'A'), [{ type: 'charge', unit: 'c1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }], [5, 17, 2]);
    expect(unit(state, 'c1')).toMatchObject({ status: 'retreat', retreatActions: 3, fatigue: 1 });
  });
});
