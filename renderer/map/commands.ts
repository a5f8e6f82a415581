// The map editor's commands as pure functions (architecture.md, "commands as pure functions"): each takes the
// scenario and what the gesture decided, builds the next scenario, and returns it as a history diff with a label
// and the selection that should follow. The editor reducer applies it, so every one is undoable and validated.
import { walkForces } from '../../domain/forces.js';
import { isPoint, pointInPolygon, validPoints } from '../../domain/geometry.js';
import { cellAt, cellCenter, cellName, cellNameAt, isCellGrid, parseCell } from '../../domain/grid.js';
import {
  MIN_POINTS,
  applyAffine,
  blockCorner,
  cellDelta,
  clampToTable,
  collectIds,
  freshObjectiveName,
  insertVertex,
  mapPoints,
  nestedHillLevel,
  normaliseFacing,
  outlineCentre,
  pointOnNearestEdge,
  removeVertex,
  shiftCells,
  snapToRiver,
  tidyPoint,
  translation,
  turnFacing,
  uniqueId,
  type Affine,
} from '../../domain/map/edit.js';
import { buildScene } from '../../domain/map/scene.js';
import { objectiveName } from '../../domain/sheet/words.js';
import { FEATURE_KIND_LABEL, type AreaKind, type Deployment, type Edge, type Entry, type Feature, type FeatureKind, type LineKind, type Objective, type Point, type Reinforcement, type Scenario, type Setup, type Zone } from '../../domain/model.js';
import { DEFAULT_BLOCK_SIZE } from '../../domain/terrain-cells.js';
import { diffChanges } from '../army/diff.js';
import { pointerToPath } from '../state/editor.js';
import { ABSENT, getAt, setAt, type Change } from '../state/history.js';
import { withoutObjectives } from '../ui/scenario-edits.js';

export interface EditResult {
  label: string;
  changes: Change[];
  /** What is selected afterwards; undefined keeps the selection. */
  select?: string[];
}

type Doc = Scenario;

const get = (doc: Doc, pointer: string): unknown => getAt(doc, pointerToPath(pointer));
const put = (doc: Doc, pointer: string, value: unknown): Doc => setAt(doc, pointerToPath(pointer), value);
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function result(before: Doc, after: Doc, label: string, select?: string[]): EditResult {
  return { label, changes: diffChanges(before, after), ...(select ? { select } : {}) };
}

const terrainOf = (doc: Doc): Feature[] => (Array.isArray(doc.terrain) ? doc.terrain : []);
const terrainIndex = (pointer: string): number | null => {
  const m = /^\/terrain\/(\d+)$/.exec(pointer);
  return m ? Number(m[1]) : null;
};


const idPrefix = (kind: FeatureKind): string => (kind === 'building-block' ? 'block' : kind);

// ---- What a pointer is -------------------------------------------------------------------------------------------

export type Target =
  | { type: 'feature'; index: number; feature: Feature }
  | { type: 'unit' | 'leader'; pointer: string; setup: Setup | undefined; side: number }
  | { type: 'objective'; index: number; objective: Objective }
  | { type: 'zone'; side: number; index: number; deployment: Deployment }
  | { type: 'entry'; side: number; index: number; reinforcement: Reinforcement };

export function targetOf(doc: Doc, pointer: string): Target | null {
  let m = /^\/terrain\/(\d+)$/.exec(pointer);
  if (m) {
    const feature = terrainOf(doc)[Number(m[1])];
    return isObj(feature) ? { type: 'feature', index: Number(m[1]), feature } : null;
  }
  m = /^\/objectives\/(\d+)$/.exec(pointer);
  if (m) {
    const objective = doc.objectives?.[Number(m[1])];
    return isObj(objective) ? { type: 'objective', index: Number(m[1]), objective } : null;
  }
  m = /^\/sides\/(\d+)\/deployment\/(\d+)$/.exec(pointer);
  if (m) {
    const deployment = doc.sides?.[Number(m[1])]?.deployment?.[Number(m[2])];
    return isObj(deployment) ? { type: 'zone', side: Number(m[1]), index: Number(m[2]), deployment } : null;
  }
  m = /^\/sides\/(\d+)\/reinforcements\/(\d+)$/.exec(pointer);
  if (m) {
    const reinforcement = doc.sides?.[Number(m[1])]?.reinforcements?.[Number(m[2])];
    return isObj(reinforcement) ? { type: 'entry', side: Number(m[1]), index: Number(m[2]), reinforcement } : null;
  }
  m = /^\/sides\/(\d+)\/army(?:\/formations\/\d+)*(?:\/units\/\d+|\/leader)$/.exec(pointer);
  if (m) {
    const node = get(doc, pointer);
    if (!isObj(node)) return null;
    return { type: pointer.endsWith('/leader') ? 'leader' : 'unit', pointer, setup: isObj(node.setup) ? node.setup : undefined, side: Number(m[1]) };
  }
  return null;
}

