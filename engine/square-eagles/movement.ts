// Where a unit may go: Move, March, Maneuver and the approach of an Assault (rules 3.iii, 3.iv Maneuver and
// 3.iv Assault), with diagonals, the diagonal blocking rule, zones of control, terrain and interpenetration.
// Choices where the text is silent are recorded in docs/rules/square-eagles.md §7.
import {
  DIR,
  FACINGS,
  IMPASSABLE,
  T_FORT,
  T_ROAD,
  T_TOWN,
  T_WOODS,
  boxDistance,
  colOf,
  isCut,
  rowOf,
  type Board,
  type Facing,
} from './board.js';
import { DIRECTION, boardTables, type BoardTables } from './board-tables.js';
import { boxOnSide, enemyNear, enemyZoc, facingTowards, reverse, sideOf, type ArcSide, type Ctx, type Occupancy, MEMO_SLOTS, zocIncludes } from './geometry.js';
import {
  hasTrait,
  isCavalry,
  isSpent,
  onTable,
  type Formation,
  type SideIndex,
  type UnitState,
} from './types.js';

const canEnter = (b: Board, cell: number): boolean => cell >= 0 && (b.flags[cell]! & IMPASSABLE) === 0;

/** Only Infantry and Lights may end a move in a town (3.iv c.1); with Forts, Guns may also end one in works. */
export function canEnd(b: Board, u: UnitState, cell: number): boolean {
  if (!canEnter(b, cell)) return false;
  const f = b.flags[cell]!;
  if ((f & (T_TOWN | T_FORT)) === 0) return true;
  if (u.type === 'Infantry' || u.type === 'Lights') return true;
  if ((f & T_TOWN) === 0 && b.options.forts && (u.type === 'Guns' || u.type === 'Horse Guns')) return true;
  return false;
}

/** canEnd's answers for the unit's kind, per box. */
function endTable(t: BoardTables, u: UnitState): Uint8Array {
  if (u.type === 'Infantry' || u.type === 'Lights') return t.endFoot;
  if (u.type === 'Guns' || u.type === 'Horse Guns') return t.endGuns;
  return t.endOther;
}

/** Move allowance in boxes (rule 3.iii table). */
export function baseMove(u: UnitState): number {
  switch (u.type) {
    case 'Infantry':
    case 'Guns':
      return 2;
    default:
      return 3;
  }
}

/** Infantry in column, Lights and all Cavalry may take one diagonal step in a Move or March (3.iii). */
function mayStepDiagonally(u: UnitState): boolean {
  return (u.type === 'Infantry' && u.formation === 'column') || u.type === 'Lights' || isCavalry(u);
}

/** Whether a unit may March at all: not a square; Infantry only in column; never starting within 1 box of an enemy. */
function mayMarch(ctx: Ctx, u: UnitState): boolean {
  if (u.formation === 'square') return false;
  if (u.type === 'Infantry' && u.formation !== 'column') return false;
  return !nearEnemy(ctx, u.side, u.cell);
}

function nearEnemy(ctx: Ctx, side: SideIndex, cell: number): boolean {
  return enemyNear(ctx, side)[cell] === 1;
}

/** A box is in the way of a diagonal step when it holds troops or terrain the mover cannot enter. */
function blocksDiagonal(ctx: Ctx, self: number, cell: number): boolean {
  if (cell < 0) return true;
  const o = ctx.occ[cell]!;
  return (o >= 0 && o !== self) || !canEnter(ctx.b, cell);
}

/**
 * Whether a single step from `from` by (dc, dr) is possible: on the table, enterable, not across a river between
 * boxes, and for a diagonal, not with both side boxes blocked (Units and Boxes).
 */
function stepOk(ctx: Ctx, t: BoardTables, self: number, from: number, dc: number, dr: number): number {
  const d = DIRECTION[(dr + 1) * 3 + dc + 1]!;
  if (d < 0) return -1;
  const to = t.stepTo[from * 8 + d]!;
  if (to < 0 || (d & 1) === 0) return to;
  // A diagonal: barred when the boxes beside it, the orthogonal steps either side, both block.
  if (blocksDiagonal(ctx, self, t.around[from * 8 + d - 1]!) && blocksDiagonal(ctx, self, t.around[from * 8 + ((d + 1) & 7)]!)) return -1;
  return to;
}

/** Facings that face a box holding one of the units whose ZOC the mover stopped in (listed from `first`, enemyZoc). */
function zocFacings(ctx: Ctx, first: number): Facing[] {
  const out: Facing[] = [];
  const next = ctx.zoc.next;
  for (let o = first; o >= 0; o = next[o]!) {
    const f = reverse(ctx.s.units[o]!.facing);
    if (!out.includes(f)) out.push(f);
  }
  return out;
}

