// User preferences, kept in the page's local storage (per shell and per machine).
import type { PaperSize } from '../../domain/host-api.js';

/** The panels around the map whose size the user can change. */
export const PANEL_IDS = ['outline', 'inspector', 'problems', 'units'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/**
 * A panel as the user left it: its size in CSS pixels, and whether it is folded away (its size is kept, to come back
 * to). Null in either is the default, which depends on the window it opens in.
 */
export interface PanelState {
  size: number | null;
  collapsed: boolean | null;
}

export type PanelLayout = Record<PanelId, PanelState>;

export interface Settings {
  paper: PaperSize;
  units: 'inches' | 'centimetres';
  showCellLabels: boolean;
  panels: PanelLayout;
}

const KEY = 'adc-settings';
const DEFAULT_PANEL: PanelState = { size: null, collapsed: null };
export const DEFAULT_PANELS: PanelLayout = { outline: DEFAULT_PANEL, inspector: DEFAULT_PANEL, problems: DEFAULT_PANEL, units: DEFAULT_PANEL };
export const DEFAULT_SETTINGS: Settings = { paper: 'a4', units: 'inches', showCellLabels: true, panels: DEFAULT_PANELS };

/** Larger than any screen: a size past it was not set by dragging a panel, so the default is used instead. */
const MAX_PANEL_PX = 10_000;

function panelsFrom(raw: unknown): PanelLayout {
  const stored: Partial<Record<string, unknown>> = raw !== null && typeof raw === 'object' ? raw : {};
  const one = (value: unknown): PanelState => {
    if (value === null || typeof value !== 'object') return DEFAULT_PANEL;
    const p: { size?: unknown; collapsed?: unknown } = value;
    const size = typeof p.size === 'number' && Number.isFinite(p.size) && p.size > 0 && p.size < MAX_PANEL_PX ? Math.round(p.size) : null;
    return { size, collapsed: typeof p.collapsed === 'boolean' ? p.collapsed : null };
  };
  return { outline: one(stored.outline), inspector: one(stored.inspector), problems: one(stored.problems), units: one(stored.units) };
}

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): Settings {
  try {
    // Whatever the storage holds, from an older version or typed by hand, is read as unknown and checked.
    const raw: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (raw === null || typeof raw !== 'object') return DEFAULT_SETTINGS;
    const stored: { paper?: unknown; units?: unknown; showCellLabels?: unknown; panels?: unknown } = raw;
    return {
      paper: stored.paper === 'letter' ? 'letter' : 'a4',
      units: stored.units === 'centimetres' ? 'centimetres' : 'inches',
      showCellLabels: stored.showCellLabels !== false,
      panels: panelsFrom(stored.panels),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(s: Settings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(s));
}

/** A length in inches shown in the user's chosen unit. */
export function formatLength(inches: number, units: Settings['units']): string {
  return units === 'inches' ? `${+inches.toFixed(2)}"` : `${+(inches * 2.54).toFixed(1)} cm`;
}
