// How Napoleon's Eagles units look on the play map, before anything is drawn: each unit's base at its true
// footprint and facing, its front edge, its side's colours, and the markers it carries (casualties, fatigue,
// disorder, retreat, morale check, out of command, stand…), the same chips the unit list shows. The map draws these
// from the engine's view, never from the scenario, since units move, shrink and change formation in play.
import type { NapoleonsEaglesLeader, NapoleonsEaglesUnit, NapoleonsEaglesUnitRules, NapoleonsEaglesView, SideKey } from '../../domain/engine-protocol.js';
import { baseCorners, frontEdge, type Base } from '../../domain/map/rect-distance.js';
import type { Point, Scenario } from '../../domain/model.js';
import type { SideColours } from './play-view.js';

export type MarkerKind =
  | 'casualties'
  | 'fatigue'
  | 'disordered'
  | 'retreat'
  | 'morale'
  | 'out-of-command'
  | 'stand'
  | 'threshold'
  | 'locked'
  | 'refused'
  | 'out-of-control'
  | 'fought-again'
  | 'resupply'
  | 'fire-work';

/** The parts of the view beyond the unit itself that put a marker on it (rules notes §14, §15). */
export type RuleFacts = Pick<NapoleonsEaglesView, 'carried' | 'resupply' | 'fireWork'>;

/** A marker chip: a few letters on a colour, and what it means in words. */
export interface Marker {
  kind: MarkerKind;
  text: string;
  fill: string;
  ink: string;
  title: string;
}

const FATIGUE: Record<string, { text: string; title: string }> = {
  fatigued: { text: 'F', title: 'fatigued' },
  tired: { text: 'T', title: 'tired' },
  exhausted: { text: 'X', title: 'exhausted' },
};

/** The markers a unit carries, in a fixed order, so the chips stand in the same places on the map and the list. */
export function unitMarkers(u: NapoleonsEaglesUnit & NapoleonsEaglesUnitRules, rules: RuleFacts = {}): Marker[] {
  const out: Marker[] = [];
  const lost = u.startFigures - u.figures;
  if (lost > 0) out.push({ kind: 'casualties', text: `${u.figures}/${u.startFigures}`, fill: '#b71c1c', ink: '#fff', title: `${lost} lost: ${u.figures} of ${u.startFigures} ${u.arm === 'artillery' ? 'crew' : 'figures'} left` });
  const f = FATIGUE[u.fatigue];
  if (f) out.push({ kind: 'fatigue', text: f.text, fill: '#ef6c00', ink: '#fff', title: f.title });
  if (u.disordered) out.push({ kind: 'disordered', text: 'D', fill: '#6a1b9a', ink: '#fff', title: 'disordered' });
  if (u.retreat > 0) out.push({ kind: 'retreat', text: `R${u.retreat}`, fill: '#e65100', ink: '#fff', title: `retreating: ${u.retreat} action${u.retreat === 1 ? '' : 's'} to recover` });
  const has = (m: NapoleonsEaglesUnit['markers'][number]) => u.markers.includes(m);
  if (has('morale')) out.push({ kind: 'morale', text: 'M', fill: '#fdd835', ink: '#212121', title: 'must test morale' });
  if (has('out-of-command')) out.push({ kind: 'out-of-command', text: 'OC', fill: '#455a64', ink: '#fff', title: 'out of command' });
  if (has('stand')) out.push({ kind: 'stand', text: 'S', fill: '#1b5e20', ink: '#fff', title: 'standing: keeps an action to defend' });
  if (has('threshold')) out.push({ kind: 'threshold', text: 'TH', fill: '#37474f', ink: '#ffeb3b', title: 'its command failed a threshold check' });
  if (has('locked')) out.push({ kind: 'locked', text: 'L', fill: '#212121', ink: '#fff', title: 'locked in a close action' });
  if (u.refused) out.push({ kind: 'refused', text: u.refused.flank === 'left' ? 'RL' : 'RR', fill: '#00695c', ink: '#fff', title: `${u.refused.flank} flank refused: ${u.refused.figures} figures turned back` });
  if (u.outOfControl) out.push({ kind: 'out-of-control', text: 'OOC', fill: '#d50000', ink: '#fff', title: 'out of control: charges the nearest enemy it sees within 16" next period' });
  const again = rules.carried?.find((c) => c.charger === u.id || c.target === u.id);
  if (again) out.push({ kind: 'fought-again', text: 'AG', fill: '#4a148c', ink: '#fff', title: 'its tied fight is fought again next period' });
  const supply = rules.resupply?.find((r) => r.caisson === u.id || r.battery === u.id);
  if (supply) out.push({ kind: 'resupply', text: 'RS', fill: '#5d4037', ink: '#fff', title: supply.caisson === u.id ? 'reloading a battery this period' : 'being reloaded by a caisson this period (full at the period\'s end)' });
  const work = rules.fireWork?.find((w) => w.unit === u.id);
  if (work) out.push({ kind: 'fire-work', text: work.task === 'start' ? 'FS' : 'FX', fill: '#ff6f00', ink: '#fff', title: work.task === 'start' ? 'setting its block on fire this period' : 'fighting a fire this period' });
  return out;
}

