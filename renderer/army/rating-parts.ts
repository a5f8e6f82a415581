// A Napoleon's Eagles rating split into its four parts for display, with each part's range error, even while the
// text is still being typed.
import { parseRating, type RatingPart } from '../../domain/ratings.js';

export interface RatingParts {
  parts: Record<RatingPart, string>;
  /** Out-of-range parts, by part. */
  partErrors: Partial<Record<RatingPart, string>>;
  /** Messages to show under the row: range errors always, a wrong shape only once the text is finished. */
  messages: string[];
}

const SHAPE = /^([A-Za-z])(\d{1,3})([A-Za-z])(\d{1,3})$/;

export function ratingParts(text: string, finished: boolean): RatingParts {
  const t = text.trim();
  const m = SHAPE.exec(t);
  const parts = { move: m?.[1]?.toUpperCase() ?? '', morale: m?.[2] ?? '', fire: m?.[3]?.toUpperCase() ?? '', melee: m?.[4] ?? '' };
  const out: RatingParts = { parts, partErrors: {}, messages: [] };
  if (!t) return out;
  const r = parseRating(t);
  if (r.ok) return out;
  for (const e of r.errors) {
    // The parser names the whole rating first; the row already shows it, so only the reason is repeated.
    const reason = e.message.replace(/^Rating "[^"]*":\s*/, '');
    if (e.part) {
      out.partErrors[e.part] = reason;
      out.messages.push(reason);
    } else if (finished && !/capitals/.test(reason)) {
      // Lower-case letters are upper-cased when the cell is committed, so they are no error worth showing.
      out.messages.push(`${reason} (e.g. B16C30)`);
    }
  }
  return out;
}
