// Everything on the map that changes only with the document or the settled zoom: table, terrain, grid, zones,
// objectives and counters, and every name where the label layout (domain/map/labels.ts, shared with the printed
// sheet) puts it. MapView caches it as one bitmap, so panning and selecting never redraw it. The same drawing,
// `bare` (no cloth or grid), shows the items being dragged on the top layer. The settled zoom and its layout come
// through `pen` (pen.ts), read when drawn: only a new scene re-renders this.
import { memo } from 'react';
import { Rect } from 'react-konva';
import { gridSize } from '../../domain/grid.js';
import type { Measure } from '../../domain/map/label-placer.js';
import { layoutSceneLabels, screenLabelView, type SceneLabels } from '../../domain/map/labels.js';
import type { Pen } from './pen.js';
import type { Point } from '../../domain/model.js';
import { Labels, Marks, PlacedLabels, canvasMeasure, fillNow, strokeNow, tracePolylines, type LabelSpec } from './draw.js';
import { EntryView, LeaderView, ObjectiveView, UnitView, ZoneView } from './ForceShapes.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import { AreaView, BlockView, CrossingView, LineView } from './TerrainShapes.js';

/** One cell of the "what the engine sees" overlay. */
export interface CellTint {
  ring: Point[];
  /** Null leaves the cell untinted (open ground), with its words only. */
  color: string | null;
  /** A letter or two for the terrain, drawn at `at`. */
  mark: string;
  at: Point;
}

interface Props {
  scene: MapScene;
  /** The settled zoom and the label layout made for it, read when drawn: hairlines and labels are sized from it. */
  pen: Pen;
  showCellLabels: boolean;
  showGrid?: boolean;
  /** The items alone: no cloth, grid or cell labels (the dragged items on the top layer). */
  bare?: boolean;
  tints?: CellTint[] | null;
  style: MapStyle;
}

/** The label layout of a scene on screen at `scale`, its text measured as the canvas draws it. */
export function screenLabels(scene: MapScene, scale: number, style: MapStyle): SceneLabels {
  return layoutSceneLabels(scene, screenLabelView(scene, scale, style, measureFor(style.label.fontFamily)));
}

const measures = new Map<string, Measure>();
/** One text measure per font family, shared by every layout so its widths are measured once. */
export function measureFor(family: string): Measure {
  let m = measures.get(family);
  if (!m) measures.set(family, (m = canvasMeasure(family)));
  return m;
}

function Tints(props: { tints: CellTint[]; pen: Pen; style: MapStyle }) {
  const { tints, pen, style } = props;
  return (
    <>
      <Marks
        draw={(ctx) => {
          const byColor = new Map<string, Point[][]>();
          for (const t of tints) if (t.color) byColor.set(t.color, [...(byColor.get(t.color) ?? []), t.ring]);
          for (const [color, rings] of byColor) {
            ctx.beginPath();
            tracePolylines(ctx, rings, true);
            fillNow(ctx, color, 0.45);
            strokeNow(ctx, { color, width: 2 * pen.k });
          }
        }}
      />
      <Labels
        pen={pen}
        style={style}
        labels={tints.filter((t) => t.mark).map((t) => ({ at: t.at, text: t.mark, size: style.label.fontPx + 1, bold: true, color: '#1d1a14' }))}
      />
    </>
  );
}

function GridLines(props: { scene: MapScene; pen: Pen; style: MapStyle }) {
  const { scene, pen, style } = props;
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
        strokeNow(ctx, { color: style.grid.stroke, width: style.grid.strokePx * pen.k, cap: 'butt' });
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
  const { scene, pen, showCellLabels, style, bare = false, showGrid = true, tints } = props;
  const common = { pen, style };
  const { width: w, height: h } = scene.table;
  return (
    <>
      {!bare && <Rect
        width={w}
        height={h}
        fill={style.cloth.fill}
        stroke={style.cloth.stroke}
        shadowColor={style.cloth.shadow}
        penAttrs={({ k }: Pen) => ({ strokeWidth: style.cloth.strokePx * k, shadowBlur: style.cloth.shadowPx * k, shadowOffsetX: 2 * k, shadowOffsetY: 3 * k })}
        shadowForStrokeEnabled={false}
        listening={false}
      />}
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
      {tints && tints.length > 0 && <Tints tints={tints} pen={pen} style={style} />}
      {!bare && showGrid && <GridLines scene={scene} pen={pen} style={style} />}
      {scene.zones.map((item) => (
        <ZoneView key={item.pointer} item={item} {...common} />
      ))}
      {scene.entries.map((item) => (
        <EntryView key={item.pointer} item={item} {...common} />
      ))}
      {showCellLabels && !bare && <Labels pen={pen} style={style} labels={({ scale }) => cellLabels(scene, scale, style)} />}
      {scene.objectives.map((item, i) => (
        <ObjectiveView key={item.pointer} item={item} index={i} {...common} />
      ))}
      {scene.units.map((item) => (
        <UnitView key={item.pointer} item={item} {...common} />
      ))}
      {scene.leaders.map((item) => (
        <LeaderView key={item.pointer} item={item} {...common} />
      ))}
      <PlacedLabels pen={pen} style={style} />
    </>
  );
}

export const StaticScene = memo(StaticSceneImpl);
