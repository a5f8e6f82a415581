// The AI's picture of one position: what a unit standing in a given box, facing and formation is worth to its side
// (the fire it would give, the fire and assaults it would draw, the ground it stands on, how near the goals).
import { IMPASSABLE, T_FORT, T_TOWN, isCut, step, type Facing } from './board.js';
import {
  assaultAttackerDice,
  assaultDefenderDice,
  assaultHitOn,
  fireDiceCount,
  fireHitOn,
  WITHDRAW_HITS as RULES_WITHDRAW_HITS,
  mainRange,
  retreatHits,
  skirmishRange,
} from './combat.js';
import { ctxOf, hasLineOfSight, type Ctx } from './geometry.js';
import { baseMove, mayAssault } from './movement.js';
import { arcTables, boxDistances, walkDistances, nextSteps, roughFacings } from './ai-fields.js';
import { meleeOdds, p, withdrawChance } from './ai-odds.js';
import { poseTables, type AiMemo, type UnitFire } from './ai-memo.js';
import { kindOf, stakes, strategyFor, type Kind, type Strategy } from './ai-strategy.js';
import {
  DID_MOVE,
  MOVED,
  DID_BOMBARD,
  cloneUnit,
  DID_MARCH,
  isCavalry,
  isGuns,
  isSpent,
  onTable,
  unusedOrders,
  type Action,
  type Formation,
  type GameState,
  type SideIndex,
  type UnitState,
} from './types.js';

/** The rules' 3 hits of a withdrawal (4.ii.g), bound here because exposure() reads it for every enemy of every pose
 * weighed, and V8 folds a module's own constant into its code but not an imported one. */
const WITHDRAW_HITS = RULES_WITHDRAW_HITS;

/**
 * Destroying a unit scores its VP for the enemy, but its hits are already counted at about that much (hitValue), so
 * only half of it is added on top: enough to prefer finishing a unit off, without counting its VP twice.
 */
export const DESTROYED_VP_SHARE = 0.5;

/** Fire likely to score the 3 hits of a withdrawal (4.ii.g) pushes the target back as well; it is worth more than its hits. */
export const HEAVY_FIRE = 1.3;

/** Expected hits from which a shot counts as heavy fire: with 2 on average, 3 or more come often. */
const HEAVY_FIRE_HITS = 2;

/** VP per box nearer the goals: from the minimum to the minimum plus the range as aggression goes from 0 to 1. */
const PULL_MIN = 0.8;
const PULL_RANGE = 2.2;

/**
 * An attack goes in together: troops count as ready within this many boxes of the goals with at most half their hits
 * taken, defenders within DEFENDER_REACH, and the side is massed with at least MASSED_READY ready and no fewer than
 * the defenders.
 */
const READY_DISTANCE = 3.5;
const DEFENDER_REACH = 2;
const MASSED_READY = 2;

/** The share of the expected losses an attacker shrugs off at full aggression: more once massed or out of time. */
const CAUTION_DROP_MASSED = 0.6;
const CAUTION_DROP_ALONE = 0.3;

/** Aggression at which the side goes in whether massed or not. */
const ALL_IN_AGGRESSION = 0.9;

/** A worn unit is still pulled this share of the way at its last hit, rising with its health to all of it. */
const WORN_PULL = 0.25;

/** Guns are no use on an objective and a poor holder of it: this share of the goals' pull keeps them at range. */
const GUNS_PULL = 0.1;

/** Aggression above which the side keeps together and does not block its own way (crowding). */
const CROWDING_AGGRESSION = 0.3;

/** VP per friend near the box (at most CROWD_CAP count), times the aggression: support for an attack. */
const SUPPORT_PER_FRIEND = 0.5;

/** Boxes of pull lost per friend whose next step is the box (at most CROWD_CAP count): a unit in a gap stops the attack. */
const BLOCKING_PER_FRIEND = 0.6;
const CROWD_CAP = 2;

/** The share of next turn's fire counted for guns that cannot fire this turn: they will, if they get there. */
const LATER_FIRE_SHARE = 0.5;

/** Troops in a town or works are in cover from fire and assault beyond what the threat counts (Lights are as good
 * as in cover anywhere, so they gain nothing). */
const TOWN_BONUS = 1;

/** Guns within reach of an enemy that may assault them are lost if it does: a heavy price per such enemy. */
const GUNS_IN_REACH = 4;

/** Enemy skirmishers' expected hits: one die on 4+ is half a hit, but they must shoot the nearest target in their
 * front arc first, which is often another unit. */
