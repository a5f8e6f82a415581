// Napoleon's Eagles ratings such as `B16C30`: Move (A–C), Morale (1–25), Fire (A–E), Melee (10–99).
// See docs/rules/napoleons-eagles.md §2 for where each range comes from.

export interface NeRating {
  move: 'A' | 'B' | 'C';
  morale: number;
  fire: 'A' | 'B' | 'C' | 'D' | 'E';
  melee: number;
}

export type RatingPart = 'move' | 'morale' | 'fire' | 'melee';

export interface RatingError {
  /** Set only for a part that is present but wrong, so an editor can mark that part while the text is typed. */
  part?: RatingPart;
  message: string;
  /** A fix particular to this error; without it the general hint for the unit's arm applies. */
  hint?: string;
}

export type RatingParse = { ok: true; rating: NeRating } | { ok: false; errors: RatingError[] };

export const RATING_HINT = 'e.g. B16C30: Move A–C, Morale 1–25, Fire A–E, Melee 10–99';

/**
 * The letters a battery can use: the artillery movement table has only A- and B-rated rows, and the solid-shot
 * table only A and B hit numbers. The format still accepts C (and Fire C–E), so the rule system only warns.
 */
export const BATTERY_LETTERS = { move: ['A', 'B'], fire: ['A', 'B'] } as const;

export const BATTERY_RATING_HINT = 'e.g. B16B25: Move A–B, Morale 1–25, Fire A–B, Melee 10–99 (a battery)';

/** The hint for a unit of this arm; a battery's names the letters its own tables have rows for. */
export function ratingHint(arm: unknown): string {
  return arm === 'artillery' ? BATTERY_RATING_HINT : RATING_HINT;
}

export const RIFLES_HINT = 'Remove the R and add "rifles": true beside "rating".';

// A hostile file may hold a long string here; messages quote only its start.
const QUOTE_LIMIT = 24;

function clip(text: string): string {
  if (text.length <= QUOTE_LIMIT) return text;
  return Array.from(text.slice(0, QUOTE_LIMIT * 2)).slice(0, QUOTE_LIMIT - 1).join('') + '…';
}

const spaceWhere = (before: boolean, after: boolean): string =>
  before && after ? 'before and after it' : before ? 'before it' : 'after it';

interface NumberPart {
  part: 'morale' | 'melee';
  raw: string;
  min: number;
  max: number;
}

function numberError(q: string, { part, raw, min, max }: NumberPart): RatingError | undefined {
  const value = Number(raw);
  const inRange = value >= min && value <= max;
  if (inRange && raw.length > 1 && raw.startsWith('0')) {
    return { part, message: `${q}: ${part} ${raw} has a leading zero; write ${value}` };
  }
  return inRange ? undefined : { part, message: `${q}: ${part} must be ${min}–${max}` };
}

function letterError(q: string, part: 'move' | 'fire', raw: string, allowed: string): RatingError | undefined {
  const range = `${allowed[0]}–${allowed[allowed.length - 1]}`;
  if (raw.length > 1) return { part, message: `${q}: ${part} "${clip(raw)}" must be one letter, ${range}` };
  return allowed.includes(raw) ? undefined : { part, message: `${q}: ${part} must be ${range}` };
}

/**
 * Parses a rating exactly as strictly as the schema's pattern, and when it fails says what is wrong with each part
 * on its own, so the validator can list them separately and the editor can mark each one.
 */