export interface Piece {
  id: string;
  name: string;
  side: SideKey;
  base: Base;
  corners: Point[];
  front: [Point, Point];
  fill: string;
  /** The front edge's colour: white on the side colour, so the facing reads at a glance. */
  frontStroke: string;
  markers: Marker[];
  /** Has moved (activated) this period: drawn paler. */
  spent: boolean;
  /** The flank it holds refused, drawn as a short edge turned back at that end of its front. */
  refused: 'left' | 'right' | null;
  /** An enemy made out only in part under the visibility rule (ne-visibility.ts): how far; absent when known. */
  sight?: 'mass' | 'formation' | 'arm' | 'type';
}

/** A unit's base as measuring needs it, or null when it is off the table. */
export function baseOf(u: NapoleonsEaglesUnit): Base | null {
  if (u.status !== 'table' || !u.at) return null;
  return { at: u.at, facing: u.facing, width: Math.max(0.2, u.width), depth: Math.max(0.2, u.depth) };
}

/** Every unit on the table, as the map draws it. */
export function pieces(units: readonly (NapoleonsEaglesUnit & NapoleonsEaglesUnitRules)[], colours: SideColours, rules: RuleFacts = {}): Piece[] {
  return units.flatMap((u) => {
    const base = baseOf(u);
    if (!base) return [];
    return [
      {
        id: u.id,
        name: u.name,
        side: u.side,
        base,
        corners: baseCorners(base),
        front: frontEdge(base),
        fill: colours[u.side],
        frontStroke: '#ffffff',
        markers: unitMarkers(u, rules),
        refused: u.refused?.flank ?? null,
        spent: u.activated || u.markers.includes('moved'),
      },
    ];
  });
}

/**
 * The units of the side to act that may still start an activation this period, in the view's order: those on the
 * table that have not activated. Empty when no side is to act (a bid is sealed, the game over).
 */
export function stillToMove(view: Pick<NapoleonsEaglesView, 'units' | 'decision' | 'flanks'>): NapoleonsEaglesUnit[] {
  const side = view.decision.side;
  if (!side || view.decision.kind !== 'activate') return [];
  // With table flanks only the flank moving now may start units (rules notes §15).
  const flank = view.flanks?.stage === 'moving' ? view.flanks.now : null;
  return view.units.filter((u) => u.side === side && u.status === 'table' && !u.activated && !u.markers.includes('moved') && (flank === null || u.flank === undefined || u.flank === flank));
}

/**
 * The short edge that shows a refused flank: from the front corner on that side straight back, as long as the
 * refused figures' share of the frontage (at least a third of an inch, so it reads at any size).
 */
export function refusedEdge(base: Base, flank: 'left' | 'right', share: number): [Point, Point] {
  const [fl, fr] = frontEdge(base);
  const corner = flank === 'left' ? fl : fr;
  const rad = (base.facing * Math.PI) / 180;
  const len = Math.max(1 / 3, Math.min(1, share) * base.width);
  return [corner, [corner[0] - Math.sin(rad) * len, corner[1] + Math.cos(rad) * len]];
}

