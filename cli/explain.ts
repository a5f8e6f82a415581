// adc explain SCENARIO --fire UNIT --target UNIT [--actions 1|2] [--json]
// adc explain SCENARIO --assault UNIT --target UNIT [--with UNIT,UNIT] [--json]
import { parseArgs } from 'node:util';
import type { CannonExplanation, MeleeExplanation, NeAssaultExplanation, NeBlockFireExplanation, NeExplanation, NeFireExplanation, Pool } from '../domain/engine-protocol.js';
import { engineFor } from '../engine/registry.js';
import { loadDocumentOrExit } from './load.js';
import { EXIT_INVALID, EXIT_OK, printJson, UsageError, type Io } from './output.js';
import { unsupportedSystem } from './play.js';

export interface ExplainArgs {
  file: string;
  fire?: string;
  assault?: string;
  target?: string;
  /** Other attackers joining the assault (Hex Skirmish). */
  with?: readonly string[];
  /** Actions spent firing (Napoleon's Eagles); one when absent. */
  actions?: 1 | 2;
  json: boolean;
}

/** `--actions` as typed: 1 or 2, the actions a unit has in a period; anything else is a usage error. */
export function parseActions(text: string | undefined): 1 | 2 | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '1') return 1;
  if (text.trim() === '2') return 2;
  throw new UsageError(`--actions is 1 or 2 (a unit has two actions a period), not "${text}"`);
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
  const scenario = loaded.document;
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
  const answer = engine.explain(state, { kind, unit: unitId, target: args.target, ...(args.with?.length ? { with: args.with } : {}), ...(args.actions ? { actions: args.actions } : {}), assume: true, asPending: false });
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
  // Napoleon's Eagles answers carry a range band or a struck face; the adapter passes them through as they are.
  const ne = pool as unknown as NeExplanation;
  if (ne.allowed && 'blocks' in ne) {
    for (const l of neBlockFireLines(unitId, args.target, ne)) io.out(l);
    return EXIT_OK;
  }
  if (ne.allowed && 'band' in ne) {
    for (const l of neFireLines(unitId, args.target, ne)) io.out(l);
    return EXIT_OK;
  }
  if (ne.allowed && 'aspect' in ne) {
    for (const l of neAssaultLines(ne)) io.out(l);
    return EXIT_OK;
  }
  if ('kind' in pool && pool.kind === 'cannon') {
    for (const l of cannonLines(unitId, args.target, pool)) io.out(l);
    return EXIT_OK;
  }
  if ('kind' in pool && pool.kind === 'melee') {
    for (const l of meleeLines(pool)) io.out(l);
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
      with: { type: 'string' },
      actions: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('explain takes exactly one SCENARIO');
  if (values.with !== undefined && values.assault === undefined) throw new UsageError('--with names other attackers, so it goes with --assault');
  if (values.actions !== undefined && values.fire === undefined) throw new UsageError('--actions counts the actions spent firing, so it goes with --fire');
  const actions = parseActions(values.actions);
  const joined = values.with?.split(',').map((id) => id.trim()).filter((id) => id !== '');
  return runExplain(io, { file: positionals[0]!, fire: values.fire, assault: values.assault, target: values.target, ...(joined?.length ? { with: joined } : {}), ...(actions ? { actions } : {}), json: values.json === true });
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

function cannonLines(unit: string, target: string, p: CannonExplanation): string[] {
  const lines = [`${unit} fires at ${target}, range ${p.range} hex${p.range === 1 ? '' : 'es'}${p.indirect ? ', indirect' : ''}: casualties = 1d6 ${signed(p.total)}`];
  for (const m of p.modifiers) lines.push(`    ${signed(m.value)}  ${m.reason}`);
  lines.push(`  casualties for 1–6: ${p.casualtiesByRoll.join(', ')}; expected ${p.expected}, at least one ${pct(p.chance)}`);
  if (p.overFriends) lines.push(`  fires over ${p.overFriends}: on 1–2 of another d6 they lose 1d6 men`);
  return lines;
}

function meleeLines(p: MeleeExplanation): string[] {
  const side = (label: string, s: MeleeExplanation['attacker'], extra = '') => `  ${label}: ${s.units.join(' + ')}, ${s.men} men${s.officer ? ' and an officer' : ''}${extra} → strength ${s.strength}`;
  return [
    `Melee, ratio row ${p.ratio} (${p.larger === 'even' ? 'even' : `the ${p.larger} is larger`}):`,
    side('attacker', p.attacker),
    side('defender', p.defender, p.defender.multiplier !== 1 ? ` in ${p.defender.terrain} terrain ×${p.defender.multiplier}` : ''),
    `  d6 1–6: ${p.results.join(' ')}`,
    `  attacker wins ${pct(p.odds.attacker)}, defender wins ${pct(p.odds.defender)}, stalemate ${pct(p.odds.stalemate)}; half the smaller force: ${p.killed}`,
  ];
}

function neFireLines(unit: string, target: string, p: NeFireExplanation): string[] {
  const head = `${unit} fires ${p.kind} at ${target} for ${p.actions} action${p.actions === 1 ? '' : 's'}, ${p.band} range (${p.range}")`;
  if (p.kind === 'solid-shot') {
    const lines = [`${head}: ${p.dice} d6 per unit the ball passes, hitting on ${p.hitOn}+, bounce ${p.bounce}"`];
    for (const v of p.victims ?? []) {
      lines.push(`  ${v.unit}: ${v.damagePerHit} points a hit${v.dense ? ' (dense, doubled)' : ''}; expected ${v.expected} figures`);
      for (const m of v.damageModifiers) lines.push(`      ${signed(m.value)}  ${m.reason}`);
    }
    return lines;
  }
  const lines = [`${head}: ${p.figures} figures on row${(p.rows ?? []).length === 1 ? '' : 's'} ${(p.rows ?? []).join(' + ')}, die ${signed(p.total)}`];
  for (const m of p.modifiers) lines.push(`    ${signed(m.value)}  ${m.reason}`);
  lines.push(`  casualties for 1–6: ${(p.casualtiesByRoll ?? []).join(', ')}; expected ${p.expected}`);
  return lines;
}

function neBlockFireLines(unit: string, target: string, p: NeBlockFireExplanation): string[] {
  const blocks = p.blocks.map((b) => `${b.block} (${b.figures} figures, ${b.range}")`).join(', ');
  return [
    `${unit} fires out of the buildings at ${target} for ${p.actions} action${p.actions === 1 ? '' : 's'}: blocks ${blocks}`,
    `  ${p.dice} d6, each ${p.hitOn} kills ${p.casualtiesPerHit}; expected ${p.expected}`,
  ];
}

function neAssaultLines(p: NeAssaultExplanation): string[] {
  const side = (label: string, s: NeAssaultExplanation['attacker']) => [
    `  ${label} ${s.unit}: melee ${s.base} → ${s.value}, enfilade ${s.enfilade}; morale ${s.morale.need} or less on a d20 (${pct(s.morale.pass)})`,
    ...s.modifiers.map((m) => `    ${signed(m.value)}  ${m.reason}`),
    ...s.morale.modifiers.map((m) => `    morale ${signed(m.value)}  ${m.reason}`),
  ];
  const lines = [`${p.kind === 'cavalry-charge' ? 'Cavalry charge' : 'Close action'} on the ${p.aspect}, ${p.contactFigures} figures in contact:`, ...side('attacker', p.attacker), ...side('defender', p.defender)];
  if (p.rideDown !== null && 'rideDown' in p.casualties) {
    lines.push(p.rideDown ? `  if it closes, the cavalry rides the target down: ${p.casualties.rideDown} casualties, the cavalry loses ${p.casualties.cavalryLoses}` : '  if the target stands, the charge fails and the cavalry retreats');
  } else {
    lines.push(`  attacker wins ${pct(p.odds.attacker)}, defender wins ${pct(p.odds.defender)}, fought again ${pct(p.odds.again)}`);
  }
  return lines;
}
