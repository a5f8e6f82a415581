// Everything on the map that changes only with the document or the settled zoom: table, rulers, terrain, grid,
// zones, objectives and counters. MapView caches it as one bitmap, so panning and selecting never redraw it.
import { memo } from 'react';
import { Group, Rect } from 'react-konva';
import { gridSize } from '../../domain/grid.js';
import { rulerTicks } from '../../domain/map/shapes.js';
import { Labels, Marks, strokeNow, tracePolylines, type LabelSpec } from './draw.js';
import {
  EntryView,
  LeaderView,
  ObjectiveView,
  UnitView,
  ZoneView,
  entryLabel,
  leaderLabel,
  objectiveLabels,
  unitLabel,
  zoneLabel,
} from './ForceShapes.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import { AreaView, BlockNames, BlockView, CrossingView, LineView, terrainLabels } from './TerrainShapes.js';

interface Props {
  scene: MapScene;
  /** Screen pixels per inch at the settled zoom: hairlines and labels are sized from it. */
  scale: number;
  showCellLabels: boolean;
  style: MapStyle;
}

function Rulers(props: { scene: MapScene; k: number; scale: number; style: MapStyle }) {
  const { scene, k, scale, style } = props;
  const { width: w, height: h } = scene.table;
  const band = style.ruler.bandPx * k;
  const top = rulerTicks(w);
  const left = rulerTicks(h);
  // Below ~4px an inch tick pattern is a grey smear; the 3" and 6" ticks still read.
  const showMinor = scale >= 4;
  const length = (size: 'major' | 'half' | 'minor'): number => band * (size === 'major' ? 0.55 : size === 'half' ? 0.38 : 0.22);
  return (
    <Group listening={false}>
      <Rect x={-band} y={-band} width={w + band} height={band} fill={style.ruler.fill} perfectDrawEnabled={false} />
      <Rect x={-band} y={0} width={band} height={h} fill={style.ruler.fill} perfectDrawEnabled={false} />
      <Marks
        draw={(ctx) => {
          ctx.beginPath();
          ctx.rect(-band, -band, w + band, band);
          ctx.rect(-band, 0, band, h);
          strokeNow(ctx, { color: style.ruler.stroke, width: k, cap: 'butt' });
          ctx.beginPath();
          for (const t of top) {
            if (t.size === 'minor' && !showMinor) continue;
            ctx.moveTo(t.at, 0);
            ctx.lineTo(t.at, -length(t.size));
          }
          for (const t of left) {
            if (t.size === 'minor' && !showMinor) continue;
            ctx.moveTo(0, t.at);
            ctx.lineTo(-length(t.size), t.at);
          }
          strokeNow(ctx, { color: style.ruler.tick, width: k, cap: 'butt' });
        }}
      />
      <Labels
        k={k}
        style={style}
        labels={[
          ...top.map((t): LabelSpec | null => {
            if (!t.label) return null;
            // The last label would hang off the table's east end; it reads leftwards from its tick instead.
            const last = t.at > w - 2;
            return { at: [t.at, -band], text: t.label, size: style.ruler.fontPx, color: style.ruler.text, align: last ? 'right' : 'left', anchor: 'top', dx: last ? -2 : 2, dy: 2, halo: false };
          }),
          ...left.map((t): LabelSpec | null => {
            if (!t.label || t.at === 0) return null;
            const last = t.at > h - 2;
            return { at: [-band, t.at], text: t.label, size: style.ruler.fontPx - 1, color: style.ruler.text, align: 'left', anchor: last ? 'bottom' : 'top', dx: 1, dy: last ? -1 : 1, halo: false };
          }),
        ]}
      />
    </Group>
  );
}