const SKIRMISH_THREAT = 0.3;

/** An enemy holding an order under Defend! may shoot as the unit arrives, then again in the Fire phase. */
const DEFEND_FIRE_AGAIN = 1.8;

/**
 * The fire of every enemy able to shoot at the box is added up as if all of it came at this unit; each firer has
 * other targets too, so this share of it is counted (and of the chance 3 hits of one fire break a unit whose way
 * back is blocked).
 */
const FIRE_THREAT_SHARE = 0.6;

/** Expected losses within this many hits of what a unit has left make it likely lost. */
export const DOOMED_MARGIN = 0.5;

/** A likely lost unit costs this share of its VP on top of its hits: a little under DESTROYED_VP_SHARE, as it is not certain. */
const DOOMED_VP_SHARE = 0.4;

/** A charge costs the enemy this share of the hits the unit gives back: an exchange it would not always seek. */
const CHARGE_EXCHANGE = 0.7;

/**
 * How likely an enemy is to assault before the unit can move again (see Evaluator.assaultChance): in an Orders phase,
 * in the side's own Actions phase with the enemy holding no order (it must act first next turn), and in the
 * reacting half (the enemy already has the Initiative and keeps it 26 times in 36). The last two were tuned round the
 * dice's 10 and 26 in 36 by playing the AI against itself.
 */
const ASSAULT_CHANCE_ORDERS = 0.8;
const ASSAULT_CHANCE_NEXT_TURN = 0.4;
const ASSAULT_CHANCE_REACTING = 0.6;

/** How far a unit can reach with an assault this turn: its move to the box touching the target, and the target beyond. */
export const chargeReach = (u: UnitState): number => baseMove(u) + 1;

/** What one hit on a unit is worth: its VP spread over its SP, more as it nears removal. */
export function hitValue(u: UnitState): number {
  const base = u.vp / Math.max(1, u.sp);
  return base * (1 + u.hits / Math.max(1, u.sp));
}

export interface Pose {
  cell: number;
  facing: Facing;
  formation: Formation | null;
}

/** How the unit would fire after the action: ordinary fire, skirmishers only, or not at all. */
export type FireAbility = 'fire' | 'skirmish' | 'none';
const ABILITY_INDEX: Record<FireAbility, number> = { fire: 0, skirmish: 1, none: 2 };
const FORMATION_INDEX = (f: Formation | null): number => (f === 'column' ? 1 : f === 'square' ? 2 : 0);

/** Keys per box of value()'s cache (4 facings, 3 formations, 3 abilities, the extra die or not) and of brokenKey. */
const VALUE_KEYS_PER_BOX = 4 * 3 * 3 * 2;
const BROKEN_KEYS_PER_BOX = 4 * 3 * 2;
const brokenKey = (pose: Pose, holding: boolean): number => ((pose.cell * 4 + pose.facing / 90) * 3 + FORMATION_INDEX(pose.formation)) * 2 + (holding ? 1 : 0);

const FIRE_NONE = 1;
const FIRE_MAIN = 2;
const FIRE_SKIRMISH = 3;

