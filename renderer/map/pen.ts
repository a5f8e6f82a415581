// What the static layer's drawing reads from the settled zoom: one screen pixel in inches and the label layout made
// for that zoom. It is a mutable object the shapes read when they are drawn, not a React prop: a settled zoom then
// re-renders no component (re-rendering ~1,800 Konva nodes took 35–150 ms in one block, since react-konva commits
// the Stage's tree synchronously). Canvas-drawn marks read `pen` inside their draw functions; Konva's own shapes
// whose sizes are in screen pixels (hairlines, dashes, hit widths, markers) carry a `penAttrs` function, and
// `applyPen` sets what it returns: after a render for the nodes it made or changed, and after a zoom child by child
// as the sliced re-cache reaches them (sliced-cache.ts), while the old bitmap stays on show.
import type Konva from 'konva';
import type { SceneLabels } from '../../domain/map/labels.js';

export interface Pen {
  /** Screen pixels per inch the layer is drawn for. */
  scale: number;
  /** One screen pixel in inches: 1 / scale. */
  k: number;
  /** The label layout made at `scale` (positions in pixels at that scale). */
  labels: SceneLabels;
  /** Bumped by every change, so `applyPen` knows which nodes are behind. */
  version: number;
}

/** A Konva node's attributes that depend on the pen; set as the node's `penAttrs` attribute. */
export type PenAttrs = (pen: Pen) => Konva.NodeConfig;

let versions = 0;

export function makePen(scale: number, labels: SceneLabels): Pen {
  return { scale, k: 1 / scale, labels, version: ++versions };
}

/** Points `pen` at a new zoom and layout; false when it is already there. */
export function setPen(pen: Pen, scale: number, labels: SceneLabels): boolean {
  if (pen.scale === scale && pen.labels === labels) return false;
  pen.scale = scale;
  pen.k = 1 / scale;
  pen.labels = labels;
  pen.version = ++versions;
  return true;
}

interface Applied {
  _penFn?: PenAttrs;
  _penVersion?: number;
}

/**
 * Sets the pen's attributes on `node` and every node under it that carries `penAttrs`, skipping those already set
 * from the same function at the same pen version (an edit re-renders a few items; the rest are left alone).
 */
export function applyPen(node: Konva.Node, pen: Pen): void {
  const fn = (node.attrs as { penAttrs?: PenAttrs }).penAttrs;
  if (fn) {
    const n = node as Konva.Node & Applied;
    if (n._penFn !== fn || n._penVersion !== pen.version) {
      node.setAttrs(fn(pen));
      n._penFn = fn;
      n._penVersion = pen.version;
    }
  }
  const children = (node as Konva.Container).children;
  if (children) for (const child of children) applyPen(child, pen);
}
