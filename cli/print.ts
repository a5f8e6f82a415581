// adc print SCENARIO -o OUT.pdf|OUT.html [--paper a4|letter]
import { cannotWrite, writeFailureReason } from './write-failure.js';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isScenario } from '../domain/model.js';
import type { Problem } from '../domain/problems.js';
import { renderSheet } from '../domain/sheet/sheet.js';
import { validateDocument } from '../domain/validate.js';
import { APP_VERSION } from '../node/app-info.js';
import { NoBrowserError, printPdf, writeSheetHtml } from '../node/print-pdf.js';
import { loadDocumentOrExit } from './load.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type Io } from './output.js';

export interface PrintArgs {
  file: string | undefined;
  out: string | undefined;
  paper: string | undefined;
}

export async function runPrint(io: Io, args: PrintArgs): Promise<number> {
  if (!args.file) throw new UsageError('print needs a SCENARIO file');
  if (!args.out) throw new UsageError('print needs -o OUT.pdf (or -o OUT.html for the sheet as a web page)');
  const paper = (args.paper ?? 'a4').toLowerCase();
  if (paper !== 'a4' && paper !== 'letter') throw new UsageError('--paper must be a4 or letter');
  const ext = path.extname(args.out).toLowerCase();
  const format = ext === '.pdf' ? 'pdf' : ext === '.html' || ext === '.htm' ? 'html' : null;
  if (!format) throw new UsageError(`-o must name a .pdf or .html file, not "${args.out}"`);
  if (path.resolve(args.out) === path.resolve(args.file)) throw new UsageError('-o names the scenario itself; choose another file for the sheet');

  const loaded = await loadDocumentOrExit(io, args.file);
  if (!loaded.ok) return loaded.exit;
  const doc = loaded.document;
  if (!isScenario(doc)) {
    io.err(`${args.file} is an army list; adc print prints scenarios (copy the army into a scenario's side first).`);
    return EXIT_INVALID;
  }
  // A draft with errors still gets its sheet (it helps to see the table while fixing it), with a warning.
  let problems: Problem[];
  try {
    problems = validateDocument(doc);
  } catch {
    problems = [{ severity: 'error', path: '', message: 'the document could not be checked' }];
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) {
    io.err(`warning: ${args.file} has ${errors} error${errors === 1 ? '' : 's'}; the sheet is printed anyway (see adc validate ${args.file}).`);
  }

  let html: string;
  try {
    html = renderSheet(doc, { paper, appVersion: APP_VERSION });
  } catch (err) {
    io.err(`${args.file}: the sheet could not be laid out (${err instanceof Error ? err.message : String(err)}); fix the errors adc validate reports.`);
    return EXIT_INVALID;
  }

  const out = path.resolve(args.out);
  // Checked before the browser starts: a PDF that takes seconds to make should not then fail for a typo in the folder.
  const folder = await stat(path.dirname(out)).catch(() => null);
  if (!folder?.isDirectory()) {
    io.err(`Cannot write ${args.out}: the folder does not exist. Nothing was written.`);
    return EXIT_INVALID;
  }
  try {
    if (format === 'html') await writeSheetHtml(html, out);
    else await printPdf(html, { paper, out });
  } catch (err) {
    if (err instanceof NoBrowserError) {
      io.err(err.message);
      return EXIT_INVALID;
    }
    if (writeFailureReason(err)) {
      io.err(cannotWrite(args.out, err));
      return EXIT_INVALID;
    }
    io.err(`The PDF could not be made: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}. Nothing was written.`);
    return EXIT_INVALID;
  }
  io.out(`Wrote ${args.out} (${format === 'pdf' ? `PDF, ${paper === 'a4' ? 'A4' : 'Letter'}` : 'HTML'})`);
  return EXIT_OK;
}
