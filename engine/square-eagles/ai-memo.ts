// What one heuristic player keeps from one decision to the next: its working buffers and the last answers worth
// reusing. Each player makes its own, so two AIs in one process (the two sides of a game, or games played side by
// side in the engine process) never share anything either of them writes. The only tables the players share are
// worked out from a board or a scenario, or from the dice alone, which never change, and are not written again once
// built (ai-fields.ts, ai-strategy.ts's objective weights, the dice odds below), and distance fields and verdicts kept
// by their complete key (ai-strategy.ts's sharedFields, ai-verdicts.ts: the same key gives the same answer whoever
// asks): working them out again for every player would cost more than a game.
import { hitsPmfOf, type MeleeOdds } from './ai-odds.js';
import type { Strategy } from './ai-strategy.js';
import type { SeType } from './types.js';

/** The plan last worked out for one side, with what it was worked out from (see strategyFor). */
export interface StrategyEntry {
  key: Int32Array;
  plan: Strategy;
}

/** A plan's distance fields and the next steps along them, with what they were worked out from. */
export interface FieldEntry {
  key: Int32Array;
  dist: Strategy['dist'];
  next: Strategy['next'];
}

/** Per unit, its fire's ranges and odds and whether it is horse, with the types and traits they were worked out for. */
export interface UnitFire {
  types: SeType[];
  traits: number[];
  mainRange: number[];
  skirmishRange: number[];
  fireP: number[];
  skirmishP: number[];
  cavalry: boolean[];
}

/**
 * Numbers an Evaluator works out per unit and key (a pose, with what else the answer depends on), in arrays kept for
 * the whole process: each Evaluator takes a stamp of its own (`begin`) and reads only what was written under it, so
 * nothing is cleared or allocated per Evaluator, and an Evaluator used after a newer one began only misses (it
 * never reads or spoils the newer one's answers). Maps of maps did the same job at several times the cost, and the
 * AI asks thousands of times a game. Written only by the Evaluator of the decision being made: nothing a player
 * keeps between decisions lives here.
 */
export class UnitKeyTable {
  private stamps = new Int32Array(0);
  private values = new Float64Array(0);
  private last = 0;
  private width = 0;

  /** A fresh stamp for answers of `units` units with keys below `width`. */
  begin(units: number, width: number): number {
    const n = units * width;
    if (this.stamps.length < n || this.width !== width) {
      this.stamps = new Int32Array(Math.max(n, this.stamps.length));
      this.values = new Float64Array(this.stamps.length);
      this.width = width;
    }
    if (++this.last === 0x7fffffff) {
      this.stamps.fill(0);
      this.last = 1;
    }
    return this.last;
  }

  /** The number kept under `stamp` for unit `ui` and `key`, or NaN when there is none (no answer kept is NaN). */
  get(stamp: number, ui: number, key: number): number {
    const i = ui * this.width + key;
    return this.stamps[i] === stamp ? this.values[i]! : NaN;
  }

  set(stamp: number, ui: number, key: number, v: number): void {
    const i = ui * this.width + key;
    this.stamps[i] = stamp;
    this.values[i] = v;
  }
}

/**
 * The Evaluator's answers by unit and pose: values (and values before the threat), threats and the chance of being broken by a retreat; and by
 * enemy (its index among the Evaluator's enemies) and box, how it could fire there and whether it sees there.
 */
export const poseTables = {
  values: new UnitKeyTable(),
  partials: new UnitKeyTable(),
  threats: new UnitKeyTable(),
  broken: new UnitKeyTable(),
  enemyFire: new UnitKeyTable(),
  sight: new UnitKeyTable(),
};

/**
 * Dice odds by pool, which hang on nothing but the dice: worked out once for the process, not again by every new
 * player (a batch makes two a game), and never changed once written.
 */
const odds = { pmfs: [] as (Float64Array | undefined)[], melees: new Map<number, MeleeOdds>() };

export class AiMemo {

  /** hitsPmf's answers, by pool: few distinct pools occur. Dice odds alone, the same for every player (see `odds`). */
  private readonly pmfs = odds.pmfs;
  /** meleeOdds' answers, by the two pools (see `odds`). */
  readonly melees = odds.melees;
  /** retreatCosts' answers for the retreat being weighed (index: boxes retreated). */
  readonly retreats = new Float64Array(64);
  /** goalField's working distances (one per box). */
  private work = new Int32Array(0);
  /**
   * Per kind of troops and box (at `kind * boxes + box`), the facings towards the nearest enemy and the goals (a bit
   * per facing), stamped with the Evaluator they were worked out for (Evaluator.sensibleFacings).
   */
  sensibleMask = new Int32Array(0);
  sensibleStamp = new Int32Array(0);
  /** The last Evaluator's number: a new one for each, so stale stamps never match. */
  evaluators = 0;
  /** Per box, the look and kind of move in which it was reached in a sensible facing. */
  reachedStamp = new Int32Array(0);
  /** The look being worked out: a new number for every unit weighed, so stale stamps never match. */
  look = 0;
  /** Per side, the last plan worked out for it (strategyFor). */
  readonly strategy: [StrategyEntry | null, StrategyEntry | null] = [null, null];
  /** Per side, the last distance fields worked out for its plan, with what they were worked out from (workOutStrategy). */
  readonly fields: [FieldEntry | null, FieldEntry | null] = [null, null];
  /** The Evaluator's per-unit fire figures, with the types and traits they were worked out for (unitFireOf). */
  unitFire: UnitFire | null = null;
  /** Who would win if the game ended now, with what it was worked out from (winnerNow). */
  outcome: { key: Int32Array; winner: number } | null = null;

  /** Distribution of the hits `n` dice score hitting on `hitOn` or more (index: hits). */
  hitsPmf(n: number, hitOn: number): Float64Array {
    const key = n * 16 + hitOn;
    return (this.pmfs[key] ??= hitsPmfOf(n, hitOn));
  }

  /** goalField's working distances for a board of `n` boxes. */
  workFor(n: number): Int32Array {
    if (this.work.length < n) this.work = new Int32Array(n);
    return this.work;
  }

  /** The per-box stamps for a board of `n` boxes. */
  stampsFor(n: number): void {
    if (this.reachedStamp.length >= n) return;
    this.sensibleMask = new Int32Array(2 * n);
    this.sensibleStamp = new Int32Array(2 * n);
    this.reachedStamp = new Int32Array(n);
  }
}
