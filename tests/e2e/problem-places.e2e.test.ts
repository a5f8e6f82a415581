// The Problems panel names where a problem is in the user's words even when no field edits it: a side without a
// general by the side's name under Sides, a scenario without victory conditions by the Victory section. A click opens
// that section.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, painted, removeTempDirs, root, screenshot, startServer, tempDir } from './harness.js';

afterAll(removeTempDirs);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60000);
afterAll(async () => {
  await browser?.close();
});

/** Strip every leader from an order of battle. */
function leaderless(army: Record<string, unknown>): void {
  delete army.leader;
  for (const f of (army.formations ?? []) as Record<string, unknown>[]) leaderless(f);
}

describe('problems without a field of their own', () => {
  it('are placed by side and section, never by pointer, and a click opens the section', async () => {
    const workspace = tempDir('adc-ws-');
    const file = path.join(workspace, 'moosdorf.scenario.json');
    const doc = JSON.parse(readFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), 'utf8')) as {
      victory?: unknown;
      sides: { name: string; army: Record<string, unknown> }[];
    };
    delete doc.victory;
    leaderless(doc.sides[0]!.army);
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const server = await startServer({ workspace, dataDir: tempDir('adc-data-'), file });
    try {
      const { page, errors } = await openPage(browser, server.url);
      await page.setViewportSize({ width: 1440, height: 900 });
      const rows = page.locator('[data-testid="problems"] [data-problem-path]');
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
      const army = rows.and(page.locator('[data-problem-path="/sides/0/army"]'));
      const victory = rows.and(page.locator('[data-problem-path="/victory"]'));
      expect(await army.textContent()).toContain(`${doc.sides[0]!.name} (Sides) — Add a "leader"`);
      expect(await victory.textContent()).toContain('Victory — Add one under Victory');
      for (const text of await rows.allTextContents()) expect(text).not.toMatch(/(^|[\s—])\/[a-z]/);
      await painted(page);
      await screenshot(page, 'problem-places-01-panel');

      await victory.click();
      await expect.poll(() => page.getByTestId('section-victory').getAttribute('aria-expanded')).toBe('true');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await server.stop();
    }
  }, 60000);
});