// ---- Adding terrain ----------------------------------------------------------------------------------------------

export type Geometry = { polygon: Point[] } | { path: Point[] } | { cells: string[] } | { at: Point };

/** A new feature with a fresh id and the defaults the Inspector would show. */
export function makeFeature(doc: Doc, kind: FeatureKind, geometry: Geometry, taken = collectIds(doc)): Feature {
  const id = uniqueId(idPrefix(kind), taken);
  const base = { id, kind, ...geometry } as Record<string, unknown>;
  if (kind === 'woods') base.density = 'light';
  if (kind === 'hill') {
    const where = 'polygon' in geometry ? outlineCentre(geometry.polygon) : 'cells' in geometry ? cellCentreOf(doc, geometry.cells[0]) : null;
    base.level = where ? nestedHillLevel(doc, where) : 1;
    base.slope = 'gentle';
  }
  if (kind === 'river') base.width = 1;
  if (kind === 'building-block') {
    base.size = DEFAULT_BLOCK_SIZE;
    base.material = 'brick';
  }
  return base as unknown as Feature;
}

function cellCentreOf(doc: Doc, cell: string | undefined): Point | null {
  if (!cell || !isCellGrid(doc.grid)) return null;
  const ref = parseCell(cell);
  return ref ? cellCenter(doc.grid, ref.col, ref.row) : null;
}

/** Appends features; a building block standing in a town joins it (its `town`, and the town's `blocks`). */
export function addFeatures(doc: Doc, features: Feature[], label: string): EditResult {
  let next: Doc = { ...doc, terrain: [...terrainOf(doc), ...features] };
  const start = terrainOf(doc).length;
  features.forEach((f, k) => {
    if (f.kind === 'building-block') next = relinkBlock(next, start + k);
  });
  return result(doc, next, label, features.map((_f, k) => `/terrain/${start + k}`));
}

export function addFeature(doc: Doc, kind: FeatureKind, geometry: Geometry): EditResult {
  const f = makeFeature(doc, kind, geometry);
  return addFeatures(doc, [f], `Add ${FEATURE_KIND_LABEL[kind]}`);
}

/** A bridge or ford at the river point nearest `p`; null when the map has no river yet. */
export function addCrossing(doc: Doc, kind: 'bridge' | 'ford', p: Point): EditResult | null {
  const hit = snapToRiver(doc, p);
  if (!hit) return null;
  const f = { ...makeFeature(doc, kind, { at: hit.at }), river: hit.river } as Feature;
  return addFeatures(doc, [f], `Add ${kind}`);
}

/** Blocks on the lattice squares holding `points` that are free and wholly on the table. */
export function addBlocks(doc: Doc, points: Point[]): EditResult | null {
  const size = DEFAULT_BLOCK_SIZE;
  const taken = collectIds(doc);
  const occupied = new Set(terrainOf(doc).filter((f) => f?.kind === 'building-block' && isPoint(f.at)).map((f) => `${(f as { at: Point }).at[0]},${(f as { at: Point }).at[1]}`));
  const features: Feature[] = [];
  for (const p of points) {
    const at = blockCorner(p, size);
    const key = `${at[0]},${at[1]}`;
    if (occupied.has(key) || at[0] < 0 || at[1] < 0 || at[0] + size > doc.table.width + 1e-9 || at[1] + size > doc.table.height + 1e-9) continue;
    occupied.add(key);
    features.push(makeFeature(doc, 'building-block', { at }, taken));
  }
  if (features.length === 0) return null;
  return addFeatures(doc, features, features.length === 1 ? 'Add building block' : `Add ${features.length} building blocks`);
}

/** Makes a block's `town` and the towns' `blocks` agree with where the block now stands. */
function relinkBlock(doc: Doc, index: number): Doc {
  const block = terrainOf(doc)[index];
  if (!block || block.kind !== 'building-block' || !isPoint(block.at)) return doc;
  const size = typeof block.size === 'number' ? block.size : DEFAULT_BLOCK_SIZE;
  const centre: Point = [block.at[0] + size / 2, block.at[1] + size / 2];
  let town: Feature | null = null;
  terrainOf(doc).forEach((f) => {
    if (f?.kind !== 'town') return;
    const poly = validPoints(f.polygon);
    const inPoly = poly.length >= 3 && pointInPolygon(centre, poly);
    const inCells = Array.isArray(f.cells) && isCellGrid(doc.grid) && f.cells.includes(cellNameAt(doc.grid, doc.table, centre) ?? '');
    if (inPoly || inCells) town = f;
  });
  const newTown = (town as Feature | null)?.id;
  let next = doc;
  terrainOf(doc).forEach((f, i) => {
    if (f?.kind !== 'town') return;
    const blocks = Array.isArray(f.blocks) ? f.blocks : [];
    const has = blocks.includes(block.id);
    if (f.id === newTown && !has) next = put(next, `/terrain/${i}/blocks`, [...blocks, block.id]);
    if (f.id !== newTown && has) {
      const rest = blocks.filter((b) => b !== block.id);
      next = put(next, `/terrain/${i}/blocks`, rest.length ? rest : ABSENT);
    }
  });
  if (newTown !== undefined && block.town !== newTown) next = put(next, `/terrain/${index}/town`, newTown);
  if (newTown === undefined && block.town !== undefined) next = put(next, `/terrain/${index}/town`, ABSENT);
  return next;
}

