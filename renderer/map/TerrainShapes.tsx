// Terrain in map-convention styling. Each feature's clickable shape carries its JSON Pointer as `name`; the marks
// that make it read as woods, fields or marsh are decorative and never hit-tested.
import { Ellipse, Group, Line, Rect } from 'react-konva';
import { areaLook, bandLook, blockFill, contourFill, fordLook, roofLines } from '../../domain/map/look.js';
import { flatten } from './geometry.js';
import { Marks, fillNow, strokeNow, tracePolylines, traceSegments, withClip, type Ctx } from './draw.js';
import type { AreaItem, BlockItem, CrossingItem, LineItem } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import type { Pen } from './pen.js';

interface Common {
  /** The settled zoom, read when drawn (pen.ts): sizes in screen pixels follow it without a re-render. */
  pen: Pen;
  style: MapStyle;
}

function drawDecor(ctx: Ctx, item: AreaItem, k: number, style: MapStyle): void {
  const d = item.decor;
  const rings = item.shape.rings;
  switch (d.type) {
    case 'trees': {
      const s = d.dense ? style.woods.dense : style.woods.light;
      ctx.beginPath();
      for (const [x, y] of d.trees) {
        ctx.moveTo(x + s.radiusIn, y);
        ctx.arc(x, y, s.radiusIn, 0, Math.PI * 2);
      }
      fillNow(ctx, s.tree);
      strokeNow(ctx, { color: s.treeStroke, width: 0.8 * k });
      return;
    }
    case 'hill': {
      const width = style.hill.slopePx[d.slope] * k;
      withClip(ctx, rings, () => {
        d.contours.forEach((contour, i) => {
          ctx.beginPath();
          tracePolylines(ctx, [contour], true);
          fillNow(ctx, contourFill(i, style));
          strokeNow(ctx, { color: style.hill.stroke, width });
        });
      });
      if (d.crest) {
        ctx.beginPath();
        tracePolylines(ctx, [d.crest]);
        strokeNow(ctx, { color: style.hill.crest, width: style.hill.crestPx * k, dash: style.hill.crestDashPx.map((v) => v * k) });
      }
      return;
    }
    case 'houses': {
      const size = style.town.houseIn;
      ctx.beginPath();
      for (const [x, y] of d.houses) ctx.rect(x - size / 2, y - size / 2, size, size);
      fillNow(ctx, style.town.house);
      strokeNow(ctx, { color: style.town.houseStroke, width: 0.8 * k, cap: 'butt' });
      return;
    }
    case 'furrows':
      for (const patch of d.patches) {
        withClip(ctx, [patch.ring], () => {
          ctx.beginPath();
          traceSegments(ctx, patch.segments);
          strokeNow(ctx, { color: style.fields.furrow, width: style.fields.furrowPx * k, cap: 'butt' });
        });
      }
      return;
    case 'marsh':
      withClip(ctx, rings, () => {
        ctx.beginPath();
        traceSegments(ctx, d.hatch);
        strokeNow(ctx, { color: style.marsh.stroke, width: style.marsh.markPx * k, dash: [0.5, 0.35], cap: 'butt', alpha: 0.7 });
      });
      // The reed tuft: a base line with three blades fanning up.
      ctx.beginPath();
      for (const [x, y] of d.tufts) {
        ctx.moveTo(x - 0.3, y);
        ctx.lineTo(x + 0.3, y);
        ctx.moveTo(x, y);
        ctx.lineTo(x, y - 0.32);
        ctx.moveTo(x - 0.05, y);
        ctx.lineTo(x - 0.2, y - 0.24);
        ctx.moveTo(x + 0.05, y);
        ctx.lineTo(x + 0.2, y - 0.24);
      }
      strokeNow(ctx, { color: style.marsh.mark, width: style.marsh.markPx * 1.2 * k });
      return;
    case 'teeth':
      ctx.beginPath();
      tracePolylines(ctx, d.teeth, true);
      fillNow(ctx, style.fortification.teeth);
      return;
    case 'none':
      return;
  }
}

export function AreaView(props: Common & { item: AreaItem }) {
  const { item, pen, style } = props;
  const look = areaLook(item, style);
  return (
    <Group>
      {item.shape.rings.map((ring, i) => (
        <Line
          key={i}
          name={item.pointer}
          points={flatten(ring)}
          closed
          fill={look.fill}
          strokeEnabled={false}
          perfectDrawEnabled={false}
        />
      ))}
      <Marks draw={(ctx) => drawDecor(ctx, item, pen.k, style)} />
      <Marks
        draw={(ctx) => {
          ctx.beginPath();
          tracePolylines(ctx, item.shape.outline);
          strokeNow(ctx, { color: look.stroke, width: look.strokePx * pen.k });
        }}
      />
    </Group>
  );
}

