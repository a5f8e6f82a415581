// Where every name on the map goes, for the screen map and the printed sheet alike: one placement of a MapScene's
// labels, in the output's own units (screen pixels at the settled zoom, or millimetres on paper), so the two
// renderers only draw what is decided here.
//
// Counters and markers are where they are and everything else makes way for them. Then, in order of what a player
// looks for: objective values and names, terrain names, building names, deployment zones, counters' names and last
// leaders' names. A name is moved, shortened (only where its full text can be read on hover) or stood off at the
// end of a leader line rather than laid over another (label-placer.ts). A name too long for its counter goes beside
// it; a leader's or objective's marker on a counter sends the counter's name off it, so no star hides a name.
import type { Point } from '../model.js';
import { BoxIndex, LabelPlacer, clampLabel, serifMeasure, spotsAround, turnedBox, wrapLines, type Box, type LabelRequest, type Measure, type PlacedLabel, type Spot, type TextStyle } from './label-placer.js';
import { FACING_TICK_PX, terrainNameLook, uprightOnCounter } from './look.js';
import type { BlockItem, CrossingItem, LeaderItem, MapScene, UnitItem } from './scene.js';
import { pointAlongPath, uprightRotation } from './shapes.js';
import type { LabelSizes, MapStyle } from './styles.js';

export type { Box, PlacedLabel } from './label-placer.js';

/** Least sizes things are drawn at on paper, so a battalion on a 6′ table still shows (output units). */
export interface MinimumSizes {
  counterW: number;
  counterD: number;
  leaderR: number;
  riverW: number;
  roadW: number;
  crossingSpan: number;
  crossingBreadth: number;
}

export interface LabelView {
  /** Output units per table inch. */
  k: number;
  /** Where the table's north-west corner lands, output units. */
  origin: Point;
  /** Output units per style pixel: 1 on screen, a CSS pixel in millimetres on paper. */
  px: number;
  /** Where labels may go. */
  bounds: Box;
  style: MapStyle;
  measure?: Measure;
  /**
   * The full text of a shortened or left-off name can be read on hover (the screen). Where it cannot (paper),
   * names are never shortened: a unit's order-of-battle key stands in for a name with no room.
   */
  hover: boolean;
  minimum?: MinimumSizes;
  keys?: ReadonlyMap<string, string>;
  /** Reinforcement labels on the table beside their arrows; paper writes them in its margins instead. */
  entries: boolean;
  /** A placer already holding labels the caller placed (paper's margin notes). */
  placer?: LabelPlacer;
}

/** A name written on its counter, turned with it (and back when that would put it upside down). */
export interface CounterName {
  text: string;
  cx: number;
  cy: number;
  rotation: number;
  size: number;
  color: string;
  /** How deep a band the name takes at the counter's rear, output units: the symbol sits in front of it. */
  band: number;
}

export interface BlockName {
  pointer: string;
  size: number;
  /** Each line's centre, output units. */
  lines: { text: string; x: number; y: number }[];
}

export interface MarkerSpot {
  /** Where the star is drawn, output units. */
  at: Point;
  r: number;
  /** Stepped off what it marks, which a dashed line joins it to. */
  from: Point | null;
}

export interface Hover {
  box: Box;
  text: string;
}

export interface SceneLabels {
  labels: PlacedLabel[];
  counterNames: Map<string, CounterName>;
  blockNames: BlockName[];
  /** One per scene objective, in order. */
  objectives: MarkerSpot[];
  /** Where the pointer shows a name in full: shortened labels, and counters whose names are shortened or left off. */
  hovers: Hover[];
}

/** A counter's size in output units, no smaller than the paper's least. */
export function counterSize(u: Pick<UnitItem, 'width' | 'depth'>, view: Pick<LabelView, 'k' | 'minimum'>): { w: number; d: number } {
  return { w: Math.max(u.width * view.k, view.minimum?.counterW ?? 0), d: Math.max(u.depth * view.k, view.minimum?.counterD ?? 0) };
}

