// The turn of Hex Skirmish (seed 002; docs/rules/hex-skirmish.md §7): who acts, what they may do, and applying an
// action with its dice. Each action is applied to a copy, so a state once made never changes.
import type { GameEvent } from '../../domain/engine-protocol.js';
import { recordingDice, rngDice, type DiceSource } from '../dice.js';
import { hexDistance } from './board.js';
import { fireCasualties, fireTerms, meleeTerms, winnerOf } from './combat.js';
import { abandonHeavy, captureIn, inflict } from './losses.js';
import { hasChoice, mayJoin } from './legal.js';
import { allowance, moveCost } from './movement.js';
import { occupancy, type Occupancy } from './occupancy.js';
import { rallyPhase, rout } from './rout.js';
import { placeIn } from './setup.js';
import { enemyIn, roomFor } from './stacking.js';
import {
  AMMO_TURNS,
  BAGGAGE_REACH,
  copyPiece,
  draftState,
  edit,
  fights,
  headcount,
  other,
  settleDraft,
  stands,
  type Action,
  type GameState,
  type Piece,
  type Side,
  VP,
} from './types.js';
import { endOfGame } from './victory.js';

export interface Applied {
  state: GameState;
  events: GameEvent[];
  rolls: number[];
}

export class RulesError extends Error {}

export { legalActions } from './legal.js';

export const pieceIndex = (s: GameState, id: string): number => s.pieces.findIndex((p) => p.id === id);
const keyOf = (s: GameState, side: Side) => s.meta.sides[side].key;

export const isOver = (s: GameState): boolean => s.phase === 'over';
export const toAct = (s: GameState): Side | null => (s.phase === 'over' ? null : s.active);

// ---- Applying ---------------------------------------------------------------------------------------------------

function need(s: GameState, id: unknown, what: string): number {
  const i = typeof id === 'string' ? pieceIndex(s, id) : -1;
  if (i < 0) throw new RulesError(`no formation "${String(id)}" to ${what}`);
  return i;
}

function own(s: GameState, i: number, what: string): Piece {
  const p = s.pieces[i]!;
  const mine = p.state === 'prisoner' ? p.captor === s.active : p.side === s.active;
  if (!mine) throw new RulesError(`${p.name} is not ${keyOf(s, s.active)}'s to ${what}`);
  if (p.status !== 'table') throw new RulesError(`${p.name} is not on the map`);
  return p;
}

function fire(s: GameState, a: Extract<Action, { type: 'fire' }>, events: GameEvent[], dice: DiceSource): void {
  if (s.phase !== 'cannonade') throw new RulesError('cannon fire only in the cannonade phase');
  const gi = need(s, a.unit, 'fire');
  const ti = need(s, a.target, 'fire at');
  own(s, gi, 'fire');
  const terms = fireTerms(s, gi, ti);
  if (!terms.allowed) throw new RulesError(terms.reason);
  const g = edit(s, gi);
  g.fired = true;
  const roll = dice.d6();
  const hits = fireCasualties(roll, terms.total);
  events.push({ type: 'fire', unit: g.id, target: s.pieces[ti]!.id, range: terms.range, roll, modifier: terms.total, casualties: hits, ...(terms.indirect ? { indirect: true } : {}) });
  inflict(s, [ti], hits, events, 'cannon');
  if (terms.overFriends >= 0) {
    const risk = dice.d6();
    const struck = risk <= 2;
    const lost = struck ? dice.d6() : 0;
    events.push({ type: 'friendly-fire', unit: s.pieces[terms.overFriends]!.id, roll: risk, casualties: lost });
    if (lost > 0) inflict(s, [terms.overFriends], lost, events, 'friendly fire');
  }
}

function move(s: GameState, a: Extract<Action, { type: 'move' }>, events: GameEvent[]): void {
  if (s.phase !== 'march') throw new RulesError('formations move only in the march phase');
  const pi = need(s, a.unit, 'move');
  const p = own(s, pi, 'move');
  const to = s.board.names.indexOf(a.to);
  const cost = to >= 0 ? moveCost(s, pi, to) : undefined;
  if (cost === undefined) throw new RulesError(`${p.name} cannot reach ${String(a.to)} this phase`);
  const from = p.cell;
  const moved = edit(s, pi);
  moved.cell = to;
  moved.moved = true;
  events.push({ type: 'move', unit: p.id, from: s.board.names[from], to: a.to, cost });
  if (p.state !== 'prisoner' && enemyIn(s, p.side, to) === 'capturable') captureIn(s, p.side, to, events);
}

