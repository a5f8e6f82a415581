// Retreat, rout and surrender ('Moving Retreating Units', 'Routing', 'Surrendering', 'Close Action and Retreat
// Status'; rules notes §13). A failed check moves the unit away at once: 10" for infantry and foot artillery, 12" for
// cavalry and horse artillery (one action's retreat), and it needs the distance in actions (rounded up) plus the
// reform die's actions to recover. A unit already retreating routs instead; a router leaves the table; a unit
// that cannot get away is checked again and surrenders on a failure or rallies on a pass; a router that cannot get
// away surrenders.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NeDice } from './dice.js';
import { rectOf } from './footprint.js';
import { heading, rectDistance } from './geometry.js';
import { checkMorale } from './morale-step.js';
import { retreatPlacement } from './movement.js';
import { onTable, type NeGameState } from './state.js';
import type { NeUnit } from './types.js';

const retreatInches = (u: NeUnit): number => (u.arm === 'cavalry' || (u.arm === 'artillery' && u.type === 'horse') ? 12 : 10);

/** The reform die's actions ('Moving Retreating Units'): 1–2 → 1, 3–4 → 2, 5–6 → 3, 7+ → 4, with its modifiers. */
export function reformActions(u: NeUnit, die: number, riddenDown: boolean): number {
  let d = die;
  if (u.morale >= 20) d -= 1;
  if (u.arm === 'cavalry') d += 1;
  if (riddenDown) d += 1;
  // Untrained, green, landwehr or militia: the militia type, or a morale under the line's band (under 15), the
  // reading threshold.ts gives "militia or green".
  if (u.type === 'militia' || u.morale < 15) d += 1;
  return d <= 2 ? 1 : d <= 4 ? 2 : d <= 6 ? 3 : 4;
}

/** Marks for a morale check every unit that stands within 4" of a friend that routed ('Unit Morale Checks'). */
function markNearRout(s: NeGameState, router: NeUnit): void {
  for (const o of s.units) {
    if (o.side !== router.side || o.id === router.id || !onTable(o)) continue;
    if (rectDistance(rectOf(o, s.table), rectOf(router, s.table)) <= 4 + 1e-9) {
      const f = s.flow[o.id];
      if (f) f.morale = true;
    }
  }
}

export function rout(s: NeGameState, u: NeUnit, why: string, events: GameEvent[]): void {
  // 'Surrendering': a routing unit that cannot get away surrenders instead.
  const cornered = retreatPlacement(s.table, s.units, u.id, retreatInches(u)).surrounded;
  u.status = cornered ? 'surrendered' : 'routed';
  u.retreatActions = 0;
  if (u.attachedLeader) {
    const l = s.leaders.find((x) => x.id === u.attachedLeader);
    if (l) l.attachedTo = null;
    u.attachedLeader = null;
  }
  if (cornered) {
    events.push({ type: 'surrender', unit: u.id, why: `${why}, and it was surrounded` });
    return;
  }
  events.push({ type: 'rout', unit: u.id, why });
  markNearRout(s, u);
}

/** Moves `u` into retreat status, or routs it if it was retreating already; may end in surrender. */
export function retreat(s: NeGameState, u: NeUnit, why: string, dice: NeDice, events: GameEvent[], riddenDown = false): void {
  if (u.status === 'retreat') {
    rout(s, u, `${why}, while already retreating`, events);
    return;
  }
  const inches = retreatInches(u);
  // A battery limbers to go ('Artillery Limbering and Unlimbering'): the retreat is placed for the limbered guns.
  const unlimbered = u.arm === 'artillery' && u.formation === 'unlimbered';
  if (unlimbered) u.formation = 'limbered';
  const place = retreatPlacement(s.table, s.units, u.id, inches);
  if (unlimbered && place.distance === 0) u.formation = 'unlimbered';
  if (offTheTable(s, u, place, inches)) {
    rout(s, u, `${why}: it retreated off the table`, events);
    return;
  }
  if (place.surrounded) {
    events.push({ type: 'surrounded', unit: u.id });
    if (!checkMorale(s, u, [], 'surrounded', dice, events)) {
      u.status = 'surrendered';
      events.push({ type: 'surrender', unit: u.id });
      return;
    }
    // Passing, it rallies: it stands where it is and does not go into retreat status.
    events.push({ type: 'rallied', unit: u.id });
    return;
  }
  const die = dice.d6();
  // 'Passing Through Another Unit': a formed unit a retreat passes through is disordered.
  for (const id of place.through) {
    const o = s.units.find((x) => x.id === id);
    if (o && o.formation !== 'skirmish' && !o.disordered) {
      o.disordered = true;
      events.push({ type: 'disordered', unit: o.id, why: `${u.name} retreated through it` });
    }
  }
  u.x = place.x;
  u.y = place.y;
  u.facing = place.facing;
  u.status = 'retreat';
  u.disordered = true;
  u.retreatActions = Math.ceil(place.distance / retreatInches(u)) + reformActions(u, die, riddenDown);
  events.push({ type: 'retreat', unit: u.id, why, to: [round2(u.x), round2(u.y)], distance: round2(place.distance), reformDie: die, recovery: u.retreatActions });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Whether the retreat leaves the table ('Routing'): the movement part shortens a retreat at the table's edge, so a
 * retreat cut short there, whose full distance in the chosen direction would put the unit's centre off the table,
 * is read as running off it.
 */
function offTheTable(s: NeGameState, u: NeUnit, place: { x: number; y: number; facing: number; distance: number; surrounded: boolean }, inches: number): boolean {
  if (place.surrounded || place.distance <= 0 || place.distance >= inches - 1e-9) return false;
  const h = heading(place.facing);
  const x = u.x + h[0] * inches;
  const y = u.y + h[1] * inches;
  return x < 0 || y < 0 || x > s.table.width || y > s.table.height;
}
