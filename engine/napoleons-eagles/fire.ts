// Musket, rifle, carbine and artillery fire ('Musket and Artillery Fire', 'Artillery'; notes §11): whether a unit
// may fire at another, the situation (weapon, range, band, modifiers, figures, bounce victims), the casualties for
// each die, and a resolve that rolls injected dice for the game to apply.
import type { Point } from '../../domain/model.js';
import type { DiceSource } from '../dice.js';
import { frontRankFigures, rectOf, roundHalfUp } from './footprint.js';
import {
  angleDiff,
  bearing,
  closestPoints,
  dist,
  frontEdgeDistance,
  frontEdgeOf,
  inFrontArc,
  insideIntervals,
  lerp,
  pathPolygonDistance,
  rectCorners,
  relativeBearing,
  segmentCrossesPath,
  segmentPolygonDistance,
  type Rect,
} from './geometry.js';
import { sightBetween } from './sight.js';
import {
  ammoLimit,
  bandOf,
  CANISTER_BONUS,
  FIRE_RATING_MODIFIER,
  GUN_RANGES,
  HOWITZER_CANISTER,
  HOWITZER_SHELL,
  musketCasualties,
  musketRows,
  SMALL_ARM_RANGES,
  solidShotHitOn,
  type Band,
} from './tables.js';
import { areaContains, blockAt, levelAt, softAt, woodsAt, worksAt, type TerrainIndex } from './terrain.js';
import { FATIGUE_NAMES, optionOn, type NeLeader, type NeModifier, type NeTable, type NeUnit } from './types.js';

export type FireKind = 'musket' | 'rifle' | 'carbine' | 'canister' | 'solid-shot';

export interface Victim {
  unit: string;
  hitOn: number;
  damagePerHit: number;
  dense: boolean;
  damageModifiers: NeModifier[];
  /** Mean casualties (crew hits on a battery) on this unit. */
  expected: number;
}

export interface SmallArmsFire {
  allowed: true;
  kind: Exclude<FireKind, 'solid-shot'>;
  range: number;
  band: Band;
  actions: 1 | 2;
  figures: number;
  rows: number[];
  modifiers: NeModifier[];
  total: number;
  casualtiesByRoll: number[];
  expected: number;
  rapid: boolean;
}

export interface SolidShotFire {
  allowed: true;
  kind: 'solid-shot';
  range: number;
  band: Band;
  actions: 1 | 2;
  modifiers: NeModifier[];
  total: 0;
  expected: number;
  hitOn: number;
  dice: number;
  bounce: number;
  victims: Victim[];
  rapid: boolean;
}

export type FireSituation = { allowed: false; reason: string } | SmallArmsFire | SolidShotFire;

export const onTable = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';
const centre = (u: NeUnit): Point => [u.x, u.y];
const mod = (id: string, reason: string, value: number): NeModifier => ({ id, reason, value });
const isDense = (u: NeUnit): boolean => u.formation === 'column' || u.formation === 'road-column' || u.formation === 'square';

function fatigueModifier(u: NeUnit, values: readonly [number, number, number]): NeModifier | null {
  if (u.fatigue === 0) return null;
  const name = FATIGUE_NAMES[u.fatigue];
  return mod(name, `the unit is ${name}`, values[u.fatigue - 1]!);
}

/** Cover a wall, hedge or work gives `target` against fire or a charge from `from` (notes §11). */
export function coverFrom(t: TerrainIndex, target: NeUnit, from: NeUnit): 'wall' | 'hedge' | null {
  const tr = rectOf(target);
  const fr = rectOf(from);
  let best: 'wall' | 'hedge' | null = null;
  const work = worksAt(t, centre(target));
  if (work) best = work.works === 'prepared' ? 'hedge' : 'wall';
  const [p, q] = closestPoints(rectCorners(tr), rectCorners(fr));
  for (const b of t.barriers) {
    const between = segmentCrossesPath(p, q, b.path);
    const hugging = pathPolygonDistance(b.path, rectCorners(tr)) <= 1 + 1e-9 && segmentCrossesPath(centre(target), centre(from), b.path);
    if (!between && !hugging) continue;
    if (b.kind === 'wall') return 'wall';
    best ??= 'hedge';
  }
  return best;
}

