// The map editor's canvas: a scenario's table at true proportions, its camera, and every pointer gesture of the
// editing tools. What a gesture decides becomes one command (commands.ts), handed to `onEdit`.
//
// Layers (architecture.md, "static vs interactive layers"): everything the document defines goes on one layer that
// is cached as a bitmap, so panning and selecting cost a single image draw. The top layer is light: selection
// outlines, handles, the transformer, tool previews, and the items being dragged, which leave the static layer for
// the length of the drag (one re-cache when it starts and one when it ends, none while it moves). Rulers have a layer
// of their own in screen pixels.
//
// The camera (use-camera.ts) changes the Konva stage imperatively, so a wheel turn or a pan never re-renders React.
// Gestures are a pure reducer (gestures.ts); this component feeds it DOM events and runs the effects it returns.
import type Konva from 'konva';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { Group, Layer, Line, Stage } from 'react-konva';
import { isCellGrid } from '../../domain/grid.js';
import type { Snap } from '../../domain/map/edit.js';
import { hoverAt, joinLabels, shiftLabels, type SceneLabels } from '../../domain/map/labels.js';
import { buildScene, type MapScene } from '../../domain/map/scene.js';
import { lineColorFor } from '../../domain/map/shapes.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { AreaKind, Point, Scenario } from '../../domain/model.js';
import { useLatest } from '../ui/use-latest.js';
import type { EditResult } from './commands.js';
import { UNIT_DRAG_TYPE } from './dnd.js';
import { engineTints } from './engine-view.js';
import { cellAtPoint, cellRing } from './gesture-targets.js';
import { IDLE, reduceGesture, withPreview, type Effect, type GestureContext, type GestureEvent, type GestureState, type Hit, type Lifted, type PointerAt } from './gestures.js';
import { cachePlan, flatten, pointerSelects, toTable, wheelZoomFactor } from './geometry.js';
import { hitTest } from './hit-test.js';
import { HandleShape, Previews, vertexHandles, type Preview } from './Overlay.js';
import { RulersLayer } from './Rulers.js';
import { filterScene, focusBox, layerIndex, pickScene, selectionBox, type LayerKey } from './scene-view.js';
import { SelectionLayer } from './SelectionLayer.js';
import { SelectionTransformer } from './SelectionTransformer.js';
import { lazyHit, type LazyHit } from './lazy-hit.js';
import { applyPen, makePen, setPen, type Pen } from './pen.js';
import { childrenMeeting, keepsNames, liftRegions } from './lift-regions.js';
import { cacheDifference, cacheHitInSlices, canRecacheInSlices, recacheInSlices, redrawRegions, type RegionBox } from './sliced-cache.js';
import { screenLabels, StaticScene } from './StaticScene.js';
import type { Tool } from './tools.js';
import { useCamera } from './use-camera.js';
import { useNativeListeners } from './use-native-listeners.js';
import { useSettledLabels } from './use-settled-labels.js';

export interface MapViewHandle {
  zoomBy: (factor: number) => void;
  fit: () => void;
  actualSize: () => void;
  panBy: (dx: number, dy: number) => void;
  /** A key meant for the map (drafts, gestures, the camera); true when the map used it. */
  key: (e: KeyboardEvent) => boolean;
  /** The table point at the centre of the view: where pasted or keyboard-placed things go. */
  centre: () => Point;
}