/** A hill's crest line, replacing any it had. */
export function setCrest(doc: Doc, hillPointer: string, points: Point[]): EditResult {
  return result(doc, put(doc, `${hillPointer}/crest`, points.map(tidyPoint)), 'Draw crest line', [hillPointer]);
}

// ---- Cells -------------------------------------------------------------------------------------------------------

/**
 * Paints cells into an area of `kind` (the given one, or a new one), or erases them from every area of that kind
 * (an area left with no cells is removed).
 */
export function paintCells(doc: Doc, kind: AreaKind, cells: string[], erase: boolean, targetPointer: string | null): EditResult | null {
  if (cells.length === 0) return null;
  if (!erase) {
    const index = targetPointer ? terrainIndex(targetPointer) : null;
    const target = index !== null ? terrainOf(doc)[index] : undefined;
    if (index !== null && target && target.kind === kind && Array.isArray(target.cells)) {
      const have = new Set(target.cells);
      const added = cells.filter((c) => !have.has(c));
      if (added.length === 0) return null;
      return result(doc, put(doc, `/terrain/${index}/cells`, [...target.cells, ...added]), `Paint ${FEATURE_KIND_LABEL[kind]}`, [`/terrain/${index}`]);
    }
    return addFeatures(doc, [makeFeature(doc, kind, { cells: [...new Set(cells)] })], `Paint ${FEATURE_KIND_LABEL[kind]}`);
  }
  const gone = new Set(cells);
  let next = doc;
  const removed: number[] = [];
  terrainOf(doc).forEach((f, i) => {
    if (f?.kind !== kind || !Array.isArray(f.cells) || !f.cells.some((c) => gone.has(c))) return;
    const rest = f.cells.filter((c) => !gone.has(c));
    if (rest.length === 0 && validPoints(f.polygon).length < 3) removed.push(i);
    else next = put(next, `/terrain/${i}/cells`, rest.length ? rest : ABSENT);
  });
  if (removed.length) next = { ...next, terrain: terrainOf(next).filter((_f, i) => !removed.includes(i)) };
  if (next === doc) return null;
  return result(doc, next, `Erase ${FEATURE_KIND_LABEL[kind]}`, []);
}

/** Cells painted into (or erased from) a side's deployment zone given as cells. */
export function paintZoneCells(doc: Doc, side: number, cells: string[], erase: boolean, targetPointer: string | null): EditResult | null {
  if (cells.length === 0 || !doc.sides?.[side]) return null;
  const list = Array.isArray(doc.sides[side].deployment) ? doc.sides[side].deployment : [];
  const m = targetPointer ? new RegExp(`^/sides/${side}/deployment/(\\d+)$`).exec(targetPointer) : null;
  let index = m ? Number(m[1]) : list.findIndex((d) => isObj(d?.zone) && Array.isArray((d.zone as { cells?: unknown }).cells));
  const zone = index >= 0 ? (list[index]?.zone as { cells?: string[] } | undefined) : undefined;
  if (!zone || !Array.isArray(zone.cells)) index = -1;
  if (erase) {
    if (index < 0) return null;
    const rest = zone!.cells!.filter((c) => !cells.includes(c));
    const next = rest.length
      ? put(doc, `/sides/${side}/deployment/${index}/zone/cells`, rest)
      : put(doc, `/sides/${side}/deployment`, list.filter((_d, i) => i !== index));
    return result(doc, next, 'Erase deployment cells', rest.length ? [`/sides/${side}/deployment/${index}`] : []);
  }
  if (index < 0) return addZone(doc, side, { cells: [...new Set(cells)] });
  const have = new Set(zone!.cells);
  const added = cells.filter((c) => !have.has(c));
  if (!added.length) return null;
  return result(doc, put(doc, `/sides/${side}/deployment/${index}/zone/cells`, [...zone!.cells!, ...added]), 'Paint deployment cells', [`/sides/${side}/deployment/${index}`]);
}

// ---- Scenario layers ---------------------------------------------------------------------------------------------

export function addZone(doc: Doc, side: number, zone: Zone): EditResult | null {
  const s = doc.sides?.[side];
  if (!s) return null;
  const list = Array.isArray(s.deployment) ? s.deployment : [];
  const next = put(doc, `/sides/${side}/deployment`, [...list, { zone }]);
  return result(doc, next, `Add ${s.name || s.id} deployment zone`, [`/sides/${side}/deployment/${list.length}`]);
}