/** A bank of smoke's rectangle: its centre, facing and width, 1" deep (rules notes §15). */
export function smokeCorners(c: { at: Point; facing: number; width: number; depth: number }): Point[] {
  return baseCorners({ at: c.at, facing: c.facing, width: Math.max(0.2, c.width), depth: Math.max(0.2, c.depth) });
}

/**
 * The table's flanks as strips across its longer side, left first (rules notes §15: west to east on a table wider
 * than deep, north to south otherwise).
 */
export function flankStrips(table: { width: number; height: number }, count: number): Box[] {
  const wide = table.width >= table.height;
  return Array.from({ length: count }, (_, i) =>
    wide ? { minX: (table.width * i) / count, maxX: (table.width * (i + 1)) / count, minY: 0, maxY: table.height } : { minX: 0, maxX: table.width, minY: (table.height * i) / count, maxY: (table.height * (i + 1)) / count },
  );
}

/** The units for the list: the side to act first, then the other; within a side, the view's order. */
export function unitsForList(view: Pick<NapoleonsEaglesView, 'units' | 'decision'>, first: SideKey): NapoleonsEaglesUnit[] {
  const side = view.decision.side ?? first;
  return [...view.units.filter((u) => u.side === side), ...view.units.filter((u) => u.side !== side)];
}

/** The unit whose base holds `p`, or lies within `slop` inches of it (thin lines are hard to hit); nearest first. */
export function pieceAt(list: readonly Piece[], p: Point, slop: number): Piece | null {
  let best: Piece | null = null;
  let bestD = Infinity;
  for (const piece of list) {
    const d = pointToPolygon(p, piece.corners);
    if (d <= slop && d < bestD) {
      best = piece;
      bestD = d;
    }
  }
  return best;
}

/** 0 inside a convex polygon, else the distance to its nearest edge. */
function pointToPolygon(p: Point, poly: readonly Point[]): number {
  let inside = true;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    // The corners run clockwise on screen (y down): inside is to the right of each edge.
    if (ex * (p[1] - a[1]) - ey * (p[0] - a[0]) < 0) inside = false;
    const len = ex * ex + ey * ey;
    const t = len > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / len)) : 0;
    best = Math.min(best, Math.hypot(p[0] - a[0] - ex * t, p[1] - a[1] - ey * t));
  }
  return inside ? 0 : best;
}

