// Leader influence at the game turn's threshold checks ('Threshold Checks', its note on leader influence; rules notes
// §13 "Player choices"), as the play view shows it: the rolls the asked leader leads, what the d20 must roll before
// his influence, and for each point he may lend (0–6) the chance the roll passes and the d10 risk to him.
// The rolls and their needs are the engine's own (`decision.influence` in the state view, worked by threshold.ts);
// this module only names them and does the odds.
import type { NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Formation, Scenario } from '../../domain/model.js';

/** The most influence a leader may lend. */
export const MOST_INFLUENCE = 6;

export interface InfluenceModifier {
  id: string;
  reason: string;
  value: number;
}

/** A threshold roll the asked leader leads this game turn. */
export interface LedRoll {
  level: 'army' | 'division';
  /** The formation's name, for the words. */
  name: string;
  lost: number;
  total: number;
  /** The d20 roll at or under which it passes, before influence. */
  need: number;
  modifiers: InfluenceModifier[];
}

/** What lending `bonus` does: the need, the chance the roll passes, the chance the leader falls. */
export function influenceOdds(need: number, bonus: number): { need: number; pass: number; risk: number } {
  const n = need + bonus;
  return { need: n, pass: Math.max(0, Math.min(20, n)) / 20, risk: Math.max(0, Math.min(10, bonus)) / 10 };
}

function findFormation(f: Formation, id: string): Formation | undefined {
  if (f.id === id) return f;
  for (const g of f.formations ?? []) {
    const hit = findFormation(g, id);
    if (hit) return hit;
  }
  return undefined;
}

function holds(f: Formation, unit: string): boolean {
  return (f.units ?? []).some((u) => u.id === unit) || (f.formations ?? []).some((g) => holds(g, unit));
}

/** A roll's formation by name: an army roll names its side key, a division roll its formation id. */
function formationName(view: NapoleonsEaglesView, scenario: Pick<Scenario, 'sides'>, level: LedRoll['level'], formation: string): string {
  if (level === 'army') {
    const one = view.units.find((u) => u.side === formation);
    const side = one ? scenario.sides.find((s) => holds(s.army, one.id)) : undefined;
    return side?.army.name ?? formation;
  }
  for (const s of scenario.sides) {
    const f = findFormation(s.army, formation);
    if (f) return f.name;
  }
  return formation;
}

/** The rolls the asked leader leads, as the engine's view gives them, named; empty for any other leader. */
export function ledRolls(view: NapoleonsEaglesView, scenario: Pick<Scenario, 'sides'>, leader: string): LedRoll[] {
  if (view.decision.leader !== leader) return [];
  return (view.decision.influence?.rolls ?? []).map((r) => ({
    level: r.level,
    name: formationName(view, scenario, r.level, r.formation),
    lost: r.lost,
    total: r.total,
    need: r.need,
    modifiers: r.modifiers.map((m) => ({ ...m })),
  }));
}

/** The leaders of the asked leader's side still to be asked after him. */
export function laterAsked(view: NapoleonsEaglesView): string[] {
  const side = view.leaders.find((l) => l.id === view.decision.leader)?.side;
  return (view.decision.influence?.pending ?? []).filter((id) => view.leaders.find((l) => l.id === id)?.side === side);
}