function GridLines(props: { scene: MapScene; k: number; style: MapStyle }) {
  const { scene, k, style } = props;
  const grid = scene.grid;
  if (!grid) return null;
  return (
    <Marks
      draw={(ctx) => {
        ctx.beginPath();
        if (grid.kind === 'square') {
          // Shared edges drawn once: the grid as full-length lines rather than one square per cell.
          const { cols, rows } = gridSize(grid, scene.table);
          for (let i = 0; i <= cols; i++) {
            ctx.moveTo(i * grid.cell, 0);
            ctx.lineTo(i * grid.cell, rows * grid.cell);
          }
          for (let j = 0; j <= rows; j++) {
            ctx.moveTo(0, j * grid.cell);
            ctx.lineTo(cols * grid.cell, j * grid.cell);
          }
        } else {
          tracePolylines(
            ctx,
            scene.cells.map((c) => c.ring),
            true,
          );
        }
        strokeNow(ctx, { color: style.grid.stroke, width: style.grid.strokePx * k, cap: 'butt' });
      }}
    />
  );
}

function cellLabels(scene: MapScene, scale: number, style: MapStyle): LabelSpec[] {
  const grid = scene.grid;
  // Labels in cells smaller than ~26px would fill them with text and hide the terrain.
  if (!grid || grid.cell * scale < style.grid.minCellPxForLabels) return [];
  return scene.cells.map((c) => ({
    at: c.labelAt,
    text: c.name,
    size: style.grid.labelPx,
    color: style.grid.label,
    align: c.labelAlign,
    anchor: 'top' as const,
    halo: false,
  }));
}

function StaticSceneImpl(props: Props) {
  const { scene, scale, showCellLabels, style } = props;
  const k = 1 / scale;
  const common = { k, style };
  const { width: w, height: h } = scene.table;
  return (
    <>
      <Rulers scene={scene} k={k} scale={scale} style={style} />
      <Rect
        width={w}
        height={h}
        fill={style.cloth.fill}
        stroke={style.cloth.stroke}
        strokeWidth={style.cloth.strokePx * k}
        shadowColor={style.cloth.shadow}
        shadowBlur={style.cloth.shadowPx * k}
        shadowOffsetX={2 * k}
        shadowOffsetY={3 * k}
        shadowForStrokeEnabled={false}
        listening={false}
      />
      {scene.areas.map((item) => (
        <AreaView key={item.pointer} item={item} {...common} />
      ))}
      {scene.lines.map((item) => (
        <LineView key={item.pointer} item={item} {...common} />
      ))}
      {scene.crossings.map((item) => (
        <CrossingView key={item.pointer} item={item} {...common} />
      ))}
      {scene.barriers.map((item) => (
        <LineView key={item.pointer} item={item} {...common} />
      ))}
      {scene.blocks.map((item) => (
        <BlockView key={item.pointer} item={item} {...common} />
      ))}
      <GridLines scene={scene} k={k} style={style} />
      {scene.zones.map((item) => (
        <ZoneView key={item.pointer} item={item} {...common} />
      ))}
      {scene.entries.map((item) => (
        <EntryView key={item.pointer} item={item} {...common} />
      ))}
      <BlockNames scene={scene} {...common} />
      <Labels
        k={k}
        style={style}
        labels={[
          ...(showCellLabels ? cellLabels(scene, scale, style) : []),
          ...terrainLabels(scene, k, style),
          ...scene.zones.map((item) => zoneLabel(item, style)),
          ...scene.entries.map((item) => entryLabel(item, style)),
        ]}
      />
      {scene.objectives.map((item) => (
        <ObjectiveView key={item.pointer} item={item} {...common} />
      ))}
      {scene.units.map((item) => (
        <UnitView key={item.pointer} item={item} {...common} />
      ))}
      {scene.leaders.map((item) => (
        <LeaderView key={item.pointer} item={item} {...common} />
      ))}
      <Labels
        k={k}
        style={style}
        labels={[
          ...scene.objectives.flatMap((item) => objectiveLabels(item, k, style)),
          ...scene.units.map((item) => unitLabel(item, k, style)),
          ...scene.leaders.map((item) => leaderLabel(item, k, style)),
        ]}
      />
    </>
  );
}

export const StaticScene = memo(StaticSceneImpl);
