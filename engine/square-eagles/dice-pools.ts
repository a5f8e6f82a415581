// The dice pool of one fire or assault with every modifier named, as `adc explain` and the play view's previews ask
// for it: at a game's position, or from the set-up with what explain assumes.
import {
  assaultDice,
  firePool,
  type AssaultPool,
  type FirePool,
  type PoolAssumptions,
} from './combat.js';
import { boxOnSide, facingTowards, makeCtx, sideOf } from './geometry.js';
import { assaultApproach, assaultStartFacings, mayAssault } from './movement.js';
import { cloneState, isGuns, onTable, unitIndexOf, unusedOrders, type GameState } from './types.js';

export interface PoolQuery {
  kind: 'fire' | 'assault';
  unit: string;
  target: string;
  /** As `adc explain` assumes: the order the fire needs, nobody moved, no order spent. */
  assume?: boolean;
  /** Spend an unused order as a bonus die (fire) or to defend (assault). */
  orderBonus?: boolean;
  /** The fire is paid for with an order (Defend!), standing in for the guns' Bombardment. */
  orderFires?: boolean;
}

/**
 * How the decision pending at `s` would price a fire by `unit`: in the Fire phase an unused order is spent as a
 * bonus die, and under Defend! the order pays for the fire itself (what perform() does), so a preview shows the
 * pool the dice will then be rolled with.
 */
export function pendingFireTerms(s: GameState, unit: string): Pick<PoolQuery, 'orderBonus' | 'orderFires'> {
  const ui = unitIndexOf(s, unit);
  const u = ui >= 0 ? s.units[ui]! : null;
  if (!u || s.pending.kind === 'over' || s.pending.side !== u.side) return {};
  if (s.pending.kind === 'fire') return { orderBonus: unusedOrders(u) > 0 };
  if (s.pending.kind === 'defend') return { orderFires: true };
  return {};
}

export function dicePool(s: GameState, q: PoolQuery): FirePool | AssaultPool {
  const ui = unitIndexOf(s, q.unit);
  const ti = unitIndexOf(s, q.target);
  if (ui < 0) return { allowed: false, reason: `no unit "${q.unit}"` };
  if (ti < 0) return { allowed: false, reason: `no unit "${q.target}"` };
  let state = s;
  if (q.assume) {
    state = cloneState(s);
    for (const u of state.units) {
      u.did = 0;
      u.supplied = true;
    }
  }
  const ctx = makeCtx(state);
  const a: PoolAssumptions = { assumeReady: q.assume === true, orderBonus: q.orderBonus === true, orderFires: q.orderFires === true };
  if (q.kind === 'fire') return firePool(ctx, ui, ti, a);
  const u = state.units[ui]!;
  const t = state.units[ti]!;
  if (!onTable(u) || !onTable(t)) return { allowed: false, reason: 'both units must be on the table' };
  if (u.side === t.side) return { allowed: false, reason: 'the target is a friendly unit' };
  if (!mayAssault(u)) {
    const why =
      u.type === 'Lights' ? 'Lights may not assault' : isGuns(u) ? 'artillery may not assault' : u.formation === 'square' ? 'a square may not assault' : 'the unit has lost all its hits';
    return { allowed: false, reason: why };
  }
  const ap = assaultApproach(ctx, ui, ti);
  if (!ap) {
    const side = sideOf(state.board, t.cell, t.facing, u.cell);
    const contact = boxOnSide(state.board, t.cell, t.facing, side);
    if (contact === u.cell && !assaultStartFacings(u).includes(facingTowards(state.board, contact, t.cell)!)) {
      const why = assaultStartFacings(u).length > 1 ? 'would have to turn more than 90° to face it' : 'does not face it and may not turn at the start of an assault';
      return { allowed: false, reason: `it touches the target's ${side} already, but ${why}` };
    }
    return { allowed: false, reason: `it cannot reach the box touching the target's ${side} (${contact >= 0 ? state.board.names[contact] : 'off the table'}) this turn` };
  }
  const pools = assaultDice(state.board, u, t, ap.from, q.orderBonus === true);
  if (isGuns(t)) {
    return {
      allowed: true,
      arc: pools.arc,
      attacker: pools.attacker,
      defender: { dice: 0, hitOn: pools.defender.hitOn, modifiers: [{ reason: 'guns assaulted are removed', dice: 0 }] },
      gunsRemoved: true,
    };
  }
  return { allowed: true, arc: pools.arc, attacker: pools.attacker, defender: pools.defender, gunsRemoved: false };
}