export function leaderRadius(l: Pick<LeaderItem, 'radius'>, view: Pick<LabelView, 'k' | 'minimum'>): number {
  return Math.max(l.radius * view.k, view.minimum?.leaderR ?? 0);
}

/** A river's or road's drawn width in output units. */
export function bandWidth(kind: string, width: number, view: Pick<LabelView, 'k' | 'minimum'>): number {
  const least = kind === 'river' ? (view.minimum?.riverW ?? 0) : kind === 'road' ? (view.minimum?.roadW ?? 0) : 0;
  return Math.max(least, width * view.k);
}

/** A bridge's or ford's size in output units: across the river (span) and along it (breadth). */
export function crossingSize(c: Pick<CrossingItem, 'span' | 'breadth'>, view: Pick<LabelView, 'k' | 'minimum'>): { span: number; breadth: number } {
  return { span: Math.max(c.span * view.k, view.minimum?.crossingSpan ?? 0), breadth: Math.max(c.breadth * view.k, view.minimum?.crossingBreadth ?? 0) };
}

/** Building names inside the building: the sizes tried, as shares of the largest. */
const BLOCK_STEPS = [1, 0.92, 0.84, 0.79];
/** A counter's name is written on it when the counter is this many unit font sizes wide and deep. */
const NAMED_COUNTER = { w: 4.4, d: 2.15 };
/** Counters narrower than this many unit font sizes are specks at this zoom: their names only show on hover. */
const SPECK = 1.4;

function square(c: Point, r: number): Box {
  return { x0: c[0] - r, y0: c[1] - r, x1: c[0] + r, y1: c[1] + r };
}

