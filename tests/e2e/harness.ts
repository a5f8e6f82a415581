// Starts the real web shell (compiled server, built renderer) and Debian's Chromium for end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { backupsDir } from '../../node/data-dir.js';

export const root = path.resolve(import.meta.dirname, '../..');
/** Screenshots land here for a person to look at after the run. */
export const shots = path.join(root, 'test-output', 'screenshots');

export interface Server {
  url: string;
  port: number;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const made: string[] = [];

/** A fresh folder in the temp directory, removed by `removeTempDirs`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made. Each test file registers it with `afterAll` before its other hooks, so it
 *  runs after them (after-hooks run in reverse order), once the file's servers have stopped. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The usual set-up of a test file that drives the app: a browser and one web shell over a fresh workspace and data
 * folder, started before the file's tests and stopped after them, its folders removed last.
 */
export function withShell(): { readonly browser: Browser; readonly server: Server; readonly workspace: string } {
  let browser: Browser | undefined;
  let server: Server | undefined;
  let workspace: string | undefined;
  afterAll(removeTempDirs);
  beforeAll(async () => {
    browser = await launchBrowser();
    workspace = tempDir('adc-ws-');
    server = await startServer({ workspace, dataDir: tempDir('adc-data-') });
  }, 60000);
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
  });
  return {
    get browser() {
      return browser!;
    },
    get server() {
      return server!;
    },
    /** Where the app's Save as writes, for a test to read the file back. */
    get workspace() {
      return workspace!;
    },
  };
}

/** Runs `node dist/node/web-main.js` as `npm run web` would, and waits for the address it prints. */
export async function startServer(opts: { workspace: string; dataDir: string; port?: number; file?: string }): Promise<Server> {
  const args = [path.join(root, 'dist/node/web-main.js'), '--no-open', '--workspace', opts.workspace, '--port', String(opts.port ?? 0)];
  if (opts.file) args.push(opts.file);
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ADC_DATA_DIR: opts.dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web shell did not start:\n${output}`)), 20000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /running at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`web shell exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url,
    port: Number(new URL(url).port),
    process: child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A page that records console errors and uncaught exceptions, so a test can insist there were none. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** Resolves once the page has painted twice more: what the last input changed (a React commit, a Konva batch draw,
 *  each scheduled on an animation frame) is on screen. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Opens a workspace document as a user does: Open, then its entry in the library. */
export async function pickFromLibrary(page: Page, name: string): Promise<void> {
  await page.getByTestId('cmd-open').click();
  await page.locator(`[data-testid="library-dialog"] [data-doc-path="${name}"]`).click();
}

/** A point on the table, in inches from its north-west corner. */
export type Point = [number, number];

/** Where a table point is on the page, from the map's read-only test hook. */
export const toScreen = (page: Page, p: Point): Promise<Point> =>
  page.evaluate((q) => (window as unknown as { __adcMap: { toScreen(p: Point): Point } }).__adcMap.toScreen(q), p);

/** Zooms the map about a table point by wheel turns until the zoom reads `percent` (or as near as it goes). */
export async function zoomTo(page: Page, at: Point, percent: number): Promise<number> {
  const read = async () => Number((await page.getByTestId('zoom-level').textContent())?.replace('%', ''));
  for (let i = 0; i < 40; i++) {
    const now = await read();
    if (Math.abs(now - percent) / percent < 0.04) break;
    const [x, y] = await toScreen(page, at);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, Math.max(-300, Math.min(300, -Math.log(percent / now) / 0.0015)));
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  await painted(page);
  return read();
}

export async function clickAt(page: Page, p: Point): Promise<void> {
  const [x, y] = await toScreen(page, p);
  await page.mouse.click(x, y);
}

export async function doubleClickAt(page: Page, p: Point): Promise<void> {
  const [x, y] = await toScreen(page, p);
  await page.mouse.dblclick(x, y);
}

/** A pointer drag across the map in eight steps, as a hand makes it. */
export async function dragFrom(page: Page, a: Point, b: Point): Promise<void> {
  const [x0, y0] = await toScreen(page, a);
  const [x1, y1] = await toScreen(page, b);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
  await page.mouse.up();
}

/** In the open test-play dialog: the Balance report tab, `games` filled in, and Run pressed. */
export async function runBalanceReport(page: Page, games: number): Promise<void> {
  await page.getByTestId('play-tab-balance').click();
  await page.getByTestId('balance-games').fill(String(games));
  await page.getByTestId('balance-run').click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Child processes of `pid` whose command line contains `match`, read from /proc (no ps or pgrep needed). */
export function childProcesses(pid: number, match: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in brackets may hold spaces; the parent pid is the second field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(match)) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** The Forces tab, once its view has loaded: it loads when first shown, so reading it straight after the click races. */
export async function showForces(page: Page): Promise<void> {
  await page.getByTestId('tab-forces').click();
  await page.getByTestId('forces').waitFor();
}

/** The text of every backup in a data folder, or '' while there is none. */
export function backedUp(dataDir: string): string {
  try {
    const dir = backupsDir(dataDir);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => readFileSync(path.join(dir, name), 'utf8'))
      .join('\n');
  } catch {
    return ''; // no backup yet, or one replaced while it was read
  }
}
