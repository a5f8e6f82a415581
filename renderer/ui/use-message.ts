// The app's one message line (a Snackbar at the foot of the window): what is on show, and when a close asked for by
// the Snackbar is honoured.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notify } from './use-document-lifecycle.js';

export interface Message {
  text: string;
  severity: 'success' | 'info' | 'error';
}

/**
 * Whether the Snackbar's request to close is honoured. A click elsewhere dismisses a message, but not the click whose
 * press raised it: a click in the map's margin says on its press why nothing was placed, and its own release would
 * otherwise take the sentence away again (a person holds the button long enough for that nearly every time).
 * Times are the page's clock (`performance.now()` and event time stamps share it).
 */
export function honoursClose(reason: string, lastPressAt: number, raisedAt: number): boolean {
  return reason !== 'clickaway' || lastPressAt > raisedAt;
}

export function useMessage(): { message: Message | null; notify: Notify; close: (reason: string) => void } {
  const [message, setMessage] = useState<Message | null>(null);
  const raisedAt = useRef(0);
  const lastPressAt = useRef(0);
  useEffect(() => {
    // Capture, so a press is noted before any handler of the page can raise a message on it.
    const pressed = (e: PointerEvent) => {
      lastPressAt.current = e.timeStamp;
    };
    document.addEventListener('pointerdown', pressed, true);
    return () => document.removeEventListener('pointerdown', pressed, true);
  }, []);
  const notify = useCallback<Notify>((text, severity) => {
    raisedAt.current = performance.now();
    setMessage({ text, severity });
  }, []);
  const close = useCallback((reason: string) => {
    if (honoursClose(reason, lastPressAt.current, raisedAt.current)) setMessage(null);
  }, []);
  return { message, notify, close };
}
