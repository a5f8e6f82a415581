// The web shell end to end, in Debian's Chromium: open, edit, validate live, undo, save, reload, recover; the
// browser launched without the token on its command line; the engine's stream cut mid-request.
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backedUp, launchBrowser, openPage, removeTempDirs, root, runBalanceReport, screenshot, type Server, startServer, tempDir } from './harness.js';

afterAll(removeTempDirs);

const sample = path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60000);
afterAll(async () => {
  await browser?.close();
});

const errorCount = async (page: Page) => Number(/(\d+) error/.exec((await page.getByTestId('problem-count').textContent()) ?? '')?.[1]);

async function fill(page: Page, pointer: string, value: string) {
  const field = page.locator(`[data-pointer="${pointer}"]`);
  await field.fill(value);
}

describe('web shell', () => {
  let server: Server;
  let workspace: string;
  let dataDir: string;

  beforeAll(async () => {
    workspace = tempDir('adc-ws-');
    dataDir = tempDir('adc-data-');
    copyFileSync(sample, path.join(workspace, 'moosdorf.scenario.json'));
    server = await startServer({ workspace, dataDir });
  }, 30000);
  afterAll(async () => {
    await server?.stop();
  });

  it('opens a document, validates each edit live, undoes, redoes, saves and reopens it', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('welcome').waitFor();
    await screenshot(page, '01-welcome');

    await page.getByTestId('cmd-open').click();
    await page.locator('[data-testid="library-dialog"] [data-doc-path="moosdorf.scenario.json"]').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    await page.locator('[data-testid="map-area"] canvas').first().waitFor();
    await expect.poll(() => errorCount(page)).toBe(0);
    await screenshot(page, '02-opened');

    // Shrinking the table leaves terrain and units off it: problems appear at once.
    await fill(page, '/table/width', '12');
    await expect.poll(() => errorCount(page)).toBeGreaterThan(0);
    await page.getByTestId('dirty-marker').waitFor();
    await screenshot(page, '03-problems');

    // A click on a problem selects the thing it is about.
    await page.locator('[data-problem-path^="/sides/"]').first().click();
    await expect.poll(() => page.getByTestId('inspector').textContent()).toMatch(/Unit:|Leader:/);

    await page.getByTestId('cmd-undo').click();
    await expect.poll(() => errorCount(page)).toBe(0);
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => errorCount(page)).toBeGreaterThan(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => errorCount(page)).toBe(0);

    await page.locator('[data-testid="outline"] [data-pointer=""]').click();
    await fill(page, '/title', 'Hold the Line at Moosdorf');
    await page.getByTestId('dirty-marker').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByTestId('message').filter({ hasText: 'Saved moosdorf.scenario.json' }).waitFor();
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    const onDisk = JSON.parse(readFileSync(path.join(workspace, 'moosdorf.scenario.json'), 'utf8'));
    expect(onDisk.title).toBe('Hold the Line at Moosdorf');
    expect(onDisk.app).toMatch(/^aide-de-camp /);

    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await page.locator('[data-testid="welcome"] [data-doc-path="moosdorf.scenario.json"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Line at Moosdorf');
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('saves a sample under a new name, and refuses to overwrite a file changed on disk without asking', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-02"]').click();
    await page.getByTestId('doc-title').waitFor();
    await fill(page, '/author', 'Test author');
    await page.getByTestId('cmd-save').click();
    await page.getByTestId('save-as-name').fill('rearguard.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved rearguard.scenario.json' }).waitFor();
    const file = path.join(workspace, 'rearguard.scenario.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).author).toBe('Test author');

    // Someone else edits the file; our next save must ask before replacing their change.
    const theirs = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...theirs, author: 'Someone else' }, null, 2));
    await fill(page, '/author', 'Test author 2');
    await page.getByTestId('cmd-save').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await screenshot(page, '04-conflict');
    await page.locator('[data-choice="cancel"]').click();
    expect(JSON.parse(readFileSync(file, 'utf8')).author).toBe('Someone else');
    await page.getByTestId('cmd-save').click();
    await page.locator('[data-choice="overwrite"]').click();
    await page.getByTestId('message').filter({ hasText: 'Saved' }).waitFor();
    expect(JSON.parse(readFileSync(file, 'utf8')).author).toBe('Test author 2');
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});

