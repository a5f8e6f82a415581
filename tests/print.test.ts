// `adc print` end to end: every bundled scenario through the real command and a real Chromium to PDF, then read back
// with poppler (pdftotext for the words, pdftoppm for the pages). The page images are kept in test-output/sheets/
// for a person to look at.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitsOf } from '../domain/forces.js';
import type { Scenario } from '../domain/model.js';
import { PAGE_MARGIN_MM, renderSheet, type Paper } from '../domain/sheet/sheet.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium, pdfInBrowser } from '../node/print-pdf.js';

const root = path.resolve(import.meta.dirname, '..');
const samples = path.join(root, 'scenarios');
const sheets = path.join(root, 'test-output', 'sheets');
const scenarioFiles = readdirSync(samples).filter((f) => f.endsWith('.scenario.json'));
let work: string;

function adc(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/adc.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const flat = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ');

function pdfText(pdf: string): string {
  return flat(execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }));
}

/**
 * Plain ASCII names must appear exactly. For others the PDF's text layer may compose accents differently, so each
 * ASCII word of three letters or more must appear instead.
 */
function expectName(text: string, name: string): void {
  const n = flat(name).trim();
  if (/^[\x20-\x7e]*$/.test(n)) expect(text, `"${n}" missing from the PDF text`).toContain(n);
  else for (const word of n.match(/[A-Za-z0-9]{3,}/g) ?? []) expect(text, `"${word}" (of "${n}") missing from the PDF text`).toContain(word);
}

/**
 * Below this share of its writing area filled, a page that is not the last one was cut short without need: a forced
 * break before the forces left a quarter of page 1 blank on some samples, and this is what catches that.
 */
const LEAST_FILL = 0.75;

/**
 * How far down its writing area (inside the margins, so the footer does not count) each page of a PDF is inked, as
 * a share of that area, read from the page images.
 */
function pageFills(pdf: string): number[] {
  const heightPt = Number(/Page size:\s+[\d.]+ x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
  const marginShare = PAGE_MARGIN_MM / ((heightPt / 72) * 25.4);
  const prefix = `${pdf}-fill`;
  execFileSync('pdftoppm', ['-gray', '-r', '24', pdf, prefix]);
  const images = readdirSync(path.dirname(pdf))
    .filter((f) => f.startsWith(path.basename(prefix) + '-') && f.endsWith('.pgm'))
    .sort();
  return images.map((name) => {
    const file = path.join(path.dirname(pdf), name);
    const data = readFileSync(file);
    rmSync(file);
    const head = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(data.toString('latin1', 0, 40))!;
    const [w, h, offset] = [Number(head[1]), Number(head[2]), head[0].length];
    const top = Math.round(h * marginShare);
    const bottom = h - top;
    let last = top;
    for (let y = top; y < bottom; y++) {
      for (let x = 0; x < w; x++) {
        if (data[offset + y * w + x]! < 200) {
          last = y + 1;
          break;
        }
      }
    }
    return (last - top) / (bottom - top);
  });
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The sheet's section and subsection headings as printed words. */
function headingsOf(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>(.*?)<\/h[23]>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!));
}

/** No page but the last is left mostly empty, and every heading of the sheet is in the PDF. */
function expectPagesUsed(pdf: string, scenario: Scenario, paper: Paper): void {
  const fills = pageFills(pdf);
  expect(fills.length).toBeGreaterThanOrEqual(2);
  fills.slice(0, -1).forEach((fill, i) => {
    expect(fill, `${paper} page ${i + 1} of ${fills.length} is only ${Math.round(fill * 100)}% filled`).toBeGreaterThanOrEqual(LEAST_FILL);
  });
  const text = pdfText(pdf);
  const headings = headingsOf(renderSheet(scenario, { paper, appVersion: 'test' }));
  for (const h of ['Forces', 'Game', 'Turn track', 'Victory', 'Terrain key']) expect(headings).toContain(h);
  for (const h of headings) expectName(text, h);
}

