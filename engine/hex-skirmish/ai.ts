// Players for Hex Skirmish. The AI weighs each choice by the victory points it can expect: a cannon shot by its
// mean casualties, a melee over the whole Melee and Casualty tables, a march by a few plain aims (close with
// enemies it can beat, keep guns at range, take cover near strong enemies, go for objectives and exit edges). The
// random player picks uniformly among the legal actions. Both draw only on their own seeded generator.
import type { PlayerKind } from '../../domain/engine-protocol.js';
import { randomBelow, seedRng, type RngState } from '../dice.js';
import { CLEAR, FORTIFIED, hexDistance } from './board.js';
import { fireTerms, meleeOdds, meleeTerms, winnerOf, type MeleeTerms } from './combat.js';
import { EXIT, FIRE, MELEE, MOVE, actionAt, attackersAt, candidatesInto, countOf, kindAt, newCandidates, type Candidates } from './legal.js';
import { enemyIn } from './stacking.js';
import { VP, fights, headcount, other, type Action, type GameState, type Piece, type Side } from './types.js';
import { exitedUnits } from './victory.js';

export interface Player {
  readonly kind: PlayerKind;
  choose(state: GameState): Action;
}

const END: Action = { type: 'end-phase' };

export function makePlayer(kind: PlayerKind, seed: number): Player {
  if (kind === 'random') {
    const rng: RngState = seedRng(seed);
    const list = newCandidates();
    return {
      kind,
      choose(s) {
        const c = candidatesInto(s, list);
        return actionAt(s, c, randomBelow(rng, countOf(c)));
      },
    };
  }
  const list = newCandidates();
  return { kind, choose: (s) => chooseAi(s, list) };
}

// ---- Cannonade --------------------------------------------------------------------------------------------------

