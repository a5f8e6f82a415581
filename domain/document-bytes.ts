// Turning a file's bytes into document text. Documents are UTF-8 (file format "Conventions"); anything else is
// refused with the encoding named, or the exact byte that breaks UTF-8, because a lenient decoder would put U+FFFD
// where the user's text was and a later save would make the loss permanent.
import type { Problem } from './problems.js';

/** The host's WHATWG TextDecoder (every browser, worker and Node has it), declared here because the domain is compiled
 *  against the ECMAScript library alone: no DOM, no Node (tsconfig.core.json). */
declare const TextDecoder: new (label?: string) => { decode(input: Uint8Array): string };

export type DecodeResult = { ok: true; text: string } | { ok: false; problem: Problem };

const refuse = (message: string, hint: string): DecodeResult => ({ ok: false, problem: { severity: 'error', path: '', message, hint } });

const SAVE_AS_UTF8 = 'Open it in a text editor and save it with the encoding "UTF-8".';

export function decodeDocumentBytes(bytes: Uint8Array): DecodeResult {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return refuse('The file is encoded as UTF-32, not UTF-8.', SAVE_AS_UTF8);
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return refuse('The file is encoded as UTF-32, not UTF-8.', SAVE_AS_UTF8);
  if (b0 === 0xff && b1 === 0xfe) return refuse('The file is encoded as UTF-16 (little-endian), not UTF-8.', SAVE_AS_UTF8);
  if (b0 === 0xfe && b1 === 0xff) return refuse('The file is encoded as UTF-16 (big-endian), not UTF-8.', SAVE_AS_UTF8);
  // Without a byte-order mark, UTF-16 text that starts with an ASCII character (a JSON document starts with "{" or
  // white space) has a zero byte beside it, which UTF-8 text never has.
  if (bytes.length >= 2 && b0 !== 0 && b1 === 0) return refuse('The file looks like UTF-16 (little-endian) without a byte-order mark, not UTF-8.', SAVE_AS_UTF8);
  if (bytes.length >= 2 && b0 === 0 && b1 !== 0) return refuse('The file looks like UTF-16 (big-endian) without a byte-order mark, not UTF-8.', SAVE_AS_UTF8);
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    const { line, column } = bytePosition(bytes, bad);
    const byte = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
    return refuse(
      `The file is not valid UTF-8: byte 0x${byte} at offset ${bad} (line ${line}, column ${column}) does not begin a valid UTF-8 character.`,
      `It may have been saved in another encoding, such as Windows-1252 or Latin-1. ${SAVE_AS_UTF8}`,
    );
  }
  return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
}

/**
 * The offset where the first ill-formed UTF-8 sequence begins (Unicode's table of
 * well-formed byte sequences: no overlong forms, no surrogates, nothing past U+10FFFF), or -1.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c < min || c > max) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Line and column (in characters, counting a multi-byte character once) of a byte offset. */
function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}
