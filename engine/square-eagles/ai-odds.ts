// Dice odds for the AI: the distribution of the hits a pool scores, and what a retreat would cost a unit.
import { IMPASSABLE, T_WOODS, isCut, step } from './board.js';
import { retreatDirection } from './combat.js';
import type { Ctx } from './geometry.js';
import { canEnd } from './movement.js';
import type { UnitState } from './types.js';
import type { AiMemo } from './ai-memo.js';

/** Probability that one d6 hits on `n` or more. */
export const p = (n: number): number => (n <= 1 ? 1 : n >= 7 ? 0 : (7 - n) / 6);

/** Distribution of the hits `n` dice score, each hitting with chance `q` (index: hits). */
export function binomialPmf(n: number, q: number): Float64Array {
  const f = new Float64Array(n + 1);
  f[0] = 1;
  for (let k = 0; k < n; k++) {
    for (let j = k + 1; j >= 1; j--) f[j] = f[j]! * (1 - q) + f[j - 1]! * q;
    f[0] = f[0]! * (1 - q);
  }
  return f;
}

/** Distribution of the hits `n` dice score hitting on `hitOn` or more (index: hits); AiMemo keeps its answers. */
export const hitsPmfOf = (n: number, hitOn: number): Float64Array => binomialPmf(n, p(hitOn));

/**
 * The hits a unit in `cell` would take retreating `boxes` straight back from `enemyCell` (3.iv Assault), or
 * Infinity when the retreat would destroy it (off the table, into impassable ground). `gone` is a unit to treat
 * as absent (the assaulter, which has left its box). The path is walked once, and `out`, when given, hears the cost
 * of every shorter retreat on the way (index: boxes retreated).
 */
export function retreatHits(ctx: Ctx, u: UnitState, cell: number, enemyCell: number, boxes: number, gone: number, out?: Float64Array): number {
  const b = ctx.b;
  const occ = ctx.occ;
  const [dc, dr] = retreatDirection(b, cell, enemyCell);
  let pos = cell;
  let hits = 0;
  for (let k = 1; k <= boxes; k++) {
    const next = step(b, pos, dc, dr);
    if (hits === Infinity || next < 0 || (b.flags[next]! & IMPASSABLE) !== 0 || isCut(b, pos, next)) {
      hits = Infinity;
      if (out) out[k] = hits;
      continue;
    }
    if (dc !== 0 && dr !== 0) {
      const a = step(b, pos, dc, 0);
      const c = step(b, pos, 0, dr);
      const blockedA = a < 0 || (b.flags[a]! & IMPASSABLE) !== 0 || (occ[a]! >= 0 && occ[a] !== gone && a !== cell);
      const blockedC = c < 0 || (b.flags[c]! & IMPASSABLE) !== 0 || (occ[c]! >= 0 && occ[c] !== gone && c !== cell);
      if (blockedA && blockedC) hits++;
    }
    if (occ[next]! >= 0 && occ[next] !== gone && next !== cell) hits++;
    else if ((u.type !== 'Lights' && (b.flags[next]! & T_WOODS) !== 0) || !canEnd(b, u, next)) hits++;
    pos = next;
    if (out) out[k] = hits;
  }
  return hits;
}

/** How an assault of `aDice` (hitting on `aHit`) against `dDice` (on `dHit`) ends: the chance the assaulter wins by
 * each margin (index: margin; 0 unused), and the hits each side scores on average. */
export interface MeleeOdds {
  winBy: Float64Array;
  attackerHits: number;
  defenderHits: number;
}

export function meleeOdds(memo: AiMemo, aDice: number, aHit: number, dDice: number, dHit: number): MeleeOdds {
  const key = ((aDice * 8 + aHit) * 32 + dDice) * 8 + dHit;
  let m = memo.melees[key];
  if (m) return m;
  const fa = memo.hitsPmf(aDice, aHit);
  const fd = memo.hitsPmf(dDice, dHit);
  const winBy = new Float64Array(fa.length);
  for (let a = 1; a < fa.length; a++) {
    for (let d = 0; d < a && d < fd.length; d++) winBy[a - d]! += fa[a]! * fd[d]!;
  }
  m = { winBy, attackerHits: aDice * p(aHit), defenderHits: dDice * p(dHit) };
  memo.melees[key] = m;
  return m;
}
