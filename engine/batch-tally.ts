// Running totals of a batch of games and their summary, for every engine: `adc simulate` (over worker processes,
// node/simulate.ts) and the engine process's `simulate` sum the same way, so both report the same numbers for the
// same seed. Everything is summed in game order: neither the worker split nor the slicing can change a result.
// Losses are kept per unit type; each engine names its types, in the order it reports them.
import type { Scenario, VictoryCondition } from '../domain/model.js';
import type { DecidedBy as GameDecidedBy, DecidedByRow, GameResult, SideKey, SimulationSummary as ProtocolSimulationSummary, UnitLoss } from '../domain/engine-protocol.js';

type Outcome = Omit<GameResult, 'decidedBy'>;
export type SideLosses = Record<string, UnitLoss>;
export type GameLosses = Record<SideKey, SideLosses>;

/** One game of a batch: its result, and what each side lost. */
export interface BatchGame {
  result: Outcome;
  losses: GameLosses;
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

function addEndTurn(endTurns: BatchTally['endTurns'], r: Outcome): BatchTally['endTurns'] {
  const out = [...endTurns];
  for (let i = out.length; i <= r.turns; i++) out.push([0, 0, 0]);
  const row: [number, number, number] = [...out[r.turns]!];
  row[WINNER_SLOT[r.winner]]++;
  out[r.turns] = row;
  return out;
}

function addLosses(sum: GameLosses, game: GameLosses, types: readonly string[]): GameLosses {
  const side = (a: SideLosses, b: SideLosses): SideLosses => {
    const out: SideLosses = { ...a };
    for (const type of types) {
      const l = b[type];
      if (!l) continue;
      const was = out[type] ?? { units: 0, sp: 0 };
      out[type] = { units: was.units + l.units, sp: was.sp + l.sp };
    }
    return out;
  };
  return { red: side(sum.red, game.red), blue: side(sum.blue, game.blue) };
}

export function addGame(t: BatchTally, game: BatchGame, types: readonly string[]): BatchTally {
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
    losses: addLosses(t.losses, game.losses, types),
  };
}

function meanLosses(t: BatchTally, types: readonly string[]): GameLosses {
  const n = t.games;
  const side = (sum: SideLosses): SideLosses => {
    const out: SideLosses = {};
    for (const type of types) {
      const l = sum[type];
      if (l) out[type] = { units: n ? round(l.units / n, 3) : 0, sp: n ? round(l.sp / n, 3) : 0 };
    }
    return out;
  };
  return { red: side(t.losses.red), blue: side(t.losses.blue) };
}

export function summariseTally(t: BatchTally, seconds: number, types: readonly string[]): SimulationSummary {
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
    meanLosses: meanLosses(t, types),
  };
}

/** How often each victory condition decided a game, in the scenario's order, draws last. */
export function decidedByTally(t: BatchTally, labels: readonly string[]): DecidedBy[] {
  const out: DecidedBy[] = labels.map((condition, k) => ({ condition, games: t.conditions[k + 1] ?? 0 }));
  out.push({ condition: 'none (draw)', games: t.conditions[0] ?? 0 });
  return out;
}

/** "#1 red hold obj-a+obj-b", one per victory condition, for the decided-by table. */
export function conditionLabels(scenario: Scenario): string[] {
  return (scenario.victory ?? []).map((v, k) => {
    const who = 'side' in v && v.side ? `${v.side} ` : '';
    const what = v.kind === 'hold' ? ` ${(v as { objectives?: string[] }).objectives?.join('+') ?? ''}` : v.kind === 'exit' ? ` ${(v as { edge?: string }).edge ?? ''}` : '';
    return `#${k + 1} ${who}${v.kind}${what}`.trim();
  });
}

/** The decided-by table's rows: the labels batch.ts writes, with the same condition in fields beside them. */
export function decidedByRows(tally: BatchTally, scenario: Scenario): DecidedByRow[] {
  const conditions = scenario.victory ?? [];
  return decidedByTally(tally, conditionLabels(scenario)).map((row, k): DecidedByRow => {
    const v = conditions[k];
    if (!v) return { ...row, index: -1, kind: 'draw', side: null };
    const side = v.side === 'red' || v.side === 'blue' || v.side === 'any' ? v.side : null;
    const parts = v.kind === 'hold' ? { objectives: [...v.objectives] } : v.kind === 'exit' ? { edge: v.edge } : {};
    return { ...row, index: k, kind: v.kind, side, ...parts };
  });
}

/**
 * What decided one game, in fields: the condition at `condition` (−1 for none) and the side it made the winner
 * (null for a draw), or for a draw whether the turn limit came (`turns`) or the game ended early (`none`).
 */
export function decidedByCondition(victory: readonly VictoryCondition[], condition: number, winner: SideKey | null, limitReached: boolean): GameDecidedBy {
  const v = winner === null ? undefined : victory[condition];
  if (!v || winner === null) return { kind: limitReached ? 'turns' : 'none', side: null };
  if (v.kind === 'hold') return { kind: 'hold', side: winner, objectives: [...v.objectives] };
  if (v.kind === 'exit') return { kind: 'exit', side: winner, edge: v.edge };
  return { kind: v.kind, side: winner };
}
