// Fatigue through the periods, played through the real sequence of play and worked by hand from the seed first
// ('Fatigue Levels of a Unit', 'Unit Recovery' and its two examples, 'Force Marching', 'Rapid Fire', 'Artillery
// Ammunition', 'Resolving Close Actions' 5 and 9, 'Cavalry Charges' 5, 'Modifiers to melee value', 'Morale
// Modifiers'; rules notes §11 "Fire", §13 "Activation", "Fatigue").
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import type { Action } from './game.js';
import { fireCheck } from './game.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import { assaultSituation } from './melee.js';
import { neScenario, valid } from './test-kit.js';

/** A later period's order: red bids 1, blue 0, red takes `role`. */
const period = (role: 'A' | 'D'): Action[] => [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role }];

// Red's column r1 (20 figures, B16C40: 8" an action) at (30, 40) facing north; blue's line b1 at (30, 10) far off.
const march = (): Scenario => valid(neScenario([{ id: 'r1', at: [30, 40], facing: 0, formation: 'column' }], [{ id: 'b1', at: [30, 10], facing: 180 }]));

describe('force march and rest (Force Marching, Unit Recovery)', () => {
  it('a force march adds one movement action and two fatigue levels at once; once a period; never when tired; rest takes a level an action', () => {
    // Period 1: r1 moves 8" (its first action) and force-marches 8" more: normal → tired (2) on the spot.
    let state = play(begin(march(), 'A'), [
      { type: 'move', unit: 'r1', to: [30, 32], facing: 0 },
      { type: 'force-march', unit: 'r1', to: [30, 24], facing: 0 },
    ]).state;
    expect(unit(state, 'r1')).toMatchObject({ fatigue: 2, y: 24 });
    expect(state.flow.r1!.used).toBe(1);
    expect(() => play(state, [{ type: 'force-march', unit: 'r1', to: [30, 20], facing: 0 }])).toThrow(/already force marched this period/);
    // Its general follows it in step 8, keeping it within his 15" (out of command it could not close on b1).
    state = play(state, [{ type: 'done', unit: 'r1' }, { type: 'leader', leader: 'red-gen', to: [30, 26], attach: null }, ...endLeaders]).state;
    // Period 2: a tired unit may not force march. Resting its two actions takes it tired → fatigued → normal
    // (the text's first example: tired, two actions of rest, normal).
    state = play(state, period('A')).state;
    expect(() => play(state, [{ type: 'force-march', unit: 'r1', to: [30, 16], facing: 0 }])).toThrow(/tired or exhausted unit may not force march/);
    state = play(state, [{ type: 'rest', unit: 'r1' }]).state;
    expect(unit(state, 'r1').fatigue).toBe(1);
    state = play(state, [{ type: 'rest', unit: 'r1' }]).state;
    expect(unit(state, 'r1').fatigue).toBe(0);
    // Period 3: fresh again, it may force march; with nothing to recover from, rest is refused.
    // (With a force march still open to it, its activation stays open until it says done.)
    state = play(state, [{ type: 'done', unit: 'r1' }, ...endLeaders, ...period('A')]).state;
    expect(() => play(state, [{ type: 'rest', unit: 'r1' }])).toThrow(/nothing to rest from/);
    expect(unit(play(state, [{ type: 'force-march', unit: 'r1', to: [30, 20], facing: 0 }]).state, 'r1').fatigue).toBe(2);
  });
});

// Red's column r1 at (30, 40); blue's line b1 (20) at (30, 20) facing south, front edge y 20.25.
const assault = (): Scenario => valid(neScenario([{ id: 'r1', at: [30, 40], facing: 0, formation: 'column' }], [{ id: 'b1', at: [30, 20], facing: 180 }]));

describe('a force march into a charge (Fatigue Levels: "increased by two for the close action")', () => {
  it('r1 fights tired (MV −10, morale −2) and comes out exhausted, and may then not force march', () => {
    // r1 moves 8" to (30, 32), force-marches 8" to (30, 24) (front edge y 23.25, 3" from b1) and charges with its
    // second action. Step 9: b1 charged, 16 → d20 10; held with a stand marker, no defence. r1 closes at
    // 16 − 2 (tired) = 14 → d20 14. MV r1 40 − 10 (tired) = 30; b1 40 + 5 (enfilade 40 v 14) = 45. Melee 6 × 30 = 180
    // v 3 × 45 = 135: r1 wins. Contact 7 (7–8 column): r1's die 1 on its winning row → 2; b1's die 1 on its losing
    // row → 0. b1 as the loser: 16 − 1 (2 lost) = 15, d20 5 passes; it retreats (reform die 1). Both up a level:
    // r1 tired → exhausted, b1 normal → fatigued.
    const { state, events } = play(
      begin(assault(), 'A'),
      [
        { type: 'move', unit: 'r1', to: [30, 32], facing: 0 },
        { type: 'force-march', unit: 'r1', to: [30, 24], facing: 0 },
        { type: 'charge', unit: 'r1', target: 'b1' },
        ...endLeaders,
        { type: 'defend', unit: 'b1', choice: 'none' },
      ],
      [10, 14, 6, 3, 1, 1, 5, 1],
    );
    expect(eventsOf(events, 'morale').find((e) => e.why === 'closing')).toMatchObject({ unit: 'r1', need: 14, pass: true });
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [30, 45], totals: [180, 135], winner: 'charger' });
    expect([unit(state, 'r1').fatigue, unit(state, 'b1').fatigue]).toEqual([3, 1]);
    const next = play(state, period('A')).state;
    expect(() => play(next, [{ type: 'force-march', unit: 'r1', to: [30, 16], facing: 0 }])).toThrow(/tired or exhausted/);
  });
});

