// How a label finds room on a crowded map, the same on the screen and on paper. Each label tries its spots beside
// what it names and takes the first that touches nothing; failing that it is shortened (only where the full text
// can be read on hover), then stood off at the end of a leader line; a label that must appear takes the least
// crowded spot only when all of that fails, and says so (`crowded`).
//
// Everything is in output units (screen pixels, or millimetres on paper), in which text has a known size. Boxes are
// kept in a grid of buckets, so a label is tested against its neighbours rather than every label on the table, and
// a budget of tests bounds the work on a document that piles thousands of counters on one spot.
import type { Point } from '../model.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextStyle {
  /** Font size, output units. */
  size: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
}

/** The advance width of one line of text at `size`, in output units. */
export type Measure = (text: string, size: number, bold: boolean, italic: boolean) => number;

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

const charWidths = new Map<string, number>();

function charEm(ch: string): number {
  let w = charWidths.get(ch);
  if (w === undefined) {
    const base = ch.normalize('NFD').charAt(0);
    w = (SERIF_WIDTHS[ch] ?? SERIF_WIDTHS[base] ?? (/[0-9]/.test(ch) ? 500 : 560)) / 1000;
    // Every character a document uses, once: bounded by the characters there are.
    if (charWidths.size < 65536) charWidths.set(ch, w);
  }
  return w;
}

/**
 * Width of a label in em. The sheet is built without a DOM to measure text, so this uses the face's metrics with a
 * small allowance (Georgia, where installed, runs wider than Times); erring wide only costs a little space.
 */
function textWidthEm(text: string, bold = false): number {
  let w = 0;
  for (const ch of text) w += charEm(ch);
  return w * (bold ? 1.1 : 1.03);
}

export const serifMeasure: Measure = (text, size, bold) => textWidthEm(text, bold) * size;

/** The plaque's margin around the text, as a share of the font size. */
const PAD = 0.16;

export function labelSize(width: number, size: number): { w: number; h: number } {
  return { w: width + 2 * PAD * size, h: size * 1.12 + 1.2 * PAD * size };
}

/**
 * Where a label may go: the point (x, y) and which point of the label sits on it, from -1 (left or top edge)
 * through 0 (the middle) to 1 (right or bottom edge), in the label's own frame when it is turned.
 */
export interface Spot {
  x: number;
  y: number;
  ax: number;
  ay: number;
  /** Degrees clockwise. */
  rotation?: number;
}

export interface LabelRequest {
  text: string;
  style: TextStyle;
  spots: readonly Spot[];
  /** Must appear: when nothing else works it takes the least crowded spot tried. */
  required: boolean;
  /** The fewest characters a shortened text may keep; 0 or absent never shortens. */
  shortest?: number;
  /** What the label names: the label may stand off from it at the end of a leader line. */
  owner?: Box;
  /** Carried to the result: what the label is about (a JSON Pointer). */
  ref?: string;
}

export interface PlacedLabel extends TextStyle {
  text: string;
  /** The whole text; differs from `text` when the label was shortened to fit. */
  full: string;
  cx: number;
  cy: number;
  rotation: number;
  /** The plaque, unrotated. */
  w: number;
  h: number;
  box: Box;
  /** From the edge of what it names to the edge of the label, when it stands off. */
  leader: [Point, Point] | null;
  /** Nowhere was free, and it overlaps something. */
  crowded: boolean;
  ref?: string;
}

/** No map label runs on past this: a draft's thousand-character name would only cover the table. */
export const MAX_LABEL_CHARS = 200;
/** Box visits one layout may spend; past this, labels go where they first ask or are left off. */
const MAX_TESTS = 2_000_000;
/** Buckets along the longer side of the bounds. */
const BUCKETS = 96;
/** A box spanning more buckets than this is kept in a list every query reads, rather than in each bucket. */
const MAX_SPAN = 256;

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

