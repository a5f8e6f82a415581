import { describe, expect, it } from 'vitest';
import { fordLook } from './look.js';
import { PRINT_STYLE, SCREEN_STYLE } from './styles.js';

/** WCAG relative luminance of a #rrggbb or rgba() colour, any transparency laid over `under`. */
function luminance(color: string, under: [number, number, number] = [255, 255, 255]): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const rgba = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(color);
  const channels = hex ? hex.slice(1, 4).map((h) => parseInt(h, 16)) : rgba!.slice(1, 4).map(Number);
  const alpha = rgba?.[4] !== undefined ? Number(rgba[4]) : 1;
  const lin = channels.map((c, i) => {
    const v = (c * alpha + under[i]! * (1 - alpha)) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('the look of a ford', () => {
  it('is never smaller on screen than the style allows, and keeps its true size when that is larger', () => {
    // Zoomed far out: a 3.6″ × 1.8″ ford at 4 pixels to the inch would be a speck of 14 × 7 pixels.
    const far = fordLook(3.6, 1.8, 1 / 4, SCREEN_STYLE);
    expect(far.rx * 2 * 4).toBeGreaterThanOrEqual(SCREEN_STYLE.ford.minPx);
    expect(far.ry * 2 * 4).toBeGreaterThanOrEqual(SCREEN_STYLE.ford.minPx / 2);
    const near = fordLook(3.6, 1.8, 1 / 192, SCREEN_STYLE);
    expect([near.rx, near.ry]).toEqual([1.8, 0.9]);
  });

  it('carries at least three stepping stones, each at least a visible dot, and all inside the ford', () => {
    for (const onePx of [1 / 4, 1 / 9.6, 1 / 48, 1 / 192]) {
      const look = fordLook(3.6, 1.8, onePx, SCREEN_STYLE);
      expect(look.stones.at.length).toBeGreaterThanOrEqual(3);
      expect(look.stones.r / onePx).toBeGreaterThanOrEqual(SCREEN_STYLE.ford.stonePx);
      for (const [x, y] of look.stones.at) expect((x / look.rx) ** 2 + (y / look.ry) ** 2).toBeLessThan(1);
    }
  });

  it('stands out from the water it crosses and its edge from the cloth, on screen and on paper', () => {
    for (const style of [SCREEN_STYLE, PRINT_STYLE]) {
      const river = rgb(style.river.fill);
      // A step of grey apart from the river, so the bar shows on a black-and-white print too.
      expect(contrast(luminance(style.ford.fill, river), luminance(style.river.fill))).toBeGreaterThanOrEqual(1.3);
      expect(contrast(luminance(style.ford.stroke), luminance(style.cloth.fill))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(luminance(style.ford.stone), luminance(style.ford.fill, river))).toBeGreaterThanOrEqual(3);
    }
  });
});
