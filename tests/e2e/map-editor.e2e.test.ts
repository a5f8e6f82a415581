// The map editor end to end, in Chromium: on a blank scenario draw a wood, a river with a bridge, a town of
// building blocks and a nested hill; edit a corner; undo and redo; place two units by drag and drop; save; reload
// and reopen; and check the file on disk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAt, dragFrom, launchBrowser, openPage, painted, removeTempDirs, screenshot, startServer, tempDir, toScreen, type Point, type Server, showForces } from './harness.js';

afterAll(removeTempDirs);

let browser: Browser;
let server: Server;
let workspace: string;

beforeAll(async () => {
  browser = await launchBrowser();
  workspace = tempDir('adc-map-ws-');
  server = await startServer({ workspace, dataDir: tempDir('adc-map-data-') });
}, 60000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const tool = (page: Page, id: string) => page.locator(`[data-tool="${id}"]`).click();
const activeTool = (page: Page) => page.getByTestId('map-editor').getAttribute('data-active-tool');
const undoEnabled = (page: Page) => page.getByTestId('cmd-undo').isEnabled();
/** What the Redo button would redo, from its tooltip (MUI puts the title on the button's wrapper). */
const redoLabel = (page: Page) => page.getByTestId('cmd-redo').locator('..').getAttribute('aria-label');

describe('map editor', () => {
  it('draws a battlefield, edits it, places units by drag and drop, and saves what was drawn', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.getByTestId('cmd-new').click();
    await page.getByTestId('new-blank-scenario').click();
    await page.getByTestId('map-editor').waitFor();
    await page.locator('[data-testid="map-canvas"] canvas').first().waitFor();
    expect(await undoEnabled(page)).toBe(false);

    // A wood, corner by corner; a double-click closes it.
    await tool(page, 'woods-polygon');
    expect(await activeTool(page)).toBe('woods-polygon');
    for (const p of [[3, 3], [12, 3], [13, 10]] as Point[]) await clickAt(page, p);
    const [wx, wy] = await toScreen(page, [4, 11]);
    await page.mouse.dblclick(wx, wy);
    await expect.poll(() => page.locator('[data-testid="outline"] [data-pointer="/terrain/0"]').textContent()).toContain('woods');

    // A river across the table, ended with Enter; a bridge dropped near it lands on it.
    await tool(page, 'river');
    for (const p of [[0, 20], [12, 18], [24, 22]] as Point[]) await clickAt(page, p);
    await clickAt(page, [36, 19]);
    await page.keyboard.press('Enter');
    await tool(page, 'bridge');
    await clickAt(page, [12.6, 17.2]);
    await expect.poll(() => page.locator('[data-testid="outline"] [data-pointer="/terrain/2"]').textContent()).toContain('bridge');

    // A town as a rectangle, and building blocks laid inside it: two by dragging, one by a click.
    await page.locator('[data-kind="town"]').click();
    await page.locator('[data-shape="rect"]').click();
    expect(await activeTool(page)).toBe('town-rect');
    await dragFrom(page, [20, 4], [32, 12]);
    await tool(page, 'block');
    await dragFrom(page, [22, 6], [26, 6]);
    await clickAt(page, [22, 10]);
    await expect.poll(() => page.locator('[data-testid="outline"] [data-pointer="/terrain/6"]').count()).toBe(1);

    // A hill as an ellipse, and a smaller one drawn inside it: the inner one is the next level up.
    await page.locator('[data-kind="hill"]').click();
    await page.locator('[data-shape="ellipse"]').click();
    await dragFrom(page, [3, 25], [17, 35]);
    await dragFrom(page, [7, 28], [13, 32]);
    await expect.poll(() => page.locator('[data-testid="outline"] [data-pointer="/terrain/8"]').count()).toBe(1);
    await screenshot(page, 'map-01-drawn');

    // Edit a corner of the wood: double-click it for its handles, drag one.
    await tool(page, 'select');
    const [ix, iy] = await toScreen(page, [8, 6]);
    await page.mouse.dblclick(ix, iy);
    await painted(page);
    await screenshot(page, 'map-02-vertex-handles');
    await dragFrom(page, [12, 3], [15, 1]);
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('Feature');
    await screenshot(page, 'map-03-vertex-moved');

    // The whole drag is one step: undo puts the corner back, redo moves it again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => redoLabel(page)).toBe('Redo Move point (Ctrl+Shift+Z)');
    await page.keyboard.press('Control+z');
    await expect.poll(() => redoLabel(page)).toBe('Redo Add hill (Ctrl+Shift+Z)');
    await page.keyboard.press('Control+Shift+Z');
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => page.getByTestId('cmd-redo').isEnabled()).toBe(false);

    // Two units, one a side, added in Forces and then dragged from the map's unit list onto the table.
    await showForces(page);
    for (const [army, name] of [['red-army', '1er Ligne'], ['blue-army', '95th Rifles']]) {
      await page.locator(`[data-testid="forces-tree"] [data-node-id="${army}"]`).click();
      await page.getByTestId('new-unit-name').fill(name!);
      await page.getByTestId('new-unit-name').press('Enter');
    }
    await page.getByTestId('tab-map').click();
    const canvas = page.getByTestId('map-canvas');
    await page.locator('[data-unit-pointer="/sides/0/army/units/0"]').waitFor();
    for (const [pointer, at] of [['/sides/0/army/units/0', [33, 15]], ['/sides/1/army/units/0', [27, 33]]] as [string, Point][]) {
      const box = (await canvas.boundingBox())!;
      const [x, y] = await toScreen(page, at);
      await page.locator(`[data-unit-pointer="${pointer}"]`).dragTo(canvas, { targetPosition: { x: x - box.x, y: y - box.y } });
      await expect.poll(() => page.locator(`[data-unit-pointer="${pointer}"]`).getAttribute('data-placed')).toBe('true');
    }
    await screenshot(page, 'map-04-units-placed');

    // Save as, reload the page, open the file again.
    await page.getByTestId('cmd-save-as').click();
    await page.getByTestId('save-as-name').fill('drawn.scenario.json');
    await page.getByTestId('save-as-confirm').click();
    await page.getByTestId('message').filter({ hasText: 'Saved drawn.scenario.json' }).waitFor();
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await page.locator('[data-testid="welcome"] [data-doc-path="drawn.scenario.json"]').first().click();
    await page.getByTestId('map-editor').waitFor();
    await expect.poll(() => page.locator('[data-testid="outline"] [data-pointer="/terrain/8"]').count()).toBe(1);
    await painted(page);
    await screenshot(page, 'map-05-reopened');
    // What a gridded rules engine will make of the cells.
    await page.getByTestId('toggle-engine').click();
    await expect.poll(() => page.getByTestId('toggle-engine').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(5, 5);
    await painted(page);
    await screenshot(page, 'map-06-engine-view');

    const doc = JSON.parse(readFileSync(path.join(workspace, 'drawn.scenario.json'), 'utf8'));
    const kinds = doc.terrain.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(['woods', 'river', 'bridge', 'town', 'building-block', 'building-block', 'building-block', 'hill', 'hill']);
    const [wood, river, bridge, town, ...rest] = doc.terrain;
    expect(wood.polygon).toEqual([[3, 3], [15, 1], [13, 10], [4, 11]]);
    expect(wood.density).toBe('light');
    expect(river.path).toEqual([[0, 20], [12, 18], [24, 22], [36, 19]]);
    expect(bridge.river).toBe(river.id);
    // On the river: within its half-width of the line.
    expect(Math.abs(bridge.at[1] - (20 - (bridge.at[0] / 12) * 2))).toBeLessThan(0.5);
    expect(town.polygon).toEqual([[20, 4], [32, 4], [32, 12], [20, 12]]);
    const blocks = rest.slice(0, 3);
    expect(blocks.map((b: { at: Point }) => b.at)).toEqual([[20, 4], [24, 4], [20, 8]]);
    for (const b of blocks) {
      expect(b.town).toBe(town.id);
      expect(b.size).toBe(4);
    }
    expect(town.blocks).toEqual(blocks.map((b: { id: string }) => b.id));
    const [outer, inner] = rest.slice(3);
    expect([outer.level, inner.level]).toEqual([1, 2]);
    expect(outer.polygon.length).toBeGreaterThanOrEqual(12);
    const [red, blue] = [doc.sides[0].army.units[0], doc.sides[1].army.units[0]];
    expect(red.setup).toEqual({ cell: 'F3', facing: 180 });
    expect(blue.setup).toEqual({ cell: 'E6', facing: 0 });
    expect(new Set(doc.terrain.map((f: { id: string }) => f.id)).size).toBe(9);
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
