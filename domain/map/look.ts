// What each item of a map scene looks like, decided once for the screen map (renderer/map) and the printed sheet
// (domain/sheet/map-svg.ts): fills and strokes, the marks on a counter and where they go, marker proportions and
// the look of terrain names. The two renderers differ only in their drawing calls and in their style table.
import type { AreaItem, BlockItem, LeaderItem, LineItem, UnitItem } from './scene.js';
import { darken, lineColorFor, type Segment } from './shapes.js';
import type { MapStyle } from './styles.js';
import type { AreaKind, LineKind, Point } from '../model.js';

export interface AreaLook {
  fill: string;
  stroke: string;
  /** Outline width, style pixels. */
  strokePx: number;
}

export function areaLook(item: AreaItem, style: MapStyle): AreaLook {
  const outline = style.areaOutlinePx;
  switch (item.kind) {
    case 'woods': {
      const s = item.decor.type === 'trees' && item.decor.dense ? style.woods.dense : style.woods.light;
      return { fill: s.fill, stroke: s.stroke, strokePx: outline };
    }
    case 'hill': {
      const d = item.decor.type === 'hill' ? item.decor : null;
      // With nested contours the base is the lowest tint; a hill drawn as cells shows its level by tint alone.
      const fill = d && d.contours.length > 0 ? style.hill.levels[0] : style.hill.levels[(d?.level ?? 1) - 1]!;
      return { fill, stroke: style.hill.stroke, strokePx: style.hill.slopePx[d?.slope ?? 'gentle'] };
    }
    case 'town':
      return { fill: style.town.fill, stroke: style.town.stroke, strokePx: outline };
    case 'lake':
      return { fill: style.lake.fill, stroke: style.lake.stroke, strokePx: outline };
    case 'marsh':
      return { fill: style.marsh.fill, stroke: style.marsh.stroke, strokePx: outline };
    case 'fields':
      return { fill: style.fields.fill, stroke: style.fields.stroke, strokePx: outline };
    case 'soft-ground':
      return { fill: style.softGround.fill, stroke: style.softGround.stroke, strokePx: outline };
    case 'fortification':
      return { fill: style.fortification.fill, stroke: style.fortification.stroke, strokePx: style.fortification.outlinePx };
  }
}

/** The tint of a hill's `i`-th inner contour: each a level higher, up to the third. */
export function contourFill(i: number, style: MapStyle): string {
  return style.hill.levels[Math.min(2, i + 1)]!;
}

/** A river or road: a band of `fill` between banks or verges of `edge`; a fordable river's banks are broken. */
export function bandLook(item: LineItem, style: MapStyle): { fill: string; edge: string; edgePx: number; broken: boolean } {
  if (item.kind === 'river') return { fill: item.fordable ? style.river.fordable : style.river.fill, edge: style.river.edge, edgePx: style.river.edgePx, broken: item.fordable };
  return { ...style.road, broken: false };
}

export function blockFill(item: BlockItem, style: MapStyle): string {
  return item.material === 'wood' || item.material === 'brick' || item.material === 'stone' ? style.block[item.material] : style.town.house;
}

export interface FordLook {
  /** Half the ford's size across the river and along it, output units. */
  rx: number;
  ry: number;
  fill: string;
  stroke: string;
  strokeWidth: number;
  dash: number[];
  /** Stepping stones across the river, in the ford's own frame (across the river is +x). */
  stones: { at: Point[]; r: number; fill: string };
}

/**
 * A ford `span` across the river by `breadth` along it (output units; `onePx` is one style pixel in them). Fords are
 * small beside the water they cross, and a pale one vanished on the river at a distance: this one is never smaller
 * than the style's `minPx` across, contrasts with the water and the cloth, and carries stones whatever the zoom.
 */
export function fordLook(span: number, breadth: number, onePx: number, style: MapStyle): FordLook {
  const f = style.ford;
  const rx = Math.max(span / 2, (f.minPx / 2) * onePx);
  const ry = Math.max(breadth / 2, (f.minPx / 4) * onePx);
  // Stones a few of their own widths apart, from bank to bank, three at least; each at least a visible dot.
  const r = Math.max(ry * 0.1, f.stonePx * onePx);
  const reach = rx * 0.72;
  const count = Math.max(3, Math.min(11, Math.floor((2 * reach) / (r * 5)) + 1));
  const at: Point[] = Array.from({ length: count }, (_, i) => [-reach + (2 * reach * i) / (count - 1), (i % 2 === 0 ? -1 : 1) * ry * 0.12]);
  return { rx, ry, fill: f.fill, stroke: f.stroke, strokeWidth: f.strokePx * onePx, dash: f.dashPx.map((v) => v * onePx), stones: { at, r, fill: f.stone } };
}

