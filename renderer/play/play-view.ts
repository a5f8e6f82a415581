// Pure helpers of the play view: the map drawn from the engine's position, and the log in words.
import { lineColorFor } from '../../domain/map/shapes.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { GameView, SideKey } from '../../domain/engine-protocol.js';
import type { Formation, Scenario } from '../../domain/model.js';
import { squareEagles } from '../../domain/rule-systems/square-eagles.js';

/** Sent by the app frame when Undo is asked for while test play is open (menu or Ctrl+Z): the game takes it. */
export const PLAY_UNDO_EVENT = 'adc:play-undo';

export type { SideKey };

/** The Square Eagles optional rules a test game may switch (engine `new-game` options): the rule system's own
 *  switches, named as its rule text names them. */
export const OPTIONAL_RULES: readonly { key: string; label: string }[] = squareEagles.options.flatMap((o) =>
  o.kind === 'switch' ? [{ key: o.name, label: o.label }] : [],
);


export interface SideColours {
  red: string;
  blue: string;
  draw: string;
}

/**
 * Which of the scenario's sides the engine calls `red` and which `blue`, by index. The engine decides (a Square
 * Eagles scenario whose first side has the id "blue" keeps that key), and says so in its `loaded` reply; until it
 * has, the first side is taken to be red.
 */
export type SideOrder = Record<SideKey, 0 | 1>;
export const FIRST_IS_RED: SideOrder = { red: 0, blue: 1 };

export function sideOrderOf(scenario: Scenario, sides: readonly { id: string; key: string }[]): SideOrder {
  const red = sides.find((x) => x.key === 'red');
  const i = red ? scenario.sides.findIndex((x) => x.id === red.id) : -1;
  return i === 1 ? { red: 1, blue: 0 } : FIRST_IS_RED;
}

/** A side's name by the engine's key. */
export function sideNameOf(scenario: Scenario, order: SideOrder, k: SideKey): string {
  return scenario.sides[order[k]]?.name ?? k;
}

/**
 * Each side in the colour its counters wear on the map, darkened where it is too pale for text or a bar on white,
 * so the status, the markers and the report's charts match the map.
 */
export function sideColours(scenario: Scenario, order: SideOrder = FIRST_IS_RED): SideColours {
  const of = (i: 0 | 1) => lineColorFor(typeof scenario.sides[i]?.color === 'string' ? scenario.sides[i].color : SCREEN_STYLE.unit.sideColors[i]);
  return { red: of(order.red), blue: of(order.blue), draw: '#757575' };
}

/**
 * The engine's `state` reply: the summary's fields and one rule system's own view, told apart by `system`
 * (domain/engine-protocol.ts), so a Hex Skirmish formation's men and a Square Eagles unit's hits are both typed.
 */
export type GameState = GameView;
export type SeState = Extract<GameState, { system: 'square-eagles' }>;
export type HexState = Extract<GameState, { system: 'hex-skirmish' }>;
export type NeState = Extract<GameState, { system: 'napoleons-eagles' }>;
/** A position on a grid of boxes or hexes, where every unit stands in a named place. */
export type GridState = SeState | HexState;
/** A unit or formation of any system, as the `state` reply draws it. */
export type EngineUnit = GameState['units'][number];
/** A unit or formation of a gridded system: it stands in a named `box`. */
export type GridUnit = GridState['units'][number];
/** The named place a unit stands in on a grid, or null (off the table, or on an open table with no places). */
export const boxOf = (u: EngineUnit): string | null => ('box' in u ? (u.box ?? null) : null);
export type EngineObjective = GameState['objectives'][number];

/**
 * A copy of the scenario with every Square Eagles unit and general where the engine has them, so the editor's map
 * renderer can draw the game. Units not on the table (in reserve, eliminated, gone off the edge, or with no strength
 * left) are left out rather than drawn where they started.
 */
