// A rule setting's help must not outlive the control it explains: after choosing a Napoleon's Eagles command option
// from the keyboard and typing turn points, Save as opens its dialog with no setting's help drawn over it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, painted, screenshot, withShell } from './harness.js';

const shell = withShell();
const TURN_POINTS_FRENCH = '/ruleOptions/napoleons-eagles/turnPoints/blue';

/** The texts of the help tooltips showing now. */
const tooltips = (page: Page): Promise<string[]> => page.getByRole('tooltip').allTextContents();

describe('rule settings help', () => {
  it('closes when a dialog takes the focus', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Plancenoit');
    await page.getByTestId('section-settings').click();
    const settings = page.getByTestId('rule-settings');
    await settings.waitFor();

    // Choose the second command option from the keyboard and type the French turn points.
    const choice = settings.locator('[data-setting="commandOption"] [role="combobox"]');
    const turnPoints = settings.locator(`input[data-pointer="${TURN_POINTS_FRENCH}"]`);
    await turnPoints.fill('18');
    // Back to the select with Shift+Tab, past whatever lies between.
    for (let i = 0; i < 6 && !(await choice.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
    expect(await choice.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: /^Option #2/ }).press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const help = page.getByRole('tooltip').filter({ hasText: /Command and Control Options/ });
    await help.waitFor();
    await screenshot(page, 'setting-tooltips-00-typed');
    await page.getByTestId('cmd-save-as').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Longer than any help's delay, so a tooltip about to open has opened.
    await page.waitForTimeout(1200);
    await painted(page);
    await screenshot(page, 'setting-tooltips-01-save-as');
    expect((await tooltips(page)).filter((t) => /Command and Control|Turn Points/i.test(t))).toEqual([]);
    expect(await page.getByTestId('save-as-name').inputValue()).toBe('ne-01-plancenoit.scenario.json');
    expect(errors).toEqual([]);
  }, 60000);
});
