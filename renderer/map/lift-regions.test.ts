import Konva from 'konva';
import { describe, expect, it } from 'vitest';
import { labelsWithout, layoutSceneLabels, screenLabelView } from '../../domain/map/labels.js';
import { serifMeasure } from '../../domain/map/label-placer.js';
import { buildScene } from '../../domain/map/scene.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { Scenario } from '../../domain/model.js';
import { blankScenario } from '../state/templates.js';
import { childrenMeeting, keepsNames, liftRegions, meets } from './lift-regions.js';
import { selectionBox } from './scene-view.js';
import { devicePixels, type RegionBox } from './sliced-cache.js';

const doc = (): Scenario => ({
  ...blankScenario(),
  terrain: [
    { id: 'w', kind: 'woods', name: 'Bois de Paris', polygon: [[2, 2], [8, 2], [8, 8], [2, 8]] },
    { id: 'r', kind: 'river', name: 'Lasne', width: 4, path: [[0, 20], [36, 20]] },
    { id: 't', kind: 'town', name: 'Plancenoit', polygon: [[40, 30], [46, 30], [46, 36], [40, 36]] },
  ],
  objectives: [{ id: 'o', at: [60, 10], radius: 2, vp: 10, name: 'Crossroads' }],
});

const inside = (inner: RegionBox, outer: RegionBox): boolean =>
  inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;

describe('what a lift changes on the static layer', () => {
  const scene = buildScene(doc(), SCREEN_STYLE);
  const scale = 20;
  const layout = layoutSceneLabels(scene, screenLabelView(scene, scale, SCREEN_STYLE, serifMeasure));

  it("holds the lifted item's outline with its width and every name of it, and nothing of what stays", () => {
    const lifted = new Set(['/terrain/1']);
    const regions = liftRegions(scene, lifted, layout, scale)!;
    // The river is 4″ wide: its banks are 2″ off its line, more than the pixels of reach at this zoom (1.2″).
    const river = selectionBox(scene, ['/terrain/1'])!;
    expect(river.minY).toBeLessThanOrEqual(18);
    expect(regions.some((r) => inside(river, r))).toBe(true);
    const names = layout.labels.filter((l) => l.ref === '/terrain/1');
    expect(names.length).toBeGreaterThan(0);
    for (const l of names) {
      const box = { minX: l.box.x0 / scale, minY: l.box.y0 / scale, maxX: l.box.x1 / scale, maxY: l.box.y1 / scale };
      expect(regions.some((r) => inside(box, r)), `"${l.text}"`).toBe(true);
    }
    // The town, far off, and its name are outside every box: they keep their pixels.
    const town = selectionBox(scene, ['/terrain/2'])!;
    expect(regions.some((r) => meets(r, town))).toBe(false);
    for (const l of layout.labels.filter((x) => x.ref === '/terrain/2')) {
      const box = { minX: l.box.x0 / scale, minY: l.box.y0 / scale, maxX: l.box.x1 / scale, maxY: l.box.y1 / scale };
      expect(regions.some((r) => meets(r, box))).toBe(false);
    }
    // What the layer draws after the lift holds none of the river's names.
    expect(labelsWithout(layout, scene, lifted).labels.some((l) => l.ref === '/terrain/1')).toBe(false);
  });

  it("holds a lifted objective's star where the layout put it", () => {
    const regions = liftRegions(scene, new Set(['/objectives/0']), layout, scale)!;
    const spot = layout.objectives[0]!;
    const star = { minX: (spot.at[0] - spot.r) / scale, minY: (spot.at[1] - spot.r) / scale, maxX: (spot.at[0] + spot.r) / scale, maxY: (spot.at[1] + spot.r) / scale };
    expect(regions.some((r) => inside(star, r))).toBe(true);
  });

  it('tells a layout with names only taken out from one made afresh, where any name may have moved', () => {
    const lifted = new Set(['/terrain/1']);
    expect(keepsNames(layout, labelsWithout(layout, scene, lifted))).toBe(true);
    // The same scene laid out again: equal names, but new objects, which the boxes know nothing of.
    const again = layoutSceneLabels(scene, screenLabelView(scene, scale, SCREEN_STYLE, serifMeasure));
    expect(again.labels).toEqual(layout.labels);
    expect(keepsNames(layout, again)).toBe(false);
  });

  it('gives up on an item with no outline, so the caller re-caches everything', () => {
    expect(liftRegions(scene, new Set(['/terrain/9']), layout, scale)).toBeNull();
  });

  it('draws again only the children that can reach a box: items that meet it, and all that are no one item', () => {
    const draws = childrenMeeting(scene, scale);
    const woods = new Konva.Group();
    woods.add(new Konva.Line({ name: '/terrain/0', points: [2, 2, 8, 2, 8, 8] }));
    const town = new Konva.Line({ name: '/terrain/2', points: [40, 30, 46, 30] });
    const names = new Konva.Shape();
    const star = new Konva.Group();
    star.add(new Konva.Circle({ name: '/objectives/0' }));
    const nearWoods = { minX: 9, minY: 5, maxX: 10, maxY: 6 };
    // The woods' drawing reaches 24 pixels (1.2″ at 20 px an inch) past their outline.
    expect(draws(woods, nearWoods)).toBe(true);
    expect(draws(town, nearWoods)).toBe(false);
    expect(draws(names, nearWoods)).toBe(true);
    expect(draws(star, nearWoods)).toBe(true);
    expect(draws(woods, { minX: 20, minY: 5, maxX: 21, maxY: 6 })).toBe(false);
  });
});

describe('a box as whole pixels of a bitmap', () => {
  it('widens outward to whole pixels and stays on the bitmap', () => {
    // A bitmap 100 × 80 pixels whose corner is the point (-2, -2), at 10 pixels a unit.
    expect(devicePixels({ minX: 0.05, minY: 0.01, maxX: 1.01, maxY: 2 }, -2, -2, 10, 100, 80)).toEqual({ x0: 20, y0: 20, x1: 31, y1: 40 });
    expect(devicePixels({ minX: -5, minY: -5, maxX: 20, maxY: 20 }, -2, -2, 10, 100, 80)).toEqual({ x0: 0, y0: 0, x1: 100, y1: 80 });
    expect(devicePixels({ minX: 30, minY: 0, maxX: 31, maxY: 1 }, -2, -2, 10, 100, 80)).toBeNull();
  });
});