/**
 * Whether a unit that started in the ZOC of the units listed from `first` has withdrawn when it ends in `to` (Units and Boxes: it stays
 * facing into them, assaults one, or withdraws from the zone). Withdrawing takes it away: it may not end beside
 * (orthogonally or diagonally) any of them, which rules out a step round to the same enemy's flank or rear.
 */
function clearOf(ctx: Ctx, first: number, to: number): boolean {
  if (first < 0) return true;
  const { b } = ctx;
  const c = colOf(b, to);
  const r = rowOf(b, to);
  const next = ctx.zoc.next;
  for (let o = first; o >= 0; o = next[o]!) {
    const at = ctx.s.units[o]!.cell;
    if (Math.abs(colOf(b, at) - c) <= 1 && Math.abs(rowOf(b, at) - r) <= 1) return false;
  }
  return true;
}

export { MEMO_SLOTS };

// A move search marks each destination and facing it has found in `seen` with its call's number, so a search
// needs neither a Map nor clearing; the keys go to `found` in the order first reached, which is the order of the
// actions the engine lists (and so of every seeded random game).
let seen = new Int32Array(0);
let searchNo = 0;

function startSearch(cells: number): number {
  if (seen.length < cells * 4) seen = new Int32Array(cells * 4);
  if (++searchNo === 0x7fffffff) {
    seen.fill(0);
    roadStamp.fill(0);
    searchNo = 1;
  }
  return searchNo;
}

/**
 * Move or March destinations with final facings (rules 3.iii, 3.iv Maneuver a–c), each packed as one number,
 * `to * 4 + facing / 90` (moveTo, moveFacing), in the order first reached: a search allocates one array and no
 * objects. Kept on a state's memoised context (ctx.memo), so callers must not change the array.
 */
export function moveKeys(ctx: Ctx, ui: number, march: boolean): readonly number[] {
  const memo = ctx.memo;
  if (!memo) return searchMoves(ctx, ui, march);
  // Both kinds are asked of every ordered unit (the menus, the AI), and one walk finds both (searchBoth).
  const slot = ui * MEMO_SLOTS + (march ? 1 : 0);
  if (memo[slot] === undefined) searchBoth(ctx, ui, memo);
  return memo[slot] as number[];
}

export const moveTo = (key: number): number => key >> 2;
export const moveFacing = (key: number): Facing => ((key & 3) * 90) as Facing;

// One move search's inputs, as module variables rather than a closure over them: the search recurses a few dozen
// times per unit per ply, and the closures (and their context) were a fifth of what a random game allocated.
// Searches never nest (a `spent` callback does not search), so one set serves.
let mCtx: Ctx;
let mForward: Int16Array;
let mFlankA: Int16Array;
let mFlankB: Int16Array;
let mWoods: Uint8Array;
let mEnd: Uint8Array;
let mOcc: Occupancy;
let mUnits: readonly UnitState[];
let mNear: Uint8Array | null = null;
let mZoc: Occupancy;
let mZocNext: Occupancy;
let mUi = 0;
let mSide = 0;
let mLights = false;
let mMilitia = false;
let mEndTurn = false;
let mDiagonalOk = false;
// Costs in the walk are in half boxes (a straight step 2, a diagonal 3): whole numbers, which V8 passes to the
// recursive call as they are, where a 1.5 made a heap number at every step.
let mAllowance2 = 0;
let mHalf2 = 0;
let mHome = 0;
let mStartZoc = -1;
let mNo = 0;
const mFound: number[] = [];
// The road search's cheapest cost per box (stamped with the search's number) and its queue.
let roadStamp = new Int32Array(0);
let roadBest = new Int32Array(0);
const queueCell: number[] = [];
const queueCost: number[] = [];
let mCount = 0;
/** What a search that finds nothing returns: shared, as every answer is read-only to its callers. */
const NO_KEYS: number[] = [];
let mSpent: ((to: number, cost: number) => void) | undefined;
// A Move and a March searched together (searchBoth): the March's keys go to a second list with its own marks, and
// its limits are these (the Move's are mAllowance2 and mHalf2).
let seen2 = new Int32Array(0);
const mFound2: number[] = [];
let mCount2 = 0;
let mMarchAllowance2 = 0;
let mMarchHalf2 = 0;
// Which list a key goes to: the Move's (or a lone search's) and the March's.
const TO_MOVES = 1;
const TO_MARCHES = 2;
let roadNo = 0;

