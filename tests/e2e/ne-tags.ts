// Checks, in the browser, that the words of every tag and marker chip on the Napoleon's Eagles table fit their box:
// each word is measured afresh with a canvas at the size it shows on screen (the zoom included), not with the
// measure the map drew it by, and compared with the box drawn round it. A tag whose words spill past its edge (the
// "Fire ×2" tag once did, its text measured at a fraction of a pixel) fails here.
import type { Page } from 'playwright-core';
import { painted, toScreen, type Point } from './harness.js';

export interface TagFit {
  text: string;
  /** The words' width on screen, padding included, and the box's. */
  needs: number;
  box: number;
}

interface KText {
  className: string;
  text(): string;
  fontSize(): number;
  fontStyle(): string;
  fontFamily(): string;
  padding(): number;
  getAbsoluteScale(): { x: number };
  isVisible(): boolean;
}
interface KNode {
  getChildren(): KNode[];
  className: string;
  getClientRect(): { width: number };
}

/** Every tag ('ne-tag') and chip ('ne-chip') on the map, its words' width on screen against its box's. */
export async function tagFits(page: Page): Promise<TagFit[]> {
  await painted(page);
  return page.evaluate(() => {
    const K = (window as unknown as { Konva: { stages: { find(sel: string): unknown[] }[] } }).Konva;
    const ctx = document.createElement('canvas').getContext('2d')!;
    const out: { text: string; needs: number; box: number }[] = [];
    for (const stage of K.stages) {
      for (const node of [...stage.find('.ne-tag'), ...stage.find('.ne-chip')] as KNode[]) {
        const kids = node.getChildren();
        const t = kids.find((c) => c.className === 'Text') as unknown as KText | undefined;
        const box = kids.find((c) => c.className === 'Tag' || c.className === 'Rect');
        if (!t || !box || !t.isVisible()) continue;
        const scale = t.getAbsoluteScale().x;
        ctx.font = `${t.fontStyle() === 'bold' ? 'bold ' : ''}${t.fontSize() * scale}px ${t.fontFamily()}`;
        const lines = t.text().split('\n');
        const words = Math.max(...lines.map((l) => ctx.measureText(l).width));
        out.push({ text: t.text(), needs: words + 2 * t.padding() * scale, box: box.getClientRect().width });
      }
    }
    return out;
  });
}

/** Tags whose words are wider than their box (half a pixel of slack for rounding). */
export async function overflowingTags(page: Page): Promise<TagFit[]> {
  return (await tagFits(page)).filter((f) => f.needs > f.box + 0.5);
}

/** Zooms the map about a table point by wheel turns until the zoom reads `percent` (or as near as it goes). */
export async function zoomTo(page: Page, at: Point, percent: number): Promise<number> {
  const read = async () => Number((await page.getByTestId('zoom-level').textContent())?.replace('%', ''));
  for (let i = 0; i < 40; i++) {
    const now = await read();
    if (Math.abs(now - percent) / percent < 0.04) break;
    const [x, y] = await toScreen(page, at);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, Math.max(-300, Math.min(300, -Math.log(percent / now) / 0.0015)));
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  await painted(page);
  return read();
}