/** Woods modifier for fire: the target inside, or the line of fire through woods; the denser counts, once. */
function woodsOnLine(t: TerrainIndex, a: Point, b: Point): 'light' | 'dense' | null {
  let best: 'light' | 'dense' | null = null;
  for (const w of t.woods) {
    if (areaContains(w, b) || insideIntervals(a, b, w.polygon).length > 0) {
      if (w.density === 'dense') return 'dense';
      best = 'light';
    }
  }
  return best;
}

/** The friendly unit standing on the line of fire, if any: nobody fires through friends ('Shooting Over Units'). */
function friendInTheWay(units: readonly NeUnit[], shooter: NeUnit, target: NeUnit): NeUnit | null {
  for (const u of units) {
    if (u.id === shooter.id || u.id === target.id || u.side !== shooter.side || !onTable(u)) continue;
    if (segmentPolygonDistance(centre(shooter), centre(target), rectCorners(rectOf(u))) === 0) return u;
  }
  return null;
}

function canFire(table: NeTable, shooter: NeUnit): string | null {
  if (!onTable(shooter)) return `${shooter.name} is not on the table`;
  if (shooter.status === 'retreat') return `${shooter.name} is retreating`;
  if (shooter.arm === 'train') return `${shooter.name} carries no weapons that fire`;
  if (shooter.arm === 'artillery') {
    if (shooter.status === 'silenced') return `${shooter.name} is silenced`;
    if (shooter.formation === 'limbered') return `${shooter.name} is limbered and must unlimber to fire`;
    if (shooter.ammo >= ammoLimit(shooter)) return `${shooter.name} is out of ammunition`;
  }
  if (shooter.arm === 'cavalry' && !optionOn(table, 'carbines')) return 'cavalry fire only with the carbines option';
  if (blockAt(table.terrain, centre(shooter))) return `${shooter.name} is in a building block: figures there fire out by the block rule, which explain does not price`;
  return null;
}

/** Figures that fire: the front rank; a square an eighth of its figures, half at charging cavalry ('Infantry Squares'). */
export function firingFigures(u: NeUnit, atChargingCavalry = false): number {
  if (u.formation === 'square') return roundHalfUp(u.figures / (atChargingCavalry ? 2 : 8));
  return frontRankFigures(u);
}

export interface FireRequest {
  table: NeTable;
  units: readonly NeUnit[];
  leaders: readonly NeLeader[];
  shooter: NeUnit;
  target: NeUnit;
  actions: 1 | 2;
  rapid?: boolean;
  /** Defensive fire at cavalry charging a square. */
  atChargingCavalry?: boolean;
}

export function fireSituation(req: FireRequest): FireSituation {
  const { table, units, shooter, target, actions } = req;
  const rapid = req.rapid === true;
  const t = table.terrain;
  const refuse = (reason: string): FireSituation => ({ allowed: false, reason });
  if (shooter.side === target.side) return refuse(`${target.name} is not an enemy`);
  const why = canFire(table, shooter);
  if (why) return refuse(why);
  if (!onTable(target)) return refuse(`${target.name} is not on the table`);
  if (shooter.actionsUsed + actions > 2) return refuse(`${shooter.name} has only ${2 - shooter.actionsUsed} action(s) left this period`);
  if (rapid && (shooter.arm !== 'artillery' || shooter.fatigue !== 0)) return refuse('only a battery at normal fatigue may fire rapidly');
  if (rapid && optionOn(table, 'weatherEffects') && table.weather === 'heavy-rain') return refuse('no rapid fire in heavy rain');

  const sr = rectOf(shooter, table);
  const tr = rectOf(target, table);
  const range = frontEdgeDistance(sr, tr);
  if (shooter.formation !== 'square' && !inFrontArc(sr, tr)) return refuse(`${target.name} is outside the front arc`);

  // Woods limit how far a line of fire runs inside them (4" light, 2" dense), not the range: that is sight's rule,
  // so a unit standing just inside a wood's edge can still be shot at from outside it (rules notes §11).

  if (shooter.arm === 'artillery') return artilleryFire(req, tr, range, rapid);

  const kind: SmallArmsFire['kind'] = shooter.arm === 'cavalry' ? 'carbine' : shooter.rifles ? 'rifle' : 'musket';
  const band = bandOf(range, SMALL_ARM_RANGES[kind]);
  if (!band) return refuse(`${target.name} is out of ${kind} range (${range.toFixed(2)}")`);
  const sight = sightBetween(t, units, centre(shooter), centre(target), [shooter.id, target.id]);
  if (!sight.clear) return refuse(`no line of sight: ${sight.why}`);
  const friend = friendInTheWay(units, shooter, target);
  if (friend) return refuse(`${friend.name} is in the line of fire`);
  return smallArms(req, kind, range, band, firingFigures(shooter, req.atChargingCavalry), rapid);
}

