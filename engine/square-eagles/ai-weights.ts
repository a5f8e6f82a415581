// The heuristic player's tuning weights, in one place. Values are in victory points (VP) unless said otherwise; a
// hit on a typical unit is worth about half a VP to one VP (hitValue: its VP spread over its SP). They were tuned by
// playing the AI against earlier versions of itself and against `random` on the bundled samples (docs/rules/
// square-eagles.md §8). A change to any of them changes games: the golden logs are then rewritten in a commit of its
// own.

// ---- Worth of hits and units -------------------------------------------------------------------------------------

/**
 * Destroying a unit scores its VP for the enemy, but its hits are already counted at about that much (hitValue), so
 * only half of it is added on top: enough to prefer finishing a unit off, without counting its VP twice.
 */
export const DESTROYED_VP_SHARE = 0.5;

/** Fire likely to score the 3 hits of a withdrawal (4.ii.g) pushes the target back as well; it is worth more than its hits. */
export const HEAVY_FIRE = 1.3;

/** Expected hits from which a shot counts as heavy fire: with 2 on average, 3 or more come often. */
export const HEAVY_FIRE_HITS = 2;

/** A hit rallied off is worth a little more than one inflicted: the unit keeps its dice and moves away from removal. */
export const RALLY_WORTH = 1.2;

// ---- Acting or holding the order ----------------------------------------------------------------------------------

/**
 * How much better than holding its order an action must look to be taken. Holding keeps a die for the unit's fire
 * or defence; a quarter of a VP stops units shuffling for gains smaller than the scoring's own error.
 */
export const ACTION_MARGIN = 0.25;

/** What moving, re-forming or assaulting costs beyond the order: friction, so a unit does not wander for tiny gains. */
export const ACTION_COST = 0.3;

/** The same for a unit that has moved already this turn: a veteran's second move rarely helps as much as a shot held. */
export const MOVE_AGAIN_COST = 0.5;

/** Guns bombarding: half a VP on top of the value of the fire it allows, so guns with a shot take it rather than hold. */
export const BOMBARD_BONUS = 0.5;

/** Expected hits that make a shot worth taking: one die hitting on 4+, or better. */
export const WORTH_A_SHOT = 0.5;

/** A box nearer the goals by this much (distances come in half boxes) presses on; less is rounding. */
export const PRESSING_STEP = 0.25;

/** A shot better by this much than the one it has where it stands presses on; less is not worth the move. */
export const PRESSING_FIRE = 0.1;

/** Leaving by the edge an `exit` condition names is worth more than anything else a unit could do there. */
export const EXIT_VALUE = 30;

/** The chance of being destroyed by a retreat that makes a box too dangerous to move into. */
export const LIKELY_BROKEN = 0.25;

/** A box no more than this much likelier to break the unit than where it stands is no reason to stay. */
export const BROKEN_SLACK = 0.05;

/** Winning an assault is worth this beyond its hits (the enemy driven back, the ground taken); losing it, as much against. */
export const ASSAULT_OUTCOME = 1;

/** No assault at odds the assaulter would refuse as the defender: it must be at least as likely to win as to lose. */
export const MIN_ASSAULT_WIN = 0.5;

// ---- What a side plays for (ai-strategy.ts) ----------------------------------------------------------------------

/**
 * A `destroy` condition makes the threatened side's units dearer as it nears the threshold: 1 + STAKE_PER_LOSS / the
 * units it can still lose, and STAKE_LAST_UNIT more when one more loss would lose the game.
 */
export const STAKE_PER_LOSS = 0.6;
export const STAKE_LAST_UNIT = 0.6;

/** How much an objective of a `hold` condition matters: more to the side that must hold it than to its enemy. */
export const HOLD_OWN_WEIGHT = 1.5;
export const HOLD_ENEMY_WEIGHT = 1.2;

/** A side winning as things stand keeps a little aggression: it still takes good trades. */
export const WINNING_AGGRESSION = 0.1;

