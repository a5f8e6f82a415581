// What a hex holds (Stacking, seed 002; docs/rules/hex-skirmish.md §7.2): at most 20 men of a side, or 10 beside
// one cannon or baggage; officers, routers and prisoners are not counted. And who else stands there.
import { firstIn, nextIn, type Occupancy } from './occupancy.js';
import { MAX_MEN, MAX_MEN_BESIDE_GUN, type GameState, type Piece, type Side } from './types.js';

/**
 * Counted against the limit: a side's own armed men. Unarmed men (rallied routers, freed prisoners) are counted
 * with routers and prisoners, outside it: they land in a hex by what happens to them, not by a move (§7.2).
 */
const counted = (p: Piece): boolean => p.status === 'table' && p.state === 'armed';

/** Pieces on the map in `cell`. */
export function piecesIn(s: GameState, cell: number): Piece[] {
  return s.pieces.filter((p) => p.status === 'table' && p.cell === cell);
}

/**
 * Who is in `cell` that `side` would meet: `armed` enemy men block it; `capturable` only prisoners-to-be. `occ`, when
 * given, must be of `s` as it is now.
 */
export function enemyIn(s: GameState, side: Side, cell: number, occ?: Occupancy): 'none' | 'capturable' | 'armed' {
  let found: 'none' | 'capturable' | 'armed' = 'none';
  const pieces = s.pieces;
  for (let i = firstIn(occ, cell); i >= 0 && i < pieces.length; i = nextIn(occ, i)) {
    const p = pieces[i]!;
    if (p.status !== 'table' || p.cell !== cell) continue;
    // Prisoners neither block nor are taken again: whoever holds them has an escort beside them, met as such.
    if (p.state === 'prisoner') continue;
    if (p.side === side) continue;
    if (p.state === 'armed' && p.kind !== 'baggage' && (p.men > 0 || p.officer)) return 'armed';
    found = 'capturable';
  }
  return found;
}

/** Whether `p`, with `men` of its men, may stand in `cell` beside what its side already has there. */
export function roomFor(s: GameState, p: Piece, cell: number, men = p.men, occ?: Occupancy): boolean {
  let total = p.state === 'armed' ? men : 0;
  let heavy = p.gun || p.wagon ? 1 : 0;
  const pieces = s.pieces;
  for (let i = firstIn(occ, cell); i >= 0 && i < pieces.length; i = nextIn(occ, i)) {
    const q = pieces[i]!;
    if (q === p || q.status !== 'table' || q.cell !== cell) continue;
    if (q.side === p.side && counted(q)) total += q.men;
    if ((q.gun || q.wagon) && q.state !== 'prisoner' && (q.side === p.side || q.state === 'abandoned')) heavy++;
  }
  if (heavy > 1) return false;
  return total <= (heavy > 0 ? MAX_MEN_BESIDE_GUN : MAX_MEN);
}
