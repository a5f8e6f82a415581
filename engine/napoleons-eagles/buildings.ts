// Troops in building blocks ('Buildings': 'Figures Inside Buildings Firing Out', 'Close Actions in Buildings',
// 'Starting Fires in Buildings', 'Extinguishing, Accumulating and Spreading of Fires'; rules notes §14). A unit whose
// centre stands in a block is in the buildings; its figures fill the blocks its rectangle covers, 12 to a block.
// Each block of 8 figures or more fires out on its own: a d6 per action, a 6 kills two. A charge on troops in a
// block is fought block side by block side with one d6 each instead of the melee values. Fires (optional) are
// started by shells and by troops, put out by troops, and grow and spread at the end of each period.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Edge, Scenario } from '../../domain/model.js';
import type { NeDice } from './dice.js';
import { frontRankFigures, perFigure, rectOf } from './footprint.js';
import { bearing as bearingOf, convexOverlap, dist, heading, polygonDistance, rectCorners, segmentPolygonDistance } from './geometry.js';
import type { ChargeContact } from './movement.js';
import { lineOfSight } from './sight.js';
import { roomProblem } from './room.js';
import { onTable, type NeGameState } from './state.js';
import { blockAt, type AreaEntry } from './terrain.js';
import { optionOn, type NeModifier, type NeUnit } from './types.js';

/** 'Buildings': at most twelve figures to a block. */
export const BLOCK_CAPACITY = 12;
/** A block fires out with eight figures or more, at a target within 6". */
export const BLOCK_FIRE_FIGURES = 8;
export const BLOCK_FIRE_RANGE = 6;
/** No more than six figures attack one side of a block. */
export const BLOCK_SIDE_ATTACKERS = 6;
/** Fires in a block: at most four; at three no troops may enter. */
export const MAX_FIRES = 4;
export const FIRES_BAR_ENTRY = 3;

export interface BlockFacts {
  material?: 'wood' | 'brick' | 'stone';
  fortified?: Edge[];
}

export interface FireWork {
  unit: string;
  task: 'start' | 'extinguish';
  block: string;
}

export interface BuildingsState {
  /** What the scenario says of each block that matters here (only blocks with a material or fortified sides). */
  facts: Record<string, BlockFacts>;
  /** Fires burning, by block id (absent = none). */
  fires: Record<string, number>;
  /** Troops starting or fighting fires this period. */
  work: FireWork[];
}

/** The blocks' facts read from the scenario at set-up, or undefined when no block has any. */
export function buildingsAtStart(scenario: Scenario): BuildingsState | undefined {
  const facts: Record<string, BlockFacts> = {};
  for (const f of scenario.terrain) {
    if (f.kind !== 'building-block') continue;
    const b: BlockFacts = {};
    if (f.material) b.material = f.material;
    if (f.fortifiedSides && f.fortifiedSides.length > 0) b.fortified = [...f.fortifiedSides];
    if (b.material || b.fortified) facts[f.id] = b;
  }
  return Object.keys(facts).length > 0 ? { facts, fires: {}, work: [] } : undefined;
}

const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });
const sum = (m: readonly NeModifier[]): number => m.reduce((n, x) => n + x.value, 0);
const blockCentre = (b: AreaEntry): [number, number] => [(b.box.minX + b.box.maxX) / 2, (b.box.minY + b.box.maxY) / 2];

/** What occupancy and firing out read: the table and the units (explain has no game state). */
export type Board = Pick<NeGameState, 'table' | 'units'>;

/** Infantry (and engineers) whose centre stands in a block hold the buildings. */
const mayHold = (u: NeUnit): boolean => u.arm === 'infantry' || (u.arm === 'train' && u.type === 'engineers');

/**
 * Figures of `u` per block: the blocks its rectangle covers, its own block (under its centre) first, then the
 * nearest; 12 to a block, any excess counted in its own block. Empty when it is not in the buildings.
 */
