// What the optional and special rules (rules notes §14, §15) add to the `state` view, so a player can see them: written
// orders per division, smoke on the table, refused flanks, cavalry gone out of control, fires in building blocks,
// caissons at work, fights carried into the next period, and which table flank bids or moves. Each field is absent
// while its rule has nothing to show, so a game without these rules has the view it always had.
import type { NapoleonsEaglesDecision, NapoleonsEaglesRulesView, NapoleonsEaglesUnitRules } from '../../domain/engine-protocol.js';
import { leaderPoint } from './movement.js';
import { divisionLeaders, optionTwo } from './orders-play.js';
import { refusedFigures } from './refused-flank.js';
import { PERIODS_PER_TURN, unitById, type NeGameState } from './state.js';
import { influenceRolls } from './threshold-influence.js';

const r2 = (n: number) => Math.round(n * 100) / 100;
const pt = (p: readonly [number, number]): [number, number] => [r2(p[0]), r2(p[1])];
/** A period index (1 = the game's first) as the turn and period a player reads. */
const when = (i: number) => ({ turn: Math.floor((i - 1) / PERIODS_PER_TURN) + 1, period: ((i - 1) % PERIODS_PER_TURN) + 1 });

/** The view's top-level additions. */
export function rulesView(s: NeGameState): NapoleonsEaglesRulesView {
  const out: NapoleonsEaglesRulesView = {};
  if (optionTwo(s)) {
    // Every division, the one given no order too: it holds where its leader stands (rules notes §14, set-up).
    const ids = new Set([...divisionLeaders(s).map((l) => l.id), ...Object.keys(s.orders?.divisions ?? {}), ...Object.keys(s.orders?.pending ?? {})]);
    out.orders = [...ids].flatMap((id) => {
      const l = s.leaders.find((x) => x.id === id);
      if (!l) return [];
      const d = s.orders?.divisions[id];
      const p = s.orders?.pending[id];
      return [
        {
          leader: id,
          side: l.side,
          order: d?.order ?? 'defend',
          at: pt(d?.at ?? leaderPoint(s.units, l)),
          committed: d?.committed ?? false,
          ...(d ? {} : { unwritten: true as const }),
          ...(d?.until !== undefined ? { until: when(d.until) } : {}),
          ...(p ? { next: { order: p.order, at: pt(p.at), sent: when(p.sent), arrives: when(p.arrives) } } : {}),
        },
      ];
    });
  }
  if (s.smoke && s.smoke.length > 0) out.smoke = s.smoke.map((c) => ({ by: c.by, at: pt([c.x, c.y]), facing: r2(c.facing), width: r2(c.width), depth: 1, until: when(c.until) }));
  const fires = Object.entries(s.buildings?.fires ?? {}).filter(([, n]) => n > 0);
  if (fires.length > 0) out.fires = Object.fromEntries(fires);
  if (s.buildings && s.buildings.work.length > 0) out.fireWork = s.buildings.work.map((w) => ({ ...w }));
  if (s.resupply && s.resupply.length > 0) out.resupply = s.resupply.map((r) => ({ ...r }));
  if (s.carried && s.carried.length > 0) out.carried = s.carried.map((c) => ({ charger: c.charger, target: c.target }));
  if (s.flanks) out.flanks = { count: s.flanks.count, now: s.flanks.now, stage: s.flanks.stage, queue: [...s.flanks.queue] };
  return out;
}

/** A unit's additions: its refused flank, out of control, its table flank this period. */
export function unitRules(s: NeGameState, id: string): NapoleonsEaglesUnitRules {
  const out: NapoleonsEaglesUnitRules = {};
  const flank = s.refused?.[id];
  const u = unitById(s, id);
  if (flank && u) out.refused = { flank, figures: refusedFigures(u) };
  if (s.outOfControl?.includes(id)) out.outOfControl = true;
  const f = s.flanks?.of[id];
  if (f !== undefined) out.flank = f;
  return out;
}

/**
 * The influence decision's additions: the asked leader, the rolls he leads as threshold.ts works them (so a player
 * sees the need the dice will face, the Guard's modifier too), and the leaders still to answer after him.
 */
export function influenceDecision(s: NeGameState): Pick<NapoleonsEaglesDecision, 'leader' | 'influence'> {
  if (s.phase !== 'influence' || !s.influence || s.influence.pending.length === 0) return {};
  const leader = s.influence.pending[0]!;
  const rolls = influenceRolls(s)
    .filter((r) => r.leader.id === leader)
    .map((r) => ({ level: r.level, formation: r.formation, lost: r.lost, total: r.units, need: r.need, modifiers: r.modifiers.map((m) => ({ id: m.id, value: m.value, reason: m.reason })) }));
  return { leader, influence: { rolls, pending: s.influence.pending.slice(1) } };
}
