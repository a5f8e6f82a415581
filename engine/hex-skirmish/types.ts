// A Hex Skirmish game's state: plain JSON (the board is shared, never copied), so a game can be cloned, logged and
// resumed, and the dice generator's state travels inside it (engine/dice.ts).
import type { HexEdge, HexPieceKind, HexSkirmishAction, HexSkirmishUnit, SideKey } from '../../domain/engine-protocol.js';
import type { VictoryCondition } from '../../domain/model.js';
import type { RngState } from '../dice.js';
import type { HexBoard } from './board.js';

export type Side = 0 | 1;
export type Action = HexSkirmishAction;
export type Phase = 'cannonade' | 'march' | 'melee' | 'over';
export type PieceStatus = HexSkirmishUnit['status'];
export type PieceState = HexSkirmishUnit['state'];

/** One formation; `cell` is −1 off the map. */
export interface Piece {
  id: string;
  name: string;
  side: Side;
  kind: HexPieceKind;
  type: string;
  origins: string[];
  status: PieceStatus;
  cell: number;
  men: number;
  officer: { id: string; name: string } | null;
  gun: boolean;
  wagon: boolean;
  state: PieceState;
  /** The side holding prisoners, −1 otherwise. */
  captor: Side | -1;
  ammo: number;
  fired: boolean;
  moved: boolean;
  attacked: boolean;
  exitEdge: HexEdge | null;
}

export interface PendingReinforcement {
  side: Side;
  pieces: number[];
  turn: number | null;
  roll: { from: number; need: number } | null;
  entry: number[];
  /** The roll succeeded (or the turn came); pieces still in reserve wait only for room. */
  due: boolean;
}

export interface Meta {
  scenario: string;
  title: string;
  sides: [{ id: string; key: SideKey; name: string }, { id: string; key: SideKey; name: string }];
  limit: number;
  victory: VictoryCondition[];
  seed: number;
  /** Scenario units of each side at the start, for `destroy` victory. */
  units: [string[], string[]];
}

export interface GameState {
  meta: Meta;
  board: HexBoard;
  turn: number;
  /** The side whose player turn it is. */
  active: Side;
  /** The side that moves first each game turn. */
  first: Side;
  phase: Phase;
  pieces: Piece[];
  /** Hexes attacked in this melee phase. */
  attacked: number[];
  reinforcements: PendingReinforcement[];
  /** Objective holders, by the board's objective order: a side or −1. */
  control: (Side | -1)[];
  vp: [number, number];
  /** How many formations splits have made, for new ids. */
  splits: number;
  rng: RngState;
  ply: number;
  result: { winner: Side | -1; reason: string; condition: number } | null;
}

/**
 * A copy of `p`, field by field in the order every piece is made with (setup.ts), so the JSON is the same as a
 * spread's. Every piece in play is made through here, so all have one shape and the searches that read them
 * thousands of times a move read them at one place in memory; pieces of many shapes (spreads with fields changed)
 * made those reads several times slower.
 */
export function copyPiece(p: Piece): Piece {
  return {
    id: p.id,
    name: p.name,
    side: p.side,
    kind: p.kind,
    type: p.type,
    origins: p.origins,
    status: p.status,
    cell: p.cell,
    men: p.men,
    officer: p.officer,
    gun: p.gun,
    wagon: p.wagon,
    state: p.state,
    captor: p.captor,
    ammo: p.ammo,
    fired: p.fired,
    moved: p.moved,
    attacked: p.attacked,
    exitEdge: p.exitEdge,
  };
}

/**
 * A piece off the map for good (merged, destroyed, lost, exited, captured) with no flag a new turn would clear is
 * never written again, so states share it instead of copying it: a long game keeps hundreds of them, and copying
 * them was most of the cost of an action.
 */
const settled = (p: Piece): boolean => p.status !== 'table' && p.status !== 'reserve' && !p.fired && !p.moved && !p.attacked;

