// Test play is offered for the rule systems the app has an engine for (Square Eagles, Hex Skirmish and Napoleon's
// Eagles on its open table); on any
// other, F5 and the toolbar say so before anything starts, naming the systems that can be played.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testPlayableSystems } from '../../domain/rule-systems/registry.js';
import { openPage, withShell } from './harness.js';

const shell = withShell();

async function openSample(page: Page, sample: string, title: string): Promise<void> {
  await page.locator(`[data-testid="welcome"] [data-doc-path^="sample:${sample}"]`).first().click();
  await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain(title);
}

describe('test play by rule system', () => {
  it('opens test play on a Hex Skirmish scenario, with no Square Eagles optional rules to switch', async () => {
    expect(testPlayableSystems().map((s) => s.id)).toContain('hex-skirmish');
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await openSample(page, 'hx-01', 'Forager');
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    expect(await page.getByTestId('play-map').getAttribute('data-system')).toBe('hex-skirmish');
    expect(await page.locator('[data-testid^="play-option-"]').count()).toBe(0);
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-setup').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  it('opens test play on a Napoleon\'s Eagles scenario, an open table', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await openSample(page, 'ne-01', 'Plancenoit');
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    expect(await page.getByTestId('play-map').getAttribute('data-system')).toBe('napoleons-eagles');
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-setup').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 60000);

  for (const { sample, title, system } of [
    { sample: 'etg-01', title: 'Rain', system: 'Eagles to Glory' },
  ]) {
    it(`explains, on ${sample} (${system}), which systems can be played, and starts nothing`, async () => {
      const { page, errors } = await openPage(shell.browser, shell.server.url);
      await openSample(page, sample, title);

      await page.keyboard.press('F5');
      const message = page.getByTestId('message');
      await expect.poll(() => message.textContent()).toContain(`not available for ${system} scenarios`);
      for (const s of testPlayableSystems()) expect(await message.textContent()).toContain(s.title);
      expect(await page.getByTestId('play-setup').count()).toBe(0);

      // The toolbar button says the same in its tooltip, and clicking it says it again rather than opening anything.
      await page.getByTestId('cmd-test-play').hover();
      await expect.poll(() => page.getByRole('tooltip').textContent()).toContain(`not available for ${system}`);
      await page.getByTestId('cmd-test-play').click();
      expect(await page.getByTestId('play-setup').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }, 60000);
  }
});
