// How fast a rules engine plays whole games in one process, on one core: random against random and AI against AI on
// a sample, through the seam every engine shares (engine/play-game.ts over engine/registry.ts), so it serves any
// engine. Games are timed after a warm-up by the process's user CPU time, which other work on a shared machine
// moves less than the clock (both are printed, with the load average).
//
// `npm run bench` runs it from engine.ts; alone: node dist/tests/bench/one-core.js ENGINE SAMPLE [SECONDS]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PlayerKind } from '../../domain/engine-protocol.js';
import { parseDocument } from '../../domain/document.js';
import type { Scenario } from '../../domain/model.js';
import { playGame } from '../../engine/play-game.js';
import { engineFor } from '../../engine/registry.js';
import type { AnyRulesEngine } from '../../engine/rules-engine.js';
import { isEntryPoint } from '../../node/entry-point.js';

export interface OneCoreRate {
  games: number;
  plies: number;
  /** Games a second of user CPU time. */
  cpu: number;
  /** Games a second by the clock. */
  wall: number;
  /** Microseconds of user CPU time a ply (an action applied, the player's choice included). */
  microsPerPly: number;
}

export interface OneCoreFigures {
  random: OneCoreRate;
  ai: OneCoreRate;
}

function loadSample(sample: string): Scenario {
  const file = path.resolve(import.meta.dirname, `../../../scenarios/${sample}.scenario.json`);
  const r = parseDocument(readFileSync(file, 'utf8'));
  if (!r.ok) throw new Error(`${sample} does not load`);
  return r.document as Scenario;
}

/** Seeded games of `kind` against `kind`, one after another, until `seconds` of CPU time have gone. */
function rate(engine: AnyRulesEngine, scenario: Scenario, kind: PlayerKind, seconds: number, firstSeed: number): OneCoreRate {
  let plies = 0;
  // The engine as it is, but counting the actions applied: plies are what every engine has in common.
  const counting = Object.assign(Object.create(engine) as AnyRulesEngine, {
    apply: (state: unknown, action: unknown) => {
      plies++;
      return engine.apply(state, action);
    },
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let games = 0;
  let used = 0;
  while (used < seconds) {
    playGame(counting, scenario, { seed: firstSeed + games, red: kind, blue: kind });
    games++;
    used = process.cpuUsage(cpu0).user / 1e6;
  }
  const wall = (performance.now() - t0) / 1000;
  return { games, plies, cpu: games / used, wall: games / wall, microsPerPly: (used * 1e6) / plies };
}

/** Random and AI games per second of one process on `sample`, each after a warm-up of a fifth of its time. */
export function benchOneCore(engineId: string, sample: string, seconds = 4): OneCoreFigures {
  const engine = engineFor(engineId);
  if (!engine) throw new Error(`no engine plays ${engineId}`);
  const scenario = loadSample(sample);
  const loads = [loadavg()[0]!.toFixed(1)];
  const out = {} as OneCoreFigures;
  for (const kind of ['random', 'ai'] as const) {
    rate(engine, scenario, kind, seconds / 5, 1_000_000);
    out[kind] = rate(engine, scenario, kind, seconds, 1);
    loads.push(loadavg()[0]!.toFixed(1));
  }
  console.log(`${sample}, one process: whole games, timed by user CPU (by the clock in brackets); load average ${loads.join(' → ')}`);
  for (const kind of ['random', 'ai'] as const) {
    const r = out[kind];
    const label = `  ${kind === 'ai' ? 'AI' : 'random'} against ${kind === 'ai' ? 'AI' : 'random'}`;
    console.log(`${label.padEnd(44)} ${r.cpu.toFixed(1).padStart(7)} games/s (${r.wall.toFixed(1)})  ${r.microsPerPly.toFixed(1).padStart(6)} µs a ply  (${r.games} games, ${(r.plies / r.games).toFixed(0)} plies each)`);
  }
  return out;
}

if (isEntryPoint(import.meta.url)) {
  const [engineId = 'hex-skirmish', sample = 'hx-01-the-foragers-bridge', seconds = '4'] = process.argv.slice(2);
  benchOneCore(engineId, sample, Number(seconds));
}
