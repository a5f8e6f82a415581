// Frame times of the map while panning and zooming a big table in headless Chromium (issue: map performance).
// Run through `npm run bench`; needs the built renderer and Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serializeDocument } from '../../domain/document.js';
import { generateScenario } from './generate.js';

const root = path.resolve(import.meta.dirname, '../../..');

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

export async function benchFrames(): Promise<void> {
  if (!existsSync('/usr/bin/chromium') || !existsSync(path.join(root, 'dist/renderer/index.html'))) {
    console.log('map frame times: skipped (needs /usr/bin/chromium and a built renderer: npm run build)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'adc-frames-'));
  const file = path.join(dir, 'big.scenario.json');
  writeFileSync(file, serializeDocument(generateScenario(1500, 300)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adc-frames-data-'));
  const server = spawn(process.execPath, [path.join(root, 'dist/node/web-main.js'), '--no-open', '--port', '0', file], {
    env: { ...process.env, ADC_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on('exit', () => reject(new Error('web shell exited')));
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    const canvas = page.locator('[data-testid="map-area"] canvas').first();
    await canvas.waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
    // rAF stays locked to the display rate in headless Chromium whatever the flags, so instead of frame intervals
    // this times the drawing work itself: every layer redraw and cache rebuild, summed per animation frame, while
    // real mouse drags and wheel turns pan and zoom the map.
    const hooked = await page.evaluate(`(() => {
      const K = window.Konva;
      if (!K) return false;
      const work = new Map();
      let frame = 0;
      const tick = () => { frame++; if (!window.__stopFrames) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      for (const [proto, name] of [[K.Layer.prototype, 'drawScene'], [K.Node.prototype, 'cache']]) {
        const original = proto[name];
        proto[name] = function (...args) {
          const t = performance.now();
          try { return original.apply(this, args); } finally { work.set(frame, (work.get(frame) || 0) + performance.now() - t); }
        };
      }
      window.__frameWork = work;
      window.__restartFrames = () => { work.clear(); window.__stopFrames = false; requestAnimationFrame(tick); };
      return true;
    })()`);
    if (!hooked) {
      console.log('map frame times: the page exposes no Konva');
      return;
    }
    const box = (await page.getByTestId('map-area').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // The middle button pans whatever tool is active (a left drag selects or moves things in the editor).
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 0; i < 60; i++) {
      await page.mouse.move(cx + Math.sin(i / 6) * 200, cy + Math.cos(i / 6) * 120);
      await page.waitForTimeout(20);
    }
    await page.mouse.up({ button: 'middle' });
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, i < 20 ? -100 : 100);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(300);
    const frames = await page.evaluate<number[]>('(() => { window.__stopFrames = true; return [...window.__frameWork.values()]; })()');
    if (frames.length === 0) {
      console.log('map frame times: the page exposes no Konva stage');
      return;
    }
    console.log(
      `map, 1,500 features + 300 units, pan and zoom: ${frames.length} frames drawn, drawing work median ${percentile(frames, 50).toFixed(1)} ms, p90 ${percentile(frames, 90).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(1)} ms`,
    );

    // Dragging a feature in the editor: it leaves the cached layer once and moves on the light top layer, so the
    // frames during the drag stay as cheap as panning (the re-cache at each end shows in the worst figure).
    await page.keyboard.press('0');
    await page.waitForTimeout(400);
    const from = await page.evaluate<[number, number] | null>('window.__adcMap ? window.__adcMap.toScreen([1.5, 1]) : null');
    if (from) {
      await page.evaluate('window.__restartFrames()');
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) {
        await page.mouse.move(from[0] + i * 4, from[1] + Math.sin(i / 5) * 30);
        await page.waitForTimeout(20);
      }
      await page.mouse.up();
      await page.waitForTimeout(300);
      const drag = await page.evaluate<number[]>('(() => { window.__stopFrames = true; return [...window.__frameWork.values()]; })()');
      if (drag.length) {
        console.log(
          `map, the same table, dragging a feature: ${drag.length} frames drawn, drawing work median ${percentile(drag, 50).toFixed(1)} ms, p90 ${percentile(drag, 90).toFixed(1)} ms, worst ${Math.max(...drag).toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    server.kill();
    // The bench leaves nothing behind in the temp folder.
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    for (const d of [dir, dataDir]) rmSync(d, { recursive: true, force: true });
  }
}
