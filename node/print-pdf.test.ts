import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHROMIUM_PATHS, createPdfMaker, findChromium, NoBrowserError, writeSheetHtml } from './print-pdf.js';

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

describe('createPdfMaker', () => {
  it('hands the PDF back base64, on the paper asked for', async () => {
    const papers: string[] = [];
    const make = createPdfMaker({
      render: async (html, paper) => {
        papers.push(paper);
        return new TextEncoder().encode(`%PDF-1.7 ${html}`);
      },
    });
    expect(await make('<p>Plancenoit</p>', 'letter')).toEqual({ ok: true, pdf: Buffer.from('%PDF-1.7 <p>Plancenoit</p>').toString('base64') });
    expect(papers).toEqual(['letter']);
  });

  it('says what to do when there is no browser', async () => {
    const make = createPdfMaker({
      render: async () => {
        throw new NoBrowserError(['/usr/bin/chromium']);
      },
    });
    const r = await make('<p>x</p>', 'a4');
    expect(r).toMatchObject({ ok: false, code: 'unavailable' });
    expect(!r.ok && r.message).toMatch(/no Chromium browser was found .*\/usr\/bin\/chromium.*ADC_CHROMIUM.*Print…/);
  });

  it('stops waiting for a browser that hangs, and says so', async () => {
    const make = createPdfMaker({ render: () => new Promise<never>(() => undefined), timeoutMs: 10 });
    const r = await make('<p>x</p>', 'a4');
    expect(r).toMatchObject({ ok: false, code: 'io' });
    expect(!r.ok && r.message).toMatch(/took longer than 0 s.*Nothing was saved/);
  });

  it('makes one PDF at a time, and refuses more than can wait', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const make = createPdfMaker({
      maxWaiting: 1,
      render: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return new Uint8Array([37]);
      },
    });
    const first = make('<p>1</p>', 'a4');
    const second = make('<p>2</p>', 'a4');
    expect(await make('<p>3</p>', 'a4')).toMatchObject({ ok: false, code: 'unavailable', message: expect.stringMatching(/already making/) });
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    releases.shift()!();
    expect(await first).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    releases.shift()!();
    expect(await second).toMatchObject({ ok: true });
    expect(most).toBe(1);
  });
});