/** The upright box around a `w` × `h` rectangle centred on (cx, cy) and turned `rotation` degrees. */
export function turnedBox(cx: number, cy: number, w: number, h: number, rotation = 0): Box {
  const r = (rotation * Math.PI) / 180;
  const hw = Math.abs((w / 2) * Math.cos(r)) + Math.abs((h / 2) * Math.sin(r));
  const hh = Math.abs((w / 2) * Math.sin(r)) + Math.abs((h / 2) * Math.cos(r));
  return { x0: cx - hw, y0: cy - hh, x1: cx + hw, y1: cy + hh };
}

function nearestIn(box: Box, p: Point): Point {
  return [Math.max(box.x0, Math.min(box.x1, p[0])), Math.max(box.y0, Math.min(box.y1, p[1]))];
}

/** Boxes with weights, bucketed on a grid over `bounds` (boxes beyond it land in the edge buckets). */
export class BoxIndex {
  private readonly buckets = new Map<number, number[]>();
  private readonly wide: number[] = [];
  private readonly boxes: Box[] = [];
  private readonly weights: number[] = [];
  private readonly seen: number[] = [];
  private query = 0;
  private readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;

  constructor(
    private readonly bounds: Box,
    private readonly budget: { tests: number },
  ) {
    const w = Math.max(1e-6, bounds.x1 - bounds.x0);
    const h = Math.max(1e-6, bounds.y1 - bounds.y0);
    this.cell = Math.max(w, h) / BUCKETS;
    this.cols = Math.max(1, Math.ceil(w / this.cell));
    this.rows = Math.max(1, Math.ceil(h / this.cell));
  }

  private range(box: Box): [number, number, number, number] {
    const c = (v: number, n: number): number => Math.max(0, Math.min(n - 1, Math.floor(v)));
    return [
      c((box.x0 - this.bounds.x0) / this.cell, this.cols),
      c((box.y0 - this.bounds.y0) / this.cell, this.rows),
      c((box.x1 - this.bounds.x0) / this.cell, this.cols),
      c((box.y1 - this.bounds.y0) / this.cell, this.rows),
    ];
  }

  add(box: Box, weight: number): void {
    if (!(box.x1 > box.x0 && box.y1 > box.y0)) return;
    const id = this.boxes.length;
    this.boxes.push(box);
    this.weights.push(weight);
    this.seen.push(-1);
    const [i0, j0, i1, j1] = this.range(box);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > MAX_SPAN) {
      this.wide.push(id);
      return;
    }
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const key = j * this.cols + i;
        const list = this.buckets.get(key);
        if (list) list.push(id);
        else this.buckets.set(key, [id]);
      }
    }
  }

  /** The weighted area of overlap with everything in the index; Infinity once the budget is spent. */
  score(box: Box): number {
    if (this.budget.tests <= 0) return Infinity;
    const q = ++this.query;
    let s = 0;
    const test = (id: number): void => {
      // Every visit counts, a box met again in the next bucket too: the budget bounds the work, not just the tests.
      this.budget.tests--;
      if (this.seen[id] === q) return;
      this.seen[id] = q;
      s += boxOverlap(box, this.boxes[id]!) * this.weights[id]!;
    };
    for (const id of this.wide) test(id);
    const [i0, j0, i1, j1] = this.range(box);
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) for (const id of this.buckets.get(j * this.cols + i) ?? []) test(id);
    return s;
  }
}

/** Prefix widths of a text, so each shortening is measured without measuring the text again. */
function shortenings(full: string, style: TextStyle, measure: Measure, shortest: number): string[] {
  const chars = [...full];
  if (shortest <= 0 || chars.length <= shortest) return [];
  const widths: number[] = [0];
  // The measure may not be additive (kerning); the serif table is, and a shortened text is re-measured when placed.
  for (const ch of chars) widths.push(widths[widths.length - 1]! + measure(ch, style.size, !!style.bold, !!style.italic));
  const total = widths[chars.length]!;
  const ellipsis = measure('…', style.size, !!style.bold, !!style.italic);
  const out: string[] = [];
  for (const share of [0.7, 0.5, 0]) {
    const room = total * share - ellipsis;
    let n = chars.length - 1;
    while (n > shortest - 1 && widths[n]! > room) n--;
    n = Math.max(n, shortest - 1);
    const text = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (text.length < full.length && !out.includes(text)) out.push(text);
  }
  return out;
}

