// Moving units on the table: whether a move is allowed and what it costs, how far a unit reaches, where a charge
// makes contact, where a retreat ends, and the moves worth offering a player (notes §12 gives every reading).
import type { Point } from '../../domain/model.js';
import { ARTILLERY_SIDESTEP, FALL_BACK, SIDESTEP, baseRate, cavalryChargeDistance, groundWords, retreatInchesPerAction, terrainFraction, type GroundAt } from './move-rates.js';
import { facingCost, turnClass } from './facing.js';
import { footprint, rectOf } from './footprint.js';
import { angleDiff, aspectOf, bearing, cornersInto, dist, farApart, heading, hypot, normAngle, pointPolygonDistance, pointSegmentDistance, reachOf, rectCorners, rectDistance, rectsOverlap, relativeBearing, type Rect } from './geometry.js';
import { blockIdAt, forbiddenGround, forbiddenNear, groundAreas, groundAt, onRoadAt, pathOnRoad, riverCrossings, townOffRoad, type MoveTerrain } from './move-ground.js';
import { verdictMemo } from './move-memo.js';
import { lerp, stretches } from './path.js';
import { optionOn, type NeFormation, type NeLeader, type NeTable, type NeUnit } from './types.js';

export type MoveKind = 'move' | 'force-march' | 'charge' | 'retreat';
export type Verdict<T> = ({ ok: true } & T) | { ok: false; reason: string };
export type MoveVerdict = Verdict<{ cost: number; distance: number; disorders: boolean; crossed: string[] }>;

/** Oblique limit of a normal move, and of a charge ('Passing Through Another Unit'). */
export const OBLIQUE = 22.5;
export const CHARGE_CONE = 10;
/** A normal move stops this far from formed enemies ('Close Actions': roughly 1" to 2"). */
export const STOP_SHORT = 1;
/** Units in contact are this close or closer. */
export const CONTACT = 0.05;
/** Retreats need a gap this wide ('Moving Retreating Units'). */
export const RETREAT_GAP = 3;
const EPS = 1e-6;
const SAMPLE = 0.5;

