// The pure half of batch simulation, shared by `adc simulate` (over worker threads, node/simulate.ts) and the engine
// process's `simulate` (in its own thread, engine/session.ts), so both report the same numbers for the same seed.
// Game i is seeded from (seed, i) alone, and everything is summed in game order: neither the worker split nor the
// slicing of the work can change a result.
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import type { PlayerKind } from './ai.js';
import type { GameResult } from './game.js';
import { playGame } from './play.js';
import type { GameState, SeType, SideKey } from './types.js';
import type { SimulationSummary as ProtocolSimulationSummary } from '../../domain/engine-protocol.js';

export interface BatchSetup {
  scenario: Scenario;
  seed: number;
  red: PlayerKind;
  blue: PlayerKind;
}

export const gameSeed = (seed: number, index: number): number => deriveSeed(seed, index);

/** What one side lost of one unit type: units eliminated, and strength points lost (hits, an eliminated unit's SP). */
export interface UnitLoss {
  units: number;
  sp: number;
}

/** Per side, the losses of each unit type the side's army has (reinforcements included), even when nothing was lost. */
export type SideLosses = Partial<Record<SeType, UnitLoss>>;
export type GameLosses = Record<SideKey, SideLosses>;

/** One game of a batch: its result, and what the final state says each side lost. */
export interface BatchGame {
  result: GameResult;
  losses: GameLosses;
}

/** The order unit types are reported in, foot to guns, whatever order the armies list them. */
export const SE_TYPES: readonly SeType[] = ['Infantry', 'Lights', 'Cavalry', 'Heavy Cavalry', 'Guns', 'Horse Guns'];

/**
 * Losses read off a final state. The state keeps every unit of the army from the start (reserves too), so the types
 * present are the army's. Hits are capped at SP, and an eliminated unit counts its full SP whatever its hits say.
 */
export function lossesOf(s: GameState): GameLosses {
  const out: GameLosses = { red: {}, blue: {} };
  for (const u of s.units) {
    const side = out[s.meta.sides[u.side].key];
    const loss = (side[u.type] ??= { units: 0, sp: 0 });
    if (u.status === 'eliminated') {
      loss.units++;
      loss.sp += u.sp;
    } else {
      loss.sp += Math.min(u.hits, u.sp);
    }
  }
  return out;
}

export function playBatchGame(setup: BatchSetup, index: number): BatchGame {
  const played = playGame(setup.scenario, { seed: gameSeed(setup.seed, index), red: setup.red, blue: setup.blue });
  return { result: played.result, losses: lossesOf(played.state) };
}

/** "#1 red hold obj-a+obj-b", one per victory condition, for the decided-by table. */
export function conditionLabels(scenario: Scenario): string[] {
  return (scenario.victory ?? []).map((v, k) => {
    const who = 'side' in v && v.side ? `${v.side} ` : '';
    const what = v.kind === 'hold' ? ` ${(v as { objectives?: string[] }).objectives?.join('+') ?? ''}` : v.kind === 'exit' ? ` ${(v as { edge?: string }).edge ?? ''}` : '';
    return `#${k + 1} ${who}${v.kind}${what}`.trim();
  });
}

/** z for a two-sided 95% interval. */
const Z = 1.959963984540054;

