import { describe, expect, it } from 'vitest';
import { formatRating, parseRating } from './ratings.js';

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
    const r = parseRating(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toEqual({ part, message: `Rating "${text}": ${message}` });
    }
  });

  it('reports every bad part at once', () => {
    const r = parseRating('D30F5');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.part)).toEqual(['move', 'morale', 'fire', 'melee']);
  });

  it('explains a rating that is not in the four-part shape', () => {
    const r = parseRating('16BC30');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]?.message).toMatch(/Move letter, Morale number, Fire letter and Melee number/);
  });

  it('asks for capitals rather than guessing', () => {
    const r = parseRating('b16c30');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]?.message).toMatch(/capitals/);
  });
});
