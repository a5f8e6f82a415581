// Leaders who come on with reinforcements. A leader without a set-up place whose command has not arrived waits off
// the table (setup.ts marks him 'reserve'); he rides on with the first of his units to arrive, placed behind it as
// the set-up places leaders. Without this a reinforcing division's leader never came on, and its units stayed out
// of command for the whole game (rules notes §13).
import type { GameEvent } from '../../domain/engine-protocol.js';
import { footprint } from './footprint.js';
import type { NeGameState } from './state.js';

/** Whether a unit commanded by `commander` answers, through the chain of command, to leader `id`. */
function under(s: NeGameState, commander: string | null, id: string): boolean {
  let c = commander;
  for (let n = 0; c && n < 10; n++) {
    if (c === id) return true;
    c = s.leaders.find((l) => l.id === c)?.superior ?? null;
  }
  return false;
}

export function leadersArrive(s: NeGameState, events: GameEvent[]): void {
  for (const l of s.leaders) {
    if (l.status !== 'reserve') continue;
    const first = s.units.find((u) => u.status === 'table' && under(s, u.commander, l.id));
    if (!first) continue;
    const back = footprint(first).depth / 2 + 1;
    const f = (first.facing * Math.PI) / 180;
    l.x = Math.min(s.table.width, Math.max(0, first.x - Math.sin(f) * back));
    l.y = Math.min(s.table.height, Math.max(0, first.y + Math.cos(f) * back));
    l.status = 'table';
    events.push({ type: 'leader-arrives', leader: l.id, at: [l.x, l.y] });
  }
}