/** The search's inputs for unit `ui` moving `allowance` boxes, into the module variables above. */
function setUp(ctx: Ctx, ui: number, allowance: number, near: Uint8Array | null): void {
  const { b, s } = ctx;
  const u = s.units[ui]!;
  const t = boardTables(b);
  mCtx = ctx;
  mForward = t.forward;
  mFlankA = t.flankA;
  mFlankB = t.flankB;
  mWoods = t.woods;
  mEnd = endTable(t, u);
  mOcc = ctx.occ;
  mUnits = s.units;
  mNear = near;
  mZoc = ctx.zoc.first[u.side === 0 ? 1 : 0];
  mZocNext = ctx.zoc.next;
  mNo = startSearch(b.cols * b.rows);
  mCount = 0;
  mStartZoc = enemyZoc(ctx, u.side, u.cell);
  mHome = u.cell;
  mUi = ui;
  mSide = u.side;
  mLights = u.type === 'Lights';
  mMilitia = hasTrait(u, 'militia');
  mAllowance2 = 2 * allowance;
  mHalf2 = allowance;
  mDiagonalOk = mayStepDiagonally(u);
  // Lights and Cavalry turn at the start or the end, one of the two; Sluggish only at the end; Militia never.
  mEndTurn = !mMilitia && (mLights || isCavalry(u) || hasTrait(u, 'sluggish'));
}

/**
 * In place: a turn only (to the lists in `which`). A unit starting in an enemy ZOC that stays must face one of the
 * units exerting it.
 */
function addInPlace(u: UnitState, which: number): void {
  if (mMilitia) return;
  if (mStartZoc >= 0) addZocFacings(mHome, mStartZoc, -1, 0, u.facing, which);
  else for (const f of FACINGS) if (f !== u.facing) addMove(mHome, f, 0, which);
}

/**
 * The walks from the start, one per facing it may start in (`both`: walkBoth for a Move and a March at once).
 * Infantry and Guns turn at the start; Lights and Cavalry at the start or the end, one of the two; Sluggish only at
 * the end; Militia never (only by Maneuver). A move through woods gets no turn at all (3.iv c.2: half speed OR
 * turn). A move entering an enemy ZOC ends there facing a unit that exerts it; Militia, which may not be turned by a
 * Move, may stop there only if they already face one (else they assault it, or Maneuver into the box).
 */
function walkFromStart(u: UnitState, both: boolean): void {
  const startWoods = !mLights && mWoods[mHome] === 1;
  if (mMilitia || hasTrait(u, 'sluggish')) {
    if (both) walkBoth(mHome, u.facing / 90, false, 0, false, startWoods, TO_MOVES | TO_MARCHES);
    else walkMove(mHome, u.facing / 90, false, 0, false, startWoods);
    return;
  }
  for (let fi = 0; fi < 4; fi++) {
    if (both) walkBoth(mHome, fi, fi * 90 !== u.facing, 0, false, startWoods, TO_MOVES | TO_MARCHES);
    else walkMove(mHome, fi, fi * 90 !== u.facing, 0, false, startWoods);
  }
}

function searchMoves(ctx: Ctx, ui: number, march: boolean, spent?: (to: number, cost: number) => void): number[] {
  const u = ctx.s.units[ui]!;
  if (u.formation === 'square' || isSpent(u)) return NO_KEYS;
  if (march && !mayMarch(ctx, u)) return NO_KEYS;
  const allowance = baseMove(u) + (march ? 1 : 0);
  setUp(ctx, ui, allowance, march ? enemyNear(ctx, u.side) : null);
  mSpent = spent;
  addInPlace(u, TO_MOVES);
  walkFromStart(u, false);
  roadMoves(ctx, ui, allowance, mNear, TO_MOVES);
  mSpent = undefined;
  // The scratch list is kept for the next search; the answer is a copy of its exact size.
  // (Setting a length of 0 would drop the list's room, which each search would then grow again.)
  return mCount === 0 ? NO_KEYS : mFound.slice(0, mCount);
}

/**
 * searchMoves' Move and March answers for one unit at once, written to the memo's two slots. The March walks the
 * Move's paths and a box further, so one walk serves both: a path stays in the Move's list while within its
 * allowance, in the March's while it stays clear of enemies (and within the March's), and each list gets its keys
 * in the order its own search would find them (the walk visits the same paths in the same order, each list's
 * dropping only the subtrees its own search would not enter). The roads are searched apart, after the walk, as
 * each search did.
 */
