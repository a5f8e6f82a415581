// The map editor's canvas: a scenario's table at true proportions, its camera, and every pointer gesture of the
// editing tools. What a gesture decides becomes one command (commands.ts), handed to `onEdit`.
//
// Layers (architecture.md, "static vs interactive layers"): everything the document defines goes on one layer that
// is cached as a bitmap, so panning and selecting cost a single image draw. The top layer is light: selection
// outlines, handles, the transformer, tool previews, and the items being dragged, which leave the static layer for
// the length of the drag (one re-cache when it starts and one when it ends, none while it moves). Rulers have a layer
// of their own in screen pixels.
//
// The camera (zoom and pan) lives on the Konva stage itself and is changed imperatively, so a wheel turn or a pan
// never re-renders React. Only when zooming settles does the static layer re-render, to re-size its hairlines and
// labels for the new scale and re-cache at a sharp resolution.
import Konva from 'konva';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { Group, Layer, Line, Rect, Stage, Transformer } from 'react-konva';
import { distance, ellipsePolygon, isPoint, rectanglePolygon, validPoints } from '../../domain/geometry.js';
import { cellNameAt, isCellGrid, parseCell, cellPolygon } from '../../domain/grid.js';
import { blockCorner, clampToTable, edgeZoneAt, snapPoint, snapToRiver, tidy, type Affine, type Snap } from '../../domain/map/edit.js';
import { buildScene } from '../../domain/map/scene.js';
import { edgeBand, lineColorFor } from '../../domain/map/shapes.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { AreaKind, FeatureKind, Point, Scenario } from '../../domain/model.js';
import { DEFAULT_BLOCK_SIZE } from '../../domain/terrain-cells.js';
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
  transformSelection,
  withDependents,
  type EditResult,
} from './commands.js';
import { UNIT_DRAG_TYPE } from './dnd.js';
import { engineTints } from './engine-view.js';
import { HandleShape, Previews, crestHill, editableOwner, vertexHandles, type Preview } from './Overlay.js';
import { ACTUAL_SCALE, cachePlan, fitView, flatten, toTable, wheelZoomFactor, zoomAt, zoomLimits, type View } from './geometry.js';
import { RulersLayer, type RulerState } from './Rulers.js';
import { filterScene, layerIndex, pickScene, pointersInBox, selectionBox, type LayerKey } from './scene-view.js';
import { SelectionLayer } from './SelectionLayer.js';
import { StaticScene } from './StaticScene.js';
import type { Tool } from './tools.js';

export interface MapViewHandle {
  zoomBy(factor: number): void;
  fit(): void;
  actualSize(): void;
  panBy(dx: number, dy: number): void;
  /** A key meant for the map (drafts, gestures, the camera); true when the map used it. */
  key(e: KeyboardEvent): boolean;
  /** The table point at the centre of the view: where pasted or keyboard-placed things go. */
  centre(): Point;
}

export interface MapViewProps {
  scenario: Scenario;
  /** Everything selected; the last is the primary (the inspector's). */
  selection: string[];
  tool: Tool;
  /** The side the zone and entry tools draw for. */
  side: number;
  snap: Snap;
  hidden: ReadonlySet<LayerKey>;
  locked: ReadonlySet<LayerKey>;
  showGrid: boolean;
  showCellLabels: boolean;
  engineView: boolean;
  units: 'inches' | 'centimetres';
  width: number;
  height: number;
  /** Change it (a counter is simplest) to fit the whole table back into view. */
  fitKey?: unknown;
  /** Change `seq` to centre the view on what `pointer` points into (a problem's feature or unit). */
  focus?: { pointer: string; seq: number } | null;
  onSelect(pointers: string[]): void;
  onEdit(result: EditResult, mergeKey?: string): void;
  /** A unit dragged from a list and dropped at a table point, on `target` (a pointer) if it hit one. */
  onDropUnit(pointer: string, at: Point, target: string | null): void;
  onMessage(text: string): void;
  /** The cursor's table point and cell, for the status strip (called on every move: keep it cheap). */
  onPointer(at: Point | null, cell: string | null): void;
  onZoom(scale: number): void;
  /** True while a multi-click drawing is under way (the status hint changes). */
  onDrafting(drafting: boolean): void;
  /** True while a shape's corners are shown as handles. */
  onCornerEditing?(editing: boolean): void;
  /**
   * Drawing above the scene in table units (the play view's tints and markers); `k` is one screen pixel in table
   * units at the settled zoom. It never takes clicks: picking stays with the scene.
   */
  overlay?: (k: number) => ReactNode;
  /** When given, a left click on the table comes here instead of selecting or drawing (the play view). */
  onTableClick?(at: Point, cell: string | null): void;
  handle?: Ref<MapViewHandle>;
}


/** How long after the last wheel event the zoom counts as settled. */
const SETTLE_MS = 160;
const PADDING_PX = 12;
const DRAG_PX = 3;
const DOUBLE_CLICK_MS = 400;
/** Screen pixels within which a click on the first corner closes a polygon. */
const CLOSE_PX = 9;

interface Draft {
  points: Point[];
  closed: boolean;
  /** The hill a crest belongs to. */
  hill?: string;
}

type Gesture =
  | { type: 'pan'; client: Point; view: View }
  | { type: 'press'; start: Point; client: Point; hit: string | null; shift: boolean; wasSelected: boolean }
  | { type: 'move'; pointers: string[]; start: Point; ref: Point; snapRef: (p: Point) => Point; bounds: { minX: number; minY: number; maxX: number; maxY: number }; delta: Point }
  | { type: 'box'; start: Point; current: Point; shift: boolean }
  | { type: 'vertex'; vertex: string; base: Point[]; index: number; at: Point; moved: boolean; mergeKey: string }
  | { type: 'shape'; start: Point; current: Point; square: boolean }
  | { type: 'paint'; cells: string[] }
  | { type: 'blocks'; points: Point[] }
  | { type: 'zone-edge'; current: Point }
  /** A press that becomes a click on the table if it lets go where it started, or a pan if it is dragged. */
  | { type: 'tap'; client: Point; at: Point; view: View };


/** The JSON Pointer of the clickable element a Konva node belongs to: its own name, or its nearest named parent's. */
function pointerOf(node: Konva.Node | null): string | null {
  for (let n: Konva.Node | null = node; n; n = n.getParent()) {
    const name = n.name();
    if (name.startsWith('/')) return name;
  }
  return null;
}

function inTransformer(node: Konva.Node | null): boolean {
  for (let n: Konva.Node | null = node; n; n = n.getParent()) if (n instanceof Konva.Transformer) return true;
  return false;
}

