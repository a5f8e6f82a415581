// The visibility rule beyond the table's pieces (rules notes §15, its play-view note): the game log, the dice, the
// fire preview's solid-shot victims and the other side's written orders say of an enemy unit only what the watching
// side makes out of it (ne-visibility.ts's stages), so none of them gives away what the table hides.
import type { NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { leaderSights, sightOf, SIGHTS, veiledName, visibilityOn, watchingSide, weatherFactor, type Seat, type Sight } from './ne-visibility.js';

/** How a formation looks from afar, before its arm is made out: a battery in action stands in line, limbered in column. */
const FORMATION_WORDS: Record<string, string> = {
  line: 'an enemy line',
  'supported-line': 'an enemy line',
  echelon: 'an enemy line',
  unlimbered: 'an enemy line',
  column: 'an enemy column',
  limbered: 'an enemy column',
  'road-column': 'an enemy road column',
  square: 'an enemy square',
  skirmish: 'an enemy skirmish screen',
};
const ARM_WORDS: Record<string, string> = { infantry: 'enemy infantry', cavalry: 'enemy cavalry', artillery: 'enemy artillery', train: 'an enemy train' };

/** What the watching side calls an enemy unit it makes out only so far; '' when it knows the unit itself. */
export function seenWords(u: { arm: string; type: string; formation?: string }, sight: Sight): string {
  switch (sight) {
    case 'identity':
      return '';
    case 'hidden':
      return 'an unseen enemy unit';
    case 'mass':
      return 'an enemy mass';
    case 'formation':
      return FORMATION_WORDS[u.formation ?? ''] ?? 'enemy troops in formation';
    case 'arm':
      return ARM_WORDS[u.arm] ?? 'enemy troops';
    case 'type':
      return `enemy ${veiledName(u, 'type').toLowerCase()}`;
  }
}

/** The better of two sights (a unit seen before an event, or after it, was seen in it). */
const better = (a: Sight | undefined, b: Sight | undefined): Sight | undefined => (a === undefined ? b : b === undefined ? a : SIGHTS.indexOf(a) >= SIGHTS.indexOf(b) ? a : b);

/**
 * The side whose eyes the log and the dice speak for: only one human against the AI (its side, always). A hot seat's
 * log is read by both players in turn, and the AI against itself and replays are watched as an umpire, so those keep
 * every name (rules notes §15).
 */
export function logWatcher(scenario: Pick<Scenario, 'ruleSystem' | 'ruleOptions'>, players: Readonly<Record<SideKey, Seat>> | null, replay: boolean): SideKey | null {
  if (scenario.ruleSystem !== 'napoleons-eagles' || !visibilityOn(scenario)) return null;
  const humans = players ? (['red', 'blue'] as const).filter((k) => players[k] === 'human') : [];
  return humans.length === 1 ? watchingSide(players, null, replay) : null;
}

type Placed = Pick<NapoleonsEaglesView, 'units' | 'leaders'>;

/**
 * The names the log uses for one action's events, as `watcher` knows them: each enemy unit by what its side made out
 * of it before or after the action (the better of the two: it was seen in the act), an enemy leader by name only
 * when made out as himself. `before` and `after` are the positions either side of the action.
 */
export function fogNames(names: ReadonlyMap<string, string>, watcher: SideKey, before: Placed | null, after: Placed, factor: number): Map<string, string> {
  const out = new Map(names);
  const a = sightOf(after, watcher, factor);
  const b = before ? sightOf(before, watcher, factor) : new Map<string, Sight>();
  const formationOf = new Map([...(before?.units ?? []), ...after.units].map((u) => [u.id, u]));
  for (const u of formationOf.values()) {
    if (u.side === watcher) continue;
    const s = better(a.get(u.id), b.get(u.id)) ?? 'hidden';
    if (s !== 'identity') out.set(u.id, seenWords(u, s));
  }
  const la = leaderSights(after, watcher, factor);
  const lb = before ? leaderSights(before, watcher, factor) : new Map<string, Sight>();
  for (const l of [...(before?.leaders ?? []), ...after.leaders]) {
    if (l.side !== watcher && better(la.get(l.id), lb.get(l.id)) !== 'identity') out.set(l.id, 'an enemy general');
  }
  return out;
}

/** A log line whose first word a veiled name has become ("an enemy mass fires…") starts with a capital again. */
export const capitalised = (text: string): string => (text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text);

/** The log's names for an action under the visibility rule, or `names` itself when nothing is veiled. */
export function logNames(
  scenario: Pick<Scenario, 'ruleSystem' | 'ruleOptions' | 'weather'>,
  players: Readonly<Record<SideKey, Seat>> | null,
  replay: boolean,
  before: unknown,
  after: unknown,
  names: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const watcher = logWatcher(scenario, players, replay);
  const isNe = (s: unknown): s is NapoleonsEaglesView => typeof s === 'object' && s !== null && (s as { system?: unknown }).system === 'napoleons-eagles';
  if (!watcher || !isNe(after)) return names;
  return fogNames(names, watcher, isNe(before) ? before : null, after, weatherFactor(scenario.weather));
}

/** The view with only the watching side's written orders (command option #2): the enemy's are its own secret. */
export function ownOrders<V extends Pick<NapoleonsEaglesView, 'orders'>>(view: V, watcher: SideKey | null): V {
  if (!watcher || !view.orders) return view;
  return { ...view, orders: view.orders.filter((o) => o.side === watcher) };
}

/** The legend's line for the visibility rule, shown while the table is drawn through one side's eyes. */
export const FOG_LEGEND =
  'Visibility rule: you see the enemy as your troops and generals could. A grey block is a mass of troops seen from afar (side, formation and front not yet made out); nearer, a unit shows its formation, then its arm, its type, and at 12" its name. Units farther off are not drawn; the log, the dice and the previews name the enemy the same way.';
