// The 1:60 ↔ 1:30 conversion report end to end, in Chromium: the count line agrees with the rows the preview lists,
// and after Apply the report is still there, saved as CSV and Markdown (read back from disk), printed through the
// print preview, kept through undo and a look at the map, and gone once another document is opened.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../csv.js';
import { openPage, root, screenshot, tempDir, withShell, showForces } from './harness.js';

const shell = withShell();

beforeAll(() => {
  copyFileSync(path.join(root, 'scenarios/fr-division-friant-1809.army.json'), path.join(shell.workspace, 'friant.army.json'));
});

/** A fresh page at the size the report is read at. Unsaved work from an earlier test is not what this is about. */
async function start() {
  const r = await openPage(shell.browser, shell.server.url);
  await r.page.setViewportSize({ width: 1440, height: 900 });
  await r.page.getByTestId('welcome').waitFor();
  const discard = r.page.getByTestId('recovery-discard');
  if (await discard.first().waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    while ((await discard.count()) > 0) await discard.first().click();
  }
  return r;
}

async function openFromLibrary(page: Page, docPath: string) {
  await page.getByTestId('cmd-open').click();
  const dialog = page.getByTestId('library-dialog');
  if (docPath.startsWith('sample:')) await dialog.getByRole('tab', { name: 'Samples' }).click();
  await dialog.locator(`[data-doc-path="${docPath}"]`).click();
  await page.getByTestId('doc-title').waitFor();
}

/** The rows a table lists: how many, and how many units of the list they stand for, by result. */
async function listed(table: Locator) {
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({ result: tr.getAttribute('data-result'), units: Number(tr.getAttribute('data-units')) })));
  const units = (result?: string) => rows.filter((r) => !result || r.result === result).reduce((n, r) => n + r.units, 0);
  return { rows: rows.length, units: units(), joined: units('joined'), changed: units('changed'), kept: units('battery') + units('kept') };
}

/** "9 units become 6: 6 join in 3 pairs, 2 change their figures; 1 keeps its figures (…)." read back into numbers. */
function counted(line: string) {
  const head = /^(\d+) units?(?: become (\d+))?:/.exec(line);
  const n = (re: RegExp) => Number(re.exec(line)?.[1] ?? 0);
  return {
    units: Number(head?.[1]),
    rows: Number(head?.[2] ?? head?.[1]),
    joined: n(/(\d+) join in/),
    changed: n(/(\d+) changes? (?:its|their) figures/),
    kept: n(/(\d+) keeps? (?:its|their) figures/),
  };
}

