// Finishing a scenario without typing JSON or ids, end to end in Chromium, on se-01 (Hold the Bridge at Moosdorf):
// add a hold condition with its objective chosen by name and a destroy condition, move the destroy condition up,
// write the Austrians' briefing, undo and redo it, save and read the file back (ids, not names, in the JSON), and
// find the editor's victory sentences on the printed sheet. Then the pickers: an objective chosen on the map, placed
// in a cell checked against the grid; the first side, a side's colour and a deployment's units.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, painted, screenshot, withShell } from './harness.js';

const shell = withShell();

const inspector = (page: Page) => page.getByTestId('inspector');
const field = (page: Page, pointer: string) => inspector(page).locator(`[data-pointer="${pointer}"]`);
const conditions = (page: Page) => inspector(page).getByTestId('victory-condition');
const sentences = (page: Page) => inspector(page).getByTestId('victory-sentence').allTextContents();

async function undoLabel(page: Page): Promise<string | null> {
  await page.getByTestId('cmd-undo').hover();
  const tip = page.getByRole('tooltip').filter({ hasText: /^(Undo|Nothing to undo)/ });
  await tip.waitFor();
  const text = await tip.textContent();
  await page.mouse.move(5, 5);
  await tip.waitFor({ state: 'detached' });
  return text;
}

/** se-01 on a fresh page, at the size the app must stay usable at. */
/**
 * Picks a kind from the Add condition menu. A click that lands while the inspector is still laying out (on a loaded
 * machine the section's cards can move the button under the pointer) opens nothing; then, as a user would, it is
 * made once more.
 */
async function addCondition(page: Page, kind: string): Promise<void> {
  const item = page.locator(`[role="menuitem"][data-kind="${kind}"]`);
  const button = inspector(page).getByTestId('victory-add');
  await button.click();
  const shown = await item.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  // Only with no menu open: an open menu's backdrop would take a second click and close it.
  if (!shown) await button.click();
  await item.click();
}

async function openSample(width = 1280, height = 720) {
  const r = await openPage(shell.browser, shell.server.url);
  await r.page.setViewportSize({ width, height });
  await r.page.getByTestId('welcome').waitFor();
  const discard = r.page.getByTestId('recovery-discard');
  if (await discard.first().waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    while ((await discard.count()) > 0) await discard.first().click();
  }
  await r.page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
  await expect.poll(() => r.page.getByTestId('doc-title').textContent()).toContain('Moosdorf');
  return r;
}

/** Opens one section of the scenario's inspector, closing General to leave room. */
async function openSection(page: Page, id: string) {
  const section = inspector(page).locator(`[data-section="${id}"]`);
  if ((await section.getAttribute('class'))?.includes('Mui-expanded') !== true) await page.getByTestId(`section-${id}`).click();
  await expect.poll(async () => (await section.getAttribute('class')) ?? '').toContain('Mui-expanded');
}

