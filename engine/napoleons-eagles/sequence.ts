// Who moves when within a period (seed 'Sequence of Play in One Period' steps 2–7, 'Movement Order', 'Side A and D
// Ratios', 'Actions and Turn Points'; rules notes §13): the secret bid of turn points, the winner's choice of side A
// or D, and the alternating steps in which A starts `ratio.a` units and D `ratio.d`. Pure functions on a small
// record, so the counting is tested without any table or unit.
import type { GameEvent } from '../../domain/engine-protocol.js';

export type Side = 0 | 1;
export const other = (s: Side): Side => (s === 0 ? 1 : 0);

export interface PeriodOrder {
  /** Turn points each side has left this game turn. */
  points: [number, number];
  /** This period's bids; one side's is hidden from view until both are in. */
  bids: [number | null, number | null];
  /** The side that won the bid, once both are in. */
  winner: Side | null;
  /** Side A this period, once chosen. */
  a: Side | null;
  ratio: { a: number; d: number };
  /** The side whose step it is, and how many more units it may start in this step. */
  stepSide: Side;
  stepLeft: number;
  /** Units each side has activated this period. */
  moved: [number, number];
  /** Side A declared it has finished (or ran out of units): movement is over for the period. */
  over: boolean;
}

export class OrderError extends Error {}

export function newPeriod(points: [number, number], ratio: { a: number; d: number }, firstBidder: Side): PeriodOrder {
  return { points: [...points], bids: [null, null], winner: null, a: null, ratio, stepSide: firstBidder, stepLeft: 0, moved: [0, 0], over: false };
}

/** The side that bids now: the first bidder, then the other; null once both have bid. */
export function bidder(o: PeriodOrder, firstBidder: Side): Side | null {
  if (o.bids[firstBidder] === null) return firstBidder;
  const second = other(firstBidder);
  return o.bids[second] === null ? second : null;
}

/**
 * Records `side`'s bid. Both bids are spent whoever wins (points once bid are gone until the next game turn); a
 * tie is broken by each side rolling a d6, again while they tie.
 */
export function placeBid(o: PeriodOrder, side: Side, points: number, d6: () => number): { order: PeriodOrder; events: GameEvent[] } {
  if (o.bids[side] !== null) throw new OrderError('this side has already bid this period');
  if (!Number.isInteger(points) || points < 0) throw new OrderError(`a bid is a whole number of turn points, 0 or more, not ${String(points)}`);
  if (points > o.points[side]) throw new OrderError(`a bid of ${points} is more than the ${o.points[side]} turn points left this game turn`);
  const bids: [number | null, number | null] = [...o.bids];
  bids[side] = points;
  const next: PeriodOrder = { ...o, bids };
  if (bids[0] === null || bids[1] === null) return { order: next, events: [{ type: 'bid', side }] };
  const [b0, b1] = [bids[0], bids[1]];
  const events: GameEvent[] = [];
  let winner: Side;
  if (b0 !== b1) winner = b0 > b1 ? 0 : 1;
  else {
    for (;;) {
      const r0 = d6();
      const r1 = d6();
      events.push({ type: 'bid-tie', bids: [b0, b1], rolls: [r0, r1] });
      if (r0 !== r1) {
        winner = r0 > r1 ? 0 : 1;
        break;
      }
    }
  }
  events.unshift({ type: 'bids', bids: [b0, b1], winner });
  return { order: { ...next, points: [o.points[0] - b0, o.points[1] - b1], winner }, events };
}

/** The bid winner takes side A or D; A takes the first step. */
export function chooseRole(o: PeriodOrder, role: 'A' | 'D'): PeriodOrder {
  if (o.winner === null) throw new OrderError('the bids are not both in yet');
  if (o.a !== null) throw new OrderError('sides A and D are already chosen this period');
  if (role !== 'A' && role !== 'D') throw new OrderError(`a role is A or D, not ${String(role)}`);
  const a = role === 'A' ? o.winner : other(o.winner);
  return { ...o, a, stepSide: a, stepLeft: o.ratio.a };
}

/** Whether side A has moved enough units to stop: at least half of those it has on the table (rounded up). */
export function mayFinish(o: PeriodOrder, aOnTable: number): boolean {
  return o.a !== null && o.moved[o.a] * 2 >= aOnTable;
}

/**
 * Moves the step on after a unit's activation, or when a side has no unit left to start. `eligible` is how many
 * units each side could still start. Movement ends when A finishes or has no unit left; a D with no unit left
 * simply gives its steps up, so A goes on moving.
 */
export function advance(o: PeriodOrder, eligible: [number, number]): PeriodOrder {
  if (o.a === null || o.over) return o;
  const a = o.a;
  const d = other(a);
  if (eligible[a] === 0) return { ...o, over: true, stepLeft: 0 };
  if (o.stepLeft > 0 && eligible[o.stepSide] > 0) return o;
  if (o.stepSide === a && eligible[d] > 0) return { ...o, stepSide: d, stepLeft: o.ratio.d };
  return { ...o, stepSide: a, stepLeft: o.ratio.a };
}

/** Counts a finished activation of `side` and moves the step on. */
export function activated(o: PeriodOrder, side: Side, eligible: [number, number]): PeriodOrder {
  const moved: [number, number] = [...o.moved];
  moved[side]++;
  return advance({ ...o, moved, stepLeft: Math.max(0, o.stepLeft - 1) }, eligible);
}

/** Side A stops moving for the period. */
export function finish(o: PeriodOrder, aOnTable: number): PeriodOrder {
  if (o.a === null) throw new OrderError('sides A and D are not chosen yet');
  if (!mayFinish(o, aOnTable)) {
    throw new OrderError(`side A has moved ${o.moved[o.a]} of its ${aOnTable} units; it must move at least half (${Math.ceil(aOnTable / 2)}) before it finishes`);
  }
  return { ...o, over: true, stepLeft: 0 };
}