export function cloneState(s: GameState): GameState {
  // The array copied whole, then the pieces that may change copied over it: cheaper than a map over every piece.
  const pieces = s.pieces.slice();
  for (let i = 0; i < pieces.length; i++) if (!settled(pieces[i]!)) pieces[i] = copyPiece(pieces[i]!);
  return {
    ...s,
    pieces,
    attacked: [...s.attacked],
    reinforcements: s.reinforcements.map((r) => ({ ...r })),
    control: [...s.control],
    vp: [s.vp[0], s.vp[1]],
    rng: [...s.rng] as GameState['rng'],
  };
}

// The draft an action is being applied to, and which of its pieces are its own: piece i is, where `ownedAt[i]` holds
// this draft's stamp. One at a time: applying an action never applies another inside it.
let draft: GameState | null = null;
let ownedAt = new Int32Array(0);
let shared = 0;
let stamp = 0;

/**
 * A copy of `s` to apply an action to. It shares every piece with `s` until `edit` copies one to change it: an action
 * changes one or two of the dozens of pieces on the map, and copying them all was most of the garbage a game made.
 * `settleDraft` ends it.
 */
export function draftState(s: GameState): GameState {
  // Field by field, in the order set-up makes them (the JSON is the same as a spread's), so every state has one shape.
  const d: GameState = {
    meta: s.meta,
    board: s.board,
    turn: s.turn,
    active: s.active,
    first: s.first,
    phase: s.phase,
    pieces: s.pieces.slice(),
    attacked: [...s.attacked],
    reinforcements: s.reinforcements.map((r) => ({ ...r })),
    control: [...s.control],
    vp: [s.vp[0], s.vp[1]],
    splits: s.splits,
    rng: [...s.rng] as GameState['rng'],
    ply: s.ply,
    result: s.result,
  };
  if (ownedAt.length < s.pieces.length) ownedAt = new Int32Array(Math.max(64, 2 * s.pieces.length));
  if (++stamp === 0x7fffffff) {
    ownedAt.fill(0);
    stamp = 1;
  }
  draft = d;
  shared = s.pieces.length;
  return d;
}

/**
 * Piece `i` of `s`, to be changed: in a draft, a piece still shared with the state it was drafted from is copied
 * first. Every change to a piece during an action goes through here; a reference taken before is stale after.
 */
export function edit(s: GameState, i: number): Piece {
  // Pieces added since the draft began (from `shared` on) are its own already.
  if (s === draft && i < shared && ownedAt[i] !== stamp) {
    ownedAt[i] = stamp;
    s.pieces[i] = copyPiece(s.pieces[i]!);
  }
  return s.pieces[i]!;
}

/** The draft is done, or abandoned: `s` is a state like any other, never to be changed again. */
export function settleDraft(s: GameState): void {
  if (draft === s) draft = null;
}

export const other = (s: Side): Side => (s === 0 ? 1 : 0);
export const MOVE: Record<HexPieceKind, number> = { infantry: 1, cavalry: 2, artillery: 1, baggage: 1, officer: 2 };
/** Stacking, as the validator checks it at set-up: one number for both. */
export { MEN_PER_HEX as MAX_MEN, MEN_WITH_GUN_OR_BAGGAGE as MAX_MEN_BESIDE_GUN } from '../../domain/rule-systems/hex-skirmish.js';
export const MIN_GUN_CREW = 4;
export const GUN_RANGE = 6;
export const AMMO_TURNS = 3;
export const BAGGAGE_REACH = 4;

/** The VP table (VP table, seed 002). */
export const VP = { manKilled: 1, manCaptured: 2, officerKilled: 3, officerCaptured: 5, cannon: 10, baggage: 5 } as const;

/** Men who fight: on the map, armed, with men or an officer. */
export const fights = (p: Piece): boolean => p.status === 'table' && p.state === 'armed' && p.kind !== 'baggage' && (p.men > 0 || p.officer !== null);
/** Men of a side who can still act: armed or unarmed, on the map. */
export const stands = (p: Piece): boolean => p.status === 'table' && (p.state === 'armed' || p.state === 'unarmed') && (p.men > 0 || p.officer !== null);
export const headcount = (p: Piece): number => p.men + (p.officer ? 1 : 0);
