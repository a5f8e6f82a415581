// Label placement for the printed map. On paper nothing can be zoomed to pull two names apart, so each label tries a
// few spots in turn and takes the first that overlaps nothing already placed; names that must appear (terrain) take
// the least crowded spot, names that may be left out (counter labels) are dropped or shortened instead.
import { escapeHtml, num } from './escape.js';
import { el, textWidthEm } from './svg.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Label {
  text: string;
  /** Centre of the label, mm. */
  cx: number;
  cy: number;
  /** Font size, mm. */
  size: number;
  rotation?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  /** A pale plaque behind the text keeps it readable over hatching and outlines. */
  plaque?: boolean;
}

const PAD = 0.35;

export function labelSize(text: string, size: number, bold = false): { w: number; h: number } {
  return { w: textWidthEm(text, bold) * size + 2 * PAD, h: size * 1.12 + 2 * PAD * 0.6 };
}

export function labelBox(l: Label): Box {
  const { w, h } = labelSize(l.text, l.size, l.bold);
  const r = ((l.rotation ?? 0) * Math.PI) / 180;
  const hw = Math.abs((w / 2) * Math.cos(r)) + Math.abs((h / 2) * Math.sin(r));
  const hh = Math.abs((w / 2) * Math.sin(r)) + Math.abs((h / 2) * Math.cos(r));
  return { x0: l.cx - hw, y0: l.cy - hh, x1: l.cx + hw, y1: l.cy + hh };
}

export function boxOverlap(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

function outside(box: Box, bounds: Box): number {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const inW = Math.max(0, Math.min(box.x1, bounds.x1) - Math.max(box.x0, bounds.x0));
  const inH = Math.max(0, Math.min(box.y1, bounds.y1) - Math.max(box.y0, bounds.y0));
  return w * h - inW * inH;
}

export class LabelPlacer {
  private readonly placed: { label: Label; box: Box }[] = [];
  private readonly obstacles: Box[] = [];

  constructor(private readonly bounds: Box) {}

  /** Something drawn that labels should keep off (a counter, an objective marker) but that is not a label. */
  addObstacle(box: Box): void {
    this.obstacles.push(box);
  }

  private score(box: Box): number {
    let s = outside(box, this.bounds) * 8;
    for (const p of this.placed) s += boxOverlap(box, p.box) * 3;
    for (const o of this.obstacles) s += boxOverlap(box, o);
    return s;
  }

  /** True when `label` could go here without touching anything. */
  fits(label: Label): boolean {
    return this.score(labelBox(label)) === 0;
  }

  /**
   * Places the first candidate that touches nothing. A required label falls back to the least crowded candidate;
   * an optional one is left out (null).
   */
  place(candidates: readonly Label[], required: boolean): Label | null {
    let best: { label: Label; box: Box; score: number } | null = null;
    for (const label of candidates) {
      if (!label.text) continue;
      const box = labelBox(label);
      const score = this.score(box);
      if (score === 0) {
        this.placed.push({ label, box });
        return label;
      }
      if (!best || score < best.score) best = { label, box, score };
    }
    if (required && best) {
      this.placed.push({ label: best.label, box: best.box });
      return best.label;
    }
    return null;
  }

  render(defaultColor: string, plaqueFill: string): string {
    return this.placed.map(({ label }) => renderLabel(label, defaultColor, plaqueFill)).join('');
  }
}

export function renderLabel(l: Label, defaultColor: string, plaqueFill: string): string {
  const { w, h } = labelSize(l.text, l.size, l.bold);
  const rotation = l.rotation ? ` rotate(${num(l.rotation)})` : '';
  const plaque =
    l.plaque === false ? '' : el('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: Math.min(0.8, h / 3), fill: plaqueFill });
  const text = el(
    'text',
    {
      x: 0,
      // The plaque is centred on the em box; a baseline 0.35 em below the centre puts the letters in its middle.
      y: l.size * 0.35,
      'text-anchor': 'middle',
      'font-size': l.size,
      'font-weight': l.bold ? 'bold' : undefined,
      'font-style': l.italic ? 'italic' : undefined,
      fill: l.color ?? defaultColor,
    },
    escapeHtml(l.text),
  );
  return `<g transform="translate(${num(l.cx)} ${num(l.cy)})${rotation}">${plaque}${text}</g>`;
}
