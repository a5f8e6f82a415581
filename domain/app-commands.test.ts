import { describe, expect, it } from 'vitest';
import {
  APP_COMMANDS,
  APP_COMMAND_IDS,
  BROWSER_KEEPS,
  COMMAND_GROUPS,
  DESKTOP_COMMANDS,
  browserKeeps,
  commandKeys,
  isTypingKey,
  normalChord,
  parseChord,
  toAccelerator,
  type Platform,
} from './app-commands.js';
import { MENU_COMMANDS } from './host-api.js';

const PLATFORMS: Platform[] = ['mac', 'windows', 'linux'];
const everyCommand = [...Object.entries(APP_COMMANDS), ...Object.entries(DESKTOP_COMMANDS)];

describe('the table of commands', () => {
  it('has one entry for each menu command, in a known group', () => {
    expect(APP_COMMAND_IDS.sort()).toEqual([...MENU_COMMANDS].sort());
    for (const [id, c] of everyCommand) expect(COMMAND_GROUPS, id).toContain(c.group);
  });

  it('writes every shortcut in the notation, each once', () => {
    for (const [id, c] of everyCommand) {
      for (const p of PLATFORMS) {
        const keys = commandKeys(c, p);
        for (const k of keys) expect(() => parseChord(k), `${id}: ${k}`).not.toThrow();
        expect(new Set(keys.map(normalChord)).size, id).toBe(keys.length);
      }
    }
  });

  it('gives no two commands the same shortcut on any platform', () => {
    for (const p of PLATFORMS) {
      const owner = new Map<string, string>();
      for (const [id, c] of everyCommand) {
        for (const k of commandKeys(c, p)) {
          const n = normalChord(k);
          expect(owner.get(n), `${n} on ${p} is ${owner.get(n)}'s and ${id}'s`).toBeUndefined();
          owner.set(n, id);
        }
      }
      expect(owner.size).toBeGreaterThan(10);
    }
  });

  it('leaves no command with a shortcut only a browser keeps, so the web shell always has one', () => {
    let kept = 0;
    for (const [id, c] of Object.entries(APP_COMMANDS)) {
      for (const p of PLATFORMS) {
        const keys = commandKeys(c, p);
        if (!keys.some(browserKeeps)) continue;
        kept++;
        expect(keys.filter((k) => !browserKeeps(k)).length, `${id} on ${p}`).toBeGreaterThan(0);
      }
    }
    // New's Ctrl+N is the case the rule exists for.
    expect(kept).toBeGreaterThan(0);
    expect(browserKeeps('Mod+N')).toBe(true);
    expect(browserKeeps('Mod+Alt+N')).toBe(false);
    for (const k of BROWSER_KEEPS) expect(() => parseChord(k), k).not.toThrow();
  });

  it('keeps Ctrl+Y for redo off the Mac only', () => {
    expect(commandKeys(APP_COMMANDS.redo, 'windows')).toContain('Mod+Y');
    expect(commandKeys(APP_COMMANDS.redo, 'mac')).not.toContain('Mod+Y');
  });
});

describe('shortcuts', () => {
  it('reads modifiers in any order and writes them in one', () => {
    expect(parseChord('Shift+Mod+S')).toEqual({ mod: true, ctrl: false, alt: false, shift: true, key: 'S' });
    expect(normalChord('Shift+Mod+S')).toBe('Mod+Shift+S');
    expect(normalChord('Alt+Mod+N')).toBe(normalChord('Mod+Alt+N'));
    expect(parseChord('Mod++').key).toBe('+');
    expect(parseChord('+')).toEqual({ mod: false, ctrl: false, alt: false, shift: false, key: '+' });
  });

  it('says what is wrong with a shortcut it cannot read', () => {
    expect(() => parseChord('Cmd+S')).toThrow('Shortcut "Cmd+S": "Cmd" is not a modifier');
    expect(() => parseChord('Mod+s')).toThrow('"s" is not a key');
    expect(() => parseChord('Shift+Shift+A')).toThrow('names Shift twice');
    expect(() => parseChord('Mod+F13')).toThrow('"F13" is not a key');
  });

  it('turns shortcuts into Electron accelerators, except keys that type a character', () => {
    expect(toAccelerator('Mod+Shift+S')).toBe('CmdOrCtrl+Shift+S');
    expect(toAccelerator('Mod+Alt+N')).toBe('CmdOrCtrl+Alt+N');
    expect(toAccelerator('F1')).toBe('F1');
    expect(toAccelerator('Mod+,')).toBe('CmdOrCtrl+,');
    expect(toAccelerator('Alt+ArrowUp')).toBe('Alt+Up');
    expect(toAccelerator('Mod++')).toBe('CmdOrCtrl+Plus');
    expect(toAccelerator('?')).toBeNull();
    expect(isTypingKey('?')).toBe(true);
    expect(isTypingKey('Shift+?')).toBe(true);
    expect(isTypingKey('F1')).toBe(false);
    expect(isTypingKey('Mod+Z')).toBe(false);
  });
});
