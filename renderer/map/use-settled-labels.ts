// The label layout the static layer draws, kept off the frame a zoom settles in. A new scene (an edit, a layer
// shown or hidden) is laid out at once, as the map must show what was just done. A new zoom of the same scene is
// laid out in slices over the following frames (frame-slices.ts); meanwhile the last layout stays on show, drawn at
// the scale it was made for, so it grows and shrinks with the map like the bitmap around it and overlaps nothing
// it did not overlap before. The last few zooms' layouts are kept, so going back to one costs nothing.
import { startTransition, useEffect, useState } from 'react';
import { layoutSceneLabelsInSteps, screenLabelView, type SceneLabels } from '../../domain/map/labels.js';
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

/** Layouts of one scene in one style, by scale; a new scene or style starts afresh. */
class Layouts {
  private scene: MapScene | null = null;
  private style: MapStyle | null = null;
  private readonly byScale = new Map<number, SceneLabels>();
  private last: ShownLabels | null = null;

  get(scene: MapScene, style: MapStyle, scale: number): SceneLabels | undefined {
    return this.scene === scene && this.style === style ? this.byScale.get(scale) : undefined;
  }

  /** The layout made last for this scene and style, whatever its scale. */
  latest(scene: MapScene, style: MapStyle): ShownLabels | null {
    return this.scene === scene && this.style === style ? this.last : null;
  }

  set(scene: MapScene, style: MapStyle, scale: number, labels: SceneLabels): void {
    if (this.scene !== scene || this.style !== style) {
      this.scene = scene;
      this.style = style;
      this.byScale.clear();
    }
    this.byScale.delete(scale);
    this.byScale.set(scale, labels);
    this.last = { labels, scale };
    if (this.byScale.size > KEPT) this.byScale.delete(this.byScale.keys().next().value!);
  }
}

export function useSettledLabels(scene: MapScene, scale: number, style: MapStyle): ShownLabels {
  // A cache that outlives renders; filling it during a render is safe, as the same inputs give the same layout.
  const [layouts] = useState(() => new Layouts());
  const [, setReady] = useState(0);

  let shown: ShownLabels;
  const known = layouts.get(scene, style, scale);
  const older = known ? null : layouts.latest(scene, style);
  if (known) shown = { labels: known, scale };
  else if (older) shown = older;
  else {
    const labels = screenLabels(scene, scale, style);
    layouts.set(scene, style, scale, labels);
    shown = { labels, scale };
  }

  const pending = shown.scale !== scale;
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
