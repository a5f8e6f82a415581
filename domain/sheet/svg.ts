// Small builders for SVG markup. Coordinates are millimetres on paper; every attribute value passes through `num`
// or `escapeHtml`, so nothing a user typed can become markup.
import type { Point } from '../model.js';
import { escapeHtml, num } from './escape.js';

export type Attrs = Record<string, string | number | undefined | null | false>;

export function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? num(v) : escapeHtml(v)}"`;
  }
  return out;
}

export function el(name: string, a: Attrs, children = ''): string {
  return children === '' ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${children}</${name}>`;
}

/** SVG path data for polylines in paper millimetres; `close` closes each one. */
export function pathData(lines: readonly (readonly Point[])[], close = false): string {
  let d = '';
  for (const line of lines) {
    line.forEach((p, i) => {
      d += `${i === 0 ? 'M' : 'L'}${num(p[0])} ${num(p[1])}`;
    });
    if (close && line.length > 0) d += 'Z';
  }
  return d;
}

/** A five-pointed star centred on (x, y): the objective marker. */
export function starPoints(x: number, y: number, outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${num(x + r * Math.cos(a))},${num(y + r * Math.sin(a))}`);
  }
  return pts.join(' ');
}

// Advance widths of the map's serif face (Times metrics, shared by Georgia's stand-ins Liberation Serif and DejaVu
// Serif closely enough), in thousandths of an em.
const SERIF_WIDTHS: Record<string, number> = {
  a: 444, b: 500, c: 444, d: 500, e: 444, f: 333, g: 500, h: 500, i: 278, j: 278, k: 500, l: 278, m: 778,
  n: 500, o: 500, p: 500, q: 500, r: 333, s: 389, t: 278, u: 500, v: 500, w: 722, x: 500, y: 500, z: 444,
  A: 722, B: 667, C: 667, D: 722, E: 611, F: 556, G: 722, H: 722, I: 333, J: 389, K: 722, L: 611, M: 889,
  N: 722, O: 722, P: 556, Q: 722, R: 667, S: 556, T: 611, U: 722, V: 722, W: 944, X: 722, Y: 722, Z: 611,
  ' ': 250, '.': 250, ',': 250, ':': 278, ';': 278, '-': 333, "'": 180, '’': 333, '(': 333, ')': 333, '/': 278,
  '″': 400, '…': 1000, '&': 778, '+': 564, '!': 333, '?': 444,
};

/**
 * Width of a label in em. The sheet is built without a DOM to measure text, so this uses the face's metrics with a
 * small allowance (Georgia, where installed, runs wider than Times); erring wide only costs a little space.
 */
export function textWidthEm(text: string, bold = false): number {
  let w = 0;
  for (const ch of text) {
    const base = ch.normalize('NFD').charAt(0);
    w += SERIF_WIDTHS[ch] ?? SERIF_WIDTHS[base] ?? (/[0-9]/.test(ch) ? 500 : 560);
  }
  return (w / 1000) * (bold ? 1.1 : 1.03);
}