export interface TableDrag {
  /** True to take the drag that starts at this table point. */
  press: (at: Point) => boolean;
  move: (at: Point) => void;
  release: (at: Point) => void;
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
  onSelect: (pointers: string[]) => void;
  onEdit: (result: EditResult, mergeKey?: string) => void;
  /** A unit dragged from a list and dropped at a table point, on `target` (a pointer) if it hit one. */
  onDropUnit: (pointer: string, at: Point, target: string | null) => void;
  onMessage: (text: string) => void;
  /** The cursor's table point and cell, for the status strip (called on every move: keep it cheap). */
  onPointer: (at: Point | null, cell: string | null) => void;
  onZoom: (scale: number) => void;
  /** True while a multi-click drawing is under way (the status hint changes). */
  onDrafting: (drafting: boolean) => void;
  /** True while a shape's corners are shown as handles. */
  onCornerEditing?: (editing: boolean) => void;
  /** A one-off tool (objective, deployment zone) has placed its thing without Shift: the Select tool comes back. */
  onToolDone?: () => void;
  /**
   * Drawing above the scene in table units (the play view's tints and markers); `k` is one screen pixel in table
   * units at the settled zoom. It never takes clicks: picking stays with the scene.
   */
  overlay?: (k: number) => ReactNode;
  /** When given, a left click on the table comes here instead of selecting or drawing (the play view). */
  onTableClick?: (at: Point, cell: string | null) => void;
  /**
   * The play view's own drags on an open table (a ghost of a unit's base, its rotation handle): a left press that
   * `press` takes is followed to its release here, and the gestures (pan, tap) never see it.
   */
  tableDrag?: TableDrag;
  handle?: Ref<MapViewHandle>;
}


/**
 * The first map on the page is cached, listening, and (after the frame that draws it) on screen: the start-up figure
 * of the bench (tests/bench/app.ts).
 */
let interactive = false;
/** Work held back until the mark: the first map's hit canvas. */
let afterMark: (() => void)[] | null = [];
function markInteractive(): void {
  if (interactive) return;
  interactive = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark('adc:map-interactive');
      const queued = afterMark ?? [];
      afterMark = null;
      for (const f of queued) f();
    }, 0),
  );
}

/** Runs `f` once the first map is interactive (at once after that). */
function afterInteractive(f: () => void): void {
  if (afterMark) afterMark.push(f);
  else f();
}

/**
 * Screen pixels drawn around a region drawn again, for the shadows and blurs cast into it (redrawRegions). Measured
 * on a zoomed-in drag of a counter: 24 left differences of up to 10 levels against a whole re-cache, 48 up to 4.
 */
const REGION_GUARD_PX = 48;

/**
 * Caches the static layer's group as a bitmap sharp at the pen's scale: at once, or (`sliced`) over the next frames
 * with the old bitmap on show meanwhile, each child given the pen's sizes just before it is drawn into the new one;
 * the sliced way returns a way to stop it.
 */
function recache(group: Konva.Group, tableW: number, tableH: number, pen: Pen, sliced = false, whole?: () => void): (() => void) | undefined {
  const settledScale = pen.scale;
  // Explicit bounds: the table and a margin for labels that hang over the edge. Measuring the content instead
  // would let one far-off stray point in a broken file ask for a gigantic bitmap.
  const margin = Math.max(3, 40 / settledScale);
  const rect = { x: -margin, y: -margin, width: tableW + 2 * margin, height: tableH + 2 * margin };
  const plan = cachePlan(rect.width, rect.height, settledScale, window.devicePixelRatio || 1);
  // Slices only while an old bitmap covers the children: drawn live, they would show half of them at each size.
  if (plan && sliced && group.isCached() && canRecacheInSlices(group)) {
    const done = (): void => {
      markInteractive();
      whole?.();
    };
    return recacheInSlices(group, rect, plan.pixelRatio, plan.hitPixelRatio, done, (child) => applyPen(child, pen)).cancel;
  }
  applyPen(group, pen);
  if (plan) group.cache({ ...rect, pixelRatio: plan.pixelRatio, hitCanvasPixelRatio: plan.hitPixelRatio });
  else group.clearCache();
  group.getLayer()?.batchDraw();
  markInteractive();
  if (!plan) return undefined;
  whole?.();
  // The hit canvas too is drawn in slices from here, not in one block on the first pointer move (after the first
  // map's mark, so start-up's figure stays what it was).
  let hit: { cancel: () => void } | null = null;
  let cancelled = false;
  afterInteractive(() => {
    if (!cancelled) hit = cacheHitInSlices(group);
  });
  return () => {
    cancelled = true;
    hit?.cancel();
  };
}

