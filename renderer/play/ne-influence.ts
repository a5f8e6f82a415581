// Leader influence at the game turn's threshold checks ('Threshold Checks', its note on leader influence; rules notes
// §13 "Player choices"), as the play view shows it: the rolls the asked leader leads, what the d20 must roll before
// his influence, and for each point he may lend (0–6) the chance the roll passes and the d10 risk to him.
//
// The engine's view says only which leader is asked. Until it also carries each roll's need (a note for the engine
// owners: `decision.influence.rolls` in rules-view.ts), the need is worked out here from the view and the scenario
// the way threshold.ts works it: lost units (routed, surrendered, eliminated, retreating) against the units involved,
// the army's roll led by its commander and each division's by its leader, with the modifiers the view can show
// (Napoleon present, mostly elite or grenadiers, mostly militia, Spanish, out of command). A Guard formation's +2/+5
// is not in the view, so such a need is marked as the view's reading, not the engine's.
import type { NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Formation, Scenario, Unit } from '../../domain/model.js';
import { parseRating } from '../../domain/ratings.js';
import { commanderOf } from '../../domain/rule-systems/napoleons-eagles-leaders.js';
import { nationOf } from '../../domain/rule-systems/napoleons-eagles-nations.js';

/** The most influence a leader may lend, and the d20 need before modifiers. */
export const MOST_INFLUENCE = 6;
const BASE_NEED = 8;

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
  /** False when the roll may carry a modifier the view cannot show (a Guard formation). */
  exact: boolean;
}

/** What lending `bonus` does: the need, the chance the roll passes, the chance the leader falls. */
export function influenceOdds(need: number, bonus: number): { need: number; pass: number; risk: number } {
  const n = need + bonus;
  return { need: n, pass: Math.max(0, Math.min(20, n)) / 20, risk: Math.max(0, Math.min(10, bonus)) / 10 };
}

/** The engine's own rolls when its view carries them (a field the view may add), else null. */
function rollsFromView(view: NapoleonsEaglesView): LedRoll[] | null {
  const d = view.decision as { influence?: { rolls?: unknown } };
  const rolls = d.influence?.rolls;
  if (!Array.isArray(rolls)) return null;
  return rolls.map((r: Record<string, unknown>) => ({
    level: r.level === 'army' ? 'army' : 'division',
    name: typeof r.name === 'string' ? r.name : typeof r.formation === 'string' ? r.formation : '',
    lost: Number(r.lost ?? 0),
    total: Number(r.total ?? r.units ?? 0),
    need: Number(r.need ?? BASE_NEED),
    modifiers: Array.isArray(r.modifiers) ? (r.modifiers as InfluenceModifier[]) : [],
    exact: true,
  }));
}

interface Placed {
  unit: Unit;
  commander: string | null;
}

function walk(f: Formation, chain: Formation[], out: Placed[]): void {
  const here = [f, ...chain];
  for (const u of f.units ?? []) out.push({ unit: u, commander: commanderOf(here)?.leader.id ?? null });
  for (const g of f.formations ?? []) walk(g, here, out);
}

const mostly = <T>(xs: readonly T[], test: (x: T) => boolean) => xs.filter(test).length * 2 > xs.length;

/** The rolls `leader` leads this game turn, were every army to hold (so his division's roll is listed too). */
export function ledRolls(view: NapoleonsEaglesView, scenario: Pick<Scenario, 'sides' | 'ruleOptions'>, leader: string): LedRoll[] {
  const given = rollsFromView(view);
  if (given) return given;
  const options = scenario.ruleOptions?.['napoleons-eagles'] ?? {};
  const percent = typeof options.thresholdPercent === 'number' ? options.thresholdPercent : 50;
  const byId = new Map(view.units.map((u) => [u.id, u]));
  const out: LedRoll[] = [];
  for (const side of scenario.sides) {
    const placed: Placed[] = [];
    walk(side.army, [], placed);
    const involved = placed.filter((p) => {
      const v = byId.get(p.unit.id);
      return v && v.status !== 'reserve';
    });
    const nation = nationOf(side.nation ?? side.name);
    const roll = (level: LedRoll['level'], name: string, members: Placed[], outOfCommand: boolean) => {
      const views = members.map((m) => byId.get(m.unit.id)!);
      const lost = views.filter((v) => v.status !== 'table' || v.retreat > 0).length;
      if (members.length === 0 || lost * 100 < percent * members.length) return;
      const mods: InfluenceModifier[] = [];
      const add = (id: string, reason: string, value: number) => mods.push({ id, reason, value });
      const rating = (u: Unit) => {
        const r = u.ratings?.['napoleons-eagles'];
        const p = typeof r?.rating === 'string' ? parseRating(r.rating) : null;
        return { morale: p?.ok ? p.rating.morale : 10, guard: typeof r?.guard === 'string' };
      };
      const units = members.map((m) => m.unit);
      const guard = mostly(units, (u) => rating(u).guard);
      if (nation === 'french' && options.napoleonPresent === true) add('napoleon', 'French with Napoleon on the battlefield', 1);
      if (!(nation === 'french' && guard) && mostly(units, (u) => u.type === 'grenadier' || u.type === 'guard' || rating(u).guard || rating(u).morale >= 18)) add('elite', 'mostly elite or seasoned units', 1);
      if (mostly(units, (u) => u.type === 'militia' || rating(u).morale < 15)) add('militia', 'mostly militia or green units', -1);
      if (nation === 'spanish') add('spanish', 'mostly Spanish', -1);
      if (outOfCommand) add('out-of-command', 'out of command or cut off', -3);
      out.push({ level, name, lost, total: members.length, need: BASE_NEED + mods.reduce((s, m) => s + m.value, 0), modifiers: mods, exact: !(nation === 'french' && guard) });
    };
    if (side.army.leader?.id === leader) roll('army', side.army.name, involved, false);
    // Every leader with units answering to him leads their roll too, the army's commander included (threshold.ts).
    const led = involved.filter((p) => p.commander === leader);
    if (led.length > 0) {
      // Retreating units are not counted here: the engine's own status for them is not 'table'.
      const table = led.filter((p) => byId.get(p.unit.id)!.status === 'table' && byId.get(p.unit.id)!.retreat === 0);
      const ooc = mostly(table, (p) => byId.get(p.unit.id)!.markers.includes('out-of-command'));
      roll('division', findLed(side.army, leader)?.name ?? leader, led, ooc);
    }
  }
  return out;
}

function findLed(f: Formation, leader: string): Formation | undefined {
  if (f.leader?.id === leader) return f;
  for (const g of f.formations ?? []) {
    const hit = findLed(g, leader);
    if (hit) return hit;
  }
  return undefined;
}
