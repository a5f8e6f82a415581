import { describe, expect, it } from 'vitest';
import { backupsDir, recentFile, resolveDataDir } from './data-dir.js';

describe('resolveDataDir', () => {
  it('prefers ADC_DATA_DIR on every platform', () => {
    expect(resolveDataDir({ env: { ADC_DATA_DIR: '/tmp/adc-test' }, platform: 'win32', home: '/home/u' })).toBe('/tmp/adc-test');
  });

  it('follows each platform convention for application state', () => {
    expect(resolveDataDir({ env: {}, platform: 'linux', home: '/home/u' })).toBe('/home/u/.local/state/aide-de-camp');
    expect(resolveDataDir({ env: { XDG_STATE_HOME: '/xdg/state' }, platform: 'linux', home: '/home/u' })).toBe('/xdg/state/aide-de-camp');
    // XDG: a relative value is invalid and ignored.
    expect(resolveDataDir({ env: { XDG_STATE_HOME: 'rel' }, platform: 'linux', home: '/home/u' })).toBe('/home/u/.local/state/aide-de-camp');
    expect(resolveDataDir({ env: {}, platform: 'darwin', home: '/Users/u' })).toBe('/Users/u/Library/Application Support/aide-de-camp');
    expect(resolveDataDir({ env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\aide-de-camp',
    );
  });

  it('names the backups folder and the recent list inside it', () => {
    expect(backupsDir('/d')).toBe('/d/backups');
    expect(recentFile('/d')).toBe('/d/recent.json');
  });
});