/** Wilson score interval for `wins` successes in `n` trials. */
export function wilson(wins: number, n: number): [number, number] {
  if (n <= 0) return [0, 1];
  const p = wins / n;
  const z2 = Z * Z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (x: number, places = 4): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

/** The protocol's summary (domain/engine-protocol.ts), with the losses keyed by this system's unit types. */
export interface SimulationSummary extends Omit<ProtocolSimulationSummary, 'meanLosses'> {
  /** Mean losses per game of each unit type in each side's army. */
  meanLosses: GameLosses;
}

/** In how many games each side ended with exactly `vp` victory points. */
export type VpCount = ProtocolSimulationSummary['vpHistogram'][number];
/** How many games ended on `turn`, by result. */
export type EndTurnCount = ProtocolSimulationSummary['endTurns'][number];

export interface DecidedBy {
  /** "hold", "exit", "destroy", "points" with the victory condition's index, or "none" for draws. */
  condition: string;
  games: number;
}

/**
 * Running totals of a batch, so a long batch played in slices needs no list of every result. Sums are taken in
 * game order, as summarise() takes them, so the floating-point totals come out identical.
 */
export interface BatchTally {
  readonly games: number;
  readonly wins: { readonly red: number; readonly blue: number; readonly draw: number };
  readonly turns: number;
  readonly vpRed: number;
  readonly vpBlue: number;
  /** Games decided by victory condition k, at index k + 1; draws (condition −1) at index 0. */
  readonly conditions: readonly number[];
  /** Per final VP total: in how many games red, and blue, ended with it. */
  readonly vp: ReadonlyMap<number, readonly [red: number, blue: number]>;
  /** Per turn (by index): games that ended on it won by red, by blue, and drawn. */
  readonly endTurns: readonly (readonly [red: number, blue: number, draw: number])[];
  /** Losses summed over the games. */
  readonly losses: GameLosses;
}

export const emptyTally = (): BatchTally => ({
  games: 0,
  wins: { red: 0, blue: 0, draw: 0 },
  turns: 0,
  vpRed: 0,
  vpBlue: 0,
  conditions: [],
  vp: new Map(),
  endTurns: [],
  losses: { red: {}, blue: {} },
});

const WINNER_SLOT = { red: 0, blue: 1, draw: 2 } as const;

function addVp(vp: BatchTally['vp'], red: number, blue: number): BatchTally['vp'] {
  const out = new Map(vp);
  const r = out.get(red) ?? [0, 0];
  out.set(red, [r[0] + 1, r[1]]);
  const b = out.get(blue) ?? [0, 0];
  out.set(blue, [b[0], b[1] + 1]);
  return out;
}

function addEndTurn(endTurns: BatchTally['endTurns'], r: GameResult): BatchTally['endTurns'] {
  const out = [...endTurns];
  for (let i = out.length; i <= r.turns; i++) out.push([0, 0, 0]);
  const row: [number, number, number] = [...out[r.turns]!];
  row[WINNER_SLOT[r.winner]]++;
  out[r.turns] = row;
  return out;
}

function addLosses(sum: GameLosses, game: GameLosses): GameLosses {
  const side = (a: SideLosses, b: SideLosses): SideLosses => {
    const out: SideLosses = { ...a };
    for (const type of SE_TYPES) {
      const l = b[type];
      if (!l) continue;
      const was = out[type] ?? { units: 0, sp: 0 };
      out[type] = { units: was.units + l.units, sp: was.sp + l.sp };
    }
    return out;
  };
  return { red: side(sum.red, game.red), blue: side(sum.blue, game.blue) };
}

export function addGame(t: BatchTally, game: BatchGame): BatchTally {
  const r = game.result;
  const conditions = [...t.conditions];
  const k = r.condition + 1;
  for (let i = conditions.length; i <= k; i++) conditions.push(0);
  conditions[k]!++;
  return {
    games: t.games + 1,
    wins: { ...t.wins, [r.winner]: t.wins[r.winner] + 1 },
    turns: t.turns + r.turns,
    vpRed: t.vpRed + r.vp.red,
    vpBlue: t.vpBlue + r.vp.blue,
    conditions,
    vp: addVp(t.vp, r.vp.red, r.vp.blue),
    endTurns: addEndTurn(t.endTurns, r),
    losses: addLosses(t.losses, game.losses),
  };
}

function meanLosses(t: BatchTally): GameLosses {
  const n = t.games;
  const side = (sum: SideLosses): SideLosses => {
    const out: SideLosses = {};
    for (const type of SE_TYPES) {
      const l = sum[type];
      if (l) out[type] = { units: n ? round(l.units / n, 3) : 0, sp: n ? round(l.sp / n, 3) : 0 };
    }
    return out;
  };
  return { red: side(t.losses.red), blue: side(t.losses.blue) };
}

export function summariseTally(t: BatchTally, seconds: number): SimulationSummary {
  const n = t.games;
  const { wins } = t;
  const [rl, rh] = wilson(wins.red, n);
  const [bl, bh] = wilson(wins.blue, n);
  return {
    games: n,
    wins: { ...wins },
    winRate: { red: n ? round(wins.red / n) : 0, blue: n ? round(wins.blue / n) : 0 },
    ci95: { red: [round(rl), round(rh)], blue: [round(bl), round(bh)] },
    meanTurns: n ? round(t.turns / n, 3) : 0,
    meanVp: { red: n ? round(t.vpRed / n, 3) : 0, blue: n ? round(t.vpBlue / n, 3) : 0 },
    seconds: round(seconds, 3),
    vpHistogram: [...t.vp.entries()].sort((a, b) => a[0] - b[0]).map(([vp, [red, blue]]) => ({ vp, red, blue })),
    endTurns: t.endTurns.flatMap(([red, blue, draw], turn) => (red + blue + draw > 0 ? [{ turn, red, blue, draw }] : [])),
    meanLosses: meanLosses(t),
  };
}

/** How often each victory condition decided a game, in the scenario's order, draws last. */
export function decidedByTally(t: BatchTally, labels: readonly string[]): DecidedBy[] {
  const out: DecidedBy[] = labels.map((condition, k) => ({ condition, games: t.conditions[k + 1] ?? 0 }));
  out.push({ condition: 'none (draw)', games: t.conditions[0] ?? 0 });
  return out;
}

export const tallyOf = (games: readonly BatchGame[]): BatchTally => games.reduce(addGame, emptyTally());

export function summarise(games: readonly BatchGame[], seconds: number): SimulationSummary {
  return summariseTally(tallyOf(games), seconds);
}

export function decidedBy(games: readonly BatchGame[], labels: readonly string[]): DecidedBy[] {
  return decidedByTally(tallyOf(games), labels);
}
