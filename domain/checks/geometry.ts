// Where things are drawn: on the table, on the grid, simple polygons, crossings on their rivers.
import { distanceToPath, isPoint, pointInPolygon, pointInRect, selfIntersection } from '../geometry.js';
import { cellNameAt, gridSize, isCellGrid, isCellOnGrid, MAX_GRID_CELLS } from '../grid.js';
import type { Feature, Point, RiverFeature, Setup, Zone } from '../model.js';
import { coverageWork, DEFAULT_BLOCK_SIZE, DEFAULT_RIVER_WIDTH, MAX_COVERAGE_WORK } from '../terrain-cells.js';
import type { CheckContext } from './context.js';
import { list } from './context.js';

const fmt = (p: Point): string => `[${p[0]}, ${p[1]}]`;

/** A crossing counts as on its river within this many inches beyond half the river's width. */
const CROSSING_TOLERANCE = 0.25;

export function checkGeometry(ctx: CheckContext): void {
  const s = ctx.scenario;
  if (!s || !s.table || typeof s.table.width !== 'number' || typeof s.table.height !== 'number') return;
  const { width, height } = s.table;
  const grid = s.grid ?? { kind: 'none' as const };
  const gridded = isCellGrid(grid);
  const size = gridded ? gridSize(grid, s.table) : undefined;
  if (gridded && size?.tooLarge) {
    const { cols, rows } = size.tooLarge;
    const count = Number.isFinite(cols * rows) ? `${cols.toLocaleString('en')} × ${rows.toLocaleString('en')} cells` : 'a number of cells past counting';
    ctx.error(
      '/grid/cell',
      `Cells of ${grid.cell}" on a ${width}" × ${height}" table make ${count}; a grid may have at most ${MAX_GRID_CELLS.toLocaleString('en')}`,
      'Make the cells larger or the table smaller. Nothing that depends on the cells is checked until then.',
    );
  }
  if (gridded && size && size.cols > 0) {
    const cover = coverageWork(s);
    if (cover.exceeded) {
      const worst = cover.worst ? ` The most intricate is "${cover.worst.id}", with ${cover.worst.corners.toLocaleString('en')} corners.` : '';
      ctx.error(
        '/terrain',
        `The area outlines are too intricate to divide into cells: ${cover.work.toLocaleString('en')} corner-cell measurements, past the limit of ${MAX_COVERAGE_WORK.toLocaleString('en')}.${worst}`,
        'Simplify the outlines (a few dozen corners describe any real wood or town), or give the areas as cells.',
      );
    }
  }
  const tableHint = `The table is ${width}" × ${height}"; x runs 0–${width} east, y runs 0–${height} south.`;

  const point = (path: string, p: unknown, what: string): boolean => {
    if (!isPoint(p)) return false;
    if (pointInRect(p, width, height)) return true;
    ctx.error(path, `${what} ${fmt(p)} is off the table`, tableHint);
    return false;
  };
  const points = (path: string, ps: unknown, what: string): boolean => {
    let ok = true;
    const items: unknown[] = Array.isArray(ps) ? ps : [];
    items.forEach((p, i) => {
      ok = point(`${path}/${i}`, p, what) && ok;
    });
    return ok;
  };
  /** Edge pairs the crossing checks may test in one document: plenty for any real map, bounded for a hostile one. */
  const crossingBudget = { pairs: 5_000_000 };
  let warnedComplex = false;
  const polygon = (path: string, ps: unknown, what: string) => {
    if (!Array.isArray(ps) || ps.length < 3 || !ps.every(isPoint)) return;
    points(path, ps, `A corner of ${what}`);
    const hit = selfIntersection(ps, undefined, crossingBudget);
    if (hit === 'too-complex') {
      if (!warnedComplex) {
        warnedComplex = true;
        ctx.warn(path, `The outline of ${what} (and any after it) was not checked for crossings: the outlines together are too intricate to check quickly`, 'Simplify the outline: a few dozen corners describe any real wood, town or hill.');
      }
    } else if (hit) {
      ctx.error(
        path,
        `The outline of ${what} crosses itself (edges ${hit.edgeA + 1} and ${hit.edgeB + 1})`,
        'Move the corners so the outline does not cross itself, or split it into two areas.',
      );
    }
  };
  const cells = (path: string, cs: unknown, what: string) => {
    if (!Array.isArray(cs)) return;
    if (!gridded) {
      ctx.error(path, `${what} is given as grid cells, but this map has no grid`, 'Draw it with points in inches, or give the map a grid.');
      return;
    }
    // With no usable grid (too large, or a size that is not a number) the grid's own error says it all.
    if (!size || size.cols === 0 || size.rows === 0) return;
    cs.forEach((c, i) => {
      if (typeof c === 'string' && /^[A-Z]+[1-9][0-9]*$/.test(c) && !isCellOnGrid(grid, s.table, c)) {
        ctx.error(`${path}/${i}`, `Cell ${c} is off the grid`, `The grid has ${size.cols} columns and ${size.rows} rows.`);
      }
    });
  };
  const cell = (path: string, c: unknown, what: string) => {
    if (typeof c !== 'string') return;
    if (!gridded) {
      ctx.error(path, `${what} is given as a cell, but this map has no grid`, 'Give a point in inches instead.');
    } else if (size!.cols > 0 && size!.rows > 0 && /^[A-Z]+[1-9][0-9]*$/.test(c) && !isCellOnGrid(grid, s.table, c)) {
      ctx.error(path, `Cell ${c} is off the grid`, `The grid has ${size!.cols} columns and ${size!.rows} rows.`);
    }
  };

  const features = list(s.terrain);
  const byId = new Map<string, Feature>();
  for (const f of features) if (f && typeof f.id === 'string' && !byId.has(f.id)) byId.set(f.id, f);

  features.forEach((f, i) => {
    if (!f || typeof f !== 'object') return;
    const base = `/terrain/${i}`;
    const what = f.name ? `${f.kind} "${f.name}"` : `${f.kind} "${f.id}"`;
    const g: { polygon?: unknown; path?: unknown; cells?: unknown; at?: unknown; crest?: unknown } = f;
    polygon(`${base}/polygon`, g.polygon, `the ${what}`);
    points(`${base}/path`, g.path, `A point of the ${what}`);
    points(`${base}/crest`, g.crest, `A point of the crest of the ${what}`);
    cells(`${base}/cells`, g.cells, `The ${what}`);

    if (f.kind === 'building-block' && isPoint(f.at)) {
      const size = typeof f.size === 'number' ? f.size : DEFAULT_BLOCK_SIZE;
      const far: Point = [f.at[0] + size, f.at[1] + size];
      if (point(`${base}/at`, f.at, `The corner of the ${what}`) && !pointInRect(far, width, height)) {
        ctx.error(`${base}/at`, `The ${what} runs off the table (its far corner is at ${fmt(far)})`, tableHint);
      }
      const town = typeof f.town === 'string' ? byId.get(f.town) : undefined;
      const centre: Point = [f.at[0] + size / 2, f.at[1] + size / 2];
      if (town?.kind === 'town' && Array.isArray(town.polygon) && town.polygon.every(isPoint) && !pointInPolygon(centre, town.polygon)) {
        ctx.warn(`${base}/at`, `The ${what} stands outside its town "${town.name ?? town.id}"`, 'Move the block inside the town outline, or widen the town.');
      }
    }
    if ((f.kind === 'bridge' || f.kind === 'ford') && isPoint(f.at)) {
      if (!point(`${base}/at`, f.at, `The ${what}`)) return;
      const river = typeof f.river === 'string' ? byId.get(f.river) : undefined;
      if (river?.kind !== 'river') return;
      checkCrossing(ctx, `${base}/at`, what, f.at, river);
    }
  });

  const setupAt = (path: string, setup: Setup | undefined, what: string) => {
    // A draft may hold anything here, whatever the type says.
    if (!setup || typeof setup !== 'object') return;
    point(`${path}/at`, setup.at, `The set-up position of ${what}`);
    cell(`${path}/cell`, setup.cell, `The set-up position of ${what}`);
  };
  for (const n of ctx.forces) {
    if (n.kind === 'unit' || n.kind === 'leader') setupAt(`${n.path}/setup`, n.node.setup, `"${n.node.name ?? n.node.id}"`);
  }

  const zone = (path: string, z: Zone | undefined, what: string) => {
    if (!z || typeof z !== 'object') return;
    if ('polygon' in z) polygon(`${path}/polygon`, z.polygon, what);
    if ('cells' in z) cells(`${path}/cells`, z.cells, what);
    if ('edge' in z && typeof z.depth === 'number') {
      const across = z.edge === 'north' || z.edge === 'south' ? height : width;
      if (z.depth > across) {
        ctx.error(`${path}/depth`, `A zone ${z.depth}" deep from the ${z.edge} edge is deeper than the table (${across}")`, `Use a depth up to ${across}.`);
      }
    }
  };
  list(s.sides).forEach((side, si) => {
    list(side?.deployment).forEach((d, di) => zone(`/sides/${si}/deployment/${di}/zone`, d?.zone, `the deployment zone`));
    list(side?.reinforcements).forEach((r, ri) => {
      const e = r?.entry;
      if (!e || typeof e !== 'object') return;
      const path = `/sides/${si}/reinforcements/${ri}/entry`;
      if ('at' in e) point(`${path}/at`, e.at, 'The entry point');
      if ('cells' in e) cells(`${path}/cells`, e.cells, 'The entry');
    });
  });

  list(s.objectives).forEach((o, oi) => {
    if (!o || typeof o !== 'object') return;
    point(`/objectives/${oi}/at`, o.at, `Objective "${o.name ?? o.id}"`);
    cell(`/objectives/${oi}/cell`, o.cell, `Objective "${o.name ?? o.id}"`);
  });
}

function checkCrossing(ctx: CheckContext, path: string, what: string, at: Point, river: RiverFeature): void {
  const s = ctx.scenario!;
  const riverName = river.name ? `"${river.name}"` : `"${river.id}"`;
  if (Array.isArray(river.path) && river.path.length >= 2 && river.path.every(isPoint)) {
    const half = (typeof river.width === 'number' ? river.width : DEFAULT_RIVER_WIDTH) / 2;
    const d = distanceToPath(at, river.path);
    if (d > half + CROSSING_TOLERANCE) {
      ctx.error(path, `The ${what} is not on river ${riverName}: it is ${d.toFixed(1)}" from the water`, 'Move it onto the river line, or name the river it crosses.');
    }
  } else if (Array.isArray(river.cells) && s.grid && isCellGrid(s.grid)) {
    const c = cellNameAt(s.grid, s.table, at);
    if (c && !river.cells.includes(c)) {
      ctx.error(path, `The ${what} is in cell ${c}, which river ${riverName} does not pass through`, `Put it in one of the river's cells: ${river.cells.slice(0, 8).join(', ')}${river.cells.length > 8 ? ', …' : ''}.`);
    }
  }
}
