// The size of an element that may mount after the component (the map area appears only once a document is open).
// It is measured once as the element is attached, so what it sizes renders in the same commit, before the first
// paint, rather than a frame later when the ResizeObserver first reports; the observer follows every change after.
import { useCallback, useRef, useState } from 'react';

export interface Size {
  width: number;
  height: number;
}

export function useSize(): [(el: HTMLElement | null) => void, Size] {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const set = (width: number, height: number): void => {
      const w = Math.floor(width);
      const h = Math.floor(height);
      setSize((s) => (s.width === w && s.height === h ? s : { width: w, height: h }));
    };
    const box = el.getBoundingClientRect();
    set(box.width, box.height);
    const ro = new ResizeObserver(([entry]) => {
      if (entry) set(entry.contentRect.width, entry.contentRect.height);
    });
    ro.observe(el);
    observer.current = ro;
  }, []);
  return [ref, size];
}
