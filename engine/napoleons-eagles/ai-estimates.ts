// Which unit acts next is the AI's dearest decision: it scores every option of every unit that has yet to act, and
// a side takes one such decision per activation, so a period costs the square of its units. Between two of them
// one unit has acted (and the enemies it struck have changed); a unit far from every change has, mostly, the same
// options at the same worth as before. Such a unit keeps the best score it had and is scored again only when that
// score could beat the best found now (ai.ts), or when the side's standing changed (an objective taken, the
// expected winner, a close action begun or ended, a leader moved). What is kept is a copy of what was read, never a
// reference to a unit: a state handed out never changes, but a test's may.
import { winnerIfEndedNow } from './ai-plan.js';
import { copyUnit, sameUnit, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/**
 * A friend that changed farther than this (centre to centre, inches) leaves a unit's kept score standing: nearer, it
 * may stand in the way of the unit's moves or support it. A friend crossing a line of fire changes what the rules
 * take, which the rules then say when the unit's best is tried.
 */
export const NEAR_FRIEND = 6;
/** An enemy that changed (struck, retreated, gone) within a unit's reach: its fire and charges there are priced anew. */
const REACH = 20;
const GUN_REACH = 70;

export interface Since {
  /** The unit's best score at the last decision, if nothing has changed near it since; else undefined. */
  unchanged(u: NeUnit): number | undefined;
  /**
   * The best score the unit had when it was last priced, whatever changed since (an earlier period, before it or
   * its neighbours acted): an estimate to order the pricing by, not a bound; undefined if it was never priced.
   */
  lastPriced(u: NeUnit): number | undefined;
}

export interface UnitEstimates {
  since(s: NeGameState): Since;
  /**
   * `best`: every eligible unit's score as used this decision; `priced`: those of them priced afresh; `carried`:
   * those whose score is only an earlier estimate (lastPriced), which stays one until the unit is priced again.
   */
  remember(s: NeGameState, best: ReadonlyMap<string, number>, priced: ReadonlySet<string>, carried: ReadonlySet<string>): void;
}

interface Seen {
  key: string;
  /** Units whose score in `best` was carried, not priced, since something last changed near them. */
  carried: ReadonlySet<string>;
  standing: string;
  units: Map<string, NeUnit>;
  flows: Map<string, string>;
  best: ReadonlyMap<string, number>;
}

const keyOf = (s: NeGameState): string => `${s.turn}:${s.period}:${s.active}`;

function standingOf(s: NeGameState): string {
  const leaders = s.leaders.map((l) => `${l.x},${l.y},${l.attachedTo},${l.status}`).join(';');
  return `${s.control.join(',')}|${winnerIfEndedNow(s)}|${s.closeActions.map((c) => `${c.charger}>${c.target}:${c.stage}`).join(',')}|${leaders}`;
}

export function unitEstimates(): UnitEstimates {
  let seen: Seen | null = null;
  const priced = new Map<string, number>();
  const lastPriced = (u: NeUnit): number | undefined => priced.get(u.id);
  const none: Since = { unchanged: () => undefined, lastPriced };
  return {
    since(s) {
      const was = seen;
      if (was === null || was.key !== keyOf(s) || was.standing !== standingOf(s)) return none;
      // Every place a changed unit stood, before and after.
      const moved: { side: string; x: number; y: number }[] = [];
      const changed = new Set<string>();
      for (const u of s.units) {
        const before = was.units.get(u.id);
        if (before && sameUnit(before, u) && was.flows.get(u.id) === JSON.stringify(s.flow[u.id] ?? null)) continue;
        changed.add(u.id);
        moved.push({ side: u.side, x: u.x, y: u.y });
        if (before) moved.push({ side: u.side, x: before.x, y: before.y });
      }
      return {
        lastPriced,
        unchanged(u) {
          const best = was.best.get(u.id);
          if (best === undefined || changed.has(u.id) || was.carried.has(u.id)) return undefined;
          const reach = u.arm === 'artillery' ? GUN_REACH : REACH;
          for (const m of moved) if (Math.hypot(m.x - u.x, m.y - u.y) <= (m.side === u.side ? NEAR_FRIEND : reach)) return undefined;
          return best;
        },
      };
    },
    remember(s, best, fresh, carried) {
      for (const id of fresh) priced.set(id, best.get(id)!);
      const units = new Map<string, NeUnit>();
      const flows = new Map<string, string>();
      for (const u of s.units) {
        units.set(u.id, copyUnit(u));
        flows.set(u.id, JSON.stringify(s.flow[u.id] ?? null));
      }
      seen = { key: keyOf(s), carried, standing: standingOf(s), units, flows, best };
    },
  };
}
