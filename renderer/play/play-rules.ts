// What the play view does differently for each rule system, in one table chosen by the view's `system`: the log's
// words, the buttons' words, the dice, the map's flashes, what the map itself draws, the phase hints and the
// optional rules offered at set-up. Everything else in the play view is the same for every system.
import type { HexSkirmishUnit, NapoleonsEaglesUnit, RuleSystemId, SquareEaglesUnit } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { boardWithoutPieces } from './hex-chits.js';
import { describeHexEvent, hexActionLabel, hexDiceOf, hexEffectsOf, hexUnitLine } from './hex-words.js';
import { describeNeEvent, NE_HINT, neActionLabel, neDiceOf, neEffectsOf, neUnitLine } from './ne-words.js';
import { actionLabel, diceOf, effectsOf, type DiceRoll, type Effect, type EngineAction, type EventContext } from './play-actions.js';
import { describeEvent, OPTIONAL_RULES, scenarioAtState, type EngineUnit, type GameState, type SeState } from './play-view.js';

type Names = ReadonlyMap<string, string>;

export interface PlayRules {
  system: RuleSystemId;
  /** The optional rules a game may switch at set-up (engine `new-game` options). */
  optionalRules: readonly { key: string; label: string }[];
  /** What one place on the map is called: a box, a hex. */
  cell: { one: string; many: string };
  /** `context`: the events it came with, for the words that read a neighbour. */
  describeEvent: (e: Record<string, unknown>, names: Names, context?: EventContext) => string;
  diceOf: (events: readonly unknown[], names: Names) => DiceRoll[];
  effectsOf: (events: readonly unknown[], before: GameState | null) => Effect[];
  /** A button's words; `phase` is the phase now, for actions that end it. */
  actionLabel: (a: EngineAction, names: Names, phase?: string) => string;
  /** What the player is asked to do, by the decision pending. */
  phaseHint: Readonly<Record<string, string>>;
  /** The scenario as the map should draw it at this position (the counters the map draws itself, if any). */
  board: (scenario: Scenario, state: GameState) => Scenario;
  /** A unit or formation in a line, for the decision panel. */
  unitLine: (u: EngineUnit) => string;
  /** How `explain` names an attack action (`kind`), or null for an action it cannot explain. */
  explainKind: (a: EngineAction) => 'fire' | 'assault' | null;
  /** What the summary's `initiative` side is, in words. */
  initiative: string;
  /** How to read the counters the play view draws itself, or null when the map's own counters are the scenario's. */
  legend: string | null;
}

const SE_HINT: Record<string, string> = {
  orders: 'Give orders: pick a unit on the map (dashed gold), then Order or Attach a General. End orders when done.',
  actions: 'Pick a unit: tinted boxes are where it can go (the number is the movement it costs), red rings what it can assault.',
  fire: 'Fire: pick a unit, then one of its targets (red rings). Hover a target to see the dice first.',
  defend: 'Defend!: fire with a unit that kept an order, or pass.',
  'assault-defence': 'Your unit is assaulted and holds an order: choose how to spend it.',
  'assault-win': 'Your unit won the assault: advance, turn or stay.',
};

const HEX_HINT: Record<string, string> = {
  cannonade: 'Cannonade: pick a cannon (dashed gold), then a target ringed in red. Hover a target to see the casualties each roll would cause.',
  march:
    'March: pick a formation (click a hex again for the next one in it); tinted hexes are where it can go, the number is the movement it costs. Split, join or detach below. End march when done.',
  melee: 'Melee: pick a formation beside the enemy, then a ringed target to attack it alone, or attack together below. Hover a target to see the odds.',
};

const squareEagles: PlayRules = {
  system: 'square-eagles',
  optionalRules: OPTIONAL_RULES,
  cell: { one: 'box', many: 'boxes' },
  describeEvent,
  diceOf,
  effectsOf,
  actionLabel: (a, names) => actionLabel(a, names),
  phaseHint: SE_HINT,
  board: (scenario, state) => scenarioAtState(scenario, state as SeState),
  unitLine(unit) {
    const u = unit as SquareEaglesUnit;
    const orders = u.orders !== undefined ? ` · orders ${Math.max(0, u.orders - (u.ordersUsed ?? 0))} of ${u.orders}` : '';
    return `${u.type ?? ''}${u.formation ? ` in ${u.formation}` : ''} · ${u.hits}/${u.sp} hits${orders}`;
  },
  explainKind: (a) => (a.type === 'assault' ? 'assault' : a.type === 'fire' || a.type === 'defend-fire' ? 'fire' : null),
  initiative: 'initiative',
  legend: null,
};

const hexSkirmish: PlayRules = {
  system: 'hex-skirmish',
  optionalRules: [],
  cell: { one: 'hex', many: 'hexes' },
  describeEvent: describeHexEvent,
  diceOf: hexDiceOf,
  effectsOf: hexEffectsOf,
  actionLabel: hexActionLabel,
  phaseHint: HEX_HINT,
  board: (scenario) => boardWithoutPieces(scenario),
  unitLine: (u) => hexUnitLine(u as HexSkirmishUnit),
  explainKind: (a) => (a.type === 'melee' ? 'assault' : a.type === 'fire' ? 'fire' : null),
  initiative: 'moves first',
  legend: 'Each chit is a formation: I infantry, C cavalry, A artillery, B baggage; the number is its men. ★ an officer rides with it (a chit with only a star is an officer alone). R routing, U unarmed, P prisoners (in their captor\'s colour, bordered in their own); grey: a cannon or wagons left behind. Shaded, dashed hexes are impassable.',
};

// An open table: no boxes or hexes, so the map draws the engine's units itself (ne-pieces.ts, NeTable.tsx) over the
// scenario's terrain, and moves are placed by dragging rather than picked from a list of places.
const napoleonsEagles: PlayRules = {
  system: 'napoleons-eagles',
  optionalRules: [],
  cell: { one: 'spot', many: 'spots' },
  describeEvent: describeNeEvent,
  diceOf: neDiceOf,
  effectsOf: (events, before) => neEffectsOf(events, before?.system === 'napoleons-eagles' ? before : null),
  actionLabel: (a, names) => neActionLabel(a, names),
  phaseHint: NE_HINT,
  board: (scenario) => boardWithoutPieces(scenario),
  unitLine: (u) => neUnitLine(u as NapoleonsEaglesUnit),
  explainKind: (a) => (a.type === 'charge' ? 'assault' : a.type === 'fire' ? 'fire' : null),
  initiative: 'moves first',
  legend:
    'Each unit is its base at true size; the white edge is its front. Chips: 20/24 figures left of those at the start, F/T/X fatigued, tired, exhausted, D disordered, R2 retreating (actions to recover), M morale check due, OC out of command, S standing, L locked in close action, RL/RR left or right flank refused (also a green edge turned back), OOC out of control, AG fought again next period, RS resupplying, FS/FX setting or fighting a fire. Grey bands are smoke; flags mark divisions\u2019 orders (a hollow flag: one on its way); orange blocks are burning. Gold dashes: still to move this period.',
};

const RULES: Readonly<Record<RuleSystemId, PlayRules>> = { 'square-eagles': squareEagles, 'hex-skirmish': hexSkirmish, 'napoleons-eagles': napoleonsEagles };

/** The play view's rules for a system; anything unknown is played as Square Eagles, the first engine's. */
export function playRules(system: unknown): PlayRules {
  return typeof system === 'string' && Object.hasOwn(RULES, system) ? RULES[system as RuleSystemId] : squareEagles;
}
