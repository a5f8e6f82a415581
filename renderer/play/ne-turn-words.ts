// Why a unit on the open table cannot be picked now, and what the period's movement count means, in a player's words.
// The engine decides who may act (legal-actions); these only explain the refusal and the count it already shows.
import type { NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import { stillToMove } from './ne-pieces.js';

type View = Pick<NapoleonsEaglesView, 'units' | 'decision' | 'flanks' | 'roles'>;

/**
 * Why a click on `unit` picks nothing, or null when there is nothing worth saying (an enemy, a unit of a side not
 * acting, a decision that is not a unit's activation). A unit mid-activation holds the table until it is done with
 * ('Sequence of Play in One Period': one unit's activation ends before the next starts).
 */
export function notActingWords(view: View, unit: string, acting: ReadonlySet<string>, names: ReadonlyMap<string, string>): string | null {
  if (acting.has(unit) || view.decision.kind !== 'activate') return null;
  const u = view.units.find((x) => x.id === unit);
  const side = view.decision.side;
  if (!u || !side || u.side !== side || u.status !== 'table') return null;
  const name = (id: string) => names.get(id) ?? view.units.find((x) => x.id === id)?.name ?? id;
  const busy = view.decision.unit;
  if (busy && busy !== unit) return `${name(busy)} is still acting: press “Done with this unit” first, then pick ${name(unit)}.`;
  if (u.activated || u.markers.includes('moved')) return `${name(unit)} has already moved this period.`;
  if (!stillToMove(view).some((x) => x.id === unit) && view.flanks) return `${name(unit)} is on another table flank: it moves when its flank does.`;
  return null;
}

/** How many units of side A are counted for its right to finish: those on the table, of the flank moving now. */
function sideAOnTable(view: View, a: SideKey): number {
  const flank = view.flanks?.stage === 'moving' ? view.flanks.now : null;
  return view.units.filter((u) => u.side === a && u.status === 'table' && (flank === null || u.flank === undefined || u.flank === flank)).length;
}

/**
 * "Units moved this period: Prussians 3, French 2 · side A may finish after 6 (3 more)": the count per side the status
 * shows, and how far side A is from the half of its units it must move before it may finish ('Movement Order').
 */
export function movedWords(view: View, sideName: (k: SideKey) => string): string {
  const { roles } = view;
  const count = `Units moved this period: ${sideName('red')} ${roles.moved.red}, ${sideName('blue')} ${roles.moved.blue}`;
  if (!roles.a) return count;
  const need = Math.ceil(sideAOnTable(view, roles.a) / 2);
  const more = need - roles.moved[roles.a];
  return `${count} · side A may finish once it has moved ${need} of its units${more > 0 ? ` (${more} more)` : ' (it may finish now)'}`;
}