/** Cuts `text` to `max` characters with an ellipsis; whole when it is no longer. */
export function clampLabel(text: string, max = MAX_LABEL_CHARS): string {
  const t = text.trim();
  const chars = [...t];
  return chars.length <= max ? t : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

export class LabelPlacer {
  private readonly budget = { tests: MAX_TESTS };
  /** Things drawn that labels keep off: counters, markers, buildings. */
  readonly obstacles: BoxIndex;
  private readonly labels: BoxIndex;
  readonly placed: PlacedLabel[] = [];

  constructor(
    readonly bounds: Box,
    readonly measure: Measure = serifMeasure,
  ) {
    this.obstacles = new BoxIndex(bounds, this.budget);
    this.labels = new BoxIndex(bounds, this.budget);
  }

  addObstacle(box: Box): void {
    this.obstacles.add(box, 1);
  }

  /** Text drawn by its owner (a name inside a building or on a counter): other labels keep off it like a label. */
  reserve(box: Box): void {
    this.labels.add(box, 3);
  }

  /** True while the budget of overlap tests lasts. */
  get working(): boolean {
    return this.budget.tests > 0;
  }

  private score(box: Box): number {
    return outside(box, this.bounds) * 8 + this.labels.score(box) * 3 + this.obstacles.score(box);
  }

  private width(text: string, style: TextStyle): number {
    return this.measure(text, style.size, !!style.bold, !!style.italic);
  }

  /** Where the label `text` (measuring `width`) would be at `spot`. */
  private at(width: number, style: TextStyle, spot: Spot): Candidate {
    const { w, h } = labelSize(width, style.size);
    const rotation = spot.rotation ?? 0;
    const ox = (-spot.ax * w) / 2;
    const oy = (-spot.ay * h) / 2;
    let cx = spot.x + ox;
    let cy = spot.y + oy;
    if (rotation) {
      const r = (rotation * Math.PI) / 180;
      cx = spot.x + Math.cos(r) * ox - Math.sin(r) * oy;
      cy = spot.y + Math.sin(r) * ox + Math.cos(r) * oy;
    }
    return { cx, cy, w, h, rotation, box: turnedBox(cx, cy, w, h, rotation), leader: null };
  }

  /** The label `text` would be at `spot`, unplaced. */
  layout(text: string, style: TextStyle, spot: Spot): PlacedLabel {
    return { ...style, text, full: text, ...this.at(this.width(text, style), style, spot), crowded: false };
  }

  /** True when the label could go at `spot` without touching anything. */
  fits(text: string, style: TextStyle, spot: Spot): boolean {
    return this.score(this.at(this.width(text, style), style, spot).box) === 0;
  }

  /** True when `box` touches no obstacle (labels aside). */
  clearOfObstacles(box: Box): boolean {
    return this.obstacles.score(box) === 0;
  }

  private commit(request: LabelRequest, text: string, full: string, c: Candidate, crowded: boolean): PlacedLabel {
    const out: PlacedLabel = { ...request.style, text, full, ...c, crowded, ...(request.ref === undefined ? {} : { ref: request.ref }) };
    this.labels.add(out.box, 1);
    this.placed.push(out);
    return out;
  }

  /** Places the label by the rules at the top of this file; null when an optional label found no room. */
  place(request: LabelRequest): PlacedLabel | null {
    const full = clampLabel(request.text);
    if (!full) return null;
    const { style, spots } = request;
    const fullWidth = this.width(full, style);
    const first = spots[0];
    if (!this.working) return request.required && first ? this.commit(request, full, full, this.at(fullWidth, style, first), true) : null;
    let best: { text: string; c: Candidate; score: number } | null = null;
    // True when the candidate is free; else it is remembered if it is the least crowded so far.
    const free = (text: string, c: Candidate): boolean => {
      const score = this.score(c.box);
      if (score === 0) return true;
      if (!best || score < best.score) best = { text, c, score };
      return false;
    };
    for (const spot of spots) {
      const c = this.at(fullWidth, style, spot);
      if (free(full, c)) return this.commit(request, full, full, c, false);
    }
    const shorter = shortenings(full, style, this.measure, request.shortest ?? 0).map((text) => ({ text, width: this.width(text, style) }));
    for (const { text, width } of shorter) {
      for (const spot of spots) {
        const c = this.at(width, style, spot);
        if (free(text, c)) return this.commit(request, text, full, c, false);
      }
    }
    if (request.owner && this.working) {
      const owner = request.owner;
      for (const { text, width } of [{ text: full, width: fullWidth }, ...shorter.slice(-1)]) {
        for (const spot of standOffSpots(owner, style.size)) {
          const c = this.at(width, style, spot);
          const from = nearestIn(owner, [c.cx, c.cy]);
          c.leader = [from, nearestIn(c.box, from)];
          if (free(text, c)) return this.commit(request, text, full, c, false);
          if (!this.working) break;
        }
      }
    }
    const fallback = best as { text: string; c: Candidate; score: number } | null;
    return request.required && fallback ? this.commit(request, fallback.text, full, fallback.c, true) : null;
  }
}

interface Candidate {
  cx: number;
  cy: number;
  w: number;
  h: number;
  rotation: number;
  box: Box;
  leader: [Point, Point] | null;
}

/** Spots on rings around `owner`, nearest first, each label reaching away from it: where a leader line goes. */
function standOffSpots(owner: Box, size: number): Spot[] {
  const out: Spot[] = [];
  const cx = (owner.x0 + owner.x1) / 2;
  const cy = (owner.y0 + owner.y1) / 2;
  const hw = (owner.x1 - owner.x0) / 2;
  const hh = (owner.y1 - owner.y0) / 2;
  // Below, above, the sides, the corners, then between them: the order a reader's eye searches from a counter.
  const directions: Point[] = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, -1], [1, -1], [-1, 1]];
  directions.push(...directions.slice(4).flatMap(([dx, dy]): Point[] => [[dx, dy * 0.4], [dx * 0.4, dy]]));
  for (const d of [2.2, 4, 6.5, 10, 14]) {
    for (const [dx, dy] of directions) {
      out.push({ x: cx + dx * (hw + d * size), y: cy + dy * (hh + d * size * 0.6), ax: -Math.sign(dx), ay: -Math.sign(dy) });
    }
  }
  return out;
}

