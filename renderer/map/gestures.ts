// Every pointer and key gesture of the map as one pure reducer (architecture.md, "commands as pure functions"):
// `reduceGesture(state, event, context)` returns the next state and the effects MapView runs, in order. Keeping
// Konva and React out of it lets a unit test drive whole gestures (press, drag, release; a polygon click by click;
// a marquee) and read what they decided. What a gesture decides to change in the document is one command from
// commands.ts, handed back as an `edit` effect.
import { distance, ellipsePolygon, rectanglePolygon, validPoints, type BoundingBox } from '../../domain/geometry.js';
import { isCellGrid } from '../../domain/grid.js';
import { blockCorner, clampToTable, edgeDepth, edgeZoneAt, snapToRiver, tidy, type Snap } from '../../domain/map/edit.js';
import type { MapScene } from '../../domain/map/scene.js';
import { edgeBand } from '../../domain/map/shapes.js';
import type { Edge, Point, Scenario } from '../../domain/model.js';
import { pointerToPath } from '../state/editor.js';
import { getAt } from '../state/history.js';
import {
  addBlocks,
  addCrossing,
  addEntry,
  addFeature,
  addObjective,
  addVertex,
  addZone,
  deleteVertex,
  moveSelection,
  moveVertex,
  paintCells,
  paintZoneCells,
  parseVertex,
  setCrest,
  targetOf,
  withDependents,
  type EditResult,
} from './commands.js';
import { dragReference, dragSnap, snapped, type DragSnap } from './drag-snap.js';
import { pointerSelects, toTable, zoomAt, type View, type ZoomLimits } from './geometry.js';
import { cellAtPoint, cellRing, crestHill, editableOwner, owners, unlocked } from './gesture-targets.js';
import type { Preview } from './Overlay.js';
import { pointersInBox, selectionBox, type LayerKey } from './scene-view.js';
import type { Tool } from './tools.js';

/** Screen pixels a press must travel before it counts as a drag rather than a click. */
export const DRAG_PX = 3;
export const DOUBLE_CLICK_MS = 400;
/** Screen pixels within which a click on the first corner closes a polygon. */
export const CLOSE_PX = 9;
/** Screen pixels within which a drawn point goes onto the table's edge, whatever the snap step. */
export const EDGE_PX = 8;
/** Screen pixels outside the table that still count as on it: the edge line itself. */
export const MARGIN_SLACK_PX = 2;

/** What is under the pointer, as MapView's hit test (hit-test.ts) reads it off the canvas. */
export type Hit = { kind: 'transformer' } | { kind: 'vertex'; vertex: string } | { kind: 'mid'; points: string; after: number } | { kind: 'item'; pointer: string } | null;

/** A drawing made click by click: an outline, a line or a crest. */
export interface Draft {
  points: Point[];
  closed: boolean;
  /** The hill a crest belongs to. */
  hill?: string;
  /** Shift was held on the latest click: a one-off tool stays chosen once the drawing is finished. */
  keep?: boolean;
}

export type Gesture =
  | { type: 'pan'; client: Point; view: View }
  | { type: 'press'; start: Point; client: Point; hit: string | null; shift: boolean; wasSelected: boolean }
  | { type: 'move'; pointers: string[]; start: Point; ref: Point; snap: DragSnap; bounds: BoundingBox; delta: Point }
  | { type: 'box'; start: Point; current: Point; shift: boolean }
  | { type: 'vertex'; vertex: string; base: Point[]; index: number; at: Point; moved: boolean; mergeKey: string }
  | { type: 'shape'; start: Point; current: Point; square: boolean; keep: boolean }
  | { type: 'paint'; cells: string[]; keep: boolean }
  | { type: 'blocks'; points: Point[] }
  /** The edge is the one nearest the press, so dragging inwards past the middle never turns the zone to another. */
  | { type: 'zone-edge'; edge: Edge; current: Point; keep: boolean }
  /** A press that becomes a click on the table if it lets go where it started, or a pan if it is dragged. */
  | { type: 'tap'; client: Point; at: Point; view: View };

export interface GestureState {
  gesture: Gesture | null;
  draft: Draft | null;
  /** Space held: the left button pans. */
  space: boolean;
  /** The last click that could start a double-click. */
  lastClick: { time: number; client: Point } | null;
  /** Fingers on the canvas, in the order they touched. */
  touches: { id: number; client: Point }[];
  pinch: { distance: number; centre: Point; view: View } | null;
  /** Numbers corner drags, so each one's moves fold into one undo step of its own. */
  seq: number;
}

export const IDLE: GestureState = { gesture: null, draft: null, space: false, lastClick: null, touches: [], pinch: null, seq: 0 };

/** What a gesture reads: the latest props, the scene, the camera, and the canvas's hit test. */
export interface GestureContext {
  scenario: Scenario;
  scene: MapScene;
  layers: ReadonlyMap<string, LayerKey>;
  /** The last is the primary. */
  selection: readonly string[];
  tool: Tool;
  side: number;
  snap: Snap;
  locked: ReadonlySet<LayerKey>;
  hidden: ReadonlySet<LayerKey>;
  view: View;
  limits: ZoomLimits;
  /** The shape whose corners are shown as handles. */
  corners: string | null;
  /** The play view: a left click goes to the table instead of selecting or drawing. */
  tableClicks: boolean;
  hitAt(screen: Point): Hit;
}

