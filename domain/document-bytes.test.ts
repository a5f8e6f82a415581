import { describe, expect, it } from 'vitest';
import { decodeDocumentBytes, firstInvalidUtf8 } from './document-bytes.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** A small deterministic generator, so the property below sees the same bytes on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('decoding a document file', () => {
  it('accepts UTF-8 with characters of every length, and drops a byte-order mark', () => {
    const text = '{"name": "Gén. Friant ⚔ 𝔉"}';
    expect(decodeDocumentBytes(utf8(text))).toEqual({ ok: true, text });
    expect(decodeDocumentBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]))).toEqual({ ok: true, text });
  });

  it.each([
    ['a lone continuation byte', [0x7b, 0x80, 0x7d], 1],
    ['an overlong "/" (C0 AF)', [0x7b, 0xc0, 0xaf], 1],
    ['an overlong three-byte form (E0 80 AF)', [0x22, 0xe0, 0x80, 0xaf], 1],
    ['a UTF-16 surrogate encoded in UTF-8 (ED A0 80)', [0x22, 0xed, 0xa0, 0x80], 1],
    ['a code point past U+10FFFF (F4 90 80 80)', [0x22, 0xf4, 0x90, 0x80, 0x80], 1],
    ['a sequence cut off by the end of the file', [0x22, 0x22, 0xe2, 0x82], 2],
    ['a Latin-1 "ü" between ASCII', [0x42, 0x72, 0xfc, 0x63, 0x6b, 0x65], 2],
    ['a sequence whose third byte is not a continuation', [0x22, 0xe2, 0x82, 0x41], 1],
  ])('names the offset of %s', (_what, input, offset) => {
    expect(firstInvalidUtf8(bytes(...input))).toBe(offset);
    const result = decodeDocumentBytes(bytes(...input));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.message).toContain(`at offset ${offset} (line 1, column ${offset + 1})`);
  });

  it('counts lines and characters, not bytes, for the position', () => {
    const result = decodeDocumentBytes(Uint8Array.from([...utf8('{\n  "é": "'), 0xff]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.message).toContain('byte 0xFF at offset 11 (line 2, column 9)');
  });

  it('agrees with a strict decoder on every one of 5,000 random byte strings', () => {
    const next = lcg(2024);
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (let k = 0; k < 5000; k++) {
      // Mostly high bytes, so that valid and invalid sequences of every length turn up.
      const input = Uint8Array.from({ length: 1 + Math.floor(next() * 8) }, () => (next() < 0.3 ? Math.floor(next() * 128) : 128 + Math.floor(next() * 128)));
      let valid = true;
      try {
        strict.decode(input);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(input) === -1, Array.from(input, (b) => b.toString(16)).join(' ')).toBe(valid);
    }
  });

  it('names UTF-16 and UTF-32, with or without a byte-order mark', () => {
    const json = '{"type": "aide-de-camp/scenario"}';
    const le = Buffer.from(json, 'utf16le');
    const be = Buffer.from(json, 'utf16le').swap16();
    const message = (b: Uint8Array) => {
      const r = decodeDocumentBytes(b);
      return r.ok ? 'decoded' : r.problem.message;
    };
    expect(message(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toContain('UTF-16 (little-endian)');
    expect(message(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toContain('UTF-16 (big-endian)');
    expect(message(le)).toContain('UTF-16 (little-endian) without a byte-order mark');
    expect(message(be)).toContain('UTF-16 (big-endian) without a byte-order mark');
    expect(message(bytes(0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0))).toContain('UTF-32');
  });
});
