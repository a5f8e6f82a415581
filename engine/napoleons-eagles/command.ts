// Step 1 of the sequence: who is out of command ('Command and Control Option #1', 'Out-of-Command Penalty',
// 'Command and Control Option #2', 'Leader Initiative Numbers'; notes §5, §12).
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Point } from '../../domain/model.js';
import { dist, pointPolygonDistance, rectCorners } from './geometry.js';
import { leaderPoint, rectAt } from './movement.js';
import { optionOn, type NeLeader, type NeTable, type NeUnit } from './types.js';

/** Distance from a point to a unit: to its rectangle, as the rules measure ('base edge to base edge'). */
function toUnit(table: NeTable, u: NeUnit, p: Point): number {
  return pointPolygonDistance(p, rectCorners(rectAt(table, u, [u.x, u.y], u.facing)));
}

/**
 * Units out of command this period. Option #1: a unit within its commander's radius is in command when the
 * commander is, and a leader is in command within his superior's radius when the superior is (the army commander
 * always is). Option #2: leaders are free; only the unit-to-commander radius counts. With `leaderInitiative` a
 * leader outside his superior's radius rolls a d20 once this period and stays in command at or under his number.
 * A unit with no commander is always out of command.
 */
export function commandStatus(
  table: NeTable,
  units: readonly NeUnit[],
  leaders: readonly NeLeader[],
  d20: () => number,
): { outOfCommand: string[]; rolls: number[]; events: GameEvent[] } {
  const rolls: number[] = [];
  const events: GameEvent[] = [];
  const option2 = table.options.commandOption === 2;
  const initiative = optionOn(table, 'leaderInitiative');
  const byId = new Map(leaders.map((l) => [l.id, l]));
  const memo = new Map<string, boolean>();

  const leaderIn = (l: NeLeader, seen: Set<string>): boolean => {
    const known = memo.get(l.id);
    if (known !== undefined) return known;
    let ok = true;
    if (!option2 && l.superior && !seen.has(l.id)) {
      const sup = byId.get(l.superior);
      if (sup) {
        seen.add(l.id);
        const d = dist(leaderPoint(units, l), leaderPoint(units, sup));
        // A lost superior is replaced by a staff officer who keeps the radius open ('Leader Losses').
        const within = d <= sup.commandRadius + 1e-9;
        if (!within && initiative && l.initiative !== null) {
          const r = d20();
          rolls.push(r);
          const pass = r <= l.initiative;
          events.push({ type: 'initiative', leader: l.id, roll: r, need: l.initiative, pass, distance: Math.round(d * 100) / 100 });
          ok = pass && leaderIn(sup, seen);
        } else {
          ok = within && leaderIn(sup, seen);
        }
      }
    }
    memo.set(l.id, ok);
    return ok;
  };

  const out: string[] = [];
  for (const u of units) {
    if (u.status !== 'table') continue;
    const l = u.commander ? byId.get(u.commander) : undefined;
    let reason: string | null = null;
    if (!l) reason = 'no commander';
    else {
      const d = l.attachedTo === u.id ? 0 : toUnit(table, u, leaderPoint(units, l));
      if (d > l.commandRadius + 1e-9) reason = `${Math.round(d * 100) / 100}" from ${l.id} (radius ${l.commandRadius}")`;
      else if (!leaderIn(l, new Set())) reason = `${l.id} is out of command`;
    }
    if (reason) {
      out.push(u.id);
      events.push({ type: 'out-of-command', unit: u.id, reason });
    }
  }
  return { outOfCommand: out, rolls, events };
}
