// The map's DOM listeners, attached once to the stage's container and the window. They call through a ref to the
// latest handlers, so a re-render never detaches and re-attaches them. Pointer moves and releases are followed on
// the window, so a drag that leaves the map still ends properly.
import type Konva from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import type { Point } from '../../domain/model.js';
import { useLatest } from '../ui/use-latest.js';

export interface NativeHandlers {
  down(e: PointerEvent): void;
  move(e: PointerEvent): void;
  up(e: PointerEvent): void;
  /** The pointer left the map with no gesture under way. */
  leave(): void;
  /** A wheel turn over the map, at `anchor` in the canvas's own pixels. */
  wheel(e: WheelEvent, anchor: Point): void;
  keyUp(e: KeyboardEvent): void;
  blur(): void;
  /** True while a gesture is under way: pointer moves anywhere on the page then belong to the map. */
  busy(): boolean;
}

export function useNativeListeners(stageRef: RefObject<Konva.Stage | null>, handlers: NativeHandlers): void {
  const latest = useRef(handlers);
  useLatest(latest, handlers);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const container = stage.container();
    container.tabIndex = 0;
    container.style.outline = 'none';
    container.style.touchAction = 'none';
    const down = (e: PointerEvent) => latest.current.down(e);
    const move = (e: PointerEvent) => {
      if (latest.current.busy() || e.target === container || container.contains(e.target as Node)) latest.current.move(e);
    };
    const up = (e: PointerEvent) => latest.current.up(e);
    const leave = () => {
      if (!latest.current.busy()) latest.current.leave();
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = container.getBoundingClientRect();
      latest.current.wheel(e, [e.clientX - rect.left, e.clientY - rect.top]);
    };
    const keyUp = (e: KeyboardEvent) => latest.current.keyUp(e);
    const blur = () => latest.current.blur();
    const aux = (e: MouseEvent) => {
      // The middle button pans; it must not start the browser's autoscroll.
      if (e.button === 1) e.preventDefault();
    };
    container.addEventListener('pointerdown', down);
    container.addEventListener('mousedown', aux);
    container.addEventListener('pointerleave', leave);
    container.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    window.addEventListener('keyup', keyUp);
    window.addEventListener('blur', blur);
    return () => {
      container.removeEventListener('pointerdown', down);
      container.removeEventListener('mousedown', aux);
      container.removeEventListener('pointerleave', leave);
      container.removeEventListener('wheel', wheel);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      window.removeEventListener('keyup', keyUp);
      window.removeEventListener('blur', blur);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