function searchBoth(ctx: Ctx, ui: number, memo: unknown[]): void {
  const u = ctx.s.units[ui]!;
  const slot = ui * MEMO_SLOTS;
  if (u.formation === 'square' || isSpent(u) || !mayMarch(ctx, u)) {
    memo[slot] = searchMoves(ctx, ui, false);
    memo[slot + 1] = NO_KEYS;
    return;
  }
  const allowance = baseMove(u);
  const near = enemyNear(ctx, u.side);
  setUp(ctx, ui, allowance, near);
  mMarchAllowance2 = 2 * (allowance + 1);
  mMarchHalf2 = allowance + 1;
  if (seen2.length < seen.length) seen2 = new Int32Array(seen.length);
  if (mNo === 1) seen2.fill(0);
  mCount2 = 0;
  addInPlace(u, TO_MOVES | TO_MARCHES);
  walkFromStart(u, true);
  roadMoves(ctx, ui, allowance, null, TO_MOVES);
  roadMoves(ctx, ui, allowance + 1, near, TO_MARCHES);
  memo[slot] = mCount === 0 ? NO_KEYS : mFound.slice(0, mCount);
  memo[slot + 1] = mCount2 === 0 ? NO_KEYS : mFound2.slice(0, mCount2);
}

/** Road movement: +1 box and free turns when the whole move follows a road; infantry only in column (3.iv c.5). */
function roadMoves(ctx: Ctx, ui: number, allowance: number, near: Uint8Array | null, which: number): void {
  const { b, s } = ctx;
  const u = s.units[ui]!;
  const home = mHome;
  if ((b.flags[home]! & T_ROAD) === 0 || (u.type === 'Infantry' && u.formation !== 'column')) return;
  const t = boardTables(b);
  const occ = ctx.occ;
  const units = s.units;
  const side = u.side;
  const lights = mLights;
  const militia = mMilitia;
  const endAt = mEnd;
  // Breadth first from the start, in half boxes; the cheapest cost yet per box is stamped with this search's number,
  // and the queue is two reused lists read from the front (a Map, a pair per step and shift() before).
  const roadAllowance2 = 2 * (allowance + 1);
  if (roadStamp.length < b.cols * b.rows) {
    roadStamp = new Int32Array(b.cols * b.rows);
    roadBest = new Int32Array(b.cols * b.rows);
    roadNo = 0;
  }
  if (++roadNo === 0x7fffffff) {
    roadStamp.fill(0);
    roadNo = 1;
  }
  const no = roadNo;
  roadStamp[home] = no;
  roadBest[home] = 0;
  let head = 0;
  let tail = 0;
  queueCell[tail] = home;
  queueCost[tail++] = 0;
  const fx = DIR[u.facing][0];
  const fy = DIR[u.facing][1];
  while (head < tail) {
    const pos = queueCell[head]!;
    const cost2 = queueCost[head++]!;
    for (const to of b.road[pos]!) {
      const dc = colOf(b, to) - colOf(b, pos);
      const dr = rowOf(b, to) - rowOf(b, pos);
      if (militia && (dc !== fx || dr !== fy)) continue;
      if (stepOk(ctx, t, ui, pos, dc, dr) !== to) continue;
      const occupant = occ[to]!;
      if (occupant >= 0 && !(lights && units[occupant]!.side === side)) continue;
      const c = cost2 + (dc !== 0 && dr !== 0 ? 3 : 2);
      if (c > roadAllowance2) continue;
      if (near !== null && near[to] === 1) continue;
      if (roadStamp[to] === no && roadBest[to]! <= c) continue;
      roadStamp[to] = no;
      roadBest[to] = c;
      const zoc = enemyZoc(ctx, side, to);
      if (zoc >= 0) {
        if (occupant < 0 && endAt[to] === 1) addZocFacings(to, zoc, militia ? u.facing : -1, c, -1, which);
        continue;
      }
      if (occupant < 0 && endAt[to] === 1) {
        if (militia) addMove(to, u.facing, c, which);
        else for (const f of FACINGS) addMove(to, f, c, which);
      }
      queueCell[tail] = to;
      queueCost[tail++] = c;
    }
  }
}

/** Adds a destination reached at `cost2` half boxes to the lists in `which`. */
function addMove(to: number, facing: number, cost2: number, which: number): void {
  // Leaving the box is a withdrawal from any ZOC it started in: it must end clear of those units.
  if (mStartZoc >= 0 && to !== mHome && !clearOf(mCtx, mStartZoc, to)) return;
  const k = to * 4 + facing / 90;
  if ((which & TO_MOVES) !== 0) {
    mSpent?.(to, cost2 / 2);
    if (seen[k] !== mNo) {
      seen[k] = mNo;
      mFound[mCount++] = k;
    }
  }
  if ((which & TO_MARCHES) !== 0 && seen2[k] !== mNo) {
    seen2[k] = mNo;
    mFound2[mCount2++] = k;
  }
}

