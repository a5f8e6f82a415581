// Stand-ins for the movement functions (ne-move: movement.ts, command.ts, threshold.ts) and the combat math
// (ne-model: fire.ts, melee.ts, morale.ts) the game flow calls, with the signatures the shared brief fixes, so the
// sequence of play runs end to end before those parts land. Each is deliberately plain: straight moves at the
// open-ground rate, musketry and canister read on the Musket Firing Table, solid shot on the target alone, melee
// without terrain. When the real modules land the game imports them instead and this file goes.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Point } from '../../domain/model.js';
import { footprint, frontRankFigures, rectOf } from './footprint.js';
import { angleDiff, aspectOf, bearing, dist, frontEdgeDistance, heading, inFrontArc, normAngle, rectDistance, rectsOverlap, type Aspect, type Rect } from './geometry.js';
import { lineOfSight } from './sight.js';
import { blockAt, woodsAt } from './terrain.js';
import type { NeFormation, NeLeader, NeTable, NeUnit } from './types.js';

export type MoveKind = 'move' | 'force-march' | 'charge' | 'retreat';
export type Verdict<T> = ({ ok: true } & T) | { ok: false; reason: string };

const onTable = (u: NeUnit) => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Inches per action on open ground ('Movement' tables; rules notes §2). */
export function moveAllowance(_table: NeTable, u: NeUnit): number {
  const row = { A: 0, B: 1, C: 2 }[u.move];
  if (u.arm === 'infantry') {
    if (u.formation === 'square') return [2, 1, 0][row]!;
    if (u.formation === 'line' || u.formation === 'supported-line') return [6, 4, 2][row]!;
    return u.formation === 'road-column' ? 10 : 8;
  }
  if (u.arm === 'cavalry') {
    if (u.formation === 'line' || u.formation === 'echelon') return [8, 6, 4][row]!;
    if (u.formation === 'skirmish') return 10;
    return u.formation === 'road-column' ? 10 : 9;
  }
  if (u.arm === 'artillery') return u.formation === 'unlimbered' ? 0 : u.type === 'horse' ? (row === 0 ? 9 : 8) : row === 0 ? 8 : 6;
  return 8;
}

/** A turn's cost in actions by formation ('Facing Changes'): 10° free; lines 45° 1, 90° 2; columns ½, 1, 2. */
function turnCost(u: NeUnit, from: number, to: number): number | null {
  const a = Math.abs(angleDiff(from, to));
  if (a <= 10 + 1e-9 || u.formation === 'square') return 0;
  const column = u.formation === 'column' || u.formation === 'road-column' || u.formation === 'limbered' || u.arm === 'train';
  if (column) return a <= 45 + 1e-9 ? 0.5 : a <= 90 + 1e-9 ? 1 : a <= 135 + 1e-9 ? 2 : null;
  return a <= 45 + 1e-9 ? 1 : a <= 90 + 1e-9 ? 2 : a >= 179 ? 1 : null;
}

const halfUp = (n: number) => Math.ceil(n * 2 - 1e-9) / 2;

/** Why a rectangle cannot stand there: off the table, or on another unit. */
export function placeProblem(table: NeTable, units: readonly NeUnit[], u: NeUnit, r: Rect, ignore: readonly string[] = []): string | null {
  const probe = { ...u, x: r.centre[0], y: r.centre[1], facing: r.facing };
  const rect = rectOf(probe, table);
  for (const c of cornersOf(rect)) if (c[0] < -1e-6 || c[1] < -1e-6 || c[0] > table.width + 1e-6 || c[1] > table.height + 1e-6) return 'it would leave the table';
  for (const o of units) {
    if (o.id === u.id || !onTable(o) || ignore.includes(o.id)) continue;
    if (rectsOverlap(rect, rectOf(o, table))) return `it would stand on ${o.name}`;
  }
  return null;
}

function cornersOf(r: Rect): Point[] {
  const f = heading(r.facing);
  const right: Point = [-f[1], f[0]];
  const out: Point[] = [];
  for (const [a, b] of [[1, 1], [1, -1], [-1, -1], [-1, 1]] as const) {
    out.push([r.centre[0] + (f[0] * r.depth * a) / 2 + (right[0] * r.width * b) / 2, r.centre[1] + (f[1] * r.depth * a) / 2 + (right[1] * r.width * b) / 2]);
  }
  return out;
}