export class Evaluator {
  readonly ctx: Ctx;
  readonly side: SideIndex;
  readonly enemies: number[];
  readonly plan: Strategy;
  /** VP per box nearer the goals: the harder the side must attack, the harder they pull. */
  readonly pull: number;
  /** How much of the expected loss to enemy fire and assaults is counted: an attacker must accept some. */
  readonly caution: number;
  /** The side's own units that can fight, for keeping an attack together. */
  private readonly friends: number[];
  /**
   * Per enemy k and box, lazily, in the process's shared tables under this Evaluator's stamps (ai-memo.ts
   * UnitKeyTable; arrays of their own, past V8's on-heap size, cost an outside allocation each): how enemy k could
   * fire into the box next Fire phase (FIRE_NONE, FIRE_MAIN, FIRE_SKIRMISH), and whether it sees the box (1 no, 2
   * yes; line of sight is symmetric).
   */
  private readonly fireStamp: number;
  private readonly sightStamp: number;
  /** Per unit, a reused copy to pose (see posed). */
  private readonly scratch: (UnitState | undefined)[] = [];
  /** What a hit on each unit is worth now (see hitValue), with its side's stake. */
  readonly worth: number[];
  /** Walking distances between boxes (see walkDistances), and the number of boxes. */
  private readonly walk: Float32Array;
  readonly cells: number;
  /** boxDistance between every two boxes, at `i * cells + j` (see boxDistances). */
  readonly apart: Float32Array;
  /** Per side, the factor on its units' worth from the enemy's destroy condition (see stakes). */
  readonly stake: [number, number];
  /**
   * Per unit, values already worked out, by pose (valueKey); threat() and the chance of being broken by a retreat
   * (exposure's `broken`), by pose and holding (brokenKey): the shared tables, under this Evaluator's stamps.
   */
  private readonly valueStamp: number;
  /** value()'s answers before the threat is taken off (see valueBound), by the same key. */
  private readonly partialStamp: number;
  private readonly threatStamp: number;
  private readonly brokenStamp: number;
  /**
   * Per enemy k, what exposure() asks of it for every pose weighed, which nothing in a pose changes (worked out once
   * here, not again for each of the 1,300 poses a game): its fire's hit number and the chance a die hits, the share
   * of a second shot under Defend!, how far it reaches with an assault (-1: it may not assault), how likely it is to,
   * and its assault hit number.
   */
  private readonly enemyFireHitOn: number[] = [];
  private readonly enemyFireP: number[] = [];
  private readonly enemyAgain: number[] = [];
  private readonly enemyReach: number[] = [];
  private readonly enemyChance: number[] = [];
  private readonly enemyAssaultHitOn: number[] = [];
  /**
   * Per unit, what fireValue() and fireKind() ask of it for every pose and enemy (fixed by its type and traits): its
   * main and skirmish ranges, the chance one die of each hits, and whether it is horse (which does not fire).
   */
  private readonly mainRange: readonly number[];
  private readonly skirmishRange: readonly number[];
  private readonly fireP: readonly number[];
  private readonly skirmishP: readonly number[];
  private readonly cavalry: readonly boolean[];
  /** The board's arcs and contact boxes (see arcTables). */
  private readonly front: Uint8Array;
  private readonly contact: Int16Array | Int32Array;
  /** This Evaluator's number among its memo's (see sensibleFacings). */
  private readonly serial: number;

  constructor(readonly s: GameState, readonly memo: AiMemo) {
    this.ctx = ctxOf(s);
    this.side = s.pending.side;
    this.enemies = [];
    s.units.forEach((u, i) => {
      if (u.side !== this.side && onTable(u) && !isSpent(u)) this.enemies.push(i);
    });
    this.friends = [];
    s.units.forEach((u, i) => {
      if (u.side === this.side && onTable(u) && !isSpent(u) && !isGuns(u)) this.friends.push(i);
    });
    this.plan = strategyFor(memo, s, this.side, this.enemies);
    const a = this.plan.aggression;
    this.pull = PULL_MIN + PULL_RANGE * a;
    // An attack goes in when there are enough troops near the goal to carry it, not one unit at a time: until then
    // the side keeps more of its caution and gathers just outside the enemy's reach. Time running out overrides it.
    let ready = 0;
    for (const fi of this.friends) {
      const f = s.units[fi]!;
      if (f.hits * 2 <= f.sp && this.plan.dist[kindOf(f)][f.cell]! <= READY_DISTANCE) ready++;
    }
    let defenders = 0;
    for (const ei of this.enemies) {
      const e = s.units[ei]!;
      if (!isGuns(e) && this.plan.dist[kindOf(e)][e.cell]! <= DEFENDER_REACH) defenders++;
    }
    const massed = ready >= MASSED_READY && ready >= defenders;
    this.caution = 1 - (massed || a >= ALL_IN_AGGRESSION ? CAUTION_DROP_MASSED : CAUTION_DROP_ALONE) * a;
    const n = s.board.cols * s.board.rows;
    memo.stampsFor(n);
    this.serial = ++memo.evaluators;
    this.stake = stakes(s);
    this.walk = walkDistances(s.board);
    this.apart = boxDistances(s.board);
    const arcs = arcTables(s.board);
    this.front = arcs.front;
    this.contact = arcs.contact;
    this.cells = n;
    this.worth = [];
    for (let i = 0; i < s.units.length; i++) this.worth.push(hitValue(s.units[i]!) * this.stake[s.units[i]!.side]);
    this.fireStamp = poseTables.enemyFire.begin(this.enemies.length, n);
    this.sightStamp = poseTables.sight.begin(this.enemies.length, n);
    this.valueStamp = poseTables.values.begin(s.units.length, n * VALUE_KEYS_PER_BOX);
    this.partialStamp = poseTables.partials.begin(s.units.length, n * VALUE_KEYS_PER_BOX);
    this.threatStamp = poseTables.threats.begin(s.units.length, n * BROKEN_KEYS_PER_BOX);
    this.brokenStamp = poseTables.broken.begin(s.units.length, n * BROKEN_KEYS_PER_BOX);
    const fixed = unitFireOf(memo, s.units);
    this.mainRange = fixed.mainRange;
    this.skirmishRange = fixed.skirmishRange;
    this.fireP = fixed.fireP;
    this.skirmishP = fixed.skirmishP;
    this.cavalry = fixed.cavalry;
    const defend = s.board.options.defend && s.phase === 'actions';
    for (const ei of this.enemies) {
      const e = s.units[ei]!;
      const hitOn = fireHitOn(e, 'fire');
      this.enemyFireHitOn.push(hitOn);
      this.enemyFireP.push(p(hitOn));
      this.enemyAgain.push(defend && unusedOrders(e) > 0 ? DEFEND_FIRE_AGAIN : 1);
      this.enemyReach.push(mayAssault(e) ? chargeReach(e) : -1);
      this.enemyChance.push(this.assaultChance(e));
      this.enemyAssaultHitOn.push(assaultHitOn(e));
    }
  }

