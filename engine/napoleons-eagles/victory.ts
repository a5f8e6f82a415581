// The end of a Napoleon's Eagles game: the seed has no victory rules (rules notes §6), so the scenario's conditions
// decide (engine/victory-conditions.ts), checked as Square Eagles checks them: a destroy condition ends the game at
// the end of the game turn it is met in; at the turn limit the first condition met in the scenario's order
// decides. A unit routed off the table, surrendered or eliminated counts as destroyed, and the enemy scores its VP.
import type { VictoryCondition } from '../../domain/model.js';
import { firstMet, noVictory, type Decision, type SideIndex, type VictoryProbes } from '../victory-conditions.js';
import type { NeObjective } from './objectives.js';

export interface VictoryFacts {
  sides: VictoryProbes['sides'];
  victory: readonly VictoryCondition[];
  turn: number;
  limit: number;
  units: readonly { side: SideIndex; gone: boolean; vp: number }[];
  objectives: readonly NeObjective[];
  control: readonly (SideIndex | -1)[];
}

/** Each side's VP: the enemy units it destroyed and the objectives it holds. */
export function totalVp(f: VictoryFacts): [number, number] {
  const out: [number, number] = [0, 0];
  for (const u of f.units) if (u.gone) out[u.side === 0 ? 1 : 0] += u.vp;
  f.objectives.forEach((o, k) => {
    const h = f.control[k];
    if (h === 0 || h === 1) out[h] += o.vp;
  });
  return out;
}

export function destroyedShare(f: VictoryFacts, side: SideIndex): number {
  const own = f.units.filter((u) => u.side === side);
  return own.length === 0 ? 0 : own.filter((u) => u.gone).length / own.length;
}

function probes(f: VictoryFacts): VictoryProbes {
  return {
    sides: f.sides,
    holder: (id) => {
      const k = f.objectives.findIndex((o) => o.id === id);
      const h = k >= 0 ? f.control[k] : -1;
      return h === 0 || h === 1 ? h : -1;
    },
    // Nothing leaves the table by choice in these rules: a routed unit is destroyed, not exited.
    exited: () => 0,
    destroyedShare: (side) => destroyedShare(f, side),
    points: () => totalVp(f),
  };
}

/** A destroy condition met now, or a side with nothing left on or off the table: the game ends at the turn's end. */
export function suddenDeath(f: VictoryFacts): Decision | null {
  const met = firstMet(probes(f), f.victory, ['destroy']);
  if (met) return met;
  return null;
}

export const sideWipedOut = (f: VictoryFacts): boolean => ([0, 1] as const).some((s) => f.units.every((u) => u.side !== s || u.gone));

export function endOfGame(f: VictoryFacts): Decision | { winner: -1; reason: string; condition: -1 } {
  return suddenDeath(f) ?? firstMet(probes(f), f.victory) ?? noVictory(f.turn >= f.limit);
}
