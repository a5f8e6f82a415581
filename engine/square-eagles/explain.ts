// What `adc explain` answers, shared with the engine process's `explain` request so both give the same JSON: the
// dice pool of one fire or assault, with every modifier named.
import type { Arc } from './geometry.js';
import type { AssaultPool, DicePool, FireKind, FirePool } from './combat.js';
import { dicePool, type PoolQuery } from './dice-pools.js';
import type { GameState } from './types.js';

export type ExplainKind = 'fire' | 'assault';

export type ExplainJson =
  | { allowed: false; reason: string }
  | { allowed: true; kind: FireKind; range: number; dice: number; hitOn: number; modifiers: DicePool['modifiers'] }
  | { allowed: true; arc: Arc; attacker: DicePool; defender: DicePool };

export type ExplainOutcome =
  | { ok: true; pool: FirePool | AssaultPool }
  /** One of the units is not in the game at all: a mistake in the question, not an answer. */
  | { ok: false; missing: string };

/**
 * The pool of `unit` firing at or assaulting `target` in `state`. With `assume`, as explain does from the set-up:
 * the unit has the order it needs and nobody has moved or spent an order yet.
 */
export function explainPool(state: GameState, kind: ExplainKind, unit: string, target: string, assume: boolean, terms: Pick<PoolQuery, 'orderBonus' | 'orderFires'> = {}): ExplainOutcome {
  for (const id of [unit, target]) if (!state.units.some((x) => x.id === id)) return { ok: false, missing: id };
  const offTable = [unit, target].find((id) => state.units.find((x) => x.id === id)!.status !== 'table');
  if (offTable !== undefined) {
    const u = state.units.find((x) => x.id === offTable)!;
    const why = u.status === 'reserve' ? `${offTable} is not on the table ${state.turn <= 1 ? 'at the start (it arrives as a reinforcement)' : 'yet'}` : `${offTable} is no longer on the table`;
    return { ok: true, pool: { allowed: false, reason: why } };
  }
  return { ok: true, pool: dicePool(state, { kind, unit, target, assume, ...terms }) };
}

const strip = (p: DicePool): DicePool => ({ dice: p.dice, hitOn: p.hitOn, modifiers: p.modifiers });

/** The JSON `adc explain --json` prints. */
export function explainJson(pool: FirePool | AssaultPool): ExplainJson {
  if (!pool.allowed) return { allowed: false, reason: pool.reason };
  if ('kind' in pool) return { allowed: true, kind: pool.kind, range: pool.range, dice: pool.dice, hitOn: pool.hitOn, modifiers: pool.modifiers };
  return { allowed: true, arc: pool.arc, attacker: strip(pool.attacker), defender: strip(pool.defender) };
}