export function scenarioAtState(scenario: Scenario, state: SeState): Scenario {
  const units = new Map(state.units.map((u) => [u.id, u]));
  const generals = new Map(state.generals.map((g) => [g.id, g]));
  const place = (f: Formation): Formation => {
    const out: Formation = { ...f };
    if (f.leader) {
      const g = generals.get(f.leader.id);
      if (g && g.status === 'table' && g.box) out.leader = { ...f.leader, setup: { cell: g.box } };
      else {
        const { setup: _drop, ...rest } = f.leader;
        out.leader = rest;
      }
    }
    if (f.units) {
      out.units = f.units.flatMap((u) => {
        const e = units.get(u.id);
        if (!e || e.status !== 'table' || !e.box || e.sp - e.hits <= 0) return [];
        const formation = e.formation ?? u.setup?.formation;
        return [{ ...u, setup: { cell: e.box, facing: e.facing ?? u.setup?.facing ?? 0, ...(formation ? { formation } : {}) } }];
      });
    }
    if (f.formations) out.formations = f.formations.map(place);
    return out;
  };
  return { ...scenario, sides: scenario.sides.map((s) => ({ ...s, army: place(s.army) })) as Scenario['sides'] };
}

type Names = ReadonlyMap<string, string>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const plural = (n: unknown, word: string): string => `${str(n)} ${word}${n === 1 ? '' : 's'}`;
const COMPASS: Record<string, string> = { '0': 'north', '90': 'east', '180': 'south', '270': 'west' };
export const facingName = (f: unknown): string => COMPASS[str(f)] ?? `${str(f)}°`;

interface Pool {
  dice?: unknown;
  hitOn?: unknown;
  rolls?: unknown;
  hits?: unknown;
  modifiers?: unknown;
}

function poolText(p: Pool | undefined): string {
  if (!p) return '';
  const rolls = Array.isArray(p.rolls) ? ` [${p.rolls.join(', ')}]` : '';
  return `${plural(p.dice, 'die').replace('dies', 'dice')} on ${str(p.hitOn)}+${rolls} → ${plural(p.hits, 'hit')}`;
}

/** One line per event, in words a player reads; an event this does not know still shows its type and fields. */
/**
 * The engine's own sentence for how a game ended, with the side keys and objective ids it names put into the
 * scenario's names ("blue holds obj-bridge" → "Austrian rearguard holds Moosdorf bridge"). The result box says it
 * from the deciding condition instead (domain/victory-words.ts); this is for the log's last line.
 */
export function reasonInNames(reason: string, names: Names): string {
  return reason.replace(/[\p{L}\p{N}_][\p{L}\p{N}_.:-]*/gu, (word) => names.get(word) ?? names.get(word.replace(/[.:]+$/, '')) ?? word);
}

