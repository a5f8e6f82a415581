// The web shell end to end, in Debian's Chromium: open, edit, validate live, undo, save, reload, recover.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, root, screenshot, startServer, tempDir, type Server } from './harness.js';

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
    expect(await errorCount(page)).toBe(0);
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
    // A blank Square Eagles scenario has no generals yet: the rule system warns, it does not refuse.
    await expect.poll(() => page.getByTestId('problem-count').textContent()).toMatch(/0 errors, 2 warnings/);

    await page.getByTestId('cmd-more').click();
    await page.getByRole('menuitem', { name: 'Settings…' }).click();
    await page.getByTestId('settings-dialog').getByLabel('Show lengths in').click();
    await page.getByRole('option', { name: 'Centimetres' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('= 91.4 cm');

    await page.getByTestId('cmd-more').click();
    await page.getByRole('menuitem', { name: 'About Aide-de-Camp' }).click();
    await expect.poll(() => page.getByTestId('about-dialog').textContent()).toMatch(/Version \d+\.\d+\.\d+ \(browser\)/);
    await page.getByRole('button', { name: 'Close' }).click();

    // The choice outlives the page.
    await page.reload();
    await page.getByTestId('cmd-new').click();
    await page.getByTestId('new-blank-scenario').click();
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('= 91.4 cm');
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
    const [x, y] = (await page.evaluate('window.__adcMap.toScreen([11.25, 34.8])')) as [number, number];
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
    // Backups follow edits within two seconds.
    await first.page.waitForTimeout(2500);
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
