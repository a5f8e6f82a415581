// Seeded dice for the rules engine. The generator is sfc32 (Chris Doty-Humphrey's "small fast counting" generator,
// public domain), seeded through splitmix32. Its whole state is four 32-bit integers kept as a plain JSON array
// inside the game state, so a saved game resumes with exactly the dice it would have rolled. No Math.random and no
// clock anywhere: the same seed always gives the same game.

export type RngState = [number, number, number, number];

/** Something that rolls six-sided dice. Tests inject fixed values; games use the state's generator. */
export interface DiceSource {
  d6(): number;
}

function splitmix32(x: number): [number, number] {
  const next = (x + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [next, z >>> 0];
}

/** Any finite number is accepted: both 32-bit halves of a safe integer take part, so 1 and 2^32+1 differ. */
export function seedRng(seed: number): RngState {
  const s = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  const lo = s >>> 0;
  const hi = Math.floor(s / 4294967296) >>> 0;
  let x = lo ^ Math.imul(hi, 0x27d4eb2d);
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [next, value] = splitmix32(x);
    x = next;
    out.push(value);
  }
  const state = out as RngState;
  // sfc32 is weak for its first outputs; the reference implementation discards a dozen.
  for (let i = 0; i < 12; i++) nextU32(state);
  return state;
}

/** Advances `state` in place and returns a uniform integer in [0, 2^32). */
export function nextU32(state: RngState): number {
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
  return t >>> 0;
}

/** A uniform integer in [0, n). Multiply-shift rather than modulo: no visible bias for small n. */
export function randomBelow(state: RngState, n: number): number {
  return Math.floor((nextU32(state) / 4294967296) * n);
}

export function rollD6(state: RngState): number {
  return randomBelow(state, 6) + 1;
}

export function rngDice(state: RngState): DiceSource {
  return { d6: () => rollD6(state) };
}

/**
 * Dice that return the given values in order, for rules tests. Past the end they roll `then` if given (the game
 * goes on after the roll under test); without it running out is a test bug, so it throws.
 */
export function fixedDice(values: readonly number[], then?: DiceSource): DiceSource & { remaining(): number } {
  let i = 0;
  return {
    d6() {
      if (i >= values.length) {
        if (then) return then.d6();
        throw new Error(`fixedDice: ran out after ${values.length} rolls`);
      }
      const v = values[i++]!;
      if (!Number.isInteger(v) || v < 1 || v > 6) throw new Error(`fixedDice: ${v} is not a d6 value`);
      return v;
    },
    remaining: () => Math.max(0, values.length - i),
  };
}

/** Wraps a source so every value it gives is also recorded (the game log keeps them). */
export function recordingDice(source: DiceSource, into: number[]): DiceSource {
  return {
    d6() {
      const v = source.d6();
      into.push(v);
      return v;
    },
  };
}

/**
 * The seed of game `index` in a batch started from `seed`: a hash of both, so each game's dice depend only on
 * (seed, index) and a batch gives the same games however it is split between workers.
 */
export function deriveSeed(seed: number, index: number): number {
  const s = seedRng(seed);
  s[0] = (s[0] ^ Math.imul(index >>> 0, 0x9e3779b1)) | 0;
  s[1] = (s[1] + Math.floor(index / 4294967296)) | 0;
  for (let i = 0; i < 8; i++) nextU32(s);
  // 53 bits, so the derived seed survives JSON and is a valid `--seed`.
  return (nextU32(s) & 0x1fffff) * 4294967296 + nextU32(s);
}
