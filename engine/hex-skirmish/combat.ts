// The numbers of a cannon's fire and of a melee, before any die is rolled: what `explain` prints, what the AI
// weighs, and what the rules roll against (seed 002 "Cannon fire", "Melee"; docs/rules/hex-skirmish.md §7.3, §7.5).
import { CLEAR, COVERED, FORTIFIED, hexDistance, lineBetween } from './board.js';
import { firstIn, nextIn, type Occupancy } from './occupancy.js';
import { GUN_RANGE, MIN_GUN_CREW, fights, headcount, type GameState, type Piece } from './types.js';

export interface Modifier {
  reason: string;
  value: number;
}

export type FireTerms =
  | { allowed: false; reason: string }
  | {
      allowed: true;
      range: number;
      indirect: boolean;
      modifiers: Modifier[];
      total: number;
      /** Casualties for a d6 of 1…6. */
      byRoll: number[];
      /** Index of the first friendly formation the shot passes over, or −1. */
      overFriends: number;
    };

/** Casualties for a d6 roll `r` with modifier total `total`: never below 0, and a natural 6 kills at least one. */
/** The range modifiers of cannon fire, by hexes. */
const RANGE: Readonly<Record<number, number>> = { 1: 1, 4: -1, 5: -2, 6: -3 };

export const fireCasualties = (r: number, total: number): number => (r === 6 ? Math.max(1, r + total) : Math.max(0, r + total));


/** Men of the target's side in its hex that a cannon ball can hit (§7.3 "target density"). */
export function density(s: GameState, t: Piece, occ?: Occupancy): number {
  let n = 0;
  for (let i = firstIn(occ, t.cell); i >= 0 && i < s.pieces.length; i = nextIn(occ, i)) {
    const p = s.pieces[i]!;
    if (p.status === 'table' && p.cell === t.cell && p.side === t.side && p.state !== 'prisoner' && p.state !== 'abandoned') n += p.men;
  }
  return n;
}

/**
 * The terms of cannon `gi` firing at `ti`. With `assume`, as `adc explain` asks from the set-up: the gun has not
 * fired this turn and has its ammunition. `occ`, when given, must be of `s` as it is now.
 */
export function fireTerms(s: GameState, gi: number, ti: number, assume = false, occ?: Occupancy): FireTerms {
  const g = s.pieces[gi]!;
  const t = s.pieces[ti]!;
  if (g.status !== 'table') return { allowed: false, reason: `${g.name} is not on the map` };
  if (g.kind !== 'artillery' || !g.gun) return { allowed: false, reason: `${g.name} is not a cannon` };
  if (g.state !== 'armed') return { allowed: false, reason: `${g.name}'s crew are ${g.state}` };
  if (g.men < MIN_GUN_CREW) return { allowed: false, reason: `${g.name} has ${g.men} crew; a cannon needs ${MIN_GUN_CREW} to fire` };
  if (!assume && g.fired) return { allowed: false, reason: `${g.name} has already fired this turn` };
  if (!assume && g.ammo <= 0) return { allowed: false, reason: `${g.name} is out of ammunition (more than 4 hexes from baggage for 3 turns)` };
  if (t.status !== 'table') return { allowed: false, reason: `${t.name} is not on the map` };
  if (t.state === 'prisoner') return { allowed: false, reason: `${t.name} are prisoners, whom cannon do not fire on` };
  if (t.side === g.side) return { allowed: false, reason: `${t.name} is a friendly formation` };
  if (t.state === 'abandoned' || headcount(t) === 0) return { allowed: false, reason: `${t.name} has no men to hit` };
  const b = s.board;
  const range = hexDistance(b, g.cell, t.cell);
  if (range > GUN_RANGE) return { allowed: false, reason: `${t.name} is out of range (${range} hexes; a cannon reaches ${GUN_RANGE})` };
  let indirect = false;
  let overFriends = -1;
  for (const h of lineBetween(b, g.cell, t.cell)) {
    if (b.terrain[h] !== CLEAR) indirect = true;
    for (let i = firstIn(occ, h); i >= 0 && i < s.pieces.length; i = nextIn(occ, i)) {
      const p = s.pieces[i]!;
      if (p.status !== 'table' || p.cell !== h || p.state === 'prisoner' || p.state === 'abandoned' || headcount(p) === 0) continue;
      if (p.side !== g.side) return { allowed: false, reason: `the line of fire is blocked by ${p.name} in ${b.names[h]}` };
      indirect = true;
      if (overFriends < 0) overFriends = i;
    }
  }
  const modifiers: Modifier[] = [];
  const men = density(s, t, occ);
  if (men <= 5) modifiers.push({ reason: 'target density 1-5', value: -2 });
  else if (men <= 10) modifiers.push({ reason: 'target density 6-10', value: -1 });
  else if (men >= 16) modifiers.push({ reason: 'target density 16-20', value: 1 });
  if (RANGE[range]) modifiers.push({ reason: `range ${range}`, value: RANGE[range] });
  if (b.terrain[t.cell] === COVERED) modifiers.push({ reason: 'target in covered terrain', value: -1 });
  if (b.terrain[t.cell] === FORTIFIED) modifiers.push({ reason: 'target in fortified terrain', value: -2 });
  if (indirect) modifiers.push({ reason: 'indirect fire', value: -1 });
  const total = modifiers.reduce((n, m) => n + m.value, 0);
  const byRoll = [1, 2, 3, 4, 5, 6].map((r) => fireCasualties(r, total));
  return { allowed: true, range, indirect, modifiers, total, byRoll, overFriends };
}