function exit(s: GameState, a: Extract<Action, { type: 'exit' }>, events: GameEvent[]): void {
  if (s.phase !== 'march') throw new RulesError('formations leave the map only in the march phase');
  const pi = need(s, a.unit, 'move off the map');
  const was = own(s, pi, 'move off the map');
  if (was.state === 'prisoner' || allowance(was) === 0) throw new RulesError(`${was.name} cannot move this phase`);
  if (!s.board.edges[was.cell]!.includes(a.edge)) throw new RulesError(`${was.name} is not on the ${String(a.edge)} edge`);
  events.push({ type: 'exit', unit: was.id, from: s.board.names[was.cell], edge: a.edge });
  const p = edit(s, pi);
  p.status = 'exited';
  p.exitEdge = a.edge;
  p.cell = -1;
  p.moved = true;
}

function newPiece(s: GameState, from: Piece, men: number): Piece {
  s.splits++;
  // A scenario may already use an id of this shape; the counter moves past it.
  while (pieceIndex(s, `${from.id}.${s.splits}`) >= 0) s.splits++;
  const piece = copyPiece({ ...from, id: `${from.id}.${s.splits}`, name: `${from.name} (detachment ${s.splits})`, men, officer: null, gun: false, wagon: false, origins: [...from.origins] });
  s.pieces.push(piece);
  return piece;
}

function split(s: GameState, a: Extract<Action, { type: 'split' }>, events: GameEvent[]): void {
  if (s.phase !== 'march') throw new RulesError('formations split only in the march phase');
  const pi = need(s, a.unit, 'split');
  const was = own(s, pi, 'split');
  if (was.kind !== 'infantry' && was.kind !== 'cavalry') throw new RulesError(`${was.name} cannot split`);
  if (was.state !== 'armed' && was.state !== 'unarmed') throw new RulesError(`${was.name} is ${was.state}`);
  if (!Number.isInteger(a.men) || a.men < 1 || a.men >= was.men) throw new RulesError(`split off 1 to ${was.men - 1} men, not ${String(a.men)}`);
  const p = edit(s, pi);
  p.men -= a.men;
  const part = newPiece(s, p, a.men);
  events.push({ type: 'split', unit: p.id, into: part.id, men: a.men });
}

function join(s: GameState, a: Extract<Action, { type: 'join' }>, events: GameEvent[]): void {
  if (s.phase !== 'march') throw new RulesError('formations join only in the march phase');
  const pi = need(s, a.unit, 'join');
  const qi = need(s, a.into, 'join');
  if (!mayJoin(own(s, pi, 'join'), s.pieces[qi]!)) throw new RulesError(`${s.pieces[pi]!.name} cannot join ${s.pieces[qi]!.name}`);
  const p = edit(s, pi);
  const q = edit(s, qi);
  q.men += p.men;
  q.officer ??= p.officer;
  q.moved ||= p.moved;
  q.fired ||= p.fired;
  q.attacked ||= p.attacked;
  q.origins = [...new Set([...q.origins, ...p.origins])];
  p.status = 'merged';
  p.cell = -1;
  p.men = 0;
  p.officer = null;
  events.push({ type: 'join', unit: p.id, into: q.id, men: q.men });
}

function detach(s: GameState, a: Extract<Action, { type: 'detach' }>, events: GameEvent[]): void {
  if (s.phase !== 'march') throw new RulesError('officers detach only in the march phase');
  const pi = need(s, a.unit, 'detach from');
  const host = own(s, pi, 'detach from');
  if (!host.officer || host.men === 0) throw new RulesError(`${host.name} has no officer to detach`);
  const officer = host.officer;
  const p = edit(s, pi);
  p.officer = null;
  const was = pieceIndex(s, officer.id);
  const alone = copyPiece({ ...p, id: officer.id, name: officer.name, kind: 'officer', type: 'officer', men: 0, officer, gun: false, wagon: false, origins: [] });
  if (was >= 0) s.pieces[was] = alone;
  else s.pieces.push(alone);
  events.push({ type: 'detach', unit: p.id, officer: officer.id });
}

