// The app as a person meets it, in headless Chromium over the web shell: how long from navigation to an interactive
// map of se-01 (from a fresh server and from one that has served the page before), what the page loads before it
// paints, how long an edit of a 2,000-unit army list takes to reach the Problems list, and how fast the Balance
// report plays 10,000 games, with how long a cancel takes. Figures, not pass/fail.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serializeDocument } from '../../domain/document.js';
import { canRunBrowser, CHROMIUM_ARGS, startShell } from './frames.js';
import { cpuBetweenMarks, cpuUntilMark, percentile, TRACE_CATEGORIES } from './frame-trace.js';
import { generateArmyList } from './generate.js';

const root = path.resolve(import.meta.dirname, '../../..');
const SE01 = path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json');

/** The figures before this work (tests/bench/NOTES.md), printed beside. */
const BEFORE = {
  coldStart: 'before: median 1,359–1,874 ms',
  warmStart: 'before: median 1,330–1,862 ms',
  validation: 'before: median 3,180 ms; the round before (val-fast): 72–98 ms, CPU 40–43 ms at load 7–11',
  report: 'before: 30 games/s, one core, 10,000 games in about 330 s',
};

const median = (xs: number[]): number => percentile(xs, 50);

/**
 * Waits until a page expression is true. Polled from here: the page's Content-Security-Policy forbids the eval that
 * waitForFunction needs for a string, and the bench is compiled without the DOM's types for a function.
 */
async function until(page: Page, expression: string, timeoutMs = 30000): Promise<void> {
  const t0 = performance.now();
  while (!(await page.evaluate<boolean>(expression))) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`waited ${timeoutMs / 1000} s for ${expression}`);
    await page.waitForTimeout(20);
  }
}
const ms = (x: number): string => `${Math.round(x).toLocaleString('en')} ms`;

interface Start {
  interactive: number;
  firstPaint: number;
  scripts: number;
  kb: number;
  /** The page's main-thread CPU time up to the mark (a trace's), which the machine's load distorts less. */
  cpu: number;
}

/** Navigation to the map's first interactive frame, in a fresh browser context (nothing cached). */
async function startOnce(browser: Browser, url: string): Promise<Start> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('adc:map-interactive').length > 0, undefined, { timeout: 60000 });
    const cpu = cpuUntilMark(await browser.stopTracing(), 'adc:map-interactive');
    // A string: the bench is compiled without the DOM's types.
    const start = await page.evaluate<Omit<Start, 'cpu'>>(`(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const before = performance.getEntriesByType('resource').filter((r) => r.startTime < paint);
      return {
        interactive: performance.getEntriesByName('adc:map-interactive')[0].startTime,
        firstPaint: paint,
        scripts: before.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).length,
        kb: before.reduce((t, r) => t + r.decodedBodySize, 0) / 1024,
      };
    })()`);
    return { ...start, cpu };
  } finally {
    await context.close();
  }
}

async function benchStart(browser: Browser): Promise<void> {
  const cold: Start[] = [];
  const warm: Start[] = [];
  for (let round = 0; round < 3; round++) {
    const shell = await startShell(SE01);
    try {
      cold.push(await startOnce(browser, shell.url));
      for (let i = 0; i < 2; i++) warm.push(await startOnce(browser, shell.url));
    } finally {
      await shell.stop();
    }
  }
  const show = (label: string, runs: Start[], before: string) =>
    console.log(
      `${label.padEnd(48)} median ${ms(median(runs.map((r) => r.interactive))).padStart(8)}  (runs ${runs.map((r) => Math.round(r.interactive)).join(', ')}; main-thread CPU median ${ms(median(runs.map((r) => r.cpu)))}; first paint ${ms(median(runs.map((r) => r.firstPaint)))}; before it ${runs[0]!.scripts} scripts, ${Math.round(runs[0]!.kb)} KB)   (${before})`,
    );
  show('start, fresh server: navigation → interactive map', cold, BEFORE.coldStart);
  show('start, warm server: navigation → interactive map', warm, BEFORE.warmStart);
}

/**
 * An edit of a 2,000-unit army list, timed from the key that commits it to the Problems list's count changing: a
 * bad rating typed and committed, then undone and redone in turn.
 */
