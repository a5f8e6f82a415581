// The frame at the two screen sizes people use most, in Chromium: a sample opens fitted to the map, no control is
// cut off or runs into another, text cut short shows whole under the pointer, disabled buttons on the dark bar stay
// legible, the Welcome screen shows whole file names, fords show at every zoom, and the panels resize and fold by
// pointer and keyboard and are remembered. Screenshots land in test-output/screenshots/ for a person to look at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { painted, root, screenshot, toScreen, withShell, zoomTo, type Point } from './harness.js';

const shell = withShell();

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

async function openAt(size: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await shell.browser.newPage({ viewport: size });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(shell.server.url);
  await page.getByTestId('welcome').waitFor();
  // The welcome draws before the host's list of samples arrives; the layout is judged once their cards are in.
  await page.getByTestId('card-file').first().waitFor();
  return { page, errors };
}

async function openSample(page: Page, prefix: string): Promise<void> {
  await page.locator(`[data-testid="welcome"] [data-doc-path^="sample:${prefix}"]`).first().click();
  await page.locator('[data-testid="map-canvas"] canvas').first().waitFor();
  await page.waitForFunction(() => !!(window as unknown as { __adcMap?: unknown }).__adcMap);
  await painted(page);
}

const tableOf = (file: string): { width: number; height: number } =>
  (JSON.parse(readFileSync(path.join(root, 'scenarios', file), 'utf8')) as { table: { width: number; height: number } }).table;