export function parseRating(text: string): RatingParse {
  const q = `Rating "${clip(text)}"`;
  const fail = (errors: RatingError[]): RatingParse => ({ ok: false, errors });
  const trimmed = text.trim();
  if (trimmed === '') return fail([{ message: text === '' ? 'Rating is empty' : `${q} is only spaces` }]);

  const errors: RatingError[] = [];
  const before = text.trimStart() !== text;
  const after = text.trimEnd() !== text;
  if (before || after) errors.push({ message: `${q} has a space ${spaceWhere(before, after)}` });

  let body = trimmed;
  if (/\s/.test(body)) errors.push({ message: `${q} has a space inside it` });
  const foreign = [...new Set(Array.from(body.replace(/\s/g, '')).filter((c) => !/[A-Za-z0-9]/.test(c)))];
  if (foreign.length > 0) {
    const listed = foreign.slice(0, 3).map((c) => `"${c}"`).join(', ');
    errors.push({ message: `${q} has ${listed}, which no part of a rating uses; a rating is letters and digits only` });
  }
  // What is left is read as if those characters were not there, so the parts can still be judged.
  body = body.replace(/[^A-Za-z0-9]/g, '');

  const m = /^([A-Za-z]*)([0-9]*)([A-Za-z]*)([0-9]*)(.*)$/.exec(body)!;
  let [, move, morale, fire, melee] = m as unknown as [string, string, string, string, string];
  const rest = m[5]!;
  // A lower-case rifles mark is still a rifles mark, not a reason to ask for capitals.
  const lower = /[a-z]/.test(move + fire);
  [move, fire] = [move.toUpperCase(), fire.toUpperCase()];
  // "BC30": two letters then a number reads best as a rating missing its Morale number.
  if (move.length === 2 && morale !== '' && fire === '' && melee === '') {
    [move, morale, fire, melee] = [move[0]!, '', move[1]!, morale];
  }
  const present = [move, morale, fire, melee].filter((p) => p !== '').length;
  if (present < 2) {
    // Too little of a rating to say which part is which.
    errors.push({ message: `${q} must be a Move letter, Morale number, Fire letter and Melee number` });
    return fail(errors);
  }
  if (lower) errors.push({ message: `${q}: write the letters as capitals` });

  const missing = (what: string, where: string): RatingError => ({ message: `${q}: the ${what} is missing ${where}` });
  const check = (e: RatingError | undefined) => {
    if (e) errors.push(e);
  };
  check(move === '' ? missing('Move letter', 'at the start') : letterError(q, 'move', move, 'ABC'));
  check(morale === '' ? missing('Morale number', 'after the Move letter') : numberError(q, { part: 'morale', raw: morale, min: 1, max: 25 }));
  check(fire === '' ? missing('Fire letter', 'after the Morale number') : letterError(q, 'fire', fire, 'ABCDE'));
  check(melee === '' ? missing('Melee number', 'after the Fire letter') : numberError(q, { part: 'melee', raw: melee, min: 10, max: 99 }));
  if (rest.toUpperCase() === 'R') {
    // Army lists write rifle-armed units with a trailing R; the format keeps that as its own field.
    errors.push({ message: `${q}: the trailing R marks rifles in army lists; here that is "rifles": true`, hint: RIFLES_HINT });
  } else if (rest !== '') {
    errors.push({ message: `${q}: "${clip(rest)}" after the Melee number is not part of a rating` });
  }

  if (errors.length > 0) return fail(errors);
  return {
    ok: true,
    rating: { move: move as NeRating['move'], morale: Number(morale), fire: fire as NeRating['fire'], melee: Number(melee) },
  };
}

export function formatRating(r: NeRating): string {
  return `${r.move}${r.morale}${r.fire}${r.melee}`;
}

/**
 * Why a battery's letters are outside its tables, one sentence per part: the artillery movement table has A- and
 * B-rated rows only, and the solid-shot table hit numbers for A and B only. Empty for A and B.
 */
export function batteryLetterFaults(r: NeRating): string[] {
  const faults: string[] = [];
  if (!(BATTERY_LETTERS.move as readonly string[]).includes(r.move)) {
    faults.push(`Move ${r.move}, but the artillery movement table has rows for A and B only`);
  }
  if (!(BATTERY_LETTERS.fire as readonly string[]).includes(r.fire)) {
    faults.push(`Fire ${r.fire}, but the solid-shot table gives hit numbers for A and B only`);
  }
  return faults;
}
