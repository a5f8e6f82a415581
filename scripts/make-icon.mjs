#!/usr/bin/env node
// Draws the app's emblem (a compass star inside a laurel wreath, on a navy tile) from one list of shapes, and writes
// it twice: build/icon.svg, and build/icon.png at 512×512 through a small anti-aliased rasteriser. Node built-ins only.
//   node scripts/make-icon.mjs [outDir]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const C = 256;
const rad = (deg) => (deg * Math.PI) / 180;

const NAVY = '#1d2b45';
const GOLD = '#c9a34a';
const GOLD_DARK = '#9c7a30';
const LEAF_OUT = '#d6b65e';
const LEAF_IN = '#b08c3c';
const CREAM = '#f1e6c6';
const RED = '#c8443a';
const RED_DARK = '#8e2a23';

/** @type {Array<Record<string, any>>} painted in order */
const shapes = [];
shapes.push({ kind: 'roundrect', x: 16, y: 16, w: 480, h: 480, r: 96, fill: NAVY });
shapes.push({ kind: 'ring', cx: C, cy: C, r: 142, width: 3, fill: GOLD_DARK });

// Laurel: two branches on an arc, leaves alternating outside and inside, tilted the way the branch grows.
const R = 182;
const WCY = 262;
function branch(from, to, step, dir) {
  const stem = [];
  const n = Math.round(Math.abs(to - from) / 2);
  for (let i = 0; i <= n; i++) {
    const a = rad(from + ((to - from) * i) / n);
    stem.push([C + (R - 2.5) * Math.cos(a), WCY + (R - 2.5) * Math.sin(a)]);
  }
  for (let i = n; i >= 0; i--) {
    const a = rad(from + ((to - from) * i) / n);
    stem.push([C + (R + 2.5) * Math.cos(a), WCY + (R + 2.5) * Math.sin(a)]);
  }
  shapes.push({ kind: 'poly', points: stem, fill: GOLD_DARK });
  let outer = true;
  for (let t = from + step / 2; dir > 0 ? t < to : t > to; t += step) {
    const growth = t + 90 * dir;
    const r = outer ? R + 13 : R - 13;
    const tilt = outer ? -30 * dir : 30 * dir;
    shapes.push({
      kind: 'ellipse',
      cx: C + r * Math.cos(rad(t)),
      cy: WCY + r * Math.sin(rad(t)),
      rx: 21,
      ry: 8,
      rot: growth + tilt,
      fill: outer ? LEAF_OUT : LEAF_IN,
    });
    outer = !outer;
  }
  // A leaf at the tip, pointing on.
  const tip = rad(to);
  shapes.push({ kind: 'ellipse', cx: C + R * Math.cos(tip), cy: WCY + R * Math.sin(tip), rx: 20, ry: 7.5, rot: to + 90 * dir, fill: LEAF_OUT });
}
branch(104, 246, 11, 1);
branch(76, -66, -11, -1);

// Compass star: diagonals under cardinals; each point a light and a dark half. North in red.
function point(angleDeg, length, halfBase, light, dark) {
  const a = rad(angleDeg);
  const tip = [C + length * Math.cos(a), C + length * Math.sin(a)];
  const left = [C + halfBase * Math.cos(a - Math.PI / 4), C + halfBase * Math.sin(a - Math.PI / 4)];
  const right = [C + halfBase * Math.cos(a + Math.PI / 4), C + halfBase * Math.sin(a + Math.PI / 4)];
  shapes.push({ kind: 'poly', points: [tip, [C, C], left], fill: light });
  shapes.push({ kind: 'poly', points: [tip, [C, C], right], fill: dark });
}
for (const a of [-45, 45, 135, 225]) point(a, 80, 20, GOLD, GOLD_DARK);
for (const a of [0, 90, 180]) point(a, 128, 27, CREAM, GOLD);
point(-90, 132, 27, RED, RED_DARK);
shapes.push({ kind: 'circle', cx: C, cy: C, r: 15, fill: NAVY });
shapes.push({ kind: 'circle', cx: C, cy: C, r: 8, fill: GOLD });

