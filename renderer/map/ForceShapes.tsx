// Deployment zones, reinforcement entries, objectives, and the counters of units and leaders with a setup.
import { Arrow, Circle, Group, Line, Rect, Star } from 'react-konva';
import { FACING_TICK_PX, counterFront, counterSymbol, leaderStar, objectiveStar } from '../../domain/map/look.js';
import type { Point } from '../../domain/model.js';
import { flatten } from './geometry.js';
import { Marks, fillNow, strokeNow, traceSegments, withClip } from './draw.js';
import type { EntryItem, LeaderItem, ObjectiveItem, UnitItem, ZoneItem } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import type { Pen } from './pen.js';

interface Common {
  /** The settled zoom and its label layout, read when drawn (pen.ts): no re-render when they change. */
  pen: Pen;
  style: MapStyle;
}

export function ZoneView(props: Common & { item: ZoneItem }) {
  const { item, pen, style } = props;
  return (
    <Group>
      <Marks
        opacity={style.zone.opacity}
        draw={(ctx) =>
          withClip(ctx, item.shape.rings, () => {
            ctx.beginPath();
            traceSegments(ctx, item.hatch);
            strokeNow(ctx, { color: item.line, width: style.zone.hatchPx * pen.k, cap: 'butt' });
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
          penAttrs={({ k }: Pen) => ({ strokeWidth: style.zone.outlinePx * k, hitStrokeWidth: 8 * k, dash: style.zone.outlineDashPx.map((v) => v * k) })}
          lineCap="butt"
          perfectDrawEnabled={false}
        />
      ))}
    </Group>
  );
}

export function EntryView(props: Common & { item: EntryItem }) {
  const { item, style } = props;
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
          penAttrs={({ k }: Pen) => ({ strokeWidth: 2.5 * k, hitStrokeWidth: 8 * k, dash: [6 * k, 3 * k] })}
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
          penAttrs={({ k }: Pen) => ({ strokeWidth: style.entry.arrowPx * k, hitStrokeWidth: 10 * k, pointerLength: 11 * k, pointerWidth: 11 * k })}
          lineCap="round"
          perfectDrawEnabled={false}
        />
      ) : null}
      {item.arrow && !item.bar ? (
        <Circle x={item.arrow.from[0]} y={item.arrow.from[1]} penAttrs={({ k }: Pen) => ({ radius: 4.5 * k })} fill={item.line} listening={false} perfectDrawEnabled={false} />
      ) : null}
    </Group>
  );
}

export function ObjectiveView(props: Common & { item: ObjectiveItem; index: number }) {
  const { item, style, index } = props;
  // A map symbol, not a model: the same size on screen at every zoom. The label layout says where (in pixels at the
  // settled zoom): on what it marks, or stepped aside from a counter standing there.
  const placed = ({ k, labels }: Pen) => {
    const spot = labels.objectives[index];
    const r = spot ? spot.r * k : style.objective.markerPx * k;
    const at: Point = spot ? [spot.at[0] * k, spot.at[1] * k] : item.at;
    return { k, r, at, from: spot?.from ?? null, look: objectiveStar(r, item.holderColor) };
  };
  return (
    <Group>
      {item.radius !== null ? (
        <Circle
          x={item.at[0]}
          y={item.at[1]}
          radius={item.radius}
          stroke={style.objective.radiusStroke}
          penAttrs={({ k }: Pen) => ({ strokeWidth: 1.4 * k, dash: style.objective.radiusDashPx.map((v) => v * k) })}
          listening={false}
          perfectDrawEnabled={false}
        />
      ) : null}
      <Line
        penAttrs={(pen: Pen) => {
          const { k, at, from } = placed(pen);
          return from ? { visible: true, points: [from[0] * k, from[1] * k, at[0], at[1]], strokeWidth: k, dash: [3 * k, 2 * k] } : { visible: false };
        }}
        stroke={style.objective.stroke}
        listening={false}
        perfectDrawEnabled={false}
      />
      <Group
        penAttrs={(pen: Pen) => {
          const { at } = placed(pen);
          return { x: at[0], y: at[1] };
        }}
      >
        {item.holderColor !== null ? (
          <Circle
            penAttrs={(pen: Pen) => {
              const { k, look } = placed(pen);
              return { radius: look.ring?.r ?? 0, stroke: look.ring?.color ?? '#ffffff', strokeWidth: 2.5 * k };
            }}
            fill="#ffffff"
            listening={false}
            perfectDrawEnabled={false}
          />
        ) : null}
        <Star
          name={item.pointer}
          numPoints={5}
          // Sized by `penAttrs` before it is first drawn.
          innerRadius={0}
          outerRadius={0}
          penAttrs={(pen: Pen) => {
            const { k, r, look } = placed(pen);
            return { innerRadius: look.inner, outerRadius: r, strokeWidth: style.objective.strokePx * k };
          }}
          fill={style.objective.fill}
          stroke={style.objective.stroke}
          lineJoin="round"
          perfectDrawEnabled={false}
        />
      </Group>
    </Group>
  );
}

export function UnitView(props: Common & { item: UnitItem }) {
  const { item, pen, style } = props;
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
        penAttrs={({ k }: Pen) => ({ strokeWidth: style.unit.strokePx * k })}
        perfectDrawEnabled={false}
      />
      <Marks
        draw={(ctx) => {
          const { k } = pen;
          const name = pen.labels.counterNames.get(item.pointer);
          const symbol = counterSymbol(item, w, d, (name?.band ?? 0) * k, k, style);
          const front = counterFront(item, d, k, style);
          // The front edge is heavier and a tick points the way the unit faces.
          ctx.beginPath();
          ctx.moveTo(-w / 2, -d / 2);
          ctx.lineTo(w / 2, -d / 2);
          ctx.moveTo(0, -d / 2);
          ctx.lineTo(0, -d / 2 - FACING_TICK_PX * k);
          strokeNow(ctx, { color: front.color, width: front.width, cap: 'butt' });
          if (!symbol) return;
          ctx.beginPath();
          traceSegments(ctx, symbol.lines);
          strokeNow(ctx, { color: item.ink, width: symbol.pen, cap: 'butt' });
          if (symbol.dot) {
            ctx.beginPath();
            ctx.arc(symbol.dot.at[0], symbol.dot.at[1], symbol.dot.r, 0, Math.PI * 2);
            fillNow(ctx, item.ink);
          }
        }}
      />
    </Group>
  );
}

export function LeaderView(props: Common & { item: LeaderItem }) {
  const { item, style } = props;
  const star = leaderStar(item, item.radius, style);
  return (
    <Group x={item.at[0]} y={item.at[1]}>
      <Circle
        name={item.pointer}
        radius={item.radius}
        fill={item.color}
        stroke={style.unit.stroke}
        penAttrs={({ k }: Pen) => ({ strokeWidth: style.unit.strokePx * k })}
        perfectDrawEnabled={false}
      />
      <Star
        numPoints={5}
        innerRadius={star.inner}
        outerRadius={star.outer}
        fill={style.leader.starFill}
        stroke={star.stroke ?? undefined}
        penAttrs={({ k }: Pen) => ({ strokeWidth: 0.6 * k })}
        listening={false}
        perfectDrawEnabled={false}
      />
    </Group>
  );
}
