// adc validate FILE… [--json]
import { validateDocument } from '../domain/validate.js';
import { hasErrors, type Problem } from '../domain/problems.js';
import { readDocumentFile } from '../node/read-document.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, printJson, UsageError, type Io } from './output.js';

export interface FileReport {
  file: string;
  type: string | null;
  valid: boolean;
  problems: Problem[];
}

export async function validateFiles(files: string[]): Promise<{ reports: FileReport[]; unreadable: boolean }> {
  const reports: FileReport[] = [];
  let unreadable = false;
  for (const file of files) {
    const read = await readDocumentFile(file);
    if (!read.ok) {
      if (read.code !== 'too-large') unreadable = true;
      reports.push({ file, type: null, valid: false, problems: [{ severity: 'error', path: '', message: read.message }] });
      continue;
    }
    const load = read.load;
    if (!load.ok) {
      const raw = (() => {
        try {
          return (JSON.parse(read.text) as { type?: unknown }).type;
        } catch {
          return undefined;
        }
      })();
      reports.push({ file, type: typeof raw === 'string' ? raw : null, valid: false, problems: load.problems });
      continue;
    }
    const problems = validateDocument(load.document);
    reports.push({ file, type: load.document.type, valid: !hasErrors(problems), problems });
  }
  return { reports, unreadable };
}

function describe(report: FileReport): string {
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  const counts = [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`]
    .filter(Boolean)
    .join(', ');
  const lines = [`${report.file}: ${report.valid ? 'valid' : 'INVALID'}${counts ? ` (${counts})` : ''}`];
  for (const p of report.problems) {
    lines.push(`  ${p.severity === 'error' ? 'error  ' : 'warning'} ${p.path || '/'}  ${p.message}`);
    if (p.hint) lines.push(`          ${' '.repeat((p.path || '/').length)}  → ${p.hint}`);
  }
  return lines.join('\n');
}

export async function runValidate(io: Io, files: string[], json: boolean): Promise<number> {
  if (files.length === 0) throw new UsageError('validate needs at least one FILE');
  const { reports, unreadable } = await validateFiles(files);
  if (json) printJson(io, reports);
  else for (const r of reports) io.out(describe(r));
  if (unreadable) return EXIT_USAGE;
  return reports.every((r) => r.valid) ? EXIT_OK : EXIT_INVALID;
}