export function occupancy(s: Board, u: NeUnit): { block: AreaEntry; figures: number }[] {
  if (!mayHold(u) || !onTable(u)) return [];
  const home = blockAt(s.table.terrain, [u.x, u.y]);
  if (!home) return [];
  const corners = rectCorners(rectOf(u, s.table));
  const others = s.table.terrain.blocks
    .filter((b) => b !== home && convexOverlap(corners, b.polygon, true))
    .sort((a, b) => dist([u.x, u.y], blockCentre(a)) - dist([u.x, u.y], blockCentre(b)) || a.id.localeCompare(b.id));
  let left = u.figures;
  const out = [home, ...others].map((block) => {
    const n = Math.min(BLOCK_CAPACITY, left);
    left -= n;
    return { block, figures: n };
  });
  out[0]!.figures += left;
  return out.filter((o, k) => k === 0 || o.figures > 0);
}

export const inBuildings = (s: Board, u: NeUnit): boolean => occupancy(s, u).length > 0;

// ---- Firing out ----------------------------------------------------------------------------------------------------

export type BlockFireSituation =
  | { allowed: true; kind: 'block'; actions: 1 | 2; blocks: { block: string; figures: number; range: number }[] }
  | { allowed: false; reason: string };

/**
 * Fire out of the buildings: every block of the unit holding 8 figures or more with the target within 6" of it
 * fires, from whichever side faces the target (the text gives blocks no front, so no arc). Targets in buildings are
 * fought hand to hand, not shot at from another block ('Close Actions in Buildings': firing out is at troops not in
 * buildings).
 */
export function blockFireSituation(s: Board, shooter: NeUnit, target: NeUnit, actions: 1 | 2): BlockFireSituation {
  const occ = occupancy(s, shooter);
  if (occ.length === 0) return { allowed: false, reason: `${shooter.name} is not in a building block` };
  if (target.side === shooter.side) return { allowed: false, reason: `${target.name} is not an enemy` };
  if (blockAt(s.table.terrain, [target.x, target.y])) return { allowed: false, reason: `${target.name} is in the buildings: blocks fire out only at troops outside them` };
  const sight = lineOfSight(s.table.terrain, s.units, shooter, target);
  if (!sight.clear) return { allowed: false, reason: `no line of sight to ${target.name}: ${sight.why}` };
  const tc = rectCorners(rectOf(target, s.table));
  const blocks = occ
    .map((o) => ({ block: o.block.id, figures: o.figures, range: polygonDistance(o.block.polygon, tc) }))
    .filter((b) => b.figures >= BLOCK_FIRE_FIGURES && b.range <= BLOCK_FIRE_RANGE + 1e-9);
  if (blocks.length === 0) return { allowed: false, reason: `no block of ${shooter.name} holds ${BLOCK_FIRE_FIGURES} figures within ${BLOCK_FIRE_RANGE}" of ${target.name}` };
  return { allowed: true, kind: 'block', actions, blocks };
}

/** One d6 per firing block per action; each 6 kills two. Returns the casualties. */
export function rollBlockFire(sit: Extract<BlockFireSituation, { allowed: true }>, dice: NeDice): { dice: number[]; casualties: number } {
  const rolls: number[] = [];
  for (let a = 0; a < sit.actions; a++) for (let k = 0; k < sit.blocks.length; k++) rolls.push(dice.d6());
  return { dice: rolls, casualties: rolls.filter((r) => r === 6).length * 2 };
}

// ---- Close actions in buildings ------------------------------------------------------------------------------------

/** The side of `block` that faces `p`. */
export function sideFacing(block: AreaEntry, p: [number, number]): Edge {
  const [cx, cy] = blockCentre(block);
  const dx = p[0] - cx;
  const dy = p[1] - cy;
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'east' : 'west';
  return dy > 0 ? 'south' : 'north';
}

