// A scenario's victory conditions as a player reads them: one sentence each, in the order they are checked, with the
// scenario's own side names, objective names and turn limit. The inspector's victory editor and the printed sheet
// both say them through this file, so what the designer reads while editing is what the players get on paper. A
// test-played game's result is said here too, in the same names, so the play view never shows an id or a side key.
import type { DecidedBy, SideKey } from './engine-protocol.js';
import type { Edge, Scenario, VictoryCondition } from './model.js';
import { listWords, objectiveName, plural, sideName } from './sheet/words.js';

export const VICTORY_KINDS = ['hold', 'exit', 'destroy', 'points'] as const;
export type VictoryKind = (typeof VICTORY_KINDS)[number];

/** Each kind named for a menu or a select, as a designer thinks of it. */
export const VICTORY_KIND_WORDS: Readonly<Record<VictoryKind, string>> = {
  hold: 'Hold objectives',
  exit: 'Move units off an edge',
  destroy: "Destroy part of the enemy's force",
  points: 'More victory points',
};

export const VICTORY_CLOSING = 'The conditions are checked in this order and the first one met decides; otherwise the game is a draw.';

const EDGES: readonly Edge[] = ['north', 'east', 'south', 'west'];

const sidesOf = (scenario: Scenario): unknown[] => (Array.isArray(scenario.sides) ? scenario.sides : []);

/** The side's name, or its id where it has none; the id as written when no side has it (the validator names that). */
function nameOfSide(scenario: Scenario, id: unknown): string {
  const sides = sidesOf(scenario);
  const index = sides.findIndex((s) => !!s && typeof s === 'object' && (s as { id?: unknown }).id === id);
  return index >= 0 ? sideName(sides[index] as Scenario['sides'][number], String(id)) : String(id);
}

/** The name of the side that is not `id`, for "the enemy's units (…)"; null when there is no such side. */
function otherSideName(scenario: Scenario, id: unknown): string | null {
  const other = sidesOf(scenario).find((s) => !!s && typeof s === 'object' && (s as { id?: unknown }).id !== id) as Scenario['sides'][number] | undefined;
  return other ? sideName(other, String(other.id)) : null;
}

/** "the end of turn 15", or "the end of the game" where the scenario sets no usable turn limit. */
export function gameEndWords(scenario: Scenario): string {
  const limit = scenario.turns && typeof scenario.turns === 'object' ? scenario.turns.limit : undefined;
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 ? `the end of turn ${limit}` : 'the end of the game';
}

/**
 * Who a condition is for, and the verb forms that go with it. A named side takes the plural ("French win", "the
 * garrison win", as British usage has it for a body of men); "either side" takes the singular.
 */
function subject(scenario: Scenario, side: unknown, anyAllowed: boolean): { who: string; win: string; they: string; verb(plural: string, singular: string): string } {
  const named = typeof side === 'string' && side !== 'any';
  if (named) return { who: nameOfSide(scenario, side), win: 'win', they: 'they', verb: (p) => p };
  const who = anyAllowed ? 'Either side' : 'The side not yet chosen';
  return { who, win: 'wins', they: 'it', verb: (_p, s) => s };
}

function objectiveNames(scenario: Scenario, ids: unknown): string[] {
  const list = Array.isArray(ids) ? ids : [];
  const objectives = Array.isArray(scenario.objectives) ? scenario.objectives : [];
  return list.map((id) => {
    const o = objectives.find((x) => !!x && typeof x === 'object' && x.id === id);
    return o ? objectiveName(scenario, o) : String(id);
  });
}

/** "Moosdorf bridge", "both Moosdorf and the mill", "all of Moosdorf, the mill and the ridge". */
function holdWhat(names: string[]): string {
  if (names.length === 0) return 'the objectives (none chosen yet)';
  if (names.length === 1) return names[0]!;
  if (names.length === 2) return `both ${names[0]} and ${names[1]}`;
  return `all of ${listWords(names)}`;
}

