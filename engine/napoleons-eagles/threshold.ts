// The arithmetic of threshold checks and leader losses ('Threshold Checks', 'Leader Losses'), apart from the
// model: which modifiers apply to a formation, what the d20 must roll, and when a leader falls.
import type { Modifier } from './orders.js';

/** A threshold roll passes on 1–8 on a d20, before modifiers. */
export const THRESHOLD_BASE = 8;
/** A failed formation's units take this on their morale checks for the game turn (the morale part's `threshold`). */
export const THRESHOLD_PENALTY = -4;

export interface ThresholdFacts {
  french: boolean;
  napoleonPresent: boolean;
  /** More than half the formation's units are elite or seasoned. */
  mostlyElite: boolean;
  /** The French Guard marker most of the formation carries, if any. */
  frenchGuard: 'old' | 'middle' | 'young' | undefined;
  mostlyMilitia: boolean;
  mostlySpanish: boolean;
  /** Division checks only: its leader is out of command (or the division is cut off). */
  outOfCommand: boolean;
  originalLeaderLost: boolean;
  /** Leader influence chosen, 0–6; each point risks the leader on a d10. */
  influence: number;
}

export function thresholdModifiers(f: ThresholdFacts): Modifier[] {
  const out: Modifier[] = [];
  const add = (id: string, reason: string, value: number) => out.push({ id, reason, value });
  if (f.influence > 0) add('leader-influence', `leader influence +${f.influence}`, f.influence);
  if (f.french && f.napoleonPresent) add('napoleon', 'French with Napoleon on the battlefield', 1);
  // Interpretation: a French Guard formation takes the Guard's +2/+5 in place of the elite +1, not on top of it
  // (the Guard is the text's elite; counting both would reward it twice for one quality).
  if (f.french && f.frenchGuard) {
    add('french-guard', f.frenchGuard === 'young' ? 'French Guard' : 'French Old or Middle Guard', f.frenchGuard === 'young' ? 2 : 5);
  } else if (f.mostlyElite) add('elite', 'mostly elite or seasoned units', 1);
  if (f.mostlyMilitia) add('militia', 'mostly militia or green units', -1);
  if (f.mostlySpanish) add('spanish', 'mostly Spanish', -1);
  if (f.outOfCommand) add('out-of-command', 'out of command or cut off', -3);
  if (f.originalLeaderLost) add('leader-lost', 'original leader incapacitated', -3);
  return out;
}

/** Whether a formation must roll: its lost units (routed, surrendered, eliminated, retreating) reach the percent. */
export function thresholdReached(lost: number, total: number, percent: number): boolean {
  return total > 0 && lost * 100 >= percent * total;
}

/** The d20 roll at or under which the check passes. */
export function thresholdNeed(modifiers: readonly Modifier[]): number {
  return THRESHOLD_BASE + modifiers.reduce((s, m) => s + m.value, 0);
}

/**
 * 'Leader Losses': a leader attached to a unit that takes casualties is lost on a d10 of ceil(casualties / 2) or
 * less (1–2 casualties: a 1; 3–4: 1 or 2; …). No casualties, no roll.
 */
export function leaderLoss(casualties: number, d10: () => number): { lost: boolean; rolls: number[] } {
  if (!(casualties > 0)) return { lost: false, rolls: [] };
  const r = d10();
  return { lost: r <= Math.ceil(casualties / 2), rolls: [r] };
}

/** Influence risk: the leader lending influence is lost on a d10 at or under it. */
export function influenceLoss(influence: number, d10: () => number): { lost: boolean; rolls: number[] } {
  if (!(influence > 0)) return { lost: false, rolls: [] };
  const r = d10();
  return { lost: r <= influence, rolls: [r] };
}
