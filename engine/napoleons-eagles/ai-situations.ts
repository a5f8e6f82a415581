// Readings the AI takes of one state many times over, kept for that state. A decision scores some eighty candidates
// of several units, and each candidate of a unit asks the same things again: where the unit is heading, what could
// charge it where it stands, the volley or the charge it has at each enemy. A state never changes once handed to a
// player (applyAction works on a draft), so what was read of it holds for the whole decision. Readings are filed
// under the unit objects asked about, with no key built (a decision asks thousands); each also holds what the units
// were (place, strength, state), so a test that moves a unit in place and asks again is not answered from before.
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

/** What a reading may be about: the kinds are the callers' own small numbers. */
interface Entry {
  kind: number;
  other: NeUnit | null;
  me: Snapshot;
  them: Snapshot | null;
  value: unknown;
}

interface Snapshot {
  x: number;
  y: number;
  facing: number;
  figures: number;
  formation: string;
  status: string;
  fatigue: number;
  disordered: boolean;
  actionsUsed: number;
}

const snap = (u: NeUnit): Snapshot => ({ x: u.x, y: u.y, facing: u.facing, figures: u.figures, formation: u.formation, status: u.status, fatigue: u.fatigue, disordered: u.disordered, actionsUsed: u.actionsUsed });

const same = (a: Snapshot, u: NeUnit): boolean =>
  a.x === u.x && a.y === u.y && a.facing === u.facing && a.figures === u.figures && a.formation === u.formation && a.status === u.status && a.fatigue === u.fatigue && a.disordered === u.disordered && a.actionsUsed === u.actionsUsed;

const kept = new WeakMap<NeGameState, Map<NeUnit, Entry[]>>();

/** The value `make` gives for reading `kind` of `u` (and `other`, if the reading is of a pair) in this state, worked out once. */
export function once<T>(s: NeGameState, kind: number, u: NeUnit, other: NeUnit | null, make: () => T): T {
  let byUnit = kept.get(s);
  if (!byUnit) kept.set(s, (byUnit = new Map<NeUnit, Entry[]>()));
  let list = byUnit.get(u);
  if (!list) byUnit.set(u, (list = []));
  for (const e of list) {
    if (e.kind !== kind || e.other !== other) continue;
    if (same(e.me, u) && (other === null || same(e.them!, other))) return e.value as T;
    const value = make();
    e.me = snap(u);
    e.them = other && snap(other);
    e.value = value;
    return value;
  }
  const value = make();
  list.push({ kind, other, me: snap(u), them: other && snap(other), value });
  return value;
}

/** The kinds of reading kept (one number each). */
export const READ = { weight: 0, fire1: 1, fire2: 2, charge: 3, cavalry: 4, threat: 5, holding: 6, goal: 7, blocked: 8, approach: 9, blows: 10, chargeFacing: 11 } as const;
