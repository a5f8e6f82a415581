// Every document of the hostile corpus opened in the app as a user would: the page never freezes or throws, and
// each document either shows (map, forces, problems) or says in the Problems panel why it cannot be read.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedCorpus } from '../hostile-corpus.js';
import { launchBrowser, openPage, pickFromLibrary, removeTempDirs, screenshot, startServer, tempDir, type Server } from './harness.js';

afterAll(removeTempDirs);

/** Generous: opening any real document takes well under a second; only a frozen page gets near this. */
const RESPONSE_BOUND_MS = 10_000;

let browser: Browser;
let server: Server;
let workspace: string;
let dataDir: string;
const corpus = committedCorpus();

beforeAll(async () => {
  browser = await launchBrowser();
  workspace = tempDir('adc-ws-');
  dataDir = tempDir('adc-data-');
  for (const input of corpus) copyFileSync(input.file, path.join(workspace, input.name));
  server = await startServer({ workspace, dataDir });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the app on hostile documents', () => {
  it('opens each one without freezing or failing, and shows a problem for each that is broken', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('welcome').waitFor();
    for (const input of corpus) {
      const what = input.name;
      await pickFromLibrary(page, input.name);
      // Either the document opens, or the host refuses it in a sentence (bytes that are not UTF-8).
      const opened = page.getByTestId('doc-title').filter({ hasText: input.name });
      const refused = page.getByTestId('message').filter({ hasText: /cannot be opened/ });
      await opened.or(refused).waitFor({ timeout: RESPONSE_BOUND_MS }).catch(async (e: Error) => {
        await screenshot(page, `hostile-open-${input.name}`);
        throw e;
      });
      const outcome = (await opened.isVisible()) ? 'opened' : 'refused';
      if (outcome === 'refused') {
        await screenshot(page, `hostile-refused-${input.name}`);
        await page.keyboard.press('Escape');
      }
      // The page answers: nothing that opened is being worked on the page's own thread.
      const started = Date.now();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      expect(Date.now() - started, what).toBeLessThan(RESPONSE_BOUND_MS);
      if (outcome === 'opened' && input.expect.validate === 1) {
        await expect.poll(() => page.getByTestId('problem-count').textContent(), { timeout: RESPONSE_BOUND_MS, message: what }).toMatch(/^[1-9]\d* errors?/);
      }
      if (outcome === 'refused') expect(input.expect.validate, what).toBe(1);
      expect(errors, what).toEqual([]);
    }
    await page.close();
  }, 600_000);
});
