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
