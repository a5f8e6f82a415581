// Long work spread over frames: a generator stepped for a few milliseconds once per frame, just after the frame is
// drawn, so a frame never holds more than one slice of it and the wheel, the pointer and the drawing keep their
// turn. Used for what a settled zoom re-does (the label layout, the static layer's bitmap), which on a big table
// took 20 ms to half a second in one block.

/** Milliseconds of work per frame: with the frame's own drawing it stays well inside a 60 Hz frame. */
export const SLICE_MS = 5;

export interface SlicedJob {
  /** Stops the work; `done` is never called. Safe to call more than once, or after the end. */
  cancel: () => void;
}

/**
 * Steps `steps` for `sliceMs` per frame until it returns, then calls `done` with its value. Each slice runs in a
 * task posted from the frame's callback: after the frame's drawing rather than before it.
 */
export function runInSlices<T>(steps: Iterator<unknown, T>, done: (value: T) => void, sliceMs = SLICE_MS): SlicedJob {
  let cancelled = false;
  let frame = 0;
  const channel = new MessageChannel();
  const slice = (): void => {
    if (cancelled) return;
    const until = performance.now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        channel.port1.close();
        done(step.value);
        return;
      }
      if (performance.now() >= until) break;
    }
    frame = requestAnimationFrame(() => channel.port2.postMessage(null));
  };
  channel.port1.onmessage = slice;
  frame = requestAnimationFrame(() => channel.port2.postMessage(null));
  return {
    cancel: () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      channel.port1.close();
    },
  };
}
