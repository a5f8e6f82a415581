// Game table flanks ('Game Table Flanks', optional; rules notes §15). With `tableFlanks` at 2 or 3 the table is cut
// into that many equal strips across its longer side (left to right: west to east on a table wider than deep, else
// north to south), and each flank runs its own bidding: its own turn points (the side's full allowance per game turn,
// per flank), its own bid and its own sides A and D each period. The text sets nothing else by flank — not set-up,
// nor leaving the table, reinforcements or retreats — so those stay as they are.
// In a period the flanks bid one after the other, left to right; then each flank moves its units through its own
// sequence (steps 3–7) in turn, the flank with the highest winning bid first (the text gives it the choice of who
// moves first where flanks meet; ties go to the left). A unit belongs to the flank its centre stands in when the
// period begins, and keeps it for the period even if it crosses into another ("keep all flanks synchronized").
// Leaders (step 8), close actions and morale are for the whole table, after every flank has moved.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { newPeriod, type PeriodOrder, type Side } from './sequence.js';
import { onTable, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

export interface FlankPlay {
  count: number;
  /** Each flank's order this period (its turn points left, bids, roles, steps). */
  orders: PeriodOrder[];
  /** Each unit's flank this period, by id. */
  of: Record<string, number>;
  /** The flank bidding or moving now, and the flanks still to move after it. */
  now: number;
  stage: 'bidding' | 'moving';
  queue: number[];
}

export function flankCount(s: NeGameState): number {
  const n = s.table.options.tableFlanks;
  return n === 2 || n === 3 ? n : 1;
}

/** The flank a point lies in (0 = left). */
export function flankAt(s: NeGameState, count: number, x: number, y: number): number {
  const wide = s.table.width >= s.table.height;
  const along = wide ? x / s.table.width : y / s.table.height;
  return Math.max(0, Math.min(count - 1, Math.floor(along * count)));
}

/**
 * At the start of a period (after the whole-table order was made): with flanks on, one order per flank, each with
 * its own points — the side's full allowance at a new game turn, else what that flank has left — and bidding begins
 * on the left flank.
 */
export function startFlanks(s: NeGameState, fresh: [number, number], ratio: { a: number; d: number }, first: Side, events: GameEvent[]): void {
  const count = flankCount(s);
  if (count === 1) return;
  const before = s.flanks;
  const orders = Array.from({ length: count }, (_, k) => newPeriod(s.period === 1 || !before ? fresh : before.orders[k]!.points, ratio, first));
  const of: Record<string, number> = {};
  for (const u of s.units) if (onTable(u)) of[u.id] = flankAt(s, count, u.x, u.y);
  s.flanks = { count, orders, of, now: 0, stage: 'bidding', queue: [] };
  s.order = orders[0]!;
  events.push({ type: 'flank', flank: 0, stage: 'bidding' });
}

/** A copy of the flank record to change: states before this one share the old record. */
function own(s: NeGameState): FlankPlay | undefined {
  if (!s.flanks) return undefined;
  s.flanks = { ...s.flanks, orders: [...s.flanks.orders], queue: [...s.flanks.queue] };
  return s.flanks;
}

/** Whether `u` may act in the flank moving now (always, without flanks). */
export function inFlankNow(s: NeGameState, u: NeUnit): boolean {
  const f = s.flanks;
  return !f || f.stage !== 'moving' || f.of[u.id] === f.now;
}

/**
 * After a flank's roles are chosen: the next flank bids (true: the caller waits for its bids), or, the last one
 * chosen, movement begins with the flank that bid highest (false: the caller starts movement on `s.order`).
 */
export function nextFlankBids(s: NeGameState, first: Side, events: GameEvent[]): boolean {
  if (s.flanks?.stage !== 'bidding') return false;
  const f = own(s)!;
  f.orders[f.now] = s.order;
  if (f.now + 1 < f.count) {
    f.now++;
    s.order = f.orders[f.now]!;
    s.phase = 'bid';
    s.active = first;
    events.push({ type: 'flank', flank: f.now, stage: 'bidding' });
    return true;
  }
  const top = (o: PeriodOrder) => Math.max(o.bids[0] ?? 0, o.bids[1] ?? 0);
  const order = f.orders.map((_, k) => k).sort((p, q) => top(f.orders[q]!) - top(f.orders[p]!) || p - q);
  f.stage = 'moving';
  f.now = order[0]!;
  f.queue = order.slice(1);
  s.order = f.orders[f.now]!;
  events.push({ type: 'flank', flank: f.now, stage: 'moving' });
  return false;
}

/** When a flank's movement is over: the next flank moves (true), or every flank has moved (false). */
export function nextFlankMoves(s: NeGameState, events: GameEvent[]): boolean {
  if (s.flanks?.stage !== 'moving') return false;
  const f = own(s)!;
  f.orders[f.now] = s.order;
  const next = f.queue.shift();
  if (next === undefined) return false;
  f.now = next;
  s.order = f.orders[next]!;
  events.push({ type: 'flank', flank: next, stage: 'moving' });
  return true;
}
