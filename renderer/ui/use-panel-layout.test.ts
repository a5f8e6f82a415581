import { describe, expect, it } from 'vitest';
import { KEY_STEP_PX, keyedPanel, panelFolded, panelLimits, panelSize } from './use-panel-layout.js';

const small = { width: 1280, height: 720 };
const large = { width: 1920, height: 1080 };
const usual = { size: null, collapsed: null };

describe('panel layout', () => {
  it('gives the map the room by default: side panels grow with the window only up to a cap', () => {
    const total = (v: typeof small) => panelSize('outline', usual, v) + panelSize('inspector', usual, v) + panelSize('units', usual, v);
    expect(total(small)).toBeLessThanOrEqual(small.width * 0.5);
    expect(total(large)).toBeLessThanOrEqual(large.width * 0.45);
    expect(panelSize('inspector', usual, large)).toBeGreaterThan(panelSize('inspector', usual, small));
    // A small window starts with the outline folded; one a little wider shows it.
    expect(panelFolded('outline', usual, small)).toBe(true);
    expect(panelFolded('outline', usual, { width: 1400, height: 900 })).toBe(false);
    expect(panelFolded('inspector', usual, small)).toBe(false);
  });

  it('keeps a size the user chose within what the window allows, and a fold the user chose whatever the window', () => {
    expect(panelSize('outline', { size: 300, collapsed: false }, large)).toBe(300);
    expect(panelSize('outline', { size: 5000, collapsed: false }, small)).toBe(panelLimits('outline', small).max);
    expect(panelSize('inspector', { size: 10, collapsed: false }, small)).toBe(panelLimits('inspector', small).min);
    expect(panelFolded('outline', { size: null, collapsed: false }, small)).toBe(false);
    expect(panelFolded('inspector', { size: null, collapsed: true }, large)).toBe(true);
  });

  it('moves a separator with the arrow keys the way the arrow points, whichever side its panel is on', () => {
    const open = { size: 300, collapsed: false };
    // The outline is left of its separator: right widens it. The inspector is right of its separator: left widens it.
    expect(keyedPanel('outline', open, large, 'ArrowRight', false)).toEqual({ size: 300 + KEY_STEP_PX, collapsed: false });
    expect(keyedPanel('inspector', open, large, 'ArrowLeft', false)).toEqual({ size: 300 + KEY_STEP_PX, collapsed: false });
    expect(keyedPanel('inspector', open, large, 'ArrowRight', true)).toEqual({ size: 300 - 4 * KEY_STEP_PX, collapsed: false });
    // The problems panel is below its separator: up makes it taller. Left and right leave it alone.
    expect(keyedPanel('problems', { size: 120, collapsed: false }, large, 'ArrowUp', false)).toEqual({ size: 120 + KEY_STEP_PX, collapsed: false });
    expect(keyedPanel('problems', open, large, 'ArrowLeft', false)).toBeNull();
    expect(keyedPanel('outline', open, large, 'a', false)).toBeNull();
  });

  it('folds a panel stepped below its smallest size, opens it again by stepping back, and folds or opens it on Enter', () => {
    const { min, max } = panelLimits('outline', large);
    expect(keyedPanel('outline', { size: min, collapsed: false }, large, 'ArrowLeft', false)).toEqual({ size: min, collapsed: true });
    expect(keyedPanel('outline', { size: 250, collapsed: true }, large, 'ArrowRight', false)).toEqual({ size: min, collapsed: false });
    expect(keyedPanel('outline', { size: 250, collapsed: false }, large, 'Enter', false)).toEqual({ size: 250, collapsed: true });
    expect(keyedPanel('outline', usual, small, 'Enter', false)).toEqual({ size: null, collapsed: false });
    expect(keyedPanel('outline', { size: 250, collapsed: false }, large, 'End', false)).toEqual({ size: max, collapsed: false });
    expect(keyedPanel('outline', { size: 250, collapsed: false }, large, 'Home', false)).toEqual({ size: 250, collapsed: true });
  });
});