/** A pointer in page pixels, with the canvas's own top-left corner on the page. */
export interface PointerAt {
  id: number;
  touch: boolean;
  client: Point;
  origin: Point;
}

export type GestureEvent =
  | { type: 'down'; pointer: PointerAt; button: number; shift: boolean; alt: boolean; time: number }
  | { type: 'move'; pointer: PointerAt; shift: boolean }
  | { type: 'up'; id: number; touch: boolean }
  /** Shift picks the bigger nudge of the arrow keys. */
  | { type: 'key'; key: string; mod: boolean; shift?: boolean }
  | { type: 'key-up'; key: string }
  | { type: 'blur' }
  /** Another tool was chosen. */
  | { type: 'tool' };

/**
 * Items taken off the static layer while a gesture changes them: moved and transformed ones are drawn on the top
 * layer as they are; a shape whose corner is dragged shows as an outline.
 */
export interface Lifted {
  pointers: string[];
  mode: 'move' | 'transform' | 'vertex';
}

export type Effect =
  | { type: 'select'; pointers: string[] }
  /** Without a merge key the edit is an undo step of its own. */
  | { type: 'edit'; result: EditResult; mergeKey?: string }
  | { type: 'message'; text: string }
  /** Set these preview parts (an undefined part removes it); `withPreview` applies it. */
  | { type: 'preview'; set: Partial<Preview> }
  | { type: 'clear-preview' }
  | { type: 'cursor'; cursor: string }
  /** The user moved the camera. */
  | { type: 'view'; view: View }
  /** Take items off the static layer while a gesture changes them, or put them back (null). */
  | { type: 'lift'; lifted: Lifted | null }
  /** Where the lifted items are drawn, relative to where they are. */
  | { type: 'drag'; delta: Point }
  | { type: 'drafting'; drafting: boolean }
  | { type: 'corners'; owner: string | null }
  /** Give the canvas the keyboard. */
  | { type: 'focus' }
  /** Keep the browser from acting on the event too (the middle button's autoscroll). */
  | { type: 'prevent-default' }
  /** The cursor's table point and cell, or nulls off the table (the status strip and the rulers). */
  | { type: 'pointer-at'; at: Point | null; cell: string | null }
  | { type: 'table-click'; at: Point; cell: string | null }
  /** A one-off tool (objective, deployment zone) placed its thing: back to the Select tool. */
  | { type: 'tool-done' };

export interface GestureStep {
  state: GestureState;
  effects: Effect[];
  /** For a key: whether the map used it (otherwise the camera or the app may). */
  handled: boolean;
}

/** One step of the map's gestures. Never changes `state`; the effects are to run in order. */
export function reduceGesture(state: GestureState, event: GestureEvent, ctx: GestureContext): GestureStep {
  const r: Run = { s: state, fx: [], ctx };
  let handled = true;
  switch (event.type) {
    case 'down':
      down(r, event);
      break;
    case 'move':
      move(r, event);
      break;
    case 'up':
      up(r, event);
      break;
    case 'key':
      handled = key(r, event.key, event.mod) || (!event.mod && nudge(r, event.key, event.shift === true));
      break;
    case 'key-up':
      if (event.key === ' ' && r.s.space) {
        r.s = { ...r.s, space: false };
        r.fx.push({ type: 'cursor', cursor: restingCursor(ctx.tool) });
      }
      break;
    case 'blur':
      r.s = { ...r.s, space: false };
      break;
    case 'tool':
      r.s = { ...r.s, draft: null, gesture: null };
      r.fx.push({ type: 'clear-preview' }, { type: 'drafting', drafting: false }, { type: 'cursor', cursor: restingCursor(ctx.tool) });
      break;
  }
  return { state: r.s, effects: r.fx, handled };
}

/** The preview after a `preview` effect; the same object when nothing changes, so React need not draw again. */
export function withPreview(p: Preview, set: Partial<Preview>): Preview {
  const keys = Object.keys(set) as (keyof Preview)[];
  return keys.every((k) => sameValue(p[k], set[k])) ? p : { ...p, ...set };
}

// ---- What drawing tools make of pointer points ---------------------------------------------------------------------

