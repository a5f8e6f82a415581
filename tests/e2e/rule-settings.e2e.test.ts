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
  // A field's help may be showing too, for the field just typed in.
  const tip = page.getByRole('tooltip').filter({ hasText: /^(Undo|Nothing to undo)/ });
  await tip.waitFor();
  const text = await tip.textContent();
  await page.mouse.move(5, 5);
  await tip.waitFor({ state: 'detached' });
  return text;
}

/** ne-01 on a fresh page. An earlier test leaves unsaved work behind, and its recovery offer is not what these
 *  tests are about. */
async function openSample() {
  const r = await openPage(shell.browser, shell.server.url);
  await r.page.setViewportSize({ width: 1440, height: 900 });
  await r.page.getByTestId('welcome').waitFor();
  const discard = r.page.getByTestId('recovery-discard');
  if (await discard.first().waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    while ((await discard.count()) > 0) await discard.first().click();
  }
  await r.page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
  await expect.poll(() => r.page.getByTestId('doc-title').textContent()).toContain('Plancenoit');
  return r;
}

describe('rule settings in the inspector', () => {
  it("sets turn points and a leader's command radius, undoes one, and flags turn points past the bound", async () => {
    const { page, errors } = await openSample();

    // The scenario is what the inspector shows first; its settings come from the Napoleon's Eagles catalogue.
    // They have a section of the scenario's inspector to themselves.
    await page.getByTestId('section-settings').click();
    const settings = page.getByTestId('rule-settings');
    await settings.waitFor();
    expect(await page.getByTestId('section-settings').textContent()).toContain('Rule settings');
    expect(await settings.textContent()).toContain("Napoleon's Eagles");
    expect(await settings.locator('[data-setting]').count()).toBe(18);
    expect(await input(page, TURN_POINTS_FRENCH).getAttribute('placeholder')).toBe('20 (default)');
    expect(await input(page, TURN_POINTS_FRENCH).inputValue()).toBe('20');
    expect(await settings.locator('[data-setting="turnPoints"] > legend').textContent()).toBe('Turn points per game turn');
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

  it("shows Napoleon's Eagles markers for their arms and the terrain facts, a bad date, and another system's settings", async () => {
    const { page, errors } = await openSample();
    const pick = (pointer: string) => page.locator(`[data-testid="outline"] [data-pointer="${pointer}"]`).click();

    // A Young Guard battalion has the Guard marker and organic skirmishers, not the battery's.
    const tirailleurs = '/sides/1/army/formations/0/formations/0/units/0';
    await pick(tirailleurs);
    await expect.poll(() => inspector(page).textContent()).toContain('Unit: I./1er Tirailleurs');
    expect(await input(page, `${tirailleurs}/ratings/napoleons-eagles/guard`).inputValue()).toBe('young');
    expect(await input(page, `${tirailleurs}/ratings/napoleons-eagles/skirmishers`).getAttribute('placeholder')).toBe('0 (none)');
    expect(await input(page, `${tirailleurs}/ratings/napoleons-eagles/guardBattery`).count()).toBe(0);
    await painted(page);
    await screenshot(page, 'rule-settings-04-guard-unit');

    // The Guard battery: the battery markers, no Guard.
    const battery = '/sides/1/army/formations/0/units/0';
    await pick(battery);
    await expect.poll(() => inspector(page).textContent()).toContain('Unit: Young Guard foot battery');
    expect(await input(page, `${battery}/ratings/napoleons-eagles/guardBattery`).isChecked()).toBe(true);
    expect(await input(page, `${battery}/ratings/napoleons-eagles/regimental`).isChecked()).toBe(false);
    expect(await input(page, `${battery}/ratings/napoleons-eagles/guard`).count()).toBe(0);

    // The ford says how it is crossed; the church's north side is walled, and the east is ticked too.
    await pick('/terrain/10');
    await expect.poll(() => inspector(page).textContent()).toContain('Feature: Cattle ford');
    expect(await input(page, '/terrain/10/crossingActions').inputValue()).toBe('1');
    expect(await input(page, '/terrain/10/disorders').inputValue()).toBe('true');
    await pick('/terrain/2');
    await expect.poll(() => inspector(page).textContent()).toContain('Feature: Church of Saint-Étienne');
    const side = (edge: string) => inspector(page).locator(`input[data-edge="${edge}"]`);
    expect(await side('north').isChecked()).toBe(true);
    await side('east').check();
    await expect.poll(() => undoLabel(page)).toContain('Undo Edit fortified sides');
    await painted(page);
    await screenshot(page, 'rule-settings-05-fortified-sides');

    // A date that is no day is said at the field as it is typed.
    await page.locator('[data-testid="outline"] [data-pointer=""]').click();
    await input(page, '/date').fill('1815-02-30');
    await expect.poll(() => inspector(page).textContent()).toContain('month 2 of 1815 has 28 days');

    // Played with other rules, the Napoleon's Eagles settings stay in the file, read-only, until removed.
    await inspector(page).getByRole('combobox', { name: 'Rule system' }).click();
    await page.getByRole('option', { name: 'Square Eagles' }).click();
    await page.getByTestId('rule-system-apply').click();
    await page.getByTestId('section-settings').click();
    const other = page.locator('[data-testid="other-settings"][data-system="napoleons-eagles"]');
    await other.waitFor();
    expect(await other.textContent()).toContain('Leader initiative numbers: on');
    expect(await page.getByTestId('rule-settings').textContent()).toContain('Square Eagles');
    await other.scrollIntoViewIfNeeded();
    await painted(page);
    await screenshot(page, 'rule-settings-06-other-system');
    await other.getByTestId('remove-other-settings').click();
    await expect.poll(() => other.count()).toBe(0);
    await expect.poll(() => undoLabel(page)).toContain("Undo Remove Napoleon's Eagles settings");
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);
});
