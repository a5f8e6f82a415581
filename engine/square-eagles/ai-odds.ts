// Dice odds for the AI: the distribution of the hits a pool scores, and how an assault ends. (What a retreat costs
// is the rules' own answer, combat.ts's retreatHits.)
import type { AiMemo } from './ai-memo.js';
import { WITHDRAW_HITS } from './combat.js';

/** Probability that one d6 hits on `n` or more. */
export const p = (n: number): number => (n <= 1 ? 1 : n >= 7 ? 0 : (7 - n) / 6);

/** Distribution of the hits `n` dice score, each hitting with chance `q` (index: hits). */
export function binomialPmf(n: number, q: number): Float64Array {
  const f = new Float64Array(n + 1);
  f[0] = 1;
  for (let k = 0; k < n; k++) {
    for (let j = k + 1; j >= 1; j--) f[j] = f[j]! * (1 - q) + f[j - 1]! * q;
    f[0] = f[0] * (1 - q);
  }
  return f;
}

/** Distribution of the hits `n` dice score hitting on `hitOn` or more (index: hits); AiMemo keeps its answers. */
export const hitsPmfOf = (n: number, hitOn: number): Float64Array => binomialPmf(n, p(hitOn));

/** How an assault of `aDice` (hitting on `aHit`) against `dDice` (on `dHit`) ends: the chance the assaulter wins by
 * each margin (index: margin; 0 unused), and the hits each side scores on average. */
export interface MeleeOdds {
  winBy: Float64Array;
  /** The largest margin won by with a chance of at least 1e-4 (0: none): how far a lost assault is weighed back. */
  longest: number;
  attackerHits: number;
  defenderHits: number;
}

export function meleeOdds(memo: AiMemo, aDice: number, aHit: number, dDice: number, dHit: number): MeleeOdds {
  const key = ((aDice * 8 + aHit) * 32 + dDice) * 8 + dHit;
  let m = memo.melees.get(key);
  if (m) return m;
  const fa = memo.hitsPmf(aDice, aHit);
  const fd = memo.hitsPmf(dDice, dHit);
  const winBy = new Float64Array(fa.length);
  for (let a = 1; a < fa.length; a++) {
    for (let d = 0; d < a && d < fd.length; d++) winBy[a - d]! += fa[a]! * fd[d]!;
  }
  let longest = winBy.length - 1;
  while (longest > 0 && winBy[longest]! < 1e-4) longest--;
  m = { winBy, longest, attackerHits: aDice * p(aHit), defenderHits: dDice * p(dHit) };
  memo.melees.set(key, m);
  return m;
}

/** The chance `n` dice hitting on `hitOn` score the 3 hits or more of a withdrawal (4.ii.g); kept for the process. */
const withdrawChances: number[] = [];
export function withdrawChance(memo: AiMemo, n: number, hitOn: number): number {
  const key = n * 16 + hitOn;
  let three = withdrawChances[key];
  if (three !== undefined) return three;
  const pmf = memo.hitsPmf(n, hitOn);
  three = 0;
  for (let h = WITHDRAW_HITS; h < pmf.length; h++) three += pmf[h]!;
  return (withdrawChances[key] = three);
}