// ---- Melee ----------------------------------------------------------------------------------------------------

export type Letter = 'A' | 'D' | 'B' | 'H' | 'L' | 'V';
export type RatioRow = '4:1' | '3:1' | '2:1' | '3:2' | '1:1';

/** The Melee Result Table, by ratio row, for a d6 of 1…6. */
export const MELEE_TABLE: Record<RatioRow, readonly Letter[]> = {
  '4:1': ['V', 'V', 'V', 'H', 'H', 'H'],
  '3:1': ['V', 'V', 'H', 'H', 'H', 'B'],
  '2:1': ['V', 'H', 'H', 'H', 'B', 'L'],
  '3:2': ['H', 'H', 'H', 'B', 'L', 'L'],
  '1:1': ['A', 'A', 'B', 'B', 'D', 'D'],
};

export function ratioRow(a: number, b: number): RatioRow {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  if (lo <= 0) return '4:1';
  const r = hi / lo;
  return r >= 4 ? '4:1' : r >= 3 ? '3:1' : r >= 2 ? '2:1' : r >= 1.5 ? '3:2' : '1:1';
}

export interface MeleeSide {
  pieces: number[];
  men: number;
  officers: number;
  strength: number;
}

export type MeleeTerms =
  | { allowed: false; reason: string }
  | {
      allowed: true;
      attacker: MeleeSide;
      defender: MeleeSide & { terrain: 'clear' | 'covered' | 'fortified'; multiplier: number };
      row: RatioRow;
      larger: 'attacker' | 'defender' | 'even';
      results: readonly Letter[];
      /** Men each side loses in a stalemate, a surrender or a rout: half the smaller force, rounded down. */
      killed: number;
    };

/** Who wins on `letter`: the attacker, the defender, or nobody (stalemate). */
export function winnerOf(letter: Letter, larger: 'attacker' | 'defender' | 'even'): 'attacker' | 'defender' | null {
  if (letter === 'A') return 'attacker';
  if (letter === 'D') return 'defender';
  if (letter === 'B') return null;
  const big = larger === 'defender' ? 'defender' : 'attacker';
  return letter === 'L' ? (big === 'attacker' ? 'defender' : 'attacker') : big;
}

/** Whether `p` may attack: cannotAttack's null, without writing the reasons it would give. */
export const mayAttack = (p: Piece, assume: boolean): boolean =>
  p.status === 'table' && p.kind !== 'baggage' && p.state === 'armed' && headcount(p) > 0 && (assume || (!p.fired && !p.attacked));

