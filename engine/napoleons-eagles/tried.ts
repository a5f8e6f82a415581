// The action a player last tried on a copy of the state, and what applying it made. The AI tries its best action
// against the rules by applying it (ai-flow.ts accepted) and then plays it, so the same action is applied twice to
// the same state; a state never changes once given out and the dice come from the state's own generator, so the
// second application would be the first one again. It is handed over once, then forgotten.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import type { NeGameState } from './state.js';

export interface Applied {
  state: NeGameState;
  events: GameEvent[];
  rolls: number[];
}

let last: { before: NeGameState; action: NapoleonsEaglesAction; out: Applied } | null = null;

export function rememberTried(before: NeGameState, action: NapoleonsEaglesAction, out: Applied): void {
  last = { before, action, out };
}

/** The remembered result when this very action object is applied to this very state, once. */
export function recallTried(before: NeGameState, action: NapoleonsEaglesAction): Applied | null {
  if (last === null || last.before !== before || last.action !== action) return null;
  const out = last.out;
  last = null;
  return out;
}
