// Small readings of the period's bookkeeping the AI needs: actions a unit still has, and whether a proposed action
// is one the rules take now (tried on the state's copy; the copy carries its own generator, so nothing is rolled
// for real).
import { actionsLeft } from './activation.js';
import { applyAction, moveCheck, RulesError, type Action } from './game.js';
import { sideKey, unitById, type NeGameState } from './state.js';
import { rememberTried } from './tried.js';
import type { NeUnit } from './types.js';

export function activationLeft(s: NeGameState, u: NeUnit): number {
  const f = s.flow[u.id];
  return f ? actionsLeft(f) : 0;
}

/**
 * Whether the rules take `a` now, found by applying it to a copy. The result is kept (tried.ts): the action the AI
 * finds accepted is the one it plays next, and the engine then takes this application rather than repeating it.
 * Refusals are errors; while trying, they are made without a stack trace (the dearest part of a refusal, and never
 * read), and anything but a refusal is thrown again from a second try with its trace.
 */
// V8's knob for how many frames an error records; elsewhere setting it does nothing.
const errors = Error as { stackTraceLimit?: number };

export function accepted(s: NeGameState, a: Action): boolean {
  // A move the pure check refuses is one apply refuses: apply runs that same check on a copy that differs, by then,
  // only in bookkeeping the check does not read (the activation marked begun). Most of the AI's own goal moves are
  // refused so, without copying the state for a trial.
  if (s.phase === 'activate' && (a.type === 'move' || a.type === 'force-march') && Array.isArray(a.to) && Number.isFinite(a.to[0]) && Number.isFinite(a.to[1]) && Number.isFinite(a.facing)) {
    const u = unitById(s, a.unit);
    if (u && u.side === sideKey(s, s.active) && !moveCheck(s, u, a.type, a.to, a.facing).ok) return false;
  }
  const depth = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    rememberTried(s, a, applyAction(s, a));
    return true;
  } catch (err) {
    if (err instanceof RulesError) return false;
    errors.stackTraceLimit = depth;
    applyAction(s, a);
    throw err;
  } finally {
    errors.stackTraceLimit = depth;
  }
}