/** What the static and top layers showed during a move: the scenes and layouts a drop's first frame is drawn from. */
interface LiftShown {
  /** The whole scene the drag started from. */
  full: MapScene;
  rest: MapScene;
  restLabels: SceneLabels;
  lifted: MapScene;
  liftedLabels: SceneLabels;
  scale: number;
  pointers: string[];
}

/** The last move's layers, kept for the drop that ends it. */
class LastLift {
  private shown: LiftShown | null = null;

  remember(shown: LiftShown | null): void {
    this.shown = shown;
  }

  /**
   * The layout of `visible` (what the static layer draws of `scene`, the scene a move was dropped into) made of
   * what the drag showed, when the drop only carried the lifted items (their box the same size, at the same zoom):
   * null otherwise, and the scene is laid out at once.
   */
  dropLabels(scene: MapScene, visible: MapScene, scale: number): SceneLabels | null {
    const shown = this.shown;
    if (!shown || shown.full === scene || shown.scale !== scale) return null;
    const before = selectionBox(shown.full, shown.pointers);
    const after = selectionBox(scene, shown.pointers);
    if (!before || !after) return null;
    const dx = after.minX - before.minX;
    const dy = after.minY - before.minY;
    const near = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
    if (!near(after.maxX - before.maxX, dx) || !near(after.maxY - before.maxY, dy)) return null;
    const moved = shiftLabels(shown.liftedLabels, dx * scale, dy * scale);
    return joinLabels(visible, shown.restLabels, shown.rest, moved, shown.lifted);
  }
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
        'soft-ground': s.softGround.stroke,
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
  const { scenario, selection, tool, side, hidden, showGrid, showCellLabels, engineView, units, width, height, fitKey, focus } = props;
  const style = SCREEN_STYLE;
  const scene = useMemo(() => buildScene(scenario, style), [scenario, style]);
  const layers = useMemo(() => layerIndex(scene), [scene]);
  const { width: tableW, height: tableH } = scene.table;
  const grid = isCellGrid(scenario.grid) ? scenario.grid : null;

  const stageRef = useRef<Konva.Stage>(null);
  const staticRef = useRef<Konva.Group>(null);
  const staticLayerRef = useRef<Konva.Layer>(null);
  const staticHit = useRef<LazyHit | null>(null);
  const liftRef = useRef<Konva.Group>(null);
  const topRef = useRef<Konva.Layer>(null);
  const rulerRef = useRef<Konva.Layer>(null);
  const camera = useCamera({ stageRef, rulerRef, table: scene.table, width, height, rulerPx: style.ruler.bandPx, fitKey, onZoom: props.onZoom });
  const { settledScale } = camera;
  const [liftedState, setLifted] = useState<Lifted | null>(null);
  const lifted = liftedState?.pointers ?? null;
  const [preview, setPreview] = useState<Preview>({});
  /** The feature (or zone) whose corners are shown as handles: double-click a selected shape to edit its points. */
  const [vertexOwner, setVertexOwner] = useState<string | null>(null);
  const gestures = useRef<GestureState>(IDLE);
  /** Numbers one-shot edits, so none folds into the undo step before it. */
  const editSeq = useRef(0);

  // The latest props for native listeners and Konva handlers, which outlive a render.
  const latest = useRef(props);
  useLatest(latest, props);
  const sceneRef = useRef(scene);
  useLatest(sceneRef, scene);
  const layersRef = useRef(layers);
  useLatest(layersRef, layers);

