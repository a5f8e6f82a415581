// The static layer's bitmap made again over several frames. Konva's `cache()` draws every child of the group into
// a new bitmap in one block (40–70 ms for a 1,500-feature table); here the children are drawn into the new bitmap a
// slice at a time (frame-slices.ts) while the old bitmap, scaled, stays on show, and the new one takes its place
// only once whole. The result is the same cache `cache()` makes: Konva draws it, and builds its hit canvas when
// one is first asked for, as it would after `cache()`.
//
// This reaches into Konva's cache (`_canvasCache`, `_isUnderCache`, as `cache()` itself sets them); the konva
// version is pinned exactly in package.json, MapView falls back to `cache()` for every change that is not a zoom,
// and `canRecacheInSlices` sends it back to `cache()` if these fields are ever not there.
import type Konva from 'konva';
import { HitCanvas, SceneCanvas } from 'konva/lib/Canvas.js';
import { runInSlices, type SlicedJob } from './frame-slices.js';

export interface CacheRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What `cache()` keeps on a node (Konva's own shape of it). */
interface CanvasCache {
  scene: SceneCanvas;
  filter: SceneCanvas;
  hit: HitCanvas | null;
  hitConfig: { pixelRatio: number; width: number; height: number };
  x: number;
  y: number;
}

interface CacheInternals {
  _canvasCache: CanvasCache | null;
  _isUnderCache: boolean;
  _releaseCanvasCache(): void;
  _clearSelfAndDescendantCache(attr?: string): void;
}

const internals = (group: Konva.Group): CacheInternals => group;

/**
 * Whether this Konva keeps its cache the way this module writes it. Checked before each sliced re-cache, so a Konva
 * that changed them makes the map fall back to `cache()` (slower, but right) rather than draw a broken bitmap.
 */
export function canRecacheInSlices(group: Konva.Group): boolean {
  const g = internals(group) as unknown as Record<string, unknown>;
  return '_canvasCache' in g && typeof g._releaseCanvasCache === 'function' && typeof g._clearSelfAndDescendantCache === 'function' && typeof g._isUnderCache === 'boolean';
}

/**
 * Draws `group`'s children into a new bitmap of `rect` a slice per frame, then makes it the group's cache. `prepare`
 * runs on each child just before it is drawn (the map gives it the new zoom's sizes there, pen.ts).
 */
export function recacheInSlices(
  group: Konva.Group,
  rect: CacheRect,
  pixelRatio: number,
  hitPixelRatio: number,
  done: () => void,
  prepare?: (child: Konva.Node) => void,
): SlicedJob {
  const width = Math.ceil(rect.width);
  const height = Math.ceil(rect.height);
  const scene = new SceneCanvas({ pixelRatio, width, height });
  scene.isCache = true;
  const context = scene.getContext();
  context.translate(-rect.x, -rect.y);

  function* draw(): Generator<void, void, void> {
    internals(group)._clearSelfAndDescendantCache('absoluteOpacity');
    for (const child of group.getChildren()) {
      prepare?.(child);
      const g = internals(group);
      // As `cache()` does: a child's opacity is taken relative to the group while it is drawn into the bitmap.
      g._isUnderCache = true;
      try {
        child.drawScene(scene, group);
      } finally {
        g._isUnderCache = false;
      }
      yield;
    }
  }

  let finished = false;
  let hitJob: SlicedJob | null = null;
  const job = runInSlices(draw(), () => {
    finished = true;
    const g = internals(group);
    g._clearSelfAndDescendantCache('absoluteOpacity');
    g._releaseCanvasCache();
    const cache: CanvasCache = {
      scene,
      filter: new SceneCanvas({ pixelRatio, width: 0, height: 0 }),
      hit: null,
      hitConfig: { pixelRatio: hitPixelRatio, width, height },
      x: rect.x,
      y: rect.y,
    };
    g._canvasCache = cache;
    g._clearSelfAndDescendantCache();
    group.getLayer()?.batchDraw();
    done();
    hitJob = hitInSlices(group, cache);
  });
  return {
    cancel: () => {
      job.cancel();
      hitJob?.cancel();
      // A bitmap never shown is given back at once rather than left to the collector (canvases are heavy).
      if (!finished) {
        scene.setSize(0, 0);
      }
    },
  };
}

/**
 * Draws the hit canvas of the cache `cache()` just made on `group` in slices, as after a sliced re-cache; null when
 * there is no cache, it has a hit canvas already, or this Konva keeps its cache otherwise.
 */
export function cacheHitInSlices(group: Konva.Group): SlicedJob | null {
  if (!canRecacheInSlices(group)) return null;
  const cache = internals(group)._canvasCache;
  return cache && cache.hit === null ? hitInSlices(group, cache) : null;
}

/**
 * Draws the hit canvas of `group`'s new cache a child per step, as Konva's `_getCachedHitCanvas` draws it in one go,
 * and gives it to the cache if the cache is still the group's and has none yet (a hit test asked meanwhile makes
 * Konva draw its own).
 */
function hitInSlices(group: Konva.Group, cache: CanvasCache): SlicedJob {
  let hit: HitCanvas | null = null;
  const current = (): boolean => internals(group)._canvasCache === cache && cache.hit === null;

  function* draw(): Generator<void, void, void> {
    // A step of its own: allocating the canvas is a block of several milliseconds on a big table.
    const canvas = new HitCanvas(cache.hitConfig);
    canvas.isCache = true;
    canvas.getContext().translate(-cache.x, -cache.y);
    hit = canvas;
    yield;
    // As Konva's own: a group that takes no pointer keeps an empty hit canvas.
    if (!group.shouldDrawHit(group)) return;
    for (const child of group.getChildren()) {
      if (!current()) return;
      child.drawHit(canvas, group);
      yield;
    }
  }

  let given = false;
  const job = runInSlices(draw(), () => {
    if (!hit || !current()) return;
    cache.hit = hit;
    given = true;
  });
  return {
    cancel: () => {
      job.cancel();
      if (!given) hit?.setSize(0, 0);
    },
  };
}

/** A box in the group's own units (table inches on the map). */
export interface RegionBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Draws `boxes` of `group`'s bitmap again from its children, in place. Each box, widened to whole pixels of the
 * bitmap, is drawn into a small canvas of its own placed on the same pixel grid, and copied over the bitmap's pixels
 * there, so they are exactly what a whole `cache()` would draw now (a clip on the big bitmap instead changes the
 * rounding of edges and shadows by a level or two), and every pixel outside the boxes is kept. The small canvas
 * reaches `guard` (group units) past its box, since a shape just outside a box can cast a shadow or a blur into it,
 * which Konva works out only from what lies on the canvas. For a change whose pixels all lie inside the boxes (items
 * taken off the layer) this costs a fraction of a re-cache. `draws` may leave out children known to draw nothing
 * inside a box (the box given is widened by `guard`). The hit canvas, if any, is dropped and drawn again in slices.
 * Not done when the group has no bitmap this module knows how to reach.
 */
export function redrawRegions(
  group: Konva.Group,
  boxes: readonly RegionBox[],
  draws: (child: Konva.Node, box: RegionBox) => boolean = () => true,
  guard = 0,
): { done: boolean; hit: SlicedJob | null } {
  if (!canRecacheInSlices(group)) return { done: false, hit: null };
  const g = internals(group);
  const cache = g._canvasCache;
  if (!cache) return { done: false, hit: null };
  const pr = cache.scene.pixelRatio;
  const target = cache.scene.getContext()._context;
  g._clearSelfAndDescendantCache('absoluteOpacity');
  g._isUnderCache = true;
  try {
    for (const box of boxes) {
      const px = devicePixels(box, cache.x, cache.y, pr, cache.scene.width, cache.scene.height);
      if (!px) continue;
      const wide = { minX: box.minX - guard, minY: box.minY - guard, maxX: box.maxX + guard, maxY: box.maxY + guard };
      const around = devicePixels(wide, cache.x, cache.y, pr, cache.scene.width, cache.scene.height)!;
      // A hair over the whole pixels, so Konva's truncation of the size to the bitmap's gives exactly these.
      const part = new SceneCanvas({ pixelRatio: pr, width: (around.x1 - around.x0 + 0.5) / pr, height: (around.y1 - around.y0 + 0.5) / pr });
      part.isCache = true;
      part.getContext().translate(-(cache.x + around.x0 / pr), -(cache.y + around.y0 / pr));
      for (const child of group.getChildren()) if (draws(child, wide)) child.drawScene(part, group);
      const w = px.x1 - px.x0;
      const h = px.y1 - px.y0;
      target.save();
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.clearRect(px.x0, px.y0, w, h);
      target.drawImage(part._canvas, px.x0 - around.x0, px.y0 - around.y0, w, h, px.x0, px.y0, w, h);
      target.restore();
      part.setSize(0, 0);
    }
  } finally {
    g._isUnderCache = false;
    g._clearSelfAndDescendantCache('absoluteOpacity');
  }
  const oldHit = cache.hit;
  cache.hit = null;
  oldHit?.setSize(0, 0);
  group.getLayer()?.batchDraw();
  return { done: true, hit: hitInSlices(group, cache) };
}

/**
 * `box` as whole pixels of a bitmap `width` by `height` pixels whose corner is the point (`x`, `y`) at `pixelRatio`
 * pixels a unit, widened outward and cut to the bitmap; null when nothing of it is on the bitmap.
 */
export function devicePixels(box: RegionBox, x: number, y: number, pixelRatio: number, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } | null {
  const x0 = Math.max(0, Math.floor((box.minX - x) * pixelRatio));
  const y0 = Math.max(0, Math.floor((box.minY - y) * pixelRatio));
  const x1 = Math.min(width, Math.ceil((box.maxX - x) * pixelRatio));
  const y1 = Math.min(height, Math.ceil((box.maxY - y) * pixelRatio));
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

/**
 * How far `group`'s bitmap is from what a whole `cache()` of its children would draw now: how many pixels differ
 * and the largest difference in any channel (null when it has no bitmap). The end-to-end tests' check that a bitmap
 * drawn again in parts is the one a re-cache would make. Draws into a bitmap of its own; the group's is left as is.
 */
export function cacheDifference(group: Konva.Group): { pixels: number; worst: number } | null {
  if (!canRecacheInSlices(group)) return null;
  const g = internals(group);
  const cache = g._canvasCache;
  if (!cache) return null;
  const fresh = new SceneCanvas({ pixelRatio: cache.scene.pixelRatio, width: cache.hitConfig.width, height: cache.hitConfig.height });
  fresh.isCache = true;
  const context = fresh.getContext();
  context.save();
  context.translate(-cache.x, -cache.y);
  g._clearSelfAndDescendantCache('absoluteOpacity');
  g._isUnderCache = true;
  try {
    for (const child of group.getChildren()) child.drawScene(fresh, group);
  } finally {
    g._isUnderCache = false;
    g._clearSelfAndDescendantCache('absoluteOpacity');
    context.restore();
  }
  const w = cache.scene.width;
  const h = cache.scene.height;
  const a = cache.scene.getContext()._context.getImageData(0, 0, w, h).data;
  const b = fresh.getContext()._context.getImageData(0, 0, w, h).data;
  fresh.setSize(0, 0);
  let pixels = 0;
  let worst = 0;
  for (let i = 0; i < a.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(a[i + c]! - b[i + c]!));
    if (d > 0) pixels++;
    worst = Math.max(worst, d);
  }
  return { pixels, worst };
}