function melee(s: GameState, a: Extract<Action, { type: 'melee' }>, events: GameEvent[], dice: DiceSource): void {
  if (s.phase !== 'melee') throw new RulesError('melee only in the melee phase');
  const ai = need(s, a.unit, 'attack with');
  own(s, ai, 'attack with');
  const others = Array.isArray(a.with) ? a.with.map((id) => need(s, id, 'attack with')) : [];
  for (const i of others) own(s, i, 'attack with');
  const ti = need(s, a.target, 'attack');
  const terms = meleeTerms(s, [ai, ...others], ti);
  if (!terms.allowed) throw new RulesError(terms.reason);
  const { attacker, defender } = terms;
  for (const i of attacker.pieces) edit(s, i).attacked = true;
  const targetCell = s.pieces[ti]!.cell;
  s.attacked.push(targetCell);
  const roll = dice.d6();
  const letter = terms.results[roll - 1]!;
  const won = winnerOf(letter, terms.larger);
  const ids = (list: readonly number[]) => list.map((i) => s.pieces[i]!.id);
  const record: GameEvent = {
    type: 'melee',
    unit: a.unit,
    target: a.target,
    attackers: ids(attacker.pieces),
    defenders: ids(defender.pieces),
    strength: { attacker: attacker.strength, defender: defender.strength },
    ratio: terms.row,
    roll,
    result: letter,
    winner: won ?? 'stalemate',
  };
  events.push(record);
  if (!won) {
    inflict(s, attacker.pieces, terms.killed, events, 'melee');
    inflict(s, defender.pieces, terms.killed, events, 'melee');
    return;
  }
  const winners = won === 'attacker' ? attacker : defender;
  const losers = won === 'attacker' ? defender : attacker;
  const winSide = s.pieces[winners.pieces[0]!]!.side;
  const fateRoll = dice.d6();
  const fate = fateRoll <= 2 ? 'surrender' : fateRoll <= 4 ? 'rout' : 'slaughter';
  events.push({ type: 'melee-fate', roll: fateRoll, fate, losers: ids(losers.pieces) });
  // The losers' hex, where the winners advance: the target's, or the largest attacker's when the defence wins.
  let into = targetCell;
  if (won === 'defender') {
    let big = losers.pieces[0]!;
    for (const i of losers.pieces) if (headcount(s.pieces[i]!) > headcount(s.pieces[big]!)) big = i;
    into = s.pieces[big]!.cell;
  }
  if (letter !== 'V') inflict(s, winners.pieces, terms.killed, events, 'melee');
  if (fate === 'slaughter') {
    inflict(s, losers.pieces, losers.pieces.reduce((n, i) => n + headcount(s.pieces[i]!), 0), events, 'melee');
  } else {
    inflict(s, losers.pieces, terms.killed, events, 'melee');
    for (const i of losers.pieces) {
      const was = s.pieces[i]!;
      if (was.status !== 'table' || headcount(was) === 0) continue;
      if (fate === 'rout') rout(s, i, events);
      else {
        abandonHeavy(s, i, events);
        const p = edit(s, i);
        s.vp[winSide] += p.men * VP.manCaptured + (p.officer ? VP.officerCaptured : 0);
        p.state = 'prisoner';
        p.captor = winSide;
        events.push({ type: 'surrender', unit: p.id, men: p.men, ...(p.officer ? { officer: true } : {}) });
      }
    }
  }
  advance(s, winners.pieces, winSide, into, events);
}

/** The winners move into the losers' hex, as many as fit, largest first (§7.5), and take what is there. */
function advance(s: GameState, winners: readonly number[], side: Side, into: number, events: GameEvent[]): void {
  if (enemyIn(s, side, into) === 'armed') return;
  const order = [...winners].filter((i) => stands(s.pieces[i]!) && s.pieces[i]!.state === 'armed' && s.pieces[i]!.cell !== into);
  order.sort((x, y) => headcount(s.pieces[y]!) - headcount(s.pieces[x]!));
  let moved = false;
  for (const i of order) {
    const p = s.pieces[i]!;
    if (p.gun || p.wagon) continue;
    if (roomFor(s, p, into)) {
      events.push({ type: 'advance', unit: p.id, from: s.board.names[p.cell], to: s.board.names[into] });
      edit(s, i).cell = into;
      moved = true;
      continue;
    }
    let fit = p.men - 1;
    while (fit > 0 && !roomFor(s, p, into, fit)) fit--;
    if (fit > 0) {
      const stays = edit(s, i);
      stays.men -= fit;
      const part = newPiece(s, stays, fit);
      part.cell = into;
      events.push({ type: 'split', unit: p.id, into: part.id, men: fit });
      events.push({ type: 'advance', unit: part.id, from: s.board.names[p.cell], to: s.board.names[into] });
      moved = true;
    }
    break;
  }
  if (moved) captureIn(s, side, into, events);
}