function qualityModifiers(u: NeUnit): NeModifier[] {
  const out: NeModifier[] = [];
  if (u.arm === 'infantry' && (u.type === 'light' || u.rifles)) out.push(mod('light-infantry', 'light infantry', 1));
  if (u.type === 'guard' || u.type === 'grenadier' || u.guard !== null) out.push(mod('elite', 'guards or grenadiers', 1));
  // Militia or green as the threshold reads them (notes §12): militia type, or morale under 15.
  if (u.type === 'militia' || u.morale < 15) out.push(mod('militia-or-green', 'militia or green', -1));
  return out;
}

function oddsModifier(mine: number, theirs: number): NeModifier[] {
  if (theirs <= 0 || mine < 2 * theirs) return [];
  const k = mine >= 4 * theirs ? 3 : mine >= 3 * theirs ? 2 : 1;
  return [mod('odds', `${k + 1} to 1 or better`, k)];
}

export interface BlockFight {
  block: string;
  side: Edge;
  figures: [number, number];
  charger: NeModifier[];
  defender: NeModifier[];
}

/**
 * Troops in the buildings attack an adjacent block (never diagonally): the first of the charger's blocks, in its
 * occupancy order, that shares a side with one of the target's, and that block.
 */
export function adjacentPair(s: NeGameState, charger: NeUnit, target: NeUnit): { from: { block: AreaEntry; figures: number }; to: { block: AreaEntry; figures: number } } | null {
  const theirs = occupancy(s, target);
  for (const from of occupancy(s, charger)) {
    const near = adjacentBlocks(s, from.block);
    const to = theirs.find((o) => near.includes(o.block));
    if (to) return { from, to };
  }
  return null;
}

/** What a charge on `target` in the buildings fights with: the struck block and side, the figures and modifiers. */
export function blockFight(s: NeGameState, charger: NeUnit, target: NeUnit): BlockFight | null {
  const occ = occupancy(s, target);
  if (occ.length === 0) return null;
  const pair = adjacentPair(s, charger, target);
  let struck: { block: AreaEntry; figures: number };
  let side: Edge;
  let attackers: number;
  if (pair) {
    // From a block beside it: the figures of that block attack, six at most.
    struck = pair.to;
    side = sideFacing(struck.block, blockCentre(pair.from.block));
    attackers = Math.min(BLOCK_SIDE_ATTACKERS, pair.from.figures);
  } else {
    const cc = rectCorners(rectOf(charger, s.table));
    struck = [...occ].sort((a, b) => polygonDistance(a.block.polygon, cc) - polygonDistance(b.block.polygon, cc))[0]!;
    side = sideFacing(struck.block, [charger.x, charger.y]);
    const size = struck.block.box.maxX - struck.block.box.minX;
    attackers = Math.min(BLOCK_SIDE_ATTACKERS, frontRankFigures(charger), Math.max(1, Math.ceil(size / perFigure(charger) - 1e-9)));
  }
  const defenders = struck.figures;
  const cm = [...oddsModifier(attackers, defenders), ...qualityModifiers(charger)];
  const dm: NeModifier[] = [];
  if (occupancy(s, charger).length === 0) dm.push(mod('in-buildings', 'defending buildings against troops outside', 1));
  if (s.buildings?.facts[struck.block.id]?.fortified?.includes(side)) dm.push(mod('fortified-side', `the ${side} side is walled or prepared`, 1));
  dm.push(...oddsModifier(defenders, attackers), ...qualityModifiers(target));
  return { block: struck.block.id, side, figures: [attackers, defenders], charger: cm, defender: dm };
}

export interface BlockFightOutcome {
  rolls: [number, number];
  totals: [number, number];
  winner: 'charger' | 'defender';
  /** Figures each side loses: two for each unmodified 6 the other side rolled. */
  onCharger: number;
  onDefender: number;
}

/**
 * The roll ('Close Actions in Buildings' 1–3): a d6 each, charger first, plus modifiers; the higher total wins.
 * The text is silent on equal totals: the defender keeps its block (the attacker has not driven it out).
 */
