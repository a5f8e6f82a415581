// What `adc explain` answers for Napoleon's Eagles (docs/cli.md "explain"): one fire's casualties for each die or
// one assault's values, morale checks and odds, with every modifier named. Numbers are rounded here and only here.
import type { NeAssaultExplanation, NeExplanation, NeFireExplanation } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import type { ExplainQuery } from '../rules-engine.js';
import { explainBlockFire } from './block-fire-explain.js';
import { fireSituation } from './fire.js';
import { assaultSituation, type MeleeSide } from './melee.js';
import { setupGame } from './setup.js';
import type { NeLeader, NeTable, NeUnit } from './types.js';

export type NeExplainAnswer = { ok: true; explanation: NeExplanation } | { ok: false; missing: string };

const r3 = (n: number): number => Math.round(n * 1000) / 1000;
const r2 = (n: number): number => Math.round(n * 100) / 100;

/** A unit as explain assumes it: fresh, at full strength and ammunition, in good order, nothing spent. */
function fresh(u: NeUnit): NeUnit {
  return { ...u, figures: u.figures0, fatigue: 0, crewHits: 0, ammo: 0, disordered: false, actionsUsed: 0, stand: false, activated: false, forceMarched: false, moraleCheck: false, retreatActions: 0, status: u.status === 'reserve' ? 'reserve' : 'table' };
}

function side(s: MeleeSide): NeAssaultExplanation['attacker'] {
  return {
    unit: s.unit,
    base: s.base,
    modifiers: s.modifiers,
    value: s.value,
    enfilade: s.enfilade,
    morale: { rating: s.morale.rating, modifiers: s.morale.modifiers, need: s.morale.need, pass: r3(s.morale.pass) },
  };
}

export function explainNe(table: NeTable, units: readonly NeUnit[], leaders: readonly NeLeader[], query: ExplainQuery): NeExplainAnswer {
  const pool = query.assume ? units.map(fresh) : [...units];
  for (const id of [query.unit, query.target]) if (!pool.some((u) => u.id === id)) return { ok: false, missing: id };
  const unit = pool.find((u) => u.id === query.unit)!;
  const target = pool.find((u) => u.id === query.target)!;
  for (const u of [unit, target]) {
    if (u.status === 'reserve') return { ok: true, explanation: { allowed: false, reason: `${u.name} is not on the table at the start (it arrives as a reinforcement)` } };
  }
  if (query.kind === 'fire') {
    const actions = query.actions ?? 1;
    // Troops in building blocks fire out by the block rule (block-fire-explain.ts).
    const block = explainBlockFire({ table, units: pool }, unit, target, actions);
    if (block) return { ok: true, explanation: block };
    const s = fireSituation({ table, units: pool, leaders, shooter: unit, target, actions });
    if (!s.allowed) return { ok: true, explanation: s };
    const base = { allowed: true as const, kind: s.kind, range: r2(s.range), band: s.band, actions: s.actions };
    const explanation: NeFireExplanation =
      s.kind === 'solid-shot'
        ? {
            ...base,
            modifiers: [],
            total: 0,
            expected: r3(s.expected),
            hitOn: s.hitOn,
            dice: s.dice,
            bounce: r2(s.bounce),
            victims: s.victims.map((v) => ({ ...v, expected: r3(v.expected) })),
          }
        : { ...base, figures: s.figures, rows: s.rows, modifiers: s.modifiers, total: s.total, casualtiesByRoll: s.casualtiesByRoll, expected: r3(s.expected) };
    return { ok: true, explanation: explanation };
  }
  const s = assaultSituation({ table, units: pool, leaders, attacker: unit, defender: target });
  if (!s.allowed) return { ok: true, explanation: s };
  const explanation: NeAssaultExplanation = {
    allowed: true,
    kind: s.kind,
    aspect: s.aspect,
    contact: s.contact,
    attacker: side(s.attacker),
    defender: side(s.defender),
    odds: { attacker: r3(s.odds.attacker), defender: r3(s.odds.defender), again: r3(s.odds.again) },
    contactFigures: s.contactFigures,
    casualties: s.casualties,
    rideDown: s.rideDown,
  };
  return { ok: true, explanation };
}

/** Sets a scenario up and explains from the set-up, as `adc explain` does (for tests and the engine adapter). */
export function explainScenario(scenario: Scenario, query: Omit<ExplainQuery, 'assume' | 'asPending'> & Partial<Pick<ExplainQuery, 'assume' | 'asPending'>>): NeExplainAnswer {
  const { table, units, leaders } = setupGame(scenario);
  return explainNe(table, units, leaders, { assume: true, asPending: false, ...query });
}