/**
 * Spots around a box, nearest first: centred below and above, beside it right and left, below and above again but
 * flush with one end of the box (a long name under a short counter reaches away from its neighbour), then the
 * corners.
 */
export function spotsAround(box: Box, gap: number): Spot[] {
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  return [
    { x: cx, y: box.y1 + gap, ax: 0, ay: -1 },
    { x: cx, y: box.y0 - gap, ax: 0, ay: 1 },
    { x: box.x1 + gap, y: cy, ax: -1, ay: 0 },
    { x: box.x0 - gap, y: cy, ax: 1, ay: 0 },
    { x: box.x1, y: box.y1 + gap, ax: 1, ay: -1 },
    { x: box.x0, y: box.y1 + gap, ax: -1, ay: -1 },
    { x: box.x1, y: box.y0 - gap, ax: 1, ay: 1 },
    { x: box.x0, y: box.y0 - gap, ax: -1, ay: 1 },
    { x: box.x1 + gap, y: box.y1, ax: -1, ay: -1 },
    { x: box.x0 - gap, y: box.y0, ax: 1, ay: 1 },
    { x: box.x1 + gap, y: box.y0, ax: -1, ay: 1 },
    { x: box.x0 - gap, y: box.y1, ax: 1, ay: -1 },
  ];
}

/** Greedy word wrap where line `i` may be `widthOf(i)` wide; null when a word fits no line it lands on. */
export function wrapLines(text: string, width: (s: string) => number, widthOf: (line: number) => number): string[] | null {
  // Hyphenated names ("Saint-Étienne") may break after the hyphen, as they would in print.
  const words = text.trim().split(/\s+/).flatMap((w) => w.split(/(?<=-)(?=[^-])/));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${line.endsWith('-') ? '' : ' '}${word}` : word;
    if (width(next) <= widthOf(lines.length)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    if (width(word) > widthOf(lines.length)) return null;
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}
