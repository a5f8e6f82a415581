// What a gesture acts on, as pure functions of the scenario: the shape whose corners a click edits, the hill a crest
// belongs to, the shapes a selection stands for and which of them are unlocked, and the grid cell under a point.
// The gesture reducer, the transformer and drops from the unit lists share them, so they agree.
import { validPoints } from '../../domain/geometry.js';
import { cellNameAt, cellPolygon, isCellGrid, parseCell } from '../../domain/grid.js';
import type { Point, Scenario } from '../../domain/model.js';
import { parseVertex, targetOf } from './commands.js';
import type { Hit } from './gestures.js';
import type { LayerKey } from './scene-view.js';

/** The shape whose corners can be edited for a selection: a feature with an outline or path, or a polygon zone. */
export function editableOwner(s: Scenario, pointer: string): string | null {
  const owner = parseVertex(pointer)?.owner ?? pointer;
  const t = targetOf(s, owner);
  if (t?.type === 'feature') {
    const f = t.feature as { polygon?: unknown; path?: unknown; crest?: unknown };
    return validPoints(f.polygon).length >= 3 || validPoints(f.path).length >= 2 ? owner : null;
  }
  if (t?.type === 'zone') return validPoints((t.deployment.zone as { polygon?: unknown }).polygon).length >= 3 ? owner : null;
  return null;
}

/** The hill a crest is drawn on: the selected hill, or the one clicked. */
export function crestHill(s: Scenario, selection: readonly string[], hit: Hit): string | null {
  const isHill = (p: string | undefined) => {
    const t = p ? targetOf(s, p) : null;
    return t?.type === 'feature' && t.feature.kind === 'hill';
  };
  const sel = selection[selection.length - 1];
  if (sel && isHill(parseVertex(sel)?.owner ?? sel)) return parseVertex(sel)?.owner ?? sel;
  if (hit?.kind === 'item' && isHill(hit.pointer)) return hit.pointer;
  return null;
}

/** The shapes a selection stands for: a selected corner stands for its whole shape. */
export function owners(pointers: readonly string[]): string[] {
  return [...new Set(pointers.map((p) => parseVertex(p)?.owner ?? p))];
}

/** The pointers whose layer is not locked. */
export function unlocked(pointers: readonly string[], layers: ReadonlyMap<string, LayerKey>, locked: ReadonlySet<LayerKey>): string[] {
  return pointers.filter((p) => {
    const layer = layers.get(p);
    return !(layer && locked.has(layer));
  });
}

export function cellRing(s: Scenario, name: string): Point[] | null {
  const ref = parseCell(name);
  return ref && isCellGrid(s.grid) ? cellPolygon(s.grid, ref.col, ref.row) : null;
}

export function cellAtPoint(s: Scenario, p: Point): string | null {
  return isCellGrid(s.grid) ? cellNameAt(s.grid, s.table, p) : null;
}