const r2 = (x: number): string => (Math.round(x * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
const ceilHalf = (x: number): number => Math.ceil(x * 2 - 1e-9) / 2;

export function moveTerrainOf(table: NeTable): MoveTerrain {
  return { width: table.width, height: table.height, terrain: table.terrain, ground: table.ground, weatherEffects: optionOn(table, 'weatherEffects') };
}

// Every unit standing on the table is in the way and measured: a unit in retreat status, and a silenced battery's
// guns, stand there as much as a formed unit does.
const onTable = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';
const isSkirmish = (u: NeUnit): boolean => u.formation === 'skirmish';
const isRetreating = (u: NeUnit): boolean => u.status === 'retreat' || u.retreatActions > 0;
const formationWords = (f: NeFormation): string => (f === 'road-column' ? 'road column' : f === 'supported-line' ? 'supported line' : f);
const describe = (u: NeUnit): string => `${u.arm === 'artillery' ? (u.formation === 'limbered' ? 'limbered battery' : 'battery') : formationWords(u.formation)}`;

/** Formations the road rate and river crossings accept: columns, limbered guns, train. */
function columnish(u: NeUnit): boolean {
  if (u.arm === 'artillery') return u.formation === 'limbered';
  if (u.arm === 'train' && u.type !== 'engineers') return true;
  return u.formation === 'column' || u.formation === 'road-column';
}
function roadRated(u: NeUnit): boolean {
  if (u.arm === 'artillery') return u.formation === 'limbered';
  if (u.arm === 'train' && u.type !== 'engineers') return true;
  return u.formation === 'road-column';
}

export function rectAt(table: NeTable, u: NeUnit, at: Point, facing: number, formation: NeFormation = u.formation): Rect {
  // The footprint reads the facing only for a skirmish screen (capped at the table): in the same formation and, for
  // a screen, the same facing, the unit's own footprint is the one wanted, and no stand-in unit is built.
  if (formation === u.formation && (formation !== 'skirmish' || facing === u.facing)) {
    const fp = footprint(u, table);
    return { centre: [at[0], at[1]], width: fp.width, depth: fp.depth, facing };
  }
  return rectOf({ arm: u.arm, ranks: u.ranks, figures: u.figures, formation, models: u.models, guns: u.guns, howitzers: u.howitzers, x: at[0], y: at[1], facing }, table);
}

function insideTable(table: NeTable, r: Rect): boolean {
  return cornersInsideTable(table, rectCorners(r));
}

function cornersInsideTable(table: NeTable, corners: readonly Point[]): boolean {
  return corners.every(([x, y]) => x >= -EPS && y >= -EPS && x <= table.width + EPS && y <= table.height + EPS);
}

/** Inches per action at a point: the open rate by formation and arm, cut by the ground there. */
export function moveAllowance(table: NeTable, unit: NeUnit, at: Point): number {
  const onRoad = roadRated(unit) && onRoadAt(table.terrain, at);
  const rate = baseRate({ arm: unit.arm, type: unit.type, move: unit.move, formation: unit.formation, calibre: unit.calibre ?? undefined, onRoad });
  return rate * terrainFraction(unit.arm, unit.type, groundAt(moveTerrainOf(table), at));
}

interface Priced {
  /** Length in open-ground inches: each stretch's length ÷ its fraction. */
  priced: number;
  /** The worst ground met, and its fraction. */
  worst: GroundAt;
  worstFraction: number;
  blocksEntered: string[];
  impassable: string | null;
}

function pricePath(table: NeTable, u: NeUnit, a: Point, b: Point): Priced {
  const m = moveTerrainOf(table);
  const startBlock = blockIdAt(table.terrain, a);
  const out: Priced = { priced: 0, worst: {}, worstFraction: 1, blocksEntered: [], impassable: null };
  const len = dist(a, b);
  if (len < EPS) return out;
  const ground = groundAreas(table.terrain);
  for (const [t0, t1] of stretches(a, b, ground.polygons, ground.boxes)) {
    const mid = lerp(a, b, (t0 + t1) / 2);
    const piece = len * (t1 - t0);
    const block = blockIdAt(table.terrain, mid);
    if (block !== undefined) {
      // 'Buildings': a block costs an action to enter, whatever the distance inside it.
      if (block !== startBlock && !out.blocksEntered.includes(block)) out.blocksEntered.push(block);
      continue;
    }
    const g = groundAt(m, mid);
    const f = terrainFraction(u.arm, u.type, g);
    if (f <= 0) {
      out.impassable = `${u.arm} cannot enter ${groundWords(g)}`;
      return out;
    }
    if (f < out.worstFraction) {
      out.worstFraction = f;
      out.worst = g;
    }
    out.priced += piece / f;
  }
  return out;
}

interface Sweep {
  crossed: string[];
  disordersFriends: boolean;
  problem: string | null;
}

/** Scratch corners for the sweep (geometry.ts cornersInto). */
const C = new Float64Array(8);

/** Walks the footprint along the path (start facing), then stands it at the end (end facing). */
function sweep(table: NeTable, units: readonly NeUnit[], u: NeUnit, a: Point, b: Point, facing: number, kind: MoveKind): Sweep {
  const out: Sweep = { crossed: [], disordersFriends: false, problem: null };
  // Broad phase: only units whose bounding circle comes near the path can meet the footprint along it; their
  // rectangles are built once, not at every sample.
  const body = rectAt(table, u, a, u.facing);
  const reach = reachOf(body);
  const others: { o: NeUnit; r: Rect; reach: number }[] = [];
  for (const o of units) {
    if (o.id === u.id || !onTable(o)) continue;
    const r = rectAt(table, o, [o.x, o.y], o.facing);
    const oReach = reachOf(r);
    if (pointSegmentDistance(r.centre, a, b) <= reach + oReach + 1e-6) others.push({ o, r, reach: oReach });
  }
  const n = Math.max(1, Math.ceil(dist(a, b) / SAMPLE));
  // The footprint along the path keeps the start facing, so it is measured once; only the end stands turned.
  for (let i = 0; i <= n + 1; i++) {
    const end = i === n + 1;
    const at = end ? b : lerp(a, b, i / n);
    const r: Rect = end ? rectAt(table, u, at, facing) : { centre: at, width: body.width, depth: body.depth, facing: u.facing };
    // One set of corners, on scalars, serves the table edge and the ground's broad phase; the forbidden-ground test
    // proper (which takes corner points) runs only where a feature it looks at is near.
    cornersInto(r, C);
    const x0 = Math.min(C[0]!, C[2]!, C[4]!, C[6]!);
    const x1 = Math.max(C[0]!, C[2]!, C[4]!, C[6]!);
    const y0 = Math.min(C[1]!, C[3]!, C[5]!, C[7]!);
    const y1 = Math.max(C[1]!, C[3]!, C[5]!, C[7]!);
    if (!(x0 >= -EPS && y0 >= -EPS && x1 <= table.width + EPS && y1 <= table.height + EPS)) return { ...out, problem: 'it would leave the table' };
    if (forbiddenNear(table.terrain, u.arm, u.type, { minX: x0, minY: y0, maxX: x1, maxY: y1 })) {
      const bad = forbiddenGround(table.terrain, u.arm, u.type, rectCorners(r));
      if (bad) return { ...out, problem: bad };
    }
    if (u.arm !== 'infantry' && !(u.arm === 'train' && u.type === 'engineers')) {
      const off = townOffRoad(table.terrain, at);
      if (off) return { ...out, problem: `${u.arm} would be ${off}` };
    }
    if (i === 0) continue;
    const rReach = end ? reachOf(r) : reach;
    for (const { o, r: or, reach: oReach } of others) {
      // rectsOverlap's own first test (farApart), with both reaches known: most samples meet nobody.
      const dx = r.centre[0] - or.centre[0];
      const dy = r.centre[1] - or.centre[1];
      const rr = rReach + oReach + 0 + 1e-6;
      if (dx * dx + dy * dy > rr * rr) continue;
      if (!rectsOverlap(r, or)) continue;
      if (end) return { ...out, problem: `it would end overlapping ${o.name}` };
      if (out.crossed.includes(o.id)) continue;
      if (o.side !== u.side) return { ...out, problem: `no unit passes through enemy ${o.name}` };
      if (kind === 'charge') return { ...out, problem: `a charge cannot pass through ${o.name}` };
      if (isSkirmish(u) && !isSkirmish(o)) return { ...out, problem: `skirmishers must move round formed unit ${o.name}` };
      out.crossed.push(o.id);
      // 'Passing Through Another Unit': two formed units disorder each other; screens pass loosely.
      if (!isSkirmish(u) && !isSkirmish(o)) out.disordersFriends = true;
    }
  }
  return out;
}

const enemiesOf = (units: readonly NeUnit[], u: NeUnit): NeUnit[] => units.filter((o) => o.side !== u.side && onTable(o));

/** Where a unit would be after moving, as the rules measure it from its rectangle. */
function nearestEnemyDistance(table: NeTable, units: readonly NeUnit[], u: NeUnit, at: Point, facing: number): number {
  const r = rectAt(table, u, at, facing);
  let best = Infinity;
  for (const e of enemiesOf(units, u)) best = Math.min(best, rectDistance(r, rectAt(table, e, [e.x, e.y], e.facing)));
  return best;
}

const moveMemo = verdictMemo<MoveVerdict>(rectOf);

export function checkMove(table: NeTable, units: readonly NeUnit[], unitId: string, to: Point, facing: number, kind: MoveKind): MoveVerdict {
  // Moves and force marches of a unit in command read only the table, the mover and the units near the path: their
  // verdicts are kept between decisions (move-memo.ts). An out-of-command unit's look at every enemy, charges and
  // retreats are worked out each time.
  if (kind !== 'move' && kind !== 'force-march') return checkMoveNow(table, units, unitId, to, facing, kind);
  const u = units.find((x) => x.id === unitId);
  if (!u || u.outOfCommand || !onTable(u) || ![to[0], to[1], facing].every(Number.isFinite)) return checkMoveNow(table, units, unitId, to, facing, kind);
  const memo = moveMemo(table);
  const known = memo.get(units, u, kind, to, facing);
  if (known) return known;
  const v = checkMoveNow(table, units, unitId, to, facing, kind);
  const from: Point = [u.x, u.y];
  const radius = Math.max(reachOf(rectAt(table, u, from, u.facing)), reachOf(rectAt(table, u, to, normAngle(facing)))) + STOP_SHORT + 0.01;
  memo.set(units, u, kind, to, facing, from, radius, v);
  return v;
}

function checkMoveNow(table: NeTable, units: readonly NeUnit[], unitId: string, to: Point, facing: number, kind: MoveKind): MoveVerdict {
  const u = units.find((x) => x.id === unitId);
  if (!u) return { ok: false, reason: `no unit ${unitId}` };
  if (!onTable(u) && !(kind === 'retreat' && u.status === 'retreat')) return { ok: false, reason: `${u.name} is not on the table (${u.status})` };
  if (![to[0], to[1], facing].every(Number.isFinite)) return { ok: false, reason: 'the destination and facing must be numbers' };
  facing = normAngle(facing);
  if (kind === 'charge') return checkCharge(table, units, u, to, facing);
  if (kind === 'retreat') return checkRetreat(table, units, u, to, facing);
  if (isRetreating(u)) return { ok: false, reason: `${u.name} is retreating and moves only by retreat` };
  if (kind === 'force-march') {
    if (u.fatigue >= 2) return { ok: false, reason: `${u.name} is ${u.fatigue === 2 ? 'tired' : 'exhausted'}; only fresh or fatigued units force march` };
    if (u.forceMarched) return { ok: false, reason: `${u.name} has already force marched this period` };
  }
  const from: Point = [u.x, u.y];
  const d = dist(from, to);
  const cls = turnClass(u.arm, u.type, u.formation);
  const turn = facingCost(cls, angleDiff(u.facing, facing));
  if (!turn.ok) return { ok: false, reason: turn.reason };

  const onRoad = d > EPS && roadRated(u) && pathOnRoad(table.terrain, from, to);
  const open = baseRate({ arm: u.arm, type: u.type, move: u.move, formation: u.formation, calibre: u.calibre ?? undefined, onRoad });
  let rate = open;
  let how = `${describe(u)}${onRoad ? ' on the road' : ''}`;
  if (d > EPS) {
    const rel = angleDiff(u.facing, bearing(from, to));
    const a = Math.abs(rel);
    if (cls === 'free' || a <= OBLIQUE + EPS) {
      // Forward or oblique (squares and caissons move any way, facing every way or turning free).
    } else if (a >= 180 - OBLIQUE - EPS && (u.formation === 'skirmish' || u.formation === 'unlimbered')) {
      // Screens move back as readily as forward; an unlimbered battery prolongs either way ('Facing and Movement',
      // 'Artillery Limbering and Unlimbering').
    } else if (a >= 180 - OBLIQUE - EPS) {
      if (u.arm === 'artillery') return { ok: false, reason: 'a limbered battery does not fall back; it turns or unlimbers and prolongs' };
      rate = FALL_BACK;
      how = 'falling back';
    } else if (Math.abs(a - 90) <= OBLIQUE + EPS) {
      rate = u.arm === 'artillery' ? ARTILLERY_SIDESTEP : SIDESTEP;
      how = 'sidestep';
    } else {
      return { ok: false, reason: `${r2(a)}° off its facing: a move goes ahead (oblique up to 22.5°), back or sideways; turn first` };
    }
    if ((how === 'falling back' || how === 'sidestep') && turn.cost > 0) {
      return { ok: false, reason: `${how} keeps the facing (a 10° adjustment at most)` };
    }
    if (rate <= 0) return { ok: false, reason: `${u.name} cannot move in ${describe(u)}` };
  }

  const p = pricePath(table, u, from, to);
  if (p.impassable) return { ok: false, reason: p.impassable };
  let extra = p.blocksEntered.length;
  if (p.blocksEntered.length > 0 && !(u.arm === 'infantry' || (u.arm === 'train' && u.type === 'engineers'))) {
    return { ok: false, reason: `${u.arm} cannot enter building block ${p.blocksEntered[0]}` };
  }
  let disorders = false;
  let floor = 0;
  let priced = p.priced;
  for (const c of riverCrossings(table.terrain, from, to)) {
    if (c.how === 'none') return { ok: false, reason: `river ${c.river} cannot be crossed here (no bridge or ford)` };
    if (!columnish(u)) return { ok: false, reason: `units cross river ${c.river} in column (or limbered)` };
    if (c.how === 'bridge') {
      const figures = Math.max(u.figures, u.models, 1);
      floor = Math.max(floor, Math.min(2, Math.ceil(figures / c.capacity)));
      disorders ||= c.disorders;
    } else {
      extra += c.actions;
      disorders ||= c.disorders;
      // The crossing actions carry the unit from the near bank to the far one.
      priced = Math.max(0, priced - (footprint(u, table).depth + c.riverWidth));
    }
  }
  const startBlock = blockIdAt(table.terrain, from);
  if (startBlock !== undefined && blockIdAt(table.terrain, to) === undefined) disorders = true;

  // Any move takes at least half an action (unless a crossing or a block entry already costs it): within a building
  // block the distance is free, and a free move could be repeated for ever.
  const moveActions = d > EPS ? Math.max(extra > 0 || floor > 0 ? 0 : 0.5, ceilHalf(priced / rate)) : 0;
  const cost = Math.max(floor, moveActions + turn.cost + extra);
  const max = kind === 'force-march' ? 1 : 2;
  if (cost > max + EPS) {
    const budget = max - turn.cost - extra;
    if (moveActions > budget + EPS) {
      const ground = p.worstFraction < 1 ? ` in ${groundWords(p.worst)}` : '';
      const per = rate * p.worstFraction;
      const over = priced * p.worstFraction - Math.max(0, budget) * per;
      const spent = [turn.cost > 0 ? `${turn.cost} for the turn` : '', extra > 0 ? `${extra} for crossings and blocks` : ''].filter(Boolean).join(', ');
      const left = `${r2(Math.max(0, budget))} action${budget === 1 ? '' : 's'} left to move${spent ? ` after ${spent}` : ''}`;
      return { ok: false, reason: `${r2(Math.max(over, 0.01))}" too far: ${how}${ground} moves ${r2(per)}" an action (${left})` };
    }
    return { ok: false, reason: `costs ${cost} actions (move ${moveActions}, turn ${turn.cost}, crossings ${extra}); a ${kind === 'force-march' ? 'force march is 1' : 'period has 2'}` };
  }

  const s = sweep(table, units, u, from, to, facing, kind);
  if (s.problem) return { ok: false, reason: s.problem };
  const endRect = rectAt(table, u, to, facing);
  for (const e of enemiesOf(units, u)) {
    if (!isSkirmish(u) && isSkirmish(e)) continue;
    const er = rectAt(table, e, [e.x, e.y], e.facing);
    if (farApart(endRect, er, STOP_SHORT)) continue;
    const gap = rectDistance(endRect, er);
    if (gap < STOP_SHORT - EPS) return { ok: false, reason: `a move stops ${STOP_SHORT}" short of enemy ${e.name} (${r2(gap)}" left); charge to make contact` };
  }
  if (u.outOfCommand) {
    const problem = outOfCommandMoveProblem(table, units, u, to);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true, cost, distance: d, disorders: disorders || s.disordersFriends, crossed: s.crossed };
}

/** Charge reach: infantry its column rate, cavalry by weight (brief). */
export function chargeReach(u: NeUnit): number {
  if (u.arm === 'cavalry') return cavalryChargeDistance(u.type);
  return baseRate({ arm: 'infantry', type: u.type, move: u.move, formation: 'column', onRoad: false });
}

function chargeProblem(table: NeTable, u: NeUnit): string | null {
  if (u.arm === 'artillery' || u.arm === 'train') return `${u.arm === 'artillery' ? 'a battery' : 'train'} does not charge`;
  if (isSkirmish(u)) return 'skirmishers do not charge';
  if (u.outOfCommand) return `${u.name} is out of command and may not charge`;
  if (isRetreating(u)) return `${u.name} is retreating`;
  if (u.arm === 'cavalry' && groundAt(moveTerrainOf(table), [u.x, u.y]).woods) return 'cavalry cannot charge from woods';
  return null;
}

function checkCharge(table: NeTable, units: readonly NeUnit[], u: NeUnit, to: Point, facing: number): MoveVerdict {
  const no = chargeProblem(table, u);
  if (no) return { ok: false, reason: no };
  const from: Point = [u.x, u.y];
  const d = dist(from, to);
  if (d > EPS) {
    const off = Math.abs(angleDiff(u.facing, bearing(from, to)));
    if (off > CHARGE_CONE + EPS) return { ok: false, reason: `a charge runs straight ahead within ${CHARGE_CONE}° (this one is ${r2(off)}° off)` };
  }
  const p = pricePath(table, u, from, to);
  if (p.impassable) return { ok: false, reason: p.impassable };
  if (p.blocksEntered.length > 0) return { ok: false, reason: `charges do not run into building block ${p.blocksEntered[0]}` };
  if (u.arm === 'cavalry' && groundAt(moveTerrainOf(table), to).woods) return { ok: false, reason: 'cavalry cannot charge into woods' };
  if (riverCrossings(table.terrain, from, to).length > 0) return { ok: false, reason: 'a charge does not cross a river' };
  const reach = chargeReach(u);
  if (p.priced > reach + EPS) {
    const ground = p.worstFraction < 1 ? ` through ${groundWords(p.worst)}` : '';
    return { ok: false, reason: `${r2(p.priced * p.worstFraction - reach * p.worstFraction)}" too far: ${u.name} charges ${r2(reach * p.worstFraction)}"${ground}` };
  }
  const s = sweep(table, units, u, from, to, facing, 'charge');
  if (s.problem) return { ok: false, reason: s.problem };
  const endRect = rectAt(table, u, to, facing);
  const struck = enemiesOf(units, u).find((e) => {
    const er = rectAt(table, e, [e.x, e.y], e.facing);
    // Circles more than the contact distance apart hold rectangles further apart still.
    return !farApart(endRect, er, CONTACT) && rectDistance(endRect, er) <= CONTACT;
  });
  if (!struck) return { ok: false, reason: 'a charge must end in contact with an enemy unit' };
  return { ok: true, cost: 1, distance: d, disorders: false, crossed: [] };
}

function checkRetreat(table: NeTable, units: readonly NeUnit[], u: NeUnit, to: Point, facing: number): MoveVerdict {
  const from: Point = [u.x, u.y];
  const d = dist(from, to);
  const before = nearestEnemyDistance(table, units, u, from, u.facing);
  const after = nearestEnemyDistance(table, units, u, to, facing);
  if (d > EPS && after < before - EPS) return { ok: false, reason: `a retreat moves away from the enemy (${r2(before)}" now, ${r2(after)}" after)` };
  const p = pricePath(table, u, from, to);
  if (p.impassable) return { ok: false, reason: p.impassable };
  for (const c of riverCrossings(table.terrain, from, to)) if (c.how === 'none') return { ok: false, reason: `river ${c.river} cannot be crossed here` };
  const s = sweep(table, units, u, from, to, facing, 'retreat');
  if (s.problem) return { ok: false, reason: s.problem };
  // 'Moving Retreating Units': one action of recovery per 10" (12" for cavalry and horse guns), rounded up.
  const cost = Math.ceil(d / retreatInchesPerAction(u.arm, u.type) - 1e-9);
  return { ok: true, cost, distance: d, disorders: true, crossed: s.crossed };
}

/** Where a leader stands for command: on his unit when attached ('Leaders and Command-and-Control'). */
export function leaderPoint(units: readonly NeUnit[], l: NeLeader): Point {
  const host = l.attachedTo ? units.find((u) => u.id === l.attachedTo) : undefined;
  return host ? [host.x, host.y] : [l.x, l.y];
}

/**
 * 'Out-of-Command Penalty': a unit out of command may not end nearer any enemy unit, nor (when the leaders are
 * given) further from its commander. `before` is the unit where it stands; its facing is kept for the measure.
 */
export function outOfCommandMoveProblem(table: NeTable, units: readonly NeUnit[], before: NeUnit, to: Point, leaders?: readonly NeLeader[]): string | null {
  const r0 = rectAt(table, before, [before.x, before.y], before.facing);
  const r1 = rectAt(table, before, to, before.facing);
  for (const e of enemiesOf(units, before)) {
    const er = rectAt(table, e, [e.x, e.y], e.facing);
    const d0 = rectDistance(r0, er);
    const d1 = rectDistance(r1, er);
    if (d1 < d0 - EPS) return `${before.name} is out of command and may not approach enemy ${e.name} (${r2(d0)}" now, ${r2(d1)}" after)`;
  }
  const cmd = leaders && before.commander ? leaders.find((l) => l.id === before.commander) : undefined;
  if (cmd) {
    const at = leaderPoint(units, cmd);
    const d0 = pointPolygonDistance(at, rectCorners(r0));
    const d1 = pointPolygonDistance(at, rectCorners(r1));
    if (d1 > d0 + EPS) return `${before.name} is out of command and may not move further from ${cmd.name} (${r2(d0)}" now, ${r2(d1)}" after)`;
  }
  return null;
}

export interface ChargeContact {
  x: number;
  y: number;
  facing: number;
  aspect: 'front' | 'flank' | 'rear';
  contact: 'full' | 'partial';
  distance: number;
}

/**
 * Where a charge lands: the charger squared on the face it strikes, centred on it, front edge touching. When a
 * third unit is in the way it slides along the face to the nearest free place; contact is partial when less than
 * half of both fronts then meet ('Partial Contact').
 */
const chargeMemo = verdictMemo<Verdict<ChargeContact>>(rectOf);

export function chargeContact(table: NeTable, units: readonly NeUnit[], chargerId: string, targetId: string): Verdict<ChargeContact> {
  // Kept between decisions like moves (move-memo.ts): the answer reads the charger, the target and the units near
  // the line between them. Every place tried along the face lies within √2 × (both reaches) of the target's centre,
  // so the charge's path, the bystanders it may stand on and the enemies it may strike all lie within that, the
  // charger's reach and the contact distance of the line from charger to target.
  const c = units.find((u) => u.id === chargerId);
  const t = units.find((u) => u.id === targetId);
  if (!c || !t) return chargeContactNow(table, units, chargerId, targetId);
  const memo = chargeMemo(table);
  const at: Point = [t.x, t.y];
  const known = memo.get(units, c, targetId, at, t.facing);
  if (known) return known;
  const v = chargeContactNow(table, units, chargerId, targetId);
  const rc = reachOf(rectAt(table, c, [c.x, c.y], c.facing));
  const rt = reachOf(rectAt(table, t, at, t.facing));
  memo.set(units, c, targetId, at, t.facing, [c.x, c.y], 1.5 * (rc + rt) + rc + CONTACT + 0.1, v);
  return v;
}

function chargeContactNow(table: NeTable, units: readonly NeUnit[], chargerId: string, targetId: string): Verdict<ChargeContact> {
  const c = units.find((u) => u.id === chargerId);
  const t = units.find((u) => u.id === targetId);
  if (!c || !t) return { ok: false, reason: `no unit ${!c ? chargerId : targetId}` };
  if (c.side === t.side) return { ok: false, reason: `${t.name} is not an enemy` };
  if (!onTable(t)) return { ok: false, reason: `${t.name} is not on the table` };
  if (c.arm === 'infantry' && t.arm === 'cavalry') return { ok: false, reason: 'infantry cannot charge cavalry' };
  if (c.arm === 'infantry' && isSkirmish(t)) return { ok: false, reason: 'formed infantry cannot charge skirmishers' };
  if (c.arm === 'cavalry' && groundAt(moveTerrainOf(table), [t.x, t.y]).woods) return { ok: false, reason: 'cavalry cannot charge into woods' };
  const no = chargeProblem(table, c);
  if (no) return { ok: false, reason: no };
  const tr = rectAt(table, t, [t.x, t.y], t.facing);
  const aspect = aspectOf(tr, [c.x, c.y]);
  const side = relativeBearing(tr, [c.x, c.y]) >= 0 ? 90 : -90;
  const normalFacing = normAngle(t.facing + (aspect === 'front' ? 0 : aspect === 'rear' ? 180 : side));
  const faceLen = aspect === 'flank' ? tr.depth : tr.width;
  const offset = aspect === 'flank' ? tr.width / 2 : tr.depth / 2;
  const facing = normAngle(normalFacing + 180);
  const cw = footprint({ ...c, facing }, table);
  const n = heading(normalFacing);
  const along = heading(normalFacing + 90);
  const base: Point = [t.x + n[0] * (offset + cw.depth / 2), t.y + n[1] * (offset + cw.depth / 2)];
  const limit = faceLen / 2 + cw.width / 2 - 0.25;
  // The bystanders' rectangles, built once for every place along the face that is tried, and only of those whose
  // bounding circle comes near the line of places (rectsOverlap's own first test would turn the rest away at each).
  const first: Point = [base[0] - along[0] * (limit + 1), base[1] - along[1] * (limit + 1)];
  const last: Point = [base[0] + along[0] * (limit + 1), base[1] + along[1] * (limit + 1)];
  const cReach = reachOf(rectAt(table, c, base, facing));
  const others: Rect[] = [];
  for (const o of units) {
    if (o.id === c.id || o.id === t.id || !onTable(o)) continue;
    const or = rectAt(table, o, [o.x, o.y], o.facing);
    if (pointSegmentDistance(or.centre, first, last) <= cReach + reachOf(or) + 1e-5) others.push(or);
  }
  for (let k = 0; k <= 2 * Math.ceil(limit / 0.25); k++) {
    const shift = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.25;
    if (Math.abs(shift) > limit + EPS) break;
    const at: Point = [base[0] + along[0] * shift, base[1] + along[1] * shift];
    const r = rectAt(table, c, at, facing);
    cornersInto(r, C);
    if (!(Math.min(C[0]!, C[2]!, C[4]!, C[6]!) >= -EPS && Math.min(C[1]!, C[3]!, C[5]!, C[7]!) >= -EPS && Math.max(C[0]!, C[2]!, C[4]!, C[6]!) <= table.width + EPS && Math.max(C[1]!, C[3]!, C[5]!, C[7]!) <= table.height + EPS)) continue;
    if (others.some((o) => rectsOverlap(r, o))) continue;
    const overlap = Math.min(shift + cw.width / 2, faceLen / 2) - Math.max(shift - cw.width / 2, -faceLen / 2);
    const contact = overlap >= cw.width / 2 - EPS || overlap >= faceLen / 2 - EPS ? 'full' : 'partial';
    const v = checkMove(table, units, c.id, at, facing, 'charge');
    if (!v.ok) return { ok: false, reason: v.reason };
    return { ok: true, x: at[0], y: at[1], facing, aspect, contact, distance: v.distance };
  }
  return { ok: false, reason: `no room to strike the ${aspect} of ${t.name}` };
}

export interface RetreatPlacement {
  x: number;
  y: number;
  facing: number;
  distance: number;
  through: string[];
  surrounded: boolean;
}

/** Enemies that threaten a retreat: not skirmish screens, not themselves retreating ('Surrendering'). */
const threats = (units: readonly NeUnit[], u: NeUnit): NeUnit[] => enemiesOf(units, u).filter((e) => !isSkirmish(e) && !isRetreating(e));

/**
 * A retreat's end: directly away from the nearest enemies (the mean of the bearings away from every enemy within
 * 24", weighted by nearness; else from the nearest), the full distance if the way is open. The corridor must be
 * 3" wide: friends in it are passed through (and named), enemies or impassable ground turn the retreat by up to
 * 90° either side, nearest first; the table edge stops it. Surrounded: no direction increases the distance to the
 * enemy and an enemy threat stands within 12".
 */
export function retreatPlacement(table: NeTable, units: readonly NeUnit[], unitId: string, inches: number): RetreatPlacement {
  const u = units.find((x) => x.id === unitId);
  if (!u) throw new Error(`no unit ${unitId}`);
  const from: Point = [u.x, u.y];
  const foes = enemiesOf(units, u);
  const stay = (surrounded: boolean): RetreatPlacement => ({ x: u.x, y: u.y, facing: u.facing, distance: 0, through: [], surrounded });
  const near = threats(units, u).some((e) => rectDistance(rectAt(table, u, from, u.facing), rectAt(table, e, [e.x, e.y], e.facing)) <= 12);
  let away: number;
  if (foes.length === 0) away = normAngle(u.facing + 180);
  else {
    const close = foes.filter((e) => dist(from, [e.x, e.y]) <= 24);
    const pool = close.length > 0 ? close : [foes.reduce((a, b) => (dist(from, [a.x, a.y]) <= dist(from, [b.x, b.y]) ? a : b))];
    let vx = 0;
    let vy = 0;
    for (const e of pool) {
      const dd = Math.max(0.5, dist(from, [e.x, e.y]));
      vx += (u.x - e.x) / (dd * dd);
      vy += (u.y - e.y) / (dd * dd);
    }
    away = hypot(vx, vy) < EPS ? normAngle(u.facing + 180) : bearing(from, [u.x + vx, u.y + vy]);
  }
  if (!(inches > EPS)) return stay(false);
  const before = nearestEnemyDistance(table, units, u, from, u.facing);
  for (const turn of [0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90]) {
    const dir = normAngle(away + turn);
    const h = heading(dir);
    // Shorten at the table edge or where the end would overlap someone, ½" at a time.
    for (let len = inches; len > EPS; len -= 0.5) {
      const to: Point = [u.x + h[0] * len, u.y + h[1] * len];
      const v = retreatPath(table, units, u, from, to, dir);
      if (v === null) continue;
      if (nearestEnemyDistance(table, units, u, to, dir) <= before + EPS && foes.length > 0) break;
      return { x: to[0], y: to[1], facing: dir, distance: len, through: v, surrounded: false };
    }
  }
  return stay(near);
}

/** The units a retreat passes through, or null when it cannot go that way (enemies, ground, the table edge). */
function retreatPath(table: NeTable, units: readonly NeUnit[], u: NeUnit, a: Point, b: Point, facing: number): string[] | null {
  const r = rectAt(table, u, b, facing);
  if (!insideTable(table, r)) return null;
  if (forbiddenGround(table.terrain, u.arm, u.type, rectCorners(r))) return null;
  if (riverCrossings(table.terrain, a, b).some((c) => c.how === 'none')) return null;
  if (pricePath(table, u, a, b).impassable) return null;
  const through: string[] = [];
  const corridor: Rect = { centre: lerp(a, b, 0.5), width: RETREAT_GAP, depth: dist(a, b), facing };
  for (const o of units) {
    if (o.id === u.id || !onTable(o)) continue;
    const or = rectAt(table, o, [o.x, o.y], o.facing);
    if (rectsOverlap(r, or)) return null;
    if (!rectsOverlap(corridor, or)) continue;
    if (o.side !== u.side) return null;
    through.push(o.id);
  }
  return through;
}

/**
 * Polygons a unit can reach in `actions` without turning: the forward fan (22.5° either side), the fall-back and
 * sidestep strips. Each ray is searched for its furthest accepted point, so terrain, units and the table edge
 * shape the area.
 */
export function reachArea(table: NeTable, units: readonly NeUnit[], unitId: string, actions: number): Point[][] {
  const u = units.find((x) => x.id === unitId);
  if (!u || !onTable(u)) return [];
  const from: Point = [u.x, u.y];
  /** 'yes', 'no', or 'over' where the only fault is ending on another unit, which a longer move may pass. */
  const reach = (to: Point): 'yes' | 'no' | 'over' => {
    const v = checkMove(table, units, u.id, to, u.facing, 'move');
    if (v.ok) return v.cost <= actions + EPS ? 'yes' : 'no';
    return v.reason.startsWith('it would end overlapping') ? 'over' : 'no';
  };
  const within = (to: Point): boolean => reach(to) === 'yes';
  const ray = (dir: number, max: number): Point => {
    const h = heading(dir);
    let lo = 0;
    let hi = max;
    // Coarse walk then bisection: an obstacle can cut a ray short and leave its far part reachable only by a
    // path that does not exist, so the first refusal ends the ray.
    // A friend in the way ends no ray: a move may pass through it (disordering both), only not stop on it.
    for (let s = 0.5; s <= max + EPS; s += 0.5) {
      const r = reach([u.x + h[0] * s, u.y + h[1] * s]);
      if (r === 'over') continue;
      if (r === 'no') {
        hi = s;
        break;
      }
      lo = s;
      hi = s;
    }
    for (let i = 0; i < 6 && hi - lo > 0.05; i++) {
      const mid = (lo + hi) / 2;
      if (within([u.x + h[0] * mid, u.y + h[1] * mid])) lo = mid;
      else hi = mid;
    }
    return [u.x + h[0] * lo, u.y + h[1] * lo];
  };
  const top = 10 * Math.max(1, actions) + 1;
  const out: Point[][] = [];
  const fan: Point[] = [from];
  const free = turnClass(u.arm, u.type, u.formation) === 'free';
  const steps = free ? 24 : 8;
  for (let i = 0; i <= steps; i++) {
    const dir = free ? (360 * i) / steps : u.facing - OBLIQUE + (2 * OBLIQUE * i) / steps;
    fan.push(ray(dir, top));
  }
  out.push(fan);
  if (!free) {
    for (const side of [90, -90, 180]) {
      const end = ray(u.facing + side, 2 * Math.max(1, actions) + 0.5);
      if (dist(end, from) > 0.05) out.push([from, end]);
    }
  }
  return out;
}

export interface CandidateMove {
  to: Point;
  facing: number;
  kind: MoveKind;
}

/**
 * A short list of sensible moves, in a fixed order: charges on enemies in reach, advances toward the nearest enemy
 * and objective (a full move, and one action's), wheels to face the nearest enemy, falling back and sidesteps.
 * Deterministic: the same position always gives the same list.
 */
export function candidateMoves(table: NeTable, units: readonly NeUnit[], unitId: string, limit: number): CandidateMove[] {
  const u = units.find((x) => x.id === unitId);
  if (!u || !onTable(u) || limit <= 0) return [];
  const out: CandidateMove[] = [];
  const seen = new Set<string>();
  const from: Point = [u.x, u.y];
  const add = (to: Point, facing: number, kind: MoveKind): void => {
    if (out.length >= limit) return;
    const key = `${kind}:${to[0].toFixed(2)},${to[1].toFixed(2)},${normAngle(facing).toFixed(1)}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (checkMove(table, units, u.id, to, facing, kind).ok) out.push({ to, facing: normAngle(facing), kind });
  };
  const foes = enemiesOf(units, u).sort((a, b) => dist(from, [a.x, a.y]) - dist(from, [b.x, b.y]) || a.id.localeCompare(b.id));
  for (const e of foes.slice(0, 3)) {
    const c = chargeContact(table, units, u.id, e.id);
    if (c.ok) add([c.x, c.y], c.facing, 'charge');
  }
  const targets: Point[] = [];
  if (foes[0]) targets.push([foes[0].x, foes[0].y]);
  for (const o of table.objectives) if (Array.isArray(o.at)) targets.push([o.at[0], o.at[1]]);
  const rate = Math.max(0.5, moveAllowance(table, u, from));
  for (const goal of targets) {
    const want = bearing(from, goal);
    const rel = angleDiff(u.facing, want);
    const dir = u.facing + Math.max(-OBLIQUE, Math.min(OBLIQUE, rel));
    const h = heading(dir);
    const room = Math.max(0, dist(from, goal) - STOP_SHORT - 1.5 - footprint(u, table).depth);
    for (const actions of [2, 1, 0.5]) {
      const len = Math.min(room, rate * actions);
      if (len < 0.25) continue;
      for (const shrink of [1, 0.75, 0.5, 0.25]) add([u.x + h[0] * len * shrink, u.y + h[1] * len * shrink], u.facing, 'move');
    }
    // Wheel to face the goal: as far as one move allows.
    for (const t of [rel, Math.sign(rel) * Math.min(Math.abs(rel), 90), Math.sign(rel) * Math.min(Math.abs(rel), 45)]) {
      if (Math.abs(t) > 10) add(from, u.facing + t, 'move');
    }
  }
  if (foes[0]) {
    const threat = Math.abs(angleDiff(u.facing, bearing(from, [foes[0].x, foes[0].y])));
    if (threat > 135) add(from, u.facing + 180, 'move');
  }
  const back = heading(u.facing + 180);
  add([u.x + back[0] * 2, u.y + back[1] * 2], u.facing, 'move');
  for (const side of [90, -90]) {
    const s = heading(u.facing + side);
    const step = u.arm === 'artillery' ? 1 : 2;
    add([u.x + s[0] * step, u.y + s[1] * step], u.facing, 'move');
  }
  return out;
}
