// Napoleon's Eagles leaders: the rules' defaults by echelon ("Leader Bonus", "Command and Control Option #1",
// "Leader Initiative Numbers"), the bands a designer's own values are judged against, and who commands whom.
import type { Echelon, Formation, Leader, NapoleonsEaglesLeaderRatings } from '../model.js';

export interface LeaderDefaults {
  moraleBonus: number;
  meleeBonus: number;
  commandRadius: number;
  /** The command radius band of option #1. */
  radiusBand: [number, number];
  /** Undefined for the army commander, who needs none. */
  initiative: number | undefined;
}

const ARMY: LeaderDefaults = { moraleBonus: 3, meleeBonus: 5, commandRadius: 40, radiusBand: [35, 45], initiative: undefined };
const CORPS: LeaderDefaults = { moraleBonus: 2, meleeBonus: 5, commandRadius: 20, radiusBand: [15, 30], initiative: 8 };
const DIVISION: LeaderDefaults = { moraleBonus: 1, meleeBonus: 5, commandRadius: 15, radiusBand: [10, 20], initiative: 5 };

/** The text knows army, corps and division leaders. Interpretation: a wing commander is rated as a corps
 *  commander (he stands between the army and its corps), a brigadier as a division commander (the smallest
 *  command the text rates). */
export const LEADER_DEFAULTS: Record<Echelon, LeaderDefaults> = {
  army: ARMY,
  wing: CORPS,
  corps: CORPS,
  division: DIVISION,
  brigade: DIVISION,
};

/** The echelons whose leaders hold units in command; a brigadier adds his bonus when attached but the text gives
 *  command radii only from the division up. */
const COMMANDING: ReadonlySet<Echelon> = new Set(['army', 'wing', 'corps', 'division']);

export const MELEE_BONUS_BAND: [number, number] = [0, 10];

/** A leader's ratings with the rules' defaults filled in for the echelon he commands. */
export interface ResolvedLeaderRatings {
  moraleBonus: number;
  meleeBonus: number;
  commandRadius: number;
  initiative: number | undefined;
  misreadPenalty: number;
}

export function leaderRatings(leader: Leader, echelon: Echelon): ResolvedLeaderRatings {
  const d = LEADER_DEFAULTS[echelon] ?? DIVISION;
  const r: NapoleonsEaglesLeaderRatings = leader.ratings?.['napoleons-eagles'] ?? {};
  const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    moraleBonus: num(r.moraleBonus, d.moraleBonus),
    meleeBonus: num(r.meleeBonus, d.meleeBonus),
    commandRadius: num(r.commandRadius, d.commandRadius),
    initiative: typeof r.initiative === 'number' ? r.initiative : d.initiative,
    misreadPenalty: num(r.misreadPenalty, 0),
  };
}

export interface CommandLink {
  leader: Leader;
  formation: Formation;
}

/**
 * The leader a unit (or a formation's own leader) answers to: the nearest leader above it at division level or
 * higher; failing that, the nearest brigadier. `chain` runs from the unit's own formation up to the army.
 */
export function commanderOf(chain: readonly Formation[]): CommandLink | undefined {
  let brigadier: CommandLink | undefined;
  for (const f of chain) {
    const leader = f.leader;
    if (!leader || typeof leader !== 'object') continue;
    if (COMMANDING.has(f.echelon)) return { leader, formation: f };
    brigadier ??= { leader, formation: f };
  }
  return brigadier;
}