function smallArmsModifiers(req: FireRequest, kind: SmallArmsFire['kind'], band: Band): NeModifier[] {
  const { table, shooter, target } = req;
  const t = table.terrain;
  const out: NeModifier[] = [];
  const add = (m: NeModifier | null) => {
    if (m && m.value !== 0) out.push(m);
  };
  const r = FIRE_RATING_MODIFIER[shooter.fire];
  if (r !== 0) add(mod(`rating-${shooter.fire.toLowerCase()}`, `Fire rated ${shooter.fire}`, r));
  if (shooter.rifles && kind !== 'canister') add(mod('rifles', 'rifles', 1));
  if (kind === 'canister') add(mod('canister', `${shooter.calibre} canister`, CANISTER_BONUS[shooter.calibre ?? '6lb']));
  if (isDense(target)) add(mod('dense-target', `target in ${target.formation}`, 2));
  if (shooter.arm === 'infantry' && shooter.ranks === 2 && (kind === 'musket' || kind === 'rifle')) add(mod('two-rank', 'two-rank training', 2));
  if (kind !== 'canister') {
    if (band === 'medium') add(mod('medium-range', 'medium range', -1));
    if (band === 'long') add(mod('long-range', 'long range', -3));
    if (band === 'extreme') add(mod('extreme-range', 'extreme range', -5));
  }
  add(fatigueModifier(shooter, [-1, -2, -3]));
  if (target.arm === 'artillery') {
    add(target.formation === 'limbered' ? mod('target-limbered-artillery', 'target is limbered artillery', -1) : mod('target-unlimbered-artillery', 'target is unlimbered artillery', -3));
  }
  const cover = coverFrom(t, target, shooter);
  if (cover === 'wall') add(mod('behind-wall', 'target behind a wall or redoubt', -3));
  if (cover === 'hedge') add(mod('behind-hedge', 'target behind a hedge or prepared defences', -2));
  const woods = woodsOnLine(t, centre(shooter), centre(target));
  if (woods === 'dense') add(mod('dense-woods', 'dense woods', -3));
  if (woods === 'light') add(mod('light-woods', 'light woods', -1));
  if (blockAt(t, centre(target))) add(mod('buildings', 'target in buildings', -5));
  if (target.formation === 'skirmish') add(kind === 'canister' ? mod('target-skirmishers', 'canister at skirmishers', -4) : mod('target-skirmishers', 'target is a skirmish screen', -3));
  if (shooter.formation === 'skirmish') add(mod('skirmish-fire', 'skirmish fire', -1));
  if (organicScreen(req)) add(mod('organic-skirmishers', "the target's company skirmishers", -1));
  if (kind !== 'canister' && optionOn(table, 'weatherEffects')) {
    const w: Record<string, number> = { 'light-rain': -2, 'heavy-rain': -3, 'light-snow': -1, 'heavy-snow': -2 };
    const v = table.weather ? w[table.weather] : undefined;
    if (v) add(mod(table.weather!, table.weather!.replace('-', ' '), v));
  }
  return out;
}

