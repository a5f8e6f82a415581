// Reinforcements coming on at the start of a game turn (file format "reinforcements"; rules notes §13). A group is
// due on its fixed `turn`, or once its `roll` has succeeded: from turn `from`, one d6 for the whole group at the
// start of each game turn, arriving on `need` or more. A due unit whose entry has no room (after stepping inward) is
// not lost: it waits and tries again at the start of the next game turn, and a group whose roll once succeeded is
// not rolled for again. The seed has no rule for reinforcements; this is the file format's own reading.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { roomProblem } from './room.js';
import { unitById, type NeGameState } from './state.js';
import type { NeReinforcement, NeUnit } from './types.js';

/** Whether group `i` is due this turn; rolls its die (through the game's dice, so the log records it) when it must. */
function due(s: NeGameState, r: NeReinforcement, i: number, dice: NeDice, events: GameEvent[]): boolean {
  if (r.turn !== null) return s.turn >= r.turn;
  if (!r.roll) return false;
  if (s.called?.includes(i)) return true;
  if (s.turn < r.roll.from) return false;
  // Nothing left to bring on (a unit may have been taken off the file's reserve some other way): no die is wasted.
  if (!r.units.some((id) => unitById(s, id)?.status === 'reserve')) return false;
  const roll = dice.d6();
  const arrives = roll >= r.roll.need;
  events.push({ type: 'reinforcement-roll', side: r.side, units: [...r.units], roll, need: r.roll.need, arrives });
  if (arrives) s.called = [...(s.called ?? []), i];
  return arrives;
}

/** Brings on every due reinforcement still waiting off the table, in the file's order. */
export function bringOnReinforcements(s: NeGameState, dice: NeDice, events: GameEvent[]): void {
  s.table.reinforcements.forEach((r, i) => {
    if (!due(s, r, i, dice, events)) return;
    for (const id of r.units) {
      const u = unitById(s, id);
      if (!u || u.status !== 'reserve') continue;
      if (roomProblem(s.table, s.units, u) && !nudgeIn(s, u)) {
        events.push({ type: 'reinforcement-waits', unit: u.id, why: 'no room at its entry' });
        continue;
      }
      u.status = 'table';
      events.push({ type: 'arrives', unit: u.id, at: [u.x, u.y] });
    }
  });
}

/** A reinforcement whose entry point is taken or off the table steps inward until it stands clear. */
function nudgeIn(s: NeGameState, u: NeUnit): boolean {
  const f = (u.facing * Math.PI) / 180;
  for (let k = 1; k <= 24; k++) {
    const at: [number, number] = [u.x + Math.sin(f) * k, u.y - Math.cos(f) * k];
    if (!roomProblem(s.table, s.units, { ...u, x: at[0], y: at[1] })) {
      u.x = at[0];
      u.y = at[1];
      return true;
    }
  }
  return false;
}
