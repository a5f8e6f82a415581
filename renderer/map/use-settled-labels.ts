// The label layout the static layer draws, kept off the frame a zoom settles in. A new scene (an edit, a layer
// shown or hidden) is laid out at once, as the map must show what was just done. A new zoom of the same scene is
// laid out in slices over the following frames (frame-slices.ts); meanwhile the last layout stays on show, drawn at
// the scale it was made for, so it grows and shrinks with the map like the bitmap around it and overlaps nothing
// it did not overlap before. The last few zooms' layouts are kept, so going back to one costs nothing.
import { startTransition, useEffect, useState } from 'react';
import { labelsWithout, layoutSceneLabelsInSteps, screenLabelView, type SceneLabels } from '../../domain/map/labels.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import { runInSlices } from './frame-slices.js';
import { measureFor, screenLabels } from './StaticScene.js';

/** A layout and the scale (screen pixels per inch) it was made at. */
export interface ShownLabels {
  labels: SceneLabels;
  scale: number;
}

/** Layouts kept per scene: Fit and the zooms just left are the ones a user goes back to. */
const KEPT = 6;
/** Scenes whose layouts are kept. */
const SCENES = 2;

/** `scene` is `of` with the items in `without` taken off (lifted for a drag). */
export interface SubsetOf {
  of: MapScene;
  without: ReadonlySet<string>;
}

/**
 * Layouts by scene and scale, in one style (a new style starts afresh). Two scenes are kept: the map's and the one
 * with the dragged items lifted off it, so a drag that ends where it began costs no layout.
 */
class Layouts {
  private style: MapStyle | null = null;
  private readonly byScene = new Map<MapScene, { byScale: Map<number, SceneLabels>; last: ShownLabels }>();

  get(scene: MapScene, style: MapStyle, scale: number): SceneLabels | undefined {
    return this.style === style ? this.byScene.get(scene)?.byScale.get(scale) : undefined;
  }

  /** The layout made last for this scene and style, whatever its scale. */
  latest(scene: MapScene, style: MapStyle): ShownLabels | null {
    return this.style === style ? (this.byScene.get(scene)?.last ?? null) : null;
  }

  set(scene: MapScene, style: MapStyle, scale: number, labels: SceneLabels): void {
    if (this.style !== style) {
      this.style = style;
      this.byScene.clear();
    }
    let kept = this.byScene.get(scene);
    // The scene set last is the newest: it goes to the end, and the oldest beyond two is dropped.
    this.byScene.delete(scene);
    if (!kept) kept = { byScale: new Map(), last: { labels, scale } };
    this.byScene.set(scene, kept);
    if (this.byScene.size > SCENES) this.byScene.delete(this.byScene.keys().next().value!);
    kept.byScale.delete(scale);
    kept.byScale.set(scale, labels);
    kept.last = { labels, scale };
    if (kept.byScale.size > KEPT) kept.byScale.delete(kept.byScale.keys().next().value!);
  }
}

/**
 * The layout to draw `scene` with at `scale`. When `scene` is `subset.of` with items lifted off and that scene's
 * layout at this scale is known, the lifted items' names are taken out of it and the rest stay put, so a lift lays
 * out nothing. A `provisional` layout (made at `scale`: the one a drop ends with, the names that stayed and the
 * dropped items' own, carried with them) is shown for a new scene until its own is laid out in slices, so a drop
 * lays out nothing in the frame it lands in.
 */
export function useSettledLabels(scene: MapScene, scale: number, style: MapStyle, subset: SubsetOf | null = null, provisional: SceneLabels | null = null): ShownLabels {
  // A cache that outlives renders; filling it during a render is safe, as the same inputs give the same layout.
  const [layouts] = useState(() => new Layouts());
  const [, setReady] = useState(0);

  let shown: ShownLabels;
  const known = layouts.get(scene, style, scale);
  const older = known ? null : layouts.latest(scene, style);
  const whole = known || !subset ? undefined : layouts.get(subset.of, style, scale);
  if (known) shown = { labels: known, scale };
  else if (whole) {
    const labels = labelsWithout(whole, subset!.of, subset!.without);
    layouts.set(scene, style, scale, labels);
    shown = { labels, scale };
  } else if (provisional) shown = { labels: provisional, scale };
  else if (older) shown = older;
  else {
    const labels = screenLabels(scene, scale, style);
    layouts.set(scene, style, scale, labels);
    shown = { labels, scale };
  }

  const pending = shown.scale !== scale || shown.labels === provisional;
  useEffect(() => {
    if (!pending) return;
    const view = screenLabelView(scene, scale, style, measureFor(style.label.fontFamily));
    const job = runInSlices(layoutSceneLabelsInSteps(scene, view), (labels) => {
      layouts.set(scene, style, scale, labels);
      startTransition(() => setReady((n) => n + 1));
    });
    return job.cancel;
  }, [pending, scene, scale, style, layouts]);

  return shown;
}
