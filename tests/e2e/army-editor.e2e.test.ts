// The army-list editor end to end, in Chromium: build an order of battle with the keyboard, catch a bad rating as
// it is typed, paste rows from a spreadsheet, convert 1:60 to 1:30 and undo it, copy a list into a scenario side.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, root, removeTempDirs, screenshot, startServer, tempDir, type Server, showForces } from './harness.js';

afterAll(removeTempDirs);

let browser: Browser;
let server: Server;
let workspace: string;

beforeAll(async () => {
  browser = await launchBrowser();
  workspace = tempDir('adc-army-ws-');
  copyFileSync(path.join(root, 'scenarios/fr-division-friant-1809.army.json'), path.join(workspace, 'friant.army.json'));
  server = await startServer({ workspace, dataDir: tempDir('adc-army-data-') });
}, 60000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const errorCount = async (page: Page) => Number(/(\d+) error/.exec((await page.getByTestId('problem-count').textContent()) ?? '')?.[1]);
const forces = (page: Page) => page.getByTestId('forces');
const cell = (page: Page, pointer: string) => forces(page).locator(`input[data-pointer="${pointer}"]`);
const rows = (page: Page) => forces(page).locator('tr[data-unit-pointer]');

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
/** Adding a formation or leader opens its name for typing; wait for it, as a person would. */
const renameOpen = (page: Page) => expect.poll(() => focusedTestId(page)).toBe('rename-input');

/** A fresh page. Earlier tests leave unsaved work behind, and its recovery offer is not what these tests are about. */
async function start() {
  const r = await openPage(browser, server.url);
  await r.page.getByTestId('welcome').waitFor();
  const discard = r.page.getByTestId('recovery-discard');
  if (await discard.first().waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    while ((await discard.count()) > 0) await discard.first().click();
  }
  return r;
}

async function newArmyList(page: Page) {
  await page.getByTestId('cmd-new').click();
  // New asks for the rule system first; these lists are rated for Napoleon's Eagles.
  await page.locator('[data-rule-system="napoleons-eagles"]').click();
  await page.getByTestId('new-blank-army').click();
  await forces(page).waitFor();
}

async function openFromLibrary(page: Page, docPath: string) {
  await page.getByTestId('cmd-open').click();
  const dialog = page.getByTestId('library-dialog');
  if (docPath.startsWith('sample:')) await dialog.getByRole('tab', { name: 'Samples' }).click();
  await dialog.locator(`[data-doc-path="${docPath}"]`).click();
  await page.getByTestId('doc-title').waitFor();
}

describe('army-list editor', () => {
  it('builds a two-brigade division from an empty list with the keyboard only', async () => {
    const { page, errors } = await start();
    await newArmyList(page);
    const tree = page.getByTestId('forces-tree');
    await tree.focus();
    const keys = (...k: string[]) => k.reduce((p, key) => p.then(() => page.keyboard.press(key)), Promise.resolve());

    // + adds a formation one echelon down and opens its name for typing.
    await keys('+');
    await renameOpen(page);
    await page.keyboard.type('1st Division');
    await keys('Enter');
    for (const [brigade, units] of [
      ['Brigade Gilly', [['1/15e Léger', 'inf', 'light', '660', 'A17B42', '11', '3'], ['1/33e Ligne', 'inf', 'line', '720', 'B17C43', '12', '3']]],
      ['Brigade Grandeau', [['1/48e Ligne', 'inf', 'line', '700', 'B16C42', '12', '3'], ['1/111e Ligne', 'inf', 'line', '680', 'B16C42', '11', '3']]],
    ] as const) {
      await keys('+');
      await renameOpen(page);
      await page.keyboard.type(brigade);
      await keys('Enter', 'u');
      await expect.poll(() => focusedTestId(page)).toBe('new-unit-name');
      for (const [name, ...values] of units) {
        await page.keyboard.type(name);
        await keys('Tab');
        for (const v of values) {
          await page.keyboard.type(v);
          await keys('Tab');
        }
        // Guns, howitzers and calibre are for batteries; Enter goes on to the next new unit.
        await keys('Enter');
      }
      // Back to the tree, up to the division for the next brigade.
      await keys('Escape');
      await expect.poll(() => focusedTestId(page)).toBe('forces-tree');
      // Left goes up to the parent (closing an open formation on the way), as in any tree.
      for (let i = 0; i < 4 && !(await tree.locator('.active').textContent())?.includes('1st Division'); i++) await keys('ArrowLeft');
    }
    await keys('l');
    await renameOpen(page);
    await page.keyboard.type('Gén. Friant');
    await keys('Enter');

    const formations = () =>
      tree.locator('[data-kind="formation"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-level')} ${e.querySelector('.node-name')?.textContent}`));
    await expect.poll(formations).toEqual(['1 Army', '2 1st Division', '3 Brigade Gilly', '3 Brigade Grandeau']);
    expect(await tree.locator('[data-kind="leader"]').getAttribute('aria-level')).toBe('3');
    await page.getByTestId('show-all-units').click();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await cell(page, '/army/formations/0/formations/1/units/1/name').inputValue()).toBe('1/111e Ligne');
    expect(await cell(page, '/army/formations/0/formations/1/units/1/ratings/napoleons-eagles/rating').inputValue()).toBe('B16C42');
    expect(await cell(page, '/army/formations/0/formations/0/units/0/type').inputValue()).toBe('light');
    // Ids follow the names typed, not the placeholders the nodes were created with.
    expect(await tree.locator('[data-kind="formation"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')))).toEqual(['army', '1st-division', 'brigade-gilly', 'brigade-grandeau']);
    expect(await rows(page).evaluateAll((trs) => trs.map((t) => t.getAttribute('data-unit-id')))).toEqual(['1-15e-leger', '1-33e-ligne', '1-48e-ligne', '1-111e-ligne']);
    await expect.poll(() => page.getByTestId('problem-count').textContent()).toMatch(/^0 errors/);
    await screenshot(page, 'army-01-keyboard-division');
    expect(errors).toEqual([]);
    await page.close();
  }, 90000);

  it('shows a bad rating part the moment it is typed, and jumps from the problem to the cell', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'friant.army.json');
    const pointer = '/army/formations/0/units/0/ratings/napoleons-eagles/rating';
    const rating = cell(page, pointer);
    await rating.click();
    await page.keyboard.type('B16F30');
    const inline = forces(page).getByTestId('rating-error');
    await expect.poll(() => inline.textContent()).toContain('fire must be A–E');
    expect(await forces(page).locator(`tr[data-unit-pointer="/army/formations/0/units/0"] td[data-part="fire"]`).getAttribute('class')).toContain('bad');
    await screenshot(page, 'army-02-rating-error');
    // Committed, the validator agrees; its problem leads back to the very cell.
    await page.keyboard.press('Tab');
    await expect.poll(() => errorCount(page)).toBe(1);
    await page.locator(`[data-testid="problems"] [data-problem-path="${pointer}"]`).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-pointer'))).toBe(pointer);
    await page.keyboard.type('B16C30');
    await page.keyboard.press('Enter');
    await expect.poll(() => errorCount(page)).toBe(0);
    expect(await inline.count()).toBe(0);
    expect(await rating.inputValue()).toBe('B16C30');
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('pastes ten rows from a spreadsheet, maps them by header, and bulk-edits a column', async () => {
    const { page, errors } = await start();
    await newArmyList(page);
    await page.getByTestId('forces-add-formation').click();
    await renameOpen(page);
    await page.keyboard.type('Brigade Paste');
    await page.keyboard.press('Enter');
    const header = 'Unit\tArm\tType\tMen\tRating\tFigs\tRanks\tVP\tColonel';
    const lines = Array.from({ length: 10 }, (_, i) => `${i + 1}/${i + 4}e Ligne\tInfantry\tline\t${600 + i * 10}\tB16C4${i}\t${10 + (i % 3)}\t3\t${i < 5 ? 20 : ''}\tCol. ${i}`);
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.querySelector('[data-testid="unit-table"]')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, [header, ...lines].join('\r\n'));
    await expect.poll(() => rows(page).count()).toBe(10);
    const report = await forces(page).getByTestId('forces-report').textContent();
    expect(report).toContain('Added 10 units to Brigade Paste');
    expect(report).toContain('Columns not mapped: Colonel');
    const unit = (i: number, at: string) => cell(page, `/army/formations/0/units/${i}${at}`);
    expect(await unit(9, '/name').inputValue()).toBe('10/13e Ligne');
    expect(await unit(9, '/ratings/napoleons-eagles/figures').inputValue()).toBe('10');
    expect(await unit(2, '/vp').inputValue()).toBe('20');
    // No VP of its own: the default table's value shows greyed.
    expect(await unit(7, '/vp').inputValue()).toBe('');
    expect(await unit(7, '/vp').getAttribute('placeholder')).toBe('20');
    await expect.poll(() => errorCount(page)).toBe(0);
    await screenshot(page, 'army-03-pasted');

    // Bulk edit: the pasted rows are still selected; set VP for all of them in one step.
    await page.getByTestId('bulk-column').selectOption('vp');
    await page.getByTestId('bulk-value').fill('25');
    await page.getByTestId('bulk-apply').click();
    await expect.poll(() => unit(7, '/vp').inputValue()).toBe('25');
    expect(await unit(0, '/vp').inputValue()).toBe('25');
    await page.keyboard.press('Control+z');
    await expect.poll(() => unit(7, '/vp').inputValue()).toBe('');
    // Ctrl+Z in a cell still being typed in drops the typing, and only that: the document's history is untouched.
    await unit(2, '/vp').click();
    await page.keyboard.type('99');
    expect(await unit(2, '/vp').inputValue()).toBe('99');
    await page.keyboard.press('Control+z');
    expect(await unit(2, '/vp').inputValue()).toBe('20');
    // A second document undo would have taken the pasted rows away.
    expect(await rows(page).count()).toBe(10);

    // The same rows through the dialog.
    await page.getByTestId('forces-paste').click();
    await page.getByTestId('paste-text').fill([header, ...lines.slice(0, 3)].join('\n'));
    await expect.poll(() => page.getByTestId('paste-preview').textContent()).toContain('Colonel: not mapped');
    await screenshot(page, 'army-04-paste-dialog');
    await page.getByTestId('paste-confirm').click();
    await expect.poll(() => rows(page).count()).toBe(13);
    const ids = await rows(page).evaluateAll((trs) => trs.map((t) => t.getAttribute('data-unit-id')));
    expect(new Set(ids).size).toBe(13);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('converts a 1:60 list to 1:30 from a preview, as one command that undo reverts', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'friant.army.json');
    const figures = cell(page, '/army/formations/0/units/0/ratings/napoleons-eagles/figures');
    const before = Number(await figures.inputValue());
    const all = () => forces(page).locator('input[data-col="figures"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const original = await all();
    await page.getByTestId('forces-convert').click();
    const dialog = page.getByTestId('convert-dialog');
    await expect.poll(() => dialog.getByTestId('convert-preview').locator('tbody tr').count()).toBeGreaterThan(5);
    expect(await dialog.locator('[data-preview-id="l15-1"] [data-field="figures"]').textContent()).toBe(`${before} → ${before * 2}`);
    // Where men are given they decide (men ÷ 30), and the dialog warns where that differs from doubling.
    const preview = await dialog.locator('tr[data-preview-id]').evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [tr.getAttribute('data-preview-id'), tr.querySelector('[data-field="figures"]')!.textContent.split(' → ')[1] ?? ''])),
    );
    expect(await dialog.getByTestId('convert-warnings').textContent()).toMatch(/men make \d+ figures at 1:30/);
    await screenshot(page, 'army-05-convert-preview');
    await dialog.getByTestId('convert-apply').click();
    await expect.poll(() => figures.inputValue()).toBe(String(before * 2));
    const converted = await rows(page).evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [tr.getAttribute('data-unit-id'), (tr.querySelector('input[data-col="figures"]') as HTMLInputElement).value])),
    );
    for (const [id, figs] of Object.entries(preview)) if (figs) expect(converted[id]).toBe(figs);
    const doubled = (await all()).filter((f, i) => f !== '' && Number(f) === Number(original[i]) * 2);
    expect(doubled.length).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('forces-convert').textContent()).toContain('1:30 → 1:60');
    await screenshot(page, 'army-06-converted');
    await page.getByTestId('cmd-undo').click();
    await expect.poll(all).toEqual(original);
    expect(await page.getByTestId('forces-convert').textContent()).toContain('1:60 → 1:30');
    expect(await page.getByTestId('cmd-undo').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('copies an army list into a scenario side with unique ids, saves it, and saves a side as a list', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'sample:ne-01-plancenoit.scenario.json');
    await page.locator('[data-testid="map-area"] canvas').first().waitFor();
    await showForces(page);
    await forces(page).waitFor();
    await screenshot(page, 'army-07-scenario-forces');
    const copyInto = async (side: number) => {
      await page.getByTestId('forces-lists').click();
      await page.getByTestId('copy-list-into-side').click();
      const dialog = page.getByTestId('copy-list-dialog');
      await dialog.locator('[data-list-path="friant.army.json"]').click();
      await dialog.getByTestId(`copy-side-${side}`).click();
      await dialog.getByTestId('copy-add').click();
      // The list is at 1:60, the scenario at 1:30: converting on the way is offered, and on.
      expect(await dialog.getByTestId('copy-convert').locator('input').isChecked()).toBe(true);
      if (side === 1) await screenshot(page, 'army-08-copy-dialog');
      await dialog.getByTestId('copy-list-confirm').click();
      await dialog.waitFor({ state: 'detached' });
    };
    await copyInto(1);
    await copyInto(0);
    const report = await forces(page).getByTestId('forces-report').textContent();
    expect(report).toMatch(/ids were already used and renamed \(friant → friant-2/);
    await expect.poll(() => page.getByTestId('problems').textContent()).not.toMatch(/used twice/);
    await screenshot(page, 'army-09-copied');

    await page.keyboard.press('Control+s');
    await page.getByTestId('save-as-name').fill('plancenoit-friant.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved plancenoit-friant.scenario.json' }).waitFor();
    const saved = JSON.parse(readFileSync(path.join(workspace, 'plancenoit-friant.scenario.json'), 'utf8'));
    const ids: string[] = [];
    const walk = (f: { id: string; leader?: { id: string }; units?: { id: string }[]; formations?: unknown[] }) => {
      ids.push(f.id);
      if (f.leader) ids.push(f.leader.id);
      for (const u of f.units ?? []) ids.push(u.id);
      for (const c of f.formations ?? []) walk(c as typeof f);
    };
    for (const side of saved.sides) walk(side.army);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('friant');
    expect(ids).toContain('friant-2');
    expect(saved.sides[1].army.formations.at(-1).name).toBe('2nd Division (Friant), III Corps');
    expect(saved.sides[1].army.formations.at(-1).formations[0].units[0].ratings['napoleons-eagles'].figures).toBe(22);

    // And back out: the French side as an army list of its own.
    await page.getByTestId('forces-lists').click();
    await page.getByTestId('save-side-1').click();
    expect(await page.getByTestId('save-as-name').inputValue()).toBe('french.army.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved french.army.json' }).waitFor();
    const list = JSON.parse(readFileSync(path.join(workspace, 'french.army.json'), 'utf8'));
    expect(list.type).toBe('aide-de-camp/army');
    expect(list.army.id).toBe(saved.sides[1].army.id);
    expect(JSON.stringify(list)).not.toContain('"setup"');
    // The scenario itself is still the open document, saved and clean.
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 90000);

  it('shows and edits the Hex Skirmish and Eagles to Glory columns, each value checked by its own rules', async () => {
    const cases = [
      { doc: 'sample:hx-01-the-foragers-bridge.scenario.json', headers: ['name', 'arm', 'type', 'men', 'chits', 'vp'], col: 'chits', good: '12', bad: '30', original: '16' },
      { doc: 'sample:etg-01-rain-on-the-plateau.scenario.json', headers: ['name', 'arm', 'type', 'men', 'class', 'stands', 'vp'], col: 'stands', good: '4', bad: '0', original: '3' },
    ];
    for (const c of cases) {
      const { page, errors } = await start();
      await openFromLibrary(page, c.doc);
      await showForces(page);
      const table = forces(page).getByTestId('unit-table');
      // The forces view loads when first shown: wait for its table before reading every header at once.
      await table.locator('th[data-col-header]').first().waitFor();
      expect(await table.locator('th[data-col-header]').evaluateAll((ths) => ths.map((t) => t.getAttribute('data-col-header')))).toEqual(c.headers);
      const pointer = (await table.locator(`input[data-col="${c.col}"]`).first().getAttribute('data-pointer'))!;
      expect(pointer).toMatch(/\/ratings\/(hex-skirmish\/men|eagles-to-glory\/stands)$/);
      const cell = () => table.locator(`input[data-pointer="${pointer}"]`);
      expect(await cell().inputValue()).toBe(c.original);
      const problemsAt = () => page.locator(`[data-testid="problems"] [data-problem-path="${pointer}"]`).count();
      expect(await problemsAt()).toBe(0);
      await cell().click();
      await page.keyboard.type(c.good);
      await page.keyboard.press('Enter');
      await expect.poll(() => cell().inputValue()).toBe(c.good);
      await page.getByTestId('dirty-marker').waitFor();
      expect(await problemsAt()).toBe(0);
      // A value its rule system refuses is flagged on that very cell.
      await cell().click();
      await page.keyboard.type(c.bad);
      await page.keyboard.press('Enter');
      await expect.poll(problemsAt).toBeGreaterThan(0);
      await screenshot(page, `army-${c.col}-refused`);
      // Each commit is one step: two undos bring back the value as opened, and the document is clean again.
      await page.keyboard.press('Control+z');
      await expect.poll(problemsAt).toBe(0);
      expect(await cell().inputValue()).toBe(c.good);
      await page.keyboard.press('Control+z');
      await expect.poll(() => cell().inputValue()).toBe(c.original);
      await expect.poll(() => page.getByTestId('dirty-marker').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 90000);

  it('works on a Square Eagles scenario: its columns, the six-unit warning, multi-select, drag and drop, filter', async () => {
    const { page, errors } = await start();
    await openFromLibrary(page, 'sample:se-01-hold-the-bridge.scenario.json');
    // The map stays the default view of a scenario.
    expect(await page.getByTestId('tab-map').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-testid="map-area"] canvas').first().waitFor();
    await showForces(page);
    const table = forces(page).getByTestId('unit-table');
    await table.locator('th[data-col-header]').first().waitFor();
    expect(await table.locator('th[data-col-header]').evaluateAll((ths) => ths.map((t) => t.getAttribute('data-col-header')))).toEqual(['name', 'arm', 'type', 'men', 'sp', 'traits', 'vp']);
    const tree = page.getByTestId('forces-tree');
    const sideUnits = (side: number) => tree.locator(`[data-kind="unit"][data-pointer^="/sides/${side}/"]`);
    expect(await sideUnits(0).count()).toBe(6);

    // A seventh unit: the rule system's warning shows beside the side's totals.
    await sideUnits(0).first().click();
    await page.keyboard.press('Control+d');
    await expect.poll(() => sideUnits(0).count()).toBe(7);
    await expect.poll(() => forces(page).getByTestId('side-card-0').textContent()).toMatch(/has 7 units; One Hour Wargames scenarios give each side about 6/);
    expect(await forces(page).getByTestId('side-totals-0').textContent()).toMatch(/^7 units/);
    await screenshot(page, 'army-10-square-eagles');

    // Two units picked with Ctrl+click go with one Delete, and come back with one undo.
    await sideUnits(0).nth(1).click();
    await sideUnits(0).nth(2).click({ modifiers: ['Control'] });
    expect(await page.getByTestId('forces-delete').textContent()).toBe('Delete (2)');
    await page.keyboard.press('Delete');
    await expect.poll(() => sideUnits(0).count()).toBe(5);
    await page.keyboard.press('Control+z');
    await expect.poll(() => sideUnits(0).count()).toBe(7);

    // Dragged onto the other side's army, a unit changes sides.
    const name = await sideUnits(0).last().locator('.node-name').textContent();
    await sideUnits(0).last().dragTo(tree.locator('[data-pointer="/sides/1/army"]'));
    await expect.poll(() => sideUnits(1).locator('.node-name').allTextContents()).toContain(name);
    expect(await sideUnits(0).count()).toBe(6);
    await screenshot(page, 'army-11-moved');

    await page.getByTestId('forces-filter').fill(name!.slice(0, 6));
    await expect.poll(() => tree.locator('[data-kind="unit"]').count()).toBeLessThan(13);
    expect(await tree.locator('[data-kind="unit"] .node-name').allTextContents()).toContain(name);
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});