/** The candidates are read by index (legal.ts): the best one's, or −1 for none worth more than ending the phase. */
function bestFire(s: GameState, c: Candidates): number {
  let best = -1;
  let bestValue = 0.4;
  for (let k = 0, n = countOf(c); k < n; k++) {
    if (kindAt(c, k) !== FIRE) continue;
    const gi = c.rec[4 * k + 1]!;
    const ti = c.rec[4 * k + 2]!;
    const t = fireTerms(s, gi, ti, false, c.occ);
    if (!t.allowed) continue;
    const target = s.pieces[ti]!;
    let value = t.byRoll.reduce((n, c) => n + Math.min(c, headcount(target)), 0) / 6;
    if (t.overFriends >= 0) value -= (2 / 6) * 3.5;
    if (target.gun) value += 0.5; // crews cut down below four silence the gun
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  return best;
}

// ---- Melee ------------------------------------------------------------------------------------------------------

/** Heavy pieces (cannon, baggage) standing in a hex, by VP, that the winners of a melee there would take. */
function heavyIn(s: GameState, cell: number, side: Side): number {
  let v = 0;
  for (const p of s.pieces) if (p.status === 'table' && p.cell === cell && p.side === side) v += p.gun ? VP.cannon : p.wagon ? VP.baggage : 0;
  return v;
}

/** Expected VP for the attacker minus those for the defender, over every roll of both tables. */
function meleeValue(s: GameState, t: Extract<MeleeTerms, { allowed: true }>): number {
  const k = t.killed;
  const aMen = t.attacker.men + t.attacker.officers;
  const dMen = t.defender.men + t.defender.officers;
  const defCell = s.pieces[t.defender.pieces[0]!]!.cell;
  const defSide = s.pieces[t.defender.pieces[0]!]!.side;
  const loot = heavyIn(s, defCell, defSide);
  let total = 0;
  for (const letter of t.results) {
    const w = winnerOf(letter, t.larger);
    if (w === null) {
      total += Math.min(k, dMen) - Math.min(k, aMen);
      continue;
    }
    const winnerLoss = letter === 'V' ? 0 : k;
    const loserMen = w === 'attacker' ? dMen : aMen;
    const winnerMen = w === 'attacker' ? aMen : dMen;
    const left = Math.max(0, loserMen - k);
    // Surrender, rout, slaughter, a third each: what the loser gives up, in VP to the winner.
    const loserCost = (Math.min(k, loserMen) + left * VP.manCaptured + Math.min(k, loserMen) + 0.5 * left + loserMen) / 3;
    const winnerCost = ((2 * Math.min(winnerLoss, winnerMen)) + Math.min(winnerLoss, winnerMen)) / 3;
    const swing = loserCost - winnerCost;
    total += w === 'attacker' ? swing + loot : -swing;
  }
  return total / 6;
}

/**
 * What taking `cell` from the enemy is worth to `side`: the VP of the objectives there, and more when the enemy
 * wins the game by holding them.
 */
function stakesOf(s: GameState, cell: number, side: Side): number {
  let v = 0;
  s.board.objectives.forEach((o, k) => {
    if (!o.cells.includes(cell) || s.control[k] === side) return;
    v += o.vp;
    const enemyId = s.meta.sides[other(side)].id;
    if (s.meta.victory.some((c) => c.kind === 'hold' && c.side === enemyId && c.objectives.includes(o.id))) v += 40;
  });
  return v;
}

function bestMelee(s: GameState, c: Candidates): number {
  let best = -1;
  let bestValue = 0.5;
  for (let k = 0, n = countOf(c); k < n; k++) {
    if (kindAt(c, k) !== MELEE) continue;
    const ids = attackersAt(c, k);
    const t = meleeTerms(s, ids, c.rec[4 * k + 2]!, false, c.occ);
    if (!t.allowed) continue;
    // Committing more men than needed costs them their own chance to attack elsewhere; a small tax says so.
    const won = meleeOdds(t.results, t.larger).attacker;
    const value = meleeValue(s, t) + won * stakesOf(s, s.pieces[t.defender.pieces[0]!]!.cell, s.active) - 0.1 * (ids.length - 1);
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  return best;
}

// ---- March ------------------------------------------------------------------------------------------------------

interface Picture {
  side: Side;
  enemies: Piece[];
  /** Cells of objectives this side does not hold. */
  goals: number[];
  /** The edge this side wins by leaving from, with how many units must still go. */
  exit: { edge: string; still: number } | null;
  /** Marks the hexes whose facts (below) were worked out for this picture. */
  stamp: number;
}

// What placeValue reads about a hex, the same whatever piece might stand there: worked out the first time a march
// decision asks about the hex and kept for the rest of it, where `factsAt` holds the picture's stamp. One picture
// is in use at a time.
let factsAt = new Int32Array(0);
let nearestAt = new Float64Array(0);
let threatAt = new Float64Array(0);
let preyAt = new Float64Array(0);
let goalAt = new Float64Array(0);
let stamps = 0;

function hexFacts(s: GameState, pic: Picture, cell: number): void {
  if (factsAt[cell] === pic.stamp) return;
  factsAt[cell] = pic.stamp;
  const b = s.board;
  let nearest = 99;
  let threat = 0;
  let prey = 0;
  for (const e of pic.enemies) {
    const d = hexDistance(b, cell, e.cell);
    if (d < nearest) nearest = d;
    if (d <= 2 && e.kind !== 'artillery') threat = Math.max(threat, headcount(e) * (d === 1 ? 1 : 0.7));
    if (d === 1) prey = Math.max(prey, headcount(e) * (b.terrain[e.cell] === FORTIFIED ? 2 : b.terrain[e.cell] === CLEAR ? 1 : 1.5));
  }
  let closest = Infinity;
  for (const g of pic.goals) closest = Math.min(closest, hexDistance(b, cell, g));
  nearestAt[cell] = nearest;
  threatAt[cell] = threat;
  preyAt[cell] = prey;
  goalAt[cell] = closest;
}

function picture(s: GameState, side: Side): Picture {
  const enemies = s.pieces.filter((p) => p.side !== side && fights(p));
  const goals = s.board.objectives.flatMap((o, k) => (s.control[k] === side ? [] : o.cells));
  let exit: Picture['exit'] = null;
  for (const v of s.meta.victory) {
    if (v.kind === 'exit' && v.side === s.meta.sides[side].id) exit = { edge: v.edge, still: Math.max(0, v.count - exitedUnits(s, side, v.edge)) };
  }
  const n = s.board.names.length;
  if (factsAt.length < n) {
    factsAt = new Int32Array(n);
    nearestAt = new Float64Array(n);
    threatAt = new Float64Array(n);
    preyAt = new Float64Array(n);
    goalAt = new Float64Array(n);
  }
  if (++stamps === 0x7fffffff) {
    factsAt.fill(0);
    stamps = 1;
  }
  return { side, enemies, goals, exit, stamp: stamps };
}

function edgeGap(s: GameState, cell: number, edge: string): number {
  const b = s.board;
  const c = cell % b.cols;
  const r = (cell - c) / b.cols;
  return edge === 'west' ? c : edge === 'east' ? b.cols - 1 - c : edge === 'north' ? r : b.rows - 1 - r;
}

/** How well placed `p` would be in `cell`; higher is better. */
function placeValue(s: GameState, pic: Picture, p: Piece, cell: number): number {
  const b = s.board;
  hexFacts(s, pic, cell);
  const nearest = nearestAt[cell]!;
  const threat = threatAt[cell]!;
  const prey = preyAt[cell]!;
  const cover = b.terrain[cell] === FORTIFIED ? 2 : b.terrain[cell] === CLEAR ? 1 : 1.5;
  const mine = headcount(p);
  if (p.wagon) {
    if (pic.exit) return -2 * edgeGap(s, cell, pic.exit.edge) - (nearest <= 2 ? 6 : 0);
    return -(nearest <= 3 ? 10 - nearest * 2 : 0);
  }
  if (p.gun) return -Math.abs(nearest - 3) - (nearest <= 1 ? 8 : 0) + (cover > 1 ? 0.5 : 0);
  let v = 0;
  if (pic.exit && pic.exit.still > 0 && p.kind !== 'officer' && p.state === 'armed') v -= 0.6 * edgeGap(s, cell, pic.exit.edge);
  if (pic.goals.length > 0) v -= 0.5 * goalAt[cell]!;
  if (p.state !== 'armed') return v - (nearest <= 2 ? 5 : 0);
  // Close with the enemy when stronger than what waits there; hold back into cover when not.
  const strength = mine * cover;
  if (pic.enemies.length > 0) v -= 0.8 * Math.max(0, nearest - 1);
  if (threat > strength * 1.2) v -= (threat - strength) * 0.4;
  if (prey > 0 && mine >= prey) v += 1.5;
  if (nearest <= 2) v += (cover - 1) * 3;
  return v;
}

function bestMarch(s: GameState, c: Candidates): number {
  const pic = picture(s, s.active);
  const n = countOf(c);
  const rec = c.rec;
  // Leaving by the winning edge, when units must still go.
  if (pic.exit && pic.exit.still > 0) {
    for (let k = 0; k < n; k++) {
      if (kindAt(c, k) !== EXIT) continue;
      const p = s.pieces[rec[4 * k + 1]!]!;
      if (s.board.edges[p.cell]![rec[4 * k + 2]!] === pic.exit.edge && p.men > 0) return k;
    }
  }
  let best = -1;
  let bestGain = 0.3;
  // A piece's moves are listed together, by hex, with the movement each costs.
  let pi = -1;
  let p: Piece | null = null;
  let here = 0;
  for (let k = 0; k < n; k++) {
    if (kindAt(c, k) !== MOVE) continue;
    if (rec[4 * k + 1] !== pi) {
      pi = rec[4 * k + 1]!;
      p = s.pieces[pi]!;
      if (p.state !== 'prisoner') here = placeValue(s, pic, p, p.cell);
    }
    if (p!.state === 'prisoner') continue;
    const to = rec[4 * k + 2]!;
    let gain = placeValue(s, pic, p!, to) - here;
    if (enemyIn(s, p!.side, to, c.occ) === 'capturable') gain += 12;
    gain -= 0.01 * rec[4 * k + 3]!;
    if (gain > bestGain) {
      bestGain = gain;
      best = k;
    }
  }
  return best;
}

function chooseAi(s: GameState, list: Candidates): Action {
  const c = candidatesInto(s, list);
  if (countOf(c) <= 1) return END;
  const pick = s.phase === 'cannonade' ? bestFire(s, c) : s.phase === 'march' ? bestMarch(s, c) : bestMelee(s, c);
  return pick < 0 ? END : actionAt(s, c, pick);
}