describe('conversion report', () => {
  it('counts what it lists, and after Apply saves as CSV and Markdown, prints, and outlives undo', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'friant.army.json');
    const forces = page.getByTestId('forces');
    await forces.waitFor();
    expect(await page.getByTestId('forces-conversion-report').count()).toBe(0);

    // The preview: nine units, three pairs joined. The count line and the rows agree, both ways.
    await page.getByTestId('forces-convert').click();
    const dialog = page.getByTestId('convert-dialog');
    await dialog.getByTestId('mode-combine').click();
    const preview = dialog.getByTestId('convert-preview');
    await expect.poll(async () => (await listed(preview)).rows).toBe(6);
    const line = (await dialog.getByTestId('convert-count').textContent())!;
    expect(line).toMatch(/^9 units become 6: 6 join in 3 pairs, 2 change their figures; 1 keeps its figures \(a battery: guns never change, models 2 → 3\)\.$/);
    const rows = await listed(preview);
    expect(counted(line)).toEqual({ units: rows.units, rows: rows.rows, joined: rows.joined, changed: rows.changed, kept: rows.kept });
    expect(rows.units).toBe(9);
    // Summed men that the figures no longer stand for are explained, unit by unit, with the numbers.
    expect(await dialog.getByTestId('convert-notes').locator('li').count()).toBe(3);
    expect(await dialog.locator('[data-note-id="l15-1"]').textContent()).toBe(
      '1/15e Léger + 2/15e Léger: joined 660 + 660 = 1,320 men; at 1:30 its 22 figures stand for about 660: combining keeps the real headcount of both battalions.',
    );
    await screenshot(page, 'conversion-01-preview-combine');
    await dialog.getByTestId('convert-apply').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => forces.locator('tr[data-unit-pointer]').count()).toBe(6);

    // After Apply, the report is one click away, with the same rows and count.
    await page.getByTestId('forces-conversion-report').click();
    const report = page.getByTestId('conversion-report-dialog');
    const table = report.getByTestId('conversion-report-table');
    await table.waitFor();
    expect(await report.getByTestId('convert-count').textContent()).toBe(line);
    expect(await listed(table)).toEqual(rows);
    await screenshot(page, 'conversion-02-report');

    // Saved as CSV and read back: one row per unit the list now has, adding up to the nine it had.
    const dir = tempDir('adc-conversion-report-');
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), report.getByTestId('report-save-csv').click()]);
    expect(csvDownload.suggestedFilename()).toBe('division-friant-1809-1to30-conversion.csv');
    const csvFile = path.join(dir, 'report.csv');
    await csvDownload.saveAs(csvFile);
    const text = readFileSync(csvFile, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...data] = parseCsv(text.slice(1));
    const col = (name: string) => header!.indexOf(name);
    expect(data).toHaveLength(6);
    expect(data.reduce((n, r) => n + Number(r[col('Units')]), 0)).toBe(9);
    expect(data.map((r) => r[col('Id')])).toEqual(['friant-art', 'l15-1', 'l33-1', 'l48-1', 'l111-1', 'l111-2']);
    const joined = data[1]!;
    expect([joined[col('Unit')], joined[col('Result')], joined[col('Combined from')], joined[col('Figures after')], joined[col('Men after')], joined[col('Men the figures stand for')]])
      .toEqual(['1/15e Léger + 2/15e Léger', 'Joined (2)', 'l15-1 + l15-2', '22', '1320', '660']);
    const battery = data[0]!;
    expect([battery[col('Result')], battery[col('Guns')], battery[col('Howitzers')], battery[col('Models before')], battery[col('Models after')]]).toEqual(['Guns kept', '6', '2', '2', '3']);

    const [mdDownload] = await Promise.all([page.waitForEvent('download'), report.getByTestId('report-save-md').click()]);
    const mdFile = path.join(dir, 'report.md');
    await mdDownload.saveAs(mdFile);
    const md = readFileSync(mdFile, 'utf8');
    expect(md.split('\n')[0]).toBe('# Conversion 1:60 → 1:30 (pairs combined)');
    expect(md).toContain(line);
    expect(md.split('\n').filter((l) => l.startsWith('| ')).length).toBe(2 + 6);

    // Printed through the setup sheet's print preview.
    await report.getByTestId('report-print').click();
    const print = page.getByTestId('print-preview');
    await print.waitFor();
    expect(await print.locator('#print-preview-title').textContent()).toBe('Conversion 1:60 → 1:30 (pairs combined): Division Friant, 1809');
    const frame = page.frameLocator('[data-testid="print-frame"]');
    expect(await frame.locator('p.count').textContent()).toBe(line);
    expect(await frame.locator('tbody tr').count()).toBe(6);
    await screenshot(page, 'conversion-03-print-preview');
    await print.getByTestId('print-close').click();
    await report.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });

    // Undo takes the conversion back in one step; the report of what it did stays with the document.
    await page.getByTestId('cmd-undo').click();
    await expect.poll(() => forces.locator('tr[data-unit-pointer]').count()).toBe(9);
    expect(await page.getByTestId('forces-conversion-report').count()).toBe(1);

    // Another document: the report belonged to the one before.
    await page.getByTestId('cmd-new').click();
    await page.getByTestId('new-blank-army').click();
    const discard = page.getByRole('button', { name: 'Discard changes' });
    if (await discard.waitFor({ timeout: 2000 }).then(() => true, () => false)) await discard.click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).not.toContain('Friant');
    await forces.waitFor();
    expect(await page.getByTestId('forces-conversion-report').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 90000);

  it('keeps the report of a scenario through a look at the map, and replaces it with the next conversion', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'sample:ne-01-plancenoit.scenario.json');
    await showForces(page);
    const convert = async (expected: RegExp) => {
      await page.getByTestId('forces-convert').click();
      const dialog = page.getByTestId('convert-dialog');
      const line = (await dialog.getByTestId('convert-count').textContent())!;
      expect(line).toMatch(expected);
      const rows = await listed(dialog.getByTestId('convert-preview'));
      expect(counted(line)).toEqual({ units: rows.units, rows: rows.rows, joined: rows.joined, changed: rows.changed, kept: rows.kept });
      await dialog.getByTestId('convert-apply').click();
      await dialog.waitFor({ state: 'detached' });
      return line;
    };
    const first = await convert(/^\d+ units: \d+ change their figures/);
    await page.getByTestId('tab-map').click();
    await showForces(page);
    await page.getByTestId('forces-conversion-report').click();
    const report = page.getByTestId('conversion-report-dialog');
    expect(await report.getByTestId('convert-count').textContent()).toBe(first);
    expect(await report.locator('.MuiDialogTitle-root').textContent()).toBe('Conversion 1:30 → 1:60 (figures halved)');
    await report.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });

    // Back from 1:60 to 1:30: the report now is that conversion's.
    await convert(/^\d+ units: /);
    await page.getByTestId('forces-conversion-report').click();
    expect(await report.locator('.MuiDialogTitle-root').textContent()).toBe('Conversion 1:60 → 1:30 (figures doubled)');
    expect(errors).toEqual([]);
    await page.close();
  }, 90000);
});
