// The turn's flow (Turn Sequence): Orders, Initiative, Actions, Fire and Removal, and the machine that moves a game on
// to the next decision a player must make, rolling whatever dice come in between (orders, initiative,
// reinforcements) and skipping a side with nothing to decide.
import type { DiceSource } from '../dice.js';
import { boxDistance } from './board.js';
import { eliminate } from './combat.js';
import { adoptCtx, makeCtx, nearestEnemy, type Ctx } from './geometry.js';
import { anyFireAction, anyOrderAction, maxOrders, mayAct } from './legal-actions.js';
import { canEnd } from './movement.js';
import { evaluateVictory, suddenDeath, updateControl } from './victory.js';
import { editGenerals, editReinforcements, editUnit, isSpent, onTable, other, unitEditCount, type EventLog, type GameState, type GeneralState, type SideIndex } from './types.js';

/** No game needs nearly this many automatic steps between two decisions; it turns an engine bug into an error. */
const MAX_STEPS = 10000;

/** Pips a Division General has each turn instead of rolling (his three orders always get through). */
const DIVISION_PIPS = 3;

/** A reinforcement with its entry boxes taken may come on at most this many boxes from one of them. */
const ENTRY_SPREAD = 2;

/** The side acting or firing now: the Initiative's holder in the first half of a phase, the other side after. */
export const actingSide = (s: GameState): SideIndex => (s.half === 0 ? s.initiative : other(s.initiative));

// The state whose Defend! window an action has just opened (openDefendWindow): advance() then need not ask again
// whether anyone can fire, since nothing has changed between the two questions.
let defendOpenedOn: GameState | null = null;

/** `s` now waits on Defend! fire that its pending side was just found to have, as nothing changes before advance(). */
export function openDefendWindow(s: GameState, defender: SideIndex, acting: SideIndex): void {
  s.pending = { kind: 'defend', side: defender, resume: acting };
  defendOpenedOn = s;
}

// The context an action's Defend! question was asked on (perform.ts finishAction), and the count of unit edits then:
// when the game stops for a decision with no unit changed since, it is the new state's context (geometry.ts adoptCtx).
let askedOn: Ctx | null = null;
let askedAt = 0;

/** The context `finishAction` asked its Defend! question on, after the action's last change to a unit. */
export function noteAskedOn(ctx: Ctx): void {
  askedOn = ctx;
  askedAt = unitEditCount();
}

/** Hands `s` out with the context last asked on, when that was made on `s` and no unit has changed since. */
function adoptAsked(s: GameState): void {
  if (askedOn !== null && askedOn.s === s && askedAt === unitEditCount()) adoptCtx(s, askedOn);
  askedOn = null;
}

/** Moves the game on until a player has a decision to make, or the game is over. */
export function advance(s: GameState, dice: DiceSource, ev: EventLog): void {
  for (let guard = 0; guard < MAX_STEPS; guard++) {
    if (s.phase === 'over') return;
    const p = s.pending;
    if (s.phase === 'orders') {
      if (anyOrderAction(s, p.side)) return;
      endOrders(s, p.side, dice, ev);
      continue;
    }
    if (p.kind === 'assault-defence' || p.kind === 'assault-win') return;
    if (p.kind === 'defend') {
      if (defendOpenedOn === s) {
        defendOpenedOn = null;
        adoptAsked(s);
        return;
      }
      const ctx = makeCtx(s);
      if (anyFireAction(ctx, p.side, 'defend-fire')) {
        adoptCtx(s, ctx);
        return;
      }
      s.pending = { kind: 'actions', side: p.resume };
      continue;
    }
    if (s.phase === 'actions') {
      // A unit holding an order can nearly always do something, so ask; the player may end the phase.
      const any = s.units.some((u) => u.side === p.side && mayAct(u));
      if (any) {
        adoptAsked(s);
        return;
      }
      nextActionsHalf(s);
      continue;
    }
    if (s.phase === 'fire') {
      const ctx = makeCtx(s);
      if (anyFireAction(ctx, p.side, 'fire')) {
        adoptCtx(s, ctx);
        return;
      }
      if (s.half === 0) {
        s.half = 1;
        s.pending = { kind: 'fire', side: other(s.initiative) };
        continue;
      }
      removal(s, ev);
      if ((s.phase as string) === 'over') return;
      startTurn(s, dice, ev);
      continue;
    }
  }
  throw new Error('engine loop did not settle');
}