/**
 * addMove for each facing that faces one of the units listed from `first`, in zocFacings' order (first owner first, each facing once):
 * only `only` when it is a facing (Militia keep theirs), and not `skip`.
 */
function addZocFacings(to: number, first: number, only: number, cost2: number, skip: number, which: number): void {
  const units = mUnits;
  const next = mZocNext;
  for (let o = first; o >= 0; o = next[o]!) {
    const f = (units[o]!.facing + 180) % 360;
    let dup = false;
    for (let p = first; p !== o; p = next[p]!) if ((units[p]!.facing + 180) % 360 === f) dup = true;
    if (dup || f === skip || (only >= 0 && f !== only)) continue;
    addMove(to, f, cost2, which);
  }
}

/** A diagonal step is barred when both boxes beside it are blocked, by terrain (-1 in the tables) or by troops
 * other than the mover (Units and Boxes). */
const blocksStep = (cell: number): boolean => cell < 0 || (mOcc[cell]! >= 0 && mOcc[cell] !== mUi);

/** One step of the walk from `pos` in facing `fi` (facing / 90), and on from each box reached. */
function walkMove(pos: number, fi: number, turned: boolean, cost2: number, diagUsed: boolean, woods: boolean): void {
  const kinds = mDiagonalOk && !diagUsed ? 3 : 1;
  const base = (pos * 4 + fi) * 3;
  for (let k = 0; k < kinds; k++) {
    const to = mForward[base + k]!;
    if (to < 0) continue;
    const diag = k > 0;
    if (diag && blocksStep(mFlankA[base + k]!) && blocksStep(mFlankB[base + k]!)) continue;
    const occupant = mOcc[to]!;
    // Only skirmishers pass through, and only through friends, and they must clear them (3.iv Maneuver b).
    if (occupant >= 0 && !(mLights && mUnits[occupant]!.side === mSide)) continue;
    const c = diag ? cost2 + 3 : cost2 + 2;
    const w = woods || (!mLights && mWoods[to] === 1);
    // In woods a unit moves at half speed or turns, not both (3.iv c.2).
    if (w && turned) continue;
    if (c > (w ? mHalf2 : mAllowance2)) continue;
    if (mNear !== null && mNear[to] === 1) continue;
    const zoc = mZoc[to]!;
    if (zoc >= 0) {
      // Entering an enemy ZOC ends the move facing a unit that exerts it.
      if (occupant < 0 && mEnd[to] === 1) addZocFacings(to, zoc, mMilitia ? fi * 90 : -1, c, -1, TO_MOVES);
      continue;
    }
    if (occupant < 0 && mEnd[to] === 1) {
      // The end turn is the alternative to the start turn, not a second one (3.iv Maneuver a: start or end).
      if (mEndTurn && !turned && !w) for (let f = 0; f < 360; f += 90) addMove(to, f, c, TO_MOVES);
      else addMove(to, fi * 90, c, TO_MOVES);
    }
    // A step costs at least a box (2): past that the next call would find nothing (woods only lower the limit).
    if (c + 2 <= (w ? mHalf2 : mAllowance2)) walkMove(to, fi, turned, c, diagUsed || diag, w);
  }
}

/** walkMove for a Move and a March at once (searchBoth): `which` says whose allowance the path so far is within. */
function walkBoth(pos: number, fi: number, turned: boolean, cost2: number, diagUsed: boolean, woods: boolean, which: number): void {
  const kinds = mDiagonalOk && !diagUsed ? 3 : 1;
  const base = (pos * 4 + fi) * 3;
  for (let k = 0; k < kinds; k++) {
    const to = mForward[base + k]!;
    if (to < 0) continue;
    const diag = k > 0;
    if (diag && blocksStep(mFlankA[base + k]!) && blocksStep(mFlankB[base + k]!)) continue;
    const occupant = mOcc[to]!;
    if (occupant >= 0 && !(mLights && mUnits[occupant]!.side === mSide)) continue;
    const c = diag ? cost2 + 3 : cost2 + 2;
    const w = woods || (!mLights && mWoods[to] === 1);
    if (w && turned) continue;
    let here = which;
    if ((here & TO_MOVES) !== 0 && c > (w ? mHalf2 : mAllowance2)) here &= ~TO_MOVES;
    if ((here & TO_MARCHES) !== 0 && (c > (w ? mMarchHalf2 : mMarchAllowance2) || mNear![to] === 1)) here &= ~TO_MARCHES;
    if (here === 0) continue;
    const zoc = mZoc[to]!;
    if (zoc >= 0) {
      if (occupant < 0 && mEnd[to] === 1) addZocFacings(to, zoc, mMilitia ? fi * 90 : -1, c, -1, here);
      continue;
    }
    if (occupant < 0 && mEnd[to] === 1) {
      if (mEndTurn && !turned && !w) for (let f = 0; f < 360; f += 90) addMove(to, f, c, here);
      else addMove(to, fi * 90, c, here);
    }
    if (((here & TO_MOVES) !== 0 && c + 2 <= (w ? mHalf2 : mAllowance2)) || ((here & TO_MARCHES) !== 0 && c + 2 <= (w ? mMarchHalf2 : mMarchAllowance2))) {
      walkBoth(to, fi, turned, c, diagUsed || diag, w, here);
    }
  }
}

