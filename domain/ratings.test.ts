// Ratings follow seed 004, "Ratings" (Move – Morale – Fire – Melee, e.g. B16C30); the ranges are the format's
// (docs/rules/napoleons-eagles.md §2). A battery's letters follow the artillery movement table and the solid-shot
// table, which have A and B rows only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BATTERY_LETTERS,
  batteryLetterFaults,
  BATTERY_RATING_HINT,
  formatRating,
  parseRating,
  RATING_HINT,
  ratingHint,
  RIFLES_HINT,
  type RatingError,
} from './ratings.js';

const errorsOf = (text: string): RatingError[] => {
  const r = parseRating(text);
  expect(r.ok, `"${text}" should be refused`).toBe(false);
  return r.ok ? [] : r.errors;
};

const messages = (text: string): string[] => errorsOf(text).map((e) => e.message);

describe('Napoleon\'s Eagles ratings', () => {
  it('parses B16C30 into its four parts and formats it back', () => {
    const r = parseRating('B16C30');
    expect(r).toEqual({ ok: true, rating: { move: 'B', morale: 16, fire: 'C', melee: 30 } });
    if (r.ok) expect(formatRating(r.rating)).toBe('B16C30');
  });

  it('accepts the edges of every range', () => {
    for (const s of ['A1A10', 'C25E99', 'A22A60', 'C9E10']) expect(parseRating(s).ok, s).toBe(true);
  });

  it.each([
    ['B16F30', 'fire', 'fire must be A–E'],
    ['D16C30', 'move', 'move must be A–C'],
    ['B26C30', 'morale', 'morale must be 1–25'],
    ['B0C30', 'morale', 'morale must be 1–25'],
    ['B16C9', 'melee', 'melee must be 10–99'],
    ['B16C100', 'melee', 'melee must be 10–99'],
  ])('%s is refused because %s is out of range', (text, part, message) => {
    expect(errorsOf(text)).toEqual([{ part, message: `Rating "${text}": ${message}` }]);
  });

  it('names each faulty part of Z99Z9 on its own, in rating order', () => {
    expect(errorsOf('Z99Z9')).toEqual([
      { part: 'move', message: 'Rating "Z99Z9": move must be A–C' },
      { part: 'morale', message: 'Rating "Z99Z9": morale must be 1–25' },
      { part: 'fire', message: 'Rating "Z99Z9": fire must be A–E' },
      { part: 'melee', message: 'Rating "Z99Z9": melee must be 10–99' },
    ]);
  });

  it.each([
    [' B16C30', 'Rating " B16C30" has a space before it'],
    ['B16C30 ', 'Rating "B16C30 " has a space after it'],
    [' B16C30\t', 'Rating " B16C30\t" has a space before and after it'],
    ['B16 C30', 'Rating "B16 C30" has a space inside it'],
  ])('says where the space is in %j, and nothing else when the rest is right', (text, message) => {
    expect(errorsOf(text)).toEqual([{ message }]);
  });

  it('still judges the parts of a rating with spaces around it', () => {
    expect(messages(' B16F30')).toEqual(['Rating " B16F30" has a space before it', 'Rating " B16F30": fire must be A–E']);
  });

  it.each([
    ['B016C30', 'morale', 'morale 016 has a leading zero; write 16'],
    ['B16C030', 'melee', 'melee 030 has a leading zero; write 30'],
  ])('says "leading zero" for %s, which the schema refuses', (text, part, message) => {
    expect(errorsOf(text)).toEqual([{ part, message: `Rating "${text}": ${message}` }]);
  });

  it('gives a zero that is also out of range the range message', () => {
    expect(messages('B00C30')).toEqual(['Rating "B00C30": morale must be 1–25']);
  });

  it('reads a trailing R as the army lists\' rifles mark (seed 004: "+1 for R (Rifle) class units") and points to "rifles": true', () => {
    for (const text of ['B16C30R', 'B16C30r']) {
      expect(errorsOf(text)).toEqual([
        { message: `Rating "${text}": the trailing R marks rifles in army lists; here that is "rifles": true`, hint: RIFLES_HINT },
      ]);
    }
    expect(RIFLES_HINT).toContain('"rifles": true');
  });

  it('names other characters after the Melee number', () => {
    expect(messages('B16C30X')).toEqual(['Rating "B16C30X": "X" after the Melee number is not part of a rating']);
  });

  it.each([
    ['B16C', 'Rating "B16C": the Melee number is missing after the Fire letter'],
    ['16C30', 'Rating "16C30": the Move letter is missing at the start'],
    ['BC30', 'Rating "BC30": the Morale number is missing after the Move letter'],
  ])('names the one missing part of %s', (text, message) => {
    expect(errorsOf(text)).toEqual([{ message }]);
  });

  it('names both missing parts of B16, and marks none as a bad part (they are not typed yet)', () => {
    expect(errorsOf('B16')).toEqual([
      { message: 'Rating "B16": the Fire letter is missing after the Morale number' },
      { message: 'Rating "B16": the Melee number is missing after the Fire letter' },
    ]);
  });

  it('says a part of two letters must be one letter', () => {
    expect(errorsOf('BB16C30')).toEqual([{ part: 'move', message: 'Rating "BB16C30": move "BB" must be one letter, A–C' }]);
    expect(messages('16BC30')).toEqual([
      'Rating "16BC30": the Move letter is missing at the start',
      'Rating "16BC30": fire "BC" must be one letter, A–E',
    ]);
  });

  it('names a character no rating uses, and judges the rest without it', () => {
    expect(messages('B16-C30')).toEqual(['Rating "B16-C30" has "-", which no part of a rating uses; a rating is letters and digits only']);
    expect(messages('B16/F30')).toEqual([
      'Rating "B16/F30" has "/", which no part of a rating uses; a rating is letters and digits only',
      'Rating "B16/F30": fire must be A–E',
    ]);
  });

  it('asks for capitals rather than guessing, and still checks the ranges', () => {
    expect(messages('b16c30')).toEqual(['Rating "b16c30": write the letters as capitals']);
    expect(messages('b16f30')).toEqual(['Rating "b16f30": write the letters as capitals', 'Rating "b16f30": fire must be A–E']);
  });

  it('explains text with too little of a rating to tell the parts apart', () => {
    expect(messages('sixteen')).toEqual(['Rating "sixteen" must be a Move letter, Morale number, Fire letter and Melee number']);
    expect(messages('B')).toEqual(['Rating "B" must be a Move letter, Morale number, Fire letter and Melee number']);
    expect(messages('')).toEqual(['Rating is empty']);
    expect(messages('   ')).toEqual(['Rating "   " is only spaces']);
  });

  it('quotes only the start of a long value', () => {
    const [first] = messages('B16C30' + 'X'.repeat(5000));
    expect(first!.length).toBeLessThan(120);
    expect(first).toContain('…');
  });

  it('refuses exactly what the schema\'s pattern refuses', () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/common.schema.json', import.meta.url), 'utf8')) as {
      $defs: { napoleonsEaglesRatings: { properties: { rating: { pattern: string } } } };
    };
    const pattern = new RegExp(schema.$defs.napoleonsEaglesRatings.properties.rating.pattern, 'u');
    const samples = new Set<string>();
    for (const move of ['', 'A', 'C', 'D', 'a', 'BB']) {
      for (const morale of ['', '0', '1', '01', '9', '16', '016', '25', '26', '100']) {
        for (const fire of ['', 'A', 'E', 'F', 'e']) {
          for (const melee of ['', '9', '10', '010', '30', '99', '100']) {
            for (const around of ['', ' ', 'R']) samples.add(`${move}${morale}${fire}${melee}${around}`);
          }
        }
      }
    }
    // A fixed pseudo-random walk over the characters a rating (and its usual typos) is made of.
    let seed = 4;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = 'ABCDEFRZabcr0123456789 -';
    for (let i = 0; i < 4000; i++) {
      let s = '';
      for (let n = next() % 9; n > 0; n--) s += alphabet[next() % alphabet.length];
      samples.add(s);
    }
    for (const s of samples) expect(parseRating(s).ok, JSON.stringify(s)).toBe(pattern.test(s));
  });
});