export function rollBlockFight(fight: BlockFight, dice: NeDice): BlockFightOutcome {
  const a = dice.d6();
  const d = dice.d6();
  const totals: [number, number] = [a + sum(fight.charger), d + sum(fight.defender)];
  return { rolls: [a, d], totals, winner: totals[0] > totals[1] ? 'charger' : 'defender', onCharger: d === 6 ? 2 : 0, onDefender: a === 6 ? 2 : 0 };
}

/**
 * Figures of `target` pushed out of the town when it loses `block` (step 4–5): those that lost the block and find
 * no room (12 a block) in its other blocks. The unit retreats when they are the majority of its figures. A block of
 * its own with three fires or more has no room: falling back into it is entering it ('Starting Fires in
 * Buildings'; rules notes §14, "Troops in a burning block").
 */
export function pushedOut(s: NeGameState, target: NeUnit, block: string): number {
  const occ = occupancy(s, target);
  const lost = occ.find((o) => o.block.id === block)?.figures ?? 0;
  const room = occ
    .filter((o) => o.block.id !== block && firesIn(s, o.block.id) < FIRES_BAR_ENTRY)
    .reduce((n, o) => n + Math.max(0, BLOCK_CAPACITY - o.figures), 0);
  return Math.max(0, lost - room);
}

/**
 * A beaten charger is thrown back from the block: the text pushes the loser out, and an attacker standing outside
 * has nowhere to be pushed but back. It falls back up to 2" straight behind it, in order (it was never inside).
 */
export function throwBack(s: NeGameState, u: NeUnit): number {
  const back = heading(u.facing + 180);
  for (const d of [2, 1.5, 1, 0.5]) {
    const moved: NeUnit = { ...u, x: u.x + back[0] * d, y: u.y + back[1] * d };
    if (!roomProblem(s.table, s.units, moved, [u.id])) {
      u.x = moved.x;
      u.y = moved.y;
      return d;
    }
  }
  return 0;
}

// ---- Fires ---------------------------------------------------------------------------------------------------------

export const firesIn = (s: NeGameState, block: string): number => s.buildings?.fires[block] ?? 0;

const hard = (s: NeGameState, block: string): boolean => {
  const m = s.buildings?.facts[block]?.material;
  return m === 'brick' || m === 'stone';
};

function setFires(s: NeGameState, block: string, n: number): void {
  const b = s.buildings ?? { facts: {}, fires: {}, work: [] };
  const fires = { ...b.fires };
  if (n > 0) fires[block] = Math.min(MAX_FIRES, n);
  else delete fires[block];
  s.buildings = { ...b, fires };
}

function addFire(s: NeGameState, block: string, why: string, events: GameEvent[]): void {
  const was = firesIn(s, block);
  if (was >= MAX_FIRES) return;
  setFires(s, block, was + 1);
  events.push({ type: 'building-fire', block, fires: was + 1, why });
}

/** Blocks sharing a side with `b` (never diagonally). */
export function adjacentBlocks(s: NeGameState, b: AreaEntry): AreaEntry[] {
  const e = 1e-6;
  return s.table.terrain.blocks.filter((o) => {
    if (o === b) return false;
    const overlapX = Math.min(o.box.maxX, b.box.maxX) - Math.max(o.box.minX, b.box.minX);
    const overlapY = Math.min(o.box.maxY, b.box.maxY) - Math.max(o.box.minY, b.box.minY);
    const touchX = Math.abs(o.box.minX - b.box.maxX) < e || Math.abs(o.box.maxX - b.box.minX) < e;
    const touchY = Math.abs(o.box.minY - b.box.maxY) < e || Math.abs(o.box.maxY - b.box.minY) < e;
    return (touchX && overlapY > e) || (touchY && overlapX > e);
  });
}

/**
 * Downwind: the format records no wind, so the engine takes the prevailing westerly of the theatre: a fire spreads
 * to the block sharing its east side, if there is one.
 */
export function downwindOf(s: NeGameState, b: AreaEntry): AreaEntry | null {
  return adjacentBlocks(s, b).find((o) => Math.abs(o.box.minX - b.box.maxX) < 1e-6) ?? null;
}