/** A hipped roof seen from above: the ridge box inset by this share of the side, and hips to the corners. */
export const ROOF_INSET = 0.22;

/** The roof lines of a block `s` wide with its corner at (x, y). */
export function roofLines(x: number, y: number, s: number): { ridge: Point[]; hips: Segment[] } {
  const i = s * ROOF_INSET;
  return {
    ridge: [[x + i, y + i], [x + s - i, y + i], [x + s - i, y + s - i], [x + i, y + s - i]],
    hips: [
      [[x, y], [x + i, y + i]],
      [[x + s, y], [x + s - i, y + i]],
      [[x + s, y + s], [x + s - i, y + s - i]],
      [[x, y + s], [x + i, y + s - i]],
    ],
  };
}

/** The tick standing out of a counter's front edge at its middle, pointing the way it faces; style pixels. */
export const FACING_TICK_PX = 5;

/** The heavier front edge of a counter `d` deep: facing reads at a glance even where the symbol is too small to. */
export function counterFront(item: UnitItem, d: number, onePx: number, style: MapStyle): { color: string; width: number } {
  return { color: darken(item.color, 0.6), width: Math.min(style.unit.frontPx * onePx, d * 0.25) };
}

/**
 * The NATO symbol of a counter `w` × `d` (centred on the origin, front up) as lines, and the gun's dot: the box,
 * a saltire for foot, one diagonal for horse, a bar low down for a train, a tick for light troops. A name written
 * on the counter takes `nameBand` at the rear, and the symbol sits in what is left. `onePx` is one style pixel in the
 * counter's units. Null where it would be a smudge, under four pixels tall.
 */
export function counterSymbol(
  item: Pick<UnitItem, 'symbol'>,
  w: number,
  d: number,
  nameBand: number,
  onePx: number,
  style: MapStyle,
): { lines: Segment[]; dot: { at: Point; r: number } | null; pen: number } | null {
  const symbol = item.symbol;
  if (symbol === 'none') return null;
  const room = d - nameBand;
  const h = room * 0.62;
  const sw = Math.min(h * 1.5, w * 0.7);
  if (!(h >= 4 * onePx) || sw <= 0) return null;
  const cx = 0;
  const cy = nameBand > 0 ? -d / 2 + room / 2 : 0;
  const x0 = cx - sw / 2;
  const y0 = cy - h / 2;
  const x1 = x0 + sw;
  const y1 = y0 + h;
  const lines: Segment[] = [
    [[x0, y0], [x1, y0]],
    [[x1, y0], [x1, y1]],
    [[x1, y1], [x0, y1]],
    [[x0, y1], [x0, y0]],
  ];
  if (symbol === 'infantry' || symbol === 'light') lines.push([[x0, y0], [x1, y1]], [[x1, y0], [x0, y1]]);
  else if (symbol === 'cavalry') lines.push([[x0, y1], [x1, y0]]);
  else if (symbol === 'train') lines.push([[x0, y0 + h * 0.72], [x1, y0 + h * 0.72]]);
  if (symbol === 'light') lines.push([[cx, y1], [cx, y1 - h * 0.45]]);
  const dot = symbol === 'artillery' ? { at: [cx, cy] as Point, r: h * 0.2 } : null;
  // The pen thins on small counters so the symbol doesn't fill in.
  return { lines, dot, pen: Math.min(style.unit.symbolPx * onePx, d * 0.09) };
}

/** Text on a counter turned past the vertical is turned back, so it never reads upside down. */
export function uprightOnCounter(rotation: number): number {
  const r = ((rotation % 360) + 360) % 360;
  return r > 90 && r <= 270 ? r - 180 : r;
}

/** A leader's star inside his disc, as outer and inner radii; its outline only on a pale side colour. */
export function leaderStar(item: LeaderItem, radius: number, style: MapStyle): { outer: number; inner: number; stroke: string | null } {
  return { outer: radius * 0.66, inner: radius * 0.27, stroke: item.ink === '#ffffff' ? null : style.unit.stroke };
}

/** An objective's star of radius `r`: its inner radius, and the ring in the holder's colour around it. */
export function objectiveStar(r: number, holderColor: string | null): { inner: number; ring: { r: number; color: string } | null } {
  return { inner: r * 0.45, ring: holderColor === null ? null : { r: r * 1.35, color: lineColorFor(holderColor) } };
}

/** How a terrain feature's name is written: water in italics and a darker shade of its own blue. */
export function terrainNameLook(kind: AreaKind | LineKind, style: MapStyle): { italic: boolean; color?: string } {
  if (kind === 'lake') return { italic: true, color: darken(style.lake.stroke, 0.25) };
  if (kind === 'river') return { italic: true, color: darken(style.river.edge, 0.2) };
  return { italic: kind === 'marsh' };
}