/** After any action: prisoners without an escort go free, empty formations leave, objectives change hands. */
function tidy(s: GameState, events: GameEvent[]): void {
  const objectives = s.board.objectives;
  // Who stands on each objective, a bit a side: a piece's part is read as soon as its own turn in the loop has
  // changed it, since nothing later in the loop changes it again.
  const held = objectives.map(() => 0);
  let occ: Occupancy | undefined;
  for (let i = 0; i < s.pieces.length; i++) {
    let p = s.pieces[i]!;
    if (p.status !== 'table') continue;
    if (p.state === 'prisoner' && !escorted(s, p, (occ ??= occupancy(s)))) {
      p = edit(s, i);
      p.state = 'unarmed';
      p.captor = -1;
      events.push({ type: 'escape', unit: p.id, at: s.board.names[p.cell] });
    }
    if (headcount(p) === 0 && p.state !== 'abandoned') {
      p = edit(s, i);
      if (p.gun || p.wagon) {
        p.state = 'abandoned';
        events.push({ type: 'abandoned', unit: p.id, piece: p.id, at: s.board.names[p.cell] });
      } else {
        p.status = 'destroyed';
        p.cell = -1;
        events.push({ type: 'destroyed', unit: p.id });
      }
    }
    if (!fights(p) || p.men <= 0) continue;
    for (let k = 0; k < objectives.length; k++) if (objectives[k]!.cells.includes(p.cell)) held[k]! |= p.side === 0 ? 1 : 2;
  }
  objectives.forEach((o, k) => {
    // One side alone: red (1) or blue (2).
    if (held[k] !== 1 && held[k] !== 2) return;
    const h: Side = held[k] === 1 ? 0 : 1;
    if (s.control[k] !== h) {
      s.control[k] = h;
      events.push({ type: 'objective', objective: o.id, holder: keyOf(s, h) });
    }
  });
}

/**
 * Whether prisoners `p` have an escort: a fighting formation of their captor in their hex. `occ` may be older than
 * changes to pieces' status made since (it is read for the hex's pieces, each checked as it is now), not to hexes.
 */
function escorted(s: GameState, p: Piece, occ: Occupancy): boolean {
  for (let i = occ.head[p.cell]!; i >= 0; i = occ.next[i]!) {
    const q = s.pieces[i]!;
    if (q.cell === p.cell && q.side === p.captor && fights(q)) return true;
  }
  return false;
}

// ---- Phases and turns -------------------------------------------------------------------------------------------

function endTurnChores(s: GameState, events: GameEvent[], dice: DiceSource): void {
  const side = s.active;
  rallyPhase(s, side, events, dice);
  const b = s.board;
  for (let i = 0; i < s.pieces.length; i++) {
    let p = s.pieces[i]!;
    if (p.status !== 'table' || p.side !== side) continue;
    const cell = p.cell;
    const baggageNear = (reachOf: number) => s.pieces.some((q) => q.status === 'table' && q.side === side && q.wagon && q.state === 'armed' && hexDistance(b, q.cell, cell) <= reachOf);
    if (p.state === 'unarmed' && baggageNear(1)) {
      p = edit(s, i);
      p.state = 'armed';
      events.push({ type: 'rearm', unit: p.id });
    }
    if (p.gun && p.state === 'armed') {
      const ammo = baggageNear(BAGGAGE_REACH) ? AMMO_TURNS : Math.max(0, p.ammo - 1);
      if (ammo !== p.ammo) {
        p = edit(s, i);
        p.ammo = ammo;
        events.push({ type: 'ammunition', unit: p.id, turns: p.ammo });
      }
    }
  }
}