export function startTurn(s: GameState, dice: DiceSource, ev: EventLog): void {
  s.turn++;
  s.phase = 'orders';
  s.half = 0;
  ev?.push({ type: 'turn', turn: s.turn });
  arriveReinforcements(s, dice, ev);
  for (const g of editGenerals(s)) {
    g.placed = false;
    g.pips = 0;
    g.roll = 0;
    if (g.status !== 'table') continue;
    if (g.division) {
      g.pips = DIVISION_PIPS;
    } else {
      // Orders saved by Excellent Staff come on top of the roll; they stay counted in `banked` until spent.
      g.roll = dice.d6();
      g.pips = g.roll + g.banked;
    }
    ev?.push({ type: 'orders-roll', general: g.id, roll: g.roll, pips: g.pips });
  }
  s.pending = { kind: 'orders', side: s.initiative };
}

function arriveReinforcements(s: GameState, dice: DiceSource, ev: EventLog): void {
  const b = s.board;
  for (let ri = 0; ri < s.reinforcements.length; ri++) {
    if (s.reinforcements[ri]!.arrived) continue;
    const r = editReinforcements(s)[ri]!;
    let due = false;
    if (r.turn !== null) due = s.turn >= r.turn;
    else if (r.roll) {
      if (s.turn >= r.roll.from) {
        const roll = dice.d6();
        due = roll >= r.roll.need;
        ev?.push({ type: 'reinforcement-roll', side: s.meta.sides[r.side].key, roll, need: r.roll.need, arrives: due });
        // Once the roll succeeds they are due for good, even if there is no room for them yet.
        if (due) r.turn = s.turn;
      }
    } else due = true;
    if (!due) continue;
    // A loop, not filter and map: an empty `filter` result is an array of another kind than a full one.
    const taken = new Set<number>();
    for (const u of s.units) if (onTable(u)) taken.add(u.cell);
    for (const ui of r.units) {
      const u = s.units[ui]!;
      if (u.status !== 'reserve') continue;
      let cell = r.entry.find((i) => !taken.has(i) && canEnd(b, u, i)) ?? -1;
      if (cell < 0) {
        // The nearest free box to the entry, not too far in: otherwise it waits for room.
        let best = Infinity;
        for (let i = 0; i < b.cols * b.rows; i++) {
          if (taken.has(i) || !canEnd(b, u, i)) continue;
          for (const e of r.entry) {
            const d = boxDistance(b, e, i);
            if (d <= ENTRY_SPREAD && d < best) {
              best = d;
              cell = i;
            }
          }
        }
      }
      if (cell < 0) continue;
      const w = editUnit(s, ui);
      w.status = 'table';
      w.cell = cell;
      w.facing = r.facing;
      // Infantry arrives in column, ready to march.
      w.formation = w.type === 'Infantry' ? 'column' : null;
      taken.add(cell);
      ev?.push({ type: 'reinforcement', unit: u.id, at: b.names[cell] });
      for (const g of editGenerals(s)) {
        if (g.status === 'reserve' && g.side === u.side && g.commands.includes(ui)) {
          g.status = 'table';
          g.unit = ui;
          ev?.push({ type: 'general-arrives', general: g.id, unit: u.id });
        }
      }
    }
    if (r.units.every((ui) => s.units[ui]!.status !== 'reserve')) r.arrived = true;
  }
}

/** Places a General with the unit under his command farthest from the enemy, or leaves him off the table. */
export function rehome(s: GameState, g: GeneralState): void {
  let best = -1;
  let bestD = -1;
  for (const ui of g.commands) {
    const u = s.units[ui]!;
    if (!onTable(u) || isSpent(u)) continue;
    const d = nearestEnemy(s, u.side, u.cell);
    if (d > bestD) {
      best = ui;
      bestD = d;
    }
  }
  if (best < 0) {
    g.unit = -1;
    g.status = g.commands.some((ui) => s.units[ui]!.status === 'reserve') ? 'reserve' : 'removed';
    return;
  }
  g.unit = best;
  g.status = 'table';
}

