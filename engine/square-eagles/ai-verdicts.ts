// Who would win if the game ended now, kept for the process: the AI asks at every new plan, and in a batch the same
// few outcomes (who is gone, who holds what) come round game after game (nine in ten verdicts asked were known).
// evaluateVictory reads the scenario's conditions, sides and objectives, each unit's side, VP and status, and each
// objective's holder; the first three and the units' sides and VP are the same in every game of one scenario, so
// verdicts are kept per conditions list (one per scenario and options, shared by its games) and given only to a state
// whose sides, board, units' sides and VP and objectives' ids are those they were kept for. The statuses and holders
// are the key. A verdict kept is never changed; all are forgotten past VERDICTS_LIMIT, which changes no answer.
import { evaluateVictory } from './victory.js';
import type { Board } from './board.js';
import type { GameMeta, GameState } from './types.js';

interface Verdict {
  key: Int32Array;
  winner: number;
}

interface Kept {
  sides: GameMeta['sides'];
  board: Board;
  unitSides: number[];
  vp: number[];
  controlIds: string[];
  byKey: Map<number, Verdict[]>;
  count: number;
}

const VERDICTS_LIMIT = 4096;
const kept = new WeakMap<GameMeta['victory'], Kept>();

function fits(k: Kept, s: GameState): boolean {
  if (k.sides !== s.meta.sides || k.board !== s.board || k.unitSides.length !== s.units.length || k.controlIds.length !== s.control.length) return false;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.side !== k.unitSides[i] || u.vp !== k.vp[i]) return false;
  }
  for (let i = 0; i < s.control.length; i++) if (s.control[i]!.id !== k.controlIds[i]) return false;
  return true;
}

/**
 * evaluateVictory(s).winner, where the first `length` numbers of `key` are the units' statuses and the objectives'
 * holders (winnerNow's key).
 */
export function winnerOf(s: GameState, key: Int32Array, length: number): number {
  let k = kept.get(s.meta.victory);
  if (k && !fits(k, s)) return evaluateVictory(s).winner;
  let h = length | 0;
  for (let i = 0; i < length; i++) {
    h = Math.imul(h ^ key[i]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  const bucket = k?.byKey.get(h);
  if (bucket) {
    outer: for (const v of bucket) {
      if (v.key.length !== length) continue;
      for (let i = 0; i < length; i++) if (v.key[i] !== key[i]) continue outer;
      return v.winner;
    }
  }
  const winner = evaluateVictory(s).winner;
  if (!k) {
    k = { sides: s.meta.sides, board: s.board, unitSides: s.units.map((u) => u.side), vp: s.units.map((u) => u.vp), controlIds: s.control.map((c) => c.id), byKey: new Map(), count: 0 };
    kept.set(s.meta.victory, k);
  }
  if (k.count >= VERDICTS_LIMIT) {
    k.byKey.clear();
    k.count = 0;
  }
  const v = { key: key.slice(0, length), winner };
  const same = k.byKey.get(h);
  if (same) same.push(v);
  else k.byKey.set(h, [v]);
  k.count++;
  return winner;
}