  useEffect(() => {
    const box = focus ? focusBox(scene, focus.pointer) : null;
    if (box) camera.frame(box);
    // Only a new request moves the view, not every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.seq]);

  // ---- What the layers draw --------------------------------------------------------------------------------------

  const liftedSet = useMemo(() => new Set(lifted ?? []), [lifted]);
  // The scene with hidden layers left out, and then the lifted items too: kept apart so the lift can start from
  // what the layer showed before it (its layout, its bitmap).
  const shownScene = useMemo(() => filterScene(scene, (_, layer) => hidden.has(layer)), [scene, hidden]);
  const visibleScene = useMemo(() => (liftedSet.size ? filterScene(shownScene, (p) => liftedSet.has(p)) : shownScene), [shownScene, liftedSet]);
  const subset = useMemo(() => (visibleScene !== shownScene ? { of: shownScene, without: liftedSet } : null), [visibleScene, shownScene, liftedSet]);
  const liftedScene = useMemo(() => (lifted && liftedState?.mode !== 'vertex' ? pickScene(scene, liftedSet) : null), [scene, lifted, liftedSet, liftedState?.mode]);
  const tints = useMemo(() => (engineView && grid ? engineTints(scenario, scene) : null), [engineView, grid, scenario, scene]);
  // The static layer is drawn at the scale its labels were laid out for: after a zoom it keeps the old one, scaled
  // with the stage, until the new layout is ready (use-settled-labels.ts), then re-renders once.
  // A drop shows, until the new scene is laid out, the names the drag showed: the rest's where they were and the
  // dropped items' own carried with them (their layout on the top layer), so the drop's frame lays out nothing.
  // Outlives renders: written once a lift is drawn, read by the render right after a drop.
  const [lastLift] = useState(() => new LastLift());
  const provisional = useMemo(
    () => (lifted ? null : lastLift.dropLabels(scene, visibleScene, settledScale)),
    // Only a new scene (the drop's edit) can use what the drag showed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [visibleScene],
  );
  const drawn = useSettledLabels(visibleScene, settledScale, style, subset, provisional);
  const { labels, scale: drawnScale } = drawn;
  // The layout the tooltip reads, with the scale it was laid out at (pointer handlers outlive a render).
  const shownLabels = useRef(drawn);
  useEffect(() => {
    shownLabels.current = drawn;
  }, [drawn]);
  const tipRef = useRef<HTMLDivElement>(null);
  // What the static layer's shapes read when drawn (pen.ts): a new zoom reaches them without a re-render.
  const [pen] = useState(() => makePen(drawnScale, labels));

  // Re-cache the static layer after every change to what it draws, at the resolution the settled zoom needs. After
  // a zoom settles, and nothing else changed, the new bitmap is drawn a slice per frame (sliced-cache.ts): until it
  // is whole the old bitmap, scaled, stays on show (Konva keeps a cached group's bitmap whatever its children do),
  // and each child takes the new zoom's sizes as the slices reach it. An edit re-caches at once; its new and changed
  // nodes take the pen's sizes in a layout effect, before anything can draw them.
  //
  // A lift takes items off a layer that is otherwise the same, at the same zoom, its other names kept where they
  // were: only the boxes the lifted items drew in are drawn again, into the kept bitmap (lift-regions.ts).
  const cachedFor = useRef<unknown[]>([]);
  const zoomOnly = useRef(false);
  const liftOnly = useRef<RegionBox[] | null>(null);
  /** The pen version the whole bitmap was last drawn at (a sliced re-cache under way leaves an older one on show). */
  const bitmapPen = useRef(-1);
  useLayoutEffect(() => {
    const group = staticRef.current;
    if (!group) return;
    const content = [visibleScene, showCellLabels, showGrid, tints, style, tableW, tableH];
    const before = cachedFor.current;
    zoomOnly.current = before.length > 0 && content.every((v, i) => v === before[i]);
    liftOnly.current =
      subset && before[0] === subset.of && content.every((v, i) => i === 0 || v === before[i]) && pen.scale === drawnScale && bitmapPen.current === pen.version && group.isCached() && keepsNames(pen.labels, labels)
        ? liftRegions(subset.of, subset.without, pen.labels, drawnScale)
        : null;
    cachedFor.current = content;
    if (zoomOnly.current) return;
    setPen(pen, drawnScale, labels);
    applyPen(group, pen);
  }, [visibleScene, drawnScale, labels, showCellLabels, showGrid, tints, style, tableW, tableH, pen, subset]);
  useEffect(() => {
    const group = staticRef.current;
    if (!group) return;
    if (zoomOnly.current && !setPen(pen, drawnScale, labels)) return;
    const regions = liftOnly.current;
    liftOnly.current = null;
    const version = pen.version;
    const whole = (): void => {
      bitmapPen.current = version;
    };
    bitmapPen.current = -1;
    if (regions && !zoomOnly.current) {
      const patched = redrawRegions(group, regions, childrenMeeting(visibleScene, drawnScale), REGION_GUARD_PX / drawnScale);
      if (patched.done) {
        whole();
        return () => patched.hit?.cancel();
      }
    }
    return recache(group, tableW, tableH, pen, zoomOnly.current, whole);
  }, [visibleScene, drawnScale, labels, showCellLabels, showGrid, tints, style, tableW, tableH, pen, subset]);

  // A read-only hook for end-to-end tests: how far the static layer's bitmap is from a whole re-cache (sliced-cache.ts).
  useEffect(() => {
    const check = (): ReturnType<typeof cacheDifference> => (staticRef.current ? cacheDifference(staticRef.current) : null);
    (window as unknown as { __adcStaticBitmap?: typeof check }).__adcStaticBitmap = check;
    return () => {
      delete (window as unknown as { __adcStaticBitmap?: typeof check }).__adcStaticBitmap;
    };
  }, []);

  // Nothing is pointed at while the wheel turns: the static layer's hit canvas waits for a hit test (lazy-hit.ts).
  useEffect(() => {
    const layer = staticLayerRef.current;
    if (!layer) return;
    const hit = lazyHit(layer);
    staticHit.current = hit;
    return () => {
      staticHit.current = null;
      hit.undo();
    };
  }, []);

  // The dragged items are drawn at the settled zoom, with their own names' layout.
  const liftedPen = useMemo(() => (liftedScene ? makePen(settledScale, screenLabels(liftedScene, settledScale, style)) : null), [liftedScene, settledScale, style]);
  useLayoutEffect(() => {
    if (liftRef.current && liftedPen) applyPen(liftRef.current, liftedPen);
  }, [liftedPen]);
  useEffect(() => {
    lastLift.remember(
      lifted && liftedState?.mode === 'move' && liftedScene && liftedPen && drawnScale === liftedPen.scale
        ? { full: scene, rest: visibleScene, restLabels: labels, lifted: liftedScene, liftedLabels: liftedPen.labels, scale: liftedPen.scale, pointers: lifted }
        : null,
    );
  }, [lifted, liftedState?.mode, liftedScene, liftedPen, drawnScale, scene, visibleScene, labels, lastLift]);

  // The lifted items move as one bitmap while dragged, whatever their number.
  useEffect(() => {
    const group = liftRef.current;
    if (!group) return;
    // A drag may have moved on before this render: the group starts where the gesture already is.
    const g = gestures.current.gesture;
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
  if (vertexOwner !== null && !selection.some((p) => pointerSelects(vertexOwner, p))) setVertexOwner(null);

  // ---- Gestures --------------------------------------------------------------------------------------------------

  const hitAt = (screen: Point): Hit => {
    staticHit.current?.fresh();
    return hitTest(stageRef.current, screen, (pointer) => {
      const layer = layersRef.current.get(pointer);
      return !!layer && latest.current.locked.has(layer);
    });
  };

  const edit = (r: EditResult | null, mergeKey?: string): void => {
    if (r && r.changes.length) latest.current.onEdit(r, mergeKey ?? `map:${++editSeq.current}`);
  };

  function setCursor(cursor: string): void {
    const container = stageRef.current?.container();
    if (container && container.style.cursor !== cursor) container.style.cursor = cursor;
  }

  /** The status strip's readout and the rulers' marks follow the cursor. */
  const showPointer = (at: Point | null, cell: string | null): void => {
    latest.current.onPointer(at, cell);
    camera.markPointer(at);
  };

  /**
   * A name the map shortened or left off shows whole beside the pointer. Set on the element directly: a tooltip
   * that followed the pointer through React would re-render the map on every move.
   */
  const showTip = (screen: Point | null): void => {
    const tip = tipRef.current;
    if (!tip) return;
    const at = screen && gestures.current.gesture === null ? toTable(camera.view(), screen) : null;
    const { labels: shown, scale } = shownLabels.current;
    const text = at ? hoverAt(shown.hovers, [at[0] * scale, at[1] * scale]) : null;
    if (!text || !screen) {
      if (tip.style.display !== 'none') tip.style.display = 'none';
      return;
    }
    if (tip.textContent !== text) tip.textContent = text;
    tip.style.left = `${screen[0] + 14}px`;
    tip.style.top = `${screen[1] + 18}px`;
    tip.style.display = 'block';
  };

  const context = (): GestureContext => {
    const p = latest.current;
    return {
      scenario: p.scenario,
      scene: sceneRef.current,
      layers: layersRef.current,
      selection: p.selection,
      tool: p.tool,
      side: p.side,
      snap: p.snap,
      locked: p.locked,
      hidden: p.hidden,
      view: camera.view(),
      limits: camera.limits,
      corners: vertexOwner,
      tableClicks: !!p.onTableClick,
      hitAt,
    };
  };

  const perform = (effect: Effect, native?: Event): void => {
    switch (effect.type) {
      case 'select':
        return latest.current.onSelect(effect.pointers);
      case 'edit':
        return edit(effect.result, effect.mergeKey);
      case 'message':
        return latest.current.onMessage(effect.text);
      case 'preview':
        return setPreview((p) => withPreview(p, effect.set));
      case 'clear-preview':
        return setPreview({});
      case 'cursor':
        return setCursor(effect.cursor);
      case 'view':
        return camera.moveTo(effect.view);
      case 'lift':
        return setLifted(effect.lifted);
      case 'drag':
        liftRef.current?.position({ x: effect.delta[0], y: effect.delta[1] });
        topRef.current?.batchDraw();
        return;
      case 'drafting':
        return latest.current.onDrafting(effect.drafting);
      case 'corners':
        return setVertexOwner(effect.owner);
      case 'focus':
        return stageRef.current?.container().focus({ preventScroll: true });
      case 'prevent-default':
        return native?.preventDefault();
      case 'pointer-at':
        return showPointer(effect.at, effect.cell);
      case 'table-click':
        return latest.current.onTableClick?.(effect.at, effect.cell);
      case 'tool-done':
        return latest.current.onToolDone?.();
    }
  };

  /** One event through the gesture reducer; true when it used the event (for keys). */
  const run = (event: GestureEvent, native?: Event): boolean => {
    const step = reduceGesture(gestures.current, event, context());
    gestures.current = step.state;
    for (const effect of step.effects) perform(effect, native);
    return step.handled;
  };

  // A new tool drops the drawing under way.
  useEffect(() => {
    run({ type: 'tool' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool.type, (tool as { kind?: string }).kind, (tool as { mode?: string }).mode]);

  const pointerAt = (e: PointerEvent): PointerAt | null => {
    const stage = stageRef.current;
    if (!stage) return null;
    const rect = stage.container().getBoundingClientRect();
    return { id: e.pointerId, touch: e.pointerType === 'touch', client: [e.clientX, e.clientY], origin: [rect.left, rect.top] };
  };

  function onKey(e: KeyboardEvent): boolean {
    if (isEditable(e.target)) return false;
    if (run({ type: 'key', key: e.key, mod: e.ctrlKey || e.metaKey, shift: e.shiftKey })) return true;
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    return camera.key(e.key, e.shiftKey);
  }

  useImperativeHandle(props.handle, () => ({
    zoomBy: camera.zoomBy,
    fit: camera.fit,
    actualSize: camera.actualSize,
    panBy: camera.panBy,
    key: onKey,
    centre: camera.centre,
  }));

  /** The pointer whose drag `tableDrag` took, while it lasts. */
  const tableDragging = useRef<number | null>(null);
  const tableAt = (pointer: PointerAt): Point => toTable(camera.view(), [pointer.client[0] - pointer.origin[0], pointer.client[1] - pointer.origin[1]]);

  useNativeListeners(stageRef, {
    down: (e) => {
      const pointer = pointerAt(e);
      const drag = latest.current.tableDrag;
      if (pointer && drag && e.button === 0 && gestures.current.gesture === null && drag.press(tableAt(pointer))) {
        tableDragging.current = e.pointerId;
        return;
      }
      // When the press happened, not when it is handled: a first click that takes long to handle (a big selection
      // redrawn, a busy machine) must not turn the second click of a double-click into a single one.
      if (pointer) run({ type: 'down', pointer, button: e.button, shift: e.shiftKey, alt: e.altKey, time: e.timeStamp }, e);
    },
    move: (e) => {
      const pointer = pointerAt(e);
      if (pointer && tableDragging.current === e.pointerId) {
        const at = tableAt(pointer);
        latest.current.tableDrag?.move(at);
        showPointer(at, null);
        return;
      }
      if (pointer) run({ type: 'move', pointer, shift: e.shiftKey }, e);
      showTip(pointer ? [pointer.client[0] - pointer.origin[0], pointer.client[1] - pointer.origin[1]] : null);
    },
    up: (e) => {
      if (tableDragging.current === e.pointerId) {
        tableDragging.current = null;
        const pointer = pointerAt(e);
        if (pointer) latest.current.tableDrag?.release(tableAt(pointer));
        return;
      }
      run({ type: 'up', id: e.pointerId, touch: e.pointerType === 'touch' }, e);
    },
    leave: () => {
      showPointer(null, null);
      showTip(null);
    },
    wheel: (e, anchor) => camera.zoomAround(anchor, wheelZoomFactor(e.deltaY, e.deltaMode)),
    keyUp: (e) => run({ type: 'key-up', key: e.key }, e),
    blur: () => run({ type: 'blur' }),
    busy: () => gestures.current.gesture !== null || tableDragging.current !== null,
  });

  // ---- Drops from the unit lists -----------------------------------------------------------------------------------

  const dropTarget = (e: DragEvent): { at: Point; target: string | null } => {
    const rect = stageRef.current!.container().getBoundingClientRect();
    const screen: Point = [e.clientX - rect.left, e.clientY - rect.top];
    const hit = hitAt(screen);
    return { at: toTable(camera.view(), screen), target: hit?.kind === 'item' ? hit.pointer : null };
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
        const name = cellAtPoint(latest.current.scenario, dropTarget(e).at);
        const ring = name ? cellRing(latest.current.scenario, name) : null;
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
        <Layer ref={staticLayerRef}>
          <Group ref={staticRef}>
            <StaticScene scene={visibleScene} pen={pen} showCellLabels={showCellLabels} showGrid={showGrid} tints={tints} style={style} />
          </Group>
        </Layer>
        <Layer ref={topRef}>
          <Group ref={liftRef}>
            {liftedScene && liftedPen && <StaticScene scene={liftedScene} pen={liftedPen} showCellLabels={false} bare style={style} />}
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
          <SelectionTransformer
            scene={scene}
            scenario={scenario}
            selection={selection}
            layers={layers}
            locked={props.locked}
            enabled={tool.type === 'select' && vertexOwner === null}
            lifted={lifted !== null}
            liftRef={liftRef}
            style={style}
            onLift={setLifted}
            onEdit={(r) => edit(r)}
          />
          <Previews preview={preview} k={k} color={color} />
        </Layer>
        {props.overlay && <Layer listening={false}>{props.overlay(k)}</Layer>}
        <RulersLayer layerRef={rulerRef} state={camera.rulerState} width={width} height={height} table={scene.table} units={units} style={style} />
      </Stage>
      <div
        ref={tipRef}
        role="tooltip"
        data-testid="map-label-tip"
        style={{
          display: 'none',
          position: 'absolute',
          pointerEvents: 'none',
          maxWidth: 360,
          padding: '2px 6px',
          borderRadius: 3,
          background: 'rgba(40, 38, 32, 0.92)',
          color: '#fff',
          font: `12px ${style.label.fontFamily}`,
          whiteSpace: 'normal',
          zIndex: 2,
        }}
      />
    </div>
  );
}

