// The table drawn for paper: the same scene the screen map draws (domain/map/scene.ts), as vector SVG in paper
// millimetres, in the print style. Sizes of marks and text are fixed on paper rather than scaled with the table, so
// a 3′ and a 6′ table print equally legibly. What each mark looks like (domain/map/look.ts) and where every name goes
// (domain/map/labels.ts) are decided with the screen map; this file only writes them as SVG, plus what only paper
// has: margins with reinforcement notes, rulers, a scale bar and the legend.
import { gridSize, isCellGrid } from '../grid.js';
import { LabelPlacer, type PlacedLabel } from '../map/label-placer.js';
import { bandWidth, counterSize, crossingSize, layoutSceneLabels, leaderRadius, type CounterName, type LabelView, type MinimumSizes } from '../map/labels.js';
import { FACING_TICK_PX, areaLook, bandLook, blockFill, contourFill, counterFront, counterSymbol, fordLook, leaderStar, objectiveStar, roofLines } from '../map/look.js';
import { buildScene, type AreaItem, type BlockItem, type CrossingItem, type EntryItem, type LineItem, type MapScene, type UnitItem } from '../map/scene.js';
import { darken, inkFor, lineColorFor, nearestEdge } from '../map/shapes.js';
import { PRINT_STYLE, type MapStyle } from '../map/styles.js';
import type { AreaKind, Edge, Point, Reinforcement, Scenario } from '../model.js';
import { escapeHtml, num, safeColor } from './escape.js';
import { el, pathData, starPoints } from './svg.js';
import { arrivalShort } from './words.js';

/** Millimetres per CSS pixel: the style table's `…Px` widths are CSS pixels on paper. */
const PX = 25.4 / 96;

/** Sizes of the text that is not placed as a label (grid and rulers), mm; the labels' are in the style table. */
const TEXT = { cell: 1.75, ruler: 1.9 };

/** More cells than this and the grid is left off the printed map. */
export const MAX_PRINTED_CELLS = 4000;

const BAND_NS = 10;
const BAND_EW = 17;
const STRIP = 11;

export interface MapSvgOptions {
  widthMm: number;
  maxHeightMm: number;
  /** Map key for each unit by JSON Pointer, shown when there is no room for its name. */
  unitKeys?: ReadonlyMap<string, string>;
  style?: MapStyle;
}

export interface LegendEntry {
  /** A small SVG swatch, 8 × 5 mm. */
  swatch: string;
  text: string;
}

export interface MapSvg {
  svg: string;
  widthMm: number;
  heightMm: number;
  mmPerInch: number;
  legend: LegendEntry[];
}

interface Frame {
  ox: number;
  oy: number;
  k: number;
  w: number;
  h: number;
  /** Millimetres per inch with the least sizes marks are drawn at on paper. */
  view: { k: number; minimum: MinimumSizes };
}

/**
 * Tiny counters (a battalion on a 6′ table) are enlarged to a size a player can see and tell the facing of; a river,
 * road or crossing smaller than a pen stroke would vanish.
 */
const PAPER_MINIMUM: MinimumSizes = { counterW: 3.6, counterD: 1.8, leaderR: 1.7, riverW: 1.3, roadW: 1.1, crossingSpan: 3.4, crossingBreadth: 2.0 };

function at(f: Frame, p: Point): Point {
  return [f.ox + p[0] * f.k, f.oy + p[1] * f.k];
}

function mm(f: Frame, lines: readonly (readonly Point[])[]): Point[][] {
  return lines.map((line) => line.map((p) => at(f, p)));
}

// ---- Patterns ------------------------------------------------------------------------------------------------------