const INFANTRY_FORMATIONS: readonly Formation[] = ['line', 'column', 'square'];

const FORMATION_CODES: readonly (Formation | null)[] = [null, 'line', 'column', 'square'];
const NO_FORMATION: readonly (Formation | null)[] = [null];
/** The codes of the formations above, in FORMATION_CODES: what `indexOf` gave, without a search per key. */
const INFANTRY_CODES: readonly number[] = [1, 2, 3];
const NO_FORMATION_CODE: readonly number[] = [0];

/**
 * Maneuver: one box in any direction (1.5 on the diagonal) or none, then any formation and facing (3.iv), packed as
 * `(to * 4 + facing / 90) * 4 + formation` (0 none, 1 line, 2 column, 3 square), memoised as moveKeys is.
 */
export function maneuverKeys(ctx: Ctx, ui: number): readonly number[] {
  if (ctx.memo) return (ctx.memo[ui * MEMO_SLOTS + 2] ??= searchManeuvers(ctx, ui)) as number[];
  return searchManeuvers(ctx, ui);
}

export const maneuverTo = (key: number): number => key >> 4;
export const maneuverFacing = (key: number): Facing => (((key >> 2) & 3) * 90) as Facing;
export const maneuverFormation = (key: number): Formation | null => FORMATION_CODES[key & 3]!;

function searchManeuvers(ctx: Ctx, ui: number): number[] {
  const out: number[] = [];
  scanManeuvers(ctx, ui, out, -1, -1);
  return out;
}

/**
 * How many keys maneuverKeys lists, counted without listing them (a random player draws one of a hundred): scanManeuvers'
 * boxes, with the facings a ZOC allows as a mask (zocFacings lists each once), and nothing allocated.
 */
export function maneuverCount(ctx: Ctx, ui: number): number {
  const { b, s } = ctx;
  const u = s.units[ui]!;
  if (isSpent(u)) return 0;
  const formations = u.type === 'Infantry' ? INFANTRY_FORMATIONS : NO_FORMATION;
  const kinds = formations.length;
  const tables = boardTables(b);
  const endAt = endTable(tables, u);
  const startZoc = enemyZoc(ctx, u.side, u.cell);
  const zoc = ctx.zoc.first[u.side === 0 ? 1 : 0];
  // In place: every facing in every formation, but for standing as it is.
  const here = startZoc >= 0 ? zocFacingMask(ctx, startZoc) : 15;
  let n = FACING_COUNT[here]! * kinds;
  if ((here & (1 << (u.facing / 90))) !== 0 && formations.includes(u.formation)) n--;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dc === 0 && dr === 0) continue;
      const to = stepOk(ctx, tables, ui, u.cell, dc, dr);
      if (to < 0 || ctx.occ[to]! >= 0 || endAt[to] !== 1) continue;
      if (!clearOf(ctx, startZoc, to)) continue;
      const there = zoc[to]!;
      n += (there >= 0 ? FACING_COUNT[zocFacingMask(ctx, there)]! : 4) * kinds;
    }
  }
  return n;
}

/** Bits set in each four-bit mask. */
const FACING_COUNT: readonly number[] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** zocFacings as a mask, bit facing / 90. */
function zocFacingMask(ctx: Ctx, first: number): number {
  const next = ctx.zoc.next;
  const units = ctx.s.units;
  let mask = 0;
  for (let o = first; o >= 0; o = next[o]!) mask |= 1 << (((units[o]!.facing + 180) % 360) / 90);
  return mask;
}

/** maneuverKeys(ctx, ui)[k], found without listing the others. */
export const maneuverKeyAt = (ctx: Ctx, ui: number, k: number): number => scanManeuvers(ctx, ui, null, k, -1);

/** Whether maneuverKeys(ctx, ui) includes `key`, without listing them. */
export const isManeuverKey = (ctx: Ctx, ui: number, key: number): boolean => scanManeuvers(ctx, ui, null, -1, key) >= 0;

