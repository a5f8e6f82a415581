// Rule settings and Napoleon's Eagles leader ratings edited in the inspector, end to end in Chromium: on ne-01 set
// one side's turn points and a brigadier's command radius, undo the radius, save and read the file back, then type
// turn points past the rules' bound and see it refused inline and listed under Problems.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, painted, screenshot, withShell } from './harness.js';

const shell = withShell();

const inspector = (page: Page) => page.getByTestId('inspector');
const input = (page: Page, pointer: string) => inspector(page).locator(`input[data-pointer="${pointer}"]`);
const TURN_POINTS_FRENCH = '/ruleOptions/napoleons-eagles/turnPoints/blue';
const CHARTRAND = '/sides/1/army/formations/0/formations/0/leader';

async function undoLabel(page: Page): Promise<string | null> {
  await page.getByTestId('cmd-undo').hover();
  const tip = page.getByRole('tooltip');
  await tip.waitFor();
  const text = await tip.textContent();
  await page.mouse.move(5, 5);
  await tip.waitFor({ state: 'detached' });
  return text;
}

describe('rule settings in the inspector', () => {
  it("sets turn points and a leader's command radius, undoes one, and flags turn points past the bound", async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Plancenoit');

    // The scenario is what the inspector shows first; its settings come from the Napoleon's Eagles catalogue.
    const settings = page.getByTestId('rule-settings');
    await settings.waitFor();
    expect(await settings.textContent()).toContain("Rule settings: Napoleon's Eagles");
    expect(await settings.locator('[data-setting]').count()).toBe(18);
    expect(await input(page, TURN_POINTS_FRENCH).getAttribute('placeholder')).toBe('20 (default)');
    expect(await input(page, TURN_POINTS_FRENCH).inputValue()).toBe('20');
    expect(await settings.locator('[data-setting="turnPoints"] legend').textContent()).toBe('Turn points per game turn');
    expect(await settings.locator('[data-setting="turnPoints"] label').allTextContents()).toEqual(['Prussians', 'French']);
    await settings.locator('[data-setting="turnPoints"]').scrollIntoViewIfNeeded();
    await painted(page);
    await screenshot(page, 'rule-settings-01-panel');

    // French turn points: one labelled step.
    await input(page, TURN_POINTS_FRENCH).fill('18');
    await expect.poll(() => undoLabel(page)).toContain('Undo Set Turn points per game turn');

    // A brigadier without a radius of his own shows the rules' default for his echelon.
    await page.locator(`[data-testid="outline"] [data-pointer="${CHARTRAND}"]`).click();
    await expect.poll(() => inspector(page).textContent()).toContain('Leader: Gén. Chartrand');
    const radius = input(page, `${CHARTRAND}/ratings/napoleons-eagles/commandRadius`);
    expect(await radius.getAttribute('placeholder')).toBe('15″ (brigade default)');
    await radius.fill('12');
    await expect.poll(() => undoLabel(page)).toContain('Undo Edit command radius');
    await painted(page);
    await screenshot(page, 'rule-settings-02-leader');

    // Undo takes back the radius only.
    await page.getByTestId('cmd-undo').click();
    await expect.poll(() => radius.inputValue()).toBe('');
    await expect.poll(() => undoLabel(page)).toContain('Undo Set Turn points per game turn');

    await page.getByTestId('cmd-save-as').click();
    await page.getByTestId('save-as-name').fill('plancenoit.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved plancenoit.scenario.json' }).waitFor();
    const saved = JSON.parse(readFileSync(path.join(shell.workspace, 'plancenoit.scenario.json'), 'utf8'));
    // The Prussians' 20 is the default, so the file keeps only what differs.
    expect(saved.ruleOptions['napoleons-eagles'].turnPoints).toEqual({ blue: 18 });
    expect(saved.ruleOptions['napoleons-eagles'].leaderInitiative).toBe(true);
    expect(saved.sides[1].army.formations[0].formations[0].leader.ratings['napoleons-eagles']).toEqual({ moraleBonus: 1, meleeBonus: 5 });

    // 41 turn points is past the rules' 40: said at the field and listed under Problems as an error.
    await page.locator('[data-testid="outline"] [data-pointer=""]').click();
    await settings.waitFor();
    await input(page, TURN_POINTS_FRENCH).fill('41');
    await expect.poll(() => settings.locator('[data-setting="turnPoints"]').textContent()).toContain('must be a whole number from 1 to 40, not 41');
    const problem = page.locator(`[data-testid="problems"] [data-problem-path="${TURN_POINTS_FRENCH}"]`);
    await problem.waitFor();
    expect(await problem.getAttribute('data-severity')).toBe('error');
    await expect.poll(() => page.getByTestId('problem-count').textContent()).toMatch(/^1 error/);
    await settings.locator('[data-setting="turnPoints"]').scrollIntoViewIfNeeded();
    await painted(page);
    await screenshot(page, 'rule-settings-03-out-of-bounds');

    // Back to the default: the problem goes, and so does the setting.
    await input(page, TURN_POINTS_FRENCH).fill('20');
    await expect.poll(() => problem.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 90000);
});