export function LineView(props: Common & { item: LineItem }) {
  const { item, style } = props;
  const points = flatten(item.points);
  const hit = ({ k }: Pen) => ({ hitStrokeWidth: Math.max(item.width, 10 * k) });
  switch (item.kind) {
    case 'river':
    case 'road': {
      const look = bandLook(item, style);
      return (
        <Group>
          <Line
            points={points}
            stroke={look.edge}
            // A fordable river's banks are broken: it can be waded anywhere.
            penAttrs={({ k }: Pen) => ({ strokeWidth: item.width + 2 * look.edgePx * k, ...(look.broken ? { dash: [6 * k, 3 * k] } : {}) })}
            lineCap="butt"
            lineJoin="round"
            listening={false}
            perfectDrawEnabled={false}
          />
          <Line
            name={item.pointer}
            points={points}
            stroke={look.fill}
            strokeWidth={item.width}
            penAttrs={hit}
            // Butt ends: rivers and roads usually run off the table, and should stop flush with its edge.
            lineCap="butt"
            lineJoin="round"
            perfectDrawEnabled={false}
          />
        </Group>
      );
    }
    case 'track':
      return (
        <Line
          name={item.pointer}
          points={points}
          stroke={style.track.stroke}
          strokeWidth={item.width}
          penAttrs={hit}
          dash={style.track.dashIn}
          lineCap="butt"
          lineJoin="round"
          perfectDrawEnabled={false}
        />
      );
    case 'wall':
      return (
        <Group>
          <Line
            name={item.pointer}
            points={points}
            stroke={style.wall.stroke}
            strokeWidth={item.width}
            penAttrs={hit}
            lineCap="butt"
            lineJoin="miter"
            perfectDrawEnabled={false}
          />
          {/* Coursing: a broken pale line down the middle reads as stones rather than a thick pen stroke. */}
          <Line
            points={points}
            stroke={style.wall.coursing}
            strokeWidth={item.width * 0.3}
            dash={[0.25, 0.18]}
            lineCap="butt"
            listening={false}
            perfectDrawEnabled={false}
          />
        </Group>
      );
    case 'hedge':
      return (
        <Line
          name={item.pointer}
          points={points}
          stroke={style.hedge.stroke}
          strokeWidth={item.width}
          penAttrs={hit}
          // A near-zero dash with round caps draws a row of dots: the map sign for a hedge.
          dash={[0.001, style.hedge.gapIn]}
          lineCap="round"
          lineJoin="round"
          perfectDrawEnabled={false}
        />
      );
  }
}

export function CrossingView(props: Common & { item: CrossingItem }) {
  const { item, pen, style } = props;
  if (item.kind === 'ford') {
    const lookAt = ({ k }: Pen) => fordLook(item.span, item.breadth, k, style);
    return (
      <Group x={item.at[0]} y={item.at[1]} rotation={item.rotation}>
        <Ellipse
          name={item.pointer}
          penAttrs={(p: Pen) => {
            const look = lookAt(p);
            return { radiusX: look.rx, radiusY: look.ry, strokeWidth: look.strokeWidth, dash: look.dash };
          }}
          fill={style.ford.fill}
          stroke={style.ford.stroke}
          perfectDrawEnabled={false}
        />
        <Marks
          draw={(ctx) => {
            const look = lookAt(pen);
            ctx.beginPath();
            for (const [x, y] of look.stones.at) {
              ctx.moveTo(x + look.stones.r, y);
              ctx.arc(x, y, look.stones.r, 0, Math.PI * 2);
            }
            fillNow(ctx, look.stones.fill);
          }}
        />
      </Group>
    );
  }
  const { span, breadth } = item;
  return (
    <Group x={item.at[0]} y={item.at[1]} rotation={item.rotation}>
      <Rect
        name={item.pointer}
        x={-span / 2}
        y={-breadth / 2}
        width={span}
        height={breadth}
        fill={style.bridge.fill}
        stroke={style.bridge.stroke}
        penAttrs={({ k }: Pen) => ({ strokeWidth: style.bridge.strokePx * k })}
        perfectDrawEnabled={false}
      />
      <Marks
        draw={(ctx) => {
          // Planks run across the roadway; the parapets along it are heavier.
          ctx.beginPath();
          for (let x = -span / 2 + 0.22; x < span / 2 - 0.05; x += 0.22) {
            ctx.moveTo(x, -breadth / 2);
            ctx.lineTo(x, breadth / 2);
          }
          strokeNow(ctx, { color: style.bridge.plank, width: 0.7 * pen.k, cap: 'butt' });
          ctx.beginPath();
          ctx.moveTo(-span / 2, -breadth / 2);
          ctx.lineTo(span / 2, -breadth / 2);
          ctx.moveTo(-span / 2, breadth / 2);
          ctx.lineTo(span / 2, breadth / 2);
          strokeNow(ctx, { color: style.bridge.stroke, width: 2.2 * pen.k, cap: 'butt' });
        }}
      />
    </Group>
  );
}

export function BlockView(props: Common & { item: BlockItem }) {
  const { item, pen, style } = props;
  const { size } = item;
  const roof = roofLines(0, 0, size);
  return (
    <Group x={item.at[0]} y={item.at[1]}>
      <Rect
        name={item.pointer}
        width={size}
        height={size}
        fill={blockFill(item, style)}
        stroke={style.block.stroke}
        penAttrs={({ k }: Pen) => ({ strokeWidth: style.block.strokePx * k })}
        perfectDrawEnabled={false}
      />
      <Marks
        draw={(ctx) => {
          ctx.beginPath();
          tracePolylines(ctx, [roof.ridge], true);
          traceSegments(ctx, roof.hips);
          strokeNow(ctx, { color: style.block.roof, width: 0.9 * pen.k });
        }}
      />
    </Group>
  );
}
