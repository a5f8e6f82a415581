// User preferences, kept in the page's local storage (per shell and per machine).
import type { PaperSize } from '../../domain/host-api.js';

export interface Settings {
  paper: PaperSize;
  units: 'inches' | 'centimetres';
  showCellLabels: boolean;
}

const KEY = 'adc-settings';
export const DEFAULT_SETTINGS: Settings = { paper: 'a4', units: 'inches', showCellLabels: true };

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): Settings {
  try {
    // Whatever the storage holds, from an older version or typed by hand, is read as unknown and checked.
    const raw: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (raw === null || typeof raw !== 'object') return DEFAULT_SETTINGS;
    const stored: { paper?: unknown; units?: unknown; showCellLabels?: unknown } = raw;
    return {
      paper: stored.paper === 'letter' ? 'letter' : 'a4',
      units: stored.units === 'centimetres' ? 'centimetres' : 'inches',
      showCellLabels: stored.showCellLabels !== false,
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
