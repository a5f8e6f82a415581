// What the side to act may do now (docs/rules/hex-skirmish.md §7), found as numbers before any action object is
// made: the players read the candidates by index (the random player builds only the one it draws, the AI only the
// one it picks), and legalActions builds them all, in the same order, for the protocol.
import { hexDistance } from './board.js';
import { fireTerms, mayAttack, meleeTerms } from './combat.js';
import { allowance, newReach, reachInto } from './movement.js';
import { occupancyInto, type Occupancy } from './occupancy.js';
import { GUN_RANGE, MAX_MEN, MIN_GUN_CREW, fights, headcount, type Action, type GameState, type Piece } from './types.js';

export const FIRE = 0;
export const MOVE = 1;
export const EXIT = 2;
export const SPLIT = 3;
export const DETACH = 4;
export const JOIN = 5;
export const MELEE = 6;
export const END = 7;

/**
 * The side to act's actions, four numbers each: what (FIRE…END), the piece that acts, and two more.
 * FIRE: target. MOVE: hex, movement spent. EXIT: index of the edge among the hex's edges. SPLIT: men split off.
 * JOIN: the formation joined. MELEE: target, and −1 alone or where in `extra` the other attackers are listed (a
 * count, then their indices). END: nothing.
 */
export interface Candidates {
  readonly occ: Occupancy;
  /** The records; those past `size` numbers are left over from an earlier search. */
  readonly rec: number[];
  size: number;
  extra: number[];
}

/**
 * An empty list to fill with candidatesInto. A player keeps one and refills it every decision, since a decision's
 * list runs to hundreds of numbers and making it afresh each time was a good part of a game's garbage.
 */
export const newCandidates = (): Candidates => ({ occ: { head: [], next: [] }, rec: [], size: 0, extra: [] });

export const countOf = (c: Candidates): number => c.size >> 2;
export const kindAt = (c: Candidates, k: number): number => c.rec[k << 2]!;

function push(c: Candidates, kind: number, piece: number, a: number, b: number): void {
  const r = c.rec;
  const at = c.size;
  r[at] = kind;
  r[at + 1] = piece;
  r[at + 2] = a;
  r[at + 3] = b;
  c.size = at + 4;
}

/** The attackers of melee candidate `k`, the leader first. */
export function attackersAt(c: Candidates, k: number): number[] {
  const r = k << 2;
  const at = c.rec[r + 3]!;
  if (at < 0) return [c.rec[r + 1]!];
  const n = c.extra[at]!;
  const out = [c.rec[r + 1]!];
  for (let j = 1; j <= n; j++) out.push(c.extra[at + j]!);
  return out;
}

/** Candidate `k` as the action object the protocol lists. */
export function actionAt(s: GameState, c: Candidates, k: number): Action {
  const r = k << 2;
  const kind = c.rec[r]!;
  if (kind === END) return { type: 'end-phase' };
  const p = s.pieces[c.rec[r + 1]!]!;
  const a = c.rec[r + 2]!;
  switch (kind) {
    case FIRE:
      return { type: 'fire', unit: p.id, target: s.pieces[a]!.id };
    case MOVE:
      return { type: 'move', unit: p.id, to: s.board.names[a]! };
    case EXIT:
      return { type: 'exit', unit: p.id, edge: s.board.edges[p.cell]![a]! };
    case SPLIT:
      return { type: 'split', unit: p.id, men: a };
    case DETACH:
      return { type: 'detach', unit: p.id };
    case JOIN:
      return { type: 'join', unit: p.id, into: s.pieces[a]!.id };
    default: {
      const target = s.pieces[a]!.id;
      if (c.rec[r + 3]! < 0) return { type: 'melee', unit: p.id, target };
      return { type: 'melee', unit: p.id, target, with: attackersAt(c, k).slice(1).map((i) => s.pieces[i]!.id) };
    }
  }
}

// ---- Cannonade --------------------------------------------------------------------------------------------------

function fireCandidates(s: GameState, c: Candidates, firstOnly: boolean): void {
  const pieces = s.pieces;
  const b = s.board;
  for (let gi = 0; gi < pieces.length; gi++) {
    const g = pieces[gi]!;
    if (g.side !== s.active || !g.gun || g.status !== 'table') continue;
    // What fireTerms refuses about the gun alone, and about a target before the line of fire, checked first:
    // it is asked only where it might allow the shot.
    if (g.kind !== 'artillery' || g.state !== 'armed' || g.men < MIN_GUN_CREW || g.fired || g.ammo <= 0) continue;
    for (let ti = 0; ti < pieces.length; ti++) {
      const t = pieces[ti]!;
      if (t.side === g.side || t.status !== 'table') continue;
      if (t.state === 'prisoner' || t.state === 'abandoned' || headcount(t) === 0 || hexDistance(b, g.cell, t.cell) > GUN_RANGE) continue;
      if (!fireTerms(s, gi, ti, false, c.occ).allowed) continue;
      push(c, FIRE, gi, ti, 0);
      if (firstOnly) return;
    }
  }
}

// ---- March ------------------------------------------------------------------------------------------------------

const scratch = newReach();

export function mayJoin(p: Piece, q: Piece): boolean {
  if (q.status !== 'table' || q.cell !== p.cell || q.side !== p.side || q.state !== p.state) return false;
  if (p.state !== 'armed' && p.state !== 'unarmed') return false;
  if (p.kind === 'officer') return p.men === 0 && q.officer === null && q.kind !== 'baggage' && q.kind !== 'officer';
  if (p.kind !== q.kind || (p.kind !== 'infantry' && p.kind !== 'cavalry')) return false;
  return !(p.officer && q.officer) && p.men + q.men <= MAX_MEN;
}

