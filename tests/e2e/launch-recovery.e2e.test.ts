// Launching with a FILE while unsaved work from a crash waits: the file asked for opens, the work is offered beside
// it in a banner, and putting the offer off loses nothing: the next start offers it again, and Recover brings it back.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, removeTempDirs, root, screenshot, startServer, tempDir, backedUp } from './harness.js';

afterAll(removeTempDirs);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60000);
afterAll(async () => {
  await browser?.close();
});

describe('launching with a file while unsaved work waits', () => {
  it('opens the file, offers the work beside it, keeps it when put off, and recovers it', async () => {
    const workspace = tempDir('adc-ws-');
    const dataDir = tempDir('adc-data-');
    const file = path.join(workspace, 'moosdorf.scenario.json');
    copyFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), file);

    // Unsaved work on another scenario, left behind by a server killed mid-edit.
    let server = await startServer({ workspace, dataDir });
    const first = await openPage(browser, server.url);
    await first.page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-03"]').click();
    await first.page.getByTestId('doc-title').waitFor();
    await first.page.locator('[data-pointer="/title"]').fill('Flank march, unsaved');
    await expect.poll(() => backedUp(dataDir)).toContain('Flank march, unsaved');
    await server.stop('SIGKILL');
    await first.page.close();

    // Started with the file: the file is open, and the work is offered in a banner, not a dialog in front of it.
    server = await startServer({ workspace, dataDir, file });
    let opened = await openPage(browser, server.url);
    let page = opened.page;
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    const banner = page.getByTestId('recovery-banner');
    await expect.poll(() => banner.textContent()).toMatch(/Unsaved work from .* on Flank march, unsaved.* can be recovered/);
    expect(await page.getByTestId('recovery-dialog').count()).toBe(0);
    await screenshot(page, 'launch-recovery-banner');
    // Later hides the offer and nothing more.
    await page.getByTestId('recovery-later').click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    expect(opened.errors).toEqual([]);
    await page.close();
    await server.stop();
    expect(backedUp(dataDir)).toContain('Flank march, unsaved');

    // The next start offers it again; Recover brings it back as unsaved work, and the offer goes.
    server = await startServer({ workspace, dataDir, file });
    opened = await openPage(browser, server.url);
    page = opened.page;
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    await page.getByTestId('recovery-banner').getByTestId('recovery-restore').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Flank march, unsaved');
    await page.getByTestId('dirty-marker').waitFor();
    await expect.poll(() => page.getByTestId('recovery-banner').count()).toBe(0);
    expect(opened.errors).toEqual([]);
    await page.close();
    await server.stop();
  }, 120000);
});