/**
 * A reinforcement arriving on turn 2 at an edge or a point on the edge. It starts without units: the problems
 * panel says so until units are dropped on its marker.
 */
export function addEntry(doc: Doc, side: number, entry: Entry): EditResult | null {
  const s = doc.sides?.[side];
  if (!s) return null;
  const list = Array.isArray(s.reinforcements) ? s.reinforcements : [];
  const fixed: Entry = 'at' in entry ? { at: pointOnNearestEdge(doc.table, entry.at) } : entry;
  const next = put(doc, `/sides/${side}/reinforcements`, [...list, { units: [], turn: 2, entry: fixed }]);
  return result(doc, next, `Add ${s.name || s.id} reinforcement entry`, [`/sides/${side}/reinforcements/${list.length}`]);
}

/**
 * An objective on a feature (by its id), named by the feature, or at a point with a radius and a name of its own. As
 * with one added in the inspector, its VP is left to the rules' default table until the designer gives one.
 */
export function addObjective(doc: Doc, where: { feature: string } | { at: Point }): EditResult {
  const list = Array.isArray(doc.objectives) ? doc.objectives : [];
  const id = uniqueId('objective', collectIds(doc));
  const objective: Objective = 'feature' in where ? { id, feature: where.feature } : { id, name: freshObjectiveName(list), at: tidyPoint(where.at), radius: 3 };
  const next = { ...doc, objectives: [...list, objective] };
  return result(doc, next, 'Add objective', [`/objectives/${list.length}`]);
}

// ---- Units -------------------------------------------------------------------------------------------------------

/**
 * Sets a unit's (or leader's) starting place: the cell under `at` on gridded maps, the point otherwise, and its
 * facing. The tactical formation it had is kept. A unit waiting in a reinforcement leaves it.
 */
export function placeUnit(doc: Doc, pointer: string, at: Point, facing: number): EditResult | null {
  const node = get(doc, pointer);
  if (!isObj(node)) return null;
  const p = clampToTable(at, doc.table);
  const old = isObj(node.setup) ? (node.setup as Setup) : {};
  const { at: _a, cell: _c, ...rest } = old;
  const cell = isCellGrid(doc.grid) ? cellNameAt(doc.grid, doc.table, p) : null;
  const setup: Setup = { ...(cell ? { cell } : { at: tidyPoint(p) }), ...rest, facing: normaliseFacing(facing) };
  let next = put(doc, `${pointer}/setup`, setup);
  next = leaveReinforcements(next, String(node.id));
  return result(doc, next, `Place ${String(node.name ?? node.id)}`, [pointer]);
}

function leaveReinforcements(doc: Doc, id: string): Doc {
  let next = doc;
  (doc.sides ?? []).forEach((side, s) => {
    (side?.reinforcements ?? []).forEach((r, k) => {
      if (Array.isArray(r?.units) && r.units.includes(id)) next = put(next, `/sides/${s}/reinforcements/${k}/units`, r.units.filter((u) => u !== id));
    });
  });
  return next;
}

/** Puts a unit into a reinforcement: it arrives with it, so it loses any set-up position. */
export function joinReinforcement(doc: Doc, unitPointer: string, entryPointer: string): EditResult | null {
  const node = get(doc, unitPointer);
  const target = targetOf(doc, entryPointer);
  if (!isObj(node) || target?.type !== 'entry') return null;
  const id = String(node.id);
  let next = leaveReinforcements(doc, id);
  const units = (get(next, `${entryPointer}/units`) as string[] | undefined) ?? [];
  next = put(next, `${entryPointer}/units`, [...units, id]);
  if (node.setup !== undefined) next = put(next, `${unitPointer}/setup`, ABSENT);
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a draft's name may be any JSON value; the label shows it as it is
  return result(doc, next, `Send ${String(node.name ?? id)} in as reinforcement`, [entryPointer]);
}

/** Turns each selected unit and leader one allowed step (90° square, 60° hex, 15° free). */
export function rotateUnits(doc: Doc, pointers: string[], direction: 1 | -1): EditResult | null {
  let next = doc;
  for (const p of pointers) {
    const t = targetOf(doc, p);
    if ((t?.type !== 'unit' && t?.type !== 'leader') || !t.setup) continue;
    const facing = typeof t.setup.facing === 'number' ? t.setup.facing : 0;
    next = put(next, `${p}/setup/facing`, turnFacing(facing, doc.grid, direction));
  }
  return next === doc ? null : result(doc, next, 'Turn');
}

// ---- Moving, transforming, deleting ------------------------------------------------------------------------------