  /**
   * Per box, how many of the side's fighting units stand within 1.5 boxes of it, and how many would step into it
   * next on their way to the goals (all of them: the unit being valued takes itself off).
   */
  private crowd: { near: Uint8Array; blocking: Uint8Array } | null = null;
  crowding(): { near: Uint8Array; blocking: Uint8Array } {
    if (this.crowd) return this.crowd;
    const b = this.s.board;
    const n = b.cols * b.rows;
    const near = new Uint8Array(n);
    const blocking = new Uint8Array(n);
    for (const fi of this.friends) {
      const f = this.s.units[fi]!;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const c = step(b, f.cell, dc, dr);
          if (c >= 0) near[c]!++;
        }
      }
      const to = this.nextStep(kindOf(f))[f.cell]!;
      if (to >= 0) blocking[to]!++;
    }
    return (this.crowd = { near, blocking });
  }

  /** For troops of `kind`, per box the neighbouring box one step nearer their goals, or -1. */
  nextStep(kind: Kind): number[] {
    return (this.plan.next[kind] ??= nextSteps(this.s.board, this.plan.dist[kind]));
  }

  private seen(k: number, cell: number): boolean {
    let v = poseTables.sight.get(this.sightStamp, k, cell);
    if (Number.isNaN(v)) poseTables.sight.set(this.sightStamp, k, cell, (v = hasLineOfSight(this.ctx, this.s.units[this.enemies[k]!]!.cell, cell) ? 2 : 1));
    return v === 2;
  }

  /**
   * For troops of `kind` in box `cell`, the facings (a bit each) towards the nearest enemy (the first of the nearest)
   * and towards the goals: with a unit's own facing, the only ones bestForUnit weighs a move in. The same for every unit
   * of the kind, so worked out once per Evaluator and box.
   */
  sensibleFacings(kind: Kind, cell: number): number {
    const memo = this.memo;
    const i = kind * this.cells + cell;
    if (memo.sensibleStamp[i] === this.serial) return memo.sensibleMask[i]!;
    const s = this.s;
    let mask = 0;
    let nearest = -1;
    let nd = Infinity;
    for (const ei of this.enemies) {
      const d = this.apart[cell * this.cells + s.units[ei]!.cell]!;
      if (d < nd) {
        nd = d;
        nearest = s.units[ei]!.cell;
      }
    }
    const rough = roughFacings(s.board);
    if (nearest >= 0) mask |= 1 << rough[cell * this.cells + nearest]!;
    const towards = this.nextStep(kind)[cell]!;
    if (towards >= 0) mask |= 1 << rough[cell * this.cells + towards]!;
    memo.sensibleMask[i] = mask;
    memo.sensibleStamp[i] = this.serial;
    return mask;
  }

  /** The unit as it would stand at `pose`; one reused object per unit, so nothing is allocated per look. */
  posed(ui: number, pose: Pose): UnitState {
    let x = this.scratch[ui];
    // cloneUnit, not a spread: a spread's copy has a map of its own, and every site reading units would see two.
    if (!x) this.scratch[ui] = x = cloneUnit(this.s.units[ui]!);
    x.cell = pose.cell;
    x.facing = pose.facing;
    x.formation = pose.formation;
    return x;
  }

  private fireKind(k: number, cell: number): number {
    let v = poseTables.enemyFire.get(this.fireStamp, k, cell);
    if (!Number.isNaN(v)) return v;
    const ei = this.enemies[k]!;
    const e = this.s.units[ei]!;
    const d = this.apart[e.cell * this.cells + cell]!;
    v = FIRE_NONE;
    const main = this.mainRange[ei]!;
    const skirmish = this.skirmishRange[ei]!;
    if (!this.cavalry[ei] && d <= Math.max(main, skirmish) && this.seen(k, cell)) {
      if (d <= main && (e.formation === 'square' || ((this.front[e.cell * this.cells + cell]! >> (e.facing / 90)) & 1) !== 0)) v = FIRE_MAIN;
      else if (d <= skirmish) v = FIRE_SKIRMISH;
    }
    poseTables.enemyFire.set(this.fireStamp, k, cell, v);
    return v;
  }

  /** The expected hits of the shot fireValue last valued (0 when it found none): what tells a shot worth taking. */
  shotHits = 0;

  /**
   * Expected value of this unit's fire in the coming Fire phase from `pose`, at the targets the priority rule lets
   * it choose (4.ii.b, 4.i): for its ordinary fire the nearest enemies in its arc, even a shot of no dice; for its
   * skirmishers those in its front arc before any other, nearest first. The best of those is what it fires at.
   */
  fireValue(ui: number, pose: Pose, ability: FireAbility, extraDie: boolean): number {
    this.shotHits = 0;
    if (ability === 'none' || this.cavalry[ui]) return 0;
    const { s } = this;
    const b = s.board;
    const me = this.posed(ui, pose);
    // inFireArc(b, me, cell), from the board's table.
    const square = me.formation === 'square';
    const arc = 1 << (me.facing / 90);
    const fronts = this.front;
    const row = pose.cell * this.cells;
    if (ability === 'fire') {
      const range = this.mainRange[ui]!;
      const hitP = this.fireP[ui]!;
      let near = Infinity;
      let best = 0;
      let bestHits = 0;
      for (let k = 0; k < this.enemies.length; k++) {
        const e = s.units[this.enemies[k]!]!;
        const d = this.apart[pose.cell * this.cells + e.cell]!;
        if (d > range || d > near || !(square || (fronts[row + e.cell]! & arc) !== 0)) continue;
        if (!this.seen(k, pose.cell)) continue;
        if (d < near) {
          near = d;
          best = 0;
          bestHits = 0;
        }
        const hits = fireDiceCount(b, me, e, d, extraDie) * hitP;
        const v = hits * this.worth[this.enemies[k]!]! * (hits >= HEAVY_FIRE_HITS ? HEAVY_FIRE : 1);
        if (v > best) {
          best = v;
          bestHits = hits;
        }
      }
      if (near < Infinity) {
        this.shotHits = bestHits;
        return best;
      }
    }
    const range = this.skirmishRange[ui]!;
    const hitP = this.skirmishP[ui]!;
    // Per arc (0 front, 1 any other), the nearest distance seen and the best target at it.
    let frontNear = Infinity;
    let frontBest = 0;
    let otherNear = Infinity;
    let otherBest = 0;
    for (let k = 0; k < this.enemies.length; k++) {
      const e = s.units[this.enemies[k]!]!;
      const d = this.apart[pose.cell * this.cells + e.cell]!;
      if (d > range) continue;
      const front = square || (fronts[row + e.cell]! & arc) !== 0;
      if (d > (front ? frontNear : otherNear) || !this.seen(k, pose.cell)) continue;
      const v = hitP * this.worth[this.enemies[k]!]!;
      if (front) {
        if (d < frontNear) frontBest = 0;
        frontNear = d;
        if (v > frontBest) frontBest = v;
      } else {
        if (d < otherNear) otherBest = 0;
        otherNear = d;
        if (v > otherBest) otherBest = v;
      }
    }
    if (frontNear < Infinity) {
      this.shotHits = hitP;
      return frontBest;
    }
    if (otherNear < Infinity) this.shotHits = hitP;
    return otherBest;
  }

  /**
   * Expected loss from enemy fire and assaults next, in VP: the hits, and the unit itself when they may well destroy
   * it. (The chance a retreat destroys it is left in `exposed.broken` for the actions' own rule: counted here as well,
   * it made units shun every box near the table edge or a river and lost more games than it saved units.)
   */
  threat(ui: number, pose: Pose, holding = false): number {
    const key = brokenKey(pose, holding);
    const known = poseTables.threats.get(this.threatStamp, ui, key);
    if (!Number.isNaN(known)) return known;
    this.exposure(ui, pose, holding);
    const u = this.s.units[ui]!;
    const { fire, melee } = this.exposed;
    // A unit that may well be destroyed loses the enemy its VP as well as the hits.
    // A unit cannot lose more than it has left; what it would lose beyond that is its VP, as a removed unit.
    const left = u.sp - u.hits;
    const doom = fire + melee >= left - DOOMED_MARGIN ? u.vp * DOOMED_VP_SHARE * this.stake[u.side] : 0;
    const t = Math.min(left, fire * FIRE_THREAT_SHARE + melee) * this.worth[ui]! + doom;
    poseTables.threats.set(this.threatStamp, ui, key, t);
    poseTables.broken.set(this.brokenStamp, ui, key, this.exposed.broken);
    return t;
  }

  /**
   * How likely enemy `e` is to assault before the side can move its unit again. In the side's own Actions phase with
   * the enemy still to act, that is this turn if `e` holds an order. Otherwise it is next turn, and not at all after
   * the last: `e` must then be ordered and act first, or the unit get no order to get away. The enemy acts first next
   * turn 26 times in 36 when it already has the Initiative (the side must beat it by 2 on the dice to take it), 10
   * in 36 when the side has it.
   */
  private assaultChance(e: UnitState): number {
    const s = this.s;
    const last = s.turn >= s.meta.limit;
    if (s.phase === 'orders') return ASSAULT_CHANCE_ORDERS;
    if (s.half === 0) return unusedOrders(e) > 0 ? 1 : last ? 0 : ASSAULT_CHANCE_NEXT_TURN;
    return last ? 0 : ASSAULT_CHANCE_REACTING;
  }

  /**
   * What enemy fire and the worst enemy assault could cost the unit at `pose` next, left in `exposed`: `fire` and
   * `melee` in hits, and `broken`, the chance it is destroyed by a retreat (a lost assault, or 3 hits of fire, sending
   * it back off the table or into ground it cannot enter: 3.iv Assault, 4.ii.g). `holding`: it keeps its order, a die
   * for its defence.
   */
  readonly exposed = { fire: 0, melee: 0, broken: 0 };
  exposure(ui: number, pose: Pose, holding = false): void {
    const { s, ctx } = this;
    const b = s.board;
    const u = s.units[ui]!;
    const me = this.posed(ui, pose);
    let fire = 0;
    let melee = 0;
    let broken = 0;
    let brokenByFire = 0;
    const contactRow = (pose.cell * 4 + pose.facing / 90) * this.cells;
    const defendOn = assaultHitOn(u);
    for (let k = 0; k < this.enemies.length; k++) {
      const e = s.units[this.enemies[k]!]!;
      const d = this.apart[e.cell * this.cells + pose.cell]!;
      const kind = this.fireKind(k, pose.cell);
      if (kind === FIRE_MAIN) {
        // Under Defend! an enemy holding an order may shoot as soon as the unit gets there, then again in the Fire
        // phase (enemyAgain).
        const dice = fireDiceCount(b, e, me, d, false);
        fire += dice * this.enemyFireP[k]! * this.enemyAgain[k]!;
        if (dice >= WITHDRAW_HITS) {
          // Three hits of one fire make the unit withdraw a box straight back from the firer (4.ii.g).
          const three = withdrawChance(this.memo, dice, this.enemyFireHitOn[k]!);
          if (three * FIRE_THREAT_SHARE > brokenByFire && retreatHits(ctx, u, pose.cell, e.cell, 1, ui) === Infinity) brokenByFire = three * FIRE_THREAT_SHARE;
        }
      } else if (kind === FIRE_SKIRMISH) fire += SKIRMISH_THREAT;
      const reach = this.enemyReach[k]!;
      if (d <= reach && this.walk[e.cell * this.cells + pose.cell]! <= reach) {
        const chance = this.enemyChance[k]!;
        if (chance === 0) continue;
        // The enemy would come at the side it already stands off, and the unit would fall back straight away from it.
        const contact = this.contact[contactRow + e.cell]!;
        if (contact < 0 || (b.flags[contact]! & IMPASSABLE) !== 0 || isCut(b, contact, pose.cell)) continue;
        const odds = meleeOdds(this.memo, assaultAttackerDice(b, e, me, contact), this.enemyAssaultHitOn[k]!, assaultDefenderDice(e, me, holding), defendOn);
        // Being charged costs the hits taken, less what the charge costs the enemy (an exchange it would not seek),
        // and on losing the retreat's hits, or the unit when the retreat breaks it.
        let m = Math.max(0, odds.attackerHits - CHARGE_EXCHANGE * odds.defenderHits);
        let lost = 0;
        const longest = odds.longest;
        if (longest > 0) {
          const retreats = this.memo.retreats;
          retreatHits(ctx, u, pose.cell, contact, longest, ui, retreats);
          for (let margin = 1; margin <= longest; margin++) {
            const pr = odds.winBy[margin]!;
            const hits = retreats[margin]!;
            if (hits === Infinity) lost += pr;
            else m += pr * hits;
          }
        }
        if (m * chance > melee) melee = m * chance;
        if (lost * chance > broken) broken = lost * chance;
      }
    }
    this.exposed.fire = fire;
    this.exposed.melee = melee;
    this.exposed.broken = Math.max(broken, brokenByFire);
  }

  /** The chance the unit at `pose` is destroyed by a retreat before it can move again (see exposure). */
  brokenAt(ui: number, pose: Pose, holding = false): number {
    const known = poseTables.broken.get(this.brokenStamp, ui, brokenKey(pose, holding));
    if (!Number.isNaN(known)) return known;
    this.threat(ui, pose, holding);
    return this.exposed.broken;
  }

  /**
   * value() or more: its answer when known, else everything in it but the threat, which only ever takes value off
   * (threat and caution are never negative, and adding or taking off the same numbers after it keeps the order of
   * two sums). A candidate whose bound is already no better than the best found needs no threat worked out: the
   * threat (enemy fire, assaults, retreats) is most of what a value costs.
   */
  valueBound(ui: number, pose: Pose, ability: FireAbility, extraDie = false): number {
    const key = (((pose.cell * 4 + pose.facing / 90) * 3 + FORMATION_INDEX(pose.formation)) * 3 + ABILITY_INDEX[ability]) * 2 + (extraDie ? 1 : 0);
    const hit = poseTables.values.get(this.valueStamp, ui, key);
    if (!Number.isNaN(hit)) return hit;
    return this.valueTail(ui, pose, this.valueBeforeThreat(ui, pose, ability, extraDie, key));
  }

  /** Positional value of unit `ui` standing at `pose`, cached per pose. */
  value(ui: number, pose: Pose, ability: FireAbility, extraDie = false): number {
    const key = (((pose.cell * 4 + pose.facing / 90) * 3 + FORMATION_INDEX(pose.formation)) * 3 + ABILITY_INDEX[ability]) * 2 + (extraDie ? 1 : 0);
    const hit = poseTables.values.get(this.valueStamp, ui, key);
    if (!Number.isNaN(hit)) return hit;
    let v = this.valueBeforeThreat(ui, pose, ability, extraDie, key);
    v -= this.threat(ui, pose, extraDie) * this.caution;
    v = this.valueTail(ui, pose, v);
    poseTables.values.set(this.valueStamp, ui, key, v);
    return v;
  }

  /** value() up to the threat: the pull of the goals, the crowd, the fire it would give (cached by value's key). */
  private valueBeforeThreat(ui: number, pose: Pose, ability: FireAbility, extraDie: boolean, key: number): number {
    const known = poseTables.partials.get(this.partialStamp, ui, key);
    if (!Number.isNaN(known)) return known;
    const u = this.s.units[ui]!;
    // A worn unit is little use at the front: it is pulled less, and so falls back on rallying and holding.
    const health = (u.sp - u.hits) / Math.max(1, u.sp);
    const dist = this.plan.dist[kindOf(u)];
    let v = -dist[pose.cell]! * this.pull * (WORN_PULL + (1 - WORN_PULL) * health) + this.plan.bonus[pose.cell]!;
    // Guns are no use on an objective and a poor holder of it; keep them back at fighting range.
    if (isGuns(u)) v = v * GUNS_PULL;
    if (this.plan.aggression > CROWDING_AGGRESSION) {
      // An attack goes in together: a unit beside friends is supported and does not draw every enemy shot alone.
      // But a unit standing in the one box a friend behind it must pass through (a bridge, a gap) stops the attack.
      const crowd = this.crowding();
      const self = isGuns(u) ? 0 : this.apart[u.cell * this.cells + pose.cell]! <= 1.5 ? 1 : 0;
      const near = crowd.near[pose.cell]! - self;
      const blocking = crowd.blocking[pose.cell]! - (!isGuns(u) && this.nextStep(kindOf(u))[u.cell] === pose.cell ? 1 : 0);
      v += (isGuns(u) ? 0 : SUPPORT_PER_FRIEND * this.plan.aggression * Math.min(CROWD_CAP, near)) - BLOCKING_PER_FRIEND * this.pull * Math.min(CROWD_CAP, blocking);
      // A square cannot go forward without re-forming first: a turn lost to an attack.
      if (pose.formation === 'square') v -= this.pull * this.plan.aggression;
    }
    // Fire guns cannot give this turn (they moved, or have not bombarded) still counts in part: next turn they will.
    // Without this, guns never move up to a useful range, a move costing them this turn's fire. (Foot that marched
    // may not end next to the enemy, so for them the same look would find next to nothing.)
    const now = this.fireValue(ui, pose, ability, extraDie);
    const later = ability === 'fire' || !isGuns(u) ? now : this.fireValue(ui, pose, 'fire', false);
    v += later > now ? now + LATER_FIRE_SHARE * (later - now) : now;
    poseTables.partials.set(this.partialStamp, ui, key, v);
    return v;
  }

  /** value() after the threat: cover in a town or works, guns within the enemy's reach. */
  private valueTail(ui: number, pose: Pose, v: number): number {
    const u = this.s.units[ui]!;
    const b = this.s.board;
    if (u.type !== 'Lights' && (b.flags[pose.cell]! & (T_TOWN | T_FORT)) !== 0) v += TOWN_BONUS;
    if (isGuns(u)) {
      // Guns keep out of reach of enemy foot and horse.
      for (const ei of this.enemies) {
        const e = this.s.units[ei]!;
        if (mayAssault(e) && this.walk[e.cell * this.cells + pose.cell]! <= chargeReach(e)) v -= GUNS_IN_REACH;
      }
    }
    return v;
  }
}