function marchCandidates(s: GameState, c: Candidates): void {
  const pieces = s.pieces;
  const occ = c.occ;
  for (let pi = 0; pi < pieces.length; pi++) {
    const p = pieces[pi]!;
    if (p.status !== 'table') continue;
    const mine = p.state === 'prisoner' ? p.captor === s.active : p.side === s.active;
    if (!mine) continue;
    const r = reachInto(s, pi, occ, scratch);
    // Moves are listed by hex: the search's few hexes, sorted in place by insertion.
    const cells = r.cells;
    const costs = r.costs;
    for (let i = 1; i < r.n; i++) {
      const cell = cells[i]!;
      const cost = costs[i]!;
      let j = i - 1;
      for (; j >= 0 && cells[j]! > cell; j--) {
        cells[j + 1] = cells[j]!;
        costs[j + 1] = costs[j]!;
      }
      cells[j + 1] = cell;
      costs[j + 1] = cost;
    }
    for (let i = 0; i < r.n; i++) push(c, MOVE, pi, cells[i]!, costs[i]!);
    if (p.state === 'prisoner') continue;
    if (allowance(p) > 0) {
      const edges = s.board.edges[p.cell]!;
      for (let e = 0; e < edges.length; e++) push(c, EXIT, pi, e, 0);
    }
    if (p.state !== 'armed' && p.state !== 'unarmed') continue;
    // One split is listed, in halves; `apply` takes any count from 1 to men − 1 (docs/engine-protocol.md).
    if ((p.kind === 'infantry' || p.kind === 'cavalry') && p.men >= 2) push(c, SPLIT, pi, Math.floor(p.men / 2), 0);
    if (p.officer && p.men > 0) push(c, DETACH, pi, 0, 0);
    for (let qi = occ.head[p.cell]!; qi >= 0; qi = occ.next[qi]!) {
      const q = pieces[qi]!;
      if (q !== p && mayJoin(p, q)) push(c, JOIN, pi, qi, 0);
    }
  }
}

/** Whether the side to act may march or split anything, without listing every move. */
function marchChoice(s: GameState, occ: Occupancy): boolean {
  for (let i = 0; i < s.pieces.length; i++) {
    const p = s.pieces[i]!;
    if (p.status !== 'table' || p.side !== s.active || (p.state !== 'armed' && p.state !== 'unarmed')) continue;
    if ((p.kind === 'infantry' || p.kind === 'cavalry') && p.men >= 2) return true;
    if (allowance(p) > 0 && reachInto(s, i, occ, scratch).n > 0) return true;
  }
  return false;
}

// ---- Melee ------------------------------------------------------------------------------------------------------

/**
 * The melee targets next to `ai`: one defending formation per enemy hex (the first listed there), in the order of
 * the formations.
 */
function targetsOf(s: GameState, ai: number, occ: Occupancy): number[] {
  const a = s.pieces[ai]!;
  const out: number[] = [];
  for (const n of s.board.near[a.cell]!) {
    for (let ti = occ.head[n]!; ti >= 0; ti = occ.next[ti]!) {
      const t = s.pieces[ti]!;
      if (t.side === a.side || !fights(t)) continue;
      out.push(ti);
      break;
    }
  }
  return out.sort((x, y) => x - y);
}

function meleeCandidates(s: GameState, c: Candidates, firstOnly: boolean): void {
  const pieces = s.pieces;
  const able: number[] = [];
  for (let i = 0; i < pieces.length; i++) if (pieces[i]!.side === s.active && mayAttack(pieces[i]!, false)) able.push(i);
  for (const ai of able) {
    for (const ti of targetsOf(s, ai, c.occ)) {
      const t = pieces[ti]!;
      if (meleeTerms(s, [ai], ti, false, c.occ).allowed) {
        push(c, MELEE, ai, ti, -1);
        if (firstOnly) return;
      }
      const others = able.filter((bi) => bi !== ai && hexDistance(s.board, pieces[bi]!.cell, t.cell) === 1);
      if (others.length > 0 && meleeTerms(s, [ai, ...others], ti, false, c.occ).allowed) {
        push(c, MELEE, ai, ti, c.extra.length);
        c.extra.push(others.length, ...others);
        if (firstOnly) return;
      }
    }
  }
}

// ---- All together -----------------------------------------------------------------------------------------------

/** Every legal action of the side to act, `end-phase` last, into `c`; none once the game is over. */
export function candidatesInto(s: GameState, c: Candidates): Candidates {
  occupancyInto(s, c.occ);
  c.size = 0;
  if (c.extra.length > 0) c.extra = [];
  if (s.phase === 'over') return c;
  if (s.phase === 'cannonade') fireCandidates(s, c, false);
  else if (s.phase === 'march') marchCandidates(s, c);
  else meleeCandidates(s, c, false);
  push(c, END, -1, 0, 0);
  return c;
}

/** Every action the side to act may take now, `end-phase` last. */
export function legalActions(s: GameState): Action[] {
  const c = candidatesInto(s, newCandidates());
  const out: Action[] = [];
  for (let k = 0, n = countOf(c); k < n; k++) out.push(actionAt(s, c, k));
  return out;
}

const probe = newCandidates();

/** Whether the side to act has anything to do but end the phase: legalActions, stopping at the first found. */
export function hasChoice(s: GameState): boolean {
  if (s.phase === 'over') return false;
  const c = probe;
  occupancyInto(s, c.occ);
  c.size = 0;
  if (c.extra.length > 0) c.extra = [];
  if (s.phase === 'cannonade') fireCandidates(s, c, true);
  else if (s.phase === 'march') {
    if (marchChoice(s, c.occ)) return true;
    marchCandidates(s, c);
  } else meleeCandidates(s, c, true);
  return c.size > 0;
}
