// adc simulate SCENARIO --games N [--seed N] [--red ai|random] [--blue ai|random] [--workers K] [--json]
import { parseArgs } from 'node:util';
import type { SimulationSummary } from '../domain/engine-protocol.js';
import { simulate } from '../node/simulate.js';
import { EXIT_INVALID, EXIT_OK, printJson, UsageError, type Io } from './output.js';
import { loadPlayableScenario, parsePlayer, parseSeed } from './play.js';

export interface SimulateArgs {
  file: string;
  games?: string;
  seed?: string;
  red?: string;
  blue?: string;
  workers?: string;
  json: boolean;
}

function positiveInt(flag: string, text: string | undefined, max: number): number {
  if (text === undefined || !/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from 1 to ${max}`);
  }
  return Number(text);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** "1.2 SP (0.3 units)" summed over the side's unit types: one line, the per-type detail is in --json. */
function lossesText(losses: SimulationSummary['meanLosses']['red']): string {
  let sp = 0;
  let units = 0;
  for (const l of Object.values(losses)) {
    sp += l.sp;
    units += l.units;
  }
  return `${sp.toFixed(1)} SP (${units.toFixed(1)} units)`;
}

export async function runSimulate(io: Io, args: SimulateArgs, progress: (text: string) => void = () => {}): Promise<number> {
  if (args.games === undefined) throw new UsageError('simulate needs --games N');
  const games = positiveInt('--games', args.games, 1_000_000);
  const seed = parseSeed(args.seed);
  const red = parsePlayer('--red', args.red);
  const blue = parsePlayer('--blue', args.blue);
  const workers = args.workers === undefined ? 1 : positiveInt('--workers', args.workers, 256);
  const loaded = await loadPlayableScenario(io, args.file);
  if (!loaded.ok) return loaded.exit;
  let out;
  try {
    let last = -1;
    out = await simulate(loaded.scenario, {
      games,
      seed,
      red,
      blue,
      workers,
      onProgress: (done, total) => {
        const tenth = Math.floor((done * 10) / total);
        if (tenth !== last) {
          last = tenth;
          progress(`${done}/${total} games`);
        }
      },
    });
  } catch (err) {
    io.err(`Simulation failed: ${(err as Error).message}`);
    return EXIT_INVALID;
  }
  const s = out.summary;
  if (args.json) {
    printJson(io, {
      games: s.games,
      wins: s.wins,
      winRate: s.winRate,
      ci95: s.ci95,
      meanTurns: s.meanTurns,
      meanVp: s.meanVp,
      seconds: s.seconds,
      vpHistogram: s.vpHistogram,
      endTurns: s.endTurns,
      meanLosses: s.meanLosses,
    });
    return EXIT_OK;
  }
  const ci = (c: [number, number]): string => `${pct(c[0])}–${pct(c[1])}`;
  const who = red === 'ai' && blue === 'ai' ? 'AI' : `red (${red}) against blue (${blue})`;
  io.out(`${loaded.scenario.title}: ${s.games} ${who} games from seed ${seed} on ${workers} worker${workers === 1 ? '' : 's'} in ${s.seconds.toFixed(2)} s (${(s.games / Math.max(s.seconds, 1e-9)).toFixed(0)} games/s)`);
  io.out(`  red   wins ${String(s.wins.red).padStart(6)}  ${pct(s.winRate.red).padStart(6)}  (95% ${ci(s.ci95.red)})`);
  io.out(`  blue  wins ${String(s.wins.blue).padStart(6)}  ${pct(s.winRate.blue).padStart(6)}  (95% ${ci(s.ci95.blue)})`);
  io.out(`  draws      ${String(s.wins.draw).padStart(6)}`);
  io.out(`  mean turns ${s.meanTurns}; mean VP red ${s.meanVp.red}, blue ${s.meanVp.blue}`);
  io.out(`  mean losses red ${lossesText(s.meanLosses.red)}; blue ${lossesText(s.meanLosses.blue)}`);
  io.out('  decided by:');
  for (const d of out.decidedBy) io.out(`    ${d.condition.padEnd(40)} ${String(d.games).padStart(6)}`);
  return EXIT_OK;
}

export async function simulateCommand(io: Io, argv: string[], progress?: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      games: { type: 'string' },
      seed: { type: 'string' },
      red: { type: 'string' },
      blue: { type: 'string' },
      workers: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('simulate takes exactly one SCENARIO');
  const json = values.json === true;
  // Progress goes to stderr, and only when a person is watching: stdout carries the result.
  const report = progress ?? (!json && process.stderr.isTTY ? (t: string) => process.stderr.write(`\r${t}   `) : () => {});
  const code = await runSimulate(io, { file: positionals[0]!, games: values.games, seed: values.seed, red: values.red, blue: values.blue, workers: values.workers, json }, report);
  if (!progress && !json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  return code;
}
