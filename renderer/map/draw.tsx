// Small drawing blocks shared by the map's layers: canvas path tracing for the many-marks shapes (trees, hatching,
// ticks) that are drawn as one Konva shape each instead of hundreds of nodes, and a label that keeps its size in
// screen pixels on a stage scaled in inches.
import type Konva from 'konva';
import { Shape, Text } from 'react-konva';
import type { Point } from '../../domain/model.js';
import type { Segment } from '../../domain/map/shapes.js';
import type { MapStyle } from '../../domain/map/styles.js';

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

/** One label in a batch: the same placement options as MapLabel, without wrapping. */
export type LabelSpec = Omit<MapLabelProps, 'k' | 'style' | 'wrapPx'>;

/**
 * Many labels drawn as one canvas shape. A Konva Text node measures and lays out its text on every draw, which
 * made labels half the cost of the whole map on a big table whenever it is drawn live (zoomed in past the cache);
 * plain canvas text calls are a fraction of that. Each label is counter-scaled by `k` so it stays `size` pixels.
 */
export function Labels(props: { labels: readonly (LabelSpec | null)[]; k: number; style: MapStyle }) {
  const { labels, k, style } = props;
  return (
    <Marks
      draw={(ctx) => {
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

export interface MapLabelProps {
  at: Point;
  text: string;
  /** Inches per screen pixel at the settled zoom: labels are counter-scaled by it to stay `size` pixels tall. */
  k: number;
  style: MapStyle;
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
  /** Wrap to this many pixels (with an ellipsis) instead of running on. */
  wrapPx?: number;
  halo?: boolean;
}

/** Wide enough for any name on one line; the text is aligned inside it, so the width is never seen. */
const LABEL_BOX_PX = 480;

export function MapLabel(props: MapLabelProps) {
  const { at, text, k, style } = props;
  const size = props.size ?? style.label.fontPx;
  const align = props.align ?? 'center';
  const anchor = props.anchor ?? 'middle';
  const width = props.wrapPx ?? LABEL_BOX_PX;
  const height = props.wrapPx !== undefined ? Math.max(size * 1.3, props.wrapPx) : size * 1.3;
  const fontStyle = [props.italic ? 'italic' : '', props.bold ? 'bold' : ''].filter(Boolean).join(' ') || 'normal';
  const offsetX = (align === 'center' ? width / 2 : align === 'right' ? width : 0) - (props.dx ?? 0);
  const offsetY = (anchor === 'middle' ? height / 2 : anchor === 'bottom' ? height : 0) - (props.dy ?? 0);
  const halo = props.halo ?? true;
  return (
    <Text
      x={at[0]}
      y={at[1]}
      scaleX={k}
      scaleY={k}
      rotation={props.rotation ?? 0}
      offsetX={offsetX}
      offsetY={offsetY}
      width={width}
      height={height}
      align={align}
      verticalAlign={anchor}
      text={text}
      fontSize={size}
      fontFamily={style.label.fontFamily}
      fontStyle={fontStyle}
      fill={props.color ?? style.label.fill}
      {...(halo
        ? { stroke: style.label.halo, strokeWidth: style.label.haloPx, fillAfterStrokeEnabled: true, lineJoin: 'round' as const }
        : {})}
      wrap={props.wrapPx !== undefined ? 'word' : 'none'}
      ellipsis={props.wrapPx !== undefined}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}
