// The map: a scenario's table drawn at true proportions, with wheel zoom towards the cursor and drag to pan.
// Read-only for now; it grows into the map editor.
//
// Layers (architecture.md, "static vs interactive layers"): everything the document defines goes on one layer
// that is cached as a bitmap, so panning and selecting cost a single image draw; the selection outline sits on a
// light layer of its own. The view (zoom and pan) lives on the Konva stage itself and is changed imperatively, so a
// wheel turn never re-renders React. Only when zooming settles does the static layer re-render, to re-size its
// hairlines and labels for the new scale and re-cache at a sharp resolution.
import type Konva from 'konva';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Group, Layer, Stage } from 'react-konva';
import type { Scenario } from '../../domain/model.js';
import { cachePlan, fitView, wheelZoomFactor, zoomAt, zoomLimits, type View } from './geometry.js';
import { buildScene } from '../../domain/map/scene.js';
import { SelectionLayer } from './SelectionLayer.js';
import { StaticScene } from './StaticScene.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';

export interface MapViewProps {
  scenario: Scenario;
  /** JSON Pointer of the selection; the element it points into (or a part of) is outlined. */
  selected: string | null;
  /** Called with the clicked element's JSON Pointer: `/terrain/i`, `/objectives/i`, a unit's or leader's path, … */
  onSelect(pointer: string): void;
  showCellLabels?: boolean;
  width: number;
  height: number;
  /** Change it (a counter is simplest) to fit the whole table back into view. */
  fitKey?: unknown;
}

/** How long after the last wheel event the zoom counts as settled. */
const SETTLE_MS = 160;
const PADDING_PX = 12;

/** The JSON Pointer of the clickable element a Konva event landed on: its own name, or its nearest named parent's. */
function pointerOf(node: Konva.Node | null): string | null {
  for (let n: Konva.Node | null = node; n; n = n.getParent()) {
    const name = n.name();
    if (name.startsWith('/')) return name;
  }
  return null;
}

export function MapView(props: MapViewProps) {
  const { scenario, selected, onSelect, showCellLabels = false, width, height, fitKey } = props;
  const style = SCREEN_STYLE;
  const scene = useMemo(() => buildScene(scenario, style), [scenario, style]);
  const { width: tableW, height: tableH } = scene.table;
  const fit = useMemo(
    () => fitView({ width: tableW, height: tableH }, width, height, { rulerPx: style.ruler.bandPx, paddingPx: PADDING_PX }),
    [tableW, tableH, width, height, style],
  );
  const limits = useMemo(() => zoomLimits(fit.scale), [fit.scale]);

  const stageRef = useRef<Konva.Stage>(null);
  const staticRef = useRef<Konva.Group>(null);
  const [settledScale, setSettledScale] = useState(fit.scale);
  /** True once the user has zoomed or panned: a window resize then leaves their view alone. */
  const moved = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);
  const lastFit = useRef<{ fitKey: unknown; tableW: number; tableH: number } | null>(null);

  const applyView = (view: View): void => {
    const stage = stageRef.current;
    if (!stage) return;
    stage.scale({ x: view.scale, y: view.scale });
    stage.position({ x: view.x, y: view.y });
    stage.batchDraw();
  };

  // Fit on mount, when asked to (fitKey), and when the table changes size; follow viewport resizes until the user
  // has moved the view. A layout effect, so the first paint is already fitted.
  useLayoutEffect(() => {
    const last = lastFit.current;
    const forced = last === null || last.fitKey !== fitKey || last.tableW !== tableW || last.tableH !== tableH;
    lastFit.current = { fitKey, tableW, tableH };
    if (!forced && moved.current) return;
    moved.current = false;
    window.clearTimeout(settleTimer.current);
    applyView(fit);
    setSettledScale(fit.scale);
  }, [fit, fitKey, tableW, tableH]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  // Re-cache the static layer after every change to what it draws, at the resolution the settled zoom needs.
  useEffect(() => {
    const group = staticRef.current;
    if (!group) return;
    // Explicit bounds: the table, its rulers, and a margin for labels that hang over the edge. Measuring the
    // content instead would let one far-off stray point in a broken file ask for a gigantic bitmap.
    const band = style.ruler.bandPx / settledScale;
    const margin = Math.max(3, 40 / settledScale);
    const x = -band - margin;
    const y = -band - margin;
    const w = tableW + band + 2 * margin;
    const h = tableH + band + 2 * margin;
    const plan = cachePlan(w, h, settledScale, window.devicePixelRatio || 1);
    if (plan) group.cache({ x, y, width: w, height: h, pixelRatio: plan.pixelRatio, hitCanvasPixelRatio: plan.hitPixelRatio });
    else group.clearCache();
    group.getLayer()?.batchDraw();
  }, [scene, settledScale, showCellLabels, style, tableW, tableH]);

  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>): void => {
    e.evt.preventDefault();
    const stage = stageRef.current;
    const pointer = stage?.getPointerPosition();
    if (!stage || !pointer) return;
    const view: View = { scale: stage.scaleX(), x: stage.x(), y: stage.y() };
    const next = zoomAt(view, [pointer.x, pointer.y], wheelZoomFactor(e.evt.deltaY, e.evt.deltaMode), limits);
    if (next.scale === view.scale) return;
    moved.current = true;
    applyView(next);
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      const s = stageRef.current?.scaleX();
      if (s !== undefined) setSettledScale(s);
    }, SETTLE_MS);
  };

  const select = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent | PointerEvent>): void => {
    const pointer = pointerOf(e.target);
    if (pointer !== null) onSelect(pointer);
  };

  const setCursor = (cursor: string): void => {
    const container = stageRef.current?.container();
    if (container && container.style.cursor !== cursor) container.style.cursor = cursor;
  };

  return (
    <Stage
      ref={stageRef}
      width={Math.max(1, width)}
      height={Math.max(1, height)}
      draggable
      dragDistance={3}
      style={{ background: style.backdrop, cursor: 'grab' }}
      onWheel={onWheel}
      onClick={select}
      onTap={select}
      onMouseMove={(e) => {
        if (!stageRef.current?.isDragging()) setCursor(pointerOf(e.target) !== null ? 'pointer' : 'grab');
      }}
      onDragStart={() => setCursor('grabbing')}
      onDragEnd={() => {
        moved.current = true;
        setCursor('grab');
      }}
    >
      <Layer>
        <Group ref={staticRef}>
          <StaticScene scene={scene} scale={settledScale} showCellLabels={showCellLabels} style={style} />
        </Group>
      </Layer>
      <Layer listening={false}>
        <SelectionLayer scene={scene} selected={selected} scale={settledScale} style={style} />
      </Layer>
    </Stage>
  );
}