/** Company skirmishers screen the front: the firer is within 4" of the target's front edge, ahead of it. */
function organicScreen(req: FireRequest): boolean {
  const { table, shooter, target } = req;
  if (!optionOn(table, 'companySkirmishers') || target.skirmishers <= 0) return false;
  if (target.formation === 'square' || target.disordered || target.status === 'retreat') return false;
  const [a, b] = frontEdgeOf(rectOf(target));
  if (segmentPolygonDistance(a, b, rectCorners(rectOf(shooter))) > 4 + 1e-9) return false;
  return Math.abs(relativeBearing(rectOf(target), centre(shooter))) < 90;
}

function smallArms(req: FireRequest, kind: SmallArmsFire['kind'], range: number, band: Band, figures: number, rapid: boolean): SmallArmsFire {
  const modifiers = smallArmsModifiers(req, kind, band);
  const total = modifiers.reduce((n, m) => n + m.value, 0);
  const rows = musketRows(figures * req.actions);
  const factor = rapid ? 2 : 1;
  const casualtiesByRoll = [1, 2, 3, 4, 5, 6].map((d) => musketCasualties(rows, d + total) * factor);
  const expected = casualtiesByRoll.reduce((n, c) => n + c, 0) / 6;
  return { allowed: true, kind, range, band, actions: req.actions, figures, rows, modifiers, total, casualtiesByRoll, expected, rapid };
}

function artilleryFire(req: FireRequest, tr: Rect, range: number, rapid: boolean): FireSituation {
  const { table, units, shooter, target } = req;
  const calibre = shooter.calibre ?? '6lb';
  const { ranges, bounce } = GUN_RANGES[calibre];
  const band = bandOf(range, ranges);
  if (!band) return { allowed: false, reason: `${target.name} is out of range (${range.toFixed(2)}", ${calibre} reach ${ranges[3]}")` };
  const friends = friendInTheWay(units, shooter, target);
  if (band === 'close' && !friends) {
    const sight = sightBetween(table.terrain, units, centre(shooter), centre(target), [shooter.id, target.id]);
    if (!sight.clear) return { allowed: false, reason: `no line of sight: ${sight.why}` };
    const cannons = shooter.guns + (range <= HOWITZER_CANISTER + 1e-9 ? shooter.howitzers : 0);
    return smallArms(req, 'canister', range, band, 2 * cannons, rapid);
  }
  // Ball flies over friends: sight is judged as if they were not there.
  const others = units.filter((u) => u.side !== shooter.side || u.id === shooter.id);
  const sight = sightBetween(table.terrain, others, centre(shooter), centre(target), [shooter.id, target.id]);
  if (!sight.clear) return { allowed: false, reason: `no line of sight: ${sight.why}` };
  // Ball at a close target over friends hits as at medium range and bounces as the close bracket.
  const hitOn = solidShotHitOn(shooter.fire, band);
  const bandIndex = ['close', 'medium', 'long', 'extreme'].indexOf(band);
  const zones = bounceZones(table, units, shooter, target, tr, bounce[bandIndex]!);
  const victims = victimsOf(req, zones.victims, range, hitOn);
  return {
    allowed: true,
    kind: 'solid-shot',
    range,
    band,
    actions: req.actions,
    modifiers: [],
    total: 0,
    expected: victims[0]?.expected ?? 0,
    hitOn,
    dice: req.actions,
    bounce: zones.length,
    victims,
    rapid,
  };
}

interface Zones {
  /** The first zone's length after halving. */
  length: number;
  victims: NeUnit[];
}

/**
 * The ball's path: from the battery's centre through the target's centre, starting where it enters the target and
 * running the bracket's bounce (halved once for soft ground or a climb); woods and blocks stop it ('Bounce').
 */