/** Picks `option` from the select (or several-names picker) labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the scenario editor', () => {
  it('adds, orders and words victory conditions, writes a briefing, and prints the same sentences', async () => {
    const { page, errors } = await openSample();
    await page.getByTestId('section-general').click();
    await openSection(page, 'victory');
    const original = await sentences(page);
    expect(original[0]).toBe('French advance guard win if they hold Moosdorf bridge at the end of turn 15.');
    expect(original).toHaveLength(3);

    // A hold condition for the Austrians, its objective chosen by name.
    await addCondition(page, 'hold');
    const hold = conditions(page).nth(3);
    await expect.poll(() => hold.getByTestId('victory-sentence').textContent()).toContain('none chosen yet');
    await choose(page, hold, 'For', 'Austrian rearguard');
    await choose(page, hold, 'Objectives to hold', 'Moosdorf');
    await page.keyboard.press('Escape');
    await expect.poll(() => hold.getByTestId('victory-sentence').textContent()).toBe('Austrian rearguard win if they hold Moosdorf at the end of turn 15.');
    await expect.poll(() => undoLabel(page)).toContain('Undo Set objectives of victory condition 4');

    // A destroy condition for the French, at 40%.
    await addCondition(page, 'destroy');
    await field(page, '/victory/4/percent').fill('40');
    await expect.poll(() => conditions(page).nth(4).getByTestId('victory-sentence').textContent()).toBe(
      "French advance guard win if they destroy at least 40% of the enemy's units (Austrian rearguard) by the end of turn 15.",
    );
    await painted(page);
    await screenshot(page, 'scenario-editor-01-victory');

    // Checked before the hold condition now.
    await conditions(page).nth(4).getByTestId('victory-up').click();
    await expect.poll(() => sentences(page)).toEqual([
      ...original,
      "French advance guard win if they destroy at least 40% of the enemy's units (Austrian rearguard) by the end of turn 15.",
      'Austrian rearguard win if they hold Moosdorf at the end of turn 15.',
    ]);
    await expect.poll(() => undoLabel(page)).toContain('Undo Move victory condition 5 up');
    const edited = await sentences(page);

    // The Austrians' briefing, titled by the side's name; undone as one step, then redone.
    await openSection(page, 'briefings');
    const briefings = inspector(page).getByTestId('briefings-editor');
    expect(await briefings.textContent()).toContain('Austrian rearguard');
    expect(await briefings.textContent()).not.toMatch(/\bblue\b/);
    const blue = field(page, '/briefings/blue');
    const before = await blue.inputValue();
    const orders = 'Hold the bridge until dusk.\n\nThe pioneers blow it only on your order.';
    await blue.fill(orders);
    await expect.poll(() => undoLabel(page)).toContain('Undo Edit Austrian rearguard briefing');
    await page.locator('[data-briefing="side-1"] [data-testid="prose-preview-toggle"]').click();
    await expect.poll(() => inspector(page).locator('[data-briefing="side-1"] [data-testid="prose-preview"]').textContent()).toBe(orders);
    await painted(page);
    await screenshot(page, 'scenario-editor-02-briefing-preview');
    await page.locator('[data-briefing="side-1"]').getByRole('button', { name: 'Write' }).click();
    await page.getByTestId('cmd-undo').click();
    await expect.poll(() => blue.inputValue()).toBe(before);
    // One step only: the conditions stay as they were.
    await expect.poll(() => undoLabel(page)).toContain('Undo Move victory condition 5 up');
    await page.getByTestId('cmd-redo').click();
    await expect.poll(() => blue.inputValue()).toBe(orders);

    await page.getByTestId('cmd-save-as').click();
    await page.getByTestId('save-as-name').fill('moosdorf-edited.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved moosdorf-edited.scenario.json' }).waitFor();
    const saved = JSON.parse(readFileSync(path.join(shell.workspace, 'moosdorf-edited.scenario.json'), 'utf8'));
    // Names were chosen; the file holds ids.
    expect(saved.victory).toEqual([
      { side: 'red', kind: 'hold', objectives: ['obj-bridge'] },
      { side: 'blue', kind: 'destroy', percent: 67 },
      { kind: 'points' },
      { kind: 'destroy', side: 'red', percent: 40 },
      { kind: 'hold', side: 'blue', objectives: ['obj-village'] },
    ]);
    expect(saved.briefings.blue).toBe(orders);
    expect(Object.keys(saved.briefings).sort()).toEqual(['blue', 'red', 'umpire']);

    // The printed sheet says the same sentences, in the same order.
    await page.getByTestId('cmd-print').click();
    const frame = page.frameLocator('[data-testid="print-frame"]');
    await expect.poll(() => frame.locator('ol.victory li').allTextContents()).toEqual(edited);
    expect(await frame.locator('body').textContent()).toContain('The pioneers blow it only on your order.');
    await frame.locator('ol.victory').scrollIntoViewIfNeeded();
    await painted(page);
    await screenshot(page, 'scenario-editor-03-print');
    await page.getByTestId('print-close').click();
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);

  it('edits an objective chosen on the map, and picks sides, a colour and units by name', async () => {
    const { page, errors } = await openSample(1440, 900);
    await page.waitForFunction('window.__adcMap !== undefined');

    // The bridge's objective marker stands on the bridge, at [11.25, 15.75].
    const [x, y] = await page.evaluate<[number, number]>('window.__adcMap.toScreen([11.25, 15.75])');
    await page.mouse.click(x, y);
    await expect.poll(() => inspector(page).textContent()).toContain('Objective: Moosdorf bridge');
    const form = inspector(page).getByTestId('objective-form');
    expect(await form.getByRole('combobox', { name: 'Held at the start by' }).textContent()).toBe('Austrian rearguard');
    expect(await form.getByRole('combobox', { name: 'Feature' }).textContent()).toBe('Moosdorf bridge (bridge)');
    expect(await form.textContent()).toContain('Named by victory condition 1');

    // In a cell instead: the cell under the bridge, then a cell the grid does not have.
    await form.locator('[data-placement="cell"]').click();
    await expect.poll(() => field(page, '/objectives/0/cell').inputValue()).toBe('C4');
    await field(page, '/objectives/0/cell').fill('z9');
    // Typed lower case, stored as the format names cells; the validator then says the grid has no such cell.
    await expect.poll(() => field(page, '/objectives/0/cell').inputValue()).toBe('Z9');
    await expect.poll(() => form.textContent()).toContain('Cell Z9 is off the grid');
    await field(page, '/objectives/0/cell').fill('C5');
    await expect.poll(() => form.textContent()).not.toContain('off the grid');
    await choose(page, form, 'Held at the start by', 'Nobody');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await painted(page);
    await screenshot(page, 'scenario-editor-04-objective');

    // The scenario's first side and a side's colour, by name and by picker.
    await page.locator('[data-testid="outline"] [data-pointer=""]').click();
    await openSection(page, 'general');
    await choose(page, inspector(page), 'First to move', 'Austrian rearguard');
    await openSection(page, 'sides');
    await inspector(page).locator('input[data-color-for="/sides/1/color"]').fill('#3a6b35');
    await expect.poll(() => field(page, '/sides/1/color').inputValue()).toBe('#3a6b35');
    await expect.poll(() => undoLabel(page)).toContain('Undo Edit colour');

    // A deployment's units, by name, from its own side only.
    await page.locator('[data-testid="outline"] [data-pointer="/sides/0"]').click();
    const [zx, zy] = await page.evaluate<[number, number]>('window.__adcMap.toScreen([20, 27])');
    await page.mouse.click(zx, zy);
    await expect.poll(() => inspector(page).textContent()).toContain('Deployment');
    await inspector(page).getByRole('combobox', { name: 'Units' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toContain('10e Léger');
    expect(options).not.toContain('IR 49 Kerpen');
    await page.getByRole('option', { name: '★ Gén. Saint-Hilaire', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await painted(page);
    await screenshot(page, 'scenario-editor-05-deployment-units');

    await page.getByTestId('cmd-save-as').click();
    await page.getByTestId('save-as-name').fill('moosdorf-pickers.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved moosdorf-pickers.scenario.json' }).waitFor();
    const saved = JSON.parse(readFileSync(path.join(shell.workspace, 'moosdorf-pickers.scenario.json'), 'utf8'));
    expect(saved.objectives[0]).toEqual({ id: 'obj-bridge', name: 'Moosdorf bridge', vp: 50, cell: 'C5' });
    expect(saved.turns.first).toBe('blue');
    expect(saved.sides[1].color).toBe('#3a6b35');
    // Stored in the order of battle's order, the general first.
    expect(saved.sides[0].deployment[0].units).toEqual(['fr-gen', 'fr-10leger', 'fr-3ligne', 'fr-57ligne', 'fr-foot']);
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
