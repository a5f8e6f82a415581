// What a player may see of the enemy with the optional 'Weather and Visibility' rule on (rules notes §15 and its
// play-view note): enemy units are made out by stages as they come nearer — a mass of troops at 260", its formation
// at 64", infantry from cavalry at 48", the type of unit at 26", the unit itself at 12" — measured base edge to base
// edge from the nearest unit of the watching side, or from one of its leaders with his spyglass 20" further. Rain,
// snow, fog, mist and haze cut every distance (light rain or snow ½, heavy ¼, fog ¼, mist ½, haze ¾: the engine's
// visibility.ts factors). View only: the engine's state is complete; this decides what the table and the list show.
import type { NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import { baseCorners, baseDistance, type Base } from '../../domain/map/rect-distance.js';
import type { Scenario } from '../../domain/model.js';
import { weatherSightFactor } from '../../domain/rule-systems/napoleons-eagles-sight.js';
import { baseOf, leaderPlace, type Piece } from './ne-pieces.js';

/** How much of an enemy unit the watching side makes out, least first. */
export type Sight = 'hidden' | 'mass' | 'formation' | 'arm' | 'type' | 'identity';
export const SIGHTS: readonly Sight[] = ['hidden', 'mass', 'formation', 'arm', 'type', 'identity'];

/** Clear-weather distances (inches) at which each stage is made out. */
export const SIGHT_DISTANCE: Readonly<Record<Exclude<Sight, 'hidden'>, number>> = { mass: 260, formation: 64, arm: 48, type: 26, identity: 12 };
/** What a leader's spyglass adds to every distance. */
export const SPYGLASS = 20;

// The weather's factor on every sighting distance is the engine's own (rules notes §15).
export { weatherSightFactor as weatherFactor };

/** Whether the scenario plays with the visibility rule. */
export function visibilityOn(scenario: Pick<Scenario, 'ruleOptions'>): boolean {
  return scenario.ruleOptions?.['napoleons-eagles']?.visibility === true;
}

/** A seat as the game records it: 'human', or the name of a computer player. */
export type Seat = string;

/**
 * Whose eyes the table shows, or null for everything. One human against the AI: the human's side, always. Two
 * humans at one screen (hot seat): the side to act, since it is that player who looks; while no side acts (the
 * game over), everything. No human (the AI against itself) or a replay: everything, as an umpire sees it.
 */
export function watchingSide(players: Readonly<Record<SideKey, Seat>> | null, toAct: SideKey | null, replay: boolean): SideKey | null {
  if (!players || replay) return null;
  const humans = (['red', 'blue'] as const).filter((k) => players[k] === 'human');
  if (humans.length === 1) return humans[0]!;
  if (humans.length === 2) return toAct;
  return null;
}

/** A point as a base of no size, for measuring from a leader. */
const pointBase = (at: [number, number]): Base => ({ at, facing: 0, width: 0, depth: 0 });

/**
 * How much `watcher` makes out of each enemy unit on the table (its own units are always known). `factor` is the
 * weather's cut on every distance; a spyglass adds its 20" before the cut (it does not see through fog).
 */
export function sightOf(view: Pick<NapoleonsEaglesView, 'units' | 'leaders'>, watcher: SideKey, factor: number): Map<string, Sight> {
  const eyes = view.units.flatMap((u) => {
    const b = u.side === watcher ? baseOf(u) : null;
    return b ? [b] : [];
  });
  const glasses = view.leaders.filter((l) => l.side === watcher && !l.lost).map((l) => pointBase(leaderPlace(l, view.units)));
  const out = new Map<string, Sight>();
  for (const u of view.units) {
    const b = baseOf(u);
    if (!b) continue;
    if (u.side === watcher) {
      out.set(u.id, 'identity');
      continue;
    }
    const byUnits = Math.min(Infinity, ...eyes.map((e) => baseDistance(e, b)));
    const byGlass = Math.min(Infinity, ...glasses.map((g) => baseDistance(g, b)));
    let seen: Sight = 'hidden';
    for (const s of SIGHTS.slice(1) as Exclude<Sight, 'hidden'>[]) {
      const reach = SIGHT_DISTANCE[s];
      if (byUnits <= reach * factor + 1e-9 || byGlass <= (reach + SPYGLASS) * factor + 1e-9) seen = s;
    }
    out.set(u.id, seen);
  }
  return out;
}

/**
 * Enemy leaders by the same stages, measured from their place: a general's party is made out as such at the type
 * distance (26"), and known by name at 12"; farther, it is lost among the troops (Interpretation: the text gives
 * distances for units only, and a party of riders is smaller than any unit).
 */
export function leaderSights(view: Pick<NapoleonsEaglesView, 'units' | 'leaders'>, watcher: SideKey, factor: number): Map<string, Sight> {
  const eyes = view.units.flatMap((u) => {
    const b = u.side === watcher ? baseOf(u) : null;
    return b ? [b] : [];
  });
  const glasses = view.leaders.filter((l) => l.side === watcher && !l.lost).map((l) => pointBase(leaderPlace(l, view.units)));
  const out = new Map<string, Sight>();
  for (const l of view.leaders) {
    if (l.side === watcher) {
      out.set(l.id, 'identity');
      continue;
    }
    const b = pointBase(leaderPlace(l, view.units));
    const byUnits = Math.min(Infinity, ...eyes.map((e) => baseDistance(e, b)));
    const byGlass = Math.min(Infinity, ...glasses.map((g) => baseDistance(g, b)));
    const within = (reach: number) => byUnits <= reach * factor + 1e-9 || byGlass <= (reach + SPYGLASS) * factor + 1e-9;
    out.set(l.id, within(SIGHT_DISTANCE.identity) ? 'identity' : within(SIGHT_DISTANCE.type) ? 'type' : 'hidden');
  }
  return out;
}

const ARM: Record<string, string> = { infantry: 'Infantry', cavalry: 'Cavalry', artillery: 'Artillery', train: 'Train' };

/** What the table calls a unit seen only so far: nothing, its arm, or its type and arm. */
export function veiledName(u: { arm: string; type: string }, sight: Sight): string {
  if (sight === 'arm') return ARM[u.arm] ?? 'Troops';
  if (sight === 'type') return `${u.type.charAt(0).toUpperCase()}${u.type.slice(1).replace(/-/g, ' ')} ${u.arm === 'train' ? 'train' : (ARM[u.arm] ?? '').toLowerCase()}`.trim();
  return '';
}

/** A grey for a mass of troops whose side and formation cannot yet be made out. */
export const MASS_FILL = '#8d8d8d';

/**
 * The table's pieces as the watching side sees them: units out of sight left out; a mass as a grey block of its
 * footprint without a front edge; a formation in its side's colour with its front, unnamed and without markers;
 * then its arm, then its type, named so; the unit itself as it is.
 */
export function veilPieces(list: readonly Piece[], units: readonly { id: string; arm: string; type: string }[], sights: ReadonlyMap<string, Sight>): Piece[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  return list.flatMap((p) => {
    const s = sights.get(p.id) ?? 'identity';
    if (s === 'identity') return [p];
    if (s === 'hidden') return [];
    const u = byId.get(p.id);
    const veiled: Piece = { ...p, name: u ? veiledName(u, s) : '', markers: [], refused: null, spent: false, sight: s };
    if (s === 'mass') {
      // A square of the footprint's area, unturned: a mass shows its size, not whether it stands in line or column.
      const side = Math.sqrt(p.base.width * p.base.depth);
      const base: Base = { at: p.base.at, facing: 0, width: side, depth: side };
      const corners = baseCorners(base);
      return [{ ...veiled, base, corners, front: [corners[0], corners[1]], fill: MASS_FILL, frontStroke: MASS_FILL }];
    }
    return [veiled];
  });
}