/**
 * Shells (howitzers firing ball at a target 16"–40" away, the shell's range) roll a d20 per howitzer when the target
 * stands in a block: 17 or more starts one fire there, one less on the die for brick or stone.
 */
export function shellFires(s: NeGameState, battery: NeUnit, target: NeUnit, range: number, dice: NeDice, events: GameEvent[]): void {
  if (!optionOn(s.table, 'buildingFires') || battery.howitzers <= 0 || range < 16 - 1e-9 || range > 40 + 1e-9) return;
  const block = blockAt(s.table.terrain, [target.x, target.y]);
  if (!block) return;
  const rolls: number[] = [];
  for (let k = 0; k < battery.howitzers; k++) rolls.push(dice.d20());
  const less = hard(s, block.id) ? 1 : 0;
  const lit = rolls.some((r) => r - less >= 17);
  events.push({ type: 'fire-start-roll', unit: battery.id, block: block.id, by: 'shell', rolls, need: 17 + less, lit });
  if (lit) addFire(s, block.id, `shells from ${battery.id}`, events);
}

/** Why `u` cannot spend this period starting or fighting a fire in `block`, or null. */
export function fireWorkProblem(s: NeGameState, u: NeUnit, task: 'start' | 'extinguish', block: string): string | null {
  if (!optionOn(s.table, 'buildingFires')) return 'fires in buildings are not in play (the buildingFires option is off)';
  if (task !== 'start' && task !== 'extinguish') return `a fire task is start or extinguish, not ${String(task)}`;
  const occ = occupancy(s, u);
  if (occ.length === 0 || u.status !== 'table') return `${u.name} is not in a building block`;
  const f = s.flow[u.id]!;
  if (f.used > 0 || f.locked || f.ended) return `${u.name} has acted this period: only troops that do nothing else start or fight fires`;
  const b = s.table.terrain.blocks.find((x) => x.id === block);
  if (!b) return `no building block "${String(block)}"`;
  const mine = occ.some((o) => o.block.id === block);
  if (task === 'start') {
    if (!mine) return `${u.name} is not in block ${block}`;
    if (firesIn(s, block) >= MAX_FIRES) return `block ${block} already has ${MAX_FIRES} fires`;
    if (occ.find((o) => o.block.id === block)!.figures < 2) return `one roll is made for every two figures, and ${u.name} has fewer in ${block}`;
    return null;
  }
  if (firesIn(s, block) === 0) return `block ${block} is not burning`;
  if (!mine && !occ.some((o) => adjacentBlocks(s, o.block).includes(b))) return `${u.name} is neither in block ${block} nor beside it`;
  if (u.figures < 4) return `one roll is made for every four figures, and ${u.name} has fewer`;
  return null;
}

/** The unit spends its whole period on the task (no action, no stand marker); the dice come at the period's end. */
export function startFireWork(s: NeGameState, u: NeUnit, task: 'start' | 'extinguish', block: string, events: GameEvent[]): void {
  const f = s.flow[u.id]!;
  s.flow[u.id] = { ...f, started: true, ended: true, used: 2, stand: false };
  const b = s.buildings ?? { facts: {}, fires: {}, work: [] };
  s.buildings = { ...b, work: [...b.work, { unit: u.id, task, block }] };
  events.push({ type: 'fire-work', unit: u.id, task, block });
}

/**
 * The end of the period: fires started (a d20 per two figures: 20, engineers as sappers 11+; −1 brick or stone),
 * then put out (a d20 per four figures: 20, sappers 16+; a success puts out one fire), then every block still
 * burning rolls once: 14–18 adds a fire, 19–20 adds one and spreads one downwind. Troops that fought this period
 * (a close action) lose their attempt.
 */
