// Reading the document a command works on, with the exit codes of cli.md: 2 when the file cannot be read,
// 1 when it is too large or is not a document. Every command that takes a FILE goes through here.
import type { AdcDocument } from '../domain/model.js';
import { readDocumentFile } from '../node/read-document.js';
import { EXIT_INVALID, EXIT_USAGE, type Io } from './output.js';

export type Loaded = { ok: true; document: AdcDocument; notes: string[] } | { ok: false; exit: number };

export async function loadDocumentOrExit(io: Io, file: string): Promise<Loaded> {
  const read = await readDocumentFile(file);
  if (!read.ok) {
    io.err(read.message);
    return { ok: false, exit: read.code === 'too-large' ? EXIT_INVALID : EXIT_USAGE };
  }
  if (!read.load.ok) {
    for (const p of read.load.problems) io.err(`${file}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    return { ok: false, exit: EXIT_INVALID };
  }
  return { ok: true, document: read.load.document, notes: read.load.notes };
}
