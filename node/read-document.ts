// Reading a document file with clear, distinct failures: missing, unreadable, too large, not a document.
import { promises as fs } from 'node:fs';
import { parseDocument, type LoadResult } from '../domain/document.js';

/** A real scenario is well under a megabyte; past this a file is a mistake or an attack, not a battlefield. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

export type ReadResult =
  | { ok: true; load: LoadResult; text: string }
  | { ok: false; code: 'missing' | 'unreadable' | 'too-large'; message: string };

export async function readDocumentFile(file: string): Promise<ReadResult> {
  let size: number;
  try {
    const st = await fs.stat(file);
    if (st.isDirectory()) return { ok: false, code: 'unreadable', message: `${file} is a folder, not a file` };
    size = st.size;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, code: 'missing', message: `${file}: no such file` };
    return { ok: false, code: 'unreadable', message: `${file}: cannot read (${code ?? String(err)})` };
  }
  if (size > MAX_DOCUMENT_BYTES) {
    return { ok: false, code: 'too-large', message: `${file} is ${(size / 1048576).toFixed(1)} MB; documents are limited to ${MAX_DOCUMENT_BYTES / 1048576} MB` };
  }
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, code: 'unreadable', message: `${file}: cannot read (${code ?? String(err)})` };
  }
  return { ok: true, load: parseDocument(text), text };
}
