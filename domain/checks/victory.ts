// A scenario should say how it is won. Without a condition every game ends in a draw (file-format.md, "Objectives
// and victory"), which a designer rarely means: it is said, not refused, because a draft may not have got there yet.
import type { CheckContext } from './context.js';

export function checkVictory(ctx: CheckContext): void {
  const s = ctx.scenario;
  if (!s) return;
  const conditions = Array.isArray(s.victory) ? s.victory : [];
  if (conditions.length === 0) {
    ctx.warn('/victory', 'The scenario has no victory conditions', 'Add one under Victory in the scenario\'s inspector; without one every game is a draw.');
  }
}