async function benchValidation(browser: Browser): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'adc-bench-army-'));
  const file = path.join(dir, 'big.army.json');
  writeFileSync(file, serializeDocument(generateArmyList(2000)));
  const shell = await startShell(file);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(shell.url);
    const count = page.getByTestId('problem-count');
    await until(page, `/\\d+ error/.test(document.querySelector('[data-testid="problem-count"]')?.textContent ?? '')`, 60000);
    const showAll = page.getByTestId('show-all-units');
    if (await showAll.count()) await showAll.click();
    // The time of each committing key, and of each change to the count, on the page's own clock.
    await page.evaluate(`(() => {
      window.__keys = [];
      window.__counts = [];
      window.addEventListener('keydown', () => { window.__keys.push(performance.now()); performance.mark('adc-bench:key'); }, { capture: true });
      new MutationObserver(() => { window.__counts.push(performance.now()); performance.mark('adc-bench:count'); }).observe(document.querySelector('[data-testid="problem-count"]'), { childList: true, characterData: true, subtree: true });
    })()`);
    const rating = page.locator('[data-testid="forces"] input[data-pointer="/army/formations/0/formations/0/units/0/ratings/napoleons-eagles/rating"]');
    await rating.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('B16F30');
    const times: number[] = [];
    const measure = async (key: string): Promise<void> => {
      const before = await count.textContent();
      await page.evaluate('window.__keys = []; window.__counts = []');
      await page.keyboard.press(key);
      await until(page, `document.querySelector('[data-testid="problem-count"]')?.textContent !== ${JSON.stringify(before)}`, 30000);
      const t = await page.evaluate<number>('window.__counts[window.__counts.length - 1] - window.__keys[0]');
      times.push(t);
      await page.waitForTimeout(150);
    };
    await measure('Tab');
    // Undo and redo from the page, not a text field, so they reach the document's history. Traced, for the main
    // thread's CPU time of each (on a shared machine the clock also counts the waits for a core).
    await page.getByTestId('doc-title').click();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    for (let i = 0; i < 8; i++) await measure(i % 2 === 0 ? 'Control+z' : 'Control+Shift+z');
    const cpu = cpuBetweenMarks(await browser.stopTracing(), 'adc-bench:key', 'adc-bench:count');
    console.log(
      `${'army list of 2,000 units: edit → fresh Problems list'.padEnd(48)} median ${ms(median(times)).padStart(8)}  worst ${ms(Math.max(...times))}  (${times.length} edits; main-thread CPU of the undos and redos: median ${ms(median(cpu))}, worst ${ms(Math.max(...cpu))})   (${BEFORE.validation})`,
    );
  } finally {
    await page.close();
    await shell.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const progressOf = async (page: Page): Promise<number> => Number(/([\d,]+) of/.exec((await page.getByTestId('balance-progress').textContent().catch(() => '')) ?? '')?.[1]?.replace(/,/g, '') ?? 0);

/** 10,000 AI games of se-01 from the Balance report tab, then a run cancelled after two seconds. */
async function benchReport(browser: Browser): Promise<void> {
  const shell = await startShell(SE01);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(shell.url);
    await page.waitForFunction(() => performance.getEntriesByName('adc:map-interactive').length > 0, undefined, { timeout: 60000 });
    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-tab-balance').click();
    await page.getByTestId('balance-games').fill('10000');
    const t0 = performance.now();
    await page.getByTestId('balance-run').click();
    const CAP_MS = 120_000;
    let done = 0;
    while (performance.now() - t0 < CAP_MS) {
      if ((await page.getByTestId('balance-result').count()) > 0) break;
      done = await progressOf(page);
      await page.waitForTimeout(250);
    }
    const finished = (await page.getByTestId('balance-result').count()) > 0;
    const seconds = (performance.now() - t0) / 1000;
    if (finished) {
      console.log(`${'balance report, 10,000 games of se-01, in the app'.padEnd(48)} ${seconds.toFixed(1)} s, ${Math.round(10000 / seconds)} games/s   (${BEFORE.report})`);
    } else {
      await page.getByTestId('balance-cancel').click();
      console.log(`${'balance report, 10,000 games of se-01, in the app'.padEnd(48)} ${done} games in ${seconds.toFixed(0)} s (${Math.round(done / seconds)} games/s), cancelled at the bench's cap   (${BEFORE.report})`);
    }
    await page.getByTestId('balance-run').waitFor({ state: 'visible' });
    await until(page, `!document.querySelector('[data-testid="balance-run"]')?.disabled`, 30000);
    await page.getByTestId('balance-run').click();
    await until(page, `/[1-9][\\d,]* of/.test(document.querySelector('[data-testid="balance-progress"]')?.textContent ?? '')`, 60000);
    await page.waitForTimeout(2000);
    const c0 = performance.now();
    await page.getByTestId('balance-cancel').click();
    await page.getByTestId('balance-note').waitFor({ timeout: 30000 });
    console.log(`${'balance report: Cancel → the note that says so'.padEnd(48)} ${ms(performance.now() - c0)}`);
  } finally {
    await page.close();
    await shell.stop();
  }
}

export async function benchApp(): Promise<void> {
  if (!canRunBrowser()) {
    console.log('the app: skipped (needs /usr/bin/chromium and a built renderer: npm run build)');
    return;
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const only = process.env.ADC_BENCH_APP?.split(',');
    if (!only || only.includes('start')) await benchStart(browser);
    if (!only || only.includes('validation')) await benchValidation(browser);
    if (!only || only.includes('report')) await benchReport(browser);
  } finally {
    await browser.close();
  }
}