/**
 * Per unit, what fireValue() and fireKind() ask of it (see Evaluator.mainRange), which hangs on its type and traits
 * alone: the memo keeps the last answer with the types and traits it was worked out for, so an Evaluator only checks
 * them (77 Evaluators a game, each asking for every unit).
 */
function unitFireOf(memo: AiMemo, units: readonly UnitState[]): UnitFire {
  const kept = memo.unitFire;
  if (kept && kept.types.length === units.length) {
    let same = true;
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (u.type !== kept.types[i] || u.traits !== kept.traits[i]) {
        same = false;
        break;
      }
    }
    if (same) return kept;
  }
  const f: UnitFire = { types: [], traits: [], mainRange: [], skirmishRange: [], fireP: [], skirmishP: [], cavalry: [] };
  for (const u of units) {
    f.types.push(u.type);
    f.traits.push(u.traits);
    f.mainRange.push(mainRange(u));
    f.skirmishRange.push(skirmishRange(u));
    f.fireP.push(p(fireHitOn(u, 'fire')));
    f.skirmishP.push(p(fireHitOn(u, 'skirmish')));
    f.cavalry.push(isCavalry(u));
  }
  return (memo.unitFire = f);
}

export function abilityAfter(s: GameState, u: UnitState, type: Action['type'] | null): FireAbility {
  if (isCavalry(u)) return 'none';
  if (type === 'march' || (u.did & DID_MARCH) !== 0) return 'none';
  if (!isGuns(u)) return 'fire';
  const bombarded = (u.did & DID_BOMBARD) !== 0 || type === 'bombard';
  const supplied = !s.board.options.resupplyGuns || u.supplied || bombarded;
  const moves = type === 'move' || type === 'maneuver' || (u.did & MOVED) !== 0;
  if (u.type === 'Horse Guns') {
    const manOk = type !== 'maneuver' || s.board.options.horseGuns;
    if (moves && !manOk) return s.board.options.limbers ? 'none' : 'skirmish';
    if (bombarded || (s.board.options.resupplyGuns && supplied) || type === 'move' || (u.did & DID_MOVE) !== 0) return 'fire';
    return 'skirmish';
  }
  if (moves) return s.board.options.limbers ? 'none' : 'skirmish';
  if (bombarded || (s.board.options.resupplyGuns && supplied)) return 'fire';
  return 'skirmish';
}