/**
 * The Maneuver keys in list order: pushed to `out` when given; the `stopAt`th returned when stopAt >= 0 (else -1);
 * `match` returned when it is among them (else -1); otherwise how many there are (maneuverCount counts them alone).
 */
function scanManeuvers(ctx: Ctx, ui: number, out: number[] | null, stopAt: number, match: number): number {
  const { b, s } = ctx;
  const u = s.units[ui]!;
  if (isSpent(u)) return stopAt >= 0 || match >= 0 ? -1 : 0;
  const formations = u.type === 'Infantry' ? INFANTRY_FORMATIONS : NO_FORMATION;
  const codes = u.type === 'Infantry' ? INFANTRY_CODES : NO_FORMATION_CODE;
  const tables = boardTables(b);
  const endAt = endTable(tables, u);
  const startZoc = enemyZoc(ctx, u.side, u.cell);
  let n = 0;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      let to = u.cell;
      let facings: readonly Facing[] = FACINGS;
      if (dc !== 0 || dr !== 0) {
        to = stepOk(ctx, tables, ui, u.cell, dc, dr);
        if (to < 0 || ctx.occ[to]! >= 0 || endAt[to] !== 1) continue;
        // A step out of a ZOC is a withdrawal, which must end clear of the units exerting it.
        if (!clearOf(ctx, startZoc, to)) continue;
        const zoc = enemyZoc(ctx, u.side, to);
        if (zoc >= 0) facings = zocFacings(ctx, zoc);
      } else if (startZoc >= 0) {
        facings = zocFacings(ctx, startZoc);
      }
      for (const facing of facings) {
        for (let k = 0; k < formations.length; k++) {
          if (to === u.cell && facing === u.facing && formations[k] === u.formation) continue;
          const key = (to * 4 + facing / 90) * 4 + codes[k]!;
          if (n === stopAt || key === match) return key;
          out?.push(key);
          n++;
        }
      }
    }
  }
  return stopAt >= 0 || match >= 0 ? -1 : n;
}

export interface AssaultOption {
  target: number;
  /** The box the assaulter ends in, touching the target on `side`. */
  from: number;
  side: ArcSide;
}

/** Artillery, Lights and squares may not assault (3.iv Assault c.3, f.5). */
export function mayAssault(u: UnitState): boolean {
  if (u.type === 'Lights' || u.type === 'Guns' || u.type === 'Horse Guns') return false;
  return u.formation !== 'square' && !isSpent(u);
}

/** The facings an assault may start in: as it stands or one turn of 90° (3.iv Assault b); Militia and Sluggish none. */
export function assaultStartFacings(u: UnitState): Facing[] {
  if (hasTrait(u, 'militia') || hasTrait(u, 'sluggish')) return [u.facing];
  return [u.facing, ((u.facing + 90) % 360) as Facing, ((u.facing + 270) % 360) as Facing];
}

/**
 * Where `ui` can assault `ti` from this turn: the box on the side of the target whose arc the assaulter starts in
 * (3.iv Assault a), reached with one turn of up to 90° at the start (b) and then straight ahead, with the one
 * diagonal its type allows, within its Move allowance and without entering another box in an enemy ZOC.
 * Returns null when it cannot.
 */
export function assaultApproach(ctx: Ctx, ui: number, ti: number): AssaultOption | null {
  const from = assaultFrom(ctx, ui, ti);
  if (from < 0) return null;
  const { b, s } = ctx;
  const t = s.units[ti]!;
  return { target: ti, from, side: sideOf(b, t.cell, t.facing, s.units[ui]!.cell) };
}

