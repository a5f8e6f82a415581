// Test play in the web shell, in Debian's Chromium: a bundled sample played by the engine, AI against AI, and a
// small balance report.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, startServer, tempDir, type Server } from './harness.js';

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

describe('test play', () => {
  it('plays se-01 AI against AI step by step and to the end, then runs a balance report', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');

    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-setup').waitFor();
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();
    const lines = () => page.getByTestId('play-log-line').count();
    const first = await lines();
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) await page.getByTestId('play-step').click();
    await expect.poll(lines).toBeGreaterThan(first);
    await screenshot(page, 'play-01-stepping');

    await page.getByTestId('play-to-end').click();
    await page.getByTestId('play-result').waitFor({ timeout: 120000 });
    expect(await page.getByTestId('play-result').textContent()).toMatch(/wins|draw/i);
    await screenshot(page, 'play-02-result');

    await page.getByTestId('play-tab-balance').click();
    await page.getByTestId('balance-games').fill('20');
    await page.getByTestId('balance-run').click();
    await page.getByTestId('balance-result').waitFor({ timeout: 120000 });
    expect(await page.getByTestId('balance-bar').count()).toBe(3);
    expect(await page.getByTestId('balance-verdict').textContent()).toMatch(/(wins \d+% ± \d+%|Both sides win) .*of 20 games/);
    await screenshot(page, 'play-03-balance');

    // The document is only read: closing leaves it as it was, with nothing to save.
    await page.getByTestId('play-close').click();
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
