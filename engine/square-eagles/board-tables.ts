// What the move searches ask of the board at every step, worked out once per board: where each forward step from
// each box leads, which boxes flank a diagonal step, and what a unit may enter. The board itself stays plain JSON
// (it is saved and sent with the state); the tables hang off it in a WeakMap, so a board read back from a file gets
// its own on first use.
import { FACINGS, FORWARD_STEPS, IMPASSABLE, T_FORT, T_TOWN, T_WOODS, boxDistance, isCut, step, type Board } from './board.js';

export interface BoardTables {
  /**
   * For box `i`, facing index `f` (facing / 90) and forward step `k` (0 straight, 1 and 2 the diagonals), at
   * `(i * 4 + f) * 3 + k`: the box the step reaches, or -1 when it leaves the table, enters impassable terrain or
   * crosses a river between boxes. Whether troops block a diagonal is the only test left to the search.
   */
  readonly forward: Int16Array;
  /**
   * For a diagonal step at the same index, the two boxes beside it (the column step, then the row step), or -1 for
   * one off the table or impassable, which always blocks (Units and Boxes: a diagonal is barred when both block).
   */
  readonly flankA: Int16Array;
  readonly flankB: Int16Array;
  /** 1 where a box has woods. */
  readonly woods: Uint8Array;
  /** For box `i` and direction `d` of the eight (N, NE, E, SE, S, SW, W, NW) at `i * 8 + d`: the neighbour or -1. */
  readonly around: Int16Array;
  /** The same neighbour when a step may enter it: not impassable, not across a river between boxes; else -1. */
  readonly stepTo: Int16Array;
  /** 1 where a box is not impassable. */
  readonly enterable: Uint8Array;
  /**
   * 1 where a unit may end a move (movement.ts canEnd), by what it is: foot (Infantry, Lights), guns (Guns, Horse
   * Guns) and the rest (Cavalry).
   */
  readonly endFoot: Uint8Array;
  readonly endGuns: Uint8Array;
  readonly endOther: Uint8Array;
  /**
   * boxDistance(b, i, j) at `i * boxes + j`: the fire questions and the AI's evaluator ask it for every pair of units.
   * Distances are whole or half boxes, so single precision holds them exactly.
   */
  readonly apart: Float32Array;
  /** 1 where a box belongs to an objective (victory.ts updateControl). */
  readonly objectiveBox: Uint8Array;
}

/** The index in AROUND of a step (dc, dr), each −1, 0 or 1, at `(dr + 1) * 3 + dc + 1`; -1 for no step. */
export const DIRECTION: readonly number[] = [7, 0, 1, 6, -1, 2, 5, 4, 3];

const tables = new WeakMap<Board, BoardTables>();

/** The eight neighbours, orthogonal ones at even indices. */
export const AROUND: readonly (readonly [number, number])[] = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

// The last board's tables, kept at hand: a batch asks about one board millions of times.
let lastBoard: Board | null = null;
let lastTables: BoardTables | null = null;

export function boardTables(b: Board): BoardTables {
  if (b === lastBoard) return lastTables!;
  let t = tables.get(b);
  if (!t) tables.set(b, (t = buildTables(b)));
  lastBoard = b;
  lastTables = t;
  return t;
}

function buildTables(b: Board): BoardTables {
  const n = b.cols * b.rows;
  const enterable = (cell: number): boolean => cell >= 0 && (b.flags[cell]! & IMPASSABLE) === 0;
  const forward = new Int16Array(n * 12).fill(-1);
  const flankA = new Int16Array(n * 12).fill(-1);
  const flankB = new Int16Array(n * 12).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < 4; f++) {
      const steps = FORWARD_STEPS[FACINGS[f]!];
      for (let k = 0; k < 3; k++) {
        const [dc, dr] = steps[k]!;
        const at = (i * 4 + f) * 3 + k;
        const to = step(b, i, dc, dr);
        if (enterable(to) && !isCut(b, i, to)) forward[at] = to;
        if (k > 0) {
          const a = step(b, i, dc, 0);
          const c = step(b, i, 0, dr);
          flankA[at] = enterable(a) ? a : -1;
          flankB[at] = enterable(c) ? c : -1;
        }
      }
    }
  }
  const woods = new Uint8Array(n);
  for (let i = 0; i < n; i++) woods[i] = (b.flags[i]! & T_WOODS) !== 0 ? 1 : 0;
  const around = new Int16Array(n * 8).fill(-1);
  for (let i = 0; i < n; i++) for (let d = 0; d < 8; d++) around[i * 8 + d] = step(b, i, AROUND[d]![0], AROUND[d]![1]);
  const enterableAt = new Uint8Array(n);
  for (let i = 0; i < n; i++) enterableAt[i] = enterable(i) ? 1 : 0;
  const stepTo = new Int16Array(n * 8).fill(-1);
  for (let i = 0; i < n * 8; i++) {
    const to = around[i]!;
    if (enterable(to) && !isCut(b, i >> 3, to)) stepTo[i] = to;
  }
  const endFoot = new Uint8Array(n);
  const endGuns = new Uint8Array(n);
  const endOther = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!enterable(i)) continue;
    const f = b.flags[i]!;
    endFoot[i] = 1;
    endOther[i] = (f & (T_TOWN | T_FORT)) === 0 ? 1 : 0;
    endGuns[i] = (f & (T_TOWN | T_FORT)) === 0 || ((f & T_TOWN) === 0 && b.options.forts) ? 1 : 0;
  }
  const apart = new Float32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) apart[i * n + j] = boxDistance(b, i, j);
  const objectiveBox = new Uint8Array(n);
  for (const o of b.objectives) for (const c of o.cells) if (c >= 0 && c < n) objectiveBox[c] = 1;
  return { forward, flankA, flankB, woods, around, stepTo, enterable: enterableAt, endFoot, endGuns, endOther, apart, objectiveBox };
}
