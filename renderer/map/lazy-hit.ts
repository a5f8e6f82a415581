// The static layer's hit canvas drawn only when a pointer asks what is under it. Konva redraws a layer's hit canvas
// with its picture on every draw: for the static layer that is every wheel notch and pan frame, and after a zoom
// settles it first builds the new bitmap's hit canvas from all the shapes (20–50 ms on a big table) even when
// nothing is pointed at. Here a draw only marks the hit canvas stale; `fresh()` redraws it before a hit test.
import Konva from 'konva';

export interface LazyHit {
  /** Redraws the hit canvas if any draw since the last hit test left it stale. */
  fresh: () => void;
  /** Puts Konva's own behaviour back. */
  undo: () => void;
}

export function lazyHit(layer: Konva.Layer): LazyHit {
  // Konva's own method, from the prototype: the layer gets an own property over it, which `undo` deletes.
  const drawHit = Konva.Layer.prototype.drawHit.bind(layer);
  let stale = true;
  // A draw into another canvas (`top` or `can` given: a cache, an export) is left alone.
  layer.drawHit = function (this: Konva.Layer, can?: unknown, top?: unknown): Konva.Layer {
    if (can || top) return drawHit(can as never, top as never);
    stale = true;
    return this;
  };
  return {
    fresh: () => {
      if (!stale) return;
      stale = false;
      drawHit();
    },
    undo: () => {
      delete (layer as Partial<Konva.Layer>).drawHit;
    },
  };
}
