// How the CLI talks: plain text for people, one JSON document for programs, and the exit codes of cli.md.
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
};

export function printJson(io: Io, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}