/** Phase 5: spent units go, with their Generals; last turn's lost Generals come back; orders lapse. */
function removal(s: GameState, ev: EventLog): void {
  s.units.forEach((u, ui) => {
    if (onTable(u) && isSpent(u)) eliminate(s, ui, 'lost all its hits', ev);
  });
  for (let gi = 0; gi < s.generals.length; gi++) {
    if (s.generals[gi]!.status === 'removed' && s.generals[gi]!.removedTurn < s.turn) {
      const g = editGenerals(s)[gi]!;
      rehome(s, g);
      if ((g.status as string) === 'table') ev?.push({ type: 'general-returns', general: g.id, unit: s.units[g.unit]!.id });
    }
  }
  for (let ui = 0; ui < s.units.length; ui++) {
    const u = s.units[ui]!;
    // A unit with nothing to forget is left shared with the state before.
    if (u.orders === 0 && u.used === 0 && u.did === 0) continue;
    const w = editUnit(s, ui);
    w.orders = 0;
    w.used = 0;
    w.did = 0;
  }
  updateControl(s);
  const verdict = suddenDeath(s) || s.turn >= s.meta.limit;
  if (verdict) {
    s.outcome = evaluateVictory(s);
    s.phase = 'over';
    s.pending = { kind: 'over', side: 0 };
    ev?.push({ type: 'game-over', ...s.outcome });
  }
}

/** The side ends its Orders phase: unplaced Generals give their free order, Excellent Staff saves pips, and once both
 * sides have given orders the Initiative is rolled and the Actions phase begins. */
export function endOrders(s: GameState, side: SideIndex, dice: DiceSource, ev: EventLog): void {
  for (const g of editGenerals(s)) {
    if (g.side !== side || g.status !== 'table') continue;
    if (!g.placed && g.unit >= 0) {
      const u = s.units[g.unit]!;
      if (onTable(u) && !isSpent(u) && u.orders < maxOrders(u)) editUnit(s, g.unit).orders++;
      g.placed = true;
    }
    // Excellent Staff: one order of this roll saved on a 5, two on a 6, to be spent in any later Orders phase; the
    // text caps what one roll may save, not what is kept, so saved orders stay until spent. This turn's pips are
    // taken to be spent before saved ones (they lapse otherwise), so the saved pips still unspent stay saved.
    if (g.excellentStaff) {
      const stillSaved = Math.min(g.banked, g.pips);
      const keep = Math.min(g.pips - stillSaved, g.roll === 6 ? 2 : g.roll === 5 ? 1 : 0);
      g.banked = stillSaved + keep;
      if (keep > 0) ev?.push({ type: 'orders-saved', general: g.id, saved: keep, banked: g.banked });
    }
    g.pips = 0;
  }
  ev?.push({ type: 'end-orders', side: s.meta.sides[side].key });
  if (s.half === 0) {
    s.half = 1;
    s.pending = { kind: 'orders', side: other(side) };
    return;
  }
  // Both sides have given orders: the Initiative phase (not on turn 1). The side without it takes it only by
  // winning the roll by 2 or more.
  if (s.turn > 1) {
    const holder = s.initiative;
    const a = dice.d6();
    const r = dice.d6();
    if (r >= a + 2) s.initiative = other(holder);
    ev?.push({ type: 'initiative', holderRoll: a, reactorRoll: r, initiative: s.meta.sides[s.initiative].key });
  }
  s.phase = 'actions';
  s.half = 0;
  s.pending = { kind: 'actions', side: s.initiative };
}

export function endActions(s: GameState, ev: EventLog): void {
  ev?.push({ type: 'end-actions', side: s.meta.sides[actingSide(s)].key });
  nextActionsHalf(s);
}

function nextActionsHalf(s: GameState): void {
  if (s.half === 0) {
    s.half = 1;
    s.pending = { kind: 'actions', side: other(s.initiative) };
  } else {
    s.phase = 'fire';
    s.half = 0;
    s.pending = { kind: 'fire', side: s.initiative };
  }
}
