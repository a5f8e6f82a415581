import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings } from './settings.js';

const stored = (text: string | null) => ({ getItem: () => text });

describe('settings', () => {
  it('reads what was saved, and the defaults from whatever else the storage holds', () => {
    expect(loadSettings(stored('{"paper":"letter","units":"centimetres","showCellLabels":false}'))).toEqual({ paper: 'letter', units: 'centimetres', showCellLabels: false });
    for (const text of [null, '', 'null', '3', '"a4"', '[]', '{"paper":7,"units":["inches"]}', '{']) {
      expect(loadSettings(stored(text)), String(text)).toEqual(DEFAULT_SETTINGS);
    }
  });
});
