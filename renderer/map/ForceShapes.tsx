// Deployment zones, reinforcement entries, objectives, and the counters of units and leaders with a setup.
import { Arrow, Circle, Group, Line, Rect, Star } from 'react-konva';
import { darken, lineColorFor, rotatedHalfHeight } from '../../domain/map/shapes.js';
import { flatten } from './geometry.js';
import { Marks, fillNow, strokeNow, traceSegments, withClip, type Ctx, type LabelSpec } from './draw.js';
import type { EntryItem, LeaderItem, ObjectiveItem, UnitItem, ZoneItem } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';

interface Common {
  /** Inches per screen pixel at the settled zoom. */
  k: number;
  style: MapStyle;
}

export function ZoneView(props: Common & { item: ZoneItem }) {
  const { item, k, style } = props;
  return (
    <Group>
      <Marks
        opacity={style.zone.opacity}
        draw={(ctx) =>
          withClip(ctx, item.shape.rings, () => {
            ctx.beginPath();
            traceSegments(ctx, item.hatch);
            strokeNow(ctx, { color: item.line, width: style.zone.hatchPx * k, cap: 'butt' });
          })
        }
      />
      {/* Only the border is clickable: a zone covers half the table, and the terrain inside must stay clickable. */}
      {item.shape.outline.map((points, i) => (
        <Line
          key={i}
          name={item.pointer}
          points={flatten(points)}
          stroke={item.line}
          strokeWidth={style.zone.outlinePx * k}
          hitStrokeWidth={8 * k}
          dash={style.zone.outlineDashPx.map((v) => v * k)}
          lineCap="butt"
          perfectDrawEnabled={false}
        />
      ))}
    </Group>
  );
}

export function EntryView(props: Common & { item: EntryItem }) {
  const { item, k, style } = props;
  return (
    <Group>
      {item.shape?.rings.map((ring, i) => (
        <Line key={`f${i}`} name={item.pointer} points={flatten(ring)} closed fill={item.color} opacity={0.18} strokeEnabled={false} perfectDrawEnabled={false} />
      ))}
      {item.shape?.outline.map((points, i) => (
        <Line
          key={`o${i}`}
          name={item.pointer}
          points={flatten(points)}
          stroke={item.line}
          strokeWidth={2.5 * k}
          hitStrokeWidth={8 * k}
          dash={[6 * k, 3 * k]}
          perfectDrawEnabled={false}
        />
      ))}
      {item.bar ? (
        <Line
          name={item.pointer}
          points={flatten(item.bar)}
          stroke={item.color}
          strokeWidth={style.entry.barIn}
          opacity={0.85}
          lineCap="butt"
          perfectDrawEnabled={false}
        />
      ) : null}
      {item.arrow ? (
        <Arrow
          name={item.pointer}
          points={flatten([item.arrow.from, item.arrow.to])}
          stroke={item.line}
          fill={item.line}
          strokeWidth={style.entry.arrowPx * k}
          hitStrokeWidth={10 * k}
          pointerLength={11 * k}
          pointerWidth={11 * k}
          lineCap="round"
          perfectDrawEnabled={false}
        />
      ) : null}
      {item.arrow && !item.bar ? (
        <Circle x={item.arrow.from[0]} y={item.arrow.from[1]} radius={4.5 * k} fill={item.line} listening={false} perfectDrawEnabled={false} />
      ) : null}
    </Group>
  );
}

export function ObjectiveView(props: Common & { item: ObjectiveItem }) {
  const { item, k, style } = props;
  // A map symbol, not a model: the same size on screen at every zoom.
  const r = style.objective.markerPx * k;
  return (
    <Group x={item.at[0]} y={item.at[1]}>
      {item.radius !== null ? (
        <Circle
          radius={item.radius}
          stroke={style.objective.radiusStroke}
          strokeWidth={1.4 * k}
          dash={style.objective.radiusDashPx.map((v) => v * k)}
          listening={false}
          perfectDrawEnabled={false}
        />
      ) : null}
      {item.holderColor !== null ? (
        <Circle radius={r * 1.3} stroke={lineColorFor(item.holderColor)} strokeWidth={2.5 * k} listening={false} perfectDrawEnabled={false} />
      ) : null}
      <Star
        name={item.pointer}
        numPoints={5}
        innerRadius={r * 0.45}
        outerRadius={r}
        fill={style.objective.fill}
        stroke={style.objective.stroke}
        strokeWidth={style.objective.strokePx * k}
        lineJoin="round"
        perfectDrawEnabled={false}
      />
    </Group>
  );
}

export function objectiveLabels(item: ObjectiveItem, k: number, style: MapStyle): LabelSpec[] {
  const r = style.objective.markerPx * k;
  const out: LabelSpec[] = [];
  if (item.vp !== null) {
    out.push({ at: [item.at[0] + r * 1.3, item.at[1]], text: `${item.vp} VP`, size: style.label.smallFontPx + 1, align: 'left', dx: 3, bold: true });
  }
  if (item.name) out.push({ at: [item.at[0], item.at[1] - r * 1.3], text: item.name, size: style.label.smallFontPx, anchor: 'bottom', dy: -2 });
  return out;
}