/** Why `p` may not attack, or null. */
export function cannotAttack(s: GameState, p: Piece, assume: boolean): string | null {
  if (mayAttack(p, assume)) return null;
  if (p.status !== 'table') return `${p.name} is not on the map`;
  if (p.kind === 'baggage') return `${p.name} is baggage, whose drivers do not attack`;
  if (p.state !== 'armed') return `${p.name} is ${p.state} and cannot attack`;
  if (headcount(p) === 0) return `${p.name} has no men`;
  if (!assume && p.fired) return `${p.name} fired its cannon this turn and cannot attack`;
  if (!assume && p.attacked) return `${p.name} has already attacked this turn`;
  return null;
}

/** The melee of `attackers` (indices, the leader first) against the hex of `ti`. `occ`, when given, must be of `s` now. */
export function meleeTerms(s: GameState, attackers: readonly number[], ti: number, assume = false, occ?: Occupancy): MeleeTerms {
  const t = s.pieces[ti]!;
  const b = s.board;
  if (t.status !== 'table') return { allowed: false, reason: `${t.name} is not on the map` };
  if (t.state === 'prisoner') return { allowed: false, reason: `${t.name} are prisoners and cannot be attacked` };
  if (attackers.length === 0) return { allowed: false, reason: 'no formation attacks' };
  if (new Set(attackers).size !== attackers.length) return { allowed: false, reason: 'a formation is named twice' };
  const side = s.pieces[attackers[0]!]!.side;
  for (const ai of attackers) {
    const a = s.pieces[ai]!;
    if (a.side !== side) return { allowed: false, reason: `${a.name} is not on the attacker's side` };
    if (a.side === t.side) return { allowed: false, reason: `${t.name} is a friendly formation` };
    const why = cannotAttack(s, a, assume);
    if (why) return { allowed: false, reason: why };
    if (hexDistance(b, a.cell, t.cell) !== 1) return { allowed: false, reason: `${a.name} is not adjacent to ${t.name}` };
  }
  const defenders: number[] = [];
  for (let i = firstIn(occ, t.cell); i >= 0 && i < s.pieces.length; i = nextIn(occ, i)) {
    const p = s.pieces[i]!;
    if (p.cell === t.cell && p.side === t.side && fights(p)) defenders.push(i);
  }
  if (defenders.length === 0) return { allowed: false, reason: `${t.name}'s hex holds no armed defenders, only baggage, unarmed men or routers: move in to capture them` };
  if (!assume && s.attacked.includes(t.cell)) return { allowed: false, reason: `${b.names[t.cell]} has already been attacked this phase` };
  const sum = (list: readonly number[]) => {
    let men = 0;
    let officers = 0;
    for (const i of list) {
      men += s.pieces[i]!.men;
      if (s.pieces[i]!.officer) officers++;
    }
    return { men, officers };
  };
  const att = sum(attackers);
  const def = sum(defenders);
  const terrainType = b.terrain[t.cell] === FORTIFIED ? 'fortified' : b.terrain[t.cell] === COVERED ? 'covered' : 'clear';
  const multiplier = terrainType === 'fortified' ? 2 : terrainType === 'covered' ? 1.5 : 1;
  const aStrength = att.men + att.officers;
  const dStrength = (def.men + def.officers) * multiplier;
  if (aStrength < dStrength && att.officers === 0) {
    return { allowed: false, reason: `a smaller force (${aStrength} against ${dStrength}) attacks only with an officer` };
  }
  const row = ratioRow(aStrength, dStrength);
  const larger = aStrength > dStrength ? 'attacker' : dStrength > aStrength ? 'defender' : 'even';
  return {
    allowed: true,
    attacker: { pieces: [...attackers], ...att, strength: aStrength },
    defender: { pieces: defenders, ...def, strength: dStrength, terrain: terrainType, multiplier },
    row,
    larger,
    results: MELEE_TABLE[row],
    killed: Math.floor(Math.min(att.men + att.officers, def.men + def.officers) / 2),
  };
}

/** The chance the attacker wins, the defender wins, or neither, from the six results. */
export function meleeOdds(results: readonly Letter[], larger: 'attacker' | 'defender' | 'even'): { attacker: number; defender: number; stalemate: number } {
  const out = { attacker: 0, defender: 0, stalemate: 0 };
  for (const l of results) {
    const w = winnerOf(l, larger);
    out[w ?? 'stalemate'] += 1 / 6;
  }
  return out;
}
