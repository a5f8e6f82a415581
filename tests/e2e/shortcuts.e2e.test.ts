// Keys end to end in the web shell: the shortcut sheet (F1 and ?, its search, Escape), arrow keys nudging a map item
// by the snap step and by a cell, each press an undo step, and Tab in the unit table passing over the columns that do
// not apply to a unit's arm.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, painted, screenshot, withShell } from './harness.js';

const shell = withShell();

const sheet = (page: Page) => page.getByTestId('shortcut-sheet');
const inspector = (page: Page) => page.getByTestId('inspector');
const field = (page: Page, pointer: string) => inspector(page).locator(`input[data-pointer="${pointer}"]`);
const undoLabel = (page: Page) => page.getByTestId('cmd-undo').locator('..').getAttribute('aria-label');
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-col') ?? document.activeElement?.tagName ?? null);
/** The dialog has faded in, so a screenshot shows it as a person sees it. */
const settled = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll('[data-testid="shortcut-sheet"] .MuiPaper-root')].some((e) => getComputedStyle(e).opacity === '1'));
const toScreen = (page: Page, p: [number, number]) =>
  page.evaluate((q) => (window as unknown as { __adcMap: { toScreen(p: [number, number]): [number, number] } }).__adcMap.toScreen(q), p);

/** A fresh page. An earlier test leaves unsaved work behind, and its recovery offer is not what these tests are about. */
async function start() {
  const r = await openPage(shell.browser, shell.server.url);
  await r.page.getByTestId('welcome').waitFor();
  const discard = r.page.getByTestId('recovery-discard');
  if (await discard.first().waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    while ((await discard.count()) > 0) await discard.first().click();
  }
  return r;
}

async function newScenario(page: Page) {
  await page.getByTestId('cmd-new').click();
  await page.getByTestId('new-blank-scenario').click();
  await page.getByTestId('map-editor').waitFor();
  await page.waitForFunction('window.__adcMap !== undefined');
}

