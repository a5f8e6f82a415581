// The Forces view on a 2,000-unit army list, in Chromium at 1280×720: the table and tree draw only the rows in view,
// yet Tab, Shift+Tab and the arrow keys go from row to row as in one whole table, the pinned columns stay level
// with the rest, a problem far down the list scrolls its cell into view and focuses it, a focused row survives
// scrolling away, and the tree's Home and End reach rows that were not drawn.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeDocument } from '../../domain/document.js';
import { generateArmyList } from '../bench/generate.js';
import { openPage, screenshot, withShell } from './harness.js';

const shell = withShell();

const active = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-pointer') ?? document.activeElement?.getAttribute('data-testid') ?? null);
const unit = (i: number) => `/army/formations/${Math.floor(i / 80)}/formations/${Math.floor((i % 80) / 20)}/units/${i % 20}`;
const table = (page: Page) => page.getByTestId('unit-table');

/** Whether the element is inside the table's scrolled view, clear of the header and the pinned columns. */
const inView = (page: Page, pointer: string) =>
  page.evaluate((p) => {
    const el = document.querySelector(`[data-testid="unit-table"] input[data-pointer="${p}"]`);
    const box = document.querySelector('[data-testid="unit-table"]')!.getBoundingClientRect();
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= box.top + 24 && r.bottom <= box.bottom + 1 && r.left >= box.left && r.right <= box.right + 1;
  }, pointer);

async function openBigList(page: Page): Promise<void> {
  const list = generateArmyList(2000);
  // The last unit's rating is wrong, so the problems panel has somewhere far down the table to jump to.
  const last = list.army.formations!.at(-1)!.formations!.at(-1)!.units!.at(-1)!;
  last.ratings!['napoleons-eagles']!.rating = 'B16F30';
  writeFileSync(path.join(shell.workspace, 'big.army.json'), serializeDocument(list));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('cmd-open').click();
  await page.getByTestId('library-dialog').locator('[data-doc-path="big.army.json"]').click();
  await page.getByTestId('forces').waitFor();
  const showAll = page.getByTestId('show-all-units');
  if (await showAll.count()) await showAll.click();
  await table(page).locator('tr[data-unit-pointer]').first().waitFor();
}

describe('the forces view on a long list', () => {
  it('draws only the rows in view, keeps the pinned columns level, and moves by keys and jumps as one whole table would', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.getByTestId('welcome').waitFor();
    await openBigList(page);
    expect(await table(page).locator('tr[data-unit-pointer]').count()).toBeLessThan(120);
    expect(await page.getByTestId('forces-tree').locator('[role="treeitem"]').count()).toBeLessThan(120);

    // In the middle of the list, scrolled sideways: each drawn row's pinned half is level with the rest of it.
    await table(page).evaluate((t) => {
      t.scrollTop = t.scrollHeight / 2;
      t.scrollLeft = 200;
    });
    await expect.poll(() => table(page).locator(`tr[data-unit-pointer="${unit(1000)}"]`).count()).toBe(1);
    const offsets = await table(page).evaluate((t) =>
      [...t.querySelectorAll('tr[data-unit-pointer]')].map((tr) => {
        const pin = t.querySelector(`tr[data-pin-pointer="${tr.getAttribute('data-unit-pointer')}"]`)!;
        return [pin.getBoundingClientRect().top - tr.getBoundingClientRect().top, pin.getBoundingClientRect().height - tr.getBoundingClientRect().height];
      }),
    );
    expect(offsets.length).toBeGreaterThan(10);
    expect(offsets.every(([top, height]) => top === 0 && height === 0)).toBe(true);
    const heads = await table(page).locator('th[data-col-header]').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().bottom));
    expect(new Set(heads).size).toBe(1);
    await screenshot(page, 'forces-windowed-01-middle');

    // Tab from a brigade's last unit's last cell goes on to the next brigade's first unit, and Shift+Tab comes back.
    await table(page).locator(`input[data-pointer="${unit(1019)}/vp"]`).click();
    await page.keyboard.press('Tab');
    expect(await active(page)).toBe(`${unit(1020)}/name`);
    await page.keyboard.press('Tab');
    expect(await active(page)).toBe(`${unit(1020)}/arm`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await active(page)).toBe(`${unit(1019)}/vp`);
    // A battery's row: Tab passes over figures and ranks, which are not for guns.
    await table(page).locator(`input[data-pointer="${unit(1004)}/ratings/napoleons-eagles/rating"]`).click();
    await page.keyboard.press('Tab');
    expect(await active(page)).toBe(`${unit(1004)}/ratings/napoleons-eagles/guns`);
    await page.keyboard.press('ArrowDown');
    expect(await active(page)).toBe(`${unit(1005)}/ratings/napoleons-eagles/guns`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await active(page)).toBe(`${unit(1003)}/ratings/napoleons-eagles/guns`);

    // A focused row stays, with its typing, while the table scrolls far away; Tab then goes on from it.
    await page.keyboard.type('7');
    await table(page).evaluate((t) => (t.scrollTop = 0));
    await expect.poll(() => table(page).locator(`tr[data-unit-pointer="${unit(0)}"]`).count()).toBe(1);
    expect(await active(page)).toBe(`${unit(1003)}/ratings/napoleons-eagles/guns`);
    expect(await table(page).locator(`input[data-pointer="${unit(1003)}/ratings/napoleons-eagles/guns"]`).inputValue()).toBe('7');
    await page.keyboard.press('Escape');

    // A problem at the very end of the list: the jump draws its row, scrolls to it and focuses the field.
    const pointer = `${unit(1999)}/ratings/napoleons-eagles/rating`;
    await page.locator(`[data-testid="problems"] [data-problem-path="${pointer}"]`).click();
    await expect.poll(() => active(page)).toBe(pointer);
    await expect.poll(() => inView(page, pointer)).toBe(true);

    // The tree's End and Home go to rows that were not drawn, and show them.
    const tree = page.getByTestId('forces-tree');
    await tree.locator('[role="treeitem"]').first().click();
    await page.keyboard.press('End');
    await expect.poll(() => tree.locator('.active').getAttribute('data-pointer')).toBe(unit(1999));
    const shown = () =>
      tree.evaluate((t) => {
        const a = t.querySelector('.active')!.getBoundingClientRect();
        const b = t.getBoundingClientRect();
        return a.top >= b.top && a.bottom <= b.bottom + 1;
      });
    await expect.poll(shown).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => tree.locator('.active').getAttribute('data-pointer')).toBe('/army');
    await expect.poll(shown).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