export function endOfPeriodFires(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  const b = s.buildings;
  if (!b || (b.work.length === 0 && Object.keys(b.fires).length === 0)) return;
  s.buildings = { ...b, work: [] };
  const sapper = (u: NeUnit) => u.arm === 'train' && u.type === 'engineers';
  for (const task of ['start', 'extinguish'] as const) {
    for (const w of b.work.filter((x) => x.task === task)) {
      const u = s.units.find((x) => x.id === w.unit);
      if (!u || u.status !== 'table' || s.flow[u.id]?.closeAction) continue;
      const figures = task === 'start' ? (occupancy(s, u).find((o) => o.block.id === w.block)?.figures ?? 0) : u.figures;
      const n = Math.floor(figures / (task === 'start' ? 2 : 4));
      if (n === 0 || (task === 'extinguish' && firesIn(s, w.block) === 0)) continue;
      const need = task === 'start' ? (sapper(u) ? 11 : 20) : sapper(u) ? 16 : 20;
      const less = task === 'start' && hard(s, w.block) ? 1 : 0;
      const rolls: number[] = [];
      for (let k = 0; k < n; k++) rolls.push(dice.d20());
      const done = rolls.some((r) => r - less >= need);
      events.push({ type: task === 'start' ? 'fire-start-roll' : 'extinguish-roll', unit: u.id, block: w.block, rolls, need: need + less, [task === 'start' ? 'lit' : 'out']: done });
      if (!done) continue;
      if (task === 'start') addFire(s, w.block, `set by ${u.id}`, events);
      else {
        setFires(s, w.block, firesIn(s, w.block) - 1);
        events.push({ type: 'building-fire', block: w.block, fires: firesIn(s, w.block), why: `put out by ${u.id}` });
      }
    }
  }
  // Only blocks burning before this roll roll: a fire that has just spread waits for the next period.
  const burning = s.table.terrain.blocks.filter((x) => firesIn(s, x.id) > 0);
  for (const blk of burning) {
    const r = dice.d20();
    events.push({ type: 'fire-spread-roll', block: blk.id, roll: r });
    if (r < 14) continue;
    addFire(s, blk.id, 'the fire grows', events);
    if (r >= 19) {
      const next = downwindOf(s, blk);
      if (next) addFire(s, next.id, `spread from ${blk.id}`, events);
    }
  }
}

/**
 * No troops enter a block with three fires or more: the block the move ends in, or any the straight path crosses, other than the one the unit starts in. Troops already inside stay (rules notes §14, "Troops in a burning
 * block": the text bars entry only, and has troops fight a fire from within the block).
 */
export function burningEntryProblem(s: NeGameState, u: NeUnit, to: [number, number]): string | null {
  const b = s.buildings;
  if (!b || Object.keys(b.fires).length === 0) return null;
  const start = blockAt(s.table.terrain, [u.x, u.y]);
  for (const blk of s.table.terrain.blocks) {
    if (blk === start || firesIn(s, blk.id) < FIRES_BAR_ENTRY) continue;
    if (segmentPolygonDistance([u.x, u.y], to, blk.polygon) === 0) return `block ${blk.id} has ${firesIn(s, blk.id)} fires: no troops can enter it`;
  }
  return null;
}

/**
 * Where a charge on troops in the buildings lands: squared against the side of their nearest block that faces the
 * charger, centred on it, front edge on the block's edge (the attackers stand outside; 'Close Actions in
 * Buildings'). The run is straight ahead within 10° and no longer than one charge move, and the charger's rectangle
 * may not pass over another unit on the way (sampled every ½"). Interpretation: the movement part's charges stop at
 * a unit's rectangle, which inside a block they could never reach.
 */