describe('keyboard shortcuts', () => {
  it('opens the shortcut sheet with F1 or ?, finds a command in it, and closes it with Escape', async () => {
    const { page, errors } = await start();

    await page.keyboard.press('F1');
    await sheet(page).waitFor();
    // Every group of the table, the map's tools from their registry, and the browser's own keys marked as such.
    const sections = await sheet(page).locator('section[data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));
    expect(sections).toEqual(['File', 'Edit', 'Scenario', 'Help', 'Map: moving and drawing', 'Map: tools', 'Map: commands', 'Test play: map', 'Forces: tree', 'Forces: unit table']);
    const newRow = sheet(page).locator('[data-shortcut-row="New"]');
    expect(await newRow.locator('kbd').evaluateAll((ks) => ks.map((k) => `${k.textContent}${k.hasAttribute('data-kept') ? ' (kept)' : ''}`))).toEqual(['Ctrl+N (kept)', 'Ctrl+Alt+N']);
    expect(await newRow.textContent()).toContain('The browser keeps Ctrl+N');
    expect(await sheet(page).locator('[data-section="Map: tools"] [data-shortcut-row="Woods"] kbd').textContent()).toBe('W');
    // With no document open, what needs one is shown as not available now.
    expect(await sheet(page).locator('[data-shortcut-row="Save"]').getAttribute('data-enabled')).toBe('false');
    expect(await sheet(page).locator('[data-shortcut-row="Open"]').getAttribute('data-enabled')).toBeNull();
    await page.setViewportSize({ width: 1280, height: 720 });
    await settled(page);
    await painted(page);
    await screenshot(page, 'shortcuts-01-sheet-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet(page).count()).toBe(0);

    // ? opens it too, with the search ready for typing.
    await page.keyboard.press('?');
    await sheet(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('shortcut-search');
    await page.keyboard.type('undo');
    await expect.poll(() => sheet(page).locator('[data-shortcut-row]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-shortcut-row')))).toEqual(['Undo', 'Redo']);
    await page.keyboard.type(' nothing like it');
    await sheet(page).getByTestId('shortcut-none').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet(page).count()).toBe(0);

    // The menu behind ⋮ opens it as well, and names its key.
    await page.getByTestId('cmd-more').click();
    expect(await page.getByTestId('menu-shortcuts').textContent()).toBe('Keyboard ShortcutsF1');
    await painted(page);
    await screenshot(page, 'shortcuts-02-more-menu');
    await page.getByTestId('menu-shortcuts').click();
    await sheet(page).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await settled(page);
    await painted(page);
    await screenshot(page, 'shortcuts-03-sheet-1440');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('nudges a selected map item by the snap step and by a cell, each press an undo step, and pans with nothing selected', async () => {
    const { page, errors } = await start();
    await newScenario(page);

    // An objective at (10, 10), then selected with the select tool.
    await page.locator('[data-tool="objective"]').click();
    const [x, y] = await toScreen(page, [10, 10]);
    await page.mouse.click(x, y);
    await page.keyboard.press('v');
    await painted(page);
    await page.mouse.click(x, y);
    const east = field(page, '/objectives/0/at/0');
    const south = field(page, '/objectives/0/at/1');
    await expect.poll(() => east.inputValue()).toBe('10');

    // The snap is 1″ and the blank scenario's cells are 6″.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => east.inputValue()).toBe('11');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => east.inputValue()).toBe('17');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => south.inputValue()).toBe('11');
    expect(await undoLabel(page)).toBe('Undo Move objective (Ctrl+Z)');

    // One press, one step back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => south.inputValue()).toBe('10');
    expect(await east.inputValue()).toBe('17');
    await page.keyboard.press('Control+z');
    await expect.poll(() => east.inputValue()).toBe('11');
    await page.keyboard.press('Control+z');
    await expect.poll(() => east.inputValue()).toBe('10');

    // With nothing selected the arrows move the view instead, and the document stays as it was.
    const [ex, ey] = await toScreen(page, [40, 40]);
    await page.mouse.click(ex, ey);
    await expect.poll(() => east.count()).toBe(0);
    const before = await toScreen(page, [0, 0]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => toScreen(page, [0, 0])).not.toEqual(before);
    expect(await undoLabel(page)).toBe('Undo Add objective (Ctrl+Z)');

    // In a text field ? is typed, and opens no sheet.
    // The canvas is drawn (and hit-tested) where the view now is before the next click.
    await painted(page);
    const [ox, oy] = await toScreen(page, [10, 10]);
    await page.mouse.click(ox, oy);
    const name = inspector(page).locator('input[data-pointer="/objectives/0/name"]');
    // The objective came named; the field is emptied first, so what ? typed is all it holds.
    await name.fill('');
    await name.click();
    await page.keyboard.press('?');
    await expect.poll(() => name.inputValue()).toBe('?');
    await painted(page);
    expect(await sheet(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('passes over the unit table cells that do not apply to the unit’s arm with Tab and Shift+Tab', async () => {
    const { page, errors } = await start();
    await page.getByTestId('cmd-open').click();
    const dialog = page.getByTestId('library-dialog');
    await dialog.getByRole('tab', { name: 'Samples' }).click();
    await dialog.locator('[data-doc-path="sample:fr-division-friant-1809.army.json"]').click();
    const forces = page.getByTestId('forces');
    await forces.waitFor();
    const showAll = page.getByTestId('show-all-units');
    if (await showAll.count()) await showAll.click();
    const rowOf = async (arm: string) => {
      const pointer = await forces.locator('tr[data-unit-pointer]').evaluateAll(
        (trs, a) => trs.find((tr) => tr.querySelector<HTMLInputElement>('input[data-col="arm"]')?.value === a)?.getAttribute('data-unit-pointer') ?? null,
        arm,
      );
      expect(pointer, arm).not.toBeNull();
      return forces.locator(`tr[data-unit-pointer="${pointer}"]`);
    };

    // A battalion: from Ranks, Tab passes guns, howitzers and calibre for Rifles; after Skirmishers, the battery's
    // two flags for VP. Shift+Tab goes back the same way.
    const infantry = await rowOf('infantry');
    expect(await infantry.locator('input[data-col="guns"]').getAttribute('data-applies')).toBe('false');
    expect(await infantry.locator('input[data-col="guns"]').getAttribute('placeholder')).toBe('—');
    await infantry.locator('input[data-col="ranks"]').click();
    const order: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual(['rifles', 'guard', 'skirmishers', 'vp']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('ranks');

    // A battery: from its rating to its guns, passing figures and ranks.
    const artillery = await rowOf('artillery');
    await artillery.locator('input[data-col="rating"]').click();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('guns');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('guardBattery');
    await painted(page);
    await screenshot(page, 'shortcuts-04-table');
    // A click still reaches a cell that does not apply, to clear a value left there.
    await artillery.locator('input[data-col="ranks"]').click();
    expect(await focused(page)).toBe('ranks');
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});
