// Pure helpers of the play view: the map drawn from the engine's position, and the log in words.
import type { Formation, Scenario, TacticalFormation } from '../../domain/model.js';

export interface EngineUnit {
  id: string;
  name: string;
  side: string;
  status: string;
  box: string | null;
  facing: number | null;
  formation: string | null;
  sp: number;
  hits: number;
}

export interface EngineGeneral {
  id: string;
  name: string;
  status: string;
  box: string | null;
}

export interface GameState {
  turn: number;
  turns: number;
  phase: string;
  toAct: 'red' | 'blue' | null;
  vp: { red: number; blue: number };
  over: boolean;
  units: EngineUnit[];
  generals: EngineGeneral[];
}

/**
 * A copy of the scenario with every unit and general where the engine has them, so the editor's map renderer can
 * draw the game. Units not on the table (in reserve, eliminated, gone off the edge, or with no strength left) are
 * left out rather than drawn where they started.
 */
export function scenarioAtState(scenario: Scenario, state: GameState): Scenario {
  const units = new Map(state.units.map((u) => [u.id, u]));
  const generals = new Map(state.generals.map((g) => [g.id, g]));
  const place = (f: Formation): Formation => {
    const out: Formation = { ...f };
    if (f.leader) {
      const g = generals.get(f.leader.id);
      if (g && g.status === 'table' && g.box) out.leader = { ...f.leader, setup: { cell: g.box } };
      else {
        const { setup: _drop, ...rest } = f.leader;
        out.leader = rest;
      }
    }
    if (f.units) {
      out.units = f.units.flatMap((u) => {
        const e = units.get(u.id);
        if (!e || e.status !== 'table' || !e.box || e.sp - e.hits <= 0) return [];
        const formation = (e.formation ?? u.setup?.formation) as TacticalFormation | undefined;
        return [{ ...u, setup: { cell: e.box, facing: e.facing ?? u.setup?.facing ?? 0, ...(formation ? { formation } : {}) } }];
      });
    }
    if (f.formations) out.formations = f.formations.map(place);
    return out;
  };
  return { ...scenario, sides: scenario.sides.map((s) => ({ ...s, army: place(s.army) })) as Scenario['sides'] };
}

type Names = ReadonlyMap<string, string>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** One line per event, in words a player reads; an event this does not know still shows its type and fields. */
export function describeEvent(e: Record<string, unknown>, names: Names): string {
  const n = (k: string) => {
    const id = str(e[k]);
    return names.get(id) ?? id;
  };
  const rolls = Array.isArray(e.rolls) ? ` [${(e.rolls as unknown[]).join(', ')}]` : '';
  switch (e.type) {
    case 'turn':
      return `— Turn ${str(e.turn)} —`;
    case 'orders-roll':
      return `${n('general')} rolls ${str(e.roll)} for orders: ${str(e.pips)} pip${e.pips === 1 ? '' : 's'}`;
    case 'order':
      return `${n('general')} orders ${n('unit')}`;
    case 'attach':
      return `${n('general')} joins ${n('unit')}`;
    case 'move':
    case 'march':
    case 'maneuver':
      return `${n('unit')} ${{ move: 'moves', march: 'marches', maneuver: 'manoeuvres' }[e.type]} to ${str(e.to)}${e.formation ? ` in ${str(e.formation)}` : ''}`;
    case 'fire':
    case 'bombard':
      if (typeof e.dice !== 'number') return generic(e, names);
      return `${n('unit')} ${e.type === 'bombard' ? 'bombards' : 'fires on'} ${n('target')}: ${str(e.dice)} dice hitting on ${str(e.hitOn)}+${rolls} → ${str(e.hits)} hit${e.hits === 1 ? '' : 's'}`;
    case 'retreat':
      return `${n('unit')} retreats${e.to ? ` to ${str(e.to)}` : ''}`;
    case 'eliminated':
      return `${n('unit')} is eliminated`;
    case 'rally':
      return `${n('unit')} rallies${rolls}`;
    case 'assault-result': {
      const side = (k: string) => {
        const s = e[k] as Record<string, unknown> | undefined;
        return s ? `${str(s.hits)} hit${s.hits === 1 ? '' : 's'}${Array.isArray(s.rolls) ? ` [${(s.rolls as unknown[]).join(', ')}]` : ''}` : '';
      };
      return `Assault ${n('unit') || n('attacker')} on ${n('target') || n('defender')}: attacker ${side('attacker')}, defender ${side('defender')}`;
    }
    case 'end-orders':
    case 'end-actions':
      return `${str(e.side) || 'Side'} ends ${e.type === 'end-orders' ? 'orders' : 'actions'}`;
    case 'result':
      return `Game over: ${str(e.winner)} (${str(e.reason)})`;
    default:
      return generic(e, names);
  }
}

function generic(e: Record<string, unknown>, names: Names): string {
  const fields = Object.entries(e)
    .filter(([k, v]) => k !== 'type' && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => `${k} ${names.get(String(v)) ?? String(v)}`);
  return `${str(e.type)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
}

/** Percent with no decimals, for the verdict and the bars. */
export const pct = (x: number): string => `${Math.round(x * 100)}%`;

export interface Simulation {
  games: number;
  wins: { red: number; blue: number; draw: number };
  winRate: { red: number; blue: number };
  ci95: { red: [number, number]; blue: [number, number] };
  meanTurns: number;
  meanVp: { red: number; blue: number };
}

/** A sentence from the numbers alone: the likelier winner and the half-width of its 95% interval. */
export function verdict(sim: Simulation, sideName: (k: 'red' | 'blue') => string): string {
  if (sim.games === 0) return 'No games were played.';
  const k: 'red' | 'blue' = sim.winRate.red >= sim.winRate.blue ? 'red' : 'blue';
  const [lo, hi] = sim.ci95[k];
  const half = (hi - lo) / 2;
  const draws = sim.wins.draw / sim.games;
  const drawText = draws > 0 ? `; ${pct(draws)} draws` : '';
  if (sim.winRate.red === sim.winRate.blue) return `Both sides win ${pct(sim.winRate.red)} of ${sim.games} games${drawText}.`;
  return `${sideName(k)} wins ${pct(sim.winRate[k])} ± ${pct(half)} of ${sim.games} games${drawText}.`;
}
