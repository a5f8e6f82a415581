// adc explain SCENARIO --fire UNIT --target UNIT [--json]
// adc explain SCENARIO --assault UNIT --target UNIT [--json]
import { parseArgs } from 'node:util';
import type { Pool } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { engineFor } from '../engine/registry.js';
import { loadDocumentOrExit } from './load.js';
import { EXIT_INVALID, EXIT_OK, printJson, UsageError, type Io } from './output.js';
import { unsupportedSystem } from './play.js';

export interface ExplainArgs {
  file: string;
  fire?: string;
  assault?: string;
  target?: string;
  json: boolean;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

function poolLines(label: string, p: Pool): string[] {
  const lines = [`${label}${p.dice} dice, hitting on ${p.hitOn}+`];
  for (const m of p.modifiers) lines.push(`    ${signed(m.dice)}d6  ${m.reason}`);
  return lines;
}

export async function runExplain(io: Io, args: ExplainArgs): Promise<number> {
  if ((args.fire === undefined) === (args.assault === undefined)) throw new UsageError('explain needs one of --fire UNIT or --assault UNIT');
  if (args.target === undefined) throw new UsageError('explain needs --target UNIT');
  const loaded = await loadDocumentOrExit(io, args.file);
  if (!loaded.ok) return loaded.exit;
  if (loaded.document.type !== 'aide-de-camp/scenario') {
    io.err(`${args.file} is an army list; explain needs a scenario.`);
    return EXIT_INVALID;
  }
  const scenario = loaded.document as Scenario;
  const engine = engineFor(scenario.ruleSystem);
  if (!engine) {
    io.err(unsupportedSystem(args.file, scenario.ruleSystem));
    return EXIT_INVALID;
  }
  const problem = engine.playableProblem(scenario);
  if (problem) {
    io.err(`${args.file}: ${problem}`);
    return EXIT_INVALID;
  }
  let state;
  try {
    state = engine.start(scenario, 0).state;
  } catch (err) {
    io.err(`${args.file}: ${(err as Error).message}`);
    return EXIT_INVALID;
  }
  const unitId = (args.fire ?? args.assault)!;
  const kind = args.fire !== undefined ? 'fire' : 'assault';
  const answer = engine.explain(state, { kind, unit: unitId, target: args.target, assume: true, asPending: false });
  if (!answer.ok) {
    io.err(`${args.file} has no unit "${answer.missing}".`);
    return EXIT_INVALID;
  }
  const pool = answer.explanation;
  if (args.json) {
    printJson(io, pool);
    return EXIT_OK;
  }
  if (!pool.allowed) {
    io.out(`${unitId} cannot ${kind === 'fire' ? 'fire at' : 'assault'} ${args.target}: ${pool.reason}.`);
    return EXIT_OK;
  }
  if ('kind' in pool) {
    io.out(`${unitId} ${pool.kind === 'fire' ? 'fires' : 'skirmishes'} at ${args.target}, range ${pool.range} box${pool.range === 1 ? '' : 'es'}:`);
    for (const l of poolLines('  ', pool)) io.out(l);
    if (answer.extra.reroll) io.out('  one missed die may be re-rolled (light rifles)');
    return EXIT_OK;
  }
  io.out(`${unitId} assaults ${args.target} in the ${pool.arc}:`);
  for (const l of poolLines(`  ${unitId}: `, pool.attacker)) io.out(l);
  for (const l of poolLines(`  ${args.target}: `, pool.defender)) io.out(l);
  if (answer.extra.gunsRemoved) io.out(`  the guns are removed at once (ordered guns assaulted from the front fire once at close range first)`);
  return EXIT_OK;
}

export async function explainCommand(io: Io, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      fire: { type: 'string' },
      assault: { type: 'string' },
      target: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('explain takes exactly one SCENARIO');
  return runExplain(io, { file: positionals[0]!, fire: values.fire, assault: values.assault, target: values.target, json: values.json === true });
}
