import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATHS, findChromium, NoBrowserError, writeSheetHtml } from './print-pdf.js';

describe('findChromium', () => {
  it('uses ADC_CHROMIUM when it names an existing file', () => {
    expect(findChromium({ ADC_CHROMIUM: '/opt/chrome/chrome' }, (p) => p === '/opt/chrome/chrome')).toBe('/opt/chrome/chrome');
  });

  it('refuses a missing ADC_CHROMIUM instead of silently using another browser', () => {
    expect(() => findChromium({ ADC_CHROMIUM: '/nope/chrome' }, (p) => p !== '/nope/chrome')).toThrow(/\/nope\/chrome \(from ADC_CHROMIUM\)/);
  });

  it('tries the usual paths in order', () => {
    expect(findChromium({}, (p) => p === '/usr/bin/chromium-browser' || p === '/usr/bin/google-chrome')).toBe('/usr/bin/chromium-browser');
  });

  it('says which paths it tried and how to name a browser', () => {
    let error: unknown;
    try {
      findChromium({}, () => false);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NoBrowserError);
    const message = (error as Error).message;
    for (const p of CHROMIUM_PATHS) expect(message).toContain(p);
    expect(message).toContain('ADC_CHROMIUM');
  });
});

describe('writeSheetHtml', () => {
  it('writes the sheet as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'adc-sheet-'));
    try {
      const file = path.join(dir, 'sheet.html');
      await writeSheetHtml('<!doctype html><p>Plancenoit</p>', file);
      expect(readFileSync(file, 'utf8')).toBe('<!doctype html><p>Plancenoit</p>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
