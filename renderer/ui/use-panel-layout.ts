// The panels around the map: how big each may be and is by default, and a hook that lets the user drag, step,
// fold and reset one through its separator (PanelSeparator.tsx), remembering the result in the settings.
// Sizes are CSS pixels, so a panel keeps its width when the window grows and the map gets the rest.
import { useCallback, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import type { PanelId, PanelState } from '../state/settings.js';
import { useLatest } from './use-latest.js';

export interface PanelSpec {
  /** Which dimension of the window the panel takes: width for a column, height for a row. */
  axis: 'x' | 'y';
  /** +1 when the panel is before its separator (left or above), so moving the separator right or down grows it. */
  grows: 1 | -1;
  /** Smallest open size; a drag ending under half of it folds the panel away. */
  min: number;
  /** The largest share of the window it may take, so the map always keeps some. */
  maxShare: number;
  /** The default: this share of the window, within [low, high], so a small screen leaves the map room. */
  defaultShare: number;
  low: number;
  high: number;
  /** In a window narrower than this the panel starts folded, until the user opens it. */
  foldBelow?: number;
}

export const PANEL_SPECS: Record<PanelId, PanelSpec> = {
  // The outline is the one a small screen can best spare: the map's own list has the units to place.
  outline: { axis: 'x', grows: 1, min: 140, maxShare: 0.35, defaultShare: 0.14, low: 180, high: 270, foldBelow: 1366 },
  inspector: { axis: 'x', grows: -1, min: 220, maxShare: 0.45, defaultShare: 0.2, low: 260, high: 380 },
  units: { axis: 'x', grows: -1, min: 120, maxShare: 0.3, defaultShare: 0.1, low: 150, high: 200 },
  problems: { axis: 'y', grows: -1, min: 60, maxShare: 0.5, defaultShare: 0.12, low: 90, high: 150 },
};

/** Arrow keys move a separator this far; with Shift, four times as far. */
export const KEY_STEP_PX = 16;

export interface Viewport {
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export function panelLimits(id: PanelId, viewport: Viewport): { min: number; max: number; default: number; folded: boolean } {
  const spec = PANEL_SPECS[id];
  const extent = spec.axis === 'x' ? viewport.width : viewport.height;
  const max = Math.max(spec.min, Math.round(extent * spec.maxShare));
  return {
    min: spec.min,
    max,
    default: clamp(Math.round(extent * spec.defaultShare), spec.low, Math.min(spec.high, max)),
    folded: spec.foldBelow !== undefined && viewport.width < spec.foldBelow,
  };
}

/** Whether a panel is folded: as the user left it, or else as the window's size suggests. */
export function panelFolded(id: PanelId, state: PanelState, viewport: Viewport): boolean {
  return state.collapsed ?? panelLimits(id, viewport).folded;
}

/** The open size of a panel as stored, within what this window allows. */
export function panelSize(id: PanelId, state: PanelState, viewport: Viewport): number {
  const limits = panelLimits(id, viewport);
  return clamp(state.size ?? limits.default, limits.min, limits.max);
}

/** What a keyboard key does to a panel, or null for a key the separator leaves alone. */
export function keyedPanel(id: PanelId, state: PanelState, viewport: Viewport, key: string, shift: boolean): PanelState | null {
  const spec = PANEL_SPECS[id];
  const limits = panelLimits(id, viewport);
  const folded = panelFolded(id, state, viewport);
  const now = folded ? 0 : panelSize(id, state, viewport);
  if (key === 'Enter') return { ...state, collapsed: !folded };
  if (key === 'Home') return { size: state.size, collapsed: true };
  if (key === 'End') return { size: limits.max, collapsed: false };
  const forward = spec.axis === 'x' ? 'ArrowRight' : 'ArrowDown';
  const back = spec.axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
  if (key !== forward && key !== back) return null;
  const step = (key === forward ? 1 : -1) * spec.grows * KEY_STEP_PX * (shift ? 4 : 1);
  const next = now + step;
  // Stepping down from the smallest open size folds the panel; stepping up from folded opens it at that size.
  if (next < limits.min) return step < 0 ? { size: state.size, collapsed: true } : { size: limits.min, collapsed: false };
  return { size: clamp(next, limits.min, limits.max), collapsed: false };
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const viewportKey = (): string => `${window.innerWidth}x${window.innerHeight}`;

/** The window's size, following resizes. */
export function useViewport(): Viewport {
  const key = useSyncExternalStore(subscribeResize, viewportKey);
  const [width, height] = key.split('x').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}

export interface SeparatorProps {
  role: 'separator';
  tabIndex: 0;
  'aria-orientation': 'vertical' | 'horizontal';
  'aria-valuenow': number;
  'aria-valuemin': number;
  'aria-valuemax': number;
  'aria-label': string;
  'aria-controls': string;
  'data-panel': PanelId;
  'data-dragging': boolean;
  onPointerDown(e: PointerEvent<HTMLElement>): void;
  onPointerMove(e: PointerEvent<HTMLElement>): void;
  onPointerUp(e: PointerEvent<HTMLElement>): void;
  onPointerCancel(e: PointerEvent<HTMLElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  onDoubleClick(): void;
}

export interface PanelControl {
  id: PanelId;
  /** The id of the panel's element, for aria-controls. */
  elementId: string;
  title: string;
  /** The open size in pixels, following a drag as it happens. */
  size: number;
  collapsed: boolean;
  toggle: () => void;
  separator: SeparatorProps;
}

/**
 * One resizable panel. `state` is what the settings hold; `onChange` is called with the new state when a drag ends,
 * a key is pressed, the panel is folded or opened, or a double-click puts it back to its default.
 */
export function usePanel(id: PanelId, title: string, state: PanelState, onChange: (next: PanelState) => void): PanelControl {
  const viewport = useViewport();
  const elementId = `panel-${id}-${useId().replace(/:/g, '')}`;
  const limits = panelLimits(id, viewport);
  const spec = PANEL_SPECS[id];
  const [drag, setDrag] = useState<{ size: number; collapsed: boolean } | null>(null);
  const start = useRef<{ pointer: number; size: number } | null>(null);
  const open = panelSize(id, state, viewport);
  const folded = panelFolded(id, state, viewport);

  // One function for the panel's life, reading the latest state: the fold button is memoised on it, and the app
  // makes `onChange` anew with every render.
  const current = useRef({ onChange, state, folded });
  useLatest(current, { onChange, state, folded });
  const toggle = useCallback(() => {
    const c = current.current;
    c.onChange({ ...c.state, collapsed: !c.folded });
  }, []);

  const follow = (e: PointerEvent<HTMLElement>): { size: number; collapsed: boolean } | null => {
    const s = start.current;
    if (!s) return null;
    const raw = s.size + ((spec.axis === 'x' ? e.clientX : e.clientY) - s.pointer) * spec.grows;
    return raw < limits.min / 2 ? { size: open, collapsed: true } : { size: clamp(raw, limits.min, limits.max), collapsed: false };
  };

  const shown = drag ?? { size: open, collapsed: folded };
  return {
    id,
    elementId,
    title,
    size: shown.size,
    collapsed: shown.collapsed,
    toggle,
    separator: {
      role: 'separator',
      tabIndex: 0,
      'aria-orientation': spec.axis === 'x' ? 'vertical' : 'horizontal',
      'aria-valuenow': shown.collapsed ? 0 : Math.round(shown.size),
      'aria-valuemin': 0,
      'aria-valuemax': limits.max,
      'aria-label': `Resize the ${title.toLowerCase()}: arrow keys, Enter to fold or open it, double-click for its usual size`,
      'aria-controls': elementId,
      'data-panel': id,
      'data-dragging': drag !== null,
      onPointerDown: (e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        e.currentTarget.focus();
        start.current = { pointer: spec.axis === 'x' ? e.clientX : e.clientY, size: folded ? 0 : open };
        setDrag({ size: open, collapsed: folded });
      },
      onPointerMove: (e) => {
        const next = follow(e);
        if (next) setDrag(next);
      },
      onPointerUp: (e) => {
        const next = follow(e);
        start.current = null;
        setDrag(null);
        // A click without a move leaves the panel as it was.
        if (next && (next.collapsed !== folded || (!next.collapsed && Math.round(next.size) !== Math.round(open)))) {
          onChange(next.collapsed ? { size: state.size, collapsed: true } : { size: Math.round(next.size), collapsed: false });
        }
      },
      onPointerCancel: () => {
        start.current = null;
        setDrag(null);
      },
      onKeyDown: (e) => {
        const next = keyedPanel(id, state, viewport, e.key, e.shiftKey);
        if (!next) return;
        e.preventDefault();
        onChange(next);
      },
      onDoubleClick: () => onChange({ size: null, collapsed: false }),
    },
  };
}
