// The test-play map's camera keys: the editor's fit, zoom and pan keys, and nothing that edits (the play map only
// shows). The shortcut sheet reads the list; GamePane answers the keys through MapView's camera handle.
import type { KeyEntry } from '../map/map-keys.js';

export const PLAY_MAP_KEYS: readonly KeyEntry[] = [
  { label: 'Fit the whole table in view', keys: ['0'] },
  { label: 'Zoom in', keys: ['+'], detail: 'Or =' },
  { label: 'Zoom out', keys: ['-'] },
  { label: 'Pan the view', keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], detail: 'Shift pans further; dragging open ground pans too' },
];

export type PlayMapMove = { kind: 'fit' } | { kind: 'zoom'; factor: number } | { kind: 'pan'; dx: number; dy: number };

/** Screen pixels an arrow pans by, and with Shift: the editor's steps. */
const PAN = 60;
const PAN_FAR = 200;

/** What a key does to the play map's camera, or null for a key it leaves alone (any with Ctrl, Alt or Meta). */
export function playMapMove(e: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): PlayMapMove | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const step = e.shiftKey ? PAN_FAR : PAN;
  // An arrow moves the view the way it points: the table slides the other way.
  switch (e.key) {
    case '0':
      return { kind: 'fit' };
    case '+':
    case '=':
      return { kind: 'zoom', factor: 1.25 };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 0.8 };
    case 'ArrowLeft':
      return { kind: 'pan', dx: step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: -step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'pan', dx: 0, dy: step };
    case 'ArrowDown':
      return { kind: 'pan', dx: 0, dy: -step };
    default:
      return null;
  }
}

/**
 * Keys typed into a field, or meant for a dialog or menu open over the play view, are theirs, not the map's. `home` is
 * an element of the play view itself (which may sit in a full-screen dialog of its own): a dialog holding it is no
 * other dialog.
 */
export function keyBelongsElsewhere(target: EventTarget | null, home: Element | null): boolean {
  const other = (el: Element | null) => !!el && !(home && el.contains(home));
  if (target instanceof HTMLElement) {
    if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
    if (other(target.closest('[role="dialog"], [role="menu"], [role="listbox"], [role="slider"]'))) return true;
  }
  return [...document.querySelectorAll('.MuiDialog-root, .MuiPopover-root')].some(other);
}
