// The table drawn for paper: the same scene the screen map draws (domain/map/scene.ts), as vector SVG in paper
// millimetres, in the print style. Sizes of marks and text are fixed on paper rather than scaled with the table, so
// a 3′ and a 6′ table print equally legibly.
import { gridSize, isCellGrid } from '../grid.js';
import {
  buildScene,
  type AreaItem,
  type BlockItem,
  type CrossingItem,
  type EntryItem,
  type LineItem,
  type MapScene,
  type UnitItem,
} from '../map/scene.js';
import {
  darken,
  inkFor,
  lineColorFor,
  nearestEdge,
  pointAlongPath,
  rotatedRect,
  shortLabel,
  uprightRotation,
} from '../map/shapes.js';
import { PRINT_STYLE, type MapStyle } from '../map/styles.js';
import type { AreaKind, Edge, Point, Reinforcement, Scenario } from '../model.js';
import { escapeHtml, num, safeColor } from './escape.js';
import { boxOverlap, LabelPlacer, labelBox, labelSize, type Box, type Label } from './labels.js';
import { el, pathData, starPoints, textWidthEm } from './svg.js';
import { arrivalShort } from './words.js';

/** Millimetres per CSS pixel: the style table's `…Px` widths are CSS pixels on paper. */
const PX = 25.4 / 96;

/** Text sizes on paper, mm (2.8 mm ≈ 8 pt). */
const TEXT = { area: 2.75, line: 2.35, small: 2.15, unit: 2.05, key: 1.9, cell: 1.75, ruler: 1.9, entry: 2.2 };

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
}

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

function areaLook(item: AreaItem, style: MapStyle): { fill: string; stroke: string; width: number; pattern: string | null } {
  const outline = style.areaOutlinePx * PX;
  switch (item.kind) {
    case 'woods': {
      const dense = item.decor.type === 'trees' && item.decor.dense;
      const s = dense ? style.woods.dense : style.woods.light;
      return { fill: s.fill, stroke: s.stroke, width: outline, pattern: dense ? 'adc-woods-dense' : 'adc-woods-light' };
    }
    case 'hill': {
      const d = item.decor.type === 'hill' ? item.decor : null;
      const fill = d && d.contours.length > 0 ? style.hill.levels[0] : style.hill.levels[(d?.level ?? 1) - 1]!;
      return { fill, stroke: style.hill.stroke, width: style.hill.slopePx[d?.slope ?? 'gentle'] * PX, pattern: null };
    }
    case 'town':
      // A town with building blocks shows the blocks; one without gets the built-up pattern.
      return { fill: style.town.fill, stroke: style.town.stroke, width: outline, pattern: item.decor.type === 'houses' && item.decor.houses.length > 0 ? 'adc-town' : null };
    case 'lake':
      return { fill: style.lake.fill, stroke: style.lake.stroke, width: outline, pattern: 'adc-lake' };
    case 'marsh':
      return { fill: style.marsh.fill, stroke: style.marsh.stroke, width: outline, pattern: 'adc-marsh' };
    case 'fields':
      return { fill: style.fields.fill, stroke: style.fields.stroke, width: outline, pattern: null };
    case 'fortification':
      return { fill: style.fortification.fill, stroke: style.fortification.stroke, width: style.fortification.outlinePx * PX, pattern: null };
    case 'soft-ground':
      return { fill: style.softGround.fill, stroke: style.softGround.stroke, width: outline, pattern: null };
  }
}

