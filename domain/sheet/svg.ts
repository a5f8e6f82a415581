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