/** The outline a rectangle or ellipse tool draws between two corners. */
export function shapePoints(tool: Tool, a: Point, b: Point): Point[] {
  const mode = tool.type === 'area' || tool.type === 'zone' ? tool.mode : 'rect';
  if (mode === 'ellipse') {
    const rx = Math.abs(b[0] - a[0]) / 2;
    const ry = Math.abs(b[1] - a[1]) / 2;
    return ellipsePolygon((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, rx, ry, 24).map((p): Point => [tidy(p[0]), tidy(p[1])]);
  }
  return rectanglePolygon(a[0], a[1], b[0] - a[0], b[1] - a[1]);
}

/**
 * The edge zone the pointer asks for: along `from` (the edge the drag started at; else the one nearest the pointer),
 * as deep as the pointer is in from it, in whole snap steps (at least one) and never deeper than the table.
 */
export function zoneEdgeAt(ctx: Pick<GestureContext, 'scenario' | 'snap'>, at: Point, from?: Edge): { edge: Edge; depth: number } {
  const s = ctx.scenario;
  const edge = from ?? edgeZoneAt(s.table, at).edge;
  const depth = edgeDepth(s.table, edge, at);
  const across = edge === 'north' || edge === 'south' ? s.table.height : s.table.width;
  const step = ctx.snap.kind === 'inch' ? ctx.snap.step : isCellGrid(s.grid) && ctx.snap.kind === 'grid' ? s.grid.cell : 0;
  return { edge, depth: step > 0 ? tidy(Math.min(across, Math.max(step, Math.round(depth / step) * step))) : depth };
}

/** Whether a pointer's table point is on the table; the edge line (a couple of pixels) counts as on it. */
export function withinTable(ctx: Pick<GestureContext, 'scenario' | 'view'>, at: Point): boolean {
  const slack = MARGIN_SLACK_PX / ctx.view.scale;
  const { width, height } = ctx.scenario.table;
  return at[0] >= -slack && at[1] >= -slack && at[0] <= width + slack && at[1] <= height + slack;
}

/**
 * A point of a drawing (a corner, a line's point, a rectangle's corner): on the table's edge when the pointer is
 * within a few pixels of it, else under the snap setting, and always on the table. Without the pull to the edge a
 * snap step that does not divide the table (64.1" wide, or half-inch snap pressed 0.6" in) leaves a zone or a
 * wood drawn from an edge short of it.
 */
export function drawnPoint(ctx: Pick<GestureContext, 'scenario' | 'snap' | 'view'>, at: Point): Point {
  const p = snapped(ctx, at);
  const { width, height } = ctx.scenario.table;
  // Never more than a quarter of the table, so zoomed far out the pull does not take every point to an edge.
  const near = Math.min(EDGE_PX / ctx.view.scale, width / 4, height / 4);
  const x = at[0] <= near ? 0 : at[0] >= width - near ? width : p[0];
  const y = at[1] <= near ? 0 : at[1] >= height - near ? height : p[1];
  return [x, y];
}

// ---- The reducer's parts -------------------------------------------------------------------------------------------

/** One reduction in progress: the state so far (replaced, never mutated) and the effects gathered. */
interface Run {
  s: GestureState;
  fx: Effect[];
  ctx: GestureContext;
}

type Down = Extract<GestureEvent, { type: 'down' }>;
type Move = Extract<GestureEvent, { type: 'move' }>;

const set = (r: Run, patch: Partial<GestureState>): void => {
  r.s = { ...r.s, ...patch };
};
const setGesture = (r: Run, gesture: Gesture | null): void => set(r, { gesture });
const preview = (r: Run, patch: Partial<Preview>): void => {
  r.fx.push({ type: 'preview', set: patch });
};
const edit = (r: Run, result: EditResult | null, mergeKey?: string): void => {
  if (result && result.changes.length) r.fx.push(mergeKey === undefined ? { type: 'edit', result } : { type: 'edit', result, mergeKey });
};
/**
 * The edit of a one-off tool (objective, deployment zone): once it has placed something the Select tool comes back,
 * unless Shift was held to place another, as in most drawing programs.
 */
const place = (r: Run, result: EditResult | null, keep: boolean): void => {
  edit(r, result);
  if (result && result.changes.length && !keep) r.fx.push({ type: 'tool-done' });
};
const select = (r: Run, pointers: string[]): void => {
  r.fx.push({ type: 'select', pointers });
};
const message = (r: Run, text: string): void => {
  r.fx.push({ type: 'message', text });
};
const cursor = (r: Run, c: string): void => {
  r.fx.push({ type: 'cursor', cursor: c });
};

const restingCursor = (tool: Tool): string => (tool.type === 'select' ? 'default' : 'crosshair');
const screenOf = (client: Point, origin: Point): Point => [client[0] - origin[0], client[1] - origin[1]];
const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
/** True when the selection already holds `pointer` or a part of it (a corner of it). */
const selects = (selection: readonly string[], pointer: string): boolean => selection.some((p) => pointerSelects(pointer, p));
const isDouble = (last: GestureState['lastClick'], time: number, client: Point): boolean =>
  !!last && time - last.time < DOUBLE_CLICK_MS && distance(last.client, client) < 6;
const sameCorner = (a: Point, b: Point): boolean => a[0] === b[0] && a[1] === b[1];

function touched(touches: GestureState['touches'], id: number, client: Point): GestureState['touches'] {
  return touches.some((t) => t.id === id) ? touches.map((t) => (t.id === id ? { id, client } : t)) : [...touches, { id, client }];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

function cancelGesture(r: Run): boolean {
  const g = r.s.gesture;
  if (!g) return false;
  setGesture(r, null);
  r.fx.push({ type: 'clear-preview' });
  if (g.type === 'move' || g.type === 'vertex') r.fx.push({ type: 'lift', lifted: null });
  return true;
}

// ---- Drafts (multi-click drawing) ------------------------------------------------------------------------------

function showDraft(r: Run, hover: Point | null): void {
  const d = r.s.draft;
  if (!d) return;
  const first = d.points[0];
  const nearFirst = !!(first && hover && d.closed && d.points.length >= 3 && distance(first, hover) * r.ctx.view.scale <= CLOSE_PX);
  preview(r, { draft: { points: d.points, hover, closed: d.closed, nearFirst } });
}

function finishDraft(r: Run): void {
  const d = r.s.draft;
  if (!d) return;
  const { scenario: s, tool: t, side } = r.ctx;
  const pts = d.points;
  set(r, { draft: null });
  preview(r, { draft: undefined });
  r.fx.push({ type: 'drafting', drafting: false });
  if (d.closed && pts.length < 3) return;
  if (!d.closed && pts.length < 2) return;
  if (t.type === 'area') edit(r, addFeature(s, t.kind, { polygon: pts }));
  else if (t.type === 'line') edit(r, addFeature(s, t.kind, { path: pts }));
  else if (t.type === 'zone') place(r, addZone(s, side, { polygon: pts }), !!d.keep);
  else if (t.type === 'crest' && d.hill) edit(r, setCrest(s, d.hill, pts));
}

function cancelDraft(r: Run): boolean {
  if (!r.s.draft) return false;
  set(r, { draft: null });
  preview(r, { draft: undefined });
  r.fx.push({ type: 'drafting', drafting: false });
  return true;
}

/** The draft with `keep` as the latest click had it (left out when false, as a plain drawing has none). */
function keeping(d: Draft, shift: boolean): Draft {
  const { keep: _keep, ...rest } = d;
  return shift ? { ...rest, keep: true } : rest;
}

function draftClick(r: Run, p: Point, client: Point, time: number, closed: boolean, shift: boolean, hill?: string): void {
  const double = isDouble(r.s.lastClick, time, client);
  set(r, { lastClick: { time, client } });
  const d = r.s.draft ? keeping(r.s.draft, shift) : null;
  if (d) set(r, { draft: d });
  if (!d) {
    set(r, { draft: keeping({ points: [p], closed, ...(hill ? { hill } : {}) }, shift) });
    r.fx.push({ type: 'drafting', drafting: true });
    showDraft(r, p);
    return;
  }
  const first = d.points[0]!;
  if (double || (d.closed && d.points.length >= 3 && distance(first, p) * r.ctx.view.scale <= CLOSE_PX)) {
    finishDraft(r);
    return;
  }
  const prev = d.points[d.points.length - 1]!;
  if (distance(prev, p) > 1e-6) set(r, { draft: { ...d, points: [...d.points, p] } });
  showDraft(r, p);
}

// ---- Pointer down ----------------------------------------------------------------------------------------------

function down(r: Run, e: Down): void {
  const { ctx } = r;
  const client = e.pointer.client;
  if (e.pointer.touch) {
    const touches = touched(r.s.touches, e.pointer.id, client);
    set(r, { touches });
    if (touches.length === 2) {
      // A second finger turns whatever the first started into a pinch.
      cancelGesture(r);
      const [a, b] = [touches[0]!.client, touches[1]!.client];
      set(r, { pinch: { distance: distance(a, b), centre: screenOf(midpoint(a, b), e.pointer.origin), view: ctx.view } });
      return;
    }
  }
  const screen = screenOf(client, e.pointer.origin);
  // Middle button, or the left with Space held: pan.
  if (e.button === 1 || (e.button === 0 && r.s.space)) {
    r.fx.push({ type: 'prevent-default' });
    setGesture(r, { type: 'pan', client, view: ctx.view });
    cursor(r, 'grabbing');
    return;
  }
  if (e.button !== 0) return;
  const at = toTable(ctx.view, screen);
  if (ctx.tableClicks) {
    // Decided on release: a drag pans instead, and a pinch's first finger never clicks.
    r.fx.push({ type: 'focus' });
    setGesture(r, { type: 'tap', client, at, view: ctx.view });
    return;
  }
  const hit = ctx.hitAt(screen);
  if (hit?.kind === 'transformer') return;
  r.fx.push({ type: 'focus' });
  if (hit?.kind === 'vertex') return downOnCorner(r, hit.vertex, at, e.alt);
  if (hit?.kind === 'mid') return downOnMidpoint(r, hit.points, hit.after);
  downWithTool(r, e, hit, at);
}

function downOnCorner(r: Run, vertex: string, at: Point, alt: boolean): void {
  const s = r.ctx.scenario;
  const v = parseVertex(vertex)!;
  if (alt) {
    const result = deleteVertex(s, vertex);
    if (!result) message(r, 'A shape keeps at least 3 corners, a line at least 2 points.');
    edit(r, result);
    return;
  }
  select(r, [vertex]);
  const base = validPoints(getAt(s, pointerToPath(v.points)));
  const seq = r.s.seq + 1;
  set(r, { seq, gesture: { type: 'vertex', vertex, base, index: v.index, at: base[v.index] ?? at, moved: false, mergeKey: `vertex:${seq}` } });
}

/** A press on an edge's midpoint handle adds a corner there and drags it: both one undo step. */
function downOnMidpoint(r: Run, points: string, after: number): void {
  const s = r.ctx.scenario;
  const base = validPoints(getAt(s, pointerToPath(points)));
  const a = base[after]!;
  const b = base[(after + 1) % base.length]!;
  const mid: Point = [tidy((a[0] + b[0]) / 2), tidy((a[1] + b[1]) / 2)];
  const seq = r.s.seq + 1;
  const mergeKey = `vertex:${seq}`;
  set(r, { seq });
  const result = addVertex(s, points, after, mid);
  if (!result) return;
  edit(r, result, mergeKey);
  const withNew = [...base.slice(0, after + 1), mid, ...base.slice(after + 1)];
  setGesture(r, { type: 'vertex', vertex: `${points}/${after + 1}`, base: withNew, index: after + 1, at: mid, moved: false, mergeKey });
}

function downWithTool(r: Run, e: Down, hit: Hit, at: Point): void {
  const { scenario: s, tool: t, selection: sel, side } = r.ctx;
  const client = e.pointer.client;
  // Nothing is placed or started in the margin; a drawing already begun goes on, its points kept on the table.
  if (t.type !== 'select' && !r.s.draft && !withinTable(r.ctx, at)) {
    message(r, 'That is outside the table: nothing is placed in the margin.');
    return;
  }
  switch (t.type) {
    case 'select': {
      const pointer = hit?.kind === 'item' ? hit.pointer : null;
      const double = isDouble(r.s.lastClick, e.time, client);
      set(r, { lastClick: { time: e.time, client } });
      // Double-click a shape to edit its corners.
      const owner = double && pointer ? editableOwner(s, pointer) : null;
      if (pointer && owner) {
        select(r, [pointer]);
        r.fx.push({ type: 'corners', owner });
        return;
      }
      const wasSelected = pointer !== null && selects(sel, pointer);
      if (pointer && !wasSelected) select(r, e.shift ? [...sel, pointer] : [pointer]);
      setGesture(r, { type: 'press', start: at, client, hit: pointer, shift: e.shift, wasSelected });
      return;
    }
    case 'area':
    case 'zone': {
      if (t.mode === 'polygon') return draftClick(r, drawnPoint(r.ctx, at), client, e.time, true, e.shift);
      if (t.mode === 'rect' || t.mode === 'ellipse') {
        const p = drawnPoint(r.ctx, at);
        // For a zone Shift keeps the tool; for an area it keeps the shape square.
        setGesture(r, { type: 'shape', start: p, current: p, square: t.type === 'area' && e.shift, keep: e.shift });
        return;
      }
      if (t.mode === 'edge') {
        setGesture(r, { type: 'zone-edge', edge: edgeZoneAt(s.table, at).edge, current: at, keep: e.shift });
        showZoneEdge(r);
        return;
      }
      if (!isCellGrid(s.grid)) {
        message(r, 'Cells can only be painted on a map with a grid.');
        return;
      }
      setGesture(r, { type: 'paint', cells: [], keep: e.shift });
      paintAt(r, at);
      return;
    }
    case 'line':
      return draftClick(r, drawnPoint(r.ctx, at), client, e.time, false, e.shift);
    case 'crest': {
      const hill = crestHill(s, sel, hit);
      if (!hill) {
        message(r, 'Click a hill first: the crest line belongs to it.');
        return;
      }
      if (!r.s.draft && !sel.includes(hill)) select(r, [hill]);
      return draftClick(r, snapped(r.ctx, at), client, e.time, false, e.shift, hill);
    }
    case 'crossing': {
      const result = addCrossing(s, t.kind, at);
      if (!result) message(r, `A ${t.kind} needs a river to cross: draw the river first.`);
      else edit(r, result);
      return;
    }
    case 'block':
      setGesture(r, { type: 'blocks', points: [at] });
      preview(r, { blocks: [blockCorner(at)], crossing: undefined });
      return;
    case 'entry':
      edit(r, addEntry(s, side, t.mode === 'edge' ? { edge: edgeZoneAt(s.table, at).edge } : { at }));
      return;
    case 'objective': {
      const target = hit?.kind === 'item' ? targetOf(s, hit.pointer) : null;
      place(r, addObjective(s, target?.type === 'feature' ? { feature: target.feature.id } : { at: snapped(r.ctx, at) }), e.shift);
      return;
    }
  }
}

function showZoneEdge(r: Run): void {
  const g = r.s.gesture;
  if (g?.type !== 'zone-edge') return;
  const { edge, depth } = zoneEdgeAt(r.ctx, g.current, g.edge);
  preview(r, { ghost: { points: edgeBand(r.ctx.scenario.table, edge, depth), closed: true } });
}

function paintAt(r: Run, at: Point): void {
  const g = r.s.gesture;
  if (g?.type !== 'paint') return;
  const s = r.ctx.scenario;
  const name = cellAtPoint(s, at);
  if (!name || g.cells.includes(name)) return;
  const cells = [...g.cells, name];
  setGesture(r, { ...g, cells });
  preview(r, { cells: cells.map((c) => cellRing(s, c)).filter((ring): ring is Point[] => ring !== null) });
}

// ---- Pointer move ----------------------------------------------------------------------------------------------

function move(r: Run, e: Move): void {
  const { ctx } = r;
  const client = e.pointer.client;
  if (e.pointer.touch && r.s.touches.some((t) => t.id === e.pointer.id)) {
    const touches = touched(r.s.touches, e.pointer.id, client);
    set(r, { touches });
    const pz = r.s.pinch;
    if (pz && touches.length >= 2) {
      const [a, b] = [touches[0]!.client, touches[1]!.client];
      const centre = screenOf(midpoint(a, b), e.pointer.origin);
      const zoomed = zoomAt(pz.view, pz.centre, distance(a, b) / Math.max(1, pz.distance), ctx.limits);
      r.fx.push({ type: 'view', view: { ...zoomed, x: zoomed.x + centre[0] - pz.centre[0], y: zoomed.y + centre[1] - pz.centre[1] } });
      return;
    }
  }
  const screen = screenOf(client, e.pointer.origin);
  const at = toTable(ctx.view, screen);
  const s = ctx.scenario;
  const onTable = at[0] >= 0 && at[1] >= 0 && at[0] <= s.table.width && at[1] <= s.table.height;
  r.fx.push({ type: 'pointer-at', at: onTable ? at : null, cell: onTable ? cellAtPoint(s, at) : null });

  const g = r.s.gesture;
  if (!g) return hover(r, screen, at);
  const panned = (from: Extract<Gesture, { type: 'pan' | 'tap' }>): View => ({ ...from.view, x: from.view.x + client[0] - from.client[0], y: from.view.y + client[1] - from.client[1] });
  switch (g.type) {
    case 'tap': {
      if (distance(client, g.client) < DRAG_PX) return;
      setGesture(r, { type: 'pan', client: g.client, view: g.view });
      cursor(r, 'grabbing');
      r.fx.push({ type: 'view', view: panned(g) });
      return;
    }
    case 'pan':
      r.fx.push({ type: 'view', view: panned(g) });
      return;
    case 'press': {
      if (distance(client, g.client) < DRAG_PX) return;
      if (g.hit) startMove(r, g);
      else {
        setGesture(r, { type: 'box', start: g.start, current: at, shift: g.shift });
        preview(r, { box: [g.start, at] });
      }
      return;
    }
    case 'move': {
      const target = dragSnap(g.snap, [g.ref[0] + at[0] - g.start[0], g.ref[1] + at[1] - g.start[1]], ctx);
      // Whatever moves stays on the table.
      const dx = Math.min(s.table.width - g.bounds.maxX, Math.max(-g.bounds.minX, target[0] - g.ref[0]));
      const dy = Math.min(s.table.height - g.bounds.maxY, Math.max(-g.bounds.minY, target[1] - g.ref[1]));
      const delta: Point = [tidy(dx), tidy(dy)];
      setGesture(r, { ...g, delta });
      r.fx.push({ type: 'drag', delta });
      return;
    }
    case 'box':
      setGesture(r, { ...g, current: at });
      preview(r, { box: [g.start, at] });
      return;
    case 'vertex': {
      const p = snapped(ctx, at);
      if (!g.moved && distance(p, g.at) < 1e-9) return;
      const v = parseVertex(g.vertex)!;
      if (!g.moved) r.fx.push({ type: 'lift', lifted: { pointers: [v.owner], mode: 'vertex' } });
      setGesture(r, { ...g, moved: true, at: p });
      preview(r, { vertex: { points: g.base.map((q, i) => (i === g.index ? p : q)), closed: v.key === 'polygon', index: g.index } });
      return;
    }
    case 'shape': {
      let p = drawnPoint(ctx, at);
      const square = ctx.tool.type === 'area' && e.shift;
      if (square) {
        const size = Math.max(Math.abs(p[0] - g.start[0]), Math.abs(p[1] - g.start[1]));
        p = [g.start[0] + Math.sign(p[0] - g.start[0] || 1) * size, g.start[1] + Math.sign(p[1] - g.start[1] || 1) * size];
      }
      setGesture(r, { ...g, current: p, square, keep: e.shift });
      preview(r, { ghost: { points: shapePoints(ctx.tool, g.start, p), closed: true } });
      return;
    }
    case 'paint':
      if (g.keep !== e.shift) setGesture(r, { ...g, keep: e.shift });
      return paintAt(r, at);
    case 'blocks': {
      // Blocks are laid on the table only, however far the drag goes.
      if (!withinTable(ctx, at)) return;
      const corner = blockCorner(at);
      if (!g.points.some((q) => sameCorner(blockCorner(q), corner))) {
        const points = [...g.points, at];
        setGesture(r, { ...g, points });
        preview(r, { blocks: points.map((q) => blockCorner(q)) });
      }
      return;
    }
    case 'zone-edge':
      setGesture(r, { ...g, current: at, keep: e.shift });
      showZoneEdge(r);
      return;
  }
}

/** A press on an item dragged past the threshold: the selection (with the press's item) moves as one. */
function startMove(r: Run, g: Extract<Gesture, { type: 'press' }>): void {
  const { scenario: s, selection, layers, locked } = r.ctx;
  let pointers = [...selection];
  if (!g.wasSelected) pointers = g.shift ? [...pointers, g.hit!] : [g.hit!];
  pointers = unlocked(withDependents(s, owners(pointers)), layers, locked);
  if (pointers.length === 0) {
    setGesture(r, null);
    return;
  }
  const bounds = selectionBox(r.ctx.scene, pointers) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const { ref, snap } = dragReference(r.ctx, g.hit!);
  setGesture(r, { type: 'move', pointers, start: g.start, ref, snap, bounds, delta: [0, 0] });
  r.fx.push({ type: 'lift', lifted: { pointers, mode: 'move' } });
  cursor(r, 'move');
}

/** Feedback without a gesture: the cursor, the crossing's landing spot, the block's lattice square, the draft. */
function hover(r: Run, screen: Point, at: Point): void {
  const { ctx } = r;
  const t = ctx.tool;
  if (r.s.space) return cursor(r, 'grab');
  if (t.type === 'select') {
    const hit = ctx.hitAt(screen);
    cursor(r, hit === null ? 'default' : hit.kind === 'item' ? (selects(ctx.selection, hit.pointer) ? 'move' : 'pointer') : hit.kind === 'transformer' ? '' : 'crosshair');
    return;
  }
  if (t.type === 'crossing') {
    const snap = snapToRiver(ctx.scenario, at);
    preview(r, { crossing: snap ? snap.at : null });
  } else if (t.type === 'block') preview(r, { blocks: [blockCorner(at)] });
  else if (r.s.draft) showDraft(r, t.type === 'crest' ? snapped(ctx, at) : drawnPoint(ctx, at));
}

// ---- Pointer up ------------------------------------------------------------------------------------------------

function up(r: Run, e: Extract<GestureEvent, { type: 'up' }>): void {
  if (e.touch) {
    const touches = r.s.touches.filter((t) => t.id !== e.id);
    set(r, { touches, ...(touches.length < 2 ? { pinch: null } : {}) });
  }
  const g = r.s.gesture;
  if (!g) return;
  setGesture(r, null);
  const { ctx } = r;
  const { scenario: s, tool: t, side, selection: sel } = ctx;
  switch (g.type) {
    case 'tap':
      r.fx.push({ type: 'table-click', at: g.at, cell: cellAtPoint(s, g.at) });
      return;
    case 'pan':
      cursor(r, r.s.space ? 'grab' : restingCursor(t));
      return;
    case 'press': {
      // A click without a drag: on nothing, it clears (unless Shift); on a selected item, Shift takes it out and a
      // plain click makes it the only one.
      if (g.hit === null) {
        if (!g.shift) select(r, []);
      } else if (g.shift && g.wasSelected) select(r, sel.filter((p) => !pointerSelects(g.hit!, p)));
      else if (!g.shift && g.wasSelected && (sel.length > 1 || sel[0] !== g.hit)) select(r, [g.hit]);
      return;
    }
    case 'move':
      edit(r, moveSelection(s, g.pointers, g.delta[0], g.delta[1]));
      r.fx.push({ type: 'lift', lifted: null });
      return;
    case 'box': {
      const box = { minX: Math.min(g.start[0], g.current[0]), minY: Math.min(g.start[1], g.current[1]), maxX: Math.max(g.start[0], g.current[0]), maxY: Math.max(g.start[1], g.current[1]) };
      const inside = pointersInBox(ctx.scene, box, (p) => {
        const layer = ctx.layers.get(p);
        return !(layer && (ctx.locked.has(layer) || ctx.hidden.has(layer)));
      });
      select(r, g.shift ? [...sel.filter((p) => !inside.includes(p)), ...inside] : inside);
      preview(r, { box: undefined });
      return;
    }
    case 'vertex':
      if (g.moved) edit(r, moveVertex(s, g.vertex, g.at), g.mergeKey);
      preview(r, { vertex: undefined });
      r.fx.push({ type: 'lift', lifted: null });
      return;
    case 'shape': {
      preview(r, { ghost: undefined });
      // Too thin to be meant.
      if (Math.abs(g.current[0] - g.start[0]) < 0.25 || Math.abs(g.current[1] - g.start[1]) < 0.25) return;
      const polygon = shapePoints(t, g.start, g.current);
      if (t.type === 'area') edit(r, addFeature(s, t.kind, { polygon }));
      else if (t.type === 'zone') place(r, addZone(s, side, { polygon }), g.keep);
      return;
    }
    case 'paint': {
      preview(r, { cells: undefined });
      const primary = sel[sel.length - 1] ?? null;
      if (t.type === 'area') edit(r, paintCells(s, t.kind, g.cells, t.mode === 'erase', primary));
      else if (t.type === 'zone') place(r, paintZoneCells(s, side, g.cells, t.mode === 'erase', primary), g.keep);
      return;
    }
    case 'blocks':
      preview(r, { blocks: undefined });
      edit(r, addBlocks(s, g.points));
      return;
    case 'zone-edge': {
      preview(r, { ghost: undefined });
      const { edge, depth } = zoneEdgeAt(ctx, g.current, g.edge);
      place(r, addZone(s, side, { edge, depth: tidy(depth) }), g.keep);
      return;
    }
  }
}

// ---- Keys ------------------------------------------------------------------------------------------------------

function key(r: Run, k: string, mod: boolean): boolean {
  const { ctx } = r;
  if (k === ' ') {
    if (!r.s.space) {
      set(r, { space: true });
      cursor(r, 'grab');
    }
    return true;
  }
  if (k === 'Escape') {
    // One thing at a time: the gesture, then the drawing, then the corner handles.
    if (cancelGesture(r)) return true;
    if (cancelDraft(r)) return true;
    if (ctx.corners !== null) {
      r.fx.push({ type: 'corners', owner: null });
      return true;
    }
    return false;
  }
  if (k === 'Enter' && r.s.draft) {
    finishDraft(r);
    return true;
  }
  const primary = ctx.selection[ctx.selection.length - 1];
  const owner = k === 'Enter' && !mod && ctx.tool.type === 'select' && primary ? editableOwner(ctx.scenario, primary) : null;
  if (owner) {
    r.fx.push({ type: 'corners', owner });
    return true;
  }
  if (k === 'Backspace' && r.s.draft) {
    const points = r.s.draft.points.slice(0, -1);
    if (points.length === 0) cancelDraft(r);
    else {
      set(r, { draft: { ...r.s.draft, points } });
      showDraft(r, points[points.length - 1]!);
    }
    return true;
  }
  return false;
}

// ---- Nudging ---------------------------------------------------------------------------------------------------

/** How far an arrow key moves the selection with snapping off: fine enough to place by eye. */
export const FINE_NUDGE = 0.1;

const ARROWS: Readonly<Record<string, Point>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * How far an arrow key moves the selection, in inches: the snap step (a cell when snapping to cells, a tenth of an
 * inch with snap off); with Shift a grid cell, or ten snap steps on a map without a grid.
 */
export function nudgeStep(ctx: Pick<GestureContext, 'scenario' | 'snap'>, shift: boolean): number {
  const grid = ctx.scenario.grid;
  const cell = isCellGrid(grid) ? grid.cell : null;
  const step = ctx.snap.kind === 'inch' ? ctx.snap.step : ctx.snap.kind === 'grid' && cell !== null ? cell : FINE_NUDGE;
  return shift ? (cell ?? step * 10) : step;
}

/**
 * An arrow key with something selected on the map moves it by the nudge step, one undo step a press; what is locked
 * stays, and nothing leaves the table. Without a selection the key is not the map's, so the camera pans.
 */
function nudge(r: Run, k: string, shift: boolean): boolean {
  const dir = ARROWS[k];
  const { ctx } = r;
  if (!dir || ctx.tableClicks || ctx.selection.length === 0 || r.s.gesture || r.s.draft) return false;
  const s = ctx.scenario;
  const step = nudgeStep(ctx, shift);
  const v = ctx.selection.length === 1 ? parseVertex(ctx.selection[0]!) : null;
  if (v) {
    // A corner picked with its handles moves alone.
    if (unlocked([v.owner], ctx.layers, ctx.locked).length === 0) return lockedNudge(r);
    const at = validPoints(getAt(s, pointerToPath(v.points)))[v.index];
    if (!at) return false;
    const to = clampToTable([at[0] + dir[0] * step, at[1] + dir[1] * step], s.table);
    if (to[0] !== at[0] || to[1] !== at[1]) edit(r, moveVertex(s, ctx.selection[0]!, to));
    return true;
  }
  const onMap = owners(ctx.selection).filter((p) => selectionBox(ctx.scene, [p]) !== null);
  // Selected in the outline but not on the table (a unit not yet placed): nothing here to move.
  if (onMap.length === 0) return false;
  const pointers = unlocked(withDependents(s, onMap), ctx.layers, ctx.locked);
  if (pointers.length === 0) return lockedNudge(r);
  const b = selectionBox(ctx.scene, pointers)!;
  const moveBy = (d: number) => {
    const dx = tidy(Math.min(s.table.width - b.maxX, Math.max(-b.minX, dir[0] * d)));
    const dy = tidy(Math.min(s.table.height - b.maxY, Math.max(-b.minY, dir[1] * d)));
    return dx !== 0 || dy !== 0 ? moveSelection(s, pointers, dx, dy) : null;
  };
  // Whatever keeps to cells (a unit in a cell, a painted area) does not move by less than a cell.
  const cell = isCellGrid(s.grid) ? s.grid.cell : step;
  const moved = moveBy(step);
  // At the table's edge the key still belongs to the selection: panning instead would surprise.
  edit(r, moved?.changes.length ? moved : step < cell ? moveBy(cell) : null);
  return true;
}

function lockedNudge(r: Run): boolean {
  message(r, 'The selection is on a locked layer: unlock it in the Layers panel to move it.');
  return true;
}