// bin/adc.js runs the compiled CLI: the global setup (tests/setup/global-setup.ts) has built dist/ where it was stale.
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'adc-print-'));
  mkdirSync(sheets, { recursive: true });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('adc print on every bundled scenario', () => {
  for (const file of scenarioFiles) {
    it(`prints ${file} to a PDF with its title, terrain, forces and rules`, () => {
      const scenario = JSON.parse(readFileSync(path.join(samples, file), 'utf8')) as Scenario;
      const base = file.replace(/\.scenario\.json$/, '');
      const pdf = path.join(work, `${base}.pdf`);
      const run = adc('print', path.join(samples, file), '-o', pdf);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Wrote');
      expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

      const text = pdfText(pdf);
      expectName(text, scenario.title);
      for (const f of scenario.terrain) if (f.name) expectName(text, f.name);
      for (const side of scenario.sides) {
        expectName(text, side.name);
        for (const u of unitsOf(side.army)) expectName(text, u.name);
      }
      for (const rule of scenario.specialRules ?? []) expectName(text, rule);

      const prefix = path.join(work, base);
      execFileSync('pdftoppm', ['-png', '-r', '50', pdf, prefix]);
      const pages = readdirSync(work).filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png')).sort();
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) expect(readFileSync(path.join(work, page)).subarray(1, 4).toString()).toBe('PNG');
      for (const page of pages.slice(0, 2)) copyFileSync(path.join(work, page), path.join(sheets, page));
      expectPagesUsed(pdf, scenario, 'a4');
    }, 120_000);
  }

  it('fills every page but the last on US Letter too, for every sample', async () => {
    // One browser for every sample, each sheet in a fresh context as renderPdf prints it: a launch per sheet cost more
    // than the sheet. `adc print` itself, with its own browser, is what the tests above and below run.
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      for (const file of scenarioFiles) {
        const scenario = JSON.parse(readFileSync(path.join(samples, file), 'utf8')) as Scenario;
        const pdf = path.join(work, `${file.replace(/\.scenario\.json$/, '')}-letter.pdf`);
        writeFileSync(pdf, await pdfInBrowser(browser, renderSheet(scenario, { paper: 'letter', appVersion: 'test' }), 'letter'));
        expectPagesUsed(pdf, scenario, 'letter');
      }
    } finally {
      await browser.close();
    }
  }, 300_000);
});

describe('adc print options and failures', () => {
  const sample = path.join(samples, scenarioFiles.find((f) => f.startsWith('se-01')) ?? scenarioFiles[0]!);

  it('prints on US Letter', () => {
    const pdf = path.join(work, 'letter.pdf');
    const run = adc('print', sample, '-o', pdf, '--paper', 'letter');
    expect(run.status).toBe(0);
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+612(\.\d+)? x 792(\.\d+)? pts \(letter\)/);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdf, path.join(work, 'letter')]);
    copyFileSync(path.join(work, 'letter-1.png'), path.join(sheets, 'letter-1.png'));
  }, 120_000);

  it('prints A4 by default', () => {
    const pdf = path.join(work, 'a4.pdf');
    expect(adc('print', sample, '-o', pdf).status).toBe(0);
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/);
  }, 120_000);

  it('writes the same sheet as self-contained HTML with -o x.html', () => {
    const html = path.join(work, 'sheet.html');
    const run = adc('print', sample, '-o', html);
    expect(run.status).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text.startsWith('<!doctype html>')).toBe(true);
    expect(text).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(text).toContain('Hold the Bridge at Moosdorf');
    expect(text).not.toMatch(/<script/i);
  });

  it('prints text that looks like HTML as text, and warns about a draft with errors', () => {
    const scenario = JSON.parse(readFileSync(sample, 'utf8')) as Scenario;
    scenario.title = 'Bread & <script>alert(1)</script> Butter';
    scenario.specialRules = ['Nobody may cross <b>the river</b> & live.'];
    scenario.sides[0].army.units = [{ id: 'x-1', name: 'The <i>Invisible</i> & Co', arm: 'infantry', type: 'line' }];
    (scenario as { turns: unknown }).turns = { limit: 'soon' };
    const file = path.join(work, 'hostile.scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const pdf = path.join(work, 'hostile.pdf');
    const run = adc('print', file, '-o', pdf);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^warning: .*has \d+ errors?; the sheet is printed anyway/);
    const text = pdfText(pdf);
    expect(text).toContain('Bread & <script>alert(1)</script> Butter');
    expect(text).toContain('Nobody may cross <b>the river</b> & live.');
    expect(text).toContain('The <i>Invisible</i> & Co');
  }, 120_000);

  it('exits 2 for a missing file and for usage errors', () => {
    const missing = adc('print', path.join(work, 'nope.scenario.json'), '-o', path.join(work, 'nope.pdf'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(existsSync(path.join(work, 'nope.pdf'))).toBe(false);
    expect(adc('print', sample).status).toBe(2);
    expect(adc('print', sample, '-o', path.join(work, 'x.pdf'), '--paper', 'a3').status).toBe(2);
    expect(adc('print', sample, '-o', path.join(work, 'x.txt')).status).toBe(2);
  });

  it('exits 1 for an army list, with a message', () => {
    const army = readdirSync(samples).find((f) => f.endsWith('.army.json'))!;
    const run = adc('print', path.join(samples, army), '-o', path.join(work, 'army.pdf'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/army list.*prints scenarios/);
    expect(existsSync(path.join(work, 'army.pdf'))).toBe(false);
  });

  it('exits 1 when the PDF cannot be written, and says why', () => {
    const run = adc('print', sample, '-o', path.join(work, 'no-such-folder', 'x.pdf'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Cannot write .*x\.pdf: the folder does not exist/);
  }, 120_000);

  it('names the paths it tried when no browser can be found', () => {
    const r = spawnSync(process.execPath, [path.join(root, 'bin/adc.js'), 'print', sample, '-o', path.join(work, 'nb.pdf')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ADC_CHROMIUM: path.join(work, 'no-browser-here') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no-browser-here');
    expect(r.stderr).toContain('ADC_CHROMIUM');
  });
});
