// The scenario's victory conditions (file-format.md "Objectives and victory"), checked the same way for every
// engine: each engine answers a few questions about its own state (who holds an objective, how many units left by
// an edge, what share of a side is destroyed, the points), and this file says whether a condition is met and why.
import type { VictoryCondition } from '../domain/model.js';

export type SideIndex = 0 | 1;

/** What a condition needs to know of a game, in the engine's own terms; side 0 is red. */
export interface VictoryProbes {
  sides: readonly [{ id: string; key: string }, { id: string; key: string }];
  /** The side holding objective `id` now, or −1. */
  holder(id: string): SideIndex | -1;
  /** Units of `side` that have left by `edge`, as the exit condition counts them. */
  exited(side: SideIndex, edge: string): number;
  /** The share (0–1) of `side`'s units destroyed. */
  destroyedShare(side: SideIndex): number;
  /** Victory points of red and blue. */
  points(): [number, number];
}

export type Verdict = { winner: SideIndex; reason: string } | null;
export type Decision = { winner: SideIndex; reason: string; condition: number };

const other = (s: SideIndex): SideIndex => (s === 0 ? 1 : 0);

export function sideIndexOf(p: VictoryProbes, id: unknown): SideIndex | -1 {
  return id === p.sides[0].id ? 0 : id === p.sides[1].id ? 1 : -1;
}

/** Whether `v` is met now, for which side, and why in words. */
export function checkCondition(p: VictoryProbes, v: VictoryCondition): Verdict {
  const name = (i: SideIndex): string => p.sides[i].key;
  switch (v.kind) {
    case 'hold': {
      const si = sideIndexOf(p, v.side);
      if (si === -1 || !Array.isArray(v.objectives) || v.objectives.length === 0) return null;
      const all = v.objectives.every((id) => p.holder(id) === si);
      return all ? { winner: si, reason: `${name(si)} holds ${v.objectives.join(', ')}` } : null;
    }
    case 'exit': {
      const si = sideIndexOf(p, v.side);
      if (si === -1) return null;
      const n = p.exited(si, v.edge);
      return n >= v.count ? { winner: si, reason: `${name(si)} moved ${n} units off the ${v.edge} edge` } : null;
    }
    case 'destroy': {
      const need = v.percent / 100 - 1e-9;
      const met = ([0, 1] as SideIndex[]).filter((si) => (v.side === 'any' || sideIndexOf(p, v.side) === si) && p.destroyedShare(other(si)) >= need);
      if (met.length === 0) return null;
      let si = met[0]!;
      if (met.length === 2) {
        const a = p.destroyedShare(1);
        const c = p.destroyedShare(0);
        if (a === c) return null;
        si = a > c ? 0 : 1;
      }
      return { winner: si, reason: `${name(si)} destroyed ${Math.round(p.destroyedShare(other(si)) * 100)}% of the enemy's units` };
    }
    case 'points': {
      const [r, b] = p.points();
      const only = v.side === undefined || v.side === 'any' ? -1 : sideIndexOf(p, v.side);
      if (r === b) return null;
      const si: SideIndex = r > b ? 0 : 1;
      if (only >= 0 && only !== si) return null;
      return { winner: si, reason: `${name(si)} wins on points, ${Math.max(r, b)} to ${Math.min(r, b)}` };
    }
    default:
      return null;
  }
}

/** The first of `list` met now, in the scenario's order, optionally only among `kinds`; null when none is. */
export function firstMet(p: VictoryProbes, list: readonly VictoryCondition[], kinds?: readonly VictoryCondition['kind'][]): Decision | null {
  for (let k = 0; k < list.length; k++) {
    const v = list[k]!;
    if (kinds && !kinds.includes(v.kind)) continue;
    const verdict = checkCondition(p, v);
    if (verdict) return { ...verdict, condition: k };
  }
  return null;
}

/** The draw's reason when no condition is met. */
export const noVictory = (limitReached: boolean): { winner: -1; reason: string; condition: -1 } => ({
  winner: -1,
  reason: limitReached ? 'turn limit reached with no victory condition met' : 'no victory condition met',
  condition: -1,
});