export function blockChargeContact(s: NeGameState, charger: NeUnit, target: NeUnit, reach: number): ChargeContact | { ok: false; reason: string } {
  const occ = occupancy(s, target);
  if (occ.length === 0) return { ok: false, reason: `${target.name} is not in the buildings` };
  if (charger.arm !== 'infantry' && charger.arm !== 'cavalry') return { ok: false, reason: `${charger.name} cannot charge` };
  if (charger.formation === 'skirmish') return { ok: false, reason: 'skirmishers cannot charge' };
  if (occupancy(s, charger).length > 0) {
    // 'Close Actions in Buildings': figures in buildings attack an adjacent block from where they stand.
    if (charger.arm !== 'infantry') return { ok: false, reason: `${charger.name} cannot charge` };
    if (!adjacentPair(s, charger, target)) return { ok: false, reason: `${charger.name} holds no block beside one of ${target.name}'s (blocks attack only their neighbours, never diagonally)` };
    return { x: charger.x, y: charger.y, facing: charger.facing, aspect: 'front', contact: 'full', distance: 0 };
  }
  const cc = rectCorners(rectOf(charger, s.table));
  const block = [...occ].sort((a, b) => polygonDistance(a.block.polygon, cc) - polygonDistance(b.block.polygon, cc))[0]!.block;
  const side = sideFacing(block, [charger.x, charger.y]);
  const outward = { north: 0, east: 90, south: 180, west: 270 }[side];
  const n = heading(outward);
  const [cx, cy] = blockCentre(block);
  const half = (block.box.maxX - block.box.minX) / 2;
  const facing = (outward + 180) % 360;
  const depth = rectOf({ ...charger, facing }, s.table).depth;
  // The charger stands against the block's side, or against the defenders' own rectangle where it sticks out past
  // that side (a line across the block's edge): bases never overlap (rules notes §11), and the fight is still the
  // block's.
  let reachOut = half;
  for (const [px, py] of rectCorners(rectOf(target, s.table))) reachOut = Math.max(reachOut, (px - cx) * n[0] + (py - cy) * n[1]);
  const at: [number, number] = [cx + n[0] * (reachOut + depth / 2 + 0.01), cy + n[1] * (reachOut + depth / 2 + 0.01)];
  const distance = dist([charger.x, charger.y], at);
  if (distance > reach + 1e-9) return { ok: false, reason: `${target.name}'s block is ${Math.round(distance * 100) / 100}" away, too far for one charge of ${reach}"` };
  if (distance > 1e-9) {
    const off = Math.abs(((bearingOf([charger.x, charger.y], at) - charger.facing + 540) % 360) - 180);
    if (off > 10 + 1e-9) return { ok: false, reason: `a charge runs straight ahead within 10° (this one is ${Math.round(off * 100) / 100}° off)` };
  }
  const steps = Math.max(1, Math.ceil(distance / 0.5));
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    const p: NeUnit = { ...charger, x: charger.x + (at[0] - charger.x) * t, y: charger.y + (at[1] - charger.y) * t, facing: k === steps ? facing : charger.facing };
    const problem = roomProblem(s.table, s.units, p, [charger.id, target.id]);
    if (problem) return { ok: false, reason: `the charge on ${target.name}'s block is stopped: ${problem}` };
  }
  return { x: at[0], y: at[1], facing, aspect: 'front', contact: 'full', distance };
}

// ---- The winner advancing ------------------------------------------------------------------------------------------

/**
 * 'Close Actions in Buildings' 4: the winner of a fight for a block may advance into it. A charger that beat the
 * defenders moves in when the block is free of enemy figures (its holders pushed out or gone), it is infantry or
 * engineers (cavalry and guns enter buildings only along roads), fewer than three fires burn there, and its
 * rectangle, centred on the block with its facing kept, stands clear of every other unit. Returns whether it did.
 */
export function advanceIntoBlock(s: NeGameState, winner: NeUnit, blockId: string): boolean {
  const block = s.table.terrain.blocks.find((b) => b.id === blockId);
  if (!block || !mayHold(winner) || winner.status !== 'table') return false;
  if (firesIn(s, blockId) >= FIRES_BAR_ENTRY) return false;
  const held = s.units.some((u) => u.side !== winner.side && occupancy(s, u).some((o) => o.block.id === blockId));
  if (held) return false;
  const [x, y] = blockCentre(block);
  if (roomProblem(s.table, s.units, { ...winner, x, y }, [winner.id])) return false;
  winner.x = x;
  winner.y = y;
  return true;
}
