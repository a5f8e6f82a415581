// How deep and how many values a JSON text would make, measured on its bytes before parsing it. JSON.parse takes
// bounded time per byte, but deep nesting or millions of tiny values ("[[[[…" or "[{},{},…") turn a body of a few
// megabytes into a heap of hundreds, and a server must refuse that before it happens rather than after.

export interface JsonLimits {
  /** Deepest nesting of arrays and objects allowed. */
  maxDepth: number;
  /** Most values (every array, object, key and primitive) allowed. */
  maxValues: number;
}

/** Null when the text is within the limits (or is not JSON, which JSON.parse will say); otherwise what is over. */
export function jsonOverLimits(bytes: Uint8Array, limits: JsonLimits): string | null {
  let depth = 0;
  // Separators and openings count the values that follow them, so "[1,2,3]" counts 1 + 3 without tokenising.
  let values = 1;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next byte is escaped, whatever it is
      else if (c === 0x22) inString = false;
      continue;
    }
    switch (c) {
      case 0x22: // "
        inString = true;
        break;
      case 0x5b: // [
      case 0x7b: // {
        if (++depth > limits.maxDepth) return `it nests deeper than ${limits.maxDepth} levels`;
        values++;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        depth--;
        break;
      case 0x2c: // ,
      case 0x3a: // :
        if (++values > limits.maxValues) return `it holds more than ${limits.maxValues.toLocaleString('en')} values`;
        break;
    }
  }
  return null;
}
