// adc play SCENARIO [--seed N] [--red ai|random] [--blue ai|random] [--log OUT.jsonl] [--json]
import { cannotWrite } from './write-failure.js';
import { parseArgs } from 'node:util';
import type { PlayerKind } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { hasErrors } from '../domain/problems.js';
import { validateDocument } from '../domain/validate.js';
import { playGame } from '../engine/play-game.js';
import { engineFor, unplayableSystemWords } from '../engine/registry.js';
import type { AnyRulesEngine } from '../engine/rules-engine.js';
import { writeFileAtomic } from '../node/atomic-file.js';
import { loadDocumentOrExit } from './load.js';
import { EXIT_INVALID, EXIT_OK, printJson, UsageError, type Io } from './output.js';

const PLAYER_KINDS: readonly PlayerKind[] = ['ai', 'random'];

/** Why no engine plays `file`'s system, naming the systems that can be played. */
export function unsupportedSystem(file: string, ruleSystem: unknown): string {
  return `${file} is ${unplayableSystemWords(ruleSystem)}.`;
}

/** Reads a scenario an engine can play, with that engine, or says why not: exit 2 for an unreadable file, 1 for a bad one. */
export async function loadPlayableScenario(io: Io, file: string): Promise<{ ok: true; scenario: Scenario; engine: AnyRulesEngine } | { ok: false; exit: number }> {
  const loaded = await loadDocumentOrExit(io, file);
  if (!loaded.ok) return loaded;
  const doc = loaded.document;
  if (doc.type !== 'aide-de-camp/scenario') {
    io.err(`${file} is an army list; the engine plays scenarios.`);
    return { ok: false, exit: EXIT_INVALID };
  }
  const scenario = doc;
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) {
    io.err(unsupportedSystem(file, scenario.ruleSystem));
    return { ok: false, exit: EXIT_INVALID };
  }
  const problem = engine.playableProblem(scenario);
  if (problem) {
    io.err(`${file}: ${problem}`);
    return { ok: false, exit: EXIT_INVALID };
  }
  const problems = validateDocument(scenario);
  if (hasErrors(problems)) {
    io.err(`${file} has errors; fix them first (see adc validate ${file}):`);
    for (const p of problems.filter((x) => x.severity === 'error').slice(0, 10)) io.err(`  ${p.path || '/'}  ${p.message}`);
    return { ok: false, exit: EXIT_INVALID };
  }
  return { ok: true, scenario, engine };
}

/** A seed is a whole number from 0 to 2^53 − 1, so it survives JSON unchanged. */
export function parseSeed(text: string | undefined, fallback = 1): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`--seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return Number(text);
}

export function parsePlayer(flag: string, text: string | undefined): PlayerKind {
  if (text === undefined) return 'ai';
  if (!(PLAYER_KINDS as readonly string[]).includes(text)) throw new UsageError(`${flag} must be ${PLAYER_KINDS.join(' or ')}`);
  return text as PlayerKind;
}

export interface PlayArgs {
  file: string;
  seed?: string;
  red?: string;
  blue?: string;
  log?: string;
  json: boolean;
}

export async function runPlay(io: Io, args: PlayArgs): Promise<number> {
  const seed = parseSeed(args.seed);
  const red = parsePlayer('--red', args.red);
  const blue = parsePlayer('--blue', args.blue);
  if (args.log !== undefined && args.log.trim() === '') throw new UsageError('--log needs a file name');
  const loaded = await loadPlayableScenario(io, args.file);
  if (!loaded.ok) return loaded.exit;
  const game = playGame(loaded.engine, loaded.scenario, { seed, red, blue, log: args.log !== undefined });
  if (args.log !== undefined) {
    try {
      await writeFileAtomic(args.log, game.log!.join('\n') + '\n');
    } catch (err) {
      io.err(cannotWrite(args.log, err));
      return EXIT_INVALID;
    }
  }
  const r = game.result;
  if (args.json) {
    printJson(io, { winner: r.winner, reason: r.reason, turns: r.turns, vp: { red: r.vp.red, blue: r.vp.blue }, seed });
  } else {
    const title = loaded.scenario.title;
    io.out(`${title}: red (${red}) against blue (${blue}), seed ${seed}`);
    io.out(r.winner === 'draw' ? `Draw after ${r.turns} turn${r.turns === 1 ? '' : 's'}: ${r.reason}.` : `${r.winner === 'red' ? 'Red' : 'Blue'} wins after ${r.turns} turn${r.turns === 1 ? '' : 's'}: ${r.reason}.`);
    io.out(`Victory points: red ${r.vp.red}, blue ${r.vp.blue}.`);
    if (args.log !== undefined) io.out(`Game log written to ${args.log} (${game.log!.length} lines).`);
  }
  return EXIT_OK;
}

export async function playCommand(io: Io, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      red: { type: 'string' },
      blue: { type: 'string' },
      log: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('play takes exactly one SCENARIO');
  return runPlay(io, { file: positionals[0]!, seed: values.seed, red: values.red, blue: values.blue, log: values.log, json: values.json === true });
}
