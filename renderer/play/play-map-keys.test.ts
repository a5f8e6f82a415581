import { describe, expect, it } from 'vitest';
import { PLAY_MAP_KEYS, playMapMove } from './play-map-keys.js';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) =>
  playMapMove({ key: k, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('the play map’s camera keys', () => {
  it('fits on 0 and zooms by a quarter on + and −, either key of each pair', () => {
    expect(key('0')).toEqual({ kind: 'fit' });
    expect(key('+')).toEqual({ kind: 'zoom', factor: 1.25 });
    expect(key('=')).toEqual(key('+'));
    expect(key('-')).toEqual({ kind: 'zoom', factor: 0.8 });
  });

  it('pans the view the way an arrow points (the table slides the other way), further with Shift', () => {
    expect(key('ArrowLeft')).toEqual({ kind: 'pan', dx: 60, dy: 0 });
    expect(key('ArrowDown')).toEqual({ kind: 'pan', dx: 0, dy: -60 });
    expect(key('ArrowUp', { shiftKey: true })).toEqual({ kind: 'pan', dx: 0, dy: 200 });
  });

  it('leaves chords and other keys alone: Ctrl+0 and Ctrl+− are the browser’s', () => {
    expect(key('0', { ctrlKey: true })).toBeNull();
    expect(key('-', { metaKey: true })).toBeNull();
    expect(key('z')).toBeNull();
    expect(key('Enter')).toBeNull();
  });

  it('lists every key it answers for the shortcut sheet', () => {
    const listed = PLAY_MAP_KEYS.flatMap((e) => e.keys);
    for (const k of listed) expect(key(k), k).not.toBeNull();
  });
});