function drawArea(f: Frame, item: AreaItem, index: number, style: MapStyle): string {
  const look = areaLook(item, style);
  const rings = pathData(mm(f, item.shape.rings), true);
  let out = el('path', { d: rings, fill: look.fill, 'fill-rule': 'evenodd' });
  if (look.pattern) out += el('path', { d: rings, fill: `url(#${look.pattern})`, 'fill-rule': 'evenodd' });
  const d = item.decor;
  if (d.type === 'furrows') {
    d.patches.forEach((patch, j) => {
      out += el('path', { d: pathData(mm(f, [patch.ring]), true), fill: `url(#adc-fields-${index}-${j})` });
    });
  } else if (d.type === 'hill') {
    d.contours.forEach((contour, i) => {
      out += el('path', {
        d: pathData(mm(f, [contour]), true),
        fill: style.hill.levels[Math.min(2, i + 1)]!,
        stroke: style.hill.stroke,
        'stroke-width': look.width,
      });
    });
  } else if (d.type === 'teeth') {
    out += el('path', { d: pathData(mm(f, d.teeth), true), fill: style.fortification.teeth });
  }
  out += el('path', {
    d: pathData(mm(f, item.shape.outline)),
    fill: 'none',
    stroke: look.stroke,
    'stroke-width': look.width,
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
      const look =
        item.kind === 'river'
          ? { fill: item.fordable ? style.river.fordable : style.river.fill, edge: style.river.edge, edgePx: style.river.edgePx }
          : style.road;
      const width = Math.max(item.kind === 'river' ? 1.3 : 1.1, item.width * f.k);
      const edge = look.edgePx * PX;
      return (
        el('path', {
          ...base,
          stroke: look.edge,
          'stroke-width': width + 2 * edge,
          'stroke-dasharray': item.fordable ? '2 1' : undefined,
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
  // A crossing smaller than the river it spans would vanish; keep it a readable size on paper.
  const span = Math.max(item.span * f.k, 3.4);
  const breadth = Math.max(item.breadth * f.k, 2.0);
  const t = `translate(${num(x)} ${num(y)}) rotate(${num(item.rotation)})`;
  if (item.kind === 'ford') {
    return el('ellipse', {
      transform: t,
      rx: span / 2,
      ry: breadth / 2,
      fill: style.ford.fill,
      stroke: style.ford.stroke,
      'stroke-width': style.ford.strokePx * PX,
      'stroke-dasharray': style.ford.dashPx.map((v) => num(v * PX)).join(' '),
    });
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

function blockFill(item: BlockItem, style: MapStyle): string {
  return item.material === 'wood' || item.material === 'brick' || item.material === 'stone' ? style.block[item.material] : style.town.house;
}

function drawBlock(f: Frame, item: BlockItem, style: MapStyle): string {
  const [x, y] = at(f, item.at);
  const s = item.size * f.k;
  const i = s * 0.22;
  return (
    el('rect', { x, y, width: s, height: s, fill: blockFill(item, style), stroke: style.block.stroke, 'stroke-width': style.block.strokePx * PX }) +
    el('path', {
      // A hipped roof from above: the ridge box and the hips running to the corners.
      d: `M${num(x + i)} ${num(y + i)}h${num(s - 2 * i)}v${num(s - 2 * i)}h${num(-(s - 2 * i))}z M${num(x)} ${num(y)}l${num(i)} ${num(i)}M${num(x + s)} ${num(y)}l${num(-i)} ${num(i)}M${num(x + s)} ${num(y + s)}l${num(-i)} ${num(-i)}M${num(x)} ${num(y + s)}l${num(i)} ${num(-i)}`,
      fill: 'none',
      stroke: style.block.roof,
      'stroke-width': 0.15,
    })
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

function drawEntries(f: Frame, marks: EntryMark[], placer: LabelPlacer): string {
  let out = '';
  const right = f.ox + f.w * f.k;
  const bottom = f.oy + f.h * f.k;
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
    const common = { size: TEXT.entry, bold: true, color: item.line, plaque: true };
    if (ns) {
      const cy = (tail + tip) / 2;
      const w = labelSize(text, TEXT.entry, true).w;
      placer.place(
        [
          { text, cx: pos + 1 + w / 2, cy, ...common },
          { text, cx: pos - 1 - w / 2, cy, ...common },
        ],
        true,
      );
    } else {
      // East and west margins are narrow: a roll rule goes on two lines above (or below) the arrow.
      const lines = text.startsWith('from ') ? [text.replace(/ on .*$/, ''), text.replace(/^.* (on .*)$/, '$1')] : [text];
      const cx = (tail + tip) / 2;
      const step = TEXT.entry * 1.2;
      const above = lines.map((t, i) => ({ text: t, cx, cy: pos - 1.9 - (lines.length - 1 - i) * step, ...common }));
      const below = lines.map((t, i) => ({ text: t, cx, cy: pos + 1.9 + i * step, ...common }));
      const fitsAbove = above.every((l) => placer.fits(l));
      for (const l of fitsAbove ? above : below) placer.place([l], true);
    }
  }
  return out;
}

function counterSize(f: Frame, u: UnitItem): { w: number; d: number } {
  // Tiny counters (a battalion on a 6′ table) are enlarged to a size a player can see and tell the facing of.
  return { w: Math.max(u.width * f.k, 3.6), d: Math.max(u.depth * f.k, 1.8) };
}

function symbolPath(symbol: UnitItem['symbol'], sw: number, h: number, cx: number, cy: number): { box: string; fill: string | null } {
  const x0 = cx - sw / 2;
  const y0 = cy - h / 2;
  let d = `M${num(x0)} ${num(y0)}h${num(sw)}v${num(h)}h${num(-sw)}z`;
  let fill: string | null = null;
  if (symbol === 'infantry' || symbol === 'light') d += `M${num(x0)} ${num(y0)}l${num(sw)} ${num(h)}M${num(x0 + sw)} ${num(y0)}l${num(-sw)} ${num(h)}`;
  else if (symbol === 'cavalry') d += `M${num(x0)} ${num(y0 + h)}l${num(sw)} ${num(-h)}`;
  else if (symbol === 'train') d += `M${num(x0)} ${num(y0 + h * 0.72)}h${num(sw)}`;
  if (symbol === 'light') d += `M${num(x0 + sw * 0.5)} ${num(y0 + h)}v${num(-h * 0.45)}`;
  if (symbol === 'artillery') fill = `M${num(cx + h * 0.2)} ${num(cy)}a${num(h * 0.2)} ${num(h * 0.2)} 0 1 0 ${num(-h * 0.4)} 0a${num(h * 0.2)} ${num(h * 0.2)} 0 1 0 ${num(h * 0.4)} 0z`;
  return { box: d, fill };
}

function fitText(text: string, size: number, width: number): string {
  if (textWidthEm(text) * size <= width) return text;
  // No character is narrower than about 0.18 em, so no longer label can fit: start there, not at a draft's
  // thousand-character name, which would make this loop quadratic in the name.
  const most = Math.min(text.length - 1, Math.ceil(width / (size * 0.18)) + 1);
  for (let n = most; n >= 2; n--) {
    const t = shortLabel(text, n);
    if (textWidthEm(t) * size <= width) return t;
  }
  return '';
}

interface CounterOut {
  svg: string;
  /** Labels that did not fit on the counter itself, placed once everything else is down. */
  pending: { u: UnitItem; box: Box } | null;
}

function drawCounter(f: Frame, u: UnitItem, style: MapStyle): CounterOut {
  const [x, y] = at(f, u.at);
  const { w, d } = counterSize(f, u);
  const dark = darken(u.color, 0.6);
  let inner = el('rect', { x: -w / 2, y: -d / 2, width: w, height: d, fill: u.color, stroke: style.unit.stroke, 'stroke-width': style.unit.strokePx * PX });
  // The front edge is heavier and a tick points the way the unit faces.
  inner += el('path', { d: `M${num(-w / 2)} ${num(-d / 2)}H${num(w / 2)}M0 ${num(-d / 2)}v-1.3`, stroke: dark, 'stroke-width': Math.min(0.55, d * 0.25) });
  const big = w >= 9 && d >= 4.4;
  if (big || (w >= 6 && d >= 2.6)) {
    const h = big ? Math.min(d * 0.36, 2.6) : d * 0.6;
    const sw = Math.min(h * 1.5, w * 0.5);
    const sym = symbolPath(u.symbol, sw, h, 0, big ? -d / 2 + 0.6 + h / 2 + 0.3 : 0);
    if (u.symbol !== 'none') {
      inner += el('path', { d: sym.box, fill: 'none', stroke: u.ink, 'stroke-width': 0.2 });
      if (sym.fill) inner += el('path', { d: sym.fill, fill: u.ink });
    }
  }
  let pending: CounterOut['pending'] = null;
  let text = '';
  if (big) {
    const size = Math.min(TEXT.unit, d * 0.3);
    const t = fitText(u.label, size, w - 0.8);
    // Text on a counter turned past the vertical is turned back so it never reads upside down.
    const flip = u.rotation % 360 > 90 && u.rotation % 360 <= 270 ? ' rotate(180)' : '';
    const ty = d / 2 - 0.45 - size * 0.25;
    if (t) {
      text = `<g${flip ? ` transform="${flip.trim()}"` : ''}>${el('text', { x: 0, y: flip ? -ty + size * 0.75 : ty, 'text-anchor': 'middle', 'font-size': size, fill: u.ink, 'font-weight': 'bold' }, escapeHtml(t))}</g>`;
    }
  }
  const corners = rotatedRect([x, y], w, d, u.rotation);
  const box: Box = {
    x0: Math.min(...corners.map((c) => c[0])),
    y0: Math.min(...corners.map((c) => c[1])),
    x1: Math.max(...corners.map((c) => c[0])),
    y1: Math.max(...corners.map((c) => c[1])),
  };
  if (!big) pending = { u, box };
  return { svg: `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(u.rotation)})">${inner}${text}</g>`, pending };
}

function aroundBox(text: string, box: Box, size: number, extra: Partial<Label> = {}): Label[] {
  const { w, h } = labelSize(text, size, extra.bold);
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const gap = 0.35;
  return [
    { text, size, cx, cy: box.y1 + gap + h / 2, ...extra },
    { text, size, cx, cy: box.y0 - gap - h / 2, ...extra },
    { text, size, cx: box.x1 + gap + w / 2, cy, ...extra },
    { text, size, cx: box.x0 - gap - w / 2, cy, ...extra },
    { text, size, cx: box.x1 + gap + w / 2 - 0.5, cy: box.y1 + h / 2, ...extra },
    { text, size, cx: box.x0 - gap - w / 2 + 0.5, cy: box.y0 - h / 2, ...extra },
  ];
}

function pick<T>(items: readonly T[], order: readonly number[]): T[] {
  return order.map((i) => items[i]!).filter((x) => x !== undefined);
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
    let inner = rect(look.fill, look.stroke, look.pattern ?? undefined, look.width);
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
    out.push({ swatch: swatch(el('ellipse', { cx: 4, cy: 2.5, rx: 3, ry: 1.5, fill: style.ford.fill, stroke: style.ford.stroke, 'stroke-width': 0.3, 'stroke-dasharray': '0.8 0.5' })), text: 'Ford' });
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
  const sideNames = [0, 1].map((i) => (typeof sides[i]?.name === 'string' && sides[i]!.name.trim() ? sides[i]!.name.trim() : `Side ${i + 1}`));
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
  const f: Frame = { ox: left + (W - left - right - tw * k) / 2, oy: top, k, w: tw, h: th };
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

  // Counters first: they are where they are, and everything else makes way for them.
  let counters = '';
  const pending: { u: UnitItem; box: Box }[] = [];
  const occupied: Box[] = [];
  for (const u of scene.units) {
    const c = drawCounter(f, u, style);
    counters += c.svg;
    if (c.pending) pending.push(c.pending);
    const { w, d } = counterSize(f, u);
    const corners = rotatedRect(at(f, u.at), w + 0.6, d + 1.6, u.rotation);
    occupied.push({
      x0: Math.min(...corners.map((c) => c[0])),
      y0: Math.min(...corners.map((c) => c[1])),
      x1: Math.max(...corners.map((c) => c[0])),
      y1: Math.max(...corners.map((c) => c[1])),
    });
  }
  let leaders = '';
  const leaderR = 1.7;
  for (const l of scene.leaders) {
    const [x, y] = at(f, l.at);
    leaders += el('circle', { cx: x, cy: y, r: leaderR, fill: l.color, stroke: style.unit.stroke, 'stroke-width': 0.2 });
    leaders += el('polygon', { points: starPoints(x, y, leaderR * 0.68, leaderR * 0.28), fill: style.leader.starFill, stroke: l.ink === '#ffffff' ? 'none' : style.unit.stroke, 'stroke-width': 0.1 });
    occupied.push({ x0: x - leaderR, y0: y - leaderR, x1: x + leaderR, y1: y + leaderR });
  }
  for (const b of occupied) placer.addObstacle(b);
  for (const b of scene.blocks) {
    const [x, y] = at(f, b.at);
    placer.addObstacle({ x0: x, y0: y, x1: x + b.size * k, y1: y + b.size * k });
  }

  // An objective's star would hide under a unit standing on it (a garrison in its town), so it steps aside to the
  // nearest free spot; the feature or circle it marks stays where it is.
  const star = 2.3;
  let objectiveAreas = '';
  let objectives = '';
  const stars: Point[] = [];
  const blockStars = new Set<BlockItem>();
  const starSizes: number[] = [];
  for (const o of scene.objectives) {
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
    // On a building the star sits in its north-east corner, leaving room for the building's name.
    const block = scene.blocks.find((b) => Math.hypot(b.at[0] + b.size / 2 - o.at[0], b.at[1] + b.size / 2 - o.at[1]) < 0.01);
    const onBlock = block !== undefined && block.size * k >= 8;
    // A smaller star on a building, so the building's name still fits beside it.
    const sr = onBlock ? Math.min(star, block.size * k * 0.13) : star;
    const r = sr * 1.4;
    const free = (p: Point): boolean => {
      const b = { x0: p[0] - r, y0: p[1] - r, x1: p[0] + r, y1: p[1] + r };
      return !occupied.some((o2) => boxOverlap(o2, b) > 0);
    };
    let spot: Point = [x, y];
    if (onBlock) {
      const [bx, by] = at(f, block.at);
      spot = [bx + block.size * k - sr * 1.35 - 0.3, by + sr * 1.35 + 0.3];
      blockStars.add(block);
    } else if (!free(spot)) {
      search: for (const dist of [4, 6, 8.5, 11, 14]) {
        for (let i = 0; i < 8; i++) {
          const a = (Math.PI / 4) * i - Math.PI / 4;
          const p: Point = [x + dist * Math.cos(a), y + dist * Math.sin(a)];
          if (free(p)) {
            spot = p;
            break search;
          }
        }
      }
      if (spot[0] !== x || spot[1] !== y) {
        objectives += el('line', { x1: x, y1: y, x2: spot[0], y2: spot[1], stroke: style.objective.stroke, 'stroke-width': 0.25, 'stroke-dasharray': '0.6 0.4' });
      }
    }
    const [sx, sy] = spot;
    if (o.holderColor !== null) objectives += el('circle', { cx: sx, cy: sy, r: sr * 1.35, fill: '#ffffff', stroke: lineColorFor(o.holderColor), 'stroke-width': onBlock ? 0.45 : 0.6 });
    objectives += el('polygon', { points: starPoints(sx, sy, sr, sr * 0.45), fill: style.objective.fill, stroke: style.objective.stroke, 'stroke-width': 0.25, 'stroke-linejoin': 'round' });
    const box = { x0: sx - r, y0: sy - r, x1: sx + r, y1: sy + r };
    placer.addObstacle(box);
    occupied.push(box);
    stars.push(spot);
    starSizes.push(sr);
  }

  const entries = drawEntries(f, marks, placer);

  // Objective values first: a VP figure beside its star is the thing a player looks for.
  scene.objectives.forEach((o, i) => {
    const [x, y] = stars[i]!;
    const sr = starSizes[i]! * 1.35;
    const box = { x0: x - sr, y0: y - sr, x1: x + sr, y1: y + sr };
    if (o.vp !== null) placer.place(pick(aroundBox(`${o.vp} VP`, box, TEXT.small, { bold: true, color: '#4d3a00', plaque: true }), [2, 3, 0, 1, 4, 5]), true);
    if (o.name) placer.place(pick(aroundBox(o.name, box, TEXT.small, { italic: true, plaque: true }), [1, 0, 2, 3, 4, 5]), true);
  });
  const starNear = (p: Point): Point | null => {
    const i = scene.objectives.findIndex((o) => Math.hypot(o.at[0] - p[0], o.at[1] - p[1]) < 1);
    return i >= 0 ? stars[i]! : null;
  };

  // Terrain names must all appear: each takes its least crowded spot when no spot is free.
  for (const a of scene.areas) {
    if (!a.name) continue;
    const size = TEXT.area;
    const { w, h } = labelSize(a.name, size);
    const italic = a.kind === 'lake' || a.kind === 'marsh';
    const color = a.kind === 'lake' ? darken(style.lake.stroke, 0.25) : undefined;
    const base = { text: a.name, size, italic, plaque: true, ...(color ? { color } : {}) };
    const marker = a.marked ? starNear(a.shape.anchor) : null;
    const [x, y] = marker ?? at(f, a.shape.anchor);
    const s2 = star * 1.5;
    const offsets: Point[] = marker
      ? [[0, s2 + h / 2], [0, -s2 - h / 2], [s2 + w / 2, 0], [-s2 - w / 2, 0], [0, s2 + h * 1.6], [0, -s2 - h * 1.6], [s2 + w / 2, h], [-s2 - w / 2, -h]]
      : [[0, 0], [0, h * 1.1], [0, -h * 1.1], [0, h * 2.2], [0, -h * 2.2], [w * 0.6, 0], [-w * 0.6, 0], [0, h * 3.3], [0, -h * 3.3]];
    placer.place(offsets.map(([dx, dy]) => ({ ...base, cx: x + dx, cy: y + dy })), true);
  }
  for (const l of [...scene.lines, ...scene.barriers]) {
    if (!l.name) continue;
    const size = TEXT.line;
    const width = l.kind === 'river' || l.kind === 'road' ? Math.max(l.kind === 'river' ? 1.3 : 1.1, l.width * k) : 1;
    const cands: Label[] = [];
    for (const t of [0.5, 0.35, 0.65, 0.2, 0.8]) {
      const p = pointAlongPath(l.points, t);
      if (!p) continue;
      const rotation = uprightRotation(p.bearing);
      const r = (rotation * Math.PI) / 180;
      const [x, y] = at(f, p.point);
      const off = width / 2 + size * 0.75;
      for (const side of [-1, 1]) {
        // Perpendicular to the text's baseline: -1 puts the name on the upper side as read.
        cands.push({
          text: l.name,
          size,
          cx: x - Math.sin(r) * off * side,
          cy: y + Math.cos(r) * off * side,
          rotation,
          italic: l.kind === 'river',
          plaque: true,
          ...(l.kind === 'river' ? { color: darken(style.river.edge, 0.2) } : {}),
        });
      }
    }
    placer.place(cands, true);
  }
  for (const c of scene.crossings) {
    if (!c.name) continue;
    const [x, y] = at(f, c.at);
    const r = Math.max(c.span * k, 3.4) / 2 + 0.3;
    placer.place(aroundBox(c.name, { x0: x - r, y0: y - r, x1: x + r, y1: y + r }, TEXT.small, { plaque: true }), true);
  }
  // Building names are written inside the building, in as small a type as still reads; beside the objective star
  // when there is one in the corner.
  let blockNames = '';
  for (const b of scene.blocks) {
    const name = b.name;
    if (!name) continue;
    const [x, y] = at(f, b.at);
    const s = b.size * k;
    const starBand = blockStars.has(b) ? { bottom: y + Math.min(s * 0.13, star) * 2.7 + 0.5, left: x + s - Math.min(s * 0.13, star) * 2.7 - 0.6 } : null;
    let fitted: { lines: string[]; size: number; first: number } | null = null;
    for (const size of [TEXT.key, 1.75, 1.6, 1.5]) {
      const lh = size * 1.12;
      const usable = s - 1;
      // Without a star the lines are centred in the building; with one they start at its top, beside the star.
      const wrap = (first: number) =>
        wrapLines(name, size, (i) => {
          const top = first + i * lh - size * 0.85;
          return starBand && top < starBand.bottom ? starBand.left - x - 0.5 : s - 0.7;
        });
      const centredLines = starBand ? null : wrapWords(name, s - 0.7, size);
      if (centredLines && centredLines.length * lh <= usable) {
        fitted = { lines: centredLines, size, first: y + s / 2 - ((centredLines.length - 1) * lh) / 2 + size * 0.35 };
        break;
      }
      const first = y + 0.5 + size * 0.9;
      const lines = starBand ? wrap(first) : null;
      if (lines && lines.length * lh <= usable) {
        fitted = { lines, size, first };
        break;
      }
    }
    if (fitted) {
      const { lines, size, first } = fitted;
      const lh = size * 1.12;
      blockNames += lines
        .map((line, i) => {
          const lineY = first + i * lh;
          const narrow = starBand && lineY - size * 0.85 < starBand.bottom;
          const cx = narrow ? (x + starBand.left) / 2 : x + s / 2;
          return el('text', { x: cx, y: lineY, 'text-anchor': 'middle', 'font-size': size, fill: style.label.fill }, escapeHtml(line));
        })
        .join('');
    } else {
      placer.place(aroundBox(name, { x0: x, y0: y, x1: x + s, y1: y + s }, TEXT.small, { plaque: true }), true);
    }
  }
  for (const z of scene.zones) {
    const [x, y] = at(f, z.shape.anchor);
    const text = `${sideNames[z.sideIndex === 0 ? 0 : 1]} deployment`;
    const { h } = labelSize(text, TEXT.small, true);
    const inside = (l: Label): boolean => {
      const b = labelBox(l);
      return b.x0 >= f.ox && b.x1 <= f.ox + tw * k && b.y0 >= f.oy && b.y1 <= f.oy + th * k;
    };
    const cands = [0, 1, -1, 2, -2, 3, -3].map((i) => ({ text, cx: x, cy: y + i * h * 1.2, size: TEXT.small, bold: true, color: z.line, plaque: true }));
    // A zone along the edge has its centre near the edge; its name still belongs on the cloth.
    placer.place(
      cands.map((l) => {
        const b = labelBox(l);
        const dx = Math.max(0, f.ox + 0.5 - b.x0) - Math.max(0, b.x1 - (f.ox + tw * k - 0.5));
        return { ...l, cx: l.cx + dx };
      }).filter(inside),
      false,
    );
  }

  // Counter names last: where there is no room for a name, the unit's key from the order of battle stands in.
  for (const { u, box } of pending) {
    const placed = placer.place(aroundBox(u.label, box, TEXT.unit, { plaque: true }), false);
    if (!placed) {
      const key = options.unitKeys?.get(u.pointer) ?? '';
      if (key) placer.place(aroundBox(key, box, TEXT.key, { bold: true, plaque: true }), true);
    }
  }
  for (const l of scene.leaders) {
    const [x, y] = at(f, l.at);
    const box = { x0: x - leaderR, y0: y - leaderR, x1: x + leaderR, y1: y + leaderR };
    placer.place(aroundBox(l.label, box, TEXT.unit, { italic: true, plaque: true }), false);
  }

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
    placer.render(style.label.fill, style.label.halo) +
    foot +
    '</svg>';
  return { svg, widthMm: W, heightMm: H, mmPerInch: k, legend: legendEntries(scene, style, sideNames, sideLines, sideColors) };
}

/** Greedy word wrap to `width` mm; null when a single word is already too wide. */
function wrapWords(text: string, width: number, size: number): string[] | null {
  return wrapLines(text, size, () => width);
}

/** Greedy word wrap where line `i` may be `widthOf(i)` mm wide; null when a word fits no line it lands on. */
function wrapLines(text: string, size: number, widthOf: (line: number) => number): string[] | null {
  // Hyphenated names ("Saint-Étienne") may break after the hyphen, as they would in print.
  const words = text.trim().split(/\s+/).flatMap((w) => w.split(/(?<=-)(?=[^-])/));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${line.endsWith('-') ? '' : ' '}${word}` : word;
    if (textWidthEm(next) * size <= widthOf(lines.length)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    if (textWidthEm(word) * size > widthOf(lines.length)) return null;
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

