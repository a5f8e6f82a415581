// Small drawing blocks shared by the map's layers: canvas path tracing for the many-marks shapes (trees, hatching,
// ticks) that are drawn as one Konva shape each instead of hundreds of nodes, and labels that keep their size in
// screen pixels on a stage scaled in inches: the placed names of the label layout, and the grid's own marks.
import type Konva from 'konva';
import { Shape } from 'react-konva';
import type { Measure } from '../../domain/map/label-placer.js';
import type { Point } from '../../domain/model.js';
import type { Segment } from '../../domain/map/shapes.js';
import type { MapStyle } from '../../domain/map/styles.js';
import type { Pen } from './pen.js';

export type Ctx = Konva.Context;

export function tracePolylines(ctx: Ctx, lines: readonly (readonly Point[])[], close = false): void {
  for (const line of lines) {
    const first = line[0];
    if (!first) continue;
    ctx.moveTo(first[0], first[1]);
    for (let i = 1; i < line.length; i++) ctx.lineTo(line[i]![0], line[i]![1]);
    if (close) ctx.closePath();
  }
}

export function traceSegments(ctx: Ctx, segments: readonly Segment[]): void {
  for (const [a, b] of segments) {
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
  }
}

export interface StrokeOptions {
  color: string;
  width: number;
  dash?: number[];
  cap?: CanvasLineCap;
  alpha?: number;
}

