// Refs that hold the value of the last committed render, for listeners and callbacks that outlive a render and must
// not be made again whenever the value changes.
import { useInsertionEffect, type RefObject } from 'react';

/**
 * Keeps `ref` at `value` as of the last commit. An insertion effect writes it, and React runs those before any layout
 * effect of the same commit, so whatever a layout effect sets off (a blur when it moves the focus, a callback it
 * calls) already reads the new value; a render that React throws away never reaches it. The ref is the caller's own
 * `useRef`, which the hooks' dependency check knows to be stable. Read it in handlers and effects, never while
 * rendering.
 */
export function useLatest<T>(ref: RefObject<T>, value: T): void {
  useInsertionEffect(() => {
    ref.current = value;
  });
}
