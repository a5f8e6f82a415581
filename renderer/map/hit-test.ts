// What is under a screen point of the map, read off Konva's hit canvas: the transformer, a corner or midpoint
// handle (named `vertex:…` and `mid:…`), or the clickable element a shape belongs to (named by its JSON Pointer).
// Gestures (gestures.ts) and drops from the unit lists both ask here, so the two agree on what a point hits.
import Konva from 'konva';
import type { Point } from '../../domain/model.js';
import type { Hit } from './gestures.js';

/** The JSON Pointer of the clickable element a Konva node belongs to: its own name, or its nearest named parent's. */
function pointerOf(node: Konva.Node | null): string | null {
  for (let n: Konva.Node | null = node; n; n = n.getParent()) {
    const name = n.name();
    if (name.startsWith('/')) return name;
  }
  return null;
}

function inTransformer(node: Konva.Node | null): boolean {
  for (let n: Konva.Node | null = node; n; n = n.getParent()) if (n instanceof Konva.Transformer) return true;
  return false;
}

/** The hit at `screen`; an element on a locked layer is not there for the pointer. */
export function hitTest(stage: Konva.Stage | null, screen: Point, isLocked: (pointer: string) => boolean): Hit {
  const shape = stage?.getIntersection({ x: screen[0], y: screen[1] }) ?? null;
  if (!shape) return null;
  if (inTransformer(shape)) return { kind: 'transformer' };
  const name = shape.name();
  if (name.startsWith('vertex:')) return { kind: 'vertex', vertex: name.slice(7) };
  if (name.startsWith('mid:')) {
    const [, points, after] = name.split(':');
    return { kind: 'mid', points: points!, after: Number(after) };
  }
  const pointer = pointerOf(shape);
  if (pointer === null || isLocked(pointer)) return null;
  return { kind: 'item', pointer };
}
