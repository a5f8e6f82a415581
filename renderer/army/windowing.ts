// Long lists drawn windowed: only the lines in view (plus a margin) are in the DOM, with spacers of the right
// height in place of the rest, so the scrollbar, `scrollIntoView` and keyboard moves see the whole list. On a list of
// thousands, React visiting every row and the browser styling, laying out and compositing it cost more per edit than
// the edit itself. Lines have heights known in advance (fixed per kind of line), so no line need be measured.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** What to draw: a line by its index, or a spacer standing for the lines between two drawn ones. */
export type Segment = { kind: 'line'; index: number } | { kind: 'gap'; from: number; to: number; height: number };

/** Where each line starts: `offsets[i]` is the top of line i, `offsets[n]` the height of them all. */
export function lineOffsets(heights: readonly number[]): number[] {
  const out = new Array<number>(heights.length + 1);
  out[0] = 0;
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + heights[i]!;
  return out;
}

/** The index of the line under `y` (clamped to the list). */
export function lineAt(offsets: readonly number[], y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The lines that meet the pixel band [top, bottom), and the lines in `keep` wherever they are (a focused row, one
 * being dragged, one about to be focused), in list order, with a spacer for every run of lines left out.
 */
export function windowSegments(offsets: readonly number[], top: number, bottom: number, keep: Iterable<number> = []): Segment[] {
  const n = offsets.length - 1;
  if (n <= 0) return [];
  const shown = new Set<number>();
  if (bottom > top && bottom > 0 && top < offsets[n]!) {
    const first = lineAt(offsets, Math.max(0, top));
    const last = lineAt(offsets, Math.min(offsets[n]! - 0.5, bottom - 0.5));
    for (let i = first; i <= last; i++) shown.add(i);
  }
  for (const i of keep) if (Number.isInteger(i) && i >= 0 && i < n) shown.add(i);
  const lines = [...shown].sort((a, b) => a - b);
  const out: Segment[] = [];
  let next = 0;
  for (const i of lines) {
    if (i > next) out.push({ kind: 'gap', from: next, to: i, height: offsets[i]! - offsets[next]! });
    out.push({ kind: 'line', index: i });
    next = i + 1;
  }
  if (next < n) out.push({ kind: 'gap', from: next, to: n, height: offsets[n]! - offsets[next]! });
  return out;
}

/** How far the drawn band reaches past the view on each side, and the step it moves by, in pixels. */
const MARGIN = 320;
const STEP = 160;
/** The view assumed before the scroller is measured: tall enough that a short list is drawn whole at once. */
const FIRST_VIEW = 1200;

/**
 * The band of pixels to draw for a scroller, relative to the top of `list` (the element whose flow the lines fill).
 * It moves in steps of STEP pixels, so scrolling re-renders the list once per few lines, not per pixel, and reaches
 * MARGIN past the view, so a scroll is drawn before the next render catches up with it.
 */
export function useScrollBand(scroller: RefObject<HTMLElement | null>, list: RefObject<HTMLElement | null>): { top: number; bottom: number } {
  const [view, setView] = useState({ step: 0, height: FIRST_VIEW });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const body = list.current;
      const start = body ? body.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop : 0;
      const step = Math.max(0, Math.floor((el.scrollTop - start) / STEP));
      const height = Math.ceil(el.clientHeight / STEP) * STEP;
      setView((v) => (v.step === step && v.height === height ? v : { step, height }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [scroller, list]);
  const top = view.step * STEP;
  return { top: top - MARGIN, bottom: top + view.height + STEP + MARGIN };
}