export function checkMove(table: NeTable, units: readonly NeUnit[], unitId: string, to: Point, facing: number, kind: MoveKind): Verdict<{ cost: number; distance: number; disorders: boolean; crossed: string[] }> {
  const u = units.find((x) => x.id === unitId);
  if (!u) return { ok: false, reason: `no unit ${unitId}` };
  const rate = moveAllowance(table, u);
  const distance = dist([u.x, u.y], to);
  if (distance > 1e-9 && rate <= 0) return { ok: false, reason: `${u.name} cannot move in ${u.formation}` };
  const heading0 = distance > 1e-9 ? bearing([u.x, u.y], to) : u.facing;
  const off = Math.abs(angleDiff(u.facing, heading0));
  const back = off >= 180 - 22.5;
  if (distance > 1e-9 && off > 22.5 + 1e-9 && !back) return { ok: false, reason: `${r2(off)}° off its facing: a move goes straight ahead or up to 22.5° oblique` };
  if (back && distance > 2 * 2 + 1e-9) return { ok: false, reason: `${r2(distance)}" back: falling back is 2" an action` };
  const turn = turnCost(u, u.facing, facing);
  if (turn === null) return { ok: false, reason: `a turn of ${r2(Math.abs(angleDiff(u.facing, facing)))}° is more than ${u.formation} may make in one move` };
  const cost = (back ? halfUp(distance / 2) : rate > 0 ? halfUp(distance / rate) : 0) + turn;
  const limit = kind === 'force-march' || kind === 'charge' ? 1 : 2;
  if (cost > limit + 1e-9) return { ok: false, reason: `${r2(distance)}" and the turn take ${cost} actions; ${kind === 'move' ? 'a move' : `a ${kind}`} may take ${limit}` };
  const problem = placeProblem(table, units, u, { centre: to, width: 0, depth: 0, facing });
  if (problem) return { ok: false, reason: problem };
  if (kind !== 'charge') {
    const moved = rectOf({ ...u, x: to[0], y: to[1], facing }, table);
    for (const e of units) {
      if (e.side === u.side || !onTable(e) || e.formation === 'skirmish') continue;
      if (rectDistance(moved, rectOf(e, table)) < 1 - 1e-9) return { ok: false, reason: `it would end within 1" of ${e.name}; only a charge closes with the enemy` };
    }
  }
  return { ok: true, cost, distance, disorders: false, crossed: [] };
}

/** Charge distance ('Cavalry Charge Distance'): infantry its column rate; cavalry 14/13/12" by weight. */
export function chargeReach(u: NeUnit): number {
  if (u.arm === 'cavalry') return u.type === 'heavy' || u.type === 'guard' ? 12 : u.type === 'medium' ? 13 : 14;
  return 8;
}

export function chargeContact(table: NeTable, units: readonly NeUnit[], chargerId: string, targetId: string): Verdict<{ x: number; y: number; facing: number; aspect: Aspect; contact: 'full' | 'partial'; distance: number }> {
  const c = units.find((x) => x.id === chargerId);
  const t = units.find((x) => x.id === targetId);
  if (!c || !t) return { ok: false, reason: 'no such unit' };
  if (c.side === t.side) return { ok: false, reason: `${t.name} is not an enemy` };
  if (c.arm === 'artillery' || c.arm === 'train') return { ok: false, reason: 'a battery or train does not charge' };
  if (c.formation === 'skirmish') return { ok: false, reason: 'skirmishers do not charge' };
  if (c.arm === 'infantry' && t.arm === 'cavalry') return { ok: false, reason: 'infantry never charges cavalry' };
  if (c.arm === 'infantry' && t.formation === 'skirmish') return { ok: false, reason: 'formed infantry may not charge skirmishers' };
  if (c.arm === 'cavalry' && (woodsAt(table.terrain, [c.x, c.y]) || woodsAt(table.terrain, [t.x, t.y]))) return { ok: false, reason: 'cavalry may not charge in, from or into woods' };
  if (blockAt(table.terrain, [t.x, t.y])) return { ok: false, reason: `${t.name} holds a building block; fights for blocks are not played yet` };
  const tr = rectOf(t, table);
  const aspect = aspectOf(tr, [c.x, c.y]);
  const normal = normAngle(t.facing + (aspect === 'front' ? 0 : aspect === 'rear' ? 180 : angleDiff(t.facing, bearing([t.x, t.y], [c.x, c.y])) > 0 ? 90 : -90));
  const half = aspect === 'flank' ? tr.width / 2 : tr.depth / 2;
  const cf = footprint(c, table);
  const n = heading(normal);
  const at: Point = [t.x + n[0] * (half + cf.depth / 2), t.y + n[1] * (half + cf.depth / 2)];
  const facing = normAngle(normal + 180);
  const distance = dist([c.x, c.y], at);
  if (distance > chargeReach(c) + 1e-9) return { ok: false, reason: `${r2(distance)}" to contact is beyond its ${chargeReach(c)}" charge` };
  if (!inFrontArc(rectOf(c, table), tr, 45)) return { ok: false, reason: `${t.name} is not ahead of it: a charge goes straight ahead` };
  const problem = placeProblem(table, units, c, { centre: at, width: 0, depth: 0, facing }, [t.id]);
  if (problem) return { ok: false, reason: `no room to strike ${t.name}: ${problem}` };
  const struck = aspect === 'flank' ? tr.depth : tr.width;
  return { ok: true, x: at[0], y: at[1], facing, aspect, contact: cf.width * 2 >= Math.min(struck, cf.width * 2) || struck <= cf.width * 2 ? 'full' : 'partial', distance };
}