/** Aggression grows with the turns gone from this floor to 1, so a side that must attack does so in time. */
export const AGGRESSION_FLOOR = 0.45;

/** Boxes a force covers a turn on its way to the goals, and turns it then needs to fight there. */
export const TRAVEL_PER_TURN = 2;
export const TURNS_TO_FIGHT = 2;

/** An objective's worth to stand on: its VP over this, capped, so a big objective does not pull every unit at once. */
export const OBJECTIVE_VP_SCALE = 5;
export const OBJECTIVE_BONUS_CAP = 20;

/** Half boxes of head start per unit of objective weight below the greatest (HOLD_OWN_WEIGHT), so troops go there first. */
export const HEAD_START = 4;

/** Holding an objective is worth this share at first, rising to all of it by the last turn, when holding counts. */
export const HOLD_EARLY_SHARE = 0.25;

/** Taking an objective nobody of the enemy stands on is worth this share at first, rising to all of it by the last turn. */
export const TAKE_EARLY_SHARE = 0.5;

/** A side that must attack still leaves this share of a held objective's worth to the guard standing on it. */
export const GUARD_SHARE = 0.35;

/** Stepping beside enemy troops on an objective only contests it: this share of its worth. */
export const CONTESTED_SHARE = 0.3;

/** Driving the enemy off an objective the side wants is worth this share of it. */
export const CAPTURE_SHARE = 0.6;

/** Standing on a box an `exit` condition leaves from is worth this much, so troops head for the edge. */
export const EXIT_BOX_BONUS = 15;

/**
 * The way to the goals is dearer through the enemy (in half boxes to enter a box): one an enemy stands in costs as
 * much as four boxes round it, one in an enemy zone of control (where a move stops) one more box.
 */
export const ENEMY_BOX_PENALTY = 8;
export const ZOC_BOX_PENALTY = 2;

// ---- What a unit standing somewhere is worth (ai-evaluator.ts) --------------------------------------------------

/** VP per box nearer the goals: from the minimum to the minimum plus the range as aggression goes from 0 to 1. */
export const PULL_MIN = 0.8;
export const PULL_RANGE = 2.2;

/**
 * An attack goes in together: troops count as ready within this many boxes of the goals with at most half their hits
 * taken, defenders within DEFENDER_REACH, and the side is massed with at least MASSED_READY ready and no fewer than
 * the defenders.
 */
export const READY_DISTANCE = 3.5;
export const DEFENDER_REACH = 2;
export const MASSED_READY = 2;

/** The share of the expected losses an attacker shrugs off at full aggression: more once massed or out of time. */
export const CAUTION_DROP_MASSED = 0.6;
export const CAUTION_DROP_ALONE = 0.3;

/** Aggression at which the side goes in whether massed or not. */
export const ALL_IN_AGGRESSION = 0.9;

/** A worn unit is still pulled this share of the way at its last hit, rising with its health to all of it. */
export const WORN_PULL = 0.25;

/** Guns are no use on an objective and a poor holder of it: this share of the goals' pull keeps them at range. */
export const GUNS_PULL = 0.1;

/** Aggression above which the side keeps together and does not block its own way (crowding). */
export const CROWDING_AGGRESSION = 0.3;

/** VP per friend near the box (at most CROWD_CAP count), times the aggression: support for an attack. */
export const SUPPORT_PER_FRIEND = 0.5;

/** Boxes of pull lost per friend whose next step is the box (at most CROWD_CAP count): a unit in a gap stops the attack. */
export const BLOCKING_PER_FRIEND = 0.6;
export const CROWD_CAP = 2;

/** The share of next turn's fire counted for guns that cannot fire this turn: they will, if they get there. */
export const LATER_FIRE_SHARE = 0.5;

/** Troops in a town or works are in cover from fire and assault beyond what the threat counts (Lights are as good
 * as in cover anywhere, so they gain nothing). */
export const TOWN_BONUS = 1;

/** Guns within reach of an enemy that may assault them are lost if it does: a heavy price per such enemy. */
export const GUNS_IN_REACH = 4;

