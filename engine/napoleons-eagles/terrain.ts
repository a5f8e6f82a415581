// The scenario's terrain, sorted by what the rules ask of it: what stands at a point (woods, a block, a hill level),
// and what a line between two points runs through (woods, blocks, hills, walls, hedges, rivers). Plain data, built
// once per scenario; each entry keeps its bounding box so most queries skip most features.
import type { Feature, Point } from '../../domain/model.js';
import { bounds, lengthInside, pointInPolygon, segmentCrossesPath, segmentCrossesPolygon } from './geometry.js';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface AreaEntry {
  id: string;
  kind: 'woods' | 'hill' | 'town' | 'fortification' | 'marsh' | 'fields' | 'soft-ground' | 'lake' | 'building-block';
  name: string;
  polygon: Point[];
  box: Box;
  /** Woods. */
  density?: 'light' | 'dense';
  /** Hills. */
  level?: number;
  slope?: 'gentle' | 'steep' | 'extreme';
  crest?: Point[];
  /** Fortifications. */
  works?: 'redoubt' | 'prepared';
  /** Building blocks: the town they belong to. */
  town?: string;
}

export interface LineEntry {
  id: string;
  kind: 'river' | 'road' | 'track' | 'wall' | 'hedge';
  name: string;
  path: Point[];
  box: Box;
  fordable?: boolean;
  width?: number;
  /** The scenario's crossing terms (notes §12), read by move-ground.ts; absent means the defaults. */
  crossingActions?: number;
  disorders?: boolean;
}

export interface CrossingEntry {
  id: string;
  kind: 'bridge' | 'ford';
  name: string;
  at: Point;
  river: string;
  crossingActions?: number;
  disorders?: boolean;
  capacity?: number;
}

export interface TerrainIndex {
  woods: AreaEntry[];
  hills: AreaEntry[];
  towns: AreaEntry[];
  blocks: AreaEntry[];
  works: AreaEntry[];
  /** Marsh, fields and soft ground: half bounce, and (marsh, soft ground) half movement. */
  soft: AreaEntry[];
  lakes: AreaEntry[];
  /** Walls and hedges. */
  barriers: LineEntry[];
  rivers: LineEntry[];
  roads: LineEntry[];
  crossings: CrossingEntry[];
}

const isPt = (v: unknown): v is Point => Array.isArray(v) && v.length >= 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]);
const pts = (v: unknown): Point[] => (Array.isArray(v) ? v.filter(isPt).map((p) => [p[0], p[1]] as Point) : []);

/** A river's, bridge's or ford's own crossing terms, kept so the scenario's numbers (not the defaults) are played. */
function crossingTerms(f: Feature): { crossingActions?: number; disorders?: boolean; capacity?: number } {
  const r = f as Record<string, unknown>;
  return {
    ...(typeof r.crossingActions === 'number' ? { crossingActions: r.crossingActions } : {}),
    ...(typeof r.disorders === 'boolean' ? { disorders: r.disorders } : {}),
    ...(typeof r.capacity === 'number' ? { capacity: r.capacity } : {}),
  };
}