/** Towns carry their blocks along and rivers their crossings, unless those are moved in their own right. */
export function withDependents(doc: Doc, pointers: string[]): string[] {
  const ids = new Set<string>();
  for (const p of pointers) {
    const t = targetOf(doc, p);
    if (t?.type === 'feature' && (t.feature.kind === 'town' || t.feature.kind === 'river')) ids.add(t.feature.id);
  }
  if (ids.size === 0) return pointers;
  const out = new Set(pointers);
  terrainOf(doc).forEach((f, i) => {
    if (f?.kind === 'building-block' && typeof f.town === 'string' && ids.has(f.town)) out.add(`/terrain/${i}`);
    if ((f?.kind === 'bridge' || f?.kind === 'ford') && ids.has(f.river)) out.add(`/terrain/${i}`);
    if (f?.kind === 'town' && ids.has(f.id)) for (const b of f.blocks ?? []) terrainOf(doc).forEach((g, j) => g?.id === b && out.add(`/terrain/${j}`));
  });
  return [...out];
}

function unitCentre(doc: Doc, setup: Setup | undefined): Point | null {
  if (!setup) return null;
  if (isPoint(setup.at)) return setup.at;
  return cellCentreOf(doc, setup.cell);
}

/**
 * Applies `m` to everything selected: outlines, paths and crest lines point by point; points (blocks, crossings,
 * objectives, entries, counters) by where they stand. A move is the translation case; cells then shift by whole
 * cells, and blocks stay square on their lattice.
 */
export function transformSelection(doc: Doc, pointers: string[], m: Affine, label: string, snapBlocks = true): EditResult | null {
  const all = withDependents(doc, pointers);
  const moveOnly = m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1;
  const grid = isCellGrid(doc.grid) ? doc.grid : null;
  const [dCol, dRow] = grid && moveOnly ? cellDelta(grid, m[4], m[5]) : [0, 0];
  const cells = (v: unknown): string[] | undefined =>
    Array.isArray(v) && grid && (dCol !== 0 || dRow !== 0) ? shiftCells(grid, doc.table, v as string[], dCol, dRow) : undefined;
  let next = doc;
  const blocks: number[] = [];
  const crossings: number[] = [];
  for (const p of all) {
    const t = targetOf(doc, p);
    if (!t) continue;
    if (t.type === 'feature') {
      const f = t.feature;
      const base = `/terrain/${t.index}`;
      for (const key of ['polygon', 'path', 'crest'] as const) {
        const pts = validPoints(f[key]);
        if (pts.length) next = put(next, `${base}/${key}`, mapPoints(pts, m));
      }
      const shifted = cells(f.cells);
      if (shifted) next = put(next, `${base}/cells`, shifted);
      if (isPoint(f.at)) {
        if (f.kind === 'building-block') {
          const size = typeof f.size === 'number' ? f.size : DEFAULT_BLOCK_SIZE;
          const c = applyAffine(m, [f.at[0] + size / 2, f.at[1] + size / 2]);
          const corner: Point = [c[0] - size / 2, c[1] - size / 2];
          next = put(next, `${base}/at`, tidyPoint(snapBlocks ? blockCorner([corner[0] + size / 2, corner[1] + size / 2], size) : corner));
          blocks.push(t.index);
        } else {
          next = put(next, `${base}/at`, tidyPoint(applyAffine(m, f.at)));
          if (f.kind === 'bridge' || f.kind === 'ford') crossings.push(t.index);
        }
      }
    } else if (t.type === 'unit' || t.type === 'leader') {
      const c = unitCentre(doc, t.setup);
      if (!c || !t.setup) continue;
      const q = clampToTable(applyAffine(m, c), doc.table);
      if (typeof t.setup.cell === 'string' && grid) {
        const ref = cellAt(grid, doc.table, q);
        if (ref) next = put(next, `${p}/setup/cell`, cellName(ref.col, ref.row));
      } else next = put(next, `${p}/setup/at`, tidyPoint(q));
    } else if (t.type === 'objective') {
      const o = t.objective;
      const base = `/objectives/${t.index}`;
      if (isPoint(o.at)) next = put(next, `${base}/at`, tidyPoint(applyAffine(m, o.at)));
      if (typeof o.cell === 'string' && grid) {
        const c = cellCentreOf(doc, o.cell);
        const name = c ? cellNameAt(grid, doc.table, applyAffine(m, c)) : null;
        if (name) next = put(next, `${base}/cell`, name);
      }
    } else if (t.type === 'zone') {
      const z = t.deployment.zone as { polygon?: unknown; cells?: unknown };
      const base = `/sides/${t.side}/deployment/${t.index}/zone`;
      const poly = validPoints(z?.polygon);
      if (poly.length) next = put(next, `${base}/polygon`, mapPoints(poly, m));
      const shifted = cells(z?.cells);
      if (shifted) next = put(next, `${base}/cells`, shifted);
    } else if (t.type === 'entry') {
      const e = t.reinforcement.entry as { at?: unknown; cells?: unknown };
      const base = `/sides/${t.side}/reinforcements/${t.index}/entry`;
      if (isPoint(e?.at)) next = put(next, `${base}/at`, pointOnNearestEdge(doc.table, applyAffine(m, e.at)));
      const shifted = cells(e?.cells);
      if (shifted) next = put(next, `${base}/cells`, shifted);
    }
  }
  // Crossings land back on their river (which may have moved with them), blocks join the town they now stand in.
  for (const i of crossings) {
    const f = terrainOf(next)[i] as Feature & { at: Point; river: string };
    const hit = snapToRiver(next, f.at, f.river) ?? snapToRiver(next, f.at);
    if (hit) next = put(put(next, `/terrain/${i}/at`, hit.at), `/terrain/${i}/river`, hit.river);
  }
  for (const i of blocks) next = relinkBlock(next, i);
  return next === doc ? null : result(doc, next, label);
}

