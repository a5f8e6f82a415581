// Test play is offered for the rule systems the app has an engine for; on any other, F5 and the toolbar say so
// before anything starts, naming the systems that can be played.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlayableSystems } from '../../domain/rule-systems/registry.js';
import { launchBrowser, openPage, removeTempDirs, startServer, tempDir, type Server } from './harness.js';

afterAll(removeTempDirs);

let browser: Browser;
let server: Server;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ workspace: tempDir('adc-ws-'), dataDir: tempDir('adc-data-') });
}, 60000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('test play by rule system', () => {
  it('explains, on a Hex Skirmish scenario, which systems can be played, and starts nothing', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:hx-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Forager');

    await page.keyboard.press('F5');
    const message = page.getByTestId('message');
    await expect.poll(() => message.textContent()).toContain('not available for Hex Skirmish scenarios');
    for (const system of testPlayableSystems()) expect(await message.textContent()).toContain(system.title);
    expect(await page.getByTestId('play-setup').count()).toBe(0);

    // The toolbar button says the same in its tooltip, and clicking it says it again rather than opening anything.
    await page.getByTestId('cmd-test-play').hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('not available for Hex Skirmish');
    await page.getByTestId('cmd-test-play').click();
    expect(await page.getByTestId('play-setup').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});
