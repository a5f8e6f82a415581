// The AI's rapid defensive fire and its halt short of a charge it will not close ('Rapid Fire', 'Fatigue Levels',
// 'Resolving Close Actions' 5, 'Cavalry Charges' 5; rules notes "The AI", "Rapid fire and halting short").
// Worked by hand from the Musket Firing Table and the morale modifiers before the code ran.
import { describe, expect, it } from 'vitest';
import { defenceChoice, defenceFireWorth, haltDanger, RETREAT_COST, withHaltChoice } from './ai-defence.js';
import { begin, endLeaders, play } from './flow-kit.js';
import { neScenario, valid, type Spec } from './test-kit.js';

// Blue's battery g1 (B16B25: Fire B) unlimbered at (30, 20) facing south; red's medium cavalry c1 (12 figures in line,
// 9" wide) at (30, 30) facing north charges it from about 8.5" (within 10": no reaction but fire). g1 was charged
// before it moved, so it holds a stand marker: its defence is the decision.
function charged(gun: Partial<Spec>) {
  const s = begin(valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 30], facing: 0 }], [{ id: 'g1', arm: 'artillery', at: [30, 20], facing: 180, formation: 'unlimbered', ...gun }])), 'A');
  const out = play(s, [{ type: 'charge', unit: 'c1', target: 'g1' }, ...endLeaders], [5]);
  expect(out.state.phase).toBe('defend');
  return out.state;
}

describe('rapid defensive fire (Rapid Fire; notes "The AI")', () => {
  it('a 6-gun 6lb battery fires rapidly at 12 charging cavalry: it halves their chance to close', () => {
    // Canister: 2 × 6 = 12 figures' row, +4 (6lb) +1 (Fire B), no range modifier: die + 5 reads 6 … 11 on row 12:
    // [2, 2, 2, 2, 4, 4]; rapid doubles: [4, 4, 4, 4, 8, 8]. c1's check to close: 16, −3 hit by the fire, −1 per two
    // figures lost, −3 past half: 2 lost → 12 (0.6), 4 → 11 (0.55), 8 → 16 − 3 − 4 − 3 = 6 (0.3). Closing, cavalry
    // rides a battery down (lost: 1). Worth = mean of k + (1 − close) × 6 (the charger's retreat) − close × 8:
    // plain (4 × (2 + 2.4 − 4.8) + 2 × (4 + 2.7 − 4.4)) / 6 = 0.5; rapid (4 × 2.3 + 2 × (8 + 4.2 − 2.4)) / 6 = 4.8.
    // 4.8 − 0.5 = 4.3 outweighs two fatigue levels (2 × 0.9) and an extra ammunition die (0.5): rapid.
    const s = charged({ calibre: '6lb' });
    const c = s.closeActions[0]!;
    expect(defenceFireWorth(s, c, false)).toBeCloseTo(0.5, 6);
    expect(defenceFireWorth(s, c, true)).toBeCloseTo(4.8, 6);
    expect(defenceChoice(s)).toEqual({ type: 'defend', unit: 'g1', choice: 'fire', rapid: true });
  });

  it('a 2-gun 3lb battery does not: rapid fire gains less than its fatigue costs', () => {
    // Row 4, +2 (2-3lb canister) +1: die + 3 reads 4 … 9: [0, 0, 2, 2, 2, 2]; rapid [0, 0, 4, 4, 4, 4]. No hit: c1
    // closes at 16 (0.8): 0 + 1.2 − 6.4 = −5.2. Plain (2 × −5.2 + 4 × −0.4) / 6 = −2; rapid (2 × −5.2 + 4 × 2.3) / 6
    // = −0.2. The gain 1.8 is under 2.3: plain fire.
    const s = charged({ calibre: '2-3lb', guns: 2 });
    const c = s.closeActions[0]!;
    expect(defenceFireWorth(s, c, false)).toBeCloseTo(-2, 6);
    expect(defenceFireWorth(s, c, true)).toBeCloseTo(-0.2, 6);
    expect(defenceChoice(s)).toEqual({ type: 'defend', unit: 'g1', choice: 'fire' });
  });

  it('the choice is one the rules take: g1 fires rapidly and tires two levels for the fight', () => {
    const s = charged({ calibre: '6lb' });
    // Canister die 1 → 2, doubled: 4 on c1; two ammunition dice (1, 1: no 6). c1 closes at 16 − 3 (hit) − 2 (4 lost)
    // = 11: d20 15 fails, and it retreats (reform die 2), up one fatigue level; g1 stays, two levels up (tired).
    const { state, events } = play(s, [defenceChoice(s)!], [1, 1, 1, 15, 2]);
    expect(events.find((e) => e.type === 'defence')).toMatchObject({ unit: 'g1', choice: 'fire', rapid: true });
    expect(events.find((e) => e.type === 'morale')).toMatchObject({ unit: 'c1', why: 'closing', need: 11, pass: false });
    expect(state.units.find((u) => u.id === 'c1')).toMatchObject({ figures: 8, status: 'retreat' });
    expect(state.units.find((u) => u.id === 'g1')).toMatchObject({ fatigue: 2, status: 'table' });
  });
});

// Blue's line b1 (20 figures, 3 ranks, B16C40) at (30, 20) facing south: front edge y 20.25. Red's line r1 (12 figures,
// 4.5" wide) at (30, 26) facing north, 5.5" off: one charge. Halted 2" short, r1's front edge stands at y 22.25.
const lineAndCharger = (blue: Spec[] = []) =>
  begin(valid(neScenario([{ id: 'r1', figures: 12, at: [30, 26], facing: 0 }], [{ id: 'b1', at: [30, 20], facing: 180 }, ...blue])), 'A');

describe('halting short (Resolving Close Actions 5; notes "The AI")', () => {
  it('2" from one line: its two actions of close fire cost 4 on average, under the retreat\'s 6: the AI halts', () => {
    // b1 fires 20 figures × 2 actions = row 40 at close range, Fire C (no modifier), r1 a line (not dense): the die
    // alone reads 1 … 6, all 4 on row 40: mean 4.
    const s = lineAndCharger();
    expect(haltDanger(s, 'r1', 'b1')).toBeCloseTo(4, 6);
    expect(withHaltChoice(s, { type: 'charge', unit: 'r1', target: 'b1' })).toEqual({ type: 'charge', unit: 'r1', target: 'b1', halt: true });
  });

  it('with a 12lb battery 5" off the halting place besides, the fire there outweighs the retreat: no halt', () => {
    // g1: 6 × 12lb unlimbered at (38, 23) facing west, front edge x 37.25, 5" from r1 halted (x 27.75–32.25): in
    // canister range (10") and straight ahead. Two actions: row 24, +6 (12lb) +1 (B): die + 7 reads 8 … 13:
    // [4, 4, 4, 4, 6, 6], mean 28 / 6. With b1's 4: 52 / 6 = 8.67, more than 6.
    const s = lineAndCharger([{ id: 'g1', arm: 'artillery', calibre: '12lb', at: [38, 23], facing: 270, formation: 'unlimbered' }]);
    expect(haltDanger(s, 'r1', 'b1')).toBeCloseTo(52 / 6, 6);
    expect(52 / 6).toBeGreaterThan(RETREAT_COST);
    expect(withHaltChoice(s, { type: 'charge', unit: 'r1', target: 'b1', halt: true })).toEqual({ type: 'charge', unit: 'r1', target: 'b1' });
  });
});