describe('settings, about and new documents', () => {
  it('shows lengths in centimetres once chosen, keeps the choice, and starts a blank scenario from New', async () => {
    const server = await startServer({ workspace: tempDir('adc-ws-'), dataDir: tempDir('adc-data-') });
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('cmd-new').click();
    await page.getByTestId('new-blank-scenario').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('New scenario');
    // A blank Square Eagles scenario has no generals and no victory conditions yet: warned about, not refused.
    await expect.poll(() => page.getByTestId('problem-count').textContent()).toMatch(/0 errors, 3 warnings/);

    await page.getByTestId('cmd-more').click();
    await page.getByRole('menuitem', { name: 'Settings…' }).click();
    await page.getByTestId('settings-dialog').getByLabel('Show lengths in').click();
    await page.getByRole('option', { name: 'Centimetres' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('= 121.9 cm');

    await page.getByTestId('cmd-more').click();
    await page.getByRole('menuitem', { name: 'About Aide-de-Camp' }).click();
    await expect.poll(() => page.getByTestId('about-dialog').textContent()).toMatch(/Version \d+\.\d+\.\d+ \(browser\)/);
    await page.getByRole('button', { name: 'Close' }).click();

    // The choice outlives the page.
    await page.reload();
    await page.getByTestId('cmd-new').click();
    await page.getByTestId('new-blank-scenario').click();
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('= 121.9 cm');
    expect(errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 60000);
});

describe('print preview', () => {
  it('shows the setup sheet of the open scenario, with its title and units, in a frame ready to print', async () => {
    const server = await startServer({ workspace: tempDir('adc-ws-'), dataDir: tempDir('adc-data-') });
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-05"]').click();
    await page.getByTestId('doc-title').waitFor();
    await page.keyboard.press('Control+p');
    const frame = page.frameLocator('[data-testid="print-frame"]');
    await expect.poll(() => frame.locator('h1').first().textContent()).toMatch(/\S/);
    const title = (await page.getByTestId('doc-title').textContent()) ?? '';
    expect(title).toContain((await frame.locator('h1').first().textContent())!.trim());
    expect(await frame.locator('svg').count()).toBeGreaterThan(0);
    await screenshot(page, '07-print-preview');
    await page.getByTestId('print-close').click();
    expect(errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 60000);
});

describe('reinforcements in the inspector', () => {
  it('selects a reinforcement on the map and edits its turn, with the change checked at once', async () => {
    const server = await startServer({ workspace: tempDir('adc-ws-'), dataDir: tempDir('adc-data-') });
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').click();
    await page.getByTestId('doc-title').waitFor();
    await page.waitForFunction('window.__adcMap !== undefined');
    // se-01's French reinforcement enters at [11.25, 36]; its arrow points 3 inches into the table.
    const [x, y] = await page.evaluate<[number, number]>('window.__adcMap.toScreen([11.25, 34.8])');
    await page.mouse.click(x, y);
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('Reinforcement');
    await fill(page, '/sides/0/reinforcements/0/turn', '99');
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('Arrives on turn');
    // Adding a roll as well breaks "a fixed turn or a roll": the problem appears, and undo clears it.
    await fill(page, '/sides/0/reinforcements/0/roll/from', '3');
    await expect.poll(() => errorCount(page)).toBeGreaterThan(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => errorCount(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 60000);
});

describe('crash recovery', () => {
  it('offers unsaved work back after the server is killed mid-edit', async () => {
    const workspace = tempDir('adc-ws-');
    const dataDir = tempDir('adc-data-');
    let server = await startServer({ workspace, dataDir });
    const first = await openPage(browser, server.url);
    await first.page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-03"]').click();
    await first.page.getByTestId('doc-title').waitFor();
    await fill(first.page, '/title', 'Flank march, unsaved');
    // Backups follow edits within two seconds: wait until the edit is in one before the kill.
    await expect.poll(() => backedUp(dataDir)).toContain('Flank march, unsaved');
    await server.stop('SIGKILL');
    await first.page.close();

    server = await startServer({ workspace, dataDir });
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('recovery-dialog').waitFor();
    await screenshot(page, '05-recovery');
    await page.getByTestId('recovery-restore').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Flank march, unsaved');
    await page.getByTestId('dirty-marker').waitFor();
    expect(errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 60000);
});

describe('npm run web -- --port P FILE', () => {
  it('serves the named file on loopback, with its title and a drawn map, and no console errors', async () => {
    const dir = tempDir('adc-file-');
    const file = path.join(dir, 'hand-made.scenario.json');
    const doc = JSON.parse(readFileSync(path.join(root, 'scenarios/se-04-meeting-at-aldeanueva.scenario.json'), 'utf8'));
    writeFileSync(file, JSON.stringify({ ...doc, title: 'A Hand-Made Meeting' }));
    const server = await startServer({ workspace: tempDir('adc-other-'), dataDir: tempDir('adc-data-'), file });
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const { page, errors } = await openPage(browser, server.url);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('A Hand-Made Meeting');
    const canvas = page.locator('[data-testid="map-area"] canvas').first();
    await canvas.waitFor();
    // The map is really drawn: the canvas holds more than one colour.
    const colours = await canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d')!;
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return seen.size;
    });
    expect(colours).toBeGreaterThan(5);
    await screenshot(page, '06-web-file');
    expect(errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 60000);
});

describe('the token stays off command lines', () => {
  it('opens the app from the launch file the browser is given, and from the printed address in another profile', async () => {
    const { main } = await import('../../node/web-main.js');
    const workspace = tempDir('adc-ws-');
    const launchDir = tempDir('adc-launch-parent-');
    const dataDir = tempDir('adc-data-');
    const savedDataDir = process.env.ADC_DATA_DIR;
    process.env.ADC_DATA_DIR = dataDir;
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const out: string[] = [];
    const argv: string[][] = [];
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const running = main(['--workspace', workspace], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      runBrowser: (command, args) => argv.push([command, ...args]),
      launchDir,
      stopped,
      onListening: () => listening(),
    });
    try {
      await ready;
      const printed = /running at (\S+)/.exec(out[0]!)![1]!;
      const token = new URL(printed).searchParams.get('token')!;
      expect(argv).toHaveLength(1);
      expect(argv[0]!.join(' ')).not.toContain(token);

      // What the user's browser would do with its argument: the launch page sends it on, and the app loads.
      const launched = await openPage(browser, argv[0]!.at(-1)!);
      await launched.page.getByTestId('welcome').waitFor();
      // The token is tidied out of the address bar once the page has it; a reload still works.
      expect(launched.page.url()).not.toContain(token);
      await launched.page.reload();
      await launched.page.getByTestId('welcome').waitFor();
      expect(launched.errors).toEqual([]);
      await launched.page.close();

      // Pasted into a separate profile after the launch, the printed address works as well.
      const other = await browser.newContext();
      const pasted = await other.newPage();
      await pasted.goto(printed);
      await pasted.getByTestId('welcome').waitFor();
      await other.close();
    } finally {
      stop();
      expect(await running).toBe(0);
      if (savedDataDir === undefined) delete process.env.ADC_DATA_DIR;
      else process.env.ADC_DATA_DIR = savedDataDir;
    }
    // The launch file went with the server.
    expect(readdirSync(launchDir)).toEqual([]);
    for (const dir of [workspace, launchDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  }, 60000);
});

/**
 * A forwarding proxy between the browser and the web shell, so a test can cut the engine's event stream as a
 * network would, while the server and the page both carry on.
 */
async function streamCutter(target: number): Promise<{ port: number; cut(): number; close(): Promise<void> }> {
  const streams = new Set<http.ServerResponse>();
  const proxy = http.createServer((req, res) => {
    const headers = { ...req.headers, host: `127.0.0.1:${target}` };
    if (headers.origin) headers.origin = `http://127.0.0.1:${target}`;
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers, agent: false }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      if (req.url?.startsWith('/api/engineEvents')) {
        streams.add(res);
        res.on('close', () => {
          streams.delete(res);
          up.destroy();
        });
      }
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    cut: () => {
      const n = streams.size;
      for (const res of streams) res.socket?.destroy();
      return n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

describe('the engine stream dropping mid-request', () => {
  it('fails the waiting request with a clear message, and the next request works', async () => {
    const dirs = [tempDir('adc-ws-'), tempDir('adc-data-')];
    const server = await startServer({ workspace: dirs[0]!, dataDir: dirs[1]! });
    const cutter = await streamCutter(server.port);
    try {
      const address = new URL(server.url);
      address.port = String(cutter.port);
      const { page } = await openPage(browser, address.href);
      await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
      await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');
      await page.getByTestId('cmd-test-play').click();
      await runBalanceReport(page, 100000);
      const done = async () => Number(/([\d,]+) of 100,000/.exec((await page.getByTestId('balance-progress').textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0);
      await expect.poll(done, { timeout: 60000 }).toBeGreaterThan(0);

      expect(cutter.cut()).toBe(1);
      await expect.poll(() => page.getByTestId('play-error').textContent(), { timeout: 30000 }).toMatch(/connection to the Aide-de-Camp server was interrupted/);
      expect(await page.getByTestId('balance-result').count()).toBe(0);

      // The stream reconnects by itself, and the same engine answers the next request.
      await page.getByTestId('balance-games').fill('20');
      await page.getByTestId('balance-run').click();
      await page.getByTestId('balance-result').waitFor({ timeout: 120000 });
      expect(await page.getByTestId('balance-verdict').textContent()).toMatch(/of 20 games/);
      expect(await page.getByTestId('play-failure').count()).toBe(0);
      await page.close();
    } finally {
      await cutter.close();
      await server.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 240000);
});
