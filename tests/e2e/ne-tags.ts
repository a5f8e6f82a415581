// Checks, in the browser, that the words of every tag and marker chip on the Napoleon's Eagles table fit their box:
// each word is measured afresh with a canvas at the size it shows on screen (the zoom included), not with the
// measure the map drew it by, and compared with the box drawn round it. A tag whose words spill past its edge (the
// "Fire ×2" tag once did, its text measured at a fraction of a pixel) fails here.
import type { Page } from 'playwright-core';
import { painted } from './harness.js';

export interface TagFit {
  text: string;
  /** The words' width on screen, padding included, and the box's. */
  needs: number;
  box: number;
  /** Pixels the words paint outside the box. */
  spill: number;
}

/**
 * Every tag ('ne-tag') and chip ('ne-chip') on the map: its words' width on screen against its box's, and how many
 * pixels its words paint outside the box. The words are measured afresh with a canvas at the size they show (the
 * zoom included); the paint is found by drawing the layer with the words hidden and again with them shown, and
 * counting the pixels that change outside the box: words sized in inches are spaced by the browser at their tiny
 * size, so they can spill while every measure says they fit.
 */
export async function tagFits(page: Page): Promise<TagFit[]> {
  await painted(page);
  return page.evaluate(() => {
    interface N {
      className: string;
      getChildren(): N[];
      getClientRect(): { x: number; y: number; width: number; height: number };
      getLayer(): { getCanvas(): { _canvas: HTMLCanvasElement; getPixelRatio(): number }; draw(): void };
      isVisible(): boolean;
      visible(v?: boolean): boolean;
      text(): string;
      fontSize(): number;
      fontStyle(): string;
      fontFamily(): string;
      padding(): number;
      getAbsoluteScale(): { x: number };
    }
    const K = (window as unknown as { Konva: { stages: { find(sel: string): N[] }[] } }).Konva;
    const ctx = document.createElement('canvas').getContext('2d')!;
    const out: { text: string; needs: number; box: number; spill: number }[] = [];
    for (const stage of K.stages) {
      for (const node of [...stage.find('.ne-tag'), ...stage.find('.ne-chip')]) {
        const kids = node.getChildren();
        const t = kids.find((c) => c.className === 'Text');
        const box = kids.find((c) => c.className === 'Tag' || c.className === 'Rect');
        if (!t || !box || !t.isVisible()) continue;
        const scale = t.getAbsoluteScale().x;
        ctx.font = `${t.fontStyle() === 'bold' ? 'bold ' : ''}${t.fontSize() * scale}px ${t.fontFamily()}`;
        const words = Math.max(...t.text().split('\n').map((l) => ctx.measureText(l).width));
        const r = box.getClientRect();
        const layer = t.getLayer();
        const canvas = layer.getCanvas();
        const pr = canvas.getPixelRatio();
        const c2 = canvas._canvas.getContext('2d')!;
        // The box and 40 pixels round it, in the canvas's own pixels.
        const x0 = Math.max(0, Math.floor((r.x - 40) * pr));
        const y0 = Math.max(0, Math.floor((r.y - 4) * pr));
        const w = Math.min(canvas._canvas.width - x0, Math.ceil((r.width + 80) * pr));
        const h = Math.min(canvas._canvas.height - y0, Math.ceil((r.height + 8) * pr));
        let spill = 0;
        if (w > 0 && h > 0) {
          t.visible(false);
          layer.draw();
          const without = c2.getImageData(x0, y0, w, h).data;
          t.visible(true);
          layer.draw();
          const shown = c2.getImageData(x0, y0, w, h).data;
          for (let py = 0; py < h; py++) {
            for (let px = 0; px < w; px++) {
              const sx = (x0 + px) / pr;
              const sy = (y0 + py) / pr;
              // A pixel's slack round the box's edge: antialiasing.
              if (sx >= r.x - 1 && sx <= r.x + r.width + 1 && sy >= r.y - 1 && sy <= r.y + r.height + 1) continue;
              const i = (py * w + px) * 4;
              if (Math.abs(without[i]! - shown[i]!) + Math.abs(without[i + 1]! - shown[i + 1]!) + Math.abs(without[i + 2]! - shown[i + 2]!) + Math.abs(without[i + 3]! - shown[i + 3]!) > 60) spill++;
            }
          }
        }
        out.push({ text: t.text(), needs: words + 2 * t.padding() * scale, box: r.width, spill });
      }
    }
    return out;
  });
}

/** Tags whose words are wider than their box (half a pixel of slack for rounding) or paint outside it. */
export async function overflowingTags(page: Page): Promise<TagFit[]> {
  return (await tagFits(page)).filter((f) => f.needs > f.box + 0.5 || f.spill > 0);
}