/** Enemy skirmishers' expected hits: one die on 4+ is half a hit, but they must shoot the nearest target in their
 * front arc first, which is often another unit. */
export const SKIRMISH_THREAT = 0.3;

/** An enemy holding an order under Defend! may shoot as the unit arrives, then again in the Fire phase. */
export const DEFEND_FIRE_AGAIN = 1.8;

/**
 * The fire of every enemy able to shoot at the box is added up as if all of it came at this unit; each firer has
 * other targets too, so this share of it is counted (and of the chance 3 hits of one fire break a unit whose way
 * back is blocked).
 */
export const FIRE_THREAT_SHARE = 0.6;

/** Expected losses within this many hits of what a unit has left make it likely lost. */
export const DOOMED_MARGIN = 0.5;

/** A likely lost unit costs this share of its VP on top of its hits: a little under DESTROYED_VP_SHARE, as it is not certain. */
export const DOOMED_VP_SHARE = 0.4;

/** A charge costs the enemy this share of the hits the unit gives back: an exchange it would not always seek. */
export const CHARGE_EXCHANGE = 0.7;

/**
 * How likely an enemy is to assault before the unit can move again (see Evaluator.assaultChance): in an Orders phase,
 * in the side's own Actions phase with the enemy holding no order (it must act first next turn), and in the
 * reacting half (the enemy already has the Initiative and keeps it 26 times in 36). The last two were tuned round the
 * dice's 10 and 26 in 36 by playing the AI against itself.
 */
export const ASSAULT_CHANCE_ORDERS = 0.8;
export const ASSAULT_CHANCE_NEXT_TURN = 0.4;
export const ASSAULT_CHANCE_REACTING = 0.6;

// ---- The Orders phase (ai-orders.ts) -----------------------------------------------------------------------------

/** Every unit wants an order a little: it can always move nearer the goals or hold a die. */
export const BASE_NEED = 1;

/** Need per share of the unit's SP lost: a worn unit wants to rally. */
export const RALLY_NEED = 4;

/** Guns with a target need their Bombardment order; without one, hardly any. */
export const GUNS_TARGET_NEED = 4;
export const GUNS_IDLE_NEED = 0.5;

/** Horse and foot that can charge an enemy within reach want to: horse more, their charge being the stronger. */
export const CAVALRY_CHARGE_NEED = 4;
export const FOOT_CHARGE_NEED = 2.5;

/** A unit next to the enemy wants an order to fire or defend with. */
export const CONTACT_NEED = 2;

/** Need per box from the goals (capped at GOAL_NEED_CAP), times GOAL_NEED_FLOOR plus the aggression. */
export const GOAL_NEED_PER_BOX = 0.6;
export const GOAL_NEED_CAP = 3;
export const GOAL_NEED_FLOOR = 0.5;

/** A unit that has an order already wants another this share as much: it adds a second action, not the first. */
export const SECOND_ORDER_SHARE = 0.4;

/** A General's free order goes to a unit that can rally (this much more), not to one about to go that stands next
 * to the enemy (this much less). */
export const ATTACH_RALLY = 1;
export const ATTACH_NEAR_LOSS = 3;
/** Hits short of its SP at which a unit counts as about to go. */
export const NEAR_LOSS_HITS = 2;

/**
 * A General is lost for a turn with his unit: his free order goes elsewhere when the unit's expected losses come
 * within DOOMED_MARGIN of what it has (this much less), or within AT_RISK_HITS (a little less).
 */
export const ATTACH_DOOMED = 6;
export const ATTACH_AT_RISK = 2;
export const AT_RISK_HITS = 2;

/** Guns next to the enemy are removed by any assault, and the General with them: he goes to them less readily. */
export const ATTACH_GUNS_IN_CONTACT = 2;

/** Need per pip below which a unit gets no order: the pips are better saved (Excellent Staff) or unspent. */
export const MIN_NEED_PER_PIP = 0.5;
