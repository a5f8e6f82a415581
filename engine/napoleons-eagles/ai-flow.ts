// Small readings of the period's bookkeeping the AI needs: actions a unit still has, and whether a proposed action
// is one the rules take now (tried on the state's copy; the copy carries its own generator, so nothing is rolled
// for real).
import { actionsLeft } from './activation.js';
import { applyAction, RulesError, type Action } from './game.js';
import type { NeGameState } from './state.js';
import type { NeUnit } from './types.js';

export function activationLeft(s: NeGameState, u: NeUnit): number {
  const f = s.flow[u.id];
  return f ? actionsLeft(f) : 0;
}

export function accepted(s: NeGameState, a: Action): boolean {
  try {
    applyAction(s, a);
    return true;
  } catch (err) {
    if (err instanceof RulesError) return false;
    throw err;
  }
}
