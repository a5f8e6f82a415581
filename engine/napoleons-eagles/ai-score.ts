// How much the AI likes one action of one unit, in rough "enemy figures" so fire, charges and manoeuvre compare on
// one scale: fire by its expected casualties (fire.ts), charges by their odds and both sides' morale (melee.ts),
// formations by the threats about the unit, moves by the ground gained towards the unit's goal, less what the new
// place risks (cavalry in reach, leaving the commander's radius, leaving an objective the side holds).
import { angleDiff, bearing, dist, inFrontArc, type Rect } from './geometry.js';
import { rectOf } from './footprint.js';
import type { Point } from '../../domain/model.js';
import { activationLeft } from './ai-flow.js';
import { routeAhead, routeProgress } from './ai-path.js';
import { mustAttack } from './ai-plan.js';
import { detourOpens, OPENED_SHARE } from './ai-detour.js';
import { CHARGE_STRAIGHT, chargeFacing, faceReach, turned } from './ai-face.js';
import { optionOn } from './types.js';
import { canCharge, cavalryThreat, centre, chargeThreat, commanderOf, enemies, gap, goalOf, holdingObjective, hurt, objectiveAt } from './ai-threats.js';
import { keptExpectedFire } from './ai-fire-memo.js';
import { once, READ } from './ai-situations.js';
import { moveAllowance, rectAt } from './movement.js';
import type { Action } from './game.js';
import { assaultSituation } from './melee.js';
import { chargeDistance } from './tables.js';
import { sideIndex, unitById, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** Value of knocking a unit out of the fight (a rout or a retreat), in figures. */
const BREAK_VALUE = 8;
/** What a failed or lost charge costs the charger (a retreat, fatigue, casualties). */
const FAIL_COST = 6;
/** Inches of progress worth one figure. */
const INCHES_PER_POINT = 4;
/** How much more ground towards the goal is worth to a side that would lose if the game ended now (ai-plan.ts). */
const ATTACK_PUSH = 2;

/** What a casualty on a unit standing in an objective the shooter's side needs and must take is worth more. */
const HOLDER_WEIGHT = 1;

/** How much a casualty on `t` is worth: more on units near breaking, on the nearer and on those holding objectives. */
export function targetWeight(s: NeGameState, shooter: NeUnit, t: NeUnit): number {
  return once(s, READ.weight, shooter, t, () => weightNow(s, shooter, t));
}

function weightNow(s: NeGameState, shooter: NeUnit, t: NeUnit): number {
  let w = 1 + 1.5 * hurt(t);
  if (s.flow[t.id]?.morale) w += 0.3;
  if (t.fatigue > 0) w += 0.1 * t.fatigue;
  const d = gap(s, shooter, t);
  w += Math.max(0, 0.5 - d / 24);
  const k = objectiveAt(s, centre(t));
  // The last defenders of an objective the side needs keep it from winning: a casualty on them brings the morale
  // check that may clear it (a holder in a building block is nearly proof against a charge, notes §14).
  if (k >= 0) w += s.control[k] !== sideIndex(shooter.side) && mustAttack(s, shooter.side) ? HOLDER_WEIGHT : 0.3;
  if (t.arm === 'cavalry' && canCharge(s, t, shooter)) w += 0.4;
  return w;
}

/** Expected casualties of a fire, from the combat model; null when the model refuses it. */
export function expectedFire(s: NeGameState, u: NeUnit, t: NeUnit, actions: 1 | 2): number | null {
  return once(s, actions === 1 ? READ.fire1 : READ.fire2, u, t, () => expectedFireNow(s, u, t, actions));
}

function expectedFireNow(s: NeGameState, u: NeUnit, t: NeUnit, actions: 1 | 2): number | null {
  return keptExpectedFire(s, u, t, actions);
}

export function fireScore(s: NeGameState, u: NeUnit, t: NeUnit, actions: 1 | 2): number {
  const e = expectedFire(s, u, t, actions) ?? 0.2 * actions;
  let v = e * targetWeight(s, u, t);
  // One action kept back is worth a defence when something could charge; otherwise the second volley wins.
  if (actions === 1) v += chargeThreat(s, u).length > 0 ? 0.8 : 0;
  // A battery that fires twice at cavalry in reach has nothing left to answer its charge with (a stand marker).
  return v;
}

/** The charge's worth: both morale checks, the melee odds or the ride-down, the prize and the price. */
export function chargeScore(s: NeGameState, u: NeUnit, t: NeUnit): number {
  return once(s, READ.charge, u, t, () => chargeScoreNow(s, u, t));
}

function chargeScoreNow(s: NeGameState, u: NeUnit, t: NeUnit): number {
  const a = assaultSituation({ table: s.table, units: s.units, leaders: s.leaders, attacker: u, defender: t });
  if (!a.allowed) return -5;
  const pClose = a.attacker.morale.pass;
  const pStand = a.defender.morale.pass;
  let prize = BREAK_VALUE + t.figures * 0.2 + hurt(t) * 4;
  // Breaking a unit that keeps the side from an objective it needs is worth more to a side that must attack.
  const k = objectiveAt(s, centre(t));
  if (k >= 0 && s.control[k] !== sideIndex(u.side) && mustAttack(s, u.side)) prize += 4;
  // A defender with an action in hand may form square or face about unless the cavalry came from 10" or less.
  const tf = s.flow[t.id];
  const defence = !!tf && (tf.stand || (!tf.ended && !tf.started));
  let win: number;
  if (a.kind === 'cavalry-charge') {
    if (!a.rideDown) return -10;
    const late = a.distance <= 10;
    const squares = t.arm === 'infantry' && defence && !late ? 0.6 : 0;
    win = (1 - squares) * ((1 - pStand) * prize + pStand * (prize * 0.9)) - squares * FAIL_COST;
  } else {
    const o = a.odds;
    const lose = o.defender * FAIL_COST * 1.5;
    win = (1 - pStand) * prize + pStand * (o.attacker * prize - lose + o.again * 0);
  }
  return pClose * win - (1 - pClose) * FAIL_COST;
}

/** Formations: square against cavalry, line to fire, column to move; batteries unlimber to fire, limber to move. */
// The nearest enemy's edge distance per state and unit: every formation option of a unit asks it again, and a state
// handed to a player is never changed afterwards (applyAction works on a draft), so it holds for the whole decision.
const nearestGap = new WeakMap<NeGameState, Map<string, number>>();

function nearestEnemyGap(s: NeGameState, u: NeUnit, foes: readonly NeUnit[]): number {
  let byUnit = nearestGap.get(s);
  if (!byUnit) nearestGap.set(s, (byUnit = new Map<string, number>()));
  let near = byUnit.get(u.id);
  if (near === undefined) {
    near = foes.length ? Math.min(...foes.map((e) => gap(s, u, e))) : Infinity;
    byUnit.set(u.id, near);
  }
  return near;
}

export function formationScore(s: NeGameState, u: NeUnit, to: string): number {
  const foes = enemies(s, u);
  const near = nearestEnemyGap(s, u, foes);
  const cav = cavalryThreat(s, u);
  // A river on the route ahead is crossed only in column ('Terrain Effects on Movement'), and a narrow way (a
  // street, a gap between woods) takes a narrow front: form column before it and keep it until through.
  // Cavalry that could reach the unit only after a move of its own does not stop it: a line kept at the bank for
  // fear of it stood there all game (ne-01, the Prussians at the Lasne bridge with chasseurs 20" off).
  const closeCav = cav.some((e) => gap(s, u, e) <= chargeDistance(e));
  if ((u.arm === 'infantry' || u.arm === 'cavalry') && !closeCav && near > 4 && riverAhead(s, u)) {
    if (to === 'column') return u.formation === 'road-column' ? -1 : 4;
    return -3;
  }
  if (u.arm === 'infantry') {
    if (to === 'square') return cav.length > 0 ? 6 + cav.length : -5;
    if (u.formation === 'square') return cav.length > 0 ? -5 : to === 'line' && near <= 8 ? 3 : 2.5;
    if (cav.length > 0) return -2;
    if (to === 'line') return near <= 9 ? 2.5 : near <= 14 ? 1 : -1;
    if (to === 'column') return near > 14 ? 1.5 : -1;
    return -1;
  }
  if (u.arm === 'artillery') {
    // Unlimbering is worth it only for a target the guns would then have (in range, in arc, in sight): a battery
    // that unlimbered at an enemy it could not see limbered again at once, every period, and never fired.
    const inFront = foes.some((e) => gap(s, u, e) <= 40 && Math.abs(angleDiff(u.facing, bearing(centre(u), centre(e)))) <= 30);
    if (to === 'unlimbered') {
      if (!inFront) return near <= 30 ? 1 : -1;
      const limber = u.formation === 'unlimbered' ? u : { ...u, formation: 'unlimbered' as const };
      return foes.some((e) => (expectedFire(s, limber, e, 1) ?? 0) > 0.05) ? 3.5 : 0.1;
    }
    if (to === 'limbered') {
      const targets = foes.some((e) => (expectedFire(s, u, e, 1) ?? 0) > 0.05);
      return targets ? -3 : near > 20 ? 1.5 : 0.2;
    }
  }
  if (u.arm === 'cavalry') {
    if (to === 'column') return near > 20 ? 0.8 : -1;
    if (to === 'line') return near <= 20 ? 1.5 : -0.5;
  }
  return -1;
}

// A wheel in place is priced by the best blow (a charge or a one-action volley) it opens over the best the unit has
// now. The charge's odds do not turn on the facing, only whether it may be made: it runs straight ahead within
// 10°, so it counts for a facing that points at the target. The fire arc is the one thing a wheel changes for a
// volley that matters (the range from the front edge moves a little). So each close enemy is priced once per state,
// the volley as from a facing straight at it and the charge likewise, and a facing then asks only which of them lie
// ahead of it and in its arc: a handful of angle and arc tests instead
// of a charge and a volley worked out for every enemy at every facing tried. Kept per state and unit object
// (ai-situations.ts), with the unit's place, so a test that moves a unit in place is not answered from before the move.
interface Blow {
  /** The rectangle of the enemy, for the arc test. */
  rect: Rect;
  /** A facing from which the rules take the charge (ai-face.ts), or null: a charge goes only straight ahead. */
  chargeAt: number | null;
  charge: number;
  /** The volley's worth when the enemy lies in the arc (0 when the unit may not fire at it even so). */
  volley: number;
}

function closeBlows(s: NeGameState, u: NeUnit): Blow[] {
  return once(s, READ.blows, u, null, () => closeBlowsNow(s, u));
}

function closeBlowsNow(s: NeGameState, u: NeUnit): Blow[] {
  const list: Blow[] = [];
  const fires = u.arm !== 'cavalry' || optionOn(s.table, 'carbines');
  const here = u.formation === 'square' ? null : rectOf(u, s.table);
  for (const e of enemies(s, u)) {
    if (gap(s, u, e) > faceReach(u)) continue;
    const rect = rectOf(e, s.table);
    // The charge as from where the unit stands (the same one its charge candidates price); the volley likewise when
    // the enemy is in the arc already, else as from a wheel straight at it.
    // Counted only when the rules would take it once the unit faces the target: priced by the odds alone, a charge
    // across a river or into a block's side drew ne-02's lancers round to enemies beyond the Dyle, period after period.
    const chargeAt = u.arm === 'infantry' || u.arm === 'cavalry' ? chargeFacing(s, u, e) : null;
    const charge = chargeAt !== null ? chargeScore(s, u, e) : 0;
    let volley = 0;
    if (fires && (here === null || inFrontArc(here, rect))) volley = (expectedFire(s, u, e, 1) ?? 0) * targetWeight(s, u, e);
    else if (fires) {
      const { state, unit } = turned(s, u, bearing(centre(u), centre(e)));
      const t = state.units.find((x) => x.id === e.id)!;
      volley = (expectedFire(state, unit, t, 1) ?? 0) * targetWeight(state, unit, t);
    }
    list.push({ rect, chargeAt, charge, volley });
  }
  return list;
}

/** The best charge or one-action volley the unit would have at a close enemy, facing `facing`. */
function blowFrom(s: NeGameState, u: NeUnit, facing: number): number {
  const list = closeBlows(s, u);
  if (list.length === 0) return 0;
  const me = u.formation === 'square' ? null : rectAt(s.table, u, centre(u), facing);
  let best = 0;
  for (const b of list) {
    // A charge runs straight ahead within 10° ('Passing Through Another Unit'): a charge at an enemy off the front
    // is opened by the wheel, not had already (priced as had, a wheel to charge gained nothing and was never made).
    if (b.chargeAt !== null && Math.abs(angleDiff(facing, b.chargeAt)) <= CHARGE_STRAIGHT) best = Math.max(best, b.charge);
    if (b.volley > best && (me === null || inFrontArc(me, b.rect))) best = b.volley;
  }
  return best;
}

/** Whether the unit's route to its goal crosses a river, or squeezes past ground it may not enter, within the next two actions' march. */
function riverAhead(s: NeGameState, u: NeUnit): boolean {
  const goal = goalOf(s, u);
  if (!goal) return false;
  const rate = moveAllowance(s.table, u, centre(u));
  const r = routeAhead(s.table, u, centre(u), goal, 2 * Math.max(rate, 2) + 2);
  return r.river || r.tight;
}

/** A move or force march: progress to the goal, less the risks where it ends. */
export function moveScore(s: NeGameState, u: NeUnit, to: Point, facing: number, force: boolean): number {
  const goal = goalOf(s, u);
  const from = centre(u);
  let v = 0;
  // Progress is measured along the route (ai-path.ts), in the inches of the ground where the unit stands, so a
  // step towards the bridge counts and a step into the brook's bank does not.
  const push = mustAttack(s, u.side) ? ATTACK_PUSH : 1;
  if (goal) v += (routeProgress(s, u, from, to, goal) / INCHES_PER_POINT) * push;
  // A sidestep round a unit in the way is worth part of the step it opens (ai-detour.ts).
  if (goal && dist(from, to) >= 0.1) v += ((OPENED_SHARE * detourOpens(s, u, to, facing)) / INCHES_PER_POINT) * push;
  // A wheel in place: worth the better blow it opens (ai-face.ts), or the turn towards the route.
  if (dist(from, to) < 0.1 && Math.abs(angleDiff(u.facing, facing)) > 1) {
    const gain = blowFrom(s, u, facing) - blowFrom(s, u, u.facing);
    if (gain > 0) v += 0.7 * gain;
  }
  if (goal && dist(from, to) < 0.1) {
    const next = routeAhead(s.table, u, from, goal, 4).to;
    const before = Math.abs(angleDiff(u.facing, bearing(from, next)));
    const after = Math.abs(angleDiff(facing, bearing(from, next)));
    v += (before - after) / 90;
  }
  // The danger where the move ends, over what the unit already stands in: staying put is no safer than turning.
  const moved = dist(from, to) >= 0.1;
  const cav = cavalryThreat(s, u, to).length;
  if (moved && cav > 0 && u.arm === 'infantry' && u.formation !== 'square' && cav > cavalryThreat(s, u).length) v -= 2 + cav;
  if (u.arm === 'artillery' && moved && chargeThreat(s, u, to).length > chargeThreat(s, u).length) v -= 2;
  const c = commanderOf(s, u);
  if (c) {
    const out = dist(to, c.at) - c.radius;
    if (out > 0 && out > dist(from, c.at) - c.radius) v -= 2 + out / 4;
  }
  if (holdingObjective(s, u) && objectiveAt(s, to) < 0) v -= 4;
  if (objectiveAt(s, to) >= 0 && s.control[objectiveAt(s, to)] !== sideIndex(u.side)) v += 1.5;
  if (force) v -= 1 + u.fatigue;
  // Columns and limbered guns should not walk into musket range of formed enemies.
  if (u.formation === 'limbered' || u.formation === 'road-column') {
    const close = enemies(s, u).some((e) => dist(to, centre(e)) < 10);
    if (close) v -= 2;
  }
  return v;
}

/**
 * The worth of keeping an action back as a stand marker: a defence when something could charge. Standing with both
 * actions unspent throws one away, so it is worth little unless the unit has nothing better (it holds its ground).
 */
export function standScore(s: NeGameState, u: NeUnit): number {
  const threats = chargeThreat(s, u).length;
  const hold = holdingObjective(s, u) ? 0.6 : 0;
  const fresh = activationLeft(s, u) >= 2;
  if (threats === 0) return 0.1 + hold;
  // A side that must take ground (ai-plan.ts) keeps a fresh unit's actions for going forward, not for waiting.
  const waiting = fresh && hold === 0 && mustAttack(s, u.side) ? 0.5 : 1;
  return (fresh ? 0.6 : 2 + 0.5 * threats) * waiting + hold;
}

export function restScore(s: NeGameState, u: NeUnit): number {
  if (u.status === 'retreat') return 5;
  if (u.disordered) return 3;
  const threatened = chargeThreat(s, u).length > 0;
  return threatened ? 0.3 * u.fatigue : 0.9 * u.fatigue;
}

/** One action of the active unit, scored. */
export function actionScore(s: NeGameState, a: Action): number {
  if (!('unit' in a)) return 0;
  const u = unitById(s, a.unit);
  if (!u) return -Infinity;
  switch (a.type) {
    case 'fire': {
      const t = unitById(s, a.target);
      return t ? fireScore(s, u, t, a.actions) : -1;
    }
    case 'charge': {
      const t = unitById(s, a.target);
      return t ? chargeScore(s, u, t) : -1;
    }
    case 'formation':
      return formationScore(s, u, a.formation);
    case 'move':
    case 'force-march':
      return moveScore(s, u, a.to, a.facing, a.type === 'force-march');
    case 'stand':
      return standScore(s, u);
    case 'rest':
      return restScore(s, u);
    case 'done':
      return activationLeft(s, u) > 0 ? 0 : 0.05;
    case 'retreat':
      return -20;
    default:
      return 0;
  }
}
