// How Hex Skirmish formations look on the play map, before anything is drawn: which formations share each hex and
// in what order, where each chit sits within its hex, and what each chit shows (colours, arm letter, men, marks).
// The engine's formations change during play (splits, left cannon, a detached officer), so the map draws these
// from the engine's units, never from the scenario's.
import type { HexSkirmishUnit } from '../../domain/engine-protocol.js';
import type { Formation, Scenario } from '../../domain/model.js';
import type { SideColours } from './play-view.js';

/**
 * The scenario as the map draws it under a hex game: its terrain and objectives, with no unit or leader placed,
 * since the counters come from the engine's formations instead.
 */
export function boardWithoutPieces(scenario: Scenario): Scenario {
  const strip = (f: Formation): Formation => {
    const out: Formation = { ...f };
    if (f.leader) {
      const { setup: _drop, ...leader } = f.leader;
      out.leader = leader;
    }
    if (f.units) out.units = f.units.map(({ setup: _drop, ...u }) => u);
    if (f.formations) out.formations = f.formations.map(strip);
    return out;
  };
  return { ...scenario, sides: scenario.sides.map((s) => ({ ...s, army: strip(s.army) })) as Scenario['sides'] };
}

/** Fighters first, then those who cannot fight, then what is left lying about: the order chits are laid out in. */
const ORDER: Record<HexSkirmishUnit['state'], number> = { armed: 0, unarmed: 1, routing: 2, prisoner: 3, abandoned: 4 };

/** The formations on the map, by hex, each hex's in the order its chits are drawn. */
export function formationsByHex(units: readonly HexSkirmishUnit[]): Map<string, HexSkirmishUnit[]> {
  const out = new Map<string, HexSkirmishUnit[]>();
  for (const u of units) {
    if (u.status !== 'table' || !u.box) continue;
    const list = out.get(u.box);
    if (list) list.push(u);
    else out.set(u.box, [u]);
  }
  for (const list of out.values()) list.sort((a, b) => ORDER[a.state] - ORDER[b.state] || (a.kind === 'officer' ? 1 : 0) - (b.kind === 'officer' ? 1 : 0));
  return out;
}

/** Where a chit sits: its centre's offset from the hex centre and its side, in hex widths (flat side to flat side). */
export interface ChitPlace {
  dx: number;
  dy: number;
  size: number;
}

/**
 * Places for `n` chits inside one hex, all within its inscribed circle so none spills into a neighbour: one large
 * in the middle, two side by side, three or four in a square, more in a cascade that still shows every top edge.
 */
export function chitPlaces(n: number): ChitPlace[] {
  if (n <= 0) return [];
  if (n === 1) return [{ dx: 0, dy: 0, size: 0.52 }];
  if (n === 2)
    return [
      { dx: -0.225, dy: 0, size: 0.44 },
      { dx: 0.225, dy: 0, size: 0.44 },
    ];
  if (n <= 4) {
    const corners = [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ] as const;
    // 0.36 is the largest square of four that touch and still fit a hex: s + s/√3 ≤ 1/√3.
    const places = corners.slice(0, n).map(([x, y]) => ({ dx: x * 0.18, dy: y * 0.18, size: 0.36 }));
    // Three: two above, one centred below them, so the stack does not look as if one were missing.
    if (n === 3) places[2] = { dx: 0, dy: 0.18, size: 0.36 };
    return places;
  }
  const step = 0.28 / (n - 1);
  return Array.from({ length: n }, (_, i) => ({ dx: -0.14 + i * step, dy: -0.14 + i * step, size: 0.3 }));
}

/** What one chit shows, in words and colours. */
export interface ChitLook {
  /** The arm: I infantry, C cavalry, A artillery (a cannon, crewed or left), B baggage; empty for an officer alone. */
  letter: string;
  /** The men, large; empty for an officer alone or a left cannon or wagon train. */
  men: string;
  fill: string;
  /** The border: the prisoners' own side under their captor's colour, else dark. */
  border: string;
  borderWide: boolean;
  text: string;
  /** An officer rides with the formation, or (`officerOnly`) stands alone as a chit of his own. */
  officer: boolean;
  officerOnly: boolean;
  /** A mark beside the letter: R routing, P prisoners, U unarmed. */
  mark: string;
  /** Routers are drawn hatched and faded. */
  hatched: boolean;
  faded: boolean;
  /** A sentence for the counter's tooltip and the e2e checks. */
  title: string;
}

const LETTER: Record<HexSkirmishUnit['kind'], string> = { infantry: 'I', cavalry: 'C', artillery: 'A', baggage: 'B', officer: '' };
const LEFT_GREY = '#8d8d8d';

export function chitLook(u: HexSkirmishUnit, colours: SideColours): ChitLook {
  const own = colours[u.side];
  const officerOnly = u.kind === 'officer';
  const base: ChitLook = {
    letter: LETTER[u.kind],
    men: officerOnly ? '' : String(u.men),
    fill: own,
    border: '#1a1a1a',
    borderWide: false,
    text: '#fff',
    officer: !!u.officer,
    officerOnly,
    mark: '',
    hatched: false,
    faded: false,
    title: `${u.name}: ${officerOnly ? 'officer' : `${u.men} ${u.kind}`}`,
  };
  switch (u.state) {
    case 'routing':
      return { ...base, mark: 'R', hatched: true, faded: true, title: `${base.title}, routing` };
    case 'prisoner':
      return { ...base, fill: u.captor ? colours[u.captor] : LEFT_GREY, border: own, borderWide: true, mark: 'P', title: `${base.title}, prisoners` };
    case 'unarmed':
      return { ...base, mark: 'U', faded: true, title: `${base.title}, unarmed` };
    case 'abandoned':
      return { ...base, letter: u.wagon ? 'B' : 'A', men: '', fill: LEFT_GREY, border: '#424242', title: `${u.name}, left with no crew` };
    default:
      return base;
  }
}
