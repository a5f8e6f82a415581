// Closing test play part way through a game or a balance report asks first; Escape is the same as Close. Keep
// playing changes nothing, closing keeps the game for the next test play to resume, and discarding drops it.
import { describe, expect, it } from 'vitest';
import { openPage, runBalanceReport, withShell } from './harness.js';

const shell = withShell();

describe('closing test play', () => {
  it('asks before a game part played is closed, keeps it for F5 to resume, or discards it', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');
    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-setup').waitFor();
    // Nothing under way yet: Close closes at once.
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-status').waitFor();
    const ply = async () => Number(await page.getByTestId('play-status').getAttribute('data-ply'));
    for (let i = 0; i < 3; i++) {
      const before = await ply();
      await page.getByTestId('play-step').click();
      await expect.poll(ply, { timeout: 10000 }).toBe(before + 1);
    }
    const played = await ply();

    // Close asks; Keep playing leaves the game where it was.
    await page.getByTestId('play-close').click();
    await expect.poll(() => page.getByTestId('play-close-ask').textContent()).toContain(`after action ${played}`);
    await page.getByTestId('play-close-cancel').click();
    await page.getByTestId('play-close-ask').waitFor({ state: 'detached' });
    expect(await ply()).toBe(played);
    // Escape asks the same question.
    await page.keyboard.press('Escape');
    await page.getByTestId('play-close-ask').waitFor();
    await page.getByTestId('play-close-cancel').click();
    await page.getByTestId('play-close-ask').waitFor({ state: 'detached' });
    expect(await ply()).toBe(played);
    await page.getByTestId('play-step').click();
    await expect.poll(ply, { timeout: 10000 }).toBe(played + 1);

    // Closed and kept: F5 opens test play again, offering the game to resume at the action it was closed at.
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-close-keep').click();
    await page.getByTestId('play-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('F5');
    await page.getByTestId('play-setup').waitFor();
    await expect.poll(() => page.getByTestId('play-resume').textContent()).toContain(`after action ${played + 1}`);
    await page.getByTestId('play-resume').click();
    await page.getByTestId('play-status').waitFor();
    expect(await ply()).toBe(played + 1);

    // Closed and discarded: the next test play starts from a fresh set-up with nothing to resume.
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-close-discard').click();
    await page.getByTestId('play-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('cmd-test-play').click();
    await page.getByTestId('play-setup').waitFor();
    expect(await page.getByTestId('play-resume').count()).toBe(0);
    await page.getByTestId('play-close').click();
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);

  it('asks before a running balance report is stopped by closing', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toContain('Hold the Bridge');
    await page.getByTestId('cmd-test-play').click();
    await runBalanceReport(page, 100000);
    await page.getByTestId('balance-progress').waitFor();
    await page.getByTestId('play-close').click();
    await expect.poll(() => page.getByTestId('play-close-ask').textContent()).toContain('balance report');
    await page.getByTestId('play-close-cancel').click();
    await page.getByTestId('play-close-ask').waitFor({ state: 'detached' });
    expect(await page.getByTestId('balance-progress').count()).toBe(1);
    await page.getByTestId('play-close').click();
    await page.getByTestId('play-close-discard').click();
    await page.getByTestId('play-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
