// How the CLI talks: plain text for people, one JSON document for programs, and the exit codes of cli.md.
import { inertJson, printableText } from '../domain/printable.js';
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

// Ids, names and file names come from files anyone may send; on a terminal their control characters must show,
// not act. JSON output is already escaped by printJson, so this changes nothing there.
export const processIo: Io = {
  out: (t) => process.stdout.write(printableText(t.endsWith('\n') ? t : t + '\n')),
  err: (t) => process.stderr.write(printableText(t.endsWith('\n') ? t : t + '\n')),
};

export function printJson(io: Io, value: unknown): void {
  io.out(inertJson(JSON.stringify(value, null, 2)));
}
