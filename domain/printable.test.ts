import { describe, expect, it } from 'vitest';
import { inertJson, printable, printableText } from './printable.js';

describe('text shown on a terminal', () => {
  it('shows escape sequences, bells, C1 controls and bidirectional overrides as escapes', () => {
    expect(printable('\u001b]0;title\u0007')).toBe('\\x1B]0;title\\x07');
    expect(printable('a\u009b31mb')).toBe('a\\x9B31mb');
    expect(printable('abc\u202edcba')).toBe('abc\\u202Edcba');
    expect(printable('x\u2066y\u2069')).toBe('x\\u2066y\\u2069');
    expect(printable('line\nbreak\tand tab\u007f')).toBe('line\\x0Abreak\\x09and tab\\x7F');
  });

  it('leaves ordinary text, accents and symbols alone', () => {
    const text = 'Gén. Friant — 1/15e Léger ⚔ 𝔉 « Moosdorf »';
    expect(printable(text)).toBe(text);
    expect(printableText(text)).toBe(text);
  });

  it('keeps the line breaks and tabs of multi-line output', () => {
    expect(printableText('a\n\tb\u001b[2Jc\r\n')).toBe('a\n\tb\\x1B[2Jc\\x0D\n');
  });

  it('makes JSON inert without changing the value it holds', () => {
    const value = { id: 'u\u009b1m', name: 'abc\u202edcba\u2028', ok: 'plain' };
    const text = inertJson(JSON.stringify(value));
    expect(text).not.toMatch(/[\u007f-\u009f\u2028\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
