// Reading a document file with clear, distinct failures: missing, unreadable, too large, not a document.
import { constants as fsConstants, promises as fs } from 'node:fs';
import { decodeDocumentBytes } from '../domain/document-bytes.js';
import { parseDocument, type LoadResult } from '../domain/document.js';
import { printable } from '../domain/printable.js';

/** A real scenario is well under a megabyte; past this a file is a mistake or an attack, not a battlefield. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

export type ReadResult =
  | { ok: true; load: LoadResult; text: string }
  | { ok: false; code: 'missing' | 'unreadable' | 'too-large'; message: string };

const describeKind = (st: import('node:fs').Stats): string =>
  st.isDirectory() ? 'a folder'
  : st.isFIFO() ? 'a named pipe'
  : st.isCharacterDevice() || st.isBlockDevice() ? 'a device'
  : st.isSocket() ? 'a socket'
  : 'not a regular file';

export async function readDocumentFile(file: string): Promise<ReadResult> {
  const name = printable(file);
  let handle: fs.FileHandle | undefined;
  try {
    // O_NONBLOCK: opening a named pipe must not wait for a writer. The kind is then checked on the open handle, so
    // nothing can be swapped in between the check and the read.
    handle = await fs.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    const st = await handle.stat();
    if (!st.isFile()) {
      const kind = describeKind(st);
      return { ok: false, code: 'unreadable', message: `${name} is ${kind}, not a document file${kind === 'a folder' ? '' : '; only regular files are read'}` };
    }
    if (st.size > MAX_DOCUMENT_BYTES) return tooLarge(name, `${(st.size / 1048576).toFixed(1)} MB`);
    // Read to the end rather than trusting the size (a file may grow after the stat), but never past the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, MAX_DOCUMENT_BYTES + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > MAX_DOCUMENT_BYTES) return tooLarge(name, `more than ${MAX_DOCUMENT_BYTES / 1048576} MB`);
    }
    const decoded = decodeDocumentBytes(Buffer.concat(chunks, total));
    if (!decoded.ok) return { ok: true, load: { ok: false, problems: [decoded.problem] }, text: '' };
    return { ok: true, load: parseDocument(decoded.text), text: decoded.text };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, code: 'missing', message: `${name}: no such file` };
    if (code === 'EISDIR') return { ok: false, code: 'unreadable', message: `${name} is a folder, not a document file` };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, code: 'unreadable', message: `${name}: cannot read (permission denied)` };
    return { ok: false, code: 'unreadable', message: `${name}: cannot read (${code ?? String(err)})` };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function tooLarge(name: string, shown: string): ReadResult {
  return { ok: false, code: 'too-large', message: `${name} is ${shown}; documents are limited to ${MAX_DOCUMENT_BYTES / 1048576} MB` };
}