export function buildTerrain(features: readonly Feature[]): TerrainIndex {
  const t: TerrainIndex = { woods: [], hills: [], towns: [], blocks: [], works: [], soft: [], lakes: [], barriers: [], rivers: [], roads: [], crossings: [] };
  for (const f of features) {
    const name = typeof f.name === 'string' ? f.name : f.id;
    if (f.kind === 'building-block') {
      if (!isPt(f.at)) continue;
      const s = typeof f.size === 'number' && f.size > 0 ? f.size : 4;
      const [x, y] = f.at;
      // `at` is the block's north-west corner (file-format.md).
      const polygon: Point[] = [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
      t.blocks.push({ id: f.id, kind: 'building-block', name, polygon, box: bounds(polygon), ...(typeof f.town === 'string' ? { town: f.town } : {}) });
      continue;
    }
    if (f.kind === 'bridge' || f.kind === 'ford') {
      if (isPt(f.at)) t.crossings.push({ id: f.id, kind: f.kind, name, at: [f.at[0], f.at[1]], river: f.river, ...crossingTerms(f) });
      continue;
    }
    if (f.kind === 'river' || f.kind === 'road' || f.kind === 'track' || f.kind === 'wall' || f.kind === 'hedge') {
      const path = pts(f.path);
      if (path.length < 2) continue;
      const entry: LineEntry = { id: f.id, kind: f.kind, name, path, box: bounds(path) };
      if (f.kind === 'river') {
        entry.fordable = f.fordable === true;
        if (typeof f.width === 'number') entry.width = f.width;
        Object.assign(entry, crossingTerms(f));
        t.rivers.push(entry);
      } else if (f.kind === 'road' || f.kind === 'track') t.roads.push(entry);
      else t.barriers.push(entry);
      continue;
    }
    const polygon = pts(f.polygon);
    if (polygon.length < 3) continue;
    const entry: AreaEntry = { id: f.id, kind: f.kind, name, polygon, box: bounds(polygon) };
    switch (f.kind) {
      case 'woods':
        entry.density = f.density === 'dense' ? 'dense' : 'light';
        t.woods.push(entry);
        break;
      case 'hill':
        entry.level = typeof f.level === 'number' ? f.level : 1;
        entry.slope = f.slope ?? 'gentle';
        if (Array.isArray(f.crest)) entry.crest = pts(f.crest);
        t.hills.push(entry);
        break;
      case 'town':
        t.towns.push(entry);
        break;
      case 'fortification':
        entry.works = f.works === 'prepared' ? 'prepared' : 'redoubt';
        t.works.push(entry);
        break;
      case 'lake':
        t.lakes.push(entry);
        break;
      case 'marsh':
      case 'fields':
      case 'soft-ground':
        t.soft.push(entry);
        break;
    }
  }
  return t;
}

const inBox = (p: Point, b: Box): boolean => p[0] >= b.minX - 1e-9 && p[0] <= b.maxX + 1e-9 && p[1] >= b.minY - 1e-9 && p[1] <= b.maxY + 1e-9;
const boxesMeet = (a: Box, b: Box): boolean => a.minX <= b.maxX + 1e-9 && b.minX <= a.maxX + 1e-9 && a.minY <= b.maxY + 1e-9 && b.minY <= a.maxY + 1e-9;
const segBox = (a: Point, b: Point): Box => bounds([a, b]);

export const areaContains = (e: AreaEntry, p: Point): boolean => inBox(p, e.box) && pointInPolygon(p, e.polygon);

/** The ground level at a point: the highest hill it stands on, else 0 ('Line of Sight'). */
export function levelAt(t: TerrainIndex, p: Point): number {
  let level = 0;
  for (const h of t.hills) if ((h.level ?? 1) > level && areaContains(h, p)) level = h.level ?? 1;
  return level;
}

/** The hill a point stands on (the highest), or null. */
export function hillAt(t: TerrainIndex, p: Point): AreaEntry | null {
  let best: AreaEntry | null = null;
  for (const h of t.hills) if (areaContains(h, p) && (!best || (h.level ?? 1) > (best.level ?? 1))) best = h;
  return best;
}

/** Every area feature holding the point. */
export function areasAt(t: TerrainIndex, p: Point): AreaEntry[] {
  const out: AreaEntry[] = [];
  for (const list of [t.woods, t.hills, t.towns, t.blocks, t.works, t.soft, t.lakes]) for (const e of list) if (areaContains(e, p)) out.push(e);
  return out;
}

/** The densest woods holding the point, or null. */
export function woodsAt(t: TerrainIndex, p: Point): AreaEntry | null {
  let best: AreaEntry | null = null;
  for (const w of t.woods) if (areaContains(w, p) && (!best || w.density === 'dense')) best = w;
  return best;
}

export function blockAt(t: TerrainIndex, p: Point): AreaEntry | null {
  return t.blocks.find((b) => areaContains(b, p)) ?? null;
}

export function worksAt(t: TerrainIndex, p: Point): AreaEntry | null {
  return t.works.find((w) => areaContains(w, p)) ?? null;
}

export function softAt(t: TerrainIndex, p: Point): AreaEntry | null {
  return t.soft.find((s) => areaContains(s, p)) ?? null;
}

export interface Crossed {
  feature: AreaEntry | LineEntry;
  /** Inches of the segment inside an area; 0 for lines. */
  inside: number;
}

/** Every feature segment a-b touches, with how far it runs inside each area. */
export function crossedBy(t: TerrainIndex, a: Point, b: Point): Crossed[] {
  const box = segBox(a, b);
  const out: Crossed[] = [];
  for (const list of [t.woods, t.hills, t.towns, t.blocks, t.works, t.soft, t.lakes]) {
    for (const e of list) {
      if (!boxesMeet(box, e.box) || !segmentCrossesPolygon(a, b, e.polygon)) continue;
      out.push({ feature: e, inside: lengthInside(a, b, e.polygon) });
    }
  }
  for (const list of [t.barriers, t.rivers, t.roads]) {
    for (const e of list) if (boxesMeet(box, e.box) && segmentCrossesPath(a, b, e.path)) out.push({ feature: e, inside: 0 });
  }
  return out;
}