/** Where the rotation handle of a base sits: ahead of its front edge's middle, `reach` inches out. */
export function rotationHandle(base: Base, reach: number): Point {
  const [fl, fr] = frontEdge(base);
  const mid: Point = [(fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2];
  const rad = (base.facing * Math.PI) / 180;
  return [mid[0] + Math.sin(rad) * reach, mid[1] - Math.cos(rad) * reach];
}

/** The facing that points from `centre` towards `p`, in whole degrees clockwise from north, snapped to `step`. */
export function facingTowards(centre: Point, p: Point, step = 5): number {
  const deg = (Math.atan2(p[0] - centre[0], -(p[1] - centre[1])) * 180) / Math.PI;
  return ((Math.round(deg / step) * step) % 360 + 360) % 360;
}

/** A box on the table, in inches. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boxOfPoints(ps: readonly Point[]): Box {
  const xs = ps.map((p) => p[0]);
  const ys = ps.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** A name to put beside something: what it labels, how big the text is, and how much it matters. */
export interface LabelWish {
  id: string;
  text: string;
  /** What the label names, and must not cover. */
  anchor: Box;
  /** Text size in screen pixels. */
  px: number;
  /** Lower goes first, so a crowded table keeps the names that matter most. */
  priority: number;
  /** Room kept free under the anchor (a unit's marker chips), in pixels. */
  below?: number;
}

export interface PlacedLabel {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/**
 * Where each name goes, or null when every place beside its thing is taken: above, below, right or left, never over
 * another label or another thing on the table (`obstacles`). A crowded table (a village full of units and their
 * leaders) then shows the names that matter most; the others are in the list and show on hover. `k` is inches per
 * screen pixel, so the layout holds at any zoom.
 */
export function placeLabels(wishes: readonly LabelWish[], obstacles: readonly { id: string; box: Box }[], k: number, within?: Box): Map<string, PlacedLabel | null> {
  const taken: Box[] = [];
  const out = new Map<string, PlacedLabel | null>();
  const gap = 2 * k;
  for (const w of [...wishes].sort((a, b) => a.priority - b.priority)) {
    // A glyph of a sans-serif face is a little over half its size wide, on average, in these names.
    const width = (w.text.length * 0.64 + 0.6) * w.px * k;
    const height = w.px * 1.25 * k;
    const a = w.anchor;
    const cx = (a.minX + a.maxX) / 2;
    const cy = (a.minY + a.maxY) / 2;
    const candidates: PlacedLabel[] = [
      { x: cx - width / 2, y: a.minY - height - gap, width, height },
      { x: a.maxX + gap * 2, y: cy - height / 2, width, height },
      { x: a.minX - gap * 2 - width, y: cy - height / 2, width, height },
      { x: cx - width / 2, y: a.maxY + gap + (w.below ?? 0) * k, width, height },
    ];
    const free = candidates.find((c) => {
      const box = { minX: c.x, minY: c.y, maxX: c.x + c.width, maxY: c.y + c.height };
      // Off the table a name is cut off at the map's edge, or lost in its margin.
      if (within && (box.minX < within.minX || box.maxX > within.maxX || box.minY < within.minY || box.maxY > within.maxY)) return false;
      return !taken.some((t) => overlaps(t, box)) && !obstacles.some((o) => o.id !== w.id && overlaps(o.box, box));
    });
    out.set(w.id, free ?? null);
    if (free) taken.push({ minX: free.x, minY: free.y, maxX: free.x + free.width, maxY: free.y + free.height });
  }
  return out;
}

// ---- Leaders ------------------------------------------------------------------------------------------------------

/**
 * Where a leader stands on the table: on his unit's centre when attached (the engine measures his ride from there,
 * 'Leaders' step 8), else where the view puts him.
 */
export function leaderPlace(l: Pick<NapoleonsEaglesLeader, 'at' | 'attached'>, units: readonly Pick<NapoleonsEaglesUnit, 'id' | 'at' | 'status'>[]): Point {
  const host = l.attached ? units.find((u) => u.id === l.attached && u.status === 'table' && u.at) : undefined;
  return host?.at ?? l.at;
}

/** The leader whose marker is within `slop` inches of `p`, nearest first, among those given. */
export function leaderAt<L extends Pick<NapoleonsEaglesLeader, 'id'>>(leaders: readonly (L & { place: Point })[], p: Point, slop: number): L | null {
  let best: L | null = null;
  let bestD = Infinity;
  for (const l of leaders) {
    const d = Math.hypot(l.place[0] - p[0], l.place[1] - p[1]);
    if (d <= slop && d < bestD) {
      best = l;
      bestD = d;
    }
  }
  return best;
}

/**
 * Where a leader dropped at `p` goes: onto a unit of his side whose base holds the point (within `slop`), attached
 * and at its centre, since the engine attaches a leader only to a unit he rides to; else to the point itself,
 * riding alone. Points are rounded to the hundredth, as moves are sent.
 */
export function leaderDrop(list: readonly Piece[], side: SideKey, p: Point, slop: number): { to: Point; attach: string | null } {
  const host = pieceAt(
    list.filter((x) => x.side === side),
    p,
    slop,
  );
  const r = (v: number) => Math.round(v * 100) / 100;
  return host ? { to: [r(host.base.at[0]), r(host.base.at[1])], attach: host.id } : { to: [r(p[0]), r(p[1])], attach: null };
}

// ---- Building blocks ------------------------------------------------------------------------------------------------

/** The scenario's building blocks as squares on the table: `at` is the north-west corner, 4" a side unless sized. */
export function blocksOf(scenario: Pick<Scenario, 'terrain'>): { id: string; name: string; box: Box }[] {
  return scenario.terrain.flatMap((f) => {
    if (f.kind !== 'building-block') return [];
    const size = typeof f.size === 'number' && f.size > 0 ? f.size : 4;
    return [{ id: f.id, name: typeof f.name === 'string' && f.name ? f.name : f.id, box: { minX: f.at[0], minY: f.at[1], maxX: f.at[0] + size, maxY: f.at[1] + size } }];
  });
}
