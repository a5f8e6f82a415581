// The map's camera: zoom and pan. They live on the Konva stage itself and change imperatively, so a wheel turn or a
// pan never re-renders React, and the cached bitmap of the static layer is only scaled; only when zooming settles
// does `settledScale` change, for the static layer to re-size its hairlines and labels and re-cache at a sharp
// resolution, spread over frames (MapView.tsx). The rulers read the view from `rulerState`.
import type Konva from 'konva';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { BoundingBox } from '../../domain/geometry.js';
import { clampToTable } from '../../domain/map/edit.js';
import type { Point, Table } from '../../domain/model.js';
import { useLatest } from '../ui/use-latest.js';
import { ACTUAL_SCALE, fitView, toTable, zoomAt, zoomLimits, type View, type ZoomLimits } from './geometry.js';
import type { RulerState } from './Rulers.js';

/** How long after the last wheel event the zoom counts as settled. */
const SETTLE_MS = 160;
const PADDING_PX = 12;

export interface CameraOptions {
  stageRef: RefObject<Konva.Stage | null>;
  rulerRef: RefObject<Konva.Layer | null>;
  table: Table;
  /** The viewport, rulers included. */
  width: number;
  height: number;
  /** Room kept west and north of the table for the rulers. */
  rulerPx: number;
  /** Change it to fit the whole table back into view. */
  fitKey: unknown;
  onZoom: (scale: number) => void;
}

export interface Camera {
  /** The scale once zooming has settled: what the layers draw and cache for. */
  settledScale: number;
  limits: ZoomLimits;
  rulerState: RefObject<RulerState>;
  /** The rulers mark where the pointer is on the table; null takes the mark away. */
  markPointer: (at: Point | null) => void;
  view: () => View;
  /** A view the user asked for: from now on a window resize leaves it alone. */
  moveTo: (view: View) => void;
  panBy: (dx: number, dy: number) => void;
  /** Zoom keeping the screen point `anchor` where it is. */
  zoomAround: (anchor: Point, factor: number) => void;
  zoomBy: (factor: number) => void;
  fit: () => void;
  actualSize: () => void;
  /** Centre a table box in view, zooming out only if it would not fit. */
  frame: (box: BoundingBox) => void;
  /** The table point at the centre of the view. */
  centre: () => Point;
  /** The camera's keys (arrows pan, + and − zoom, 0 fits, 1 is actual size); true when one was used. */
  key: (key: string, shift: boolean) => boolean;
}

export function useCamera(options: CameraOptions): Camera {
  const { stageRef, rulerRef, table, width, height, rulerPx, fitKey } = options;
  const { width: tableW, height: tableH } = table;
  const fitted = useMemo(() => fitView({ width: tableW, height: tableH }, width, height, { rulerPx, paddingPx: PADDING_PX }), [tableW, tableH, width, height, rulerPx]);
  const limits = useMemo(() => zoomLimits(fitted.scale), [fitted.scale]);
  const rulerState = useRef<RulerState>({ view: fitted, cursor: null });
  const [settledScale, setSettledScale] = useState(fitted.scale);
  /** True once the user has zoomed or panned: a window resize then leaves their view alone. */
  const moved = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);
  const lastFit = useRef<{ fitKey: unknown; tableW: number; tableH: number } | null>(null);
  const onZoom = useRef(options.onZoom);
  useLatest(onZoom, options.onZoom);

  const view = (): View => {
    const stage = stageRef.current;
    return stage ? { scale: stage.scaleX(), x: stage.x(), y: stage.y() } : fitted;
  };

  const apply = (next: View, settle = true): void => {
    const stage = stageRef.current;
    if (!stage) return;
    const before = stage.scaleX();
    stage.scale({ x: next.scale, y: next.scale });
    stage.position({ x: next.x, y: next.y });
    rulerState.current = { ...rulerState.current, view: next };
    stage.batchDraw();
    if (next.scale !== before) {
      onZoom.current(next.scale);
      if (settle) {
        window.clearTimeout(settleTimer.current);
        settleTimer.current = window.setTimeout(() => {
          const s = stageRef.current?.scaleX();
          // A transition: the re-render at the new scale (thousands of shapes, every label placed again) yields to
          // the next frame and to the next wheel turn instead of holding one frame for all of it.
          if (s !== undefined) startTransition(() => setSettledScale(s));
        }, SETTLE_MS);
      }
    }
  };

  const markPointer = (at: Point | null): void => {
    rulerState.current = { ...rulerState.current, cursor: at };
    rulerRef.current?.batchDraw();
  };

  const moveTo = (next: View): void => {
    moved.current = true;
    apply(next);
  };

  const fit = (): void => {
    moved.current = false;
    apply(fitted);
  };

  const zoomAround = (anchor: Point, factor: number): void => {
    const v = view();
    const next = zoomAt(v, anchor, factor, limits);
    if (next.scale !== v.scale) moveTo(next);
  };

  const viewportCentre = (): Point => [rulerPx + (width - rulerPx) / 2, rulerPx + (height - rulerPx) / 2];

  const panBy = (dx: number, dy: number): void => {
    const v = view();
    moveTo({ ...v, x: v.x + dx, y: v.y + dy });
  };

  const frame = (box: BoundingBox): void => {
    const room = Math.min(width, height) - rulerPx - 2 * PADDING_PX;
    const size = Math.max(box.maxX - box.minX, box.maxY - box.minY, 0.001);
    const scale = Math.max(limits.min, Math.min(view().scale, room / size));
    const [cx, cy] = viewportCentre();
    moveTo({ scale, x: cx - ((box.minX + box.maxX) / 2) * scale, y: cy - ((box.minY + box.maxY) / 2) * scale });
  };

  const zoomBy = (factor: number): void => zoomAround(viewportCentre(), factor);
  const actualSize = (): void => zoomBy(ACTUAL_SCALE / view().scale);

  const key = (k: string, shift: boolean): boolean => {
    const step = shift ? 200 : 60;
    const pans: Record<string, Point> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const pan = pans[k];
    if (pan) panBy(pan[0], pan[1]);
    else if (k === '+' || k === '=') zoomBy(1.25);
    else if (k === '-' || k === '_') zoomBy(0.8);
    else if (k === '0') fit();
    else if (k === '1') actualSize();
    else return false;
    return true;
  };

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
    apply(fitted, false);
    setSettledScale(fitted.scale);
    onZoom.current(fitted.scale);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitted, fitKey, tableW, tableH]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  // A tiny read-only hook for end-to-end tests: where a table point is on the page.
  useEffect(() => {
    const api = {
      toScreen: (p: Point): Point => {
        const stage = stageRef.current;
        if (!stage) return [NaN, NaN];
        const rect = stage.container().getBoundingClientRect();
        const v = { scale: stage.scaleX(), x: stage.x(), y: stage.y() };
        return [rect.left + v.x + p[0] * v.scale, rect.top + v.y + p[1] * v.scale];
      },
    };
    (window as unknown as { __adcMap?: typeof api }).__adcMap = api;
    return () => {
      delete (window as unknown as { __adcMap?: typeof api }).__adcMap;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    settledScale,
    limits,
    rulerState,
    markPointer,
    view,
    moveTo,
    panBy,
    zoomAround,
    zoomBy,
    fit,
    actualSize,
    frame,
    centre: () => clampToTable(toTable(view(), viewportCentre()), table),
    key,
  };
}
