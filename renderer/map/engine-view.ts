// "What the engine sees": each grid cell tinted by the terrain a gridded rules engine counts it as (the majority
// rule of classifyCells + dominantTerrain), with the lines and crossings in it named, so the designer can check that
// a wood drawn across a cell corner really makes the cell woods.
import { polygonCentroid } from '../../domain/geometry.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { Feature, FeatureKind, Scenario } from '../../domain/model.js';
import { classifyCells, dominantTerrain } from '../../domain/terrain-cells.js';
import type { CellTint } from './StaticScene.js';

/** When several areas dominate a cell, the one that matters most to movement and combat names it. */
const AREA_PRIORITY: FeatureKind[] = ['fortification', 'town', 'lake', 'marsh', 'woods', 'hill', 'soft-ground', 'fields'];

export const ENGINE_COLORS: Partial<Record<FeatureKind, string>> = {
  fortification: '#7a6a4a',
  town: '#9c7b5b',
  lake: '#3d8fd6',
  marsh: '#4f9c86',
  woods: '#3f8f35',
  hill: '#c08a3e',
  fields: '#d6c04a',
  'soft-ground': '#8c7650',
};

const WORD: Partial<Record<FeatureKind, string>> = {
  fortification: 'works',
  'building-block': 'blocks',
};

export function engineTints(scenario: Scenario, scene: MapScene): CellTint[] {
  const byId = new Map<string, Feature>();
  for (const f of scenario.terrain ?? []) if (f && typeof f.id === 'string') byId.set(f.id, f);
  const rings = new Map(scene.cells.map((c) => [c.name, c.ring]));
  const out: CellTint[] = [];
  for (const [name, terrain] of classifyCells(scenario)) {
    const ring = rings.get(name);
    if (!ring) continue;
    const features = dominantTerrain(terrain);
    const level = (id: string): number => {
      const l = (byId.get(id) as { level?: unknown } | undefined)?.level;
      return l === 2 || l === 3 ? l : 1;
    };
    // Among hills, the highest one in the cell is the ground the unit stands on.
    const areas = features
      .filter((f) => f.kind in ENGINE_COLORS)
      .sort((a, b) => AREA_PRIORITY.indexOf(a.kind) - AREA_PRIORITY.indexOf(b.kind) || (a.kind === 'hill' ? level(b.id) - level(a.id) : 0));
    const top = areas[0];
    const words: string[] = [];
    if (top) words.push(top.kind === 'hill' ? `hill ${level(top.id)}` : (WORD[top.kind] ?? top.kind));
    for (const kind of new Set(features.filter((f) => !(f.kind in ENGINE_COLORS)).map((f) => f.kind))) words.push(WORD[kind] ?? kind);
    if (!top && words.length === 0) continue;
    // A cell that is open ground with only a road or river through it keeps its colour: only its words show.
    out.push({ ring, color: top ? ENGINE_COLORS[top.kind]! : null, mark: words.join(' · '), at: polygonCentroid(ring) });
  }
  return out;
}