export function bounceZones(table: NeTable, units: readonly NeUnit[], shooter: NeUnit, target: NeUnit, tr: Rect, bracket: number): Zones {
  const t = table.terrain;
  const from = centre(shooter);
  const to = centre(target);
  const dir = bearing(from, to);
  const ux = Math.sin((dir * Math.PI) / 180);
  const uy = -Math.cos((dir * Math.PI) / 180);
  const far: Point = [from[0] + ux * 1000, from[1] + uy * 1000];
  const spans = insideIntervals(from, far, rectCorners(tr));
  const entryT = spans.length > 0 ? spans[0]![0] : dist(from, to) / 1000;
  const start = lerp(from, far, entryT);
  const soft = table.ground === 'mud' || table.ground === 'snow' || table.ground === 'mud-and-snow' || softAt(t, to) !== null;
  const endFull: Point = [start[0] + ux * bracket, start[1] + uy * bracket];
  const climbs = levelAt(t, endFull) > levelAt(t, start);
  const length = soft || climbs ? bracket / 2 : bracket;
  const segments: [Point, Point][] = [];
  const zone = (s: number, len: number) => {
    const a: Point = [start[0] + ux * s, start[1] + uy * s];
    let b: Point = [start[0] + ux * (s + len), start[1] + uy * (s + len)];
    // No bounce through woods or buildings: the zone ends where it first meets one.
    let stop = 1;
    for (const area of [...t.woods, ...t.blocks]) {
      if (areaContains(area, a)) {
        stop = 0;
        continue;
      }
      const hit = insideIntervals(a, b, area.polygon);
      if (hit.length > 0) stop = Math.min(stop, hit[0]![0]);
    }
    b = lerp(a, b, stop);
    segments.push([a, b]);
  };
  zone(0, length);
  if (optionOn(table, 'secondBounce')) zone(length * 1.5, length / 2);
  const hitAt = new Map<string, number>();
  for (const u of units) {
    if (u.id === shooter.id || !onTable(u)) continue;
    const corners = rectCorners(rectOf(u, table));
    for (const [a, b] of segments) {
      const spansIn = insideIntervals(a, b, corners);
      const touches = spansIn.length > 0 || segmentPolygonDistance(a, b, corners) === 0;
      if (!touches) continue;
      const along = spansIn.length > 0 ? dist(start, lerp(a, b, spansIn[0]![0])) : dist(start, a);
      hitAt.set(u.id, Math.min(hitAt.get(u.id) ?? Infinity, along));
    }
  }
  hitAt.set(target.id, -1);
  const victims = units.filter((u) => hitAt.has(u.id)).sort((p, q) => hitAt.get(p.id)! - hitAt.get(q.id)! || units.indexOf(p) - units.indexOf(q));
  return { length, victims };
}

/** Dense for solid shot: column, road column, square, retreating, or a line the ball strikes at 45° or more. */
function denseForBall(u: NeUnit, shotBearing: number): boolean {
  if (isDense(u) || u.status === 'retreat') return true;
  if (u.arm === 'artillery' || u.arm === 'train' || u.formation === 'skirmish') return false;
  const off = Math.abs(angleDiff(u.facing, shotBearing));
  const fromAxis = Math.min(off, 180 - off);
  return fromAxis >= 45 - 1e-9;
}

function damageModifiers(table: NeTable, v: NeUnit, withHowitzers: number): NeModifier[] {
  const t = table.terrain;
  const out: NeModifier[] = [];
  if (withHowitzers > 0) out.push(mod('howitzers', `${withHowitzers} howitzer${withHowitzers === 1 ? '' : 's'} firing shell`, 2 * withHowitzers));
  if (v.arm === 'artillery') out.push(v.formation === 'limbered' ? mod('target-limbered-artillery', 'limbered artillery', -2) : mod('target-unlimbered-artillery', 'unlimbered artillery', -4));
  if (v.formation === 'skirmish') out.push(mod('target-skirmishers', 'skirmish screen', -8));
  const c = centre(v);
  const corners = rectCorners(rectOf(v, table));
  if (woodsAt(t, c) || blockAt(t, c)) out.push(mod('in-woods-or-buildings', 'in woods or buildings', -4));
  else if ([...t.woods, ...t.blocks].some((a) => segmentPolygonDistance(corners[0], corners[1], a.polygon) === 0 || corners.some((p) => areaContains(a, p)))) {
    out.push(mod('edge-of-woods-or-buildings', 'at the edge of woods or buildings', -2));
  }
  return out;
}