export function moveSelection(doc: Doc, pointers: string[], dx: number, dy: number): EditResult | null {
  if (dx === 0 && dy === 0) return null;
  const n = pointers.length;
  return transformSelection(doc, pointers, translation(dx, dy), n === 1 ? `Move ${describe(doc, pointers[0]!)}` : `Move ${n} items`);
}

export function describe(doc: Doc, pointer: string): string {
  const t = targetOf(doc, pointer);
  if (!t) return 'item';
  if (t.type === 'feature') return t.feature.name ? `${FEATURE_KIND_LABEL[t.feature.kind] ?? t.feature.kind} "${t.feature.name}"` : (FEATURE_KIND_LABEL[t.feature.kind] ?? t.feature.kind);
  if (t.type === 'unit' || t.type === 'leader') {
    const node = get(doc, pointer) as { name?: string; id?: string };
    return node.name ?? node.id ?? t.type;
  }
  if (t.type === 'objective') return 'objective';
  if (t.type === 'zone') return 'deployment zone';
  return 'reinforcement entry';
}

/**
 * Removes what is selected from the map. Terrain, objectives, zones and entries are deleted; units and leaders
 * only lose their set-up position (they stay in the order of battle). Towns and blocks let go of each other.
 */
export function deleteSelection(doc: Doc, pointers: string[]): EditResult | null {
  let next = doc;
  const features = new Set<number>();
  const objectives = new Set<number>();
  const zones = new Map<number, Set<number>>();
  const entries = new Map<number, Set<number>>();
  for (const p of pointers) {
    const t = targetOf(doc, p);
    if (!t) continue;
    if (t.type === 'feature') features.add(t.index);
    else if (t.type === 'objective') objectives.add(t.index);
    else if (t.type === 'zone') zones.set(t.side, (zones.get(t.side) ?? new Set()).add(t.index));
    else if (t.type === 'entry') entries.set(t.side, (entries.get(t.side) ?? new Set()).add(t.index));
    else if (t.setup) next = put(next, `${p}/setup`, ABSENT);
  }
  if (features.size) {
    const goneIds = new Set([...features].map((i) => terrainOf(doc)[i]!.id));
    const kept = terrainOf(next).flatMap((f, i): Feature[] => {
      if (features.has(i)) return [];
      if (f?.kind === 'town' && Array.isArray(f.blocks) && f.blocks.some((b) => goneIds.has(b))) {
        const blocks = f.blocks.filter((b) => !goneIds.has(b));
        const { blocks: _b, ...rest } = f;
        return [blocks.length ? { ...f, blocks } : rest];
      }
      if (f?.kind === 'building-block' && typeof f.town === 'string' && goneIds.has(f.town)) {
        const { town: _t, ...rest } = f;
        return [rest];
      }
      return [f];
    });
    next = { ...next, terrain: kept };
    next = objectivesOffFeatures(doc, next, goneIds);
  }
  // The objectives list's own removal, so a hold condition never names a deleted objective.
  if (objectives.size) next = withoutObjectives(next, objectives);
  for (const [s, set] of zones) next = put(next, `/sides/${s}/deployment`, (next.sides[s]!.deployment ?? []).filter((_d, i) => !set.has(i)));
  for (const [s, set] of entries) next = put(next, `/sides/${s}/reinforcements`, (next.sides[s]!.reinforcements ?? []).filter((_d, i) => !set.has(i)));
  if (next === doc) return null;
  const n = pointers.length;
  return result(doc, next, n === 1 ? `Delete ${describe(doc, pointers[0]!)}` : `Delete ${n} items`, []);
}

/**
 * An objective standing on a deleted feature keeps its name, VP and holder and stays where the feature was: a cell
 * objective on gridded maps, else a point with a radius inside the feature's outline. Deleting the town should not
 * also delete the work of naming and scoring its objective, nor leave it pointing at nothing.
 */
