// The arithmetic of threshold checks and leader losses ('Threshold Checks', 'Leader Losses'), apart from the
// model: which modifiers apply to a formation, what the d20 must roll, and when a leader falls.
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Nation } from '../../domain/rule-systems/napoleons-eagles-nations.js';
import type { Modifier } from './orders.js';
import { optionOn, type NeLeader, type NeStatus, type NeTable, type NeUnit } from './types.js';

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

/** Units that count against the threshold: routed, surrendered, eliminated or retreating ('Threshold Checks'). */
const LOST: ReadonlySet<NeStatus> = new Set(['routed', 'surrendered', 'eliminated', 'retreat']);

const mostly = (units: readonly NeUnit[], test: (u: NeUnit) => boolean): boolean => units.filter(test).length * 2 > units.length;

function factsFor(table: NeTable, units: readonly NeUnit[], nation: Nation | null, outOfCommand: boolean, leaderLost: boolean): ThresholdFacts {
  const guards = units.filter((u) => u.guard !== null);
  const guard: ThresholdFacts['frenchGuard'] =
    guards.length * 2 > units.length ? (guards.some((u) => u.guard === 'old' || u.guard === 'middle') && mostly(units, (u) => u.guard === 'old' || u.guard === 'middle') ? 'old' : 'young') : undefined;
  return {
    french: nation === 'french',
    napoleonPresent: optionOn(table, 'napoleonPresent'),
    // Interpretation: elite or seasoned = grenadier or guard types, or morale 18 and up (the grenadier band);
    // militia or green = the militia type, or morale under 15 (below the line band).
    mostlyElite: mostly(units, (u) => u.type === 'grenadier' || u.type === 'guard' || u.guard !== null || u.morale >= 18),
    frenchGuard: guard,
    mostlyMilitia: mostly(units, (u) => u.type === 'militia' || u.morale < 15),
    mostlySpanish: nation === 'spanish',
    outOfCommand,
    originalLeaderLost: leaderLost,
    influence: 0,
  };
}

/**
 * Checks at the start of a game turn. Each side whose lost units reach the threshold percent rolls a d20; failing,
 * the whole army takes −4 (its side key is listed). An army that passes, or need not roll, checks each division:
 * the units answering to one leader, listed by that leader's formation id when they fail. `influence` is each
 * leader's chosen bonus (0–6; threshold-influence.ts): it adds to every roll he leads, each with its d10 risk rolled
 * right after the d20; a leader lost so lends nothing to a later roll, and is listed in `lostLeaders` for the game
 * to remove. A division is out of command when most of its units are.
 */
export function thresholdChecks(
  table: NeTable,
  units: readonly NeUnit[],
  leaders: readonly NeLeader[],
  d20: () => number,
  d10: () => number,
  influence: Readonly<Record<string, number>> = {},
): { failed: string[]; rolls: number[]; events: GameEvent[]; lostLeaders: string[] } {
  const percentOpt = table.options.thresholdPercent;
  const percent = typeof percentOpt === 'number' ? percentOpt : 50;
  const failed: string[] = [];
  const rolls: number[] = [];
  const events: GameEvent[] = [];
  const lostLeaders: string[] = [];
  const roll = (who: string, level: 'army' | 'division', members: readonly NeUnit[], facts: ThresholdFacts, leader?: NeLeader): boolean | null => {
    const lost = members.filter((u) => LOST.has(u.status)).length;
    if (!thresholdReached(lost, members.length, percent)) return null;
    const lent = leader && leader.status === 'table' && !lostLeaders.includes(leader.id) ? Math.max(0, Math.min(6, Math.round(influence[leader.id] ?? 0))) : 0;
    const modifiers = thresholdModifiers({ ...facts, influence: lent });
    const need = thresholdNeed(modifiers);
    const r = d20();
    rolls.push(r);
    const pass = r <= need;
    events.push({ type: 'threshold', level, formation: who, lost, total: members.length, roll: r, need, pass, modifiers });
    if (!pass) failed.push(who);
    if (lent > 0) {
      const risk = influenceLoss(lent, d10);
      rolls.push(...risk.rolls);
      events.push({ type: 'influence-risk', leader: leader!.id, influence: lent, roll: risk.rolls[0]!, lost: risk.lost });
      if (risk.lost) lostLeaders.push(leader!.id);
    }
    return pass;
  };
  for (const side of table.sides) {
    // Units still off the table as reinforcements are not yet "involved in the battle".
    const army = units.filter((u) => u.side === side.key && u.status !== 'reserve');
    if (army.length === 0) continue;
    const top = leaders.find((l) => l.side === side.key && l.superior === null);
    const armyPass = roll(side.key, 'army', army, factsFor(table, army, side.nation, false, top?.status === 'lost'), top);
    if (armyPass === false) continue;
    const groups = new Map<string, NeUnit[]>();
    for (const u of army) {
      const key = u.commander ?? `none:${u.formationId}`;
      groups.set(key, [...(groups.get(key) ?? []), u]);
    }
    for (const [key, members] of groups) {
      const l = leaders.find((x) => x.id === key);
      const id = l ? l.formationId : members[0]!.formationId;
      const ooc = mostly(members.filter((u) => u.status === 'table'), (u) => u.outOfCommand);
      roll(id, 'division', members, factsFor(table, members, side.nation, ooc, l?.status === 'lost'), l);
    }
  }
  return { failed, rolls, events, lostLeaders };
}