export function strokeNow(ctx: Ctx, o: StrokeOptions): void {
  ctx.setAttr('strokeStyle', o.color);
  ctx.setAttr('lineWidth', o.width);
  ctx.setAttr('lineCap', o.cap ?? 'round');
  ctx.setAttr('lineJoin', 'round');
  ctx.setAttr('globalAlpha', o.alpha ?? 1);
  ctx.setLineDash(o.dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.setAttr('globalAlpha', 1);
}

export function fillNow(ctx: Ctx, color: string, alpha = 1): void {
  ctx.setAttr('fillStyle', color);
  ctx.setAttr('globalAlpha', alpha);
  ctx.fill();
  ctx.setAttr('globalAlpha', 1);
}

/** Runs `draw` with the canvas clipped to the union of `rings` (cells of one area never overlap). */
export function withClip(ctx: Ctx, rings: readonly (readonly Point[])[], draw: () => void): void {
  ctx.save();
  ctx.beginPath();
  tracePolylines(ctx, rings, true);
  ctx.clip();
  draw();
  ctx.restore();
}

/**
 * A purely decorative canvas shape: never hit-tested (clicks fall through to the feature underneath) and drawn
 * without Konva's extra compositing pass.
 */
export function Marks(props: { draw: (ctx: Ctx) => void; opacity?: number }) {
  const { draw, opacity } = props;
  return (
    <Shape
      listening={false}
      perfectDrawEnabled={false}
      {...(opacity !== undefined ? { opacity } : {})}
      sceneFunc={(ctx) => {
        draw(ctx);
      }}
    />
  );
}

/**
 * Many labels drawn as one canvas shape. A Konva Text node measures and lays out its text on every draw, which
 * made labels half the cost of the whole map on a big table whenever it is drawn live (zoomed in past the cache);
 * plain canvas text calls are a fraction of that. Each label is counter-scaled by the pen's `k` (read when drawn)
 * so it stays `size` pixels; `labels` may be a function of the pen, for labels that come and go with the zoom.
 */
export function Labels(props: { labels: readonly (LabelSpec | null)[] | ((pen: Pen) => readonly (LabelSpec | null)[]); pen: Pen; style: MapStyle }) {
  const { pen, style } = props;
  return (
    <Marks
      draw={(ctx) => {
        const k = pen.k;
        const labels = typeof props.labels === 'function' ? props.labels(pen) : props.labels;
        const c = ctx._context;
        c.save();
        c.lineJoin = 'round';
        c.lineWidth = style.label.haloPx;
        c.strokeStyle = style.label.halo;
        const base = c.getTransform();
        // Zoomed in past the cache, the map is drawn live on every pan frame; labels off the canvas are skipped
        // there (into the cache, the canvas is the whole table and every label is drawn).
        const right = c.canvas.width + 400;
        const bottom = c.canvas.height + 200;
        // Assigning `font` makes the canvas parse the string every time, so it is set only when it changes.
        let font = '';
        for (const l of labels) {
          if (!l || !l.text) continue;
          const sx = base.a * l.at[0] + base.c * l.at[1] + base.e;
          const sy = base.b * l.at[0] + base.d * l.at[1] + base.f;
          if (sx < -400 || sy < -200 || sx > right || sy > bottom) continue;
          const size = l.size ?? style.label.fontPx;
          const f = `${l.italic ? 'italic ' : ''}${l.bold ? 'bold ' : ''}${size}px ${style.label.fontFamily}`;
          if (f !== font) c.font = font = f;
          c.setTransform(base);
          c.translate(l.at[0], l.at[1]);
          if (l.rotation) c.rotate((l.rotation * Math.PI) / 180);
          c.scale(k, k);
          c.textAlign = l.align ?? 'center';
          c.textBaseline = l.anchor === 'top' ? 'top' : l.anchor === 'bottom' ? 'bottom' : 'middle';
          const x = l.dx ?? 0;
          const y = l.dy ?? 0;
          if (l.halo ?? true) c.strokeText(l.text, x, y);
          c.fillStyle = l.color ?? style.label.fill;
          c.fillText(l.text, x, y);
        }
        c.restore();
      }}
    />
  );
}

/** One label in a batch: grid cell names and the engine view's marks, which stay where they are put. */
export interface LabelSpec {
  at: Point;
  text: string;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Which part of the label sits on `at`. */
  anchor?: 'top' | 'middle' | 'bottom';
  /** Screen-pixel nudge, applied before rotation. */
  dx?: number;
  dy?: number;
  rotation?: number;
  bold?: boolean;
  italic?: boolean;
  halo?: boolean;
}

function fontOf(size: number, bold: boolean, italic: boolean, family: string): string {
  return `${italic ? 'italic ' : ''}${bold ? 'bold ' : ''}${size}px ${family}`;
}

/**
 * Measures text as the canvas will draw it, so the label layout's plaques fit the real glyphs (the face the browser
 * picks for the family, which need not have Times' widths). Widths are kept per font and text.
 */
export function canvasMeasure(family: string): Measure {
  const canvas = typeof document === 'undefined' ? null : document.createElement('canvas');
  const c = canvas?.getContext('2d') ?? null;
  const cache = new Map<string, number>();
  return (text, size, bold, italic) => {
    if (!c) return text.length * size * 0.55;
    const font = fontOf(size, bold, italic, family);
    const key = `${font}\u0000${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      if (c.font !== font) c.font = font;
      w = c.measureText(text).width;
      // Names change as a document is edited; a bound keeps the cache from growing with every keystroke.
      if (cache.size > 20000) cache.clear();
      cache.set(key, w);
    }
    return w;
  };
}

/**
 * The names the label layout placed (domain/map/labels.ts), drawn in one canvas shape over everything else: the
 * layout works in pixels at the settled zoom (the pen's, read when drawn), so each point is divided back into table
 * inches and each label counter-scaled to stay its size. Plaques keep names readable over towns and hatching, as on
 * paper.
 */
export function PlacedLabels(props: { pen: Pen; style: MapStyle }) {
  const { pen, style } = props;
  return (
    <Marks
      draw={(ctx) => {
        const { k, labels: layout } = pen;
        const c = ctx._context;
        c.save();
        const base = c.getTransform();
        let font = '';
        const setFont = (size: number, bold: boolean, italic: boolean): void => {
          const f = fontOf(size, bold, italic, style.label.fontFamily);
          if (f !== font) c.font = font = f;
        };
        const at = (x: number, y: number, rotation: number): void => {
          c.setTransform(base);
          c.translate(x * k, y * k);
          if (rotation) c.rotate((rotation * Math.PI) / 180);
          c.scale(k, k);
        };
        c.textAlign = 'center';
        c.textBaseline = 'middle';
        // Block names inside their buildings, haloed against the roof's colour; names written on counters in the
        // counter's ink.
        c.fillStyle = style.label.fill;
        c.strokeStyle = style.label.halo;
        c.lineWidth = style.label.haloPx;
        c.lineJoin = 'round';
        for (const b of layout.blockNames) {
          setFont(b.size, false, false);
          for (const line of b.lines) {
            at(line.x, line.y, 0);
            c.strokeText(line.text, 0, 0);
            c.fillText(line.text, 0, 0);
          }
        }
        for (const n of layout.counterNames.values()) {
          setFont(n.size, true, false);
          at(n.cx, n.cy, n.rotation);
          c.fillStyle = n.color;
          c.fillText(n.text, 0, 0);
        }
        // Leader lines under every plaque, so a line never runs across a name.
        c.setTransform(base);
        c.beginPath();
        for (const l of layout.labels) {
          if (!l.leader) continue;
          c.moveTo(l.leader[0][0] * k, l.leader[0][1] * k);
          c.lineTo(l.leader[1][0] * k, l.leader[1][1] * k);
        }
        c.strokeStyle = style.label.fill;
        c.globalAlpha = 0.7;
        c.lineWidth = k;
        c.stroke();
        c.globalAlpha = 1;
        for (const l of layout.labels) {
          at(l.cx, l.cy, l.rotation);
          c.fillStyle = style.label.halo;
          c.beginPath();
          c.roundRect(-l.w / 2, -l.h / 2, l.w, l.h, Math.min(3, l.h / 3));
          c.fill();
          setFont(l.size, !!l.bold, !!l.italic);
          c.fillStyle = l.color ?? style.label.fill;
          c.fillText(l.text, 0, l.size * 0.04);
        }
        c.restore();
      }}
    />
  );
}
