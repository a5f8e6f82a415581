// Printing a sheet to PDF: ask where to write it, render the renderer's self-contained HTML in a hidden window with
// scripts off and a CSP that blocks every fetch, and write the PDF atomically. Failures come back as values.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Failure, FailureCode, HostApi, PaperSize } from '../domain/host-api.js';
import { ReadOnlyFileError, writeFileAtomic } from '../node/atomic-file.js';
import { pickPdfPath, type DialogDeps } from './dialogs.js';
import type { BrowserWindowConstructorLike, BrowserWindowOptionsLike } from './electron-like.js';
import { SECURE_WEB_PREFERENCES } from './window.js';

/** The sheet is self-contained: inline styles, data: images and fonts, nothing fetched, nothing run. */
export const PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'";

export const PRINT_TIMEOUT_MS = 60_000;

/** Puts the CSP first in <head> (before anything it governs), or at the very top when there is no head. */
export function withPrintCsp(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + `<head>${meta}</head>` + html.slice(doctype[0].length);
  return `<head>${meta}</head>` + html;
}

export const PRINT_WINDOW_OPTIONS: BrowserWindowOptionsLike = {
  show: false,
  width: 900,
  height: 1200,
  // The main window's rules, and no scripts at all: the sheet is a document, not a program.
  webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false },
};

export interface PrintDeps extends DialogDeps {
  BrowserWindow: BrowserWindowConstructorLike;
  /** Injected for tests; defaults to the atomic writer from node/. */
  writePdf?: (target: string, data: Uint8Array) => Promise<void>;
  tempRoot?: string;
  timeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Renders HTML to PDF bytes in a hidden, script-less window that is destroyed afterwards. */
export async function renderPdf(deps: PrintDeps, html: string, paper: PaperSize): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(deps.tempRoot ?? os.tmpdir(), 'adc-print-'));
  const file = path.join(dir, 'sheet.html');
  const win = new deps.BrowserWindow(PRINT_WINDOW_OPTIONS);
  try {
    await writeFile(file, withPrintCsp(html), 'utf8');
    const timeoutMs = deps.timeoutMs ?? PRINT_TIMEOUT_MS;
    await withTimeout(win.loadFile(file), timeoutMs, 'Loading the sheet');
    return await withTimeout(
      win.webContents.printToPDF({ pageSize: paper === 'a4' ? 'A4' : 'Letter', printBackground: true, preferCSSPageSize: true }),
      timeoutMs,
      'Making the PDF',
    );
  } finally {
    if (!win.isDestroyed()) win.destroy();
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

const WRITE_FAILURES: Record<string, [FailureCode, string]> = {
  ENOSPC: ['disk-full', 'the disk is full'],
  EDQUOT: ['disk-full', 'the disk quota is used up'],
  EACCES: ['forbidden', 'you do not have permission to write there'],
  EPERM: ['forbidden', 'you do not have permission to write there'],
  EROFS: ['read-only', 'that place is read-only'],
  ENOENT: ['missing', 'the folder no longer exists'],
};

function writeFailure(err: unknown, target: string): Failure {
  if (err instanceof ReadOnlyFileError) return { ok: false, code: 'read-only', message: `The PDF could not be written to ${target} because the file there is read-only; no file was changed. Choose another name.` };
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const [failure, why] = (code && WRITE_FAILURES[code]) || (['io', `the system reported ${code ?? String(err)}`] as [FailureCode, string]);
  return { ok: false, code: failure, message: `The PDF could not be written to ${target} because ${why}; no file was changed.` };
}

export function createPrintService(deps: PrintDeps): HostApi['print'] {
  const write = deps.writePdf ?? ((target: string, data: Uint8Array) => writeFileAtomic(target, data));
  return async (html, paper, suggestedName) => {
    const target = await pickPdfPath(deps, suggestedName);
    if (target === null) return { ok: true, path: null };
    let pdf: Uint8Array;
    try {
      pdf = await renderPdf(deps, html, paper);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return { ok: false, code: 'io', message: `The sheet could not be turned into a PDF (${detail}); no file was written.` };
    }
    try {
      await write(target, pdf);
    } catch (err) {
      return writeFailure(err, target);
    }
    return { ok: true, path: target };
  };
}

/** The PDF's bytes for the page to keep, with no dialog: the same hidden window as Save as PDF. */
export function createPdfMaker(deps: PrintDeps): HostApi['makePdf'] {
  return async (html, paper) => {
    try {
      const pdf = await renderPdf(deps, html, paper);
      return { ok: true, pdf: Buffer.from(pdf).toString('base64') };
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return { ok: false, code: 'io', message: `The PDF could not be made (${detail}); nothing was saved.` };
    }
  };
}