/** Straight away from the nearest enemy, as far as room allows (stand-in for ne-move's retreatPlacement). */
export function retreatPlacement(table: NeTable, units: readonly NeUnit[], unitId: string, inches: number): { x: number; y: number; facing: number; distance: number; through: string[]; surrounded: boolean; offTable: boolean } {
  const u = units.find((x) => x.id === unitId)!;
  const enemies = units.filter((e) => e.side !== u.side && e.status === 'table');
  let away = normAngle(u.facing + 180);
  if (enemies.length > 0) {
    const near = enemies.reduce((a, b) => (dist([a.x, a.y], [u.x, u.y]) <= dist([b.x, b.y], [u.x, u.y]) ? a : b));
    away = bearing([near.x, near.y], [u.x, u.y]);
  }
  const h = heading(away);
  for (let d = inches; d >= 1; d -= 1) {
    const at: Point = [u.x + h[0] * d, u.y + h[1] * d];
    const off = at[0] < 0 || at[1] < 0 || at[0] > table.width || at[1] > table.height;
    if (off) return { x: at[0], y: at[1], facing: away, distance: d, through: [], surrounded: false, offTable: true };
    if (!placeProblem(table, units, u, { centre: at, width: 0, depth: 0, facing: away })) return { x: at[0], y: at[1], facing: away, distance: d, through: [], surrounded: false, offTable: false };
  }
  const threat = enemies.some((e) => e.formation !== 'skirmish' && dist([e.x, e.y], [u.x, u.y]) <= 12);
  return { x: u.x, y: u.y, facing: u.facing, distance: 0, through: [], surrounded: threat, offTable: false };
}

/** Option #1 stand-in: a unit is out of command beyond its commander's radius (the chain above is not measured). */
export function commandStatus(_table: NeTable, units: readonly NeUnit[], leaders: readonly NeLeader[]): { outOfCommand: string[]; rolls: number[]; events: GameEvent[] } {
  const out: string[] = [];
  for (const u of units) {
    if (u.status !== 'table') continue;
    const l = leaders.find((x) => x.id === u.commander);
    if (!l || l.status !== 'table') {
      out.push(u.id);
      continue;
    }
    const at: Point = l.attachedTo ? (() => {
      const h = units.find((x) => x.id === l.attachedTo);
      return h ? [h.x, h.y] : [l.x, l.y];
    })() : [l.x, l.y];
    if (dist(at, [u.x, u.y]) > l.commandRadius + 1e-9) out.push(u.id);
  }
  return { outOfCommand: out, rolls: [], events: out.length ? [{ type: 'out-of-command', units: out }] : [] };
}

// ---- Fire ---------------------------------------------------------------------------------------------------------

/** The Musket Firing Table (brief's reading): row by figures firing, column by modified die −4 … 12+. */
const ROWS: Record<number, number[]> = {
  4: [2, 2, 2, 2, 2, 2],
  8: [2, 2, 2, 2, 2, 4, 4],
  12: [2, 2, 2, 2, 2, 4, 4, 4],
  16: [2, 2, 2, 2, 2, 4, 4, 4, 4],
  20: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4],
  24: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6],
  28: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6],
  32: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6],
  36: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6],
  40: [2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6],
  44: [2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8],
  48: [2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8, 8],
};

function column(die: number): number {
  if (die <= -5) return -1;
  const edges = [-4, -3, -1, 0, 1, 2, 4, 5, 6, 7, 9, 10, 11];
  for (let k = 0; k < edges.length; k++) if (die <= edges[k]!) return k;
  return 13;
}

