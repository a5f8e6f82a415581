// The dice Napoleon's Eagles rolls: d6 for fire, melee and casualties, d20 for morale and command, d10 for a
// leader's loss. All come from the game state's generator (engine/dice.ts) and every value is recorded, so the log
// holds every die and a replay can check them; tests inject fixed values instead.
import { randomBelow, type RngState } from '../dice.js';

// Function-valued fields rather than methods: the rules pass `dice.d20` on to the movement and command modules.
export interface NeDice {
  readonly d6: () => number;
  readonly d10: () => number;
  readonly d20: () => number;
}

export function rngNeDice(state: RngState): NeDice {
  return {
    d6: () => randomBelow(state, 6) + 1,
    d10: () => randomBelow(state, 10) + 1,
    d20: () => randomBelow(state, 20) + 1,
  };
}

/** Wraps dice so every value is also pushed onto `into`, in the order rolled. */
export function recordingNeDice(source: NeDice, into: number[]): NeDice {
  const rec = (f: () => number) => () => {
    const v = f();
    into.push(v);
    return v;
  };
  return { d6: rec(source.d6), d10: rec(source.d10), d20: rec(source.d20) };
}

/**
 * Dice that give the listed values in order whatever die is asked for (a rules test knows which die comes next), and
 * then `then`'s; running out without `then` is a test bug, so it throws. Each value is checked against its die.
 */
export function fixedNeDice(values: readonly number[], then?: NeDice): NeDice & { remaining: () => number } {
  let i = 0;
  const next = (sides: number, fallback: (() => number) | undefined) => () => {
    if (i >= values.length) {
      if (fallback) return fallback();
      throw new Error(`fixedNeDice: ran out after ${values.length} rolls`);
    }
    const v = values[i++]!;
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new Error(`fixedNeDice: ${v} is not a d${sides} value`);
    return v;
  };
  return { d6: next(6, then?.d6), d10: next(10, then?.d10), d20: next(20, then?.d20), remaining: () => Math.max(0, values.length - i) };
}