export function layoutSceneLabels(scene: MapScene, view: LabelView): SceneLabels {
  const steps = layoutSceneLabelsInSteps(scene, view);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same layout in small steps: it yields after each name it places, so a caller can spread a big table's
 * layout (tens to hundreds of milliseconds when zoomed out over a crowded table) over frames and stop one that a
 * newer zoom has made pointless. Run to the end, it gives exactly what `layoutSceneLabels` gives.
 */
export function* layoutSceneLabelsInSteps(scene: MapScene, view: LabelView): Generator<void, SceneLabels, void> {
  const { k, px, style } = view;
  const at = (p: Point): Point => [view.origin[0] + p[0] * k, view.origin[1] + p[1] * k];
  const sizes = Object.fromEntries(Object.entries(style.label.sizesPx).map(([key, v]) => [key, v * px])) as unknown as LabelSizes;
  const placer = view.placer ?? new LabelPlacer(view.bounds, view.measure ?? serifMeasure);
  const measure = placer.measure;
  const S = sizes.unit;
  const hovers: SceneLabels['hovers'] = [];
  // What an objective's star steps aside from, and what a name inside a building must not be under.
  const budget = { tests: 2_000_000 };
  const pieces = new BoxIndex(view.bounds, budget);
  const markers = new BoxIndex(view.bounds, budget);
  // What would stand on a building's name: counters, leaders and stars (but the one in its corner, which the name
  // is wrapped around).
  const standing = new BoxIndex(view.bounds, budget);

  // ---- Counters, leaders and buildings: obstacles --------------------------------------------------------------
  const tick = FACING_TICK_PX * px;
  // Each counter's box, and its outline with the facing tick and a hair of margin: what its name is placed around
  // and other names keep off.
  const counterBoxes: Box[] = [];
  const counterOutlines = scene.units.map((u) => {
    const { w, d } = counterSize(u, view);
    const [x, y] = at(u.at);
    const r = (u.rotation * Math.PI) / 180;
    const shift = tick / 2;
    const outline = turnedBox(x + Math.sin(r) * shift, y - Math.cos(r) * shift, w + 0.2 * S, d + tick + 0.2 * S, u.rotation);
    pieces.add(outline, 1);
    standing.add(outline, 1);
    placer.addObstacle(outline);
    counterBoxes.push(turnedBox(x, y, w, d, u.rotation));
    return outline;
  });
  const leaderBoxes = scene.leaders.map((l) => {
    const box = square(at(l.at), leaderRadius(l, view));
    pieces.add(box, 1);
    standing.add(box, 1);
    markers.add(box, 1);
    placer.addObstacle(box);
    return box;
  });
  const blockBoxes = scene.blocks.map((b) => {
    const [x, y] = at(b.at);
    const box = { x0: x, y0: y, x1: x + b.size * k, y1: y + b.size * k };
    placer.addObstacle(box);
    return box;
  });

  // ---- Objective stars ------------------------------------------------------------------------------------------
  // A star would hide under a unit standing on it (a garrison in its town), so it steps aside to the nearest free
  // spot; the feature or circle it marks stays where it is. On a building it sits in the north-east corner, smaller,
  // leaving room for the building's name.
  const star = style.objective.markerPx * px;
  const blockStars = new Map<BlockItem, number>();
  const objectives: MarkerSpot[] = scene.objectives.map((o) => {
    const [x, y] = at(o.at);
    const block = scene.blocks.find((b) => Math.hypot(b.at[0] + b.size / 2 - o.at[0], b.at[1] + b.size / 2 - o.at[1]) < 0.01);
    // A building 30 pixels (8 mm on paper) across has room for a star in its corner and its name beside it.
    const onBlock = block !== undefined && block.size * k >= 30 * px;
    const sr = onBlock ? Math.min(star, block.size * k * 0.13) : star;
    const r = sr * 1.4;
    let spot: Point = [x, y];
    let from: Point | null = null;
    if (onBlock) {
      const [bx, by] = at(block.at);
      spot = [bx + block.size * k - sr * 1.35 - 0.13 * S, by + sr * 1.35 + 0.13 * S];
      blockStars.set(block, sr);
    } else if (pieces.score(square(spot, r)) > 0) {
      search: for (const dist of [1.75, 2.6, 3.7, 4.8, 6.1]) {
        for (let i = 0; i < 8; i++) {
          const a = (Math.PI / 4) * i - Math.PI / 4;
          const p: Point = [x + dist * star * Math.cos(a), y + dist * star * Math.sin(a)];
          if (pieces.score(square(p, r)) === 0) {
            spot = p;
            from = [x, y];
            break search;
          }
        }
      }
    }
    const box = square(spot, r);
    placer.addObstacle(box);
    pieces.add(box, 1);
    markers.add(box, 1);
    if (!onBlock) standing.add(box, 1);
    return { at: spot, r: sr, from };
  });

  // ---- Names on counters ----------------------------------------------------------------------------------------
  const counterNames = new Map<string, CounterName>();
  const beside: number[] = [];
  for (const [i, u] of scene.units.entries()) {
    yield;
    const full = clampLabel(u.label);
    if (!full) continue;
    const { w, d } = counterSize(u, view);
    if (view.hover && w < SPECK * S) {
      hovers.push({ box: counterBoxes[i]!, text: full });
      continue;
    }
    if (w >= NAMED_COUNTER.w * S && d >= NAMED_COUNTER.d * S) {
      const size = Math.min(S, d * 0.3);
      const textW = measure(full, size, true, false);
      const band = 0.22 * S + size * 1.2;
      const r = (u.rotation * Math.PI) / 180;
      const [x, y] = at(u.at);
      const local = d / 2 - band / 2;
      const cx = x - Math.sin(r) * local;
      const cy = y + Math.cos(r) * local;
      const box = turnedBox(cx, cy, textW, size * 1.1, u.rotation);
      // Written on the counter only whole, and only where no star stands on it.
      if (textW <= w - 0.4 * S && markers.score(box) === 0) {
        counterNames.set(u.pointer, { text: full, cx, cy, rotation: uprightOnCounter(u.rotation), size, color: u.ink, band });
        continue;
      }
    }
    beside.push(i);
  }

  const request = (text: string, style: TextStyle, spots: Spot[], required: boolean, extra: Partial<LabelRequest> = {}): PlacedLabel | null =>
    placer.place({ text, style, spots, required, ...(view.hover ? { shortest: 6 } : {}), ...extra });

  // ---- Reinforcements (on screen) -------------------------------------------------------------------------------
  if (view.entries) {
    for (const e of scene.entries) {
      yield;
      const [x, y] = at(e.labelAt);
      request(e.label, { size: sizes.entry, bold: true, color: e.line }, spotsAround(square([x, y], 0), 0.3 * S), true, { owner: square([x, y], 0.5 * S), ref: e.pointer });
    }
  }

  // ---- Objectives: the VP figure beside its star is the thing a player looks for ------------------------------------
  for (const [i, o] of scene.objectives.entries()) {
    yield;
    const m = objectives[i]!;
    const box = square(m.at, m.r * 1.35);
    const around = spotsAround(box, 0.15 * S);
    const pick = (order: number[]): Spot[] => order.map((j) => around[j]!);
    if (o.vp !== null) request(`${o.vp} VP`, { size: sizes.vp, bold: true, color: style.objective.stroke }, pick([2, 3, 0, 1, 8, 9]), true, { owner: box, ref: o.pointer });
    if (o.name) request(o.name, { size: sizes.small, italic: true }, pick([1, 0, 2, 3, 9, 8]), true, { owner: box, ref: o.pointer });
  }
  const starNear = (p: Point): MarkerSpot | null => {
    const i = scene.objectives.findIndex((o) => Math.hypot(o.at[0] - p[0], o.at[1] - p[1]) < 1);
    return i >= 0 ? objectives[i]! : null;
  };

  // ---- Terrain: every name appears ------------------------------------------------------------------------------------
  for (const a of scene.areas) {
    if (!a.name) continue;
    yield;
    const size = sizes.area;
    const h = size * 1.3;
    const textStyle = { size, ...terrainNameLook(a.kind, style) };
    const marker = a.marked ? starNear(a.shape.anchor) : null;
    let spots: Spot[];
    let owner: Box;
    if (marker) {
      const [x, y] = marker.at;
      const s2 = marker.r * 1.5;
      owner = square(marker.at, s2);
      spots = [
        { x, y: y + s2, ax: 0, ay: -1 },
        { x, y: y - s2, ax: 0, ay: 1 },
        { x: x + s2, y, ax: -1, ay: 0 },
        { x: x - s2, y, ax: 1, ay: 0 },
        { x, y: y + s2 + h, ax: 0, ay: -1 },
        { x, y: y - s2 - h, ax: 0, ay: 1 },
        { x: x + s2, y: y + h, ax: -1, ay: 0 },
        { x: x - s2, y: y - h, ax: 1, ay: 0 },
      ];
    } else {
      const [x, y] = at(a.shape.anchor);
      owner = square([x, y], h / 2);
      spots = [0, 1.1, -1.1, 2.2, -2.2].map((dy) => ({ x, y: y + dy * h, ax: 0, ay: 0 }));
      spots.push({ x, y, ax: -0.8, ay: 0 }, { x, y, ax: 0.8, ay: 0 }, { x, y: y + 3.3 * h, ax: 0, ay: 0 }, { x, y: y - 3.3 * h, ax: 0, ay: 0 });
    }
    request(a.name, textStyle, spots, true, { owner, ref: a.pointer });
  }
  for (const l of [...scene.lines, ...scene.barriers]) {
    if (!l.name) continue;
    yield;
    const size = sizes.line;
    const width = l.kind === 'river' || l.kind === 'road' ? bandWidth(l.kind, l.width, view) : l.width * k;
    const spots: Spot[] = [];
    for (const t of [0.5, 0.35, 0.65, 0.2, 0.8, 0.42, 0.58, 0.27, 0.73, 0.1, 0.9]) {
      const p = pointAlongPath(l.points, t);
      if (!p) continue;
      const rotation = uprightRotation(p.bearing);
      const r = (rotation * Math.PI) / 180;
      const [x, y] = at(p.point);
      const off = width / 2 + size * 0.75;
      // Perpendicular to the text's baseline: -1 puts the name on the upper side as read.
      for (const side of [-1, 1]) spots.push({ x: x - Math.sin(r) * off * side, y: y + Math.cos(r) * off * side, ax: 0, ay: 0, rotation });
    }
    const mid = l.label ? at(l.label.at) : null;
    request(l.name, { size, ...terrainNameLook(l.kind, style) }, spots, true, { ref: l.pointer, ...(mid ? { owner: square(mid, width / 2) } : {}) });
  }
  for (const c of scene.crossings) {
    if (!c.name) continue;
    yield;
    const [x, y] = at(c.at);
    const { span, breadth } = crossingSize(c, view);
    const box = turnedBox(x, y, span, breadth, c.rotation);
    request(c.name, { size: sizes.small }, spotsAround(box, 0.15 * S), true, { owner: box, ref: c.pointer });
  }

  // ---- Buildings: names inside when they fit and no counter stands on them --------------------------------------------
  const blockNames: BlockName[] = [];
  for (const [i, b] of scene.blocks.entries()) {
    if (!b.name) continue;
    yield;
    const name = clampLabel(b.name);
    const inside = blockName(b, name, blockBoxes[i]!, blockStars.get(b) ?? null, sizes.block, measure);
    if (inside && inside.lines.every((line) => standing.score(lineBox(line, inside.size, measure)) === 0)) {
      for (const line of inside.lines) placer.reserve(lineBox(line, inside.size, measure));
      blockNames.push({ pointer: b.pointer, ...inside });
      continue;
    }
    const placed = request(name, { size: sizes.small }, spotsAround(blockBoxes[i]!, 0.15 * S), !view.hover, { owner: blockBoxes[i]!, ref: b.pointer });
    if (!placed) hovers.push({ box: blockBoxes[i]!, text: name });
  }

  // ---- Deployment zones --------------------------------------------------------------------------------------------
  const cloth = { x0: view.origin[0], y0: view.origin[1], x1: view.origin[0] + scene.table.width * k, y1: view.origin[1] + scene.table.height * k };
  for (const z of scene.zones) {
    yield;
    const [x, y] = at(z.shape.anchor);
    const textStyle = { size: sizes.zone, bold: true, color: z.line };
    const probe = placer.layout(z.label, textStyle, { x, y, ax: 0, ay: 0 });
    // A zone along the edge has its centre near the edge; its name still belongs on the cloth.
    const dx = Math.max(0, cloth.x0 + 0.2 * S - probe.box.x0) - Math.max(0, probe.box.x1 - (cloth.x1 - 0.2 * S));
    const spots = [0, 1, -1, 2, -2, 3, -3]
      .map((j) => ({ x: x + dx, y: y + j * probe.h * 1.1, ax: 0, ay: 0 }))
      .filter((s) => {
        const b = placer.layout(z.label, textStyle, s).box;
        return b.x0 >= cloth.x0 && b.x1 <= cloth.x1 && b.y0 >= cloth.y0 && b.y1 <= cloth.y1;
      });
    const placed = request(z.label, textStyle, spots, false, { ref: z.pointer });
    if (!placed && view.hover) hovers.push({ box: probe.box, text: z.label });
  }

  // ---- Counters' names, then leaders' -----------------------------------------------------------------------------
  for (const i of beside) {
    yield;
    const u = scene.units[i]!;
    const box = counterBoxes[i]!;
    const spots = spotsAround(counterOutlines[i]!, 0.1 * S);
    const placed = request(u.label, { size: S }, spots, false, { owner: box, ref: u.pointer, ...(view.hover ? { shortest: 8 } : {}) });
    if (placed && placed.text !== placed.full) hovers.push({ box, text: placed.full });
    if (placed) continue;
    const key = view.keys?.get(u.pointer);
    if (key) request(key, { size: sizes.key, bold: true }, spots, true, { owner: box, ref: u.pointer, shortest: 0 });
    if (view.hover) hovers.push({ box, text: clampLabel(u.label) });
  }
  for (const [i, l] of scene.leaders.entries()) {
    const box = leaderBoxes[i]!;
    if (!l.label) continue;
    yield;
    // A marker smaller than its name still gets the name beside it where there is room (an open table at Fit
    // zoom has plenty); only where nothing fits does the name wait for hover.
    const placed = request(l.label, { size: S, italic: true }, spotsAround(box, 0.17 * S), false, { owner: box, ref: l.pointer, ...(view.hover ? { shortest: 8 } : {}) });
    if (!placed || placed.text !== placed.full) if (view.hover) hovers.push({ box, text: clampLabel(l.label) });
  }

  for (const l of placer.placed) if (l.text !== l.full) hovers.push({ box: l.box, text: l.full });
  return { labels: placer.placed, counterNames, blockNames, objectives, hovers };
}

function lineBox(line: { text: string; x: number; y: number }, size: number, measure: Measure): Box {
  const w = measure(line.text, size, false, false);
  return { x0: line.x - w / 2, y0: line.y - size * 0.55, x1: line.x + w / 2, y1: line.y + size * 0.55 };
}

/**
 * A building's name wrapped inside it, in as small a type as still reads; beside the objective star when there is
 * one in its corner (`star`, the star's radius). Null when it does not fit.
 */
function blockName(b: BlockItem, name: string, box: Box, star: number | null, largest: number, measure: Measure): Omit<BlockName, 'pointer'> | null {
  const s = box.x1 - box.x0;
  const { x0: x, y0: y } = box;
  // Margins as shares of the type: beside the text, above and below it, and between it and the star.
  const side = largest * 0.18;
  const end = largest * 0.26;
  const starBand = star !== null ? { bottom: y + star * 2.7 + end, left: x + s - star * 2.7 - largest * 0.3 } : null;
  for (const step of BLOCK_STEPS) {
    const size = largest * step;
    const lh = size * 1.12;
    const width = (t: string): number => measure(t, size, false, false);
    let lines: string[] | null;
    let first: number;
    if (!starBand) {
      // Without a star the lines are centred in the building.
      lines = wrapLines(name, width, () => s - 2 * side);
      first = y + s / 2 - (((lines?.length ?? 1) - 1) * lh) / 2;
    } else {
      // With one they start at its top, narrower beside the star.
      const top = y + end + size * 0.55;
      first = top;
      lines = wrapLines(name, width, (i) => (top + i * lh - size * 0.55 < starBand.bottom ? starBand.left - x - end : s - 2 * side));
    }
    if (!lines || lines.length * lh > s - 2 * end) continue;
    return {
      size,
      lines: lines.map((text, i) => {
        const ly = first + i * lh;
        const narrow = starBand !== null && ly - size * 0.55 < starBand.bottom;
        return { text, x: narrow ? (x + starBand.left) / 2 : x + s / 2, y: ly };
      }),
    };
  }
  return null;
}

/** The layout of the screen map at one zoom: the table in pixels from its corner, and a margin for names. */
export function screenLabelView(scene: MapScene, scale: number, style: MapStyle, measure?: Measure): LabelView {
  const margin = 30;
  return {
    k: scale,
    origin: [0, 0],
    px: 1,
    bounds: { x0: -margin, y0: -margin, x1: scene.table.width * scale + margin, y1: scene.table.height * scale + margin },
    style,
    hover: true,
    entries: true,
    ...(measure ? { measure } : {}),
  };
}

/** Hover text at an output point: the last (topmost) region that holds it. */
export function hoverAt(hovers: readonly Hover[], p: Point): string | null {
  for (let i = hovers.length - 1; i >= 0; i--) {
    const b = hovers[i]!.box;
    if (p[0] >= b.x0 && p[0] <= b.x1 && p[1] >= b.y0 && p[1] <= b.y1) return hovers[i]!.text;
  }
  return null;
}

/**
 * A layout of `scene` with the names of the items in `drop` taken out and every other name where it was: what the
 * map shows while those items are lifted off it (a drag), instead of laying the rest out again. `scene` is the one
 * `layout` was made for (its objectives give the order of `layout.objectives`). Kept entries are the same objects.
 */
export function labelsWithout(layout: SceneLabels, scene: MapScene, drop: ReadonlySet<string>): SceneLabels {
  const counterNames = new Map<string, CounterName>();
  for (const [pointer, name] of layout.counterNames) if (!drop.has(pointer)) counterNames.set(pointer, name);
  return {
    labels: layout.labels.filter((l) => l.ref === undefined || !drop.has(l.ref)),
    counterNames,
    blockNames: layout.blockNames.filter((b) => !drop.has(b.pointer)),
    objectives: layout.objectives.filter((_, i) => {
      const o = scene.objectives[i];
      return !o || !drop.has(o.pointer);
    }),
    hovers: layout.hovers,
  };
}

/** Every position of a layout moved by (`dx`, `dy`) output units: the names of items carried that far. */
export function shiftLabels(layout: SceneLabels, dx: number, dy: number): SceneLabels {
  const p = (q: Point): Point => [q[0] + dx, q[1] + dy];
  const box = (b: Box): Box => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
  const counterNames = new Map<string, CounterName>();
  for (const [pointer, n] of layout.counterNames) counterNames.set(pointer, { ...n, cx: n.cx + dx, cy: n.cy + dy });
  return {
    labels: layout.labels.map((l) => ({ ...l, cx: l.cx + dx, cy: l.cy + dy, box: box(l.box), leader: l.leader ? [p(l.leader[0]), p(l.leader[1])] : null })),
    counterNames,
    blockNames: layout.blockNames.map((b) => ({ ...b, lines: b.lines.map((line) => ({ ...line, x: line.x + dx, y: line.y + dy })) })),
    objectives: layout.objectives.map((o) => ({ ...o, at: p(o.at), from: o.from ? p(o.from) : null })),
    hovers: layout.hovers.map((h) => ({ ...h, box: box(h.box) })),
  };
}

/**
 * One layout for `scene` from the layouts of two parts of it: `a` made for `aScene`, `b` for `bScene`, each item of
 * `scene` in one of them (objectives are found by pointer, as each layout lists its own scene's in order). What the
 * map shows the moment a drag is dropped, until the whole scene is laid out again. Null when an objective of `scene`
 * is in neither.
 */
export function joinLabels(scene: MapScene, a: SceneLabels, aScene: MapScene, b: SceneLabels, bScene: MapScene): SceneLabels | null {
  const spots = new Map<string, MarkerSpot>();
  aScene.objectives.forEach((o, i) => a.objectives[i] && spots.set(o.pointer, a.objectives[i]));
  bScene.objectives.forEach((o, i) => b.objectives[i] && spots.set(o.pointer, b.objectives[i]));
  const objectives: MarkerSpot[] = [];
  for (const o of scene.objectives) {
    const spot = spots.get(o.pointer);
    if (!spot) return null;
    objectives.push(spot);
  }
  return {
    labels: [...a.labels, ...b.labels],
    counterNames: new Map([...a.counterNames, ...b.counterNames]),
    blockNames: [...a.blockNames, ...b.blockNames],
    objectives,
    hovers: [...a.hovers, ...b.hovers],
  };
}
