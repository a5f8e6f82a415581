// The order of movement in a period, worked by hand from the seed: 'Sequence of Play in One Period' steps 2–7,
// 'Movement Order', 'Side A and D Ratios', 'Actions and Turn Points'; rules notes §13.
import { describe, expect, it } from 'vitest';
import { fixedNeDice } from './dice.js';
import { activated, advance, bidder, chooseRole, finish, mayFinish, newPeriod, OrderError, placeBid } from './sequence.js';

const fresh = () => newPeriod([20, 20], { a: 2, d: 1 }, 0);

describe('bidding (Sequence of Play step 2; Actions and Turn Points)', () => {
  it('the first bidder bids, then the other; the higher bid wins and both bids are spent', () => {
    let o = fresh();
    expect(bidder(o, 0)).toBe(0);
    o = placeBid(o, 0, 5, () => 1).order;
    expect(bidder(o, 0)).toBe(1);
    expect(o.winner).toBeNull();
    const r = placeBid(o, 1, 7, () => 1);
    expect(r.order.winner).toBe(1);
    // 20 − 5 and 20 − 7: points once bid are gone until the next game turn.
    expect(r.order.points).toEqual([15, 13]);
    expect(bidder(r.order, 0)).toBeNull();
  });

  it('a tie is broken by a d6 each, rolled again while the dice tie (dice 4,4 then 2,5: blue wins)', () => {
    const dice = fixedNeDice([4, 4, 2, 5]);
    let o = placeBid(fresh(), 0, 6, dice.d6).order;
    const r = placeBid(o, 1, 6, dice.d6);
    o = r.order;
    expect(o.winner).toBe(1);
    expect(r.events.filter((e) => e.type === 'bid-tie').map((e) => e.rolls)).toEqual([[4, 4], [2, 5]]);
    expect(dice.remaining()).toBe(0);
  });

  it('a bid above the points left, negative or fractional is refused with the reason', () => {
    expect(() => placeBid(fresh(), 0, 21, () => 1)).toThrow(/more than the 20 turn points left/);
    expect(() => placeBid(fresh(), 0, -1, () => 1)).toThrow(OrderError);
    expect(() => placeBid(fresh(), 0, 1.5, () => 1)).toThrow(/whole number/);
  });
});

describe('steps of A and D (Movement Order; Side A and D Ratios)', () => {
  const chosen = () => {
    const o = placeBid(placeBid(fresh(), 0, 3, () => 1).order, 1, 2, () => 1).order;
    return chooseRole(o, 'A');
  };

  it('the winner choosing A moves first, two units, then D one, alternating', () => {
    let o = chosen();
    expect([o.a, o.stepSide, o.stepLeft]).toEqual([0, 0, 2]);
    o = activated(o, 0, [5, 5]);
    expect([o.stepSide, o.stepLeft]).toEqual([0, 1]);
    o = activated(o, 0, [4, 5]);
    expect([o.stepSide, o.stepLeft]).toEqual([1, 1]);
    o = activated(o, 1, [3, 4]);
    expect([o.stepSide, o.stepLeft]).toEqual([0, 2]);
  });

  it('the winner may choose D: the loser is then A', () => {
    const o = placeBid(placeBid(fresh(), 0, 3, () => 1).order, 1, 2, () => 1).order;
    expect(chooseRole(o, 'D').a).toBe(1);
  });

  it('A may finish only after moving at least half its units (5 on the table: 3 moved)', () => {
    let o = chosen();
    o = activated(activated(o, 0, [5, 5]), 0, [5, 5]);
    expect(mayFinish(o, 5)).toBe(false);
    expect(() => finish(o, 5)).toThrow(/moved 2 of its 5 units; it must move at least half \(3\)/);
    o = activated(o, 1, [5, 5]);
    o = activated(o, 0, [5, 5]);
    expect(mayFinish(o, 5)).toBe(true);
    expect(finish(o, 5).over).toBe(true);
  });

  it('movement ends when A has no unit left to start; a D with none left gives its steps up', () => {
    let o = chosen();
    o = activated(o, 0, [1, 0]);
    expect([o.stepSide, o.stepLeft, o.over]).toEqual([0, 1, false]);
    o = activated(o, 0, [0, 0]);
    expect(o.over).toBe(true);
    expect(advance(chosen(), [0, 3]).over).toBe(true);
  });
});
