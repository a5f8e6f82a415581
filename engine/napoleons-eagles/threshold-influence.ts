// Leader influence at the game turn's threshold checks ('Threshold Checks', its note on leader influence; rules
// notes §13 "Player choices"): before the rolls, each side says how much influence (0–6) each of its leaders lends
// to the roll he leads — the army's commander to the army's, a division's leader to his division's. Each point adds
// one to the roll's need and one chance in ten of losing him (threshold.ts rolls both dice).
import type { GameEvent, NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import type { Modifier } from './orders.js';
import { sideIndex, type NeGameState } from './state.js';
import { thresholdChecks } from './threshold.js';
import type { NeLeader } from './types.js';

/** The most influence a leader may lend. */
export const MOST_INFLUENCE = 6;

/** The influence decision in progress: leaders still to answer, in order, and what each lent. */
export interface InfluenceState {
  pending: string[];
  bonus: Record<string, number>;
}

/** A roll the turn may make, and the leader who may lend to it (every roll that happens if the armies hold). */
export interface InfluenceRoll {
  leader: NeLeader;
  level: 'army' | 'division';
  formation: string;
  /** The d20 need before influence, and the units the roll answers for. */
  need: number;
  units: number;
  /** Its units lost (routed, surrendered, eliminated, retreating), and the need's modifiers, as threshold.ts works them. */
  lost: number;
  modifiers: Modifier[];
}

/**
 * The threshold rolls this game turn may make, each with the leader on the table who leads it. Found by rolling the
 * checks with dice that always pass (so every division an army would check is listed); nothing is recorded.
 * A lost leader's staff officer lends nothing ('Leader Losses': staff officers award no bonuses).
 */
export function influenceRolls(s: NeGameState): InfluenceRoll[] {
  const dry = thresholdChecks(s.table, s.units, s.leaders, () => 1, () => 1);
  const out: InfluenceRoll[] = [];
  for (const e of dry.events) {
    const formation = String(e.formation);
    const level = e.level === 'army' ? 'army' : 'division';
    const leader =
      level === 'army'
        ? s.leaders.find((l) => l.side === formation && l.superior === null)
        : s.leaders.find((l) => l.formationId === formation && s.units.some((u) => u.commander === l.id));
    if (!leader || leader.status !== 'table') continue;
    out.push({ leader, level, formation, need: Number(e.need), units: Number(e.total), lost: Number(e.lost), modifiers: (e.modifiers as Modifier[]).map((m) => ({ ...m })) });
  }
  return out;
}

/** Opens the decision when some leader may lend influence: true when the game now waits for it. */
export function openInfluence(s: NeGameState): boolean {
  const pending = [...new Set(influenceRolls(s).map((r) => r.leader.id))];
  if (pending.length === 0) return false;
  s.influence = { pending, bonus: {} };
  s.phase = 'influence';
  s.active = sideIndex(s.leaders.find((l) => l.id === pending[0])!.side);
  return true;
}

/** Why `a` is not a fit answer now, or null. */
export function influenceProblem(s: NeGameState, a: NapoleonsEaglesAction): string | null {
  if (a.type !== 'influence') return `"${a.type}" is not an action of the influence decision`;
  const at = s.influence;
  const l = s.leaders.find((x) => x.id === a.leader);
  if (!at || !l || !at.pending.includes(l.id)) return `${String(a.leader)} is not a leader who may lend influence now`;
  if (sideIndex(l.side) !== s.active) return `${l.name} is not the side to act's leader`;
  if (!Number.isInteger(a.bonus) || a.bonus < 0 || a.bonus > MOST_INFLUENCE) return `influence is a whole number from 0 to ${MOST_INFLUENCE}, not ${String(a.bonus)}`;
  return null;
}

/**
 * Records one leader's influence. Returns true when every leader has answered: the caller then rolls the
 * checks with `s.influence.bonus` and clears it.
 */
export function lendInfluence(s: NeGameState, a: Extract<NapoleonsEaglesAction, { type: 'influence' }>, events: GameEvent[]): boolean {
  const at = s.influence!;
  const pending = at.pending.filter((id) => id !== a.leader);
  s.influence = { pending, bonus: { ...at.bonus, [a.leader]: a.bonus } };
  events.push({ type: 'influence', leader: a.leader, bonus: a.bonus });
  if (pending.length === 0) return true;
  s.active = sideIndex(s.leaders.find((l) => l.id === pending[0])!.side);
  return false;
}

/** The sampler's answers: every bonus from 0 to 6 for the first leader still to answer. */
export function influenceCandidates(s: NeGameState): NapoleonsEaglesAction[] {
  const id = s.influence?.pending[0];
  if (id === undefined) return [];
  return Array.from({ length: MOST_INFLUENCE + 1 }, (_, bonus) => ({ type: 'influence', leader: id, bonus }));
}