function victimsOf(req: FireRequest, list: readonly NeUnit[], range: number, hitOn: number): Victim[] {
  const { table, shooter } = req;
  const shell = range >= HOWITZER_SHELL[0] - 1e-9 && range <= HOWITZER_SHELL[1] + 1e-9 ? shooter.howitzers : 0;
  const p = (7 - hitOn) / 6;
  const factor = req.rapid ? 2 : 1;
  return list.map((v, i) => {
    const damageModifiersList = damageModifiers(table, v, i === 0 ? shell : 0);
    const dense = denseForBall(v, bearing(centre(shooter), centre(v)));
    const base = shooter.guns + damageModifiersList.reduce((n, m) => n + m.value, 0);
    const damagePerHit = Math.max(0, base * (dense ? 2 : 1));
    return { unit: v.id, hitOn, damagePerHit, dense, damageModifiers: damageModifiersList, expected: (req.actions * p * damagePerHit * factor) / 6 };
  });
}

// ---- Resolving fire with dice ------------------------------------------------------------------------------------

export interface FireOutcome {
  /** Figures lost per unit (for a battery: crew hits), in the order rolled; units that lost nothing are left out. */
  casualties: { unit: string; figures: number }[];
  /** Ammunition 6s rolled (batteries only). */
  ammoSixes: number;
  outOfAmmo: boolean;
  /** Every die, in the order rolled. */
  rolls: number[];
}

/** Casualties for `damage` points: one per 6, and one more when a d6 rolls the remainder or less. */
export function damageToCasualties(damage: number, dice: DiceSource, rolls: number[]): number {
  const whole = Math.floor(damage / 6);
  const rest = damage % 6;
  if (rest === 0) return whole;
  const r = dice.d6();
  rolls.push(r);
  return whole + (r <= rest ? 1 : 0);
}

/**
 * Rolls a fire the situation allows. Small arms: one d6 on the table. Solid shot: `dice` d6 per victim in order;
 * howitzer shell goes to the first victim actually hit. Then a battery rolls one d6 per action (two with rapid fire)
 * for ammunition.
 */
export function resolveFire(req: FireRequest, situation: SmallArmsFire | SolidShotFire, dice: DiceSource): FireOutcome {
  const rolls: number[] = [];
  const casualties: { unit: string; figures: number }[] = [];
  const factor = situation.rapid ? 2 : 1;
  if (situation.kind === 'solid-shot') {
    const byId = new Map(req.units.map((u) => [u.id, u]));
    let shellUsed = false;
    const shell = situation.victims[0]?.damageModifiers.find((m) => m.id === 'howitzers')?.value ?? 0;
    for (const v of situation.victims) {
      let hits = 0;
      for (let i = 0; i < situation.dice; i++) {
        const r = dice.d6();
        rolls.push(r);
        if (r >= v.hitOn) hits++;
      }
      if (hits === 0) continue;
      let perHit = v.damagePerHit;
      const baseShell = v.damageModifiers.find((m) => m.id === 'howitzers')?.value ?? 0;
      if (!shellUsed && shell > 0) {
        // The shell bonus belongs to the first unit hit; recompute it there when the aimed target was missed.
        if (baseShell === 0) perHit = Math.max(0, perHit + shell * (v.dense ? 2 : 1));
        shellUsed = true;
      } else if (baseShell > 0) perHit = Math.max(0, perHit - baseShell * (v.dense ? 2 : 1));
      const lost = damageToCasualties(hits * perHit, dice, rolls) * factor;
      if (lost > 0 && byId.has(v.unit)) casualties.push({ unit: v.unit, figures: lost });
    }
  } else {
    const r = dice.d6();
    rolls.push(r);
    const lost = situation.casualtiesByRoll[r - 1]!;
    if (lost > 0) casualties.push({ unit: req.target.id, figures: lost });
  }
  let ammoSixes = 0;
  if (req.shooter.arm === 'artillery') {
    for (let i = 0; i < situation.actions * factor; i++) {
      const r = dice.d6();
      rolls.push(r);
      if (r === 6) ammoSixes++;
    }
  }
  return { casualties, ammoSixes, outOfAmmo: req.shooter.arm === 'artillery' && req.shooter.ammo + ammoSixes >= ammoLimit(req.shooter), rolls };
}
