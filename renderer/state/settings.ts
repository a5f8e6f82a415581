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
    const raw = JSON.parse(storage.getItem(KEY) ?? '{}') as Partial<Settings>;
    return {
      paper: raw.paper === 'letter' ? 'letter' : 'a4',
      units: raw.units === 'centimetres' ? 'centimetres' : 'inches',
      showCellLabels: raw.showCellLabels !== false,
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