/**
 * Everything on the page that is cut off or runs together, as sentences; empty when the layout is sound. A control
 * (button, field, label, tab, separator) must lie inside every box that clips it, except along an axis that box
 * scrolls; no two controls may overlap; and text cut short must have a tooltip (a title or an aria-label on it or
 * around it) to show it whole.
 */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const name = (el: Element): string => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30) ?? '';
      return `${el.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
    };
    const skip = (el: Element): boolean => !!el.closest('[data-testid="map-canvas"], .MuiPopover-root, .MuiTooltip-popper, .MuiDialog-root');
    const shown = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.opacity !== '0' && !el.closest('[aria-hidden="true"]');
    };
    const controls = [...document.querySelectorAll('button, input:not([type="hidden"]), select, textarea, label, [role="tab"], [role="separator"], [role="combobox"]')].filter(
      (el) => !skip(el) && shown(el),
    );
    const scrolls = (o: string, scroll: number, client: number) => (o === 'auto' || o === 'scroll') && scroll > client + 1;
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // Along an axis a box scrolls, what it holds can be scrolled into view, so the boxes around it no longer matter.
      let across = true;
      let down = true;
      for (let a = el.parentElement; a && a !== document.body && (across || down); a = a.parentElement) {
        const cs = getComputedStyle(a);
        const box = a.getBoundingClientRect();
        if (across && scrolls(cs.overflowX, a.scrollWidth, a.clientWidth)) across = false;
        else if (across && cs.overflowX !== 'visible' && (r.left < box.left - 0.5 || r.right > box.right + 0.5)) {
          faults.push(`${name(el)} is cut off at the side by ${name(a)}`);
          break;
        }
        if (down && scrolls(cs.overflowY, a.scrollHeight, a.clientHeight)) down = false;
        else if (down && cs.overflowY !== 'visible' && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)) {
          faults.push(`${name(el)} is cut off above or below by ${name(a)}`);
          break;
        }
      }
    }
    // Controls side by side must not overlap (a hidden native input inside its own control is not a second control).
    const solid = controls.filter((el) => !(el instanceof HTMLInputElement && getComputedStyle(el).opacity === '0') && el.tagName !== 'LABEL');
    for (let i = 0; i < solid.length; i++) {
      for (let j = i + 1; j < solid.length; j++) {
        const a = solid[i]!;
        const b = solid[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 1 && h > 1) faults.push(`${name(a)} and ${name(b)} overlap`);
      }
    }
    for (const el of document.querySelectorAll('body *')) {
      if (skip(el) || ['INPUT', 'TEXTAREA', 'SELECT', 'svg'].includes(el.tagName) || !shown(el)) continue;
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!text || el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      if (!el.closest('[title], [aria-label]')) faults.push(`the text of ${name(el)} is cut short with no tooltip to show it whole`);
    }
    return faults;
  });
}

/** The WCAG contrast of every disabled button on the top bar against the bar, from the computed colours. */
function disabledContrasts(page: Page): Promise<{ name: string; contrast: number }[]> {
  return page.evaluate(() => {
    const rgba = (s: string): number[] => (s.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: number[]): number => {
      const l = c.slice(0, 3).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * l[0]! + 0.7152 * l[1]! + 0.0722 * l[2]!;
    };
    const bar = document.querySelector('header')!;
    const bg = rgba(getComputedStyle(bar).backgroundColor);
    return [...bar.querySelectorAll('button:disabled, button.Mui-disabled')].map((b) => {
      const fg = rgba(getComputedStyle(b).color);
      const alpha = fg[3] ?? 1;
      const seen = [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha));
      const [hi, lo] = [lum(seen), lum(bg)].sort((x, y) => y - x);
      return { name: b.textContent?.trim() ?? '', contrast: (hi! + 0.05) / (lo! + 0.05) };
    });
  });
}

describe('layout', () => {
  for (const size of SIZES) {
    const tag = `${size.width}x${size.height}`;
    it(`at ${tag}: nothing is cut off or runs together, the opened sample fills the map, disabled buttons are legible`, async () => {
      const { page, errors } = await openAt(size);
      await screenshot(page, `layout-${tag}-welcome`);
      expect(await layoutFaults(page)).toEqual([]);
      // Every sample card shows its whole file name.
      const cards = await page.getByTestId('card-file').evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? '', cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 })));
      expect(cards.length).toBeGreaterThan(10);
      for (const c of cards) expect(c, c.text).toEqual({ text: expect.stringMatching(/\.(scenario|army)\.json$/), cut: false });
      for (const d of await disabledContrasts(page)) expect(d.contrast, d.name).toBeGreaterThanOrEqual(3);

      await openSample(page, 'ne-01');
      await screenshot(page, `layout-${tag}-ne-01`);
      expect(await layoutFaults(page)).toEqual([]);
      const disabled = await disabledContrasts(page);
      expect(disabled.map((d) => d.name)).toContain('Undo');
      for (const d of disabled) expect(d.contrast, d.name).toBeGreaterThanOrEqual(3);
      // The palette fits without scrolling.
      expect(await page.getByTestId('map-palette').evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);

      // The table fits the map with a small margin: inside it, and filling it along one side.
      const table = tableOf('ne-01-plancenoit.scenario.json');
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      const [x0, y0] = await toScreen(page, [0, 0]);
      const [x1, y1] = await toScreen(page, [table.width, table.height]);
      expect(x0).toBeGreaterThan(canvas.x);
      expect(y0).toBeGreaterThan(canvas.y);
      expect(x1).toBeLessThan(canvas.x + canvas.width);
      expect(y1).toBeLessThan(canvas.y + canvas.height);
      expect(Math.min(canvas.x + canvas.width - x1, canvas.y + canvas.height - y1)).toBeLessThan(30);

      // The check itself: a view bar forced onto one line too short for it, and a name cut short without its tooltip.
      await page.getByTestId('map-viewbar').evaluate((e: HTMLElement) => Object.assign(e.style, { flexWrap: 'nowrap', overflow: 'hidden', width: '220px' }));
      await page.getByTestId('doc-title').evaluate((e: HTMLElement) => {
        e.removeAttribute('title');
        e.style.maxWidth = '60px';
      });
      const caught = await layoutFaults(page);
      expect(caught.some((f) => f.includes('cut off at the side'))).toBe(true);
      expect(caught.some((f) => f.includes('"doc-title"') && f.includes('no tooltip'))).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it('draws a ford clearly at 10%, 50% and 200%', async () => {
    const { page, errors } = await openAt(SIZES[0]);
    await openSample(page, 'se-01');
    const ford: Point = [20.25, 20.25];
    for (const percent of [10, 50, 200]) {
      const reached = await zoomTo(page, ford, percent);
      expect(Math.abs(reached - percent) / percent).toBeLessThan(0.05);
      const [x, y] = await toScreen(page, ford);
      await page.screenshot({ path: path.join(root, 'test-output', 'screenshots', `layout-ford-${percent}.png`), clip: { x: x - 160, y: y - 110, width: 320, height: 220 } });
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('resizes, folds and resets panels by pointer and keyboard, refits the map until the user zooms, and remembers the sizes', async () => {
    const { page, errors } = await openAt(SIZES[1]);
    await openSample(page, 'se-01');
    const inspector = page.getByTestId('separator-inspector');
    const width = async (id: string) => (await page.locator(`[data-panel-id="${id}"]`).boundingBox())?.width ?? 0;
    const usual = Number(await inspector.getAttribute('aria-valuenow'));
    expect(usual).toBeGreaterThan(200);
    expect(await inspector.getAttribute('aria-orientation')).toBe('vertical');

    // Keys: left widens the right-hand inspector, Enter folds and opens it.
    await inspector.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => inspector.getAttribute('aria-valuenow')).toBe(String(usual + 32));
    expect(Math.round(await width('inspector'))).toBe(usual + 32);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('fold-inspector').getAttribute('data-collapsed')).toBe('true');
    expect(await inspector.getAttribute('aria-valuenow')).toBe('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => inspector.getAttribute('aria-valuenow')).toBe(String(usual + 32));

    // The pointer: drag the outline's edge 60 pixels right.
    const outline = page.getByTestId('separator-outline');
    const before = await width('outline');
    const grip = (await outline.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + 200);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(grip.x + grip.width / 2 + i * 10, grip.y + 200);
    await page.mouse.up();
    await expect.poll(() => width('outline')).toBeCloseTo(before + 60, 0);

    // The map followed: still the whole table, fitted to the narrower map.
    const table = tableOf('se-01-hold-the-bridge.scenario.json');
    const fitted = async () => {
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      const [x1, y1] = await toScreen(page, [table.width, table.height]);
      return Math.min(canvas.x + canvas.width - x1, canvas.y + canvas.height - y1);
    };
    expect(await fitted()).toBeLessThan(30);

    // The fold button folds the problems panel to its title bar, counts still showing.
    await page.getByTestId('fold-problems').click();
    await expect.poll(() => page.getByTestId('separator-problems').getAttribute('aria-valuenow')).toBe('0');
    expect(await page.getByTestId('problem-count').isVisible()).toBe(true);
    await screenshot(page, 'layout-1920x1080-resized');
    expect(await layoutFaults(page)).toEqual([]);

    // Remembered across a reload, with the map fitted again.
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await openSample(page, 'se-01');
    await expect.poll(() => page.getByTestId('separator-inspector').getAttribute('aria-valuenow')).toBe(String(usual + 32));
    expect(await page.getByTestId('separator-problems').getAttribute('aria-valuenow')).toBe('0');
    expect(await width('outline')).toBeCloseTo(before + 60, 0);

    // A double-click puts a panel back to its usual size.
    await page.getByTestId('separator-inspector').dblclick();
    await expect.poll(() => page.getByTestId('separator-inspector').getAttribute('aria-valuenow')).toBe(String(usual));

    // A window resize refits the map until the user zooms; after that their view is left alone.
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(fitted).toBeLessThan(30);
    await page.getByTestId('zoom-in').click();
    const zoomed = await page.getByTestId('zoom-level').textContent();
    await page.setViewportSize({ width: 1500, height: 860 });
    await painted(page);
    expect(await page.getByTestId('zoom-level').textContent()).toBe(zoomed);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