/** The box assaultApproach strikes from, or -1 when it finds none: the menus ask for nothing else. */
export function assaultFrom(ctx: Ctx, ui: number, ti: number): number {
  const { b, s } = ctx;
  const u = s.units[ui]!;
  const t = s.units[ti]!;
  if (!mayAssault(u) || !onTable(t) || t.side === u.side || isSpent(t)) return -1;
  const allowance = baseMove(u);
  // The box it strikes from touches the target, one box from it, and no way there is shorter than the straight
  // distance (diagonals 1.5): a target further than a move and a box is out of reach, asked before anything else.
  if (boxDistance(b, u.cell, t.cell) > allowance + 1) return -1;
  const startZoc = enemyZoc(ctx, u.side, u.cell);
  // A unit starting in an enemy ZOC may only assault a unit exerting it.
  if (startZoc >= 0 && !zocIncludes(ctx, startZoc, ti)) return -1;
  const side = sideOf(b, t.cell, t.facing, u.cell);
  const contact = boxOnSide(b, t.cell, t.facing, side);
  if (contact < 0 || !canEnd(b, u, contact) || isCut(b, contact, t.cell)) return -1;
  const fixed = hasTrait(u, 'militia') || hasTrait(u, 'sluggish');
  // Already touching: its one turn is the one that faces the target, so that too is at most 90° (b); a unit with
  // its back to the target would need 180° (assaultStartFacings).
  if (contact === u.cell) {
    const f = facingTowards(b, contact, t.cell);
    if (f === null) return -1;
    return f === u.facing || (!fixed && f !== (u.facing + 180) % 360) ? contact : -1;
  }
  if (ctx.occ[contact]! >= 0) return -1;
  // No way there costs less than the straight distance with diagonals at 1.5: most enemies are out of reach.
  if (boxDistance(b, u.cell, contact) > allowance) return -1;
  const tables = boardTables(b);
  aForward = tables.forward;
  aFlankA = tables.flankA;
  aFlankB = tables.flankB;
  aWoods = tables.woods;
  aOcc = ctx.occ;
  aZoc = ctx.zoc.first[u.side === 0 ? 1 : 0];
  aUi = ui;
  aContact = contact;
  aAllowance2 = 2 * allowance;
  aHalf2 = allowance;
  aDiagonalOk = mayStepDiagonally(u);
  // Lights never assault, so woods always slow an assaulter.
  const startWoods = (b.flags[u.cell]! & T_WOODS) !== 0;
  // The facings of assaultStartFacings, in its order: as it stands, then a quarter turn either way.
  if (reach(u.cell, u.facing, false, 0, false, startWoods)) return contact;
  if (fixed) return -1;
  if (reach(u.cell, ((u.facing + 90) % 360) as Facing, true, 0, false, startWoods)) return contact;
  if (reach(u.cell, ((u.facing + 270) % 360) as Facing, true, 0, false, startWoods)) return contact;
  return -1;
}

// assaultFrom's search, as module variables (see the move search's).
let aForward: Int16Array;
let aFlankA: Int16Array;
let aFlankB: Int16Array;
let aWoods: Uint8Array;
let aOcc: Occupancy;
let aZoc: Occupancy;
let aUi = 0;
let aContact = 0;
/** In half boxes, as in the move search. */
let aAllowance2 = 0;
let aHalf2 = 0;
let aDiagonalOk = false;

const blocksApproach = (cell: number): boolean => cell < 0 || (aOcc[cell]! >= 0 && aOcc[cell] !== aUi);

function reach(pos: number, facing: Facing, turned: boolean, cost2: number, diagUsed: boolean, woods: boolean): boolean {
  const kinds = aDiagonalOk && !diagUsed ? 3 : 1;
  const base = (pos * 4 + facing / 90) * 3;
  for (let k = 0; k < kinds; k++) {
    const to = aForward[base + k]!;
    if (to < 0 || aOcc[to]! >= 0) continue;
    const diag = k > 0;
    if (diag && blocksApproach(aFlankA[base + k]!) && blocksApproach(aFlankB[base + k]!)) continue;
    const c = diag ? cost2 + 3 : cost2 + 2;
    const w = woods || aWoods[to] === 1;
    // As in a move, woods allow half speed or a turn, not both (3.iv c.2).
    if (w && turned) continue;
    if (c > (w ? aHalf2 : aAllowance2)) continue;
    if (to === aContact) return true;
    if (aZoc[to]! >= 0) continue;
    if (reach(to, facing, turned, c, diagUsed || diag, w)) return true;
  }
  return false;
}

// ---- Movement spent per destination (for the app's tinting of reachable boxes) --------------------------------

/**
 * The movement spent to reach each destination of a Move, March or Maneuver by its cheapest way, in boxes with a
 * diagonal step 1.5; 0 for a turn or change of formation in place. The searches are moveKeys' and
 * maneuverKeys' own, so the keys are exactly their destinations.
 */
export function movementCosts(ctx: Ctx, ui: number, kind: 'move' | 'march' | 'maneuver'): Map<number, number> {
  const costs = new Map<number, number>();
  const note = (to: number, cost: number): void => {
    const was = costs.get(to);
    if (was === undefined || cost < was) costs.set(to, cost);
  };
  if (kind === 'maneuver') {
    const cell = ctx.s.units[ui]!.cell;
    for (const k of maneuverKeys(ctx, ui)) {
      const to = maneuverTo(k);
      note(to, to === cell ? 0 : isDiagonalStep(ctx.b, cell, to) ? 1.5 : 1);
    }
    return costs;
  }
  searchMoves(ctx, ui, kind === 'march', note);
  return costs;
}

function isDiagonalStep(b: Board, from: number, to: number): boolean {
  return colOf(b, from) !== colOf(b, to) && rowOf(b, from) !== rowOf(b, to);
}