function objectivesOffFeatures(before: Doc, next: Doc, goneIds: ReadonlySet<string>): Doc {
  const list = Array.isArray(next.objectives) ? next.objectives : [];
  if (!list.some((o) => typeof o?.feature === 'string' && goneIds.has(o.feature))) return next;
  const scene = buildScene(before);
  const anchorOf = new Map(scene.objectives.map((o) => [o.pointer, o.at] as const));
  const grid = isCellGrid(next.grid) ? next.grid : undefined;
  const objectives = list.map((o, i): Objective => {
    if (typeof o?.feature !== 'string' || !goneIds.has(o.feature)) return o;
    const at = anchorOf.get(`/objectives/${i}`);
    const { feature: _f, ...rest } = o;
    const named = { ...rest, name: objectiveName(before, o) };
    if (!at) return named;
    const cell = grid ? cellNameAt(grid, next.table, at) : null;
    if (cell) return { ...named, cell };
    return { ...named, at: tidyPoint(at), radius: radiusInside(terrainOf(before).find((f) => f?.id === o.feature)) };
  });
  return { ...next, objectives };
}

/** Half the smaller side of an area's bounding box, to the half inch and at least 1; 3" for lines and points. */
function radiusInside(feature: Feature | undefined): number {
  const polygon = feature && 'polygon' in feature && Array.isArray(feature.polygon) ? validPoints(feature.polygon) : [];
  if (feature?.kind === 'building-block') return Math.max(1, Math.round(feature.size ?? DEFAULT_BLOCK_SIZE) / 2);
  if (polygon.length < 3) return 3;
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const side = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return Math.max(1, Math.round(side) / 2);
}

// ---- Vertices ----------------------------------------------------------------------------------------------------

/** `/terrain/3/polygon/2` → the points' pointer and the index; null for anything that is not a vertex. */
export function parseVertex(pointer: string): { owner: string; points: string; key: 'polygon' | 'path' | 'crest'; index: number } | null {
  const m = /^(\/terrain\/\d+|\/sides\/\d+\/deployment\/\d+\/zone)\/(polygon|path|crest)\/(\d+)$/.exec(pointer);
  if (!m) return null;
  const owner = m[1]!.endsWith('/zone') ? m[1]!.slice(0, -'/zone'.length) : m[1]!;
  return { owner, points: `${m[1]}/${m[2]}`, key: m[2] as 'polygon' | 'path' | 'crest', index: Number(m[3]) };
}

export function moveVertex(doc: Doc, vertex: string, at: Point): EditResult | null {
  const v = parseVertex(vertex);
  if (!v) return null;
  const pts = validPoints(get(doc, v.points));
  if (!pts[v.index]) return null;
  const next = put(doc, v.points, pts.map((p, i) => (i === v.index ? tidyPoint(clampToTable(at, doc.table)) : p)));
  let out = next;
  if (v.owner.startsWith('/terrain/')) {
    // A moved river bank takes its crossings along.
    const f = get(doc, v.owner) as Feature;
    if (f?.kind === 'river') {
      terrainOf(out).forEach((c, i) => {
        if ((c?.kind === 'bridge' || c?.kind === 'ford') && c.river === f.id && isPoint(c.at)) {
          const hit = snapToRiver(out, c.at, f.id);
          if (hit) out = put(out, `/terrain/${i}/at`, hit.at);
        }
      });
    }
  }
  return result(doc, out, 'Move point', [vertex]);
}

export function addVertex(doc: Doc, pointsPointer: string, afterIndex: number, at: Point): EditResult | null {
  const pts = validPoints(get(doc, pointsPointer));
  if (pts.length < 2) return null;
  return result(doc, put(doc, pointsPointer, insertVertex(pts, afterIndex, at)), 'Add point', [`${pointsPointer}/${afterIndex + 1}`]);
}

export function deleteVertex(doc: Doc, vertex: string): EditResult | null {
  const v = parseVertex(vertex);
  if (!v) return null;
  const pts = validPoints(get(doc, v.points));
  const rest = removeVertex(pts, v.index, MIN_POINTS[v.key]);
  if (!rest) return null;
  return result(doc, put(doc, v.points, rest), 'Delete point', [v.owner]);
}

// ---- Z-order -----------------------------------------------------------------------------------------------------

/**
 * Moves a feature past the next (or previous) feature of the same kind in `terrain`. The map stacks kinds in a
 * fixed order (fields under woods, water over hills), so only features of one kind can change places on screen.
 */
export function reorder(doc: Doc, pointer: string, direction: 1 | -1): EditResult | null {
  const i = terrainIndex(pointer);
  const list = terrainOf(doc);
  if (i === null || !list[i]) return null;
  const kind = list[i].kind;
  let j = i + direction;
  while (j >= 0 && j < list.length && list[j]?.kind !== kind) j += direction;
  if (j < 0 || j >= list.length) return null;
  const terrain = list.slice();
  const [f] = terrain.splice(i, 1);
  terrain.splice(j, 0, f!);
  // Slot-by-slot changes, so undo restores only the slots that moved.
  const lo = Math.min(i, j);
  const hi = Math.max(i, j);
  const changes: Change[] = [];
  for (let k = lo; k <= hi; k++) changes.push({ path: ['terrain', k], before: list[k], after: terrain[k] });
  return { label: direction > 0 ? 'Bring forward' : 'Send backward', changes, select: [`/terrain/${j}`] };
}

