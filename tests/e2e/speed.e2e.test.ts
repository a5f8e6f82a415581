// Guards against the app getting several times slower where the speed work made it fast: the start-up of a
// scenario's map, wheel zoom with its re-rasterising once the zoom settles, and the balance report spread over a
// worker process per core, with progress and a prompt cancel. Only a hang or a many-fold regression fails these
// bounds; the figures themselves are the bench's (tests/bench/app.ts, frames.ts).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childProcesses, openPage, painted, runBalanceReport, screenshot, withShell } from './harness.js';

const shell = withShell();

describe('speed, within generous bounds', () => {
  it('opens se-01 to an interactive map without loading test play or the print preview, and zooms by wheel without a long stall', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await page.waitForFunction(() => performance.getEntriesByName('adc:map-interactive').length > 0, undefined, { timeout: 30000 });
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(loaded.some((n) => /PlayDialog|PrintPreview|ForcesView/.test(n))).toBe(false);

    await page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    const box = (await page.getByTestId('map-area').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await page.getByTestId('zoom-level').textContent();
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(20);
    }
    await painted(page);
    // During the gesture the bitmap cached at the old zoom is drawn scaled; once it settles it is drawn again sharp.
    await screenshot(page, 'speed-01-zoom-during');
    expect(await page.getByTestId('zoom-level').textContent()).not.toBe(before);
    await page.waitForTimeout(800);
    await painted(page);
    await screenshot(page, 'speed-02-zoom-settled');
    const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
    expect(longest).toBeLessThan(2000);
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);

  it('plays a 10,000-game balance report on a worker per core, with its rate and time left, and cancels at once', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:se-01"]').first().click();
    await page.getByTestId('doc-title').waitFor();
    await page.getByTestId('cmd-test-play').click();
    await runBalanceReport(page, 10000);
    const progress = page.getByTestId('balance-progress');
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 60000 }).toMatch(/^[\d,]+ of 10,000 games · [\d,]+ games\/s · about .+ left$/);
    const workers = Math.min(availableParallelism(), 10000);
    await expect.poll(() => childProcesses(shell.server.process.pid!, path.join('node', 'simulate-worker')).length, { timeout: 30000 }).toBe(workers);
    await screenshot(page, 'speed-03-balance-progress');
    // Nothing on the page animates while the workers play: a bar easing between counts kept the compositor painting
    // without rest, and the batch ran at a third of its speed beside it.
    expect(await page.evaluate(() => document.getAnimations().map((a) => String((a.effect as KeyframeEffect | null)?.target?.className ?? '?')))).toEqual([]);

    const t0 = Date.now();
    await page.getByTestId('balance-cancel').click();
    await expect.poll(() => page.getByTestId('balance-note').textContent(), { timeout: 15000 }).toMatch(/cancelled after [\d,]+ of 10000 games\. A batch cut short is not reported/);
    expect(Date.now() - t0).toBeLessThan(15000);
    expect(childProcesses(shell.server.process.pid!, 'simulate-worker')).toEqual([]);
    expect(await page.getByTestId('balance-result').count()).toBe(0);
    expect(await page.getByTestId('balance-run').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);
});