export function musketCasualties(figures: number, die: number): number {
  if (figures < 2) return 0;
  let total = 0;
  let left = figures;
  while (left > 0) {
    const part = Math.min(48, left);
    left -= part;
    if (part < 2) continue;
    const row = Math.min(48, Math.max(4, Math.floor(part / 4 + 0.5) * 4));
    const values = ROWS[row]!;
    const col = column(die);
    const k = col - (14 - values.length);
    total += col < 0 || k < 0 ? 0 : values[k]!;
  }
  return total;
}

const FIRE_BONUS: Record<string, number> = { A: 2, B: 1, C: 0, D: -1, E: -2 };
const CANISTER: Record<string, number> = { '12lb': 6, '8-9lb': 5, '6lb': 4, '4lb': 3, '2-3lb': 2 };
const CANISTER_RANGE: Record<string, number> = { '12lb': 10, '8-9lb': 10, '6lb': 8, '4lb': 8, '2-3lb': 6 };
const SHOT_RANGE: Record<string, number> = { '12lb': 64, '8-9lb': 54, '6lb': 48, '4lb': 44, '2-3lb': 36 };

export type FirePlan = { ok: true; kind: 'musket' | 'canister' | 'solid-shot'; range: number; figures: number; modifier: number; hitOn: number; damage: number } | { ok: false; reason: string };

export function firePlan(table: NeTable, units: readonly NeUnit[], firer: NeUnit, target: NeUnit): FirePlan {
  if (firer.side === target.side) return { ok: false, reason: `${target.name} is not an enemy` };
  if (firer.arm === 'train') return { ok: false, reason: 'a train does not fire' };
  if (firer.arm === 'cavalry' && table.options.carbines !== true) return { ok: false, reason: 'cavalry fire only with the carbines option' };
  if (firer.arm === 'artillery' && firer.formation !== 'unlimbered') return { ok: false, reason: 'a limbered battery must unlimber to fire' };
  if (firer.arm === 'artillery' && firer.ammo >= (firer.regimental ? 2 : 3)) return { ok: false, reason: 'the battery is out of ammunition' };
  if (firer.status === 'retreat') return { ok: false, reason: 'a retreating unit does not fire' };
  const fr = rectOf(firer, table);
  const tr = rectOf(target, table);
  if (!inFrontArc(fr, tr)) return { ok: false, reason: `${target.name} is outside the 22.5° front arc` };
  const range = frontEdgeDistance(fr, tr);
  const sight = lineOfSight(table.terrain, units, firer, target);
  const dense = target.formation === 'column' || target.formation === 'road-column' || target.formation === 'square';
  const fatigue = -firer.fatigue;
  if (firer.arm === 'artillery') {
    const cal = firer.calibre ?? '6lb';
    if (range > SHOT_RANGE[cal]! + 1e-9) return { ok: false, reason: `${r2(range)}" is beyond the battery's extreme range` };
    if (!sight.clear) return { ok: false, reason: `no line of sight: ${sight.why}` };
    if (range <= CANISTER_RANGE[cal]! + 1e-9) {
      const mod = FIRE_BONUS[firer.fire]! + CANISTER[cal]! + (dense ? 2 : 0) + fatigue + (target.formation === 'skirmish' ? -4 : 0) + (target.arm === 'artillery' ? -3 : 0);
      return { ok: true, kind: 'canister', range, figures: 2 * (firer.guns + (range <= 6 ? firer.howitzers : 0)), modifier: mod, hitOn: 0, damage: 0 };
    }
    const band = range <= SHOT_RANGE[cal]! / 3 ? 0 : range <= (SHOT_RANGE[cal]! * 2) / 3 ? 1 : 2;
    const hitOn = (firer.fire === 'A' ? 3 : 4) + band;
    const damage = Math.max(0, firer.guns + (target.formation === 'skirmish' ? -8 : target.arm === 'artillery' ? -4 : 0)) * (dense ? 2 : 1);
    return { ok: true, kind: 'solid-shot', range, figures: 0, modifier: 0, hitOn: Math.min(7, hitOn), damage };
  }
  const reach = firer.rifles ? 12 : table.options.carbines === true && firer.arm === 'cavalry' ? 4 : 8;
  if (range > reach + 1e-9) return { ok: false, reason: `${r2(range)}" is out of range (${reach}")` };
  if (!sight.clear) return { ok: false, reason: `no line of sight: ${sight.why}` };
  const bands = firer.rifles ? [4, 6, 8] : [2, 4, 6];
  const bandMod = range <= bands[0]! + 1e-9 ? 0 : range <= bands[1]! + 1e-9 ? -1 : range <= bands[2]! + 1e-9 ? -3 : -5;
  const figures = firer.formation === 'square' ? Math.floor(firer.figures / 8 + 0.5) : frontRankFigures(firer);
  const mod = FIRE_BONUS[firer.fire]! + (firer.rifles ? 1 : 0) + (dense ? 2 : 0) + (firer.ranks === 2 && firer.arm === 'infantry' ? 2 : 0) + bandMod + fatigue + (target.arm === 'artillery' ? (target.formation === 'unlimbered' ? -3 : -1) : 0) + (target.formation === 'skirmish' ? -3 : 0) + (firer.formation === 'skirmish' ? -1 : 0);
  return { ok: true, kind: 'musket', range, figures, modifier: mod, hitOn: 0, damage: 0 };
}