function startPlayerTurn(s: GameState, events: GameEvent[], dice: DiceSource): void {
  s.phase = 'cannonade';
  s.attacked = [];
  for (let i = 0; i < s.pieces.length; i++) {
    const was = s.pieces[i]!;
    if (was.side !== s.active && !(was.state === 'prisoner' && was.captor === s.active)) continue;
    // Pieces with nothing to clear are left alone, unshared.
    if (!was.fired && !was.moved && !was.attacked) continue;
    const p = edit(s, i);
    p.fired = false;
    p.moved = false;
    p.attacked = false;
  }
  events.push({ type: 'turn', turn: s.turn, side: keyOf(s, s.active) });
  for (const r of s.reinforcements) {
    if (r.side !== s.active || r.pieces.every((i) => s.pieces[i]!.status !== 'reserve')) continue;
    if (!r.due) {
      if (r.turn !== null) r.due = s.turn >= r.turn;
      else if (r.roll && s.turn >= r.roll.from) {
        const roll = dice.d6();
        r.due = roll >= r.roll.need;
        events.push({ type: 'reinforcement-roll', side: keyOf(s, r.side), roll, need: r.roll.need, arrives: r.due });
      }
    }
    if (!r.due) continue;
    for (const i of r.pieces) {
      if (s.pieces[i]!.status !== 'reserve') continue;
      const p = edit(s, i);
      if (placeIn(s, p, r.entry)) events.push({ type: 'reinforcement', unit: p.id, at: s.board.names[p.cell] });
    }
  }
}

/** Moves on from a finished phase; the rally phase runs itself and hands over to the next player turn. */
function nextPhase(s: GameState, events: GameEvent[], dice: DiceSource): void {
  if (s.phase === 'cannonade') s.phase = 'march';
  else if (s.phase === 'march') s.phase = 'melee';
  else if (s.phase === 'melee') {
    endTurnChores(s, events, dice);
    tidy(s, events);
    const last = s.active !== s.first;
    if (last && s.turn >= s.meta.limit) {
      finish(s, events);
      return;
    }
    if (last) s.turn++;
    s.active = other(s.active);
    startPlayerTurn(s, events, dice);
  }
  if (s.phase !== 'over') events.push({ type: 'phase', phase: s.phase, side: keyOf(s, s.active) });
}

function finish(s: GameState, events: GameEvent[]): void {
  s.phase = 'over';
  s.result = endOfGame(s);
  events.push({ type: 'game-over', reason: s.result.reason });
}

/** A side with no men left to fight or move, and none to come, has lost everything: the game ends at once. */
function sideSpent(s: GameState, side: Side): boolean {
  if (s.pieces.some((p) => p.side === side && stands(p))) return false;
  return !s.reinforcements.some((r) => r.side === side && r.pieces.some((i) => s.pieces[i]!.status === 'reserve'));
}

/** Passes over phases in which the side to act could only end the phase. */
function settle(s: GameState, events: GameEvent[], dice: DiceSource): void {
  for (let guard = 0; guard < 64 && s.phase !== 'over'; guard++) {
    if (sideSpent(s, 0) || sideSpent(s, 1)) {
      finish(s, events);
      return;
    }
    if (hasChoice(s)) return;
    nextPhase(s, events, dice);
  }
}

/** The game as set up, moved on to the first decision. */
export function begin(state: GameState, events: GameEvent[], dice: DiceSource): void {
  startPlayerTurn(state, events, dice);
  events.push({ type: 'phase', phase: state.phase, side: keyOf(state, state.active) });
  settle(state, events, dice);
}

/** Applies `action` to a copy of `before`. `source` stands in for the game's own dice in rules tests. */
export function applyAction(before: GameState, action: Action, source?: DiceSource): Applied {
  if (before.phase === 'over') throw new RulesError('the game is over');
  if (action === null || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string') throw new RulesError('an action needs a type');
  const s = draftState(before);
  const events: GameEvent[] = [];
  const rolls: number[] = [];
  const dice = recordingDice(source ?? rngDice(s.rng), rolls);
  // An action refused half way leaves its draft behind, settled so that nothing can change it.
  try {
    switch (action.type) {
      case 'fire':
        fire(s, action, events, dice);
        break;
      case 'move':
        move(s, action, events);
        break;
      case 'exit':
        exit(s, action, events);
        break;
      case 'split':
        split(s, action, events);
        break;
      case 'join':
        join(s, action, events);
        break;
      case 'detach':
        detach(s, action, events);
        break;
      case 'melee':
        melee(s, action, events, dice);
        break;
      case 'end-phase':
        events.push({ type: 'end-phase', phase: s.phase, side: keyOf(s, s.active) });
        nextPhase(s, events, dice);
        break;
      default:
        throw new RulesError(`"${String((action as { type: unknown }).type)}" is not a Hex Skirmish action`);
    }
    tidy(s, events);
    settle(s, events, dice);
    s.ply++;
  } finally {
    settleDraft(s);
  }
  return { state: s, events, rolls };
}