export function describeEvent(e: Record<string, unknown>, names: Names): string {
  const n = (k: string) => {
    const id = str(e[k]);
    return names.get(id) ?? id;
  };
  const rolls = Array.isArray(e.rolls) ? ` [${(e.rolls as unknown[]).join(', ')}]` : '';
  switch (e.type) {
    case 'turn':
      return e.turn !== undefined ? `— Turn ${str(e.turn)} —` : `${n('unit')} turns to face ${facingName(e.facing)}`;
    case 'orders-roll':
      return `${n('general')} rolls ${str(e.roll)} for orders: ${plural(e.pips, 'pip')}`;
    case 'orders-saved':
      return `${n('general')} saves ${plural(e.saved, 'order')} for a later turn${typeof e.banked === 'number' && e.banked !== e.saved ? ` (${str(e.banked)} saved in all)` : ''}`;
    case 'order':
      return `${n('general')} orders ${n('unit')}${typeof e.cost === 'number' ? ` (${plural(e.cost, 'pip')})` : ''}`;
    case 'attach':
      return `${n('general')} joins ${n('unit')}`;
    case 'initiative':
      return `Initiative dice ${str(e.holderRoll)} against ${str(e.reactorRoll)}: ${n('initiative')} has the initiative`;
    case 'move':
    case 'march':
    case 'maneuver':
      return `${n('unit')} ${{ move: 'moves', march: 'marches', maneuver: 'manoeuvres' }[e.type]} ${e.from ? `from ${str(e.from)} ` : ''}to ${str(e.to)}, facing ${facingName(e.facing)}${e.formation ? `, in ${str(e.formation)}` : ''}`;
    case 'fire':
      if (typeof e.dice !== 'number') return generic(e, names);
      return `${n('unit')} ${e.kind === 'skirmish' ? 'skirmishes against' : 'fires on'} ${n('target')}: ${poolText(e)}`;
    case 'bombard':
      return `${n('unit')} bombards (resupplies)`;
    case 'resupply':
      return `${n('unit')} rolls ${str(e.roll)} for supply: ${e.supplied ? 'supplied' : 'out of supply'}`;
    case 'assault':
      return `${n('unit')} assaults ${n('target')}${e.to ? ` from ${str(e.to)}` : ''}${e.side ? ` (${str(e.side)})` : ''}`;
    case 'assault-defence':
      return `${n('unit') || 'The defender'} answers the assault: ${str(e.choice)}`;
    case 'assault-stopped':
      return `${n('unit')}'s assault is stopped: ${str(e.why)}`;
    case 'assault-result': {
      const side = (k: string) => poolText(e[k] as Pool | undefined);
      return `Assault of ${n('unit')} on ${n('target')}: attacker ${side('attacker')}; defender ${side('defender')}`;
    }
    case 'assault-won':
      return `${n('unit')} wins the assault`;
    case 'after-assault':
      return `${n('unit') || 'The winner'} ${str(e.choice) === 'stay' ? 'stays' : str(e.choice) === 'advance' ? 'advances' : 'turns'}`;
    case 'advance':
      return `${n('unit')} advances to ${str(e.to)}${e.why ? ` (${str(e.why)})` : ''}`;
    case 'retreat':
      if (e.blocked) return `${n('unit')} cannot retreat: ${str(e.blocked)}`;
      return `${n('unit')} retreats to ${str(e.to)}${typeof e.hits === 'number' && e.hits > 0 ? `, taking ${plural(e.hits, 'hit')} on the way` : ''}`;
    case 'eliminated':
      return `${n('unit')} is eliminated${e.why ? ` (${str(e.why)})` : ''}`;
    case 'general-removed':
      return `${n('general')} leaves the field with his unit`;
    case 'general-returns':
      return `${n('general')} returns, with ${n('unit')}`;
    case 'general-arrives':
      return `${n('general')} arrives with ${n('unit')}`;
    case 'rally':
      return `${n('unit')} rallies${rolls || (e.roll !== undefined ? ` [${str(e.roll)}]` : '')}: ${plural(e.removed, 'hit')} removed`;
    case 'exit':
      return `${n('unit')} leaves the table${e.from ? ` from ${str(e.from)}` : ''}`;
    case 'reinforcement-roll':
      return `${n('side')} rolls ${str(e.roll)} for reinforcements (needs ${str(e.need)}+): ${e.arrives ? 'they arrive' : 'not yet'}`;
    case 'reinforcement':
      return `${n('unit')} arrives at ${str(e.at)}`;
    case 'defend-window':
      return `${n('side')} may defend (fire with unused orders)`;
    case 'end-orders':
    case 'end-actions':
      return `${n('side') || 'Side'} ends ${e.type === 'end-orders' ? 'orders' : 'actions'}`;
    case 'game-over':
    case 'result':
      return `Game over: ${reasonInNames(str(e.reason), names)}`;
    default:
      return generic(e, names);
  }
}

function generic(e: Record<string, unknown>, names: Names): string {
  const fields = Object.entries(e)
    .filter(([k, v]) => k !== 'type' && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => `${k} ${names.get(String(v)) ?? String(v)}`);
  return `${str(e.type)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
}
