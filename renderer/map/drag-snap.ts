// Where a dragged item goes. Each item has a reference point (a block's corner, a crossing's spot, a shape's first
// point, a unit's cell centre) that snaps in its own way while the pointer moves: blocks to their lattice, bridges
// and fords onto their river, cell-painted areas by whole cells, everything else to the editor's snap setting.
import { isPoint, validPoints } from '../../domain/geometry.js';
import { isCellGrid } from '../../domain/grid.js';
import { blockCorner, clampToTable, snapPoint, snapToRiver, type Snap } from '../../domain/map/edit.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { FeatureKind, Point, Scenario } from '../../domain/model.js';
import { DEFAULT_BLOCK_SIZE } from '../../domain/terrain-cells.js';
import { targetOf } from './commands.js';
import { cellRing } from './gesture-targets.js';
import { selectionBox } from './scene-view.js';

export interface SnapSettings {
  scenario: Scenario;
  snap: Snap;
}

/**
 * How a dragged item's reference point snaps. Data rather than a function, so a gesture in progress can be compared
 * and printed; `dragSnap` applies it with the settings in force at each move.
 */
export type DragSnap =
  /** Like any drawn point: the editor's snap setting. */
  | { kind: 'point' }
  /** Building blocks keep to their lattice. */
  | { kind: 'block'; size: number }
  /** Bridges and fords stay on their river. */
  | { kind: 'river'; river?: string }
  /** Cell-painted areas move by whole cells. */
  | { kind: 'cells'; grid: Scenario['grid']; table: Scenario['table'] }
  /** A unit placed in a cell follows the pointer; the command puts it in the cell it lands in. */
  | { kind: 'free' };

/** A pointer's table point under the editor's snap setting, kept on the table. */
export function snapped(ctx: SnapSettings, p: Point): Point {
  return clampToTable(snapPoint(p, ctx.snap, ctx.scenario.grid, ctx.scenario.table), ctx.scenario.table);
}

/** Where a dragged item's reference point goes for a raw target, under the snap settings in force now. */
export function dragSnap(snap: DragSnap, p: Point, ctx: SnapSettings): Point {
  switch (snap.kind) {
    case 'point':
      return snapped(ctx, p);
    case 'block':
      return ctx.snap.kind === 'off' ? p : blockCorner([p[0] + snap.size / 2, p[1] + snap.size / 2], snap.size);
    case 'river':
      return snapToRiver(ctx.scenario, p, snap.river)?.at ?? p;
    case 'cells':
      return snapPoint(p, { kind: 'grid' }, snap.grid, snap.table);
    case 'free':
      return p;
  }
}

/** The reference point of a dragged item and how it snaps: blocks to their lattice, crossings onto their river. */
export function dragReference(ctx: { scenario: Scenario; scene: MapScene }, pointer: string): { ref: Point; snap: DragSnap } {
  const s = ctx.scenario;
  const t = targetOf(s, pointer);
  const gridded = isCellGrid(s.grid);
  const plain = (ref: Point) => ({ ref, snap: { kind: 'point' } as const });
  if (t?.type === 'feature') {
    const f = t.feature as { polygon?: unknown; path?: unknown; at?: unknown; size?: unknown; cells?: unknown; kind: FeatureKind; river?: string };
    if (f.kind === 'building-block' && isPoint(f.at)) {
      return { ref: f.at, snap: { kind: 'block', size: typeof f.size === 'number' ? f.size : DEFAULT_BLOCK_SIZE } };
    }
    if ((f.kind === 'bridge' || f.kind === 'ford') && isPoint(f.at)) return { ref: f.at, snap: { kind: 'river', river: f.river } };
    const pts = [...validPoints(f.polygon), ...validPoints(f.path)];
    if (pts.length) return plain(pts[0]!);
    if (Array.isArray(f.cells) && gridded) {
      const ring = cellRing(s, String(f.cells[0]));
      // The reference is a cell corner, and it snaps to the grid's corners.
      if (ring) return { ref: ring[0]!, snap: { kind: 'cells', grid: s.grid, table: s.table } };
    }
  }
  if ((t?.type === 'unit' || t?.type === 'leader') && t.setup) {
    if (typeof t.setup.cell === 'string' && gridded) {
      const ring = cellRing(s, t.setup.cell);
      if (ring) {
        const c = ring.reduce<Point>((acc, q) => [acc[0] + q[0] / ring.length, acc[1] + q[1] / ring.length], [0, 0]);
        return { ref: c, snap: { kind: 'free' } };
      }
    }
    if (isPoint(t.setup.at)) return plain(t.setup.at);
  }
  if (t?.type === 'objective' && isPoint(t.objective.at)) return plain(t.objective.at);
  const box = selectionBox(ctx.scene, [pointer]);
  return plain(box ? [box.minX, box.minY] : [0, 0]);
}