const isEditable = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** Colour of what a tool draws: the kind's own fill, or the side's colour for scenario layers. */
function toolColor(tool: Tool, scenario: Scenario, side: number): string {
  const s = SCREEN_STYLE;
  const sideColor = scenario.sides?.[side]?.color ?? s.unit.sideColors[side === 0 ? 0 : 1];
  switch (tool.type) {
    case 'area': {
      const strokes: Record<AreaKind, string> = {
        woods: s.woods.light.stroke,
        hill: s.hill.stroke,
        town: s.town.stroke,
        lake: s.lake.stroke,
        marsh: s.marsh.stroke,
        fields: s.fields.stroke,
        fortification: s.fortification.stroke,
      };
      return strokes[tool.kind];
    }
    case 'line':
      return tool.kind === 'river' ? s.river.fill : tool.kind === 'road' ? s.road.edge : tool.kind === 'track' ? s.track.stroke : tool.kind === 'wall' ? s.wall.stroke : s.hedge.stroke;
    case 'crest':
      return s.hill.crest;
    case 'zone':
    case 'entry':
      return lineColorFor(sideColor);
    default:
      return s.selection.stroke;
  }
}

export function MapView(props: MapViewProps) {
  const { scenario, selection, tool, side, snap, hidden, locked, showGrid, showCellLabels, engineView, units, width, height, fitKey, focus } = props;
  const style = SCREEN_STYLE;
  const scene = useMemo(() => buildScene(scenario, style), [scenario, style]);
  const layers = useMemo(() => layerIndex(scene), [scene]);
  const { width: tableW, height: tableH } = scene.table;
  const grid = isCellGrid(scenario.grid) ? scenario.grid : null;
  const fit = useMemo(
    () => fitView({ width: tableW, height: tableH }, width, height, { rulerPx: style.ruler.bandPx, paddingPx: PADDING_PX }),
    [tableW, tableH, width, height, style],
  );
  const limits = useMemo(() => zoomLimits(fit.scale), [fit.scale]);

  const stageRef = useRef<Konva.Stage>(null);
  const staticRef = useRef<Konva.Group>(null);
  const liftRef = useRef<Konva.Group>(null);
  const topRef = useRef<Konva.Layer>(null);
  const rulerRef = useRef<Konva.Layer>(null);
  const proxyRef = useRef<Konva.Rect>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const rulerState = useRef<RulerState>({ view: fit, cursor: null });
  const [settledScale, setSettledScale] = useState(fit.scale);
  /**
   * The items taken off the static layer while a gesture changes them: moved and transformed ones are drawn on the
   * top layer as they are; a shape whose corner is dragged shows as an outline.
   */
  const [liftedState, setLiftedState] = useState<{ pointers: string[]; mode: 'move' | 'transform' | 'vertex' } | null>(null);
  const lifted = liftedState?.pointers ?? null;
  const setLifted = (pointers: string[] | null, mode: 'move' | 'transform' | 'vertex' = 'move') => setLiftedState(pointers ? { pointers, mode } : null);
  const [preview, setPreview] = useState<Preview>({});
  /** The feature (or zone) whose corners are shown as handles: double-click a selected shape to edit its points. */
  const [vertexOwner, setVertexOwner] = useState<string | null>(null);
  const [transforming, setTransforming] = useState(false);
  const [proxyKey, setProxyKey] = useState(0);
  /** True once the user has zoomed or panned: a window resize then leaves their view alone. */
  const moved = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);
  const lastFit = useRef<{ fitKey: unknown; tableW: number; tableH: number } | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const draft = useRef<Draft | null>(null);
  const spaceDown = useRef(false);
  const lastClick = useRef<{ time: number; client: Point } | null>(null);
  const touches = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; centre: Point; view: View } | null>(null);
  const gestureSeq = useRef(0);

  // The latest props for native listeners, which are attached once.
  const latest = useRef(props);
  latest.current = props;
  const sceneRef = useRef(scene);
  sceneRef.current = scene;
  const layersRef = useRef(layers);
  layersRef.current = layers;

  const primary = selection.length ? selection[selection.length - 1]! : null;
  const selectionKey = selection.join('|');

  // ---- Camera ----------------------------------------------------------------------------------------------------

  const getView = (): View => {
    const stage = stageRef.current;
    return stage ? { scale: stage.scaleX(), x: stage.x(), y: stage.y() } : fit;
  };

  const applyView = (view: View, settle = true): void => {
    const stage = stageRef.current;
    if (!stage) return;
    const before = stage.scaleX();
    stage.scale({ x: view.scale, y: view.scale });
    stage.position({ x: view.x, y: view.y });
    rulerState.current = { ...rulerState.current, view };
    stage.batchDraw();
    if (view.scale !== before) {
      latest.current.onZoom(view.scale);
      if (settle) {
        window.clearTimeout(settleTimer.current);
        settleTimer.current = window.setTimeout(() => {
          const s = stageRef.current?.scaleX();
          if (s !== undefined) setSettledScale(s);
        }, SETTLE_MS);
      }
    }
  };

  const zoomAround = (anchor: Point, factor: number): void => {
    const view = getView();
    const next = zoomAt(view, anchor, factor, limits);
    if (next.scale === view.scale) return;
    moved.current = true;
    applyView(next);
  };

  const viewportCentre = (): Point => [style.ruler.bandPx + (width - style.ruler.bandPx) / 2, style.ruler.bandPx + (height - style.ruler.bandPx) / 2];

  const centreOn = (pointer: string): void => {
    const matches = scene.selectables.filter((s) => pointer === s.pointer || pointer.startsWith(`${s.pointer}/`));
    const best = matches.sort((a, b) => b.pointer.length - a.pointer.length)[0];
    const box = best ? selectionBox(scene, [best.pointer]) : null;
    if (!box) return;
    const view = getView();
    const room = Math.min(width, height) - style.ruler.bandPx - 2 * PADDING_PX;
    const size = Math.max(box.maxX - box.minX, box.maxY - box.minY, 0.001);
    // Keep the zoom unless the thing would not fit, then zoom out just enough.
    const scale = Math.max(limits.min, Math.min(view.scale, room / size));
    const [cx, cy] = viewportCentre();
    moved.current = true;
    applyView({ scale, x: cx - ((box.minX + box.maxX) / 2) * scale, y: cy - ((box.minY + box.maxY) / 2) * scale });
  };

  useImperativeHandle(props.handle, () => ({
    zoomBy: (factor) => zoomAround(viewportCentre(), factor),
    fit: () => {
      moved.current = false;
      applyView(fit);
    },
    actualSize: () => zoomAround(viewportCentre(), ACTUAL_SCALE / getView().scale),
    panBy: (dx, dy) => {
      const v = getView();
      moved.current = true;
      applyView({ ...v, x: v.x + dx, y: v.y + dy });
    },
    key: onKey,
    centre: () => clampToTable(toTable(getView(), viewportCentre()), scene.table),
  }));

  // Fit on mount, when asked to (fitKey), and when the table changes size; follow viewport resizes until the user
  // has moved the view. A layout effect, so the first paint is already fitted.
  useLayoutEffect(() => {
    const last = lastFit.current;
    const forced = last === null || last.fitKey !== fitKey || last.tableW !== tableW || last.tableH !== tableH;
    lastFit.current = { fitKey, tableW, tableH };
    if (!forced && moved.current) {
      rulerRef.current?.batchDraw();
      return;
    }
    moved.current = false;
    window.clearTimeout(settleTimer.current);
    applyView(fit, false);
    setSettledScale(fit.scale);
    latest.current.onZoom(fit.scale);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fit, fitKey, tableW, tableH]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  useEffect(() => {
    if (focus) centreOn(focus.pointer);
    // Only a new request moves the view, not every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.seq]);

  // A tiny read-only hook for end-to-end tests: where a table point is on the page.
  useEffect(() => {
    const api = {
      toScreen: (p: Point): Point => {
        const stage = stageRef.current;
        if (!stage) return [NaN, NaN];
        const rect = stage.container().getBoundingClientRect();
        const v = getView();
        return [rect.left + v.x + p[0] * v.scale, rect.top + v.y + p[1] * v.scale];
      },
    };
    (window as unknown as { __adcMap?: typeof api }).__adcMap = api;
    return () => {
      delete (window as unknown as { __adcMap?: typeof api }).__adcMap;
    };
  }, []);

  // ---- What the layers draw --------------------------------------------------------------------------------------

  const liftedSet = useMemo(() => new Set(lifted ?? []), [lifted]);
  const visibleScene = useMemo(
    () => filterScene(scene, (p, layer) => hidden.has(layer) || liftedSet.has(p)),
    [scene, hidden, liftedSet],
  );
  const liftedScene = useMemo(() => (lifted && liftedState?.mode !== 'vertex' ? pickScene(scene, liftedSet) : null), [scene, lifted, liftedSet, liftedState?.mode]);
  const tints = useMemo(() => (engineView && grid ? engineTints(scenario, scene) : null), [engineView, grid, scenario, scene]);

  // Re-cache the static layer after every change to what it draws, at the resolution the settled zoom needs.
  useEffect(() => {
    const group = staticRef.current;
    if (!group) return;
    // Explicit bounds: the table and a margin for labels that hang over the edge. Measuring the content instead
    // would let one far-off stray point in a broken file ask for a gigantic bitmap.
    const margin = Math.max(3, 40 / settledScale);
    const x = -margin;
    const y = -margin;
    const w = tableW + 2 * margin;
    const h = tableH + 2 * margin;
    const plan = cachePlan(w, h, settledScale, window.devicePixelRatio || 1);
    if (plan) group.cache({ x, y, width: w, height: h, pixelRatio: plan.pixelRatio, hitCanvasPixelRatio: plan.hitPixelRatio });
    else group.clearCache();
    group.getLayer()?.batchDraw();
  }, [visibleScene, settledScale, showCellLabels, showGrid, tints, style, tableW, tableH]);

  // The lifted items move as one bitmap while dragged, whatever their number.
  useEffect(() => {
    const group = liftRef.current;
    if (!group) return;
    // A drag may have moved on before this render: the group starts where the gesture already is.
    const g = gesture.current;
    group.position(g?.type === 'move' ? { x: g.delta[0], y: g.delta[1] } : { x: 0, y: 0 });
    group.setAttrs({ rotation: 0, scaleX: 1, scaleY: 1, skewX: 0, skewY: 0 });
    const box = lifted ? selectionBox(scene, lifted) : null;
    const margin = Math.max(2, 40 / settledScale);
    const plan = box ? cachePlan(box.maxX - box.minX + 2 * margin, box.maxY - box.minY + 2 * margin, settledScale, window.devicePixelRatio || 1) : null;
    if (box && plan && lifted && lifted.length > 1) {
      group.cache({ x: box.minX - margin, y: box.minY - margin, width: box.maxX - box.minX + 2 * margin, height: box.maxY - box.minY + 2 * margin, pixelRatio: plan.pixelRatio });
    } else group.clearCache();
    group.getLayer()?.batchDraw();
    // The scene only changes at the end of a drag, when `lifted` is cleared in the same render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lifted]);

  useEffect(() => {
    latest.current.onCornerEditing?.(vertexOwner !== null);
  }, [vertexOwner]);

  // Vertex editing follows the selection: it ends when its shape is no longer selected.
  useEffect(() => {
    if (vertexOwner === null) return;
    if (!selection.some((p) => p === vertexOwner || p.startsWith(`${vertexOwner}/`))) setVertexOwner(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionKey, vertexOwner]);

  // A new tool drops the drawing under way.
  useEffect(() => {
    draft.current = null;
    gesture.current = null;
    setPreview({});
    latest.current.onDrafting(false);
    setCursor(tool.type === 'select' ? 'default' : 'crosshair');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool.type, (tool as { kind?: string }).kind, (tool as { mode?: string }).mode]);

  // ---- Transformer -----------------------------------------------------------------------------------------------

  /** What rotate and scale apply to: selected shapes with outlines or paths (points only move). */
  const transformable = useMemo(() => {
    if (tool.type !== 'select' || vertexOwner !== null) return false;
    return selection.some((p) => {
      const t = targetOf(scenario, p);
      if (t?.type === 'feature') {
        const f = t.feature as { polygon?: unknown; path?: unknown };
        return !locked.has(t.feature.kind) && (validPoints(f.polygon).length >= 3 || validPoints(f.path).length >= 2);
      }
      return t?.type === 'zone' && validPoints((t.deployment.zone as { polygon?: unknown }).polygon).length >= 3;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scenario, selectionKey, tool.type, vertexOwner, locked]);
  const proxyBox = useMemo(() => (transformable ? selectionBox(scene, selection) : null), [transformable, scene, selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const tr = trRef.current;
    if (!tr) return;
    const nodes = proxyBox && proxyRef.current && !(lifted && !transforming) ? [proxyRef.current] : [];
    // Re-attaching in the middle of a transform would reset it.
    if (nodes.length !== tr.nodes().length || nodes[0] !== tr.nodes()[0]) tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [proxyBox, proxyKey, lifted, transforming]);

  /** What a rotate or scale applies to: the selected shapes (a selected corner stands for its shape), unlocked. */
  const transformTargets = (): string[] => {
    const owners = [...new Set(latest.current.selection.map((p) => parseVertex(p)?.owner ?? p))];
    return owners.filter((p) => {
      const layer = layersRef.current.get(p);
      return !(layer && latest.current.locked.has(layer));
    });
  };

  const proxyMatrix = (): Affine | null => {
    const proxy = proxyRef.current;
    if (!proxy || !proxyBox) return null;
    const t = proxy.getTransform().copy();
    t.multiply(new Konva.Transform([1, 0, 0, 1, -proxyBox.minX, -proxyBox.minY]));
    return t.getMatrix() as Affine;
  };

  // ---- Helpers for gestures --------------------------------------------------------------------------------------

  function setCursor(cursor: string): void {
    const container = stageRef.current?.container();
    if (container && container.style.cursor !== cursor) container.style.cursor = cursor;
  }

  const screenOf = (e: { clientX: number; clientY: number }): Point => {
    const rect = stageRef.current!.container().getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  };
  const tableOf = (e: { clientX: number; clientY: number }): Point => toTable(getView(), screenOf(e));
  const snapped = (p: Point): Point => clampToTable(snapPoint(p, latest.current.snap, latest.current.scenario.grid, latest.current.scenario.table), latest.current.scenario.table);

  type Hit = { kind: 'transformer' } | { kind: 'vertex'; vertex: string } | { kind: 'mid'; points: string; after: number } | { kind: 'item'; pointer: string } | null;
  const hitAt = (screen: Point): Hit => {
    const shape = stageRef.current?.getIntersection({ x: screen[0], y: screen[1] }) ?? null;
    if (!shape) return null;
    if (inTransformer(shape)) return { kind: 'transformer' };
    const name = shape.name();
    if (name.startsWith('vertex:')) return { kind: 'vertex', vertex: name.slice(7) };
    if (name.startsWith('mid:')) {
      const [, points, after] = name.split(':');
      return { kind: 'mid', points: points!, after: Number(after) };
    }
    const pointer = pointerOf(shape);
    if (pointer === null) return null;
    const layer = layersRef.current.get(pointer);
    if (layer && latest.current.locked.has(layer)) return null;
    return { kind: 'item', pointer };
  };

  const edit = (r: EditResult | null, mergeKey?: string): void => {
    if (r && r.changes.length) latest.current.onEdit(r, mergeKey ?? `map:${++gestureSeq.current}`);
  };

  const cellAtPoint = (p: Point): string | null => {
    const s = latest.current.scenario;
    return isCellGrid(s.grid) ? cellNameAt(s.grid, s.table, p) : null;
  };
  const cellRing = (name: string): Point[] | null => {
    const s = latest.current.scenario;
    const ref = parseCell(name);
    return ref && isCellGrid(s.grid) ? cellPolygon(s.grid, ref.col, ref.row) : null;
  };

  /** The reference point of a dragged item and how it snaps: blocks to their lattice, crossings onto their river. */
  const dragReference = (pointer: string): { ref: Point; snapRef: (p: Point) => Point } => {
    const s = latest.current.scenario;
    const t = targetOf(s, pointer);
    const plain = (ref: Point) => ({ ref, snapRef: snapped });
    if (t?.type === 'feature') {
      const f = t.feature as { polygon?: unknown; path?: unknown; at?: unknown; size?: unknown; cells?: unknown; kind: FeatureKind; river?: string };
      if (f.kind === 'building-block' && isPoint(f.at)) {
        const size = typeof f.size === 'number' ? f.size : DEFAULT_BLOCK_SIZE;
        return { ref: f.at, snapRef: (p) => (latest.current.snap.kind === 'off' ? p : blockCorner([p[0] + size / 2, p[1] + size / 2], size)) };
      }
      if ((f.kind === 'bridge' || f.kind === 'ford') && isPoint(f.at)) {
        return { ref: f.at, snapRef: (p) => snapToRiver(latest.current.scenario, p, f.river)?.at ?? p };
      }
      const pts = [...validPoints(f.polygon), ...validPoints(f.path)];
      if (pts.length) return plain(pts[0]!);
      if (Array.isArray(f.cells) && grid) {
        const ring = cellRing(String(f.cells[0]));
        // Cells move by whole cells: the reference is a cell corner, and it snaps to the grid's corners.
        if (ring) return { ref: ring[0]!, snapRef: (p) => snapPoint(p, { kind: 'grid' }, s.grid, s.table) };
      }
    }
    if ((t?.type === 'unit' || t?.type === 'leader') && t.setup) {
      if (typeof t.setup.cell === 'string' && grid) {
        const ring = cellRing(t.setup.cell);
        if (ring) {
          const c = ring.reduce<Point>((acc, q) => [acc[0] + q[0] / ring.length, acc[1] + q[1] / ring.length], [0, 0]);
          return { ref: c, snapRef: (p) => p };
        }
      }
      if (isPoint(t.setup.at)) return plain(t.setup.at);
    }
    if (t?.type === 'objective' && isPoint(t.objective.at)) return plain(t.objective.at);
    const box = selectionBox(sceneRef.current, [pointer]);
    return plain(box ? [box.minX, box.minY] : [0, 0]);
  };

  // ---- Drafts (multi-click drawing) ------------------------------------------------------------------------------

  const showDraft = (hover: Point | null): void => {
    const d = draft.current;
    if (!d) return;
    const first = d.points[0];
    const v = getView();
    const nearFirst = !!(first && hover && d.closed && d.points.length >= 3 && distance(first, hover) * v.scale <= CLOSE_PX);
    setPreview((p) => ({ ...p, draft: { points: d.points, hover, closed: d.closed, nearFirst } }));
  };

  const finishDraft = (): void => {
    const d = draft.current;
    if (!d) return;
    const { scenario: s, tool: t, side: sd } = latest.current;
    const pts = d.points;
    draft.current = null;
    setPreview((p) => ({ ...p, draft: undefined }));
    latest.current.onDrafting(false);
    if (d.closed && pts.length < 3) return;
    if (!d.closed && pts.length < 2) return;
    if (t.type === 'area') edit(addFeature(s, t.kind, { polygon: pts }));
    else if (t.type === 'line') edit(addFeature(s, t.kind, { path: pts }));
    else if (t.type === 'zone') edit(addZone(s, sd, { polygon: pts }));
    else if (t.type === 'crest' && d.hill) edit(setCrest(s, d.hill, pts));
  };

  const cancelDraft = (): boolean => {
    if (!draft.current) return false;
    draft.current = null;
    setPreview((p) => ({ ...p, draft: undefined }));
    latest.current.onDrafting(false);
    return true;
  };

  const draftClick = (p: Point, client: Point, closed: boolean, hill?: string): void => {
    const now = performance.now();
    const last = lastClick.current;
    const double = !!last && now - last.time < DOUBLE_CLICK_MS && distance(last.client, client) < 6;
    lastClick.current = { time: now, client };
    const d = draft.current;
    if (!d) {
      draft.current = { points: [p], closed, ...(hill ? { hill } : {}) };
      latest.current.onDrafting(true);
      showDraft(p);
      return;
    }
    const first = d.points[0]!;
    if (double || (d.closed && d.points.length >= 3 && distance(first, p) * getView().scale <= CLOSE_PX)) {
      finishDraft();
      return;
    }
    const prev = d.points[d.points.length - 1]!;
    if (distance(prev, p) > 1e-6) d.points = [...d.points, p];
    showDraft(p);
  };

  // ---- Pointer handling ------------------------------------------------------------------------------------------

  const onPointerDown = (e: PointerEvent): void => {
    const stage = stageRef.current;
    if (!stage) return;
    if (e.pointerType === 'touch') {
      touches.current.set(e.pointerId, [e.clientX, e.clientY]);
      if (touches.current.size === 2) {
        // A second finger turns whatever the first started into a pinch.
        cancelGesture();
        const [a, b] = [...touches.current.values()] as [Point, Point];
        pinch.current = { distance: distance(a, b), centre: screenOf({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 }), view: getView() };
        return;
      }
    }
    const screen = screenOf(e);
    const client: Point = [e.clientX, e.clientY];
    // Middle button, or the left with Space held: pan.
    if (e.button === 1 || (e.button === 0 && spaceDown.current)) {
      e.preventDefault();
      gesture.current = { type: 'pan', client, view: getView() };
      setCursor('grabbing');
      return;
    }
    if (e.button !== 0) return;
    if (latest.current.onTableClick) {
      // Decided on release: a drag pans instead, and a pinch's first finger never clicks.
      stage.container().focus({ preventScroll: true });
      gesture.current = { type: 'tap', client, at: tableOf(e), view: getView() };
      return;
    }
    const hit = hitAt(screen);
    if (hit?.kind === 'transformer') return;
    const { scenario: s, tool: t, selection: sel, side: sd } = latest.current;
    const at = tableOf(e);
    stage.container().focus({ preventScroll: true });

    if (hit?.kind === 'vertex') {
      const v = parseVertex(hit.vertex)!;
      if (e.altKey) {
        const r = deleteVertex(s, hit.vertex);
        if (!r) latest.current.onMessage('A shape keeps at least 3 corners, a line at least 2 points.');
        edit(r);
        return;
      }
      latest.current.onSelect([hit.vertex]);
      const base = validPoints(getAt(s, pointerToPath(v.points)));
      gesture.current = { type: 'vertex', vertex: hit.vertex, base, index: v.index, at: base[v.index] ?? at, moved: false, mergeKey: `vertex:${++gestureSeq.current}` };
      return;
    }
    if (hit?.kind === 'mid') {
      const base = validPoints(getAt(s, pointerToPath(hit.points)));
      const a = base[hit.after]!;
      const b = base[(hit.after + 1) % base.length]!;
      const mid: Point = [tidy((a[0] + b[0]) / 2), tidy((a[1] + b[1]) / 2)];
      const mergeKey = `vertex:${++gestureSeq.current}`;
      const r = addVertex(s, hit.points, hit.after, mid);
      if (!r) return;
      edit(r, mergeKey);
      const withNew = [...base.slice(0, hit.after + 1), mid, ...base.slice(hit.after + 1)];
      gesture.current = { type: 'vertex', vertex: `${hit.points}/${hit.after + 1}`, base: withNew, index: hit.after + 1, at: mid, moved: false, mergeKey };
      return;
    }

    switch (t.type) {
      case 'select': {
        const pointer = hit?.kind === 'item' ? hit.pointer : null;
        const now = performance.now();
        const last = lastClick.current;
        const double = !!last && now - last.time < DOUBLE_CLICK_MS && distance(last.client, client) < 6;
        lastClick.current = { time: now, client };
        // Double-click a shape to edit its corners.
        if (double && pointer && editableOwner(s, pointer)) {
          latest.current.onSelect([pointer]);
          setVertexOwner(editableOwner(s, pointer));
          return;
        }
        const wasSelected = pointer !== null && sel.some((p) => p === pointer || p.startsWith(`${pointer}/`));
        if (pointer && !wasSelected) latest.current.onSelect(e.shiftKey ? [...sel, pointer] : [pointer]);
        gesture.current = { type: 'press', start: at, client, hit: pointer, shift: e.shiftKey, wasSelected };
        return;
      }
      case 'area':
      case 'zone': {
        if (t.mode === 'polygon') return draftClick(snapped(at), client, true);
        if (t.mode === 'rect' || t.mode === 'ellipse') {
          const p = snapped(at);
          gesture.current = { type: 'shape', start: p, current: p, square: e.shiftKey };
          return;
        }
        if (t.mode === 'edge') {
          gesture.current = { type: 'zone-edge', current: at };
          updateZoneEdge(at);
          return;
        }
        if (!grid) {
          latest.current.onMessage('Cells can only be painted on a map with a grid.');
          return;
        }
        gesture.current = { type: 'paint', cells: [] };
        paintAt(at);
        return;
      }
      case 'line':
        return draftClick(snapped(at), client, false);
      case 'crest': {
        const hill = crestHill(s, sel, hit);
        if (!hill) {
          latest.current.onMessage('Click a hill first: the crest line belongs to it.');
          return;
        }
        if (!draft.current && !sel.includes(hill)) latest.current.onSelect([hill]);
        return draftClick(snapped(at), client, false, hill);
      }
      case 'crossing': {
        const r = addCrossing(s, t.kind, at);
        if (!r) latest.current.onMessage(`A ${t.kind} needs a river to cross: draw the river first.`);
        else edit(r);
        return;
      }
      case 'block':
        gesture.current = { type: 'blocks', points: [at] };
        setPreview((p) => ({ ...p, blocks: [blockCorner(at)], crossing: undefined }));
        return;
      case 'entry':
        edit(addEntry(s, sd, t.mode === 'edge' ? { edge: edgeZoneAt(s.table, at).edge } : { at }));
        return;
      case 'objective': {
        const target = hit?.kind === 'item' ? targetOf(s, hit.pointer) : null;
        edit(addObjective(s, target?.type === 'feature' ? { feature: target.feature.id } : { at: snapped(at) }));
        return;
      }
    }
  };

  const updateZoneEdge = (at: Point): void => {
    const { scenario: s } = latest.current;
    const { edge, depth } = edgeZoneAt(s.table, at);
    const step = latest.current.snap.kind === 'inch' ? latest.current.snap.step : grid && latest.current.snap.kind === 'grid' ? grid.cell : 0;
    const d = step > 0 ? Math.max(step, Math.round(depth / step) * step) : depth;
    setPreview((p) => ({ ...p, ghost: { points: edgeBand(s.table, edge, d), closed: true } }));
  };

  const paintAt = (at: Point): void => {
    const g = gesture.current;
    if (g?.type !== 'paint') return;
    const name = cellAtPoint(at);
    if (!name || g.cells.includes(name)) return;
    g.cells = [...g.cells, name];
    setPreview((p) => ({ ...p, cells: g.cells.map(cellRing).filter((r): r is Point[] => r !== null) }));
  };

  const onPointerMove = (e: PointerEvent): void => {
    if (e.pointerType === 'touch' && touches.current.has(e.pointerId)) {
      touches.current.set(e.pointerId, [e.clientX, e.clientY]);
      const pz = pinch.current;
      if (pz && touches.current.size >= 2) {
        const [a, b] = [...touches.current.values()] as [Point, Point];
        const centre = screenOf({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 });
        const zoomed = zoomAt(pz.view, pz.centre, distance(a, b) / Math.max(1, pz.distance), limits);
        moved.current = true;
        applyView({ ...zoomed, x: zoomed.x + centre[0] - pz.centre[0], y: zoomed.y + centre[1] - pz.centre[1] });
        return;
      }
    }
    const stage = stageRef.current;
    if (!stage) return;
    const at = tableOf(e);
    const s = latest.current.scenario;
    const onTable = at[0] >= 0 && at[1] >= 0 && at[0] <= s.table.width && at[1] <= s.table.height;
    latest.current.onPointer(onTable ? at : null, onTable ? cellAtPoint(at) : null);
    rulerState.current = { ...rulerState.current, cursor: onTable ? at : null };
    rulerRef.current?.batchDraw();

    const g = gesture.current;
    if (!g) return hover(e, at);
    switch (g.type) {
      case 'tap': {
        if (Math.hypot(e.clientX - g.client[0], e.clientY - g.client[1]) < DRAG_PX) return;
        gesture.current = { type: 'pan', client: g.client, view: g.view };
        setCursor('grabbing');
        moved.current = true;
        applyView({ ...g.view, x: g.view.x + e.clientX - g.client[0], y: g.view.y + e.clientY - g.client[1] });
        return;
      }
      case 'pan': {
        moved.current = true;
        applyView({ ...g.view, x: g.view.x + e.clientX - g.client[0], y: g.view.y + e.clientY - g.client[1] });
        return;
      }
      case 'press': {
        if (distance([e.clientX, e.clientY], g.client) < DRAG_PX) return;
        if (g.hit) startMove(g);
        else {
          gesture.current = { type: 'box', start: g.start, current: at, shift: g.shift };
          setPreview((p) => ({ ...p, box: [g.start, at] }));
        }
        return;
      }
      case 'move': {
        const raw: Point = [at[0] - g.start[0], at[1] - g.start[1]];
        const target = g.snapRef([g.ref[0] + raw[0], g.ref[1] + raw[1]]);
        let dx = target[0] - g.ref[0];
        let dy = target[1] - g.ref[1];
        // Whatever moves stays on the table.
        dx = Math.min(s.table.width - g.bounds.maxX, Math.max(-g.bounds.minX, dx));
        dy = Math.min(s.table.height - g.bounds.maxY, Math.max(-g.bounds.minY, dy));
        g.delta = [tidy(dx), tidy(dy)];
        liftRef.current?.position({ x: g.delta[0], y: g.delta[1] });
        topRef.current?.batchDraw();
        return;
      }
      case 'box':
        g.current = at;
        setPreview((p) => ({ ...p, box: [g.start, at] }));
        return;
      case 'vertex': {
        const p = snapped(at);
        if (!g.moved && distance([p[0], p[1]], g.at) < 1e-9) return;
        if (!g.moved) {
          g.moved = true;
          const v = parseVertex(g.vertex)!;
          setLifted([v.owner], 'vertex');
        }
        g.at = p;
        const pts = g.base.map((q, i) => (i === g.index ? p : q));
        const v = parseVertex(g.vertex)!;
        setPreview((pr) => ({ ...pr, vertex: { points: pts, closed: v.key === 'polygon', index: g.index } }));
        return;
      }
      case 'shape': {
        let p = snapped(at);
        if (e.shiftKey) {
          const size = Math.max(Math.abs(p[0] - g.start[0]), Math.abs(p[1] - g.start[1]));
          p = [g.start[0] + Math.sign(p[0] - g.start[0] || 1) * size, g.start[1] + Math.sign(p[1] - g.start[1] || 1) * size];
        }
        g.current = p;
        g.square = e.shiftKey;
        setPreview((pr) => ({ ...pr, ghost: { points: shapePoints(g.start, p), closed: true } }));
        return;
      }
      case 'paint':
        return paintAt(at);
      case 'blocks': {
        const corner = blockCorner(at);
        if (!g.points.some((q) => blockCorner(q)[0] === corner[0] && blockCorner(q)[1] === corner[1])) {
          g.points = [...g.points, at];
          setPreview((p) => ({ ...p, blocks: g.points.map((q) => blockCorner(q)) }));
        }
        return;
      }
      case 'zone-edge':
        g.current = at;
        updateZoneEdge(at);
        return;
    }
  };

  const shapePoints = (a: Point, b: Point): Point[] => {
    const t = latest.current.tool;
    const mode = t.type === 'area' || t.type === 'zone' ? t.mode : 'rect';
    if (mode === 'ellipse') {
      const rx = Math.abs(b[0] - a[0]) / 2;
      const ry = Math.abs(b[1] - a[1]) / 2;
      return ellipsePolygon((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, rx, ry, 24).map((p): Point => [tidy(p[0]), tidy(p[1])]);
    }
    return rectanglePolygon(a[0], a[1], b[0] - a[0], b[1] - a[1]);
  };

  /** Hover feedback without a gesture: the cursor, the crossing's landing spot, the block's lattice square. */
  const hover = (e: PointerEvent, at: Point): void => {
    const t = latest.current.tool;
    if (spaceDown.current) return setCursor('grab');
    if (t.type === 'select') {
      const hit = hitAt(screenOf(e));
      const sel = latest.current.selection;
      setCursor(
        hit === null
          ? 'default'
          : hit.kind === 'item'
            ? sel.some((p) => p === hit.pointer || p.startsWith(`${hit.pointer}/`))
              ? 'move'
              : 'pointer'
            : hit.kind === 'transformer'
              ? ''
              : 'crosshair',
      );
      return;
    }
    if (t.type === 'crossing') {
      const snap = snapToRiver(latest.current.scenario, at);
      setPreview((p) => ({ ...p, crossing: snap ? snap.at : null }));
    } else if (t.type === 'block') {
      const c = blockCorner(at);
      setPreview((p) => (p.blocks?.length === 1 && p.blocks[0]![0] === c[0] && p.blocks[0]![1] === c[1] ? p : { ...p, blocks: [c] }));
    } else if (draft.current) showDraft(snapped(at));
  };

  const startMove = (g: Extract<Gesture, { type: 'press' }>): void => {
    const s = latest.current.scenario;
    let pointers = latest.current.selection;
    if (!g.wasSelected) pointers = g.shift ? [...pointers, g.hit!] : [g.hit!];
    // Vertex pointers move their whole shape.
    pointers = [...new Set(pointers.map((p) => parseVertex(p)?.owner ?? p))];
    pointers = withDependents(s, pointers).filter((p) => {
      const layer = layersRef.current.get(p);
      return !(layer && latest.current.locked.has(layer));
    });
    if (pointers.length === 0) {
      gesture.current = null;
      return;
    }
    const bounds = selectionBox(sceneRef.current, pointers) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    const { ref, snapRef } = dragReference(g.hit!);
    gesture.current = { type: 'move', pointers, start: g.start, ref, snapRef, bounds, delta: [0, 0] };
    setLifted(pointers, 'move');
    setCursor('move');
  };

  const onPointerUp = (e: PointerEvent): void => {
    if (e.pointerType === 'touch') {
      touches.current.delete(e.pointerId);
      if (touches.current.size < 2) pinch.current = null;
    }
    const g = gesture.current;
    if (!g) return;
    gesture.current = null;
    const { scenario: s, tool: t, side: sd } = latest.current;
    switch (g.type) {
      case 'tap':
        latest.current.onTableClick?.(g.at, cellAtPoint(g.at));
        return;
      case 'pan':
        setCursor(spaceDown.current ? 'grab' : t.type === 'select' ? 'default' : 'crosshair');
        return;
      case 'press': {
        const sel = latest.current.selection;
        if (g.hit === null) {
          if (!g.shift) latest.current.onSelect([]);
        } else if (g.shift && g.wasSelected) latest.current.onSelect(sel.filter((p) => p !== g.hit && !p.startsWith(`${g.hit}/`)));
        else if (!g.shift && g.wasSelected && (sel.length > 1 || sel[0] !== g.hit)) latest.current.onSelect([g.hit]);
        return;
      }
      case 'move': {
        edit(moveSelection(s, g.pointers, g.delta[0], g.delta[1]));
        setLifted(null);
        return;
      }
      case 'box': {
        const box = { minX: Math.min(g.start[0], g.current[0]), minY: Math.min(g.start[1], g.current[1]), maxX: Math.max(g.start[0], g.current[0]), maxY: Math.max(g.start[1], g.current[1]) };
        const inside = pointersInBox(sceneRef.current, box, (p) => {
          const layer = layersRef.current.get(p);
          return !(layer && (latest.current.locked.has(layer) || latest.current.hidden.has(layer)));
        });
        const sel = latest.current.selection;
        latest.current.onSelect(g.shift ? [...sel.filter((p) => !inside.includes(p)), ...inside] : inside);
        setPreview((p) => ({ ...p, box: undefined }));
        return;
      }
      case 'vertex': {
        if (g.moved) edit(moveVertex(s, g.vertex, g.at), g.mergeKey);
        setPreview((p) => ({ ...p, vertex: undefined }));
        setLifted(null);
        return;
      }
      case 'shape': {
        setPreview((p) => ({ ...p, ghost: undefined }));
        if (Math.abs(g.current[0] - g.start[0]) < 0.25 || Math.abs(g.current[1] - g.start[1]) < 0.25) return;
        const polygon = shapePoints(g.start, g.current);
        if (t.type === 'area') edit(addFeature(s, t.kind, { polygon }));
        else if (t.type === 'zone') edit(addZone(s, sd, { polygon }));
        return;
      }
      case 'paint': {
        setPreview((p) => ({ ...p, cells: undefined }));
        const primaryNow = latest.current.selection[latest.current.selection.length - 1] ?? null;
        if (t.type === 'area') edit(paintCells(s, t.kind as AreaKind, g.cells, t.mode === 'erase', primaryNow));
        else if (t.type === 'zone') edit(paintZoneCells(s, sd, g.cells, t.mode === 'erase', primaryNow));
        return;
      }
      case 'blocks':
        setPreview((p) => ({ ...p, blocks: undefined }));
        edit(addBlocks(s, g.points));
        return;
      case 'zone-edge': {
        setPreview((p) => ({ ...p, ghost: undefined }));
        const { edge, depth } = edgeZoneAt(s.table, g.current);
        const step = latest.current.snap.kind === 'inch' ? latest.current.snap.step : grid && latest.current.snap.kind === 'grid' ? grid.cell : 0;
        const d = step > 0 ? Math.max(step, Math.round(depth / step) * step) : depth;
        edit(addZone(s, sd, { edge, depth: tidy(d) }));
        return;
      }
    }
  };

  const cancelGesture = (): boolean => {
    const g = gesture.current;
    if (!g) return false;
    gesture.current = null;
    setPreview({});
    if (g.type === 'move' || g.type === 'vertex') setLifted(null);
    return true;
  };

  // ---- Keys --------------------------------------------------------------------------------------------------------

  function onKey(e: KeyboardEvent): boolean {
    if (isEditable(e.target)) return false;
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === ' ') {
      if (!spaceDown.current) {
        spaceDown.current = true;
        setCursor('grab');
      }
      return true;
    }
    if (e.key === 'Escape') {
      if (cancelGesture()) return true;
      if (cancelDraft()) return true;
      if (vertexOwner !== null) {
        setVertexOwner(null);
        return true;
      }
      return false;
    }
    if (e.key === 'Enter' && draft.current) {
      finishDraft();
      return true;
    }
    if (e.key === 'Enter' && !mod && latest.current.tool.type === 'select' && primary && editableOwner(latest.current.scenario, primary)) {
      setVertexOwner(editableOwner(latest.current.scenario, primary));
      return true;
    }
    if (e.key === 'Backspace' && draft.current) {
      const d = draft.current;
      d.points = d.points.slice(0, -1);
      if (d.points.length === 0) cancelDraft();
      else showDraft(d.points[d.points.length - 1]!);
      return true;
    }
    if (mod || e.altKey) return false;
    const step = e.shiftKey ? 200 : 60;
    const pans: Record<string, Point> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const pan = pans[e.key];
    if (pan) {
      const v = getView();
      moved.current = true;
      applyView({ ...v, x: v.x + pan[0], y: v.y + pan[1] });
      return true;
    }
    if (e.key === '+' || e.key === '=') {
      zoomAround(viewportCentre(), 1.25);
      return true;
    }
    if (e.key === '-' || e.key === '_') {
      zoomAround(viewportCentre(), 0.8);
      return true;
    }
    if (e.key === '0') {
      moved.current = false;
      applyView(fit);
      return true;
    }
    if (e.key === '1') {
      zoomAround(viewportCentre(), ACTUAL_SCALE / getView().scale);
      return true;
    }
    return false;
  }

  // ---- Native listeners --------------------------------------------------------------------------------------------

  // Attached once; they read the latest props through refs. Pointer moves and releases are followed on the window,
  // so a drag that leaves the map still ends properly.
  const handlers = useRef({ onPointerDown, onPointerMove, onPointerUp });
  handlers.current = { onPointerDown, onPointerMove, onPointerUp };
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const container = stage.container();
    container.tabIndex = 0;
    container.style.outline = 'none';
    container.style.touchAction = 'none';
    const down = (e: PointerEvent) => handlers.current.onPointerDown(e);
    const move = (e: PointerEvent) => {
      if (gesture.current || e.target === container || container.contains(e.target as Node)) handlers.current.onPointerMove(e);
    };
    const up = (e: PointerEvent) => handlers.current.onPointerUp(e);
    const leave = () => {
      if (gesture.current) return;
      latest.current.onPointer(null, null);
      rulerState.current = { ...rulerState.current, cursor: null };
      rulerRef.current?.batchDraw();
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = container.getBoundingClientRect();
      zoomAroundRef.current([e.clientX - rect.left, e.clientY - rect.top], wheelZoomFactor(e.deltaY, e.deltaMode));
    };
    const keyUp = (e: KeyboardEvent) => {
      if (e.key === ' ' && spaceDown.current) {
        spaceDown.current = false;
        setCursor(latest.current.tool.type === 'select' ? 'default' : 'crosshair');
      }
    };
    const aux = (e: MouseEvent) => {
      // The middle button pans; it must not start the browser's autoscroll.
      if (e.button === 1) e.preventDefault();
    };
    container.addEventListener('pointerdown', down);
    container.addEventListener('mousedown', aux);
    container.addEventListener('pointerleave', leave);
    container.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    const blur = () => {
      spaceDown.current = false;
    };
    window.addEventListener('keyup', keyUp);
    window.addEventListener('blur', blur);
    return () => {
      container.removeEventListener('pointerdown', down);
      container.removeEventListener('mousedown', aux);
      container.removeEventListener('pointerleave', leave);
      container.removeEventListener('wheel', wheel);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      window.removeEventListener('keyup', keyUp);
      window.removeEventListener('blur', blur);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const zoomAroundRef = useRef(zoomAround);
  zoomAroundRef.current = zoomAround;

  // ---- Drops from the unit lists -----------------------------------------------------------------------------------

  const dropTarget = (e: DragEvent): { at: Point; target: string | null } => {
    const screen = screenOf(e);
    const hit = hitAt(screen);
    return { at: toTable(getView(), screen), target: hit?.kind === 'item' ? hit.pointer : null };
  };

  // ---- Rendering ---------------------------------------------------------------------------------------------------

  const k = 1 / settledScale;
  const color = toolColor(tool, scenario, side);
  const handlesFor = vertexOwner !== null && tool.type === 'select' ? vertexHandles(scenario, vertexOwner) : [];

  return (
    <div
      style={{ position: 'relative', width, height }}
      data-testid="map-canvas"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(UNIT_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!grid) return;
        const name = cellAtPoint(dropTarget(e).at);
        const ring = name ? cellRing(name) : null;
        setPreview((p) => (p.dropCell === ring || (p.dropCell && ring && p.dropCell[0]![0] === ring[0]![0] && p.dropCell[0]![1] === ring[0]![1]) ? p : { ...p, dropCell: ring }));
      }}
      onDragLeave={() => setPreview((p) => (p.dropCell ? { ...p, dropCell: null } : p))}
      onDrop={(e) => {
        const pointer = e.dataTransfer.getData(UNIT_DRAG_TYPE);
        setPreview((p) => ({ ...p, dropCell: null }));
        if (!pointer) return;
        e.preventDefault();
        const { at, target } = dropTarget(e);
        props.onDropUnit(pointer, at, target);
      }}
    >
      <Stage ref={stageRef} width={Math.max(1, width)} height={Math.max(1, height)} style={{ background: style.backdrop }}>
        <Layer>
          <Group ref={staticRef}>
            <StaticScene scene={visibleScene} scale={settledScale} showCellLabels={showCellLabels} showGrid={showGrid} tints={tints} style={style} />
          </Group>
        </Layer>
        <Layer ref={topRef}>
          <Group ref={liftRef}>
            {liftedScene && <StaticScene scene={liftedScene} scale={settledScale} showCellLabels={false} bare style={style} />}
            {liftedState?.mode === 'move' && <SelectionLayer scene={scene} selected={liftedState.pointers} scale={settledScale} style={style} />}
          </Group>
          {!lifted && <SelectionLayer scene={visibleScene} selected={selection} scale={settledScale} style={style} />}
          {liftedState?.mode === 'vertex' && <SelectionLayer scene={visibleScene} selected={selection} scale={settledScale} style={style} />}
          {preview.vertex && (
            <Line
              points={flatten(preview.vertex.points)}
              closed={preview.vertex.closed}
              fill={preview.vertex.closed ? 'rgba(255, 45, 149, 0.12)' : undefined}
              stroke={style.selection.stroke}
              strokeWidth={2 * k}
              listening={false}
            />
          )}
          {handlesFor.map((h) => (
            <HandleShape key={h.name} handle={h} k={k} preview={preview.vertex} selected={h.type === 'vertex' && selection.includes(h.name.slice('vertex:'.length))} />
          ))}
          {proxyBox && (
            <Rect
              key={proxyKey}
              ref={proxyRef}
              x={proxyBox.minX}
              y={proxyBox.minY}
              width={Math.max(0.01, proxyBox.maxX - proxyBox.minX)}
              height={Math.max(0.01, proxyBox.maxY - proxyBox.minY)}
              listening={false}
            />
          )}
          <Transformer
            ref={trRef}
            rotateEnabled
            flipEnabled={false}
            keepRatio={false}
            rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
            rotationSnapTolerance={4}
            anchorSize={9}
            anchorStroke={style.selection.stroke}
            borderStroke={style.selection.stroke}
            borderDash={[4, 3]}
            ignoreStroke
            onTransformStart={() => {
              setTransforming(true);
              setLifted(withDependents(latest.current.scenario, transformTargets()), 'transform');
            }}
            onTransform={() => {
              const m = proxyMatrix();
              const group = liftRef.current;
              if (!m || !group) return;
              group.setAttrs(new Konva.Transform(m).decompose());
            }}
            onTransformEnd={() => {
              const m = proxyMatrix();
              const r = m ? transformSelection(latest.current.scenario, transformTargets(), m, Math.abs(m[1]) > 1e-9 ? 'Rotate' : 'Scale') : null;
              edit(r);
              setTransforming(false);
              setLifted(null);
              setProxyKey((n) => n + 1);
            }}
          />
          <Previews preview={preview} k={k} color={color} />
        </Layer>
        {props.overlay && <Layer listening={false}>{props.overlay(k)}</Layer>}
        <RulersLayer layerRef={rulerRef} state={rulerState} width={width} height={height} table={scene.table} units={units} style={style} />
      </Stage>
    </div>
  );
}

