// Live validation runs in a Web Worker: a document that is slow to check shows "checking…" while the page goes on
// answering, and the answer arrives without anyone waiting on it.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir } from '../../node/data-dir.js';
import { launchBrowser, openPage, pickFromLibrary, removeTempDirs, root, screenshot, startServer, tempDir, type Server } from './harness.js';

afterAll(removeTempDirs);

const sample = path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json');

/**
 * se-01 with a field whose outline is 3,000 long, parallel, slanted strips: every pair of strips shares a bounding
 * box and none cross, so the crossing check runs to its budget, a fraction of a second or more on this machine.
 */
function slowScenario(): string {
  const d = JSON.parse(readFileSync(sample, 'utf8')) as { terrain: unknown[] };
  const points: [number, number][] = [];
  const n = 3000;
  for (let i = 0; i < n; i++) {
    const y = (i * 10) / n;
    if (i % 2 === 0) points.push([1, y], [35, y + 20]);
    else points.push([35, y + 20], [1, y]);
  }
  points.push([0.5, points[points.length - 1]![1]], [0.5, 0]);
  d.terrain.push({ id: 'f-strips', kind: 'fields', name: 'Strip fields', polygon: points });
  return JSON.stringify(d, null, 2);
}

let browser: Browser;
let server: Server;
let workspace: string;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  workspace = tempDir('adc-ws-');
  dataDir = tempDir('adc-data-');
  copyFileSync(sample, path.join(workspace, 'moosdorf.scenario.json'));
  writeFileSync(path.join(workspace, 'strips.scenario.json'), slowScenario());
  server = await startServer({ workspace, dataDir });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('validation off the page thread', () => {
  it('says "checking…" while a slow document is checked, stays responsive, then lists what it found', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('welcome').waitFor();
    await pickFromLibrary(page, 'strips.scenario.json');
    await page.getByTestId('doc-title').waitFor();

    // Each edit starts a check of several hundred milliseconds; the status shows while it runs.
    const title = page.locator('[data-pointer="/title"]');
    let sawChecking = false;
    let slowestAnswer = 0;
    for (let k = 0; k < 5 && !sawChecking; k++) {
      await title.fill(`Strips ${k}`);
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const started = Date.now();
        const visible = await page.getByTestId('problems-checking').isVisible();
        slowestAnswer = Math.max(slowestAnswer, Date.now() - started);
        if (visible) {
          sawChecking = true;
          await screenshot(page, 'validation-checking');
          // The page answers at once while the worker is busy: the check is not on its thread.
          const t = Date.now();
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
          expect(Date.now() - t).toBeLessThan(1000);
          break;
        }
        await page.waitForTimeout(20);
      }
    }
    expect(sawChecking).toBe(true);
    expect(slowestAnswer).toBeLessThan(2000);
    expect(page.workers().some((w) => /validation-worker/.test(w.url()))).toBe(true);

    // The answer arrives, and the status goes.
    await expect.poll(() => page.getByTestId('problems-checking').isVisible(), { timeout: 20000 }).toBe(false);
    await expect
      .poll(() => page.locator('[data-testid="problems"] [data-problem-path="/terrain/9/polygon"]').textContent(), { timeout: 20000 })
      .toContain('not checked for crossings');

    expect(errors).toEqual([]);
    await page.close();
    // The edits above were unsaved work, which the app keeps as a crash backup once its timer fires and offers back
    // on the next start; this part is about another document, so that offer is cleared rather than raced.
    rmSync(backupsDir(dataDir), { recursive: true, force: true });

    // A plain document claims no problem only once it has been checked, and then says so.
    const plain = await openPage(browser, server.url);
    await plain.page.getByTestId('welcome').waitFor();
    await pickFromLibrary(plain.page, 'moosdorf.scenario.json');
    await expect.poll(() => plain.page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    await expect.poll(() => plain.page.getByTestId('problem-count').textContent()).toMatch(/^0 errors, 0 warnings/);
    await expect.poll(() => plain.page.getByTestId('problems').textContent()).toContain('No problems: this document follows the format');
    expect(plain.errors).toEqual([]);
    await plain.page.close();
  }, 120000);
});
