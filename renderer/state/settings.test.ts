import { describe, expect, it } from 'vitest';
import { DEFAULT_PANELS, DEFAULT_SETTINGS, loadSettings } from './settings.js';

const stored = (text: string | null) => ({ getItem: () => text });

describe('settings', () => {
  it('reads what was saved, and the defaults from whatever else the storage holds', () => {
    expect(loadSettings(stored('{"paper":"letter","units":"centimetres","showCellLabels":false}'))).toEqual({ paper: 'letter', units: 'centimetres', showCellLabels: false, panels: DEFAULT_PANELS });
    for (const text of [null, '', 'null', '3', '"a4"', '[]', '{"paper":7,"units":["inches"]}', '{']) {
      expect(loadSettings(stored(text)), String(text)).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('keeps the panel sizes the user chose, and the default for a size no drag could have made', () => {
    const panels = { outline: { size: 212.4, collapsed: true }, inspector: { size: -5 }, problems: { size: 1e9, collapsed: 'yes' }, units: 'wide' };
    expect(loadSettings(stored(JSON.stringify({ panels }))).panels).toEqual({
      outline: { size: 212, collapsed: true },
      inspector: { size: null, collapsed: null },
      problems: { size: null, collapsed: null },
      units: { size: null, collapsed: null },
    });
    expect(loadSettings(stored('{"panels":null}')).panels).toEqual(DEFAULT_PANELS);
  });
});