// ---- Copy and paste ----------------------------------------------------------------------------------------------

/** Deep copies of the selected features, in terrain order. */
export function copyFeatures(doc: Doc, pointers: string[]): Feature[] {
  const indices = pointers.map(terrainIndex).filter((i): i is number => i !== null).sort((a, b) => a - b);
  return indices.map((i) => terrainOf(doc)[i]).filter((f): f is Feature => !!f).map((f) => structuredClone(f));
}

/**
 * Adds copies `offset` inches south-east of the originals, with new ids. References inside the copied set (a
 * town's blocks, a bridge's river) follow the copies; a copied crossing lands back on its river.
 */
export function pasteFeatures(doc: Doc, features: Feature[], offset: number, label = 'Paste'): EditResult | null {
  if (features.length === 0) return null;
  const taken = collectIds(doc);
  const ids = new Map<string, string>();
  for (const f of features) ids.set(f.id, uniqueId(idPrefix(f.kind), taken));
  const m = translation(offset, offset);
  const grid = isCellGrid(doc.grid) ? doc.grid : null;
  const copies = features.map((f): Feature => {
    const c = structuredClone<Feature & Record<string, unknown>>(f);
    c.id = ids.get(f.id)!;
    for (const key of ['polygon', 'path', 'crest'] as const) {
      const pts = validPoints(c[key]);
      if (pts.length) c[key] = mapPoints(pts, m).map((p) => clampToTable(p, doc.table));
    }
    if (Array.isArray(c.cells) && grid && offset > 0) c.cells = shiftCells(grid, doc.table, c.cells as string[], 1, 1);
    if (isPoint(c.at)) c.at = tidyPoint(clampToTable(applyAffine(m, c.at), doc.table));
    if (c.kind === 'town' && Array.isArray(c.blocks)) {
      const blocks = c.blocks.filter((b) => ids.has(b)).map((b) => ids.get(b)!);
      if (blocks.length) c.blocks = blocks;
      else delete c.blocks;
    }
    if (c.kind === 'building-block' && typeof c.town === 'string') {
      if (ids.has(c.town)) c.town = ids.get(c.town)!;
      else delete c.town;
    }
    if ((c.kind === 'bridge' || c.kind === 'ford') && typeof c.river === 'string' && ids.has(c.river)) c.river = ids.get(c.river)!;
    return c;
  });
  let next: Doc = { ...doc, terrain: [...terrainOf(doc), ...copies] };
  const start = terrainOf(doc).length;
  copies.forEach((c, k) => {
    if ((c.kind === 'bridge' || c.kind === 'ford') && isPoint(c.at)) {
      const hit = snapToRiver(next, c.at, c.river) ?? snapToRiver(next, c.at);
      if (hit) next = put(put(next, `/terrain/${start + k}/at`, hit.at), `/terrain/${start + k}/river`, hit.river);
    }
    // A pasted block not copied with its town joins whichever town it now stands in.
    if (c.kind === 'building-block' && c.town === undefined) next = relinkBlock(next, start + k);
  });
  return result(doc, next, features.length === 1 ? `${label} ${FEATURE_KIND_LABEL[features[0]!.kind]}` : `${label} ${features.length} features`, copies.map((_c, k) => `/terrain/${start + k}`));
}

// ---- Units on the map --------------------------------------------------------------------------------------------

export interface UnitRow {
  pointer: string;
  id: string;
  name: string;
  arm: string;
  type: string;
  side: number;
  placed: boolean;
  /** The turn it arrives as a reinforcement, if it does. */
  arrives: string | null;
  leader: boolean;
}

export function unitRows(doc: Doc): UnitRow[] {
  const rows: UnitRow[] = [];
  (doc.sides ?? []).forEach((side, s) => {
    if (!isObj(side) || !isObj(side.army)) return;
    const arriving = new Map<string, string>();
    for (const r of side.reinforcements ?? []) {
      const when = typeof r?.turn === 'number' ? `turn ${r.turn}` : r?.roll ? `turn ${r.roll.from}+` : 'later';
      for (const u of Array.isArray(r?.units) ? r.units : []) arriving.set(u, when);
    }
    for (const n of walkForces(side.army, `/sides/${s}/army`)) {
      if (n.kind === 'formation') continue;
      const node = n.node;
      rows.push({
        pointer: n.path,
        id: String(node.id),
        name: String(node.name ?? node.id),
        arm: n.kind === 'unit' ? String(n.node.arm) : 'leader',
        type: n.kind === 'unit' ? String(n.node.type) : '',
        side: s,
        placed: isObj(node.setup) && (isPoint(node.setup.at) || typeof node.setup.cell === 'string'),
        arrives: arriving.get(String(node.id)) ?? null,
        leader: n.kind === 'leader',
      });
    }
  });
  return rows;
}

export const EDGE_NAMES: Edge[] = ['north', 'south', 'east', 'west'];
export type { LineKind };
