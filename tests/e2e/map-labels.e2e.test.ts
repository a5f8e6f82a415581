// The map's names in Chromium: a name the map has no room to write whole (here a general's, crowded by the road, the
// bridge and the units round him at the fitted zoom) shows in full in a tooltip while the pointer rests on it, and the
// tooltip goes when it moves off. A feature dragged across the map: while it is lifted, the static layer's bitmap,
// drawn again only where the feature was, is what a whole re-cache would draw; once dropped, it is exactly that, and
// a click where the feature now lies selects it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, painted, root, screenshot, withShell } from './harness.js';

const shell = withShell();

type Point = [number, number];

const toScreen = (page: Page, p: Point): Promise<Point> =>
  page.evaluate((q) => (window as unknown as { __adcMap: { toScreen(p: [number, number]): [number, number] } }).__adcMap.toScreen(q), p);

describe('map labels', () => {
  it('shows a name the map could not write whole when the pointer rests on it', async () => {
    const sample = JSON.parse(readFileSync(path.join(root, 'scenarios/ne-01-plancenoit.scenario.json'), 'utf8')) as {
      sides: { army: { leader?: { name: string; setup?: { at?: Point } } } }[];
    };
    const bulow = sample.sides.map((s) => s.army.leader).find((l) => l?.name === 'Gen. von Bülow');
    expect(bulow?.setup?.at).toBeDefined();

    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await page.locator('[data-testid="map-canvas"] canvas').first().waitFor();
    await page.waitForFunction(() => !!(window as unknown as { __adcMap?: unknown }).__adcMap);
    await painted(page);

    const tip = page.getByTestId('map-label-tip');
    const [x, y] = await toScreen(page, bulow!.setup!.at!);
    await page.mouse.move(x - 20, y - 20);
    await page.mouse.move(x, y);
    await expect.poll(() => tip.textContent()).toBe('Gen. von Bülow');
    expect(await tip.isVisible()).toBe(true);
    await screenshot(page, 'map-labels-hover');

    // Off every name, on the open cloth of the table's north-west corner, there is nothing to show.
    const [cx, cy] = await toScreen(page, [1, 1]);
    await page.mouse.move(cx, cy);
    await expect.poll(() => tip.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('keeps the static bitmap true to a whole re-cache while a feature is dragged and after it is dropped', async () => {
    const { page, errors } = await openPage(shell.browser, shell.server.url);
    await page.locator('[data-testid="welcome"] [data-doc-path^="sample:ne-01"]').first().click();
    await page.locator('[data-testid="map-canvas"] canvas').first().waitFor();
    await page.waitForFunction(() => !!(window as unknown as { __adcMap?: unknown }).__adcMap);
    await painted(page);
    const bitmap = () => page.evaluate(() => (window as unknown as { __adcStaticBitmap(): { pixels: number; worst: number } | null }).__adcStaticBitmap());
    // The first map's slices (its hit canvas) finish, and nothing else is drawing: polled, as a loaded machine takes
    // longer over the slices.
    await expect.poll(() => bitmap()).toEqual({ pixels: 0, worst: 0 });

    // The Chantelet copse (a wood at 26–33″ across, 35–43″ down), pressed in its middle and carried 10″ east.
    const [x0, y0] = await toScreen(page, [29.5, 39]);
    const [x1] = await toScreen(page, [39.5, 39]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 10, y0);
    await painted(page);
    // The wood's place was drawn again in parts: against a whole re-cache, a few levels of rounding at most (measured:
    // 4 of 255, in about 200 pixels), where the canvas rasterises a part on a small canvas a little otherwise. A box
    // left out would differ by far more: the wood's green and its name, 100 levels and over.
    await expect.poll(async () => (await bitmap())?.worst ?? Infinity).toBeLessThanOrEqual(8);
    await screenshot(page, 'map-drag-lifted');
    await page.mouse.up();
    // The drop's names are laid out and the layer drawn again in slices, over a few frames.
    await expect.poll(() => bitmap()).toEqual({ pixels: 0, worst: 0 });
    await painted(page);
    await screenshot(page, 'map-drag-dropped');

    // Hit testing follows the drop: a click on the cloth selects nothing, one where the wood now lies selects it.
    const row = page.locator('[data-testid="outline"] [data-pointer="/terrain/14"]');
    const [ex, ey] = await toScreen(page, [2, 46]);
    await page.mouse.click(ex, ey);
    await expect.poll(() => row.getAttribute('class')).not.toContain('Mui-selected');
    await page.mouse.click(x1, y0);
    await expect.poll(() => row.getAttribute('class')).toContain('Mui-selected');
    expect(errors).toEqual([]);
  });
});
