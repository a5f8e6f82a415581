// Where the static layer's pixels change when items are lifted off it for a drag (MapView): their own drawing and
// the names the layout gave them (labelsWithout), nothing else, as the other names stay where they were. Those
// boxes alone are drawn again into the kept bitmap (sliced-cache.ts, `redrawRegions`) instead of a whole re-cache.
import type Konva from 'konva';
import type { SceneLabels } from '../../domain/map/labels.js';
import type { MapScene } from '../../domain/map/scene.js';
import { boundingBox } from '../../domain/geometry.js';
import type { Point } from '../../domain/model.js';
import { selectionBox } from './scene-view.js';
import type { RegionBox } from './sliced-cache.js';

/**
 * Screen pixels around an item's outline that its drawing may reach: strokes (3 px at most), halos (7), a counter's
 * facing tick (5), a ford drawn no narrower than 22 px (11 past its centre), shadows (10 px of blur). Objectives,
 * whose stars are drawn where the layout puts them, are handled apart.
 */
const ITEM_REACH_PX = 24;
/** Around a name's plaque: its halo and the leader line's width. */
const NAME_REACH_PX = 4;

const padded = (b: RegionBox, pad: number): RegionBox => ({ minX: b.minX - pad, minY: b.minY - pad, maxX: b.maxX + pad, maxY: b.maxY + pad });

/** The box round points the callers always give (two corners at least), widened by `pad`. */
const around = (points: readonly Point[], pad: number): RegionBox => padded(boundingBox(points)!, pad);

/**
 * The boxes, in table units, that hold every pixel the items in `lifted` drew on the static layer, names included:
 * `before` is the layout the layer was drawn with (pixels at `scale`, made for `scene`). Null when an item has no
 * outline to measure (the caller then re-caches the whole layer).
 */
export function liftRegions(scene: MapScene, lifted: ReadonlySet<string>, before: SceneLabels, scale: number): RegionBox[] | null {
  const k = 1 / scale;
  const boxes: RegionBox[] = [];
  for (const pointer of lifted) {
    const box = selectionBox(scene, [pointer]);
    if (!box) return null;
    boxes.push(padded(box, ITEM_REACH_PX * k));
  }
  const px = (x: number, y: number): Point => [x * k, y * k];
  for (const l of before.labels) {
    if (l.ref === undefined || !lifted.has(l.ref)) continue;
    const points: Point[] = [px(l.box.x0, l.box.y0), px(l.box.x1, l.box.y1)];
    if (l.leader) points.push(px(...l.leader[0]), px(...l.leader[1]));
    boxes.push(around(points, NAME_REACH_PX * k));
  }
  for (const [pointer, n] of before.counterNames) {
    if (!lifted.has(pointer)) continue;
    // Drawn on the counter, within its outline; the text's length bounds it whatever the rotation.
    const r = n.text.length * n.size + n.size;
    boxes.push(around([px(n.cx - r, n.cy - r), px(n.cx + r, n.cy + r)], NAME_REACH_PX * k));
  }
  for (const b of before.blockNames) {
    if (!lifted.has(b.pointer)) continue;
    for (const line of b.lines) {
      const r = line.text.length * b.size + b.size;
      boxes.push(around([px(line.x - r, line.y - b.size), px(line.x + r, line.y + b.size)], NAME_REACH_PX * k));
    }
  }
  scene.objectives.forEach((o, i) => {
    const spot = before.objectives[i];
    if (!spot || !lifted.has(o.pointer)) return;
    const points: Point[] = [px(spot.at[0] - 2 * spot.r, spot.at[1] - 2 * spot.r), px(spot.at[0] + 2 * spot.r, spot.at[1] + 2 * spot.r)];
    if (spot.from) points.push(px(...spot.from));
    boxes.push(around(points, ITEM_REACH_PX * k));
  });
  return boxes;
}

/**
 * Whether `after` only leaves names of `before` out: every name in it is one of `before`'s, the same object. Only
 * then do the lift's boxes hold every name that changed; a layout made afresh may have moved any name on the table.
 */
export function keepsNames(before: SceneLabels, after: SceneLabels): boolean {
  const placed = new Set(before.labels);
  const counters = new Set(before.counterNames.values());
  const blocks = new Set(before.blockNames);
  const spots = new Set(before.objectives);
  return (
    after.labels.every((l) => placed.has(l)) &&
    [...after.counterNames.values()].every((n) => counters.has(n)) &&
    after.blockNames.every((b) => blocks.has(b)) &&
    after.objectives.every((o) => spots.has(o))
  );
}

/** Whether two boxes share any point. */
export function meets(a: RegionBox, b: RegionBox): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** Each selectable's box with the reach of its drawing, by pointer; made once per scene and zoom. */
const reachBoxes = new WeakMap<MapScene, { k: number; boxes: Map<string, RegionBox> }>();

function reachOf(scene: MapScene, k: number): Map<string, RegionBox> {
  const known = reachBoxes.get(scene);
  if (known && known.k === k) return known.boxes;
  const boxes = new Map<string, RegionBox>();
  const pad = ITEM_REACH_PX * k;
  // Min and max read off the outlines directly, as `outlinePoints` would give them: on a big table this runs in
  // the frame of a lift, over every item, and a point list per item was most of its cost.
  for (const s of scene.selectables) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const o of s.outlines) {
      if (o.type === 'poly') {
        const w = (o.widthIn ?? 0) / 2;
        for (const [x, y] of o.points) {
          if (x - w < minX) minX = x - w;
          if (y - w < minY) minY = y - w;
          if (x + w > maxX) maxX = x + w;
          if (y + w > maxY) maxY = y + w;
        }
      } else {
        minX = Math.min(minX, o.centre[0] - o.radius);
        minY = Math.min(minY, o.centre[1] - o.radius);
        maxX = Math.max(maxX, o.centre[0] + o.radius);
        maxY = Math.max(maxY, o.centre[1] + o.radius);
      }
    }
    if (minX <= maxX) boxes.set(s.pointer, { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad });
  }
  reachBoxes.set(scene, { k, boxes });
  return boxes;
}

/** The pointer a static layer child draws (its own name or its first named descendant's), or null. */
const childPointers = new WeakMap<Konva.Node, string | null>();

function pointerOfChild(node: Konva.Node): string | null {
  if (childPointers.has(node)) return childPointers.get(node)!;
  let found: string | null = null;
  const visit = (n: Konva.Node): boolean => {
    const name = n.name();
    if (name.startsWith('/')) {
      found = name;
      return true;
    }
    const children = (n as Konva.Container).children;
    if (children) for (const c of children) if (visit(c)) return true;
    return false;
  };
  visit(node);
  childPointers.set(node, found);
  return found;
}

/**
 * Whether a child of the static layer's group can have pixels in a box: every child that is not one item's drawing
 * (the cloth, the grid, the names, tints) can, and every objective (its star may stand aside from it); an item can
 * when its outline, widened by its drawing's reach, meets the box. `scene` is what the group draws now.
 */
export function childrenMeeting(scene: MapScene, scale: number): (child: Konva.Node, box: RegionBox) => boolean {
  const boxes = reachOf(scene, 1 / scale);
  return (child, region) => {
    const pointer = pointerOfChild(child);
    if (pointer === null || pointer.startsWith('/objectives/')) return true;
    const box = boxes.get(pointer);
    return !box || meets(region, box);
  };
}
