// Turning the setup sheet into a PDF outside Electron: a headless Chromium driven by playwright-core renders the very
// HTML the app previews, so `adc print`, the web shell's Save as PDF and the desktop's give the same pages.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Failure, HostApi, MadePdf } from '../domain/host-api.js';
import type { Paper } from '../domain/sheet/sheet.js';
import { writeFileAtomic } from './atomic-file.js';

/** Where a Chromium is looked for when ADC_CHROMIUM names none, in order. */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A sheet renders in well under a second; a browser that takes this long is stuck. */
export const PRINT_TIMEOUT_MS = 60_000;

export class NoBrowserError extends Error {
  constructor(readonly tried: string[]) {
    super(
      `No Chromium browser was found to make the PDF (tried ${tried.join(', ')}). ` +
        'Install Chromium, or set ADC_CHROMIUM to the path of a Chromium or Chrome executable. ' +
        'Writing the sheet with -o FILE.html needs no browser.',
    );
    this.name = 'NoBrowserError';
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env, exists: (p: string) => boolean = existsSync): string {
  const named = env.ADC_CHROMIUM?.trim();
  // A named browser that is missing is a mistake worth reporting, not something to paper over with a system one.
  if (named) {
    if (exists(named)) return named;
    throw new NoBrowserError([`${named} (from ADC_CHROMIUM)`]);
  }
  const found = CHROMIUM_PATHS.find((p) => exists(p));
  if (!found) throw new NoBrowserError(CHROMIUM_PATHS);
  return found;
}

export interface PrintPdfOptions {
  paper: Paper;
  out: string;
  /** Injected for tests; defaults to findChromium(). */
  executablePath?: string;
  timeoutMs?: number;
}

/** Renders the sheet's HTML to PDF bytes. */
export async function renderPdf(html: string, paper: Paper, executablePath = findChromium(), timeoutMs = PRINT_TIMEOUT_MS): Promise<Uint8Array> {
  // Loaded lazily: playwright-core is large, and commands that never print should not pay for it.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: timeoutMs });
  try {
    return await pdfInBrowser(browser, html, paper, timeoutMs);
  } finally {
    await browser.close();
  }
}

/** renderPdf's work once its browser is running, in a context of its own: tests that print many sheets launch once. */
export async function pdfInBrowser(browser: Browser, html: string, paper: Paper, timeoutMs = PRINT_TIMEOUT_MS): Promise<Uint8Array> {
  const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.setContent(html, { waitUntil: 'load' });
    const pdf = await page.pdf({ format: paper === 'letter' ? 'Letter' : 'A4', printBackground: true, preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    await context.close();
  }
}

export async function printPdf(html: string, options: PrintPdfOptions): Promise<void> {
  const pdf = await renderPdf(html, options.paper, options.executablePath ?? findChromium(), options.timeoutMs);
  await writeFileAtomic(options.out, pdf);
}

export async function writeSheetHtml(html: string, out: string): Promise<void> {
  await writeFileAtomic(out, html);
}

export interface PdfMakerOptions {
  /** Injected for tests; defaults to renderPdf in a Chromium found when the first PDF is asked for. */
  render?: (html: string, paper: Paper) => Promise<Uint8Array>;
  timeoutMs?: number;
  /** Requests waiting behind the one being made; past it a request is refused as busy. */
  maxWaiting?: number;
}

/** Rejects when `promise` has not settled in `ms`: a browser stuck past playwright's own timeouts is still stuck. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The web shell's Save as PDF: each PDF made in a headless Chromium, one at a time (a browser per PDF is heavy on a
 * small machine), its bytes handed back base64. Every failure is a value whose sentence says what to do instead.
 */
export function createPdfMaker(options: PdfMakerOptions = {}): HostApi['makePdf'] {
  const timeoutMs = options.timeoutMs ?? PRINT_TIMEOUT_MS;
  const render = options.render ?? ((html: string, paper: Paper) => renderPdf(html, paper, findChromium(), timeoutMs));
  const maxWaiting = options.maxWaiting ?? 2;
  let queue: Promise<unknown> = Promise.resolve();
  /** The PDF being made and those waiting behind it. */
  let inFlight = 0;
  return async (html, paper) => {
    if (inFlight > maxWaiting) {
      return { ok: false, code: 'unavailable', message: 'The server is already making other PDFs; try again in a moment.' };
    }
    inFlight++;
    const turn = queue.then(async (): Promise<MadePdf | Failure> => {
      try {
        const pdf = await withinTime(render(html, paper), timeoutMs + Math.min(5_000, timeoutMs));
        return { ok: true, pdf: Buffer.from(pdf).toString('base64') };
      } catch (err) {
        return pdfFailure(err, timeoutMs);
      } finally {
        inFlight--;
      }
    });
    queue = turn;
    return turn;
  };
}

function pdfFailure(err: unknown, timeoutMs: number): Failure {
  if (err instanceof NoBrowserError) {
    return {
      ok: false,
      code: 'unavailable',
      message:
        `The PDF could not be made: no Chromium browser was found on the machine running Aide-de-Camp (tried ${err.tried.join(', ')}). ` +
        'Install Chromium, or start the server with ADC_CHROMIUM naming one; meanwhile Print… and your browser’s Save as PDF work.',
    };
  }
  if (err instanceof Error && err.name === 'TimeoutError') {
    return {
      ok: false,
      code: 'io',
      message: `The PDF could not be made: Chromium took longer than ${Math.round(timeoutMs / 1000)} s, so it was stopped. Nothing was saved; try again, or use Print….`,
    };
  }
  const detail = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
  return { ok: false, code: 'io', message: `The PDF could not be made (${detail}). Nothing was saved; try again, or use Print….` };
}
