// adc convert FILE --to 30|60 [--mode double|combine] -o OUT [--json]
import { cannotWrite } from './write-failure.js';
import path from 'node:path';
import { convertDocument, type ConversionMode, type ConversionReport, type Ratio } from '../domain/convert.js';
import { summarizeConversion } from '../domain/convert-report.js';
import type { AdcDocument } from '../domain/model.js';
import { serializeDocument } from '../domain/document.js';
import { hasErrors } from '../domain/problems.js';
import { validateDocument } from '../domain/validate.js';
import { writeFileAtomic } from '../node/atomic-file.js';
import { loadDocumentOrExit } from './load.js';
import { APP_NAME } from '../node/app-info.js';
import { EXIT_INVALID, EXIT_OK, printJson, UsageError, type Io } from './output.js';

export interface ConvertArgs {
  file: string;
  to: string | undefined;
  mode: string | undefined;
  out: string | undefined;
  json: boolean;
}

// The count line and the notes on men are the app's report's own words, so the two never count a list differently.
function describe(input: AdcDocument, r: ConversionReport): string {
  const summary = summarizeConversion(input, r);
  const lines = [`Converted 1:${r.from} → 1:${r.to} (${r.mode}): ${summary.countLine}`];
  if (summary.menLine) lines.push(summary.menLine);
  const show = (v: Record<string, unknown>) =>
    Object.entries(v).map(([k, x]) => `${k} ${String(x)}`).join(', ') || '—';
  for (const u of r.units) {
    const merged = u.mergedFrom ? ` [joined ${u.mergedFrom.map((m) => m.id).join(' + ')}]` : '';
    const front = u.frontage === null ? '' : `; line frontage ${u.frontage}"`;
    lines.push(`  ${u.id}  ${u.name}${merged}: ${show(u.before as Record<string, unknown>)} → ${show(u.after as Record<string, unknown>)}${front}`);
  }
  for (const row of summary.rows) if (row.menNote) lines.push(`  note ${row.id}: ${row.menNote}`);
  for (const w of r.warnings) lines.push(`  warning ${w.id}: ${w.message}`);
  return lines.join('\n');
}

export async function runConvert(io: Io, args: ConvertArgs): Promise<number> {
  if (args.to !== '30' && args.to !== '60') throw new UsageError('convert needs --to 30 or --to 60');
  const mode = (args.mode ?? 'double') as ConversionMode;
  if (mode !== 'double' && mode !== 'combine') throw new UsageError('--mode must be double or combine');
  if (!args.out) throw new UsageError('convert needs -o OUT (the input file is never overwritten unless -o names it)');

  const loaded = await loadDocumentOrExit(io, args.file);
  if (!loaded.ok) return loaded.exit;
  const problems = validateDocument(loaded.document);
  if (hasErrors(problems)) {
    io.err(`${args.file} has errors; fix them before converting (see adc validate ${args.file}):`);
    for (const p of problems.filter((x) => x.severity === 'error').slice(0, 10)) io.err(`  ${p.path || '/'}  ${p.message}`);
    return EXIT_INVALID;
  }
  const result = convertDocument(loaded.document, Number(args.to) as Ratio, mode);
  if (!result.ok) {
    io.err(`${args.file}: ${result.message}${result.hint ? ` (${result.hint})` : ''}`);
    return EXIT_INVALID;
  }
  try {
    await writeFileAtomic(path.resolve(args.out), serializeDocument(result.document, APP_NAME));
  } catch (err) {
    io.err(cannotWrite(args.out, err));
    return EXIT_INVALID;
  }
  if (args.json) printJson(io, result.report);
  else io.out(describe(loaded.document, result.report) + `\nWrote ${args.out}`);
  return EXIT_OK;
}