// Red's medium cavalry c1 (12 figures) in line at (30, 30) facing north; blue's column b1 at (30, 20) facing south,
// 8.75" away (flow-charge.test.ts works the same position).
const cavalryOnColumn = (): Scenario =>
  valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 30], facing: 0 }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'column' }]));

describe('cavalry that charged and did not close (Fatigue Levels; Cavalry Charges 5)', () => {
  it('still goes up a level, while the infantry it charged does not', () => {
    // b1 charged: 16 − 3 (column charged by cavalry) = 13, d20 5 passes; defence none. c1 to close: 16, d20 17 fails:
    // it retreats (12"; reform die 2 + 1 cavalry = 3 → 2 actions; 1 + 2 = 3 to recover) and is fatigued.
    const { state } = play(
      begin(cavalryOnColumn(), 'A'),
      [{ type: 'charge', unit: 'c1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }],
      [5, 17, 2],
    );
    expect(unit(state, 'c1')).toMatchObject({ fatigue: 1, status: 'retreat', retreatActions: 3 });
    expect(unit(state, 'b1')).toMatchObject({ fatigue: 0, figures: 20 });
  });
});

// Red's foot battery g1 (6 guns, 6lb, B16B25; 2 models: 2" wide, 1.5" deep) unlimbered at (30, 30) facing north,
// front edge y 29.25; blue's line b1 (20 figures) at (30, 24) facing south, rectangle y 23.75–24.25: 5", within the
// 6lb's canister range (8"). Canister: 2 × 6 cannons = 12 figures, row 12 (eight values from the column 3/4 up:
// 2, 2, 2, 2, 2, 4, 4, 4); +1 Fire B, +4 canister 6lb, no range modifier: +5.
const battery = (): Scenario =>
  valid(neScenario([{ id: 'g1', arm: 'artillery', at: [30, 30], facing: 0 }], [{ id: 'b1', at: [30, 24], facing: 180 }]));

describe('rapid fire and a battery\'s recovery (Rapid Fire, Fatigue Levels, Unit Recovery)', () => {
  it('doubles the casualties and leaves the battery exhausted: −15 when charged, no second rapid fire until it has rested three actions', () => {
    // Period 1, red A: g1 fires rapidly, one action. d6 3 + 5 = 8 → column 8/9 → 2, doubled → 4. Ammunition: two d6
    // for the one action (rapid fire doubles them), 1 and 1: no 6. Fatigue +3: exhausted. b1, marked, checks in
    // step 10 at 16 − 2 (4 lost) = 14, d20 5 passes.
    let { state, events } = play(
      begin(battery(), 'A'),
      [{ type: 'fire', unit: 'g1', target: 'b1', actions: 1, rapid: true }, { type: 'done', unit: 'g1' }, ...endLeaders],
      [3, 1, 1, 5],
    );
    expect(eventsOf(events, 'fire')[0]).toMatchObject({ kind: 'canister', range: 5, casualties: 4 });
    expect(eventsOf(events, 'ammunition')[0]).toMatchObject({ sixes: 0, out: false });
    expect(unit(state, 'b1').figures).toBe(16);
    const g1 = unit(state, 'g1');
    expect(g1.fatigue).toBe(3);
    // 'This will be factored in for the close action if being charged': b1 charging g1 now meets 25 − 15 = 10.
    const sit = assaultSituation({ table: state.table, units: state.units, leaders: state.leaders, attacker: unit(state, 'b1'), defender: g1 });
    expect(sit.allowed && sit.defender.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['exhausted -15']);
    expect(sit.allowed && sit.defender.value).toBe(10);

    // Period 2: only a battery at normal fatigue fires rapidly. Two rests: exhausted → tired → fatigued.
    state = play(state, period('A')).state;
    const refused = fireCheck(state, unit(state, 'g1'), unit(state, 'b1'), 1, true);
    expect(refused).toMatchObject({ allowed: false });
    expect(!refused.allowed && refused.reason).toMatch(/normal fatigue/);
    state = play(state, [{ type: 'rest', unit: 'g1' }, { type: 'rest', unit: 'g1' }, { type: 'done', unit: 'g1' }, ...endLeaders]).state;
    expect(unit(state, 'g1').fatigue).toBe(1);
    // Period 3, the text's second example: fatigued, one action of rest → normal, and the second action fires
    // without penalty — here rapidly again: d6 6 + 5 = 11 → 4, doubled → 8; ammunition 1 and 1; exhausted again.
    // b1 checks at 16 − 6 (12 lost) − 3 (more than half lost) = 7, d20 5 passes.
    ({ state, events } = play(state, [...period('A'), { type: 'rest', unit: 'g1' }, { type: 'fire', unit: 'g1', target: 'b1', actions: 1, rapid: true }, ...endLeaders], [6, 1, 1, 5]));
    expect(eventsOf(events, 'rest')[0]).toMatchObject({ unit: 'g1', fatigue: 0 });
    expect(eventsOf(events, 'fire')[0]).toMatchObject({ casualties: 8 });
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ unit: 'b1', need: 7, pass: true });
    expect(unit(state, 'b1').figures).toBe(8);
    expect(unit(state, 'g1').fatigue).toBe(3);
  });
});
