// The value of the last committed render, for listeners and callbacks that outlive a render and must not be made
// again whenever the value changes.
import { useInsertionEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding `value` as of the last commit. It is written by an insertion effect, which React runs before any
 * layout effect of the same commit, so whatever a layout effect sets off (a blur when it moves the focus, a callback
 * it calls) already reads the new value; a render that React throws away never reaches it. Read it in handlers and
 * effects only, never while rendering.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