describe('battery letters', () => {
  it('are A and B for Move and Fire, the only rows of the artillery movement and solid-shot tables', () => {
    expect(BATTERY_LETTERS).toEqual({ move: ['A', 'B'], fire: ['A', 'B'] });
  });

  it('find Move C and Fire C–E on a battery, each with the table that lacks the row', () => {
    const faults = (text: string) => {
      const r = parseRating(text);
      return r.ok ? batteryLetterFaults(r.rating) : ['unparsed'];
    };
    expect(faults('B16B25')).toEqual([]);
    expect(faults('A16A25')).toEqual([]);
    expect(faults('C16B25')).toEqual(['Move C, but the artillery movement table has rows for A and B only']);
    expect(faults('C16D25')).toEqual([
      'Move C, but the artillery movement table has rows for A and B only',
      'Fire D, but the solid-shot table gives hit numbers for A and B only',
    ]);
  });

  it('give a battery a hint with its own letters, and every other arm the general one', () => {
    expect(ratingHint('artillery')).toBe(BATTERY_RATING_HINT);
    expect(BATTERY_RATING_HINT).toContain('Move A–B, Morale 1–25, Fire A–B, Melee 10–99');
    expect(parseRating('B16B25').ok).toBe(true);
    for (const arm of ['infantry', 'cavalry', undefined]) expect(ratingHint(arm)).toBe(RATING_HINT);
  });
});