/** Rolls a planned fire for `actions` actions: casualties and every die, in order. */
export function rollFire(plan: Extract<FirePlan, { ok: true }>, actions: 1 | 2, d6: () => number): { casualties: number; dice: number[] } {
  if (plan.kind === 'solid-shot') {
    const dice: number[] = [];
    let damage = 0;
    for (let k = 0; k < actions; k++) {
      const d = d6();
      dice.push(d);
      if (d >= plan.hitOn) damage += plan.damage;
    }
    let casualties = Math.floor(damage / 6);
    if (damage % 6 > 0) {
      const d = d6();
      dice.push(d);
      if (d <= damage % 6) casualties++;
    }
    return { casualties, dice };
  }
  const d = d6();
  return { casualties: musketCasualties(plan.figures * actions, d + plan.modifier), dice: [d] };
}

// ---- Close actions and morale --------------------------------------------------------------------------------------

/** The close-action casualty chart: row by d6 (+ modifiers, 7 at most), column by figures in contact. */
const CHART = [
  [0, 0, 0, 0, 2],
  [0, 0, 0, 2, 2],
  [0, 0, 2, 2, 4],
  [0, 2, 2, 4, 4],
  [2, 2, 4, 4, 4],
  [2, 4, 4, 6, 6],
  [2, 4, 6, 6, 6],
];

export function closeCasualties(contactFigures: number, total: number): number {
  const col = contactFigures <= 2 ? 0 : contactFigures <= 4 ? 1 : contactFigures <= 6 ? 2 : contactFigures <= 8 ? 3 : 4;
  return CHART[Math.min(7, Math.max(1, total)) - 1]![col]!;
}

export function meleeValue(u: NeUnit, leaders: readonly NeLeader[], role: 'charger' | 'defender', aspect: Aspect, contact: 'full' | 'partial'): number {
  let mv = u.melee;
  mv -= [0, 5, 10, 15][u.fatigue]!;
  if (u.status === 'retreat') mv -= 20;
  else if (u.disordered) mv -= 10;
  if (u.formation === 'road-column') mv -= 15;
  if (role === 'charger') {
    if (aspect === 'flank') mv += 10;
    if (aspect === 'rear') mv += 15;
    if (contact === 'partial') mv -= 10;
  }
  const l = leaders.find((x) => x.id === u.attachedLeader && x.status === 'table');
  if (l) mv += l.meleeBonus;
  return Math.max(0, mv);
}

export function moraleNeed(table: NeTable, units: readonly NeUnit[], leaders: readonly NeLeader[], u: NeUnit, extra: number): number {
  let need = u.morale + extra;
  const r = rectOf(u, table);
  if (units.some((o) => o.id !== u.id && o.side === u.side && o.status === 'table' && rectDistance(r, rectOf(o, table)) <= 4)) need += 1;
  if (woodsAt(table.terrain, [u.x, u.y]) || blockAt(table.terrain, [u.x, u.y])) need += 2;
  const lost = u.arm === 'artillery' ? u.crewHits : u.figures0 - u.figures;
  need -= Math.floor(lost / 2);
  if (u.arm !== 'artillery' && u.figures0 > 0 && lost * 2 > u.figures0) need -= 3;
  if (u.status === 'retreat') need -= 5;
  else if (u.disordered) need -= 1;
  need -= u.fatigue;
  const l = leaders.find((x) => x.id === u.attachedLeader && x.status === 'table');
  if (l) need += l.moraleBonus;
  return need;
}

export { frontRankFigures };
export type { NeFormation };
