// Save as PDF in the web shell: the server's headless Chromium makes the PDF, as `adc print` does, and the page
// offers it as a download named from the title. Read back with poppler, so what was downloaded is the sheet (or the
// report) and not just some file. A server with no browser says so instead of doing nothing.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, startServer, tempDir, withShell } from './harness.js';

const shell = withShell();

const flat = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ');

/** Clicks a Save as PDF button and keeps what it downloads; the button says it is working until the PDF comes. */
async function savedPdf(page: Page, button: string): Promise<{ file: string; name: string; text: string; info: string }> {
  const downloaded = page.waitForEvent('download', { timeout: 90000 });
  await page.getByTestId(button).click();
  const download: Download = await downloaded;
  const file = path.join(tempDir('adc-pdf-'), 'saved.pdf');
  await download.saveAs(file);
  return {
    file,
    name: download.suggestedFilename(),
    text: flat(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })),
    info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
  };
}

describe('Save as PDF in the web shell', () => {
  it('downloads the setup sheet, made on the paper chosen in the preview', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge at Moosdorf');
    await page.keyboard.press('Control+p');
    await page.frameLocator('[data-testid="print-frame"]').locator('h1').first().waitFor();
    await page.getByTestId('print-paper').click();
    await page.getByRole('option', { name: 'US Letter' }).click();

    const pdf = await savedPdf(page, 'print-save-pdf');
    expect(pdf.name).toBe('hold-the-bridge-at-moosdorf-setup.pdf');
    expect(pdf.text).toContain('Hold the Bridge at Moosdorf');
    expect(pdf.text).toContain('Terrain key');
    expect(pdf.info).toMatch(/Page size:\s+612(\.\d+)? x 792(\.\d+)? pts \(letter\)/);
    await expect.poll(() => page.getByTestId('print-pdf-outcome').textContent()).toContain('hold-the-bridge-at-moosdorf-setup.pdf');
    expect(await page.getByTestId('print-save-pdf').textContent()).toBe('Save as PDF');
    for (const [width, height] of [[1280, 720], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `save-pdf-sheet-${width}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);

  it('downloads a small balance report with its verdict', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');
    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-tab-balance').click();
    expect(await page.getByTestId('balance-save-pdf').isDisabled()).toBe(true);
    await page.getByTestId('balance-games').fill('20');
    await page.getByTestId('balance-run').click();
    await page.getByTestId('balance-result').waitFor({ timeout: 120000 });
    const verdict = flat((await page.getByTestId('balance-verdict').textContent())!);
    expect(verdict).toMatch(/of 20 games/);

    const pdf = await savedPdf(page, 'balance-save-pdf');
    expect(pdf.name).toBe('hold-the-bridge-at-moosdorf-balance.pdf');
    expect(pdf.text).toContain('Balance report: Hold the Bridge at Moosdorf');
    expect(pdf.text).toContain(verdict);
    await expect.poll(() => page.getByTestId('balance-pdf-outcome').textContent()).toContain('hold-the-bridge-at-moosdorf-balance.pdf');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'save-pdf-balance-1280');
    // The next save speaks for itself: the PDF's banner does not stay to claim it.
    await Promise.all([page.waitForEvent('download'), page.getByTestId('balance-save').click()]);
    await expect.poll(() => page.getByTestId('balance-json-outcome').textContent()).toContain('hold-the-bridge-at-moosdorf-balance.json');
    expect(await page.getByTestId('balance-pdf-outcome').count()).toBe(0);
    await page.getByTestId('play-close').click();
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);

  it('says why when the server has no browser to make the PDF', async () => {
    // The server reads ADC_CHROMIUM when it makes a PDF; the harness passes this process's environment on.
    const before = process.env.ADC_CHROMIUM;
    process.env.ADC_CHROMIUM = path.join(tempDir('adc-nobrowser-'), 'no-chromium-here');
    const server = await startServer({ workspace: tempDir('adc-ws-'), dataDir: tempDir('adc-data-') });
    if (before === undefined) delete process.env.ADC_CHROMIUM;
    else process.env.ADC_CHROMIUM = before;
    try {
      const { page } = await openPage(shell.browser, server.url);
      await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
      await page.getByTestId('doc-title').waitFor();
      await page.keyboard.press('Control+p');
      await page.frameLocator('[data-testid="print-frame"]').locator('h1').first().waitFor();
      await page.getByTestId('print-save-pdf').click();
      const outcome = page.getByTestId('print-pdf-outcome');
      await expect.poll(() => outcome.textContent()).toMatch(/no Chromium browser was found .*no-chromium-here.*ADC_CHROMIUM/);
      expect(await outcome.getAttribute('class')).toMatch(/Error/);
      await page.close();
    } finally {
      await server.stop();
    }
  }, 60000);
});
