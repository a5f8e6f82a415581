// Napoleon's Eagles ratings such as `B16C30`: Move (A–C), Morale (1–25), Fire (A–E), Melee (10–99).

export interface NeRating {
  move: 'A' | 'B' | 'C';
  morale: number;
  fire: 'A' | 'B' | 'C' | 'D' | 'E';
  melee: number;
}

export type RatingPart = 'move' | 'morale' | 'fire' | 'melee';

export interface RatingError {
  part?: RatingPart;
  message: string;
}

export type RatingParse = { ok: true; rating: NeRating } | { ok: false; errors: RatingError[] };

export const RATING_HINT = 'e.g. B16C30: Move A–C, Morale 1–25, Fire A–E, Melee 10–99';

const SHAPE = /^([A-Za-z])(\d{1,3})([A-Za-z])(\d{1,3})$/;

/** Parses a rating, reporting every part that is out of range so the editor can mark each one. */
export function parseRating(text: string): RatingParse {
  const m = SHAPE.exec(text.trim());
  if (!m) {
    return {
      ok: false,
      errors: [{ message: `Rating "${text}" must be a Move letter, Morale number, Fire letter and Melee number` }],
    };
  }
  const [, moveRaw, moraleRaw, fireRaw, meleeRaw] = m as unknown as [string, string, string, string, string];
  const errors: RatingError[] = [];
  if (moveRaw !== moveRaw.toUpperCase() || fireRaw !== fireRaw.toUpperCase()) {
    errors.push({ message: `Rating "${text}": write the letters as capitals` });
  }
  const move = moveRaw.toUpperCase();
  const fire = fireRaw.toUpperCase();
  const morale = Number(moraleRaw);
  const melee = Number(meleeRaw);
  if (!'ABC'.includes(move)) errors.push({ part: 'move', message: `Rating "${text}": move must be A–C` });
  if (morale < 1 || morale > 25 || moraleRaw.startsWith('0')) {
    errors.push({ part: 'morale', message: `Rating "${text}": morale must be 1–25` });
  }
  if (!'ABCDE'.includes(fire)) errors.push({ part: 'fire', message: `Rating "${text}": fire must be A–E` });
  if (melee < 10 || melee > 99 || meleeRaw.startsWith('0')) {
    errors.push({ part: 'melee', message: `Rating "${text}": melee must be 10–99` });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rating: { move: move as NeRating['move'], morale, fire: fire as NeRating['fire'], melee } };
}

export function formatRating(r: NeRating): string {
  return `${r.move}${r.morale}${r.fire}${r.melee}`;
}
