// What one heuristic player keeps from one decision to the next: its working buffers and the last answers worth
// reusing. Each player makes its own, so two AIs in one process (the two sides of a game, or games played side by
// side in the engine process) never share anything either of them writes. The only tables the players share are
// worked out from a board or a scenario, which never change, and are not written again once built (ai-fields.ts,
// ai-strategy.ts's objective weights): working them out again for every player would cost more than a game.
import { hitsPmfOf, type MeleeOdds } from './ai-odds.js';
import type { Strategy } from './ai-strategy.js';

/** The plan last worked out for one side, with what it was worked out from (see strategyFor). */
export interface StrategyEntry {
  key: Int32Array;
  plan: Strategy;
}

export class AiMemo {
  /** hitsPmf's answers, by pool: few distinct pools occur. */
  private readonly pmfs: (Float64Array | undefined)[] = [];
  /** meleeOdds' answers, by the two pools. */
  readonly melees: (MeleeOdds | undefined)[] = [];
  /** retreatCosts' answers for the retreat being weighed (index: boxes retreated). */
  readonly retreats = new Float64Array(64);
  /** goalField's working distances (one per box) and its queue, one bucket per distance in half boxes. */
  private work = new Int32Array(0);
  readonly buckets: number[][] = [];
  /** Per box, the facings worth weighing a move in (a bit per facing), stamped with the look they were worked out for. */
  sensibleMask = new Int32Array(0);
  sensibleStamp = new Int32Array(0);
  /** Per box, the look and kind of move in which it was reached in a sensible facing. */
  reachedStamp = new Int32Array(0);
  /** The look being worked out: a new number for every unit weighed, so stale stamps never match. */
  look = 0;
  /** Per side, the last plan worked out for it (strategyFor). */
  readonly strategy: [StrategyEntry | null, StrategyEntry | null] = [null, null];
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
    if (this.sensibleMask.length >= n) return;
    this.sensibleMask = new Int32Array(n);
    this.sensibleStamp = new Int32Array(n);
    this.reachedStamp = new Int32Array(n);
  }
}
