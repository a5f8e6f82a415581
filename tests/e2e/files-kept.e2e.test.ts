// Files stay as the user left them: a private file stays private after a save, and a read-only one is never
// replaced; the user is offered Save As instead, and nothing typed is lost.
import { chmodSync, copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, pickFromLibrary, removeTempDirs, root, startServer, tempDir, type Server } from './harness.js';

afterAll(removeTempDirs);

const sample = path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json');

let browser: Browser;
let server: Server;
let workspace: string;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  workspace = tempDir('adc-ws-');
  dataDir = tempDir('adc-data-');
  copyFileSync(sample, path.join(workspace, 'private.scenario.json'));
  chmodSync(path.join(workspace, 'private.scenario.json'), 0o600);
  copyFileSync(sample, path.join(workspace, 'locked.scenario.json'));
  chmodSync(path.join(workspace, 'locked.scenario.json'), 0o444);
  server = await startServer({ workspace, dataDir });
}, 60000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function openDocument(page: Page, name: string): Promise<void> {
  await page.getByTestId('welcome').waitFor();
  await pickFromLibrary(page, name);
  await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain(name);
}

const modeOf = (name: string) => statSync(path.join(workspace, name)).mode & 0o777;

describe('saving keeps what the user set on a file', () => {
  it('keeps a private file private', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await openDocument(page, 'private.scenario.json');
    await page.locator('[data-pointer="/title"]').fill('Hold the Bridge, privately');
    await page.keyboard.press('Control+s');
    await expect.poll(() => readFileSync(path.join(workspace, 'private.scenario.json'), 'utf8')).toContain('Hold the Bridge, privately');
    expect(modeOf('private.scenario.json')).toBe(0o600);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('refuses to replace a read-only file, says so, and saves the work under another name', async () => {
    const before = readFileSync(path.join(workspace, 'locked.scenario.json'));
    const { page, errors } = await openPage(browser, server.url);
    await openDocument(page, 'locked.scenario.json');
    await page.locator('[data-pointer="/title"]').fill('Hold the Bridge, edited');
    await page.keyboard.press('Control+s');

    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain('read-only');
    await dialog.getByRole('button', { name: 'Save As…' }).click();
    await page.getByTestId('save-as-name').fill('locked-copy.scenario.json');
    await page.getByTestId('save-as-confirm').click();

    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('locked-copy.scenario.json');
    expect(readFileSync(path.join(workspace, 'locked-copy.scenario.json'), 'utf8')).toContain('Hold the Bridge, edited');
    expect(readFileSync(path.join(workspace, 'locked.scenario.json'))).toEqual(before);
    expect(modeOf('locked.scenario.json')).toBe(0o444);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});
