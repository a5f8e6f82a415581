// Screen-only helpers for the map view: the inch → pixel view transform, zoom, caching, Konva point arrays and
// pointer matching. No DOM and no Konva here, so vitest can run it in Node. The shapes the map draws (shared with
// the printed sheet) live in domain/map/shapes.ts.
import type { Point, Table } from '../../domain/model.js';

// ---- View transform --------------------------------------------------------------------------------------------

/** Screen pixels per table inch, and where the table's north-west corner sits on screen. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface FitOptions {
  /** Room kept west and north of the table for the rulers. */
  rulerPx: number;
  /** Breathing space on every side. */
  paddingPx: number;
}

/** Smallest scale a fit may produce: a zero or negative viewport must not yield a zero scale (Konva divides by it). */
const MIN_FIT_SCALE = 0.01;

/** The whole table at true proportions, centred in the viewport after the rulers' margin. */
export function fitView(table: Table, width: number, height: number, options: FitOptions): View {
  const w = table.width > 0 ? table.width : 1;
  const h = table.height > 0 ? table.height : 1;
  const left = options.rulerPx + options.paddingPx;
  const availableW = Math.max(1, width - left - options.paddingPx);
  const availableH = Math.max(1, height - left - options.paddingPx);
  const scale = Math.max(MIN_FIT_SCALE, Math.min(availableW / w, availableH / h));
  return { scale, x: left + (availableW - w * scale) / 2, y: left + (availableH - h * scale) / 2 };
}

export function toScreen(view: View, p: Point): Point {
  return [view.x + p[0] * view.scale, view.y + p[1] * view.scale];
}

export function toTable(view: View, p: Point): Point {
  return [(p[0] - view.x) / view.scale, (p[1] - view.y) / view.scale];
}

export interface ZoomLimits {
  min: number;
  max: number;
}

/**
 * Half the fitted size at the far end (the table with room around it), and close enough in to read a single
 * 1/2" figure base at the near end, whatever the table size.
 */
export function zoomLimits(fitScale: number): ZoomLimits {
  return { min: fitScale * 0.5, max: Math.max(fitScale * 16, 160) };
}

/** Zoom by `factor` keeping the table point under `anchor` (a screen point, usually the cursor) where it is. */
export function zoomAt(view: View, anchor: Point, factor: number, limits: ZoomLimits): View {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale * factor));
  const [tx, ty] = toTable(view, anchor);
  return { scale, x: anchor[0] - tx * scale, y: anchor[1] - ty * scale };
}

/**
 * Mouse wheels send ±100-ish per notch, trackpads many small deltas; an exponential keeps both smooth and makes
 * zooming in then out by the same amount return to the same scale. Line and page modes are converted to pixels.
 */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-300, Math.min(300, px)) * 0.0015);
}

// ---- Caching -----------------------------------------------------------------------------------------------------

export interface CachePlan {
  pixelRatio: number;
  hitPixelRatio: number;
}

/**
 * How sharply to cache the static layer, or null to draw it live. The cache is a bitmap in table inches, so it
 * needs scale × devicePixelRatio pixels per inch to look crisp; zoomed far in that bitmap would cost hundreds of
 * megabytes, and since only a corner of the table is then on screen, drawing live is the cheaper choice.
 * The hit canvas only needs CSS-pixel precision.
 */
export function cachePlan(
  widthIn: number,
  heightIn: number,
  scale: number,
  devicePixelRatio: number,
  maxPixels = 16_000_000,
  maxSide = 8192,
): CachePlan | null {
  const pixelRatio = scale * Math.max(1, devicePixelRatio);
  if (!(widthIn > 0 && heightIn > 0 && pixelRatio > 0)) return null;
  const w = widthIn * pixelRatio;
  const h = heightIn * pixelRatio;
  if (w > maxSide || h > maxSide || w * h > maxPixels) return null;
  return { pixelRatio, hitPixelRatio: scale };
}

// ---- Konva points ------------------------------------------------------------------------------------------------

export function flatten(points: readonly Point[]): number[] {
  const out: number[] = [];
  for (const [x, y] of points) out.push(x, y);
  return out;
}

// ---- Pointers ----------------------------------------------------------------------------------------------------

/**
 * True when `element` is the selected pointer or one of its ancestors: selecting "/terrain/1/polygon/0" (a vertex)
 * highlights feature "/terrain/1", but "/terrain/12" never does.
 */
export function pointerSelects(element: string, selected: string | null): boolean {
  if (selected === null) return false;
  return selected === element || selected.startsWith(`${element}/`);
}

/**
 * True when `element` lies strictly inside `selected`: units of a selected formation or side. The document root
 * ("") is excluded, since it contains everything.
 */
export function pointerWithin(element: string, selected: string | null): boolean {
  if (selected === null || selected === '') return false;
  return element.startsWith(`${selected}/`);
}

// ---- Rulers and zoom readout ---------------------------------------------------------------------------------------

/** CSS pixels per inch: the scale at which the table shows at its real size (100 %). */
export const ACTUAL_SCALE = 96;

/** Inches in one ruler unit. */
export const UNIT_INCHES = { inches: 1, centimetres: 1 / 2.54 } as const;

/** Nice steps for ruler ticks, in ruler units: fractions of an inch, then the 3"/6"/12" a table is built from. */
const STEPS = {
  inches: [0.125, 0.25, 0.5, 1, 2, 3, 6, 12, 24, 48, 96, 192],
  centimetres: [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500],
} as const;

/**
 * Which ticks a ruler draws at `pxPerUnit`: the finest step at least `minTickPx` apart, and the finest labelled
 * step at least `minLabelPx` apart (a multiple of the tick step, so labels sit on ticks).
 */
export function rulerSpacing(pxPerUnit: number, units: keyof typeof STEPS, minTickPx = 6, minLabelPx = 46): { tick: number; label: number } {
  const steps = STEPS[units];
  const tick = steps.find((s) => s * pxPerUnit >= minTickPx) ?? steps[steps.length - 1]!;
  const label = steps.find((s) => s * pxPerUnit >= minLabelPx && Math.abs(s / tick - Math.round(s / tick)) < 1e-9) ?? steps[steps.length - 1]!;
  return { tick, label };
}
