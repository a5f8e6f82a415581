// The map's names in Chromium: a name the map has no room to write whole (here a general's, crowded by the road, the
// bridge and the units round him at the fitted zoom) shows in full in a tooltip while the pointer rests on it, and the
// tooltip goes when it moves off.
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
});