// ---- SVG ----
const f = (n) => Number(n.toFixed(2));
function toSvg() {
  const body = shapes.map((s) => {
    switch (s.kind) {
      case 'roundrect':
        return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${s.fill}"/>`;
      case 'circle':
        return `<circle cx="${f(s.cx)}" cy="${f(s.cy)}" r="${s.r}" fill="${s.fill}"/>`;
      case 'ring':
        return `<circle cx="${f(s.cx)}" cy="${f(s.cy)}" r="${s.r}" fill="none" stroke="${s.fill}" stroke-width="${s.width}"/>`;
      case 'poly':
        return `<polygon points="${s.points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${s.fill}"/>`;
      case 'ellipse':
        return `<ellipse cx="${f(s.cx)}" cy="${f(s.cy)}" rx="${s.rx}" ry="${s.ry}" transform="rotate(${f(s.rot)} ${f(s.cx)} ${f(s.cy)})" fill="${s.fill}"/>`;
      default:
        throw new Error(s.kind);
    }
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    '  <title>Aide-de-Camp</title>',
    ...body.map((line) => `  ${line}`),
    '</svg>',
    '',
  ].join('\n');
}

// ---- raster ----
function bbox(s) {
  switch (s.kind) {
    case 'roundrect':
      return [s.x, s.y, s.x + s.w, s.y + s.h];
    case 'circle':
      return [s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r];
    case 'ring': {
      const r = s.r + s.width / 2;
      return [s.cx - r, s.cy - r, s.cx + r, s.cy + r];
    }
    case 'ellipse':
      return [s.cx - s.rx, s.cy - s.rx, s.cx + s.rx, s.cy + s.rx];
    case 'poly': {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
  throw new Error(s.kind);
}

function contains(s, x, y) {
  switch (s.kind) {
    case 'roundrect': {
      const qx = Math.max(s.x + s.r - x, 0, x - (s.x + s.w - s.r));
      const qy = Math.max(s.y + s.r - y, 0, y - (s.y + s.h - s.r));
      return x >= s.x && x <= s.x + s.w && y >= s.y && y <= s.y + s.h && qx * qx + qy * qy <= s.r * s.r;
    }
    case 'circle':
      return (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r * s.r;
    case 'ring': {
      const d = Math.hypot(x - s.cx, y - s.cy);
      return Math.abs(d - s.r) <= s.width / 2;
    }
    case 'ellipse': {
      const a = rad(s.rot);
      const dx = x - s.cx;
      const dy = y - s.cy;
      const u = dx * Math.cos(a) + dy * Math.sin(a);
      const v = -dx * Math.sin(a) + dy * Math.cos(a);
      return (u / s.rx) ** 2 + (v / s.ry) ** 2 <= 1;
    }
    case 'poly': {
      let inside = false;
      const p = s.points;
      for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
        const [xi, yi] = p[i];
        const [xj, yj] = p[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }
  }
  throw new Error(s.kind);
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function rasterise(size, samples = 4) {
  const scale = size / SIZE;
  const prepared = shapes.map((s) => ({ s, box: bbox(s).map((v) => v * scale), color: rgb(s.fill) }));
  const out = Buffer.alloc(size * size * 4);
  const n = samples * samples;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const here = prepared.filter(({ box }) => box[0] <= px + 1 && box[2] >= px && box[1] <= py + 1 && box[3] >= py);
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / scale;
          const y = (py + (sy + 0.5) / samples) / scale;
          for (let i = here.length - 1; i >= 0; i--) {
            if (contains(here[i].s, x, y)) {
              const [cr, cg, cb] = here[i].color;
              r += cr;
              g += cg;
              b += cb;
              a += 1;
              break;
            }
          }
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        // Colour is the average of covered samples (straight alpha); alpha is the coverage.
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
        out[o + 3] = Math.round((255 * a) / n);
      }
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(rgba, size) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build'));
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'icon.svg'), toSvg());
writeFileSync(path.join(outDir, 'icon.png'), encodePng(rasterise(SIZE), SIZE));
console.log(`wrote ${path.join(outDir, 'icon.svg')} and icon.png (${SIZE}×${SIZE})`);
