// Turning the setup sheet into a PDF outside Electron: a headless Chromium driven by playwright-core renders the very
// HTML the app previews, so `adc print` and the desktop's Save as PDF give the same pages.
import { existsSync } from 'node:fs';
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
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.setContent(html, { waitUntil: 'load' });
    const pdf = await page.pdf({ format: paper === 'letter' ? 'Letter' : 'A4', printBackground: true, preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}

export async function printPdf(html: string, options: PrintPdfOptions): Promise<void> {
  const pdf = await renderPdf(html, options.paper, options.executablePath ?? findChromium(), options.timeoutMs);
  await writeFileAtomic(options.out, pdf);
}

export async function writeSheetHtml(html: string, out: string): Promise<void> {
  await writeFileAtomic(out, html);
}