function drawSymbol(ctx: Ctx, item: UnitItem, k: number, style: MapStyle): void {
  const { width: w, depth: d, symbol } = item;
  if (symbol === 'none') return;
  const h = d * 0.62;
  const room = symbol === 'light' ? h * 0.55 : 0;
  const sw = Math.max(h * 0.8, Math.min(h * 1.5, w * 0.9 - room));
  const x0 = -(sw + room) / 2;
  const y0 = -h / 2;
  // The pen thins on small counters so the symbol doesn't fill in.
  const pen = Math.min(style.unit.symbolPx * k, d * 0.09);
  ctx.beginPath();
  ctx.rect(x0, y0, sw, h);
  if (symbol === 'infantry' || symbol === 'light') {
    ctx.moveTo(x0, y0);
    ctx.lineTo(x0 + sw, y0 + h);
    ctx.moveTo(x0 + sw, y0);
    ctx.lineTo(x0, y0 + h);
  } else if (symbol === 'cavalry') {
    ctx.moveTo(x0, y0 + h);
    ctx.lineTo(x0 + sw, y0);
  } else if (symbol === 'train') {
    ctx.moveTo(x0, y0 + h * 0.72);
    ctx.lineTo(x0 + sw, y0 + h * 0.72);
  }
  if (symbol === 'light') {
    const lx = x0 + sw + room * 0.35;
    ctx.moveTo(lx, y0 + h * 0.15);
    ctx.lineTo(lx, y0 + h);
    ctx.lineTo(lx + room * 0.55, y0 + h);
  }
  strokeNow(ctx, { color: item.ink, width: pen, cap: 'butt' });
  if (symbol === 'artillery') {
    ctx.beginPath();
    ctx.arc(x0 + sw / 2, 0, h * 0.2, 0, Math.PI * 2);
    fillNow(ctx, item.ink);
  }
}

export function UnitView(props: Common & { item: UnitItem }) {
  const { item, k, style } = props;
  const { width: w, depth: d } = item;
  return (
    <Group x={item.at[0]} y={item.at[1]} rotation={item.rotation}>
      <Rect
        name={item.pointer}
        x={-w / 2}
        y={-d / 2}
        width={w}
        height={d}
        fill={item.color}
        stroke={style.unit.stroke}
        strokeWidth={style.unit.strokePx * k}
        perfectDrawEnabled={false}
      />
      <Marks
        draw={(ctx) => {
          // The front edge is heavier, so facing reads at a glance even where the symbol is too small to.
          ctx.beginPath();
          ctx.moveTo(-w / 2, -d / 2);
          ctx.lineTo(w / 2, -d / 2);
          strokeNow(ctx, { color: darken(item.color, 0.6), width: Math.min(style.unit.frontPx * k, d * 0.25), cap: 'butt' });
          drawSymbol(ctx, item, k, style);
        }}
      />
    </Group>
  );
}

export function unitLabel(item: UnitItem, k: number, style: MapStyle): LabelSpec | null {
  // A counter under ~14px wide is a speck on a zoomed-out table: its label would only add clutter.
  if (item.width / k < 14 || !item.label) return null;
  return {
    at: [item.at[0], item.at[1] + rotatedHalfHeight(item.width, item.depth, item.rotation)],
    text: item.label,
    size: style.unit.labelFontPx,
    anchor: 'top',
    dy: 2,
  };
}

export function LeaderView(props: Common & { item: LeaderItem }) {
  const { item, k, style } = props;
  return (
    <Group x={item.at[0]} y={item.at[1]}>
      <Circle
        name={item.pointer}
        radius={item.radius}
        fill={item.color}
        stroke={style.unit.stroke}
        strokeWidth={style.unit.strokePx * k}
        perfectDrawEnabled={false}
      />
      <Star
        numPoints={5}
        innerRadius={item.radius * 0.27}
        outerRadius={item.radius * 0.65}
        fill={style.leader.starFill}
        stroke={item.ink === '#ffffff' ? undefined : style.unit.stroke}
        strokeWidth={0.6 * k}
        listening={false}
        perfectDrawEnabled={false}
      />
    </Group>
  );
}

export function leaderLabel(item: LeaderItem, k: number, style: MapStyle): LabelSpec | null {
  if ((item.radius * 2) / k < 10 || !item.label) return null;
  return { at: [item.at[0], item.at[1] + item.radius], text: item.label, size: style.unit.labelFontPx, anchor: 'top', dy: 2, italic: true };
}

export function zoneLabel(item: ZoneItem, style: MapStyle): LabelSpec {
  return { at: item.shape.anchor, text: item.label, color: item.line, bold: true, size: style.label.smallFontPx + 1 };
}

export function entryLabel(item: EntryItem, style: MapStyle): LabelSpec {
  return { at: item.labelAt, text: item.label, color: item.line, size: style.label.smallFontPx, bold: true };
}
