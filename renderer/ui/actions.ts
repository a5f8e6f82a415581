// The application's commands as the renderer sees them: the one table (domain/app-commands.ts) bound to what runs
// them, read by the global key handler, the toolbar's tooltips and the shortcut sheet. Which key is whose, and how a
// key is written on this platform, are decided here by pure functions, tested without a browser.
import { useEffect } from 'react';
import {
  APP_COMMANDS,
  APP_COMMAND_IDS,
  browserKeeps,
  commandKeys,
  isTypingKey,
  parseChord,
  toAccelerator,
  type AppCommandId,
  type Platform,
} from '../../domain/app-commands.js';

export type Shell = 'electron' | 'web';

/** What a key handler reads of a KeyboardEvent. */
export interface KeyPress {
  key: string;
  /** The physical key (`KeyN`), for a letter typed with Alt, which on a Mac types another character. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** AltGr, which on Windows arrives as Ctrl+Alt while typing a character. */
  altGraph?: boolean;
}

export function currentPlatform(): Platform {
  const p = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/.test(p) ? 'mac' : /Win/.test(p) ? 'windows' : 'linux';
}

/** True when a key press is the shortcut `text` on `platform`. */
export function matchesChord(e: KeyPress, text: string, platform: Platform): boolean {
  const c = parseChord(text);
  const ctrl = platform === 'mac' ? c.ctrl : c.mod || c.ctrl;
  const meta = platform === 'mac' && c.mod;
  if (e.ctrlKey !== ctrl || e.metaKey !== meta || e.altKey !== c.alt) return false;
  if (c.key.length > 1) return e.key === c.key && e.shiftKey === c.shift;
  if (/[A-Z0-9]/.test(c.key)) {
    if (e.shiftKey !== c.shift) return false;
    // The character where it is a plain one; the physical key where the layout or Alt typed something else (ы, ¬).
    return /^[\x21-\x7e]$/.test(e.key) ? e.key.toUpperCase() === c.key : e.code === `Key${c.key}` || e.code === `Digit${c.key}`;
  }
  // A character says Shift by what it is (`?` is Shift+/ on one layout and not on another).
  return e.key === c.key && (e.shiftKey || !c.shift);
}

export interface KeyContext {
  shell: Shell;
  platform: Platform;
  /** Focus is in a text field, where a key that types a character must type it. */
  inText: boolean;
}

/**
 * The command a key press asks for, or null. On the desktop the menu's accelerators take their keys before the page
 * sees them, so the page answers only the keys that are no accelerator (those that type a character).
 */
export function commandForKey(e: KeyPress, ctx: KeyContext): AppCommandId | null {
  if (e.altGraph) return null;
  for (const id of APP_COMMAND_IDS) {
    for (const k of commandKeys(APP_COMMANDS[id], ctx.platform)) {
      if (!matchesChord(e, k, ctx.platform)) continue;
      if (ctx.shell === 'electron' && toAccelerator(k) !== null) return null;
      if (ctx.inText && isTypingKey(k)) return null;
      return id;
    }
  }
  return null;
}

const MAC_SYMBOLS: Record<string, string> = { mod: '⌘', ctrl: '⌃', alt: '⌥', shift: '⇧' };
const KEY_NAMES: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc', Delete: 'Del', ' ': 'Space' };

/** A shortcut as people write it on this platform: `Ctrl+Shift+S`, or `⇧⌘S` on a Mac. */
export function formatChord(text: string, platform: Platform): string {
  const c = parseChord(text);
  const key = KEY_NAMES[c.key] ?? c.key;
  if (platform === 'mac') return `${c.ctrl ? MAC_SYMBOLS.ctrl : ''}${c.alt ? MAC_SYMBOLS.alt : ''}${c.shift ? MAC_SYMBOLS.shift : ''}${c.mod ? MAC_SYMBOLS.mod : ''}${key}`;
  return [(c.mod || c.ctrl) && 'Ctrl', c.alt && 'Alt', c.shift && 'Shift', key].filter(Boolean).join('+');
}

/** The shortcuts of a command that work in this shell, first the one to show; the ones a browser keeps are left out of the web shell's. */
export function usableKeys(id: AppCommandId, shell: Shell, platform: Platform): string[] {
  return commandKeys(APP_COMMANDS[id], platform).filter((k) => shell === 'electron' || !browserKeeps(k));
}

/** The key to show for a command in this shell ("Ctrl+S"), or '' when it has none here. */
export function shownKey(id: AppCommandId, shell: Shell, platform: Platform): string {
  const k = usableKeys(id, shell, platform)[0];
  return k ? formatChord(k, platform) : '';
}

/** " (Ctrl+S)" for a tooltip, or nothing for a command without a key in this shell. */
export function keyHint(id: AppCommandId, shell: Shell, platform: Platform): string {
  const k = shownKey(id, shell, platform);
  return k ? ` (${k})` : '';
}

/** A tooltip for a toolbar button: what it does, and its key. */
export function commandTooltip(id: AppCommandId, shell: Shell, platform: Platform): string {
  const c: { label: string; detail?: string } = APP_COMMANDS[id];
  return `${c.detail ?? c.label.replace(/…$/, '')}${keyHint(id, shell, platform)}`;
}

export const isTextField = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'range', 'color'].includes((t as HTMLInputElement).type)));

/**
 * The window's key handler for application commands. `veto` may keep a key from its command (test play keeps a text
 * field's own undo); a key that names a command is the application's even when the command cannot run now, so the
 * browser does not act on it instead (Ctrl+S saving the page).
 */
export function useCommandKeys(shell: Shell | null, run: (id: AppCommandId) => void, veto?: (id: AppCommandId, e: KeyboardEvent) => boolean): void {
  useEffect(() => {
    if (!shell) return;
    const platform = currentPlatform();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const id = commandForKey({ key: e.key, code: e.code, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, shiftKey: e.shiftKey, altGraph: e.getModifierState('AltGraph') }, { shell, platform, inText: isTextField(e.target) });
      if (!id || veto?.(id, e)) return;
      e.preventDefault();
      run(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shell, run, veto]);
}