function patterns(style: MapStyle, scene: MapScene, sideLines: string[]): string {
  const { woods, marsh, fields, lake } = style;
  const out: string[] = [];
  const tree = (cx: number, cy: number, r: number, fill: string, stroke: string): string =>
    el('circle', { cx, cy, r, fill, stroke, 'stroke-width': 0.16 });
  out.push(
    el(
      'pattern',
      { id: 'adc-woods-light', patternUnits: 'userSpaceOnUse', width: 4.4, height: 3.8 },
      tree(1.1, 0.95, 0.78, woods.light.tree, woods.light.treeStroke) + tree(3.3, 2.85, 0.78, woods.light.tree, woods.light.treeStroke),
    ),
    el(
      'pattern',
      { id: 'adc-woods-dense', patternUnits: 'userSpaceOnUse', width: 3.0, height: 2.6 },
      tree(0.75, 0.65, 0.68, woods.dense.tree, woods.dense.treeStroke) + tree(2.25, 1.95, 0.68, woods.dense.tree, woods.dense.treeStroke),
    ),
    el(
      'pattern',
      { id: 'adc-marsh', patternUnits: 'userSpaceOnUse', width: 5, height: 3.6 },
      // A reed tuft (base line and three blades) and a dash of open water, offset on alternate rows.
      el('path', {
        d: 'M0.4 1.6H2.2M1.3 1.6V0.5M1.2 1.6L0.7 0.8M1.4 1.6L1.9 0.8M2.9 3.2H4.6M3.75 3.2V2.1M3.65 3.2L3.15 2.4M3.85 3.2L4.35 2.4',
        stroke: marsh.mark,
        'stroke-width': 0.17,
        fill: 'none',
        'stroke-linecap': 'round',
      }) + el('path', { d: 'M3.1 0.9H4.4M0.2 2.9H1.2', stroke: marsh.stroke, 'stroke-width': 0.14 }),
    ),
    el(
      'pattern',
      { id: 'adc-town', patternUnits: 'userSpaceOnUse', width: 4.4, height: 3.6 },
      // Built-up ground: small houses in staggered rows, the map sign for a village without modelled buildings.
      el('rect', { x: 0.6, y: 0.5, width: 1.2, height: 0.9, fill: style.town.house, stroke: style.town.houseStroke, 'stroke-width': 0.1 }) +
        el('rect', { x: 2.8, y: 2.3, width: 1.2, height: 0.9, fill: style.town.house, stroke: style.town.houseStroke, 'stroke-width': 0.1 }),
    ),
    el(
      'pattern',
      { id: 'adc-lake', patternUnits: 'userSpaceOnUse', width: 6, height: 3 },
      el('path', { d: 'M0.6 1.2q0.5 -0.4 1 0t1 0M3.6 2.6q0.5 -0.4 1 0t1 0', stroke: lake.stroke, 'stroke-width': 0.14, fill: 'none', opacity: 0.6 }),
    ),
  );
  // Furrows follow each field's longest edge, as ploughed strips do; cells alternate, which reads as a patchwork.
  scene.areas.forEach((a, i) => {
    if (a.decor.type !== 'furrows') return;
    a.decor.patches.forEach((patch, j) => {
      const [p, q] = patch.segments[0] ?? [
        [0, 0],
        [1, 0],
      ];
      const angle = (Math.atan2(q[1] - p[1], q[0] - p[0]) * 180) / Math.PI;
      out.push(
        el(
          'pattern',
          { id: `adc-fields-${i}-${j}`, patternUnits: 'userSpaceOnUse', width: 4, height: 1.25, patternTransform: `rotate(${num(angle)})` },
          el('path', { d: 'M0 0.62H4', stroke: fields.furrow, 'stroke-width': 0.2 }),
        ),
      );
    });
  });
  sideLines.forEach((line, s) => {
    out.push(
      el(
        'pattern',
        { id: `adc-zone-${s}`, patternUnits: 'userSpaceOnUse', width: 2.6, height: 2.6, patternTransform: `rotate(${s === 0 ? -45 : 45})` },
        el('path', { d: 'M0 1.3H2.6', stroke: line, 'stroke-width': 0.32, opacity: style.zone.opacity }),
      ),
    );
  });
  sideLines.forEach((line, s) => {
    out.push(
      el(
        'marker',
        { id: `adc-arrow-${s}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4.2, markerHeight: 4.2, orient: 'auto', markerUnits: 'strokeWidth' },
        el('path', { d: 'M0 0L10 5L0 10z', fill: line }),
      ),
    );
  });
  return `<defs>${out.join('')}</defs>`;
}

// ---- Terrain ---------------------------------------------------------------------------------------------------------

/** The hatching pattern that stands for an area's marks on paper (trees, houses, reeds, ripples), if any. */
function areaPattern(item: AreaItem): string | null {
  switch (item.kind) {
    case 'woods':
      return item.decor.type === 'trees' && item.decor.dense ? 'adc-woods-dense' : 'adc-woods-light';
    case 'town':
      // A town with building blocks shows the blocks; one without gets the built-up pattern.
      return item.decor.type === 'houses' && item.decor.houses.length > 0 ? 'adc-town' : null;
    case 'lake':
      return 'adc-lake';
    case 'marsh':
      return 'adc-marsh';
    default:
      return null;
  }
}

function drawArea(f: Frame, item: AreaItem, index: number, style: MapStyle): string {
  const look = areaLook(item, style);
  const width = look.strokePx * PX;
  const pattern = areaPattern(item);
  const rings = pathData(mm(f, item.shape.rings), true);
  let out = el('path', { d: rings, fill: look.fill, 'fill-rule': 'evenodd' });
  if (pattern) out += el('path', { d: rings, fill: `url(#${pattern})`, 'fill-rule': 'evenodd' });
  const d = item.decor;
  if (d.type === 'furrows') {
    d.patches.forEach((patch, j) => {
      out += el('path', { d: pathData(mm(f, [patch.ring]), true), fill: `url(#adc-fields-${index}-${j})` });
    });
  } else if (d.type === 'hill') {
    d.contours.forEach((contour, i) => {
      out += el('path', {
        d: pathData(mm(f, [contour]), true),
        fill: contourFill(i, style),
        stroke: style.hill.stroke,
        'stroke-width': width,
      });
    });
  } else if (d.type === 'teeth') {
    out += el('path', { d: pathData(mm(f, d.teeth), true), fill: style.fortification.teeth });
  }
  out += el('path', {
    d: pathData(mm(f, item.shape.outline)),
    fill: 'none',
    stroke: look.stroke,
    'stroke-width': width,
    'stroke-linejoin': 'round',
  });
  if (d.type === 'hill' && d.crest) {
    out += el('path', {
      d: pathData(mm(f, [d.crest])),
      fill: 'none',
      stroke: style.hill.crest,
      'stroke-width': style.hill.crestPx * PX,
      'stroke-dasharray': style.hill.crestDashPx.map((v) => num(v * PX)).join(' '),
      'stroke-linecap': 'round',
    });
  }
  return out;
}

function drawLine(f: Frame, item: LineItem, style: MapStyle): string {
  const d = pathData(mm(f, [item.points]));
  const base = { d, fill: 'none', 'stroke-linejoin': 'round' };
  switch (item.kind) {
    case 'river':
    case 'road': {
      const look = bandLook(item, style);
      const width = bandWidth(item.kind, item.width, f.view);
      const edge = look.edgePx * PX;
      return (
        el('path', {
          ...base,
          stroke: look.edge,
          'stroke-width': width + 2 * edge,
          'stroke-dasharray': look.broken ? '2 1' : undefined,
        }) + el('path', { ...base, stroke: look.fill, 'stroke-width': width })
      );
    }
    case 'track':
      return el('path', { ...base, stroke: style.track.stroke, 'stroke-width': 0.55, 'stroke-dasharray': '1.6 0.9' });
    case 'wall':
      return (
        el('path', { ...base, stroke: style.wall.stroke, 'stroke-width': 0.85, 'stroke-linejoin': 'miter' }) +
        el('path', { ...base, stroke: style.wall.coursing, 'stroke-width': 0.28, 'stroke-dasharray': '0.6 0.45' })
      );
    case 'hedge':
      return el('path', { ...base, stroke: style.hedge.stroke, 'stroke-width': 1.05, 'stroke-dasharray': '0.01 1.35', 'stroke-linecap': 'round' });
  }
}

function drawCrossing(f: Frame, item: CrossingItem, style: MapStyle): string {
  const [x, y] = at(f, item.at);
  const { span, breadth } = crossingSize(item, f.view);
  const t = `translate(${num(x)} ${num(y)}) rotate(${num(item.rotation)})`;
  if (item.kind === 'ford') {
    const look = fordLook(span, breadth, PX, style);
    return (
      `<g transform="${t}">` +
      el('ellipse', { rx: look.rx, ry: look.ry, fill: look.fill, stroke: look.stroke, 'stroke-width': look.strokeWidth, 'stroke-dasharray': look.dash.map(num).join(' ') }) +
      look.stones.at.map(([sx, sy]) => el('circle', { cx: sx, cy: sy, r: look.stones.r, fill: look.stones.fill })).join('') +
      '</g>'
    );
  }
  let planks = '';
  for (let px = -span / 2 + 0.55; px < span / 2 - 0.1; px += 0.55) planks += `M${num(px)} ${num(-breadth / 2)}V${num(breadth / 2)}`;
  return (
    `<g transform="${t}">` +
    el('rect', { x: -span / 2, y: -breadth / 2, width: span, height: breadth, fill: style.bridge.fill }) +
    el('path', { d: planks, stroke: style.bridge.plank, 'stroke-width': 0.12 }) +
    el('path', {
      d: `M${num(-span / 2)} ${num(-breadth / 2)}H${num(span / 2)}M${num(-span / 2)} ${num(breadth / 2)}H${num(span / 2)}`,
      stroke: style.bridge.stroke,
      'stroke-width': 0.45,
    }) +
    '</g>'
  );
}

function drawBlock(f: Frame, item: BlockItem, style: MapStyle): string {
  const [x, y] = at(f, item.at);
  const s = item.size * f.k;
  const roof = roofLines(x, y, s);
  return (
    el('rect', { x, y, width: s, height: s, fill: blockFill(item, style), stroke: style.block.stroke, 'stroke-width': style.block.strokePx * PX }) +
    el('path', { d: pathData([roof.ridge], true) + pathData(roof.hips), fill: 'none', stroke: style.block.roof, 'stroke-width': 0.15 })
  );
}

// ---- Grid and rulers -------------------------------------------------------------------------------------------------

function drawGrid(f: Frame, scene: MapScene, style: MapStyle): { lines: string; labels: string } {
  const grid = scene.grid;
  const stroke = { fill: 'none', stroke: style.grid.stroke, 'stroke-width': style.grid.strokePx * PX };
  const font = { fill: style.grid.label, 'font-size': TEXT.cell };
  if (!grid) {
    // A free-form table gets faint guides every 6″, the usual terrain-tile size, to help lay out the table.
    let d = '';
    const step = 6 * rulerStep(Math.max(f.w, f.h));
    for (let x = step; x < f.w - 1e-6; x += step) d += `M${num(f.ox + x * f.k)} ${num(f.oy)}V${num(f.oy + f.h * f.k)}`;
    for (let y = step; y < f.h - 1e-6; y += step) d += `M${num(f.ox)} ${num(f.oy + y * f.k)}H${num(f.ox + f.w * f.k)}`;
    return { lines: el('path', { d, ...stroke, 'stroke-dasharray': '0.5 0.9', opacity: 0.7 }), labels: '' };
  }
  const lines = el('path', { d: pathData(mm(f, scene.cells.map((c) => c.ring)), true), ...stroke });
  const cellMm = grid.cell * f.k;
  let labels = '';
  if (cellMm >= 9) {
    for (const c of scene.cells) {
      const [x, y] = at(f, c.labelAt);
      labels += el(
        'text',
        { x, y: y + TEXT.cell * (c.labelAlign === 'left' ? 0.95 : 0.9), 'text-anchor': c.labelAlign === 'left' ? 'start' : 'middle', ...font },
        escapeHtml(c.name),
      );
    }
  }
  return { lines, labels };
}

/** Inches between ruler ticks: 1 up to a 12′ table, then whatever keeps it to about 150 ticks a side. */
function rulerStep(length: number): number {
  return length <= 150 ? 1 : Math.ceil(length / 150);
}

/** Column letters along the north edge and row numbers along the west edge (square grids), or inch rulers. */
function drawEdgeScale(f: Frame, scene: MapScene, style: MapStyle): string {
  const font = { fill: style.ruler.text, 'font-size': TEXT.ruler };
  let out = '';
  const grid = scene.grid;
  // Letters closer than a few millimetres would run into each other; the cell names inside the grid do instead.
  if (grid && grid.kind === 'square' && grid.cell * f.k >= 3) {
    const { cols, rows } = gridSize(grid, scene.table);
    const letters = scene.cells.filter((c) => /^[A-Z]+1$/.test(c.name)).map((c) => c.name.slice(0, -1));
    for (let c = 0; c < cols; c++) {
      out += el('text', { x: f.ox + (c + 0.5) * grid.cell * f.k, y: f.oy - 1.6, 'text-anchor': 'middle', ...font, 'font-weight': 'bold' }, escapeHtml(letters[c] ?? ''));
    }
    for (let r = 0; r < rows; r++) {
      out += el('text', { x: f.ox - 1.6, y: f.oy + (r + 0.5) * grid.cell * f.k + TEXT.ruler * 0.35, 'text-anchor': 'end', ...font, 'font-weight': 'bold' }, String(r + 1));
    }
    return out;
  }
  if (grid) return out;
  let ticks = '';
  // A tick every inch on a club table; on a bigger one, ticks further apart so they stay apart on paper.
  const step = rulerStep(Math.max(f.w, f.h));
  const tick = (i: number): number => (i % 6 === 0 ? 1.5 : i % 3 === 0 ? 1.0 : 0.6);
  for (let i = 0; i * step <= f.w + 1e-9; i++) {
    const x = f.ox + i * step * f.k;
    ticks += `M${num(x)} ${num(f.oy)}v${num(-tick(i))}`;
    if (i % 6 === 0 && i > 0) out += el('text', { x, y: f.oy - 2.1, 'text-anchor': 'middle', ...font }, `${i * step}″`);
  }
  for (let i = 0; i * step <= f.h + 1e-9; i++) {
    const y = f.oy + i * step * f.k;
    ticks += `M${num(f.ox)} ${num(y)}h${num(-tick(i))}`;
    if (i % 6 === 0 && i > 0) out += el('text', { x: f.ox - 2.0, y: y + TEXT.ruler * 0.35, 'text-anchor': 'end', ...font }, `${i * step}″`);
  }
  return el('path', { d: ticks, stroke: style.ruler.tick, 'stroke-width': 0.18 }) + out;
}

// ---- Sides -------------------------------------------------------------------------------------------------------------

interface EntryMark {
  item: EntryItem;
  edge: Edge;
  /** Where along the edge, inches from its west or north end. */
  along: number;
  reinforcement: Reinforcement | null;
}

function entryMarks(scenario: Scenario, scene: MapScene): EntryMark[] {
  const out: EntryMark[] = [];
  for (const item of scene.entries) {
    const m = /^\/sides\/(\d+)\/reinforcements\/(\d+)$/.exec(item.pointer);
    const r = m ? (scenario.sides?.[Number(m[1])]?.reinforcements?.[Number(m[2])] ?? null) : null;
    const origin = item.arrow?.from ?? item.shape?.anchor;
    if (!origin) continue;
    const edge = nearestEdge(scene.table, origin);
    out.push({ item, edge, along: edge === 'north' || edge === 'south' ? origin[0] : origin[1], reinforcement: r });
  }
  return out;
}

function drawZones(f: Frame, scene: MapScene, style: MapStyle): string {
  let out = '';
  for (const z of scene.zones) {
    const rings = pathData(mm(f, z.shape.rings), true);
    out += el('path', { d: rings, fill: `url(#adc-zone-${z.sideIndex === 0 ? 0 : 1})` });
    out += el('path', {
      d: pathData(mm(f, z.shape.outline)),
      fill: 'none',
      stroke: z.line,
      'stroke-width': style.zone.outlinePx * PX,
      'stroke-dasharray': style.zone.outlineDashPx.map((v) => num(v * PX)).join(' '),
    });
  }
  return out;
}

function drawEntries(f: Frame, marks: EntryMark[], placer: LabelPlacer, style: MapStyle): string {
  let out = '';
  const right = f.ox + f.w * f.k;
  const bottom = f.oy + f.h * f.k;
  const size = style.label.sizesPx.entry * PX;
  for (const m of marks) {
    const { item } = m;
    if (item.shape) {
      const rings = pathData(mm(f, item.shape.rings), true);
      out += el('path', { d: rings, fill: item.color, opacity: 0.16 });
      out += el('path', { d: pathData(mm(f, item.shape.outline)), fill: 'none', stroke: item.line, 'stroke-width': 0.5, 'stroke-dasharray': '1.6 0.8' });
    }
    // The whole edge is open to an edge entry: a bar in the side's colour along it, just outside the cloth.
    if (item.bar) {
      const g = 0.8;
      const bar: Record<Edge, string> = {
        north: `M${num(f.ox)} ${num(f.oy - g)}H${num(right)}`,
        south: `M${num(f.ox)} ${num(bottom + g)}H${num(right)}`,
        west: `M${num(f.ox - g)} ${num(f.oy)}V${num(bottom)}`,
        east: `M${num(right + g)} ${num(f.oy)}V${num(bottom)}`,
      };
      out += el('path', { d: bar[m.edge], stroke: item.color, 'stroke-width': 0.8, opacity: 0.7 });
    }
    const ns = m.edge === 'north' || m.edge === 'south';
    const band = ns ? BAND_NS : BAND_EW;
    const pos = ns ? f.ox + m.along * f.k : f.oy + m.along * f.k;
    const sign = m.edge === 'north' || m.edge === 'west' ? -1 : 1;
    const edgeAt = m.edge === 'north' ? f.oy : m.edge === 'south' ? bottom : m.edge === 'west' ? f.ox : right;
    const tail = edgeAt + sign * (band - 1.2);
    const tip = edgeAt + sign * (item.bar ? 1.9 : 0.4);
    const [x1, y1, x2, y2] = ns ? [pos, tail, pos, tip] : [tail, pos, tip, pos];
    out += el('line', { x1, y1, x2, y2, stroke: item.line, 'stroke-width': 0.7, 'marker-end': `url(#adc-arrow-${item.sideIndex === 0 ? 0 : 1})` });
    if (!item.bar && !item.shape) out += el('circle', { cx: ns ? pos : edgeAt, cy: ns ? edgeAt : pos, r: 0.75, fill: item.line });
    const text = m.reinforcement ? arrivalShort(m.reinforcement) : item.label;
    const textStyle = { size, bold: true, color: item.line };
    if (ns) {
      const cy = (tail + tip) / 2;
      placer.place({ text, style: textStyle, spots: [{ x: pos + 1, y: cy, ax: -1, ay: 0 }, { x: pos - 1, y: cy, ax: 1, ay: 0 }], required: true });
    } else {
      // East and west margins are narrow: a roll rule goes on two lines above (or below) the arrow.
      const lines = text.startsWith('from ') ? [text.replace(/ on .*$/, ''), text.replace(/^.* (on .*)$/, '$1')] : [text];
      const cx = (tail + tip) / 2;
      const step = size * 1.2;
      const above = lines.map((t, i) => ({ t, spot: { x: cx, y: pos - 1.9 - (lines.length - 1 - i) * step, ax: 0, ay: 0 } }));
      const below = lines.map((t, i) => ({ t, spot: { x: cx, y: pos + 1.9 + i * step, ax: 0, ay: 0 } }));
      const fitsAbove = above.every((l) => placer.fits(l.t, textStyle, l.spot));
      for (const l of fitsAbove ? above : below) placer.place({ text: l.t, style: textStyle, spots: [l.spot], required: true });
    }
  }
  return out;
}

function drawCounter(f: Frame, u: UnitItem, name: CounterName | undefined, style: MapStyle): string {
  const [x, y] = at(f, u.at);
  const { w, d } = counterSize(u, f.view);
  let inner = el('rect', { x: -w / 2, y: -d / 2, width: w, height: d, fill: u.color, stroke: style.unit.stroke, 'stroke-width': style.unit.strokePx * PX });
  // The front edge is heavier and a tick points the way the unit faces.
  const front = counterFront(u, d, PX, style);
  inner += el('path', { d: `M${num(-w / 2)} ${num(-d / 2)}H${num(w / 2)}M0 ${num(-d / 2)}v${num(-FACING_TICK_PX * PX)}`, stroke: front.color, 'stroke-width': front.width });
  const symbol = counterSymbol(u, w, d, name?.band ?? 0, PX, style);
  if (symbol) {
    inner += el('path', { d: pathData(symbol.lines), fill: 'none', stroke: u.ink, 'stroke-width': symbol.pen });
    if (symbol.dot) inner += el('circle', { cx: symbol.dot.at[0], cy: symbol.dot.at[1], r: symbol.dot.r, fill: u.ink });
  }
  let text = '';
  if (name) {
    text = el(
      'text',
      {
        x: name.cx,
        // The baseline 0.35 em below the middle puts the letters on it.
        y: name.cy + name.size * 0.35,
        transform: `rotate(${num(name.rotation)} ${num(name.cx)} ${num(name.cy)})`,
        'text-anchor': 'middle',
        'font-size': name.size,
        'font-weight': 'bold',
        fill: u.ink,
      },
      escapeHtml(name.text),
    );
  }
  return `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(u.rotation)})">${inner}</g>${text}`;
}

/** Placed labels on pale plaques, over everything else; a name stood off has a hairline back to what it names. */
function renderLabels(labels: readonly PlacedLabel[], style: MapStyle): string {
  let lines = '';
  let plaques = '';
  for (const l of labels) {
    if (l.leader) {
      const [[x1, y1], [x2, y2]] = l.leader;
      lines += el('line', { x1, y1, x2, y2, stroke: style.label.fill, 'stroke-width': 0.15, opacity: 0.75 });
    }
    const rotation = l.rotation ? ` rotate(${num(l.rotation)})` : '';
    const plaque = el('rect', { x: -l.w / 2, y: -l.h / 2, width: l.w, height: l.h, rx: Math.min(0.8, l.h / 3), fill: style.label.halo });
    const text = el(
      'text',
      {
        x: 0,
        // The plaque is centred on the em box; a baseline 0.35 em below the centre puts the letters in its middle.
        y: l.size * 0.35,
        'text-anchor': 'middle',
        'font-size': l.size,
        'font-weight': l.bold ? 'bold' : undefined,
        'font-style': l.italic ? 'italic' : undefined,
        fill: l.color ?? style.label.fill,
      },
      escapeHtml(l.text),
    );
    plaques += `<g transform="translate(${num(l.cx)} ${num(l.cy)})${rotation}">${plaque}${text}</g>`;
  }
  return lines + plaques;
}

// ---- Legend swatches ------------------------------------------------------------------------------------------------------

const KIND_WORDS: Record<AreaKind, string> = {
  woods: 'Woods',
  hill: 'Hill',
  town: 'Town',
  lake: 'Lake',
  marsh: 'Marsh',
  fields: 'Fields',
  fortification: 'Fortification',
  'soft-ground': 'Soft ground',
};

function swatch(inner: string): string {
  return `<svg class="swatch" width="8mm" height="5mm" viewBox="0 0 8 5" aria-hidden="true">${inner}</svg>`;
}

function legendEntries(scene: MapScene, style: MapStyle, sideNames: string[], sideLines: string[], sideColors: string[]): LegendEntry[] {
  const out: LegendEntry[] = [];
  const rect = (fill: string, stroke: string, pattern?: string, width = 0.3): string =>
    el('rect', { x: 0.3, y: 0.3, width: 7.4, height: 4.4, fill, stroke, 'stroke-width': width }) +
    (pattern ? el('rect', { x: 0.3, y: 0.3, width: 7.4, height: 4.4, fill: `url(#${pattern})` }) : '');
  const seen = new Set<string>();
  for (const a of scene.areas) {
    const key = a.kind === 'woods' && a.decor.type === 'trees' && a.decor.dense ? 'woods-dense' : a.kind;
    if (seen.has(key)) continue;
    seen.add(key);
    const look = areaLook(a, style);
    let inner = rect(look.fill, look.stroke, areaPattern(a) ?? undefined, look.strokePx * PX);
    if (a.kind === 'fields') inner += el('path', { d: 'M0.6 1.5H7.4M0.6 2.7H7.4M0.6 3.9H7.4', stroke: style.fields.furrow, 'stroke-width': 0.2 });
    if (a.kind === 'fortification') inner += el('path', { d: 'M1 0.3l0.6 -0.9 0.6 0.9M3.4 0.3l0.6 -0.9 0.6 0.9M5.8 0.3l0.6 -0.9 0.6 0.9', fill: style.fortification.teeth });
    const words = key === 'woods-dense' ? 'Dense woods' : key === 'woods' ? 'Woods' : KIND_WORDS[a.kind];
    out.push({ swatch: swatch(inner), text: words });
  }
  const lineKinds = new Set([...scene.lines, ...scene.barriers].map((l) => `${l.kind}${l.kind === 'river' && l.fordable ? '-fordable' : ''}`));
  const lineWords: [string, string, string][] = [
    ['river', 'River', el('path', { d: 'M0.3 2.5H7.7', stroke: style.river.edge, 'stroke-width': 1.7 }) + el('path', { d: 'M0.3 2.5H7.7', stroke: style.river.fill, 'stroke-width': 1.2 })],
    ['river-fordable', 'Fordable stream', el('path', { d: 'M0.3 2.5H7.7', stroke: style.river.edge, 'stroke-width': 1.7, 'stroke-dasharray': '2 1' }) + el('path', { d: 'M0.3 2.5H7.7', stroke: style.river.fordable, 'stroke-width': 1.2 })],
    ['road', 'Road', el('path', { d: 'M0.3 2.5H7.7', stroke: style.road.edge, 'stroke-width': 1.5 }) + el('path', { d: 'M0.3 2.5H7.7', stroke: style.road.fill, 'stroke-width': 1.1 })],
    ['track', 'Track', el('path', { d: 'M0.3 2.5H7.7', stroke: style.track.stroke, 'stroke-width': 0.55, 'stroke-dasharray': '1.6 0.9' })],
    ['wall', 'Wall', el('path', { d: 'M0.3 2.5H7.7', stroke: style.wall.stroke, 'stroke-width': 0.85 }) + el('path', { d: 'M0.3 2.5H7.7', stroke: style.wall.coursing, 'stroke-width': 0.28, 'stroke-dasharray': '0.6 0.45' })],
    ['hedge', 'Hedge', el('path', { d: 'M0.8 2.5H7.7', stroke: style.hedge.stroke, 'stroke-width': 1.05, 'stroke-dasharray': '0.01 1.35', 'stroke-linecap': 'round' })],
  ];
  for (const [kind, words, inner] of lineWords) if (lineKinds.has(kind)) out.push({ swatch: swatch(inner), text: words });
  if (scene.crossings.some((c) => c.kind === 'bridge')) {
    out.push({ swatch: swatch(el('rect', { x: 1.5, y: 1.4, width: 5, height: 2.2, fill: style.bridge.fill, stroke: style.bridge.stroke, 'stroke-width': 0.3 })), text: 'Bridge' });
  }
  if (scene.crossings.some((c) => c.kind === 'ford')) {
    const stones = [2.3, 4, 5.7].map((cx) => el('circle', { cx, cy: 2.5, r: 0.35, fill: style.ford.stone })).join('');
    out.push({ swatch: swatch(el('ellipse', { cx: 4, cy: 2.5, rx: 3, ry: 1.5, fill: style.ford.fill, stroke: style.ford.stroke, 'stroke-width': 0.3, 'stroke-dasharray': '0.8 0.5' }) + stones), text: 'Ford' });
  }
  if (scene.blocks.length > 0) {
    out.push({ swatch: swatch(el('rect', { x: 2, y: 0.5, width: 4, height: 4, fill: style.block.brick, stroke: style.block.stroke, 'stroke-width': 0.25 })), text: 'Building' });
  }
  const zoneSides = new Set(scene.zones.map((z) => (z.sideIndex === 0 ? 0 : 1)));
  for (const s of zoneSides) {
    out.push({
      swatch: swatch(el('rect', { x: 0.3, y: 0.3, width: 7.4, height: 4.4, fill: `url(#adc-zone-${s})`, stroke: sideLines[s]!, 'stroke-width': 0.35, 'stroke-dasharray': '1.2 0.6' })),
      text: `${sideNames[s]} deployment`,
    });
  }
  const entrySides = new Set(scene.entries.map((e) => (e.sideIndex === 0 ? 0 : 1)));
  for (const s of entrySides) {
    out.push({
      swatch: swatch(el('line', { x1: 0.6, y1: 2.5, x2: 7.2, y2: 2.5, stroke: sideLines[s]!, 'stroke-width': 0.7, 'marker-end': `url(#adc-arrow-${s})` })),
      text: `${sideNames[s]} reinforcements`,
    });
  }
  if (scene.objectives.length > 0) {
    out.push({ swatch: swatch(el('polygon', { points: starPoints(4, 2.6, 2.2, 0.95), fill: style.objective.fill, stroke: style.objective.stroke, 'stroke-width': 0.25 })), text: 'Objective (VP)' });
  }
  const unitSides = new Set(scene.units.map((u) => (u.sideIndex === 0 ? 0 : 1)));
  for (const s of unitSides) {
    const c = sideColors[s]!;
    out.push({
      swatch: swatch(
        el('rect', { x: 1.5, y: 1.6, width: 5, height: 2.6, fill: c, stroke: '#1b1b1b', 'stroke-width': 0.2 }) +
          el('path', { d: 'M1.5 1.6H6.5M4 1.6V0.4', stroke: darken(c, 0.6), 'stroke-width': 0.5 }),
      ),
      text: `${sideNames[s]} unit, facing the tick`,
    });
  }
  if (scene.leaders.length > 0) {
    const c = sideColors[scene.leaders[0]!.sideIndex === 0 ? 0 : 1]!;
    out.push({
      swatch: swatch(el('circle', { cx: 4, cy: 2.5, r: 1.8, fill: c, stroke: '#1b1b1b', 'stroke-width': 0.2 }) + el('polygon', { points: starPoints(4, 2.5, 1.1, 0.45), fill: style.leader.starFill })),
      text: 'Leader',
    });
  }
  return out;
}

// ---- Scale bar and north arrow ---------------------------------------------------------------------------------------------

function scaleBar(f: Frame, x: number, y: number, style: MapStyle): string {
  const target = 45 / f.k;
  const length = [1, 2, 3, 4, 6, 8, 12, 18, 24, 36, 48].reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best), 12);
  const step = length <= 6 ? 1 : length <= 12 ? 2 : length <= 24 ? 3 : 6;
  let out = '';
  for (let i = 0; i * step < length; i++) {
    const w = Math.min(step, length - i * step) * f.k;
    out += el('rect', { x: x + i * step * f.k, y, width: w, height: 1.4, fill: i % 2 === 0 ? '#2b2924' : '#ffffff', stroke: '#2b2924', 'stroke-width': 0.2 });
  }
  const font = { 'font-size': TEXT.ruler, fill: style.ruler.text, 'text-anchor': 'middle' };
  out += el('text', { x, y: y + 4.2, ...font }, '0');
  out += el('text', { x: x + (length / 2) * f.k, y: y + 4.2, ...font }, `${length / 2}″`);
  out += el('text', { x: x + length * f.k, y: y + 4.2, ...font }, `${length}″`);
  out += el('text', { x: x + length * f.k + 2.5, y: y + 1.3, 'font-size': TEXT.ruler, fill: style.ruler.text }, 'table inches');
  return out;
}

function northArrow(x: number, y: number): string {
  return (
    el('path', { d: `M${num(x)} ${num(y - 4)}l2 5.4l-2 -1.3l-2 1.3z`, fill: '#2b2924' }) +
    el('text', { x, y: y + 4.6, 'text-anchor': 'middle', 'font-size': 2.6, 'font-weight': 'bold', fill: '#2b2924' }, 'N')
  );
}

// ---- The map ---------------------------------------------------------------------------------------------------------------

export function renderMapSvg(scenario: Scenario, options: MapSvgOptions): MapSvg {
  const style = options.style ?? PRINT_STYLE;
  // Past a few thousand cells a printed grid is a grey smear, and building it would only cost time and memory.
  const cells = isCellGrid(scenario.grid) ? gridSize(scenario.grid, scenario.table) : { cols: 0, rows: 0 };
  const scene = buildScene(cells.cols * cells.rows > MAX_PRINTED_CELLS ? { ...scenario, grid: { kind: 'none' } } : scenario, style);
  // On paper hills go under everything else: their tint is pale enough for fields, woods and towns on the slopes to
  // show, where the screen's stacking would hide a field drawn on a hill.
  const level = (a: AreaItem): number => (a.decor.type === 'hill' ? a.decor.level : 0);
  scene.areas.sort((a, b) => (a.kind === 'hill' ? 0 : 1) - (b.kind === 'hill' ? 0 : 1) || (a.kind === 'hill' && b.kind === 'hill' ? level(a) - level(b) : 0));
  const sides = Array.isArray(scenario.sides) ? scenario.sides : [];
  const sideColors = [0, 1].map((i) => safeColor(sides[i]?.color, style.unit.sideColors[i as 0 | 1]));
  const sideLines = sideColors.map(lineColorFor);
  const sideNames = [0, 1].map((i) => (typeof sides[i]?.name === 'string' && sides[i].name.trim() ? sides[i].name.trim() : `Side ${i + 1}`));
  // Colours from the file reach SVG attributes only through safeColor.
  for (const item of [...scene.zones, ...scene.entries]) {
    const s = item.sideIndex === 0 ? 0 : 1;
    item.color = sideColors[s]!;
    item.line = sideLines[s]!;
  }
  for (const item of [...scene.units, ...scene.leaders]) {
    const s = item.sideIndex === 0 ? 0 : 1;
    item.color = sideColors[s]!;
    item.ink = inkFor(sideColors[s]!);
  }
  for (const o of scene.objectives) if (o.holderColor !== null) o.holderColor = safeColor(o.holderColor, '#555555');

  const marks = entryMarks(scenario, scene);
  const has = (e: Edge): boolean => marks.some((m) => m.edge === e);
  const left = 8 + (has('west') ? BAND_EW : 0);
  const right = 3 + (has('east') ? BAND_EW : 0);
  const top = 7 + (has('north') ? BAND_NS : 0);
  const bottom = 2 + (has('south') ? BAND_NS : 0) + STRIP;
  const { width: tw, height: th } = scene.table;
  const k = Math.max(0.05, Math.min((options.widthMm - left - right) / tw, (options.maxHeightMm - top - bottom) / th));
  const W = options.widthMm;
  const H = top + th * k + bottom;
  const f: Frame = { ox: left + (W - left - right - tw * k) / 2, oy: top, k, w: tw, h: th, view: { k, minimum: PAPER_MINIMUM } };
  const placer = new LabelPlacer({ x0: 0, y0: 0, x1: W, y1: H - STRIP });

  const body: string[] = [];
  body.push(el('rect', { x: f.ox, y: f.oy, width: tw * k, height: th * k, fill: style.cloth.fill }));
  const grid = drawGrid(f, scene, style);
  if (!scene.grid) body.push(grid.lines);
  scene.areas.forEach((a, i) => body.push(drawArea(f, a, i, style)));
  for (const l of scene.lines) body.push(drawLine(f, l, style));
  for (const c of scene.crossings) body.push(drawCrossing(f, c, style));
  for (const l of scene.barriers) body.push(drawLine(f, l, style));
  for (const b of scene.blocks) body.push(drawBlock(f, b, style));
  if (scene.grid) body.push(grid.lines, grid.labels);
  body.push(drawZones(f, scene, style));
  body.push(el('rect', { x: f.ox, y: f.oy, width: tw * k, height: th * k, fill: 'none', stroke: style.cloth.stroke, 'stroke-width': style.cloth.strokePx * PX }));
  body.push(drawEdgeScale(f, scene, style));

  const view: LabelView = {
    k,
    origin: [f.ox, f.oy],
    px: PX,
    bounds: placer.bounds,
    style,
    hover: false,
    minimum: PAPER_MINIMUM,
    ...(options.unitKeys ? { keys: options.unitKeys } : {}),
    entries: false,
    placer,
  };
  const entries = drawEntries(f, marks, placer, style);
  const layout = layoutSceneLabels(scene, view);

  const counters = scene.units.map((u) => drawCounter(f, u, layout.counterNames.get(u.pointer), style)).join('');
  let leaders = '';
  for (const l of scene.leaders) {
    const [x, y] = at(f, l.at);
    const r = leaderRadius(l, view);
    const starLook = leaderStar(l, r, style);
    leaders += el('circle', { cx: x, cy: y, r, fill: l.color, stroke: style.unit.stroke, 'stroke-width': 0.2 });
    leaders += el('polygon', { points: starPoints(x, y, starLook.outer, starLook.inner), fill: style.leader.starFill, stroke: starLook.stroke ?? 'none', 'stroke-width': 0.1 });
  }

  let objectiveAreas = '';
  let objectives = '';
  scene.objectives.forEach((o, i) => {
    const [x, y] = at(f, o.at);
    if (o.radius !== null) {
      objectiveAreas += el('circle', {
        cx: x,
        cy: y,
        r: o.radius * k,
        fill: 'none',
        stroke: style.objective.radiusStroke,
        'stroke-width': 0.3,
        'stroke-dasharray': style.objective.radiusDashPx.map((v) => num(v * PX)).join(' '),
      });
    }
    const spot = layout.objectives[i]!;
    const [sx, sy] = spot.at;
    if (spot.from) {
      objectives += el('line', { x1: spot.from[0], y1: spot.from[1], x2: sx, y2: sy, stroke: style.objective.stroke, 'stroke-width': 0.25, 'stroke-dasharray': '0.6 0.4' });
    }
    const starLook = objectiveStar(spot.r, o.holderColor);
    if (starLook.ring) objectives += el('circle', { cx: sx, cy: sy, r: starLook.ring.r, fill: '#ffffff', stroke: starLook.ring.color, 'stroke-width': Math.min(0.6, spot.r * 0.26) });
    objectives += el('polygon', { points: starPoints(sx, sy, spot.r, starLook.inner), fill: style.objective.fill, stroke: style.objective.stroke, 'stroke-width': 0.25, 'stroke-linejoin': 'round' });
  });

  const blockNames = layout.blockNames
    .flatMap((b) => b.lines.map((line) => el('text', { x: line.x, y: line.y + b.size * 0.35, 'text-anchor': 'middle', 'font-size': b.size, fill: style.label.fill }, escapeHtml(line.text))))
    .join('');

  const strip = H - STRIP + 3;
  const foot = scaleBar(f, f.ox, strip, style) + northArrow(W - 6, strip + 1.5);
  const svg =
    `<svg class="map" xmlns="http://www.w3.org/2000/svg" width="${num(W)}mm" height="${num(H)}mm" viewBox="0 0 ${num(W)} ${num(H)}" ` +
    `font-family="${escapeHtml(style.label.fontFamily)}" role="img" aria-label="Map of the table">` +
    patterns(style, scene, sideLines) +
    body.join('') +
    entries +
    objectiveAreas +
    counters +
    leaders +
    objectives +
    blockNames +
    renderLabels(layout.labels, style) +
    foot +
    '</svg>';
  return { svg, widthMm: W, heightMm: H, mmPerInch: k, legend: legendEntries(scene, style, sideNames, sideLines, sideColors) };
}
