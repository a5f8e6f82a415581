// Who stands in each hex, gathered in one pass over the formations. A long game keeps every formation it ever had
// (splits and joins leave hundreds behind, merged or destroyed), so a move search or a stacking check that scanned
// them all for every hex it looked at cost hundreds of times more than the few pieces actually there.
//
// Built from a state and never updated: it is right until the next change of a piece's hex or status, so a search
// builds one, reads it, and drops it. Nothing here is kept in the state, which stays plain JSON.
import type { GameState } from './types.js';

export interface Occupancy {
  /** The first piece on the map in each hex, by index; −1 for an empty hex. */
  readonly head: number[];
  /** After piece i, the next piece on the map in the same hex, by index; −1 after the last. */
  readonly next: number[];
}

export function occupancy(s: GameState): Occupancy {
  // Plain arrays: a typed array this small still costs a buffer of its own, several times dearer to make.
  return occupancyInto(s, { head: [], next: [] });
}

/**
 * `occ` rebuilt for `s`, its lists reused: for a searcher that builds one every decision. `next` is written only for
 * pieces on the map, the only ones a hex's list reaches; the rest hold whatever they held.
 */
export function occupancyInto(s: GameState, occ: Occupancy): Occupancy {
  const pieces = s.pieces;
  const { head, next } = occ;
  const hexes = s.board.names.length;
  // Filled in order, never past the end, so the lists stay dense arrays.
  if (head.length === hexes) head.fill(-1);
  else for (let c = 0; c < hexes; c++) head[c] = -1;
  while (next.length < pieces.length) next.push(-1);
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.status !== 'table') continue;
    next[i] = head[p.cell]!;
    head[p.cell] = i;
  }
  return occ;
}

// Walking a hex: `for (let i = firstIn(occ, cell); i >= 0 && i < s.pieces.length; i = nextIn(occ, i))`, checking
// each piece's status and hex as before. With an occupancy that visits the hex's pieces alone; without one, every
// piece, for a single question asked mid-action where building an occupancy would cost as much as the scan.
export const firstIn = (occ: Occupancy | undefined, cell: number): number => (occ ? occ.head[cell]! : 0);
export const nextIn = (occ: Occupancy | undefined, i: number): number => (occ ? occ.next[i]! : i + 1);
