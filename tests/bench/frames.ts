// Frame times of the map while panning, wheel-zooming and dragging on a big table in headless Chromium (1,500
// features, 300 units). Each frame's time is all the main-thread work in it, read off a performance trace
// (frame-trace.ts), so the re-render and re-cache after a zoom settles count as much as the drawing.
// Run through `npm run bench` (or `node dist/tests/bench/run.js frames`); needs the built renderer and Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serializeDocument } from '../../domain/document.js';
import { frameWork, stats, TRACE_CATEGORIES, type FrameStats } from './frame-trace.js';
import { generateScenario } from './generate.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** The figures before this bench's targets were worked on (tests/bench/NOTES.md, "Map frames"), printed beside. */
const BEFORE: Record<string, string> = {
  pan: 'before: median 6.3–7.4, p95 12–36 ms',
  zoom: 'before: median 4.9–15, p95 85–344 ms; the round before pen.ts: p95 20–24 ms at load 5–7, CPU p95 12–13 ms at load 13',
  drag: 'before: median 6.1–6.4, p95 52–92 ms',
};

/** Frame times by the clock and by the main thread's CPU time (frame-trace.ts). */
interface Traced {
  wall: FrameStats;
  cpu: FrameStats;
}

async function traced(browser: Browser, page: Page, name: string, gesture: () => Promise<void>): Promise<Traced> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.evaluate(`performance.mark('${name}-start')`);
  await gesture();
  await page.evaluate(`performance.mark('${name}-end')`);
  const trace = await browser.stopTracing();
  return { wall: stats(frameWork(trace, `${name}-start`, `${name}-end`)), cpu: stats(frameWork(trace, `${name}-start`, `${name}-end`, 'cpu')) };
}

function line(label: string, t: Traced, before: string | undefined): void {
  const s = t.wall;
  console.log(
    `${label.padEnd(48)} ${String(s.frames).padStart(4)} frames  median ${s.p50.toFixed(1).padStart(5)} ms  p95 ${s.p95.toFixed(1).padStart(5)} ms  worst ${s.worst.toFixed(1).padStart(6)} ms  (CPU: median ${t.cpu.p50.toFixed(1)}, p95 ${t.cpu.p95.toFixed(1)}, worst ${t.cpu.worst.toFixed(1)} ms)${before ? `   (${before})` : ''}`,
  );
}

/** Starts the web shell on a document; resolves its address and a way to stop it. */
export async function startShell(file: string | null): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adc-bench-data-'));
  const args = [path.join(root, 'dist/node/web-main.js'), '--no-open', '--port', '0'];
  if (file) args.push(file);
  const server = spawn(process.execPath, args, { env: { ...process.env, ADC_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on('exit', () => reject(new Error('web shell exited')));
  });
  return {
    url,
    stop: async () => {
      server.kill();
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-frame-rate-limit', '--disable-gpu-vsync'];

export function canRunBrowser(): boolean {
  return existsSync('/usr/bin/chromium') && existsSync(path.join(root, 'dist/renderer/index.html'));
}

export async function benchFrames(): Promise<void> {
  if (!canRunBrowser()) {
    console.log('map frame times: skipped (needs /usr/bin/chromium and a built renderer: npm run build)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'adc-frames-'));
  const file = path.join(dir, 'big.scenario.json');
  writeFileSync(file, serializeDocument(generateScenario(1500, 300)));
  const shell = await startShell(file);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(shell.url);
    await page.locator('[data-testid="map-area"] canvas').first().waitFor({ timeout: 60000 });
    await page.waitForTimeout(800);
    const box = (await page.getByTestId('map-area').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // The middle button pans whatever tool is active (a left drag selects or moves things in the editor).
    const pan = await traced(browser, page, 'pan', async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down({ button: 'middle' });
      for (let i = 0; i < 60; i++) {
        await page.mouse.move(cx + Math.sin(i / 6) * 200, cy + Math.cos(i / 6) * 120);
        await page.waitForTimeout(20);
      }
      await page.mouse.up({ button: 'middle' });
      await page.waitForTimeout(100);
    });
    line('map, 1,500 features + 300 units: pan', pan, BEFORE.pan);

    // Wheel zoom as a hand does it: a few turns of the wheel, a pause in which the zoom settles and the map is made
    // sharp again at the new scale, then more. The pauses are in the figure: that is where a re-render would stutter.
    const zoom = await traced(browser, page, 'zoom', async () => {
      await page.mouse.move(cx + 80, cy - 40);
      for (let flick = 0; flick < 6; flick++) {
        for (let i = 0; i < 8; i++) {
          await page.mouse.wheel(0, flick % 3 === 2 ? 120 : -60);
          await page.waitForTimeout(25);
        }
        await page.waitForTimeout(450);
      }
    });
    line('map, the same table: wheel zoom, settling between', zoom, BEFORE.zoom);

    // Dragging a feature in the editor: it leaves the cached layer once and moves on the light top layer.
    await page.keyboard.press('0');
    await page.waitForTimeout(600);
    const from = await page.evaluate<[number, number] | null>('window.__adcMap ? window.__adcMap.toScreen([1.5, 1]) : null');
    if (from) {
      const drag = await traced(browser, page, 'drag', async () => {
        await page.mouse.move(from[0], from[1]);
        await page.mouse.down();
        for (let i = 1; i <= 40; i++) {
          await page.mouse.move(from[0] + i * 4, from[1] + Math.sin(i / 5) * 30);
          await page.waitForTimeout(20);
        }
        await page.mouse.up();
        // Long enough for a drop whose work is spread over later tasks (its render, re-cache, hit canvas) to be in
        // the figure whole, even on a loaded machine: 400 ms left some of it out.
        await page.waitForTimeout(1500);
      });
      line('map, the same table: dragging a feature', drag, BEFORE.drag);
    }
  } finally {
    await browser.close();
    await shell.stop();
    // The bench leaves nothing behind in the temp folder.
    rmSync(dir, { recursive: true, force: true });
  }
}