/** One condition in words, as the sheet prints it and the editor shows it. */
export function victorySentence(scenario: Scenario, condition: VictoryCondition): string {
  const c = condition as { kind?: unknown; side?: unknown; objectives?: unknown; count?: unknown; edge?: unknown; percent?: unknown };
  const end = gameEndWords(scenario);
  switch (c.kind) {
    case 'hold': {
      const s = subject(scenario, c.side, c.side === 'any');
      return `${s.who} ${s.win} if ${s.they} ${s.verb('hold', 'holds')} ${holdWhat(objectiveNames(scenario, c.objectives))} at ${end}.`;
    }
    case 'exit': {
      const s = subject(scenario, c.side, c.side === 'any');
      const count = typeof c.count === 'number' && Number.isFinite(c.count) ? plural(c.count, 'unit') : 'units (how many not set)';
      const edge = typeof c.edge === 'string' && (EDGES as readonly string[]).includes(c.edge) ? `the ${c.edge} edge` : 'an edge not yet chosen';
      return `${s.who} ${s.win} if ${s.they} ${s.verb('move', 'moves')} ${count} off ${edge} by ${end}.`;
    }
    case 'destroy': {
      const s = subject(scenario, c.side, true);
      const share = typeof c.percent === 'number' && Number.isFinite(c.percent) ? `at least ${c.percent}%` : 'a share (not set)';
      const named = typeof c.side === 'string' && c.side !== 'any';
      const enemy = named ? otherSideName(scenario, c.side) : null;
      const whose = named ? `the enemy's units${enemy ? ` (${enemy})` : ''}` : "the other side's units";
      return `${s.who} ${s.win} if ${s.they} ${s.verb('destroy', 'destroys')} ${share} of ${whose} by ${end}.`;
    }
    case 'points': {
      if (c.side === undefined || c.side === 'any') return `The side with more victory points at ${end} wins.`;
      const s = subject(scenario, c.side, false);
      const enemy = otherSideName(scenario, c.side);
      return `${s.who} ${s.win} if ${s.they} have more victory points than ${enemy ? `the enemy (${enemy})` : 'the enemy'} at ${end}.`;
    }
    default:
      return `A condition of unknown kind "${String(c.kind)}".`;
  }
}

/** Every condition in words, in the order they are checked; entries that are not conditions are left out. */
export function victorySentences(scenario: Scenario): string[] {
  return (Array.isArray(scenario.victory) ? scenario.victory : [])
    .filter((c) => !!c && typeof c === 'object')
    .map((c) => victorySentence(scenario, c));
}

/** "the French", "the Garrison of Fort Napoleon"; a name that already starts with an article keeps its own. */
function theSide(name: string): string {
  return /^the\s/i.test(name) ? name.replace(/^The\s/, 'the ') : `the ${name}`;
}

/** What a finished game reports, as far as its words need it (the engine protocol's `GameResult`). */
export interface ResultFacts {
  winner: SideKey | 'draw';
  condition: number;
  decidedBy: DecidedBy;
  vp: { red: number; blue: number };
}

/**
 * How a test-played game was decided, in the scenario's names: "Austrian rearguard destroyed at least 50% of the
 * French advance guard", "French held Moosdorf bridge", "no victory condition was met by the end of turn 15".
 * `sideOf` turns the engine's side keys into the scenario's side ids (the engine says which key each side got).
 * The deciding condition's own numbers are given (the share it asks for, the units it asks for), since that is what
 * was met; a condition the scenario no longer has is told by its kind alone.
 */
export function resultWords(scenario: Scenario, result: ResultFacts, sideOf: (key: SideKey) => string | undefined): string {
  const d = result.decidedBy;
  if (result.winner === 'draw' || d.side === null) {
    return d.kind === 'turns' ? `no victory condition was met by ${gameEndWords(scenario)}` : 'no victory condition was met';
  }
  const winner = result.winner;
  const loser: SideKey = winner === 'red' ? 'blue' : 'red';
  // Without the engine's word on it, red is the first side, as the engines take it for a scenario of red and blue.
  const idOf = (k: SideKey): unknown => sideOf(k) ?? (sidesOf(scenario)[k === 'red' ? 0 : 1] as { id?: unknown } | undefined)?.id;
  const who = nameOfSide(scenario, idOf(winner));
  const them = nameOfSide(scenario, idOf(loser));
  const list = Array.isArray(scenario.victory) ? scenario.victory : [];
  const c = (list[result.condition] ?? {}) as { kind?: unknown; count?: unknown; percent?: unknown };
  const same = c.kind === d.kind;
  switch (d.kind) {
    case 'hold':
      return `${who} held ${holdWhat(objectiveNames(scenario, d.objectives))}`;
    case 'exit': {
      const count = same && typeof c.count === 'number' && Number.isFinite(c.count) ? `${plural(c.count, 'unit')} or more` : 'enough units';
      return `${who} moved ${count} off the ${d.edge} edge`;
    }
    case 'destroy': {
      const share = same && typeof c.percent === 'number' && Number.isFinite(c.percent) ? `at least ${c.percent}% of` : 'enough of';
      return `${who} destroyed ${share} ${theSide(them)}`;
    }
    case 'points': {
      const [mine, theirs] = [result.vp[winner], result.vp[loser]];
      return `${who} won on points, ${mine} to ${theirs}`;
    }
    default:
      return `${who} won`;
  }
}
