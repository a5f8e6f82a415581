// Cutting a built map scene down to what is shown: hidden layers left out, and the items being dragged taken off
// the cached static layer (the top layer draws them while they move). Pure, so it is tested without a canvas.
import { boundingBox, type BoundingBox } from '../../domain/geometry.js';
import type { MapScene, Outline } from '../../domain/map/scene.js';
import type { FeatureKind, Point } from '../../domain/model.js';

/** What the layers panel can hide or lock: each terrain kind, and the scenario's own layers. */
export type LayerKey = FeatureKind | 'zones' | 'entries' | 'objectives' | 'units';

export const LAYER_GROUPS: { title: string; layers: { key: LayerKey; label: string }[] }[] = [
  {
    title: 'Areas',
    layers: [
      { key: 'woods', label: 'Woods' },
      { key: 'hill', label: 'Hills' },
      { key: 'town', label: 'Towns' },
      { key: 'lake', label: 'Lakes' },
      { key: 'marsh', label: 'Marshes' },
      { key: 'fields', label: 'Fields' },
      { key: 'fortification', label: 'Fortifications' },
      { key: 'soft-ground', label: 'Soft ground' },
    ],
  },
  {
    title: 'Lines and points',
    layers: [
      { key: 'river', label: 'Rivers' },
      { key: 'road', label: 'Roads' },
      { key: 'track', label: 'Tracks' },
      { key: 'wall', label: 'Walls' },
      { key: 'hedge', label: 'Hedges' },
      { key: 'bridge', label: 'Bridges' },
      { key: 'ford', label: 'Fords' },
      { key: 'building-block', label: 'Building blocks' },
    ],
  },
  {
    title: 'Scenario',
    layers: [
      { key: 'zones', label: 'Deployment zones' },
      { key: 'entries', label: 'Reinforcement entries' },
      { key: 'objectives', label: 'Objectives' },
      { key: 'units', label: 'Units and leaders' },
    ],
  },
];

/** The layer of each selectable pointer in a scene. */
export function layerIndex(scene: MapScene): Map<string, LayerKey> {
  const out = new Map<string, LayerKey>();
  for (const a of scene.areas) out.set(a.pointer, a.kind);
  for (const l of [...scene.lines, ...scene.barriers]) out.set(l.pointer, l.kind);
  for (const c of scene.crossings) out.set(c.pointer, c.kind);
  for (const b of scene.blocks) out.set(b.pointer, 'building-block');
  for (const z of scene.zones) out.set(z.pointer, 'zones');
  for (const e of scene.entries) out.set(e.pointer, 'entries');
  for (const o of scene.objectives) out.set(o.pointer, 'objectives');
  for (const u of scene.units) out.set(u.pointer, 'units');
  for (const u of scene.leaders) out.set(u.pointer, 'units');
  return out;
}

/** The scene without the items `drop` rejects; untouched lists are shared, so an unchanged scene stays cheap. */
export function filterScene(scene: MapScene, drop: (pointer: string, layer: LayerKey) => boolean): MapScene {
  const keep = <T extends { pointer: string }>(items: T[], layer: (item: T) => LayerKey): T[] => {
    const out = items.filter((item) => !drop(item.pointer, layer(item)));
    return out.length === items.length ? items : out;
  };
  return {
    ...scene,
    areas: keep(scene.areas, (a) => a.kind),
    lines: keep(scene.lines, (l) => l.kind),
    barriers: keep(scene.barriers, (l) => l.kind),
    crossings: keep(scene.crossings, (c) => c.kind),
    blocks: keep(scene.blocks, () => 'building-block'),
    zones: keep(scene.zones, () => 'zones'),
    entries: keep(scene.entries, () => 'entries'),
    objectives: keep(scene.objectives, () => 'objectives'),
    units: keep(scene.units, () => 'units'),
    leaders: keep(scene.leaders, () => 'units'),
  };
}

/** Only the items with the given pointers (for drawing them on the top layer while they are dragged). */
export function pickScene(scene: MapScene, pointers: ReadonlySet<string>): MapScene {
  const only = filterScene(scene, (p) => !pointers.has(p));
  return { ...only, cells: [], selectables: [] };
}

export function outlinePoints(outlines: readonly Outline[]): Point[] {
  const pts: Point[] = [];
  for (const o of outlines) {
    if (o.type === 'poly') {
      const pad = (o.widthIn ?? 0) / 2;
      for (const p of o.points) pts.push([p[0] - pad, p[1] - pad], [p[0] + pad, p[1] + pad]);
    } else pts.push([o.centre[0] - o.radius, o.centre[1] - o.radius], [o.centre[0] + o.radius, o.centre[1] + o.radius]);
  }
  return pts;
}

/** The bounding box of everything the pointers select (a vertex pointer counts as its feature). */
export function selectionBox(scene: MapScene, pointers: readonly string[]): BoundingBox | null {
  const pts: Point[] = [];
  for (const s of scene.selectables) {
    if (pointers.some((p) => p === s.pointer || p.startsWith(`${s.pointer}/`))) pts.push(...outlinePoints(s.outlines));
  }
  return boundingBox(pts);
}

/** The box of the innermost selectable that `pointer` points into (a problem's feature, a unit's setup), if any. */
export function focusBox(scene: MapScene, pointer: string): BoundingBox | null {
  const matches = scene.selectables.filter((s) => pointer === s.pointer || pointer.startsWith(`${s.pointer}/`));
  const best = matches.sort((a, b) => b.pointer.length - a.pointer.length)[0];
  return best ? selectionBox(scene, [best.pointer]) : null;
}

/** Selectable pointers whose outline lies wholly inside the box. */
export function pointersInBox(scene: MapScene, box: BoundingBox, allowed: (pointer: string) => boolean): string[] {
  const out: string[] = [];
  for (const s of scene.selectables) {
    if (!allowed(s.pointer)) continue;
    const b = boundingBox(outlinePoints(s.outlines));
    if (b && b.minX >= box.minX && b.maxX <= box.maxX && b.minY >= box.minY && b.maxY <= box.maxY) out.push(s.pointer);
  }
  return out;
}
