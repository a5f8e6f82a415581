// The application's keys as the renderer reads them, and the shortcut sheet built from every registry.
import { describe, expect, it } from 'vitest';
import { APP_COMMANDS, APP_COMMAND_IDS, commandKeys, normalChord, type Platform } from '../../domain/app-commands.js';
import { TABLE_KEYS, TREE_KEYS } from '../army/forces-keys.js';
import { MAP_KEYS, type KeyEntry } from '../map/map-keys.js';
import { AREA_TOOLS, LINE_TOOLS, MAP_COMMANDS, POINT_TOOLS, SCENARIO_TOOLS, SHAPE_MODES, formatShortcut } from '../map/tools.js';
import { commandForKey, commandTooltip, formatChord, keyHint, matchesChord, usableKeys, type KeyPress } from './actions.js';
import { filterSheet, shortcutSheet } from './shortcut-sheet.js';
import { PLAY_MAP_KEYS } from '../play/play-map-keys.js';

const press = (key: string, o: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...o });
const web = { shell: 'web', platform: 'linux', inText: false } as const;

describe('keys to commands', () => {
  it('finds each command by its keys in the web shell', () => {
    expect(commandForKey(press('s', { ctrlKey: true }), web)).toBe('save');
    expect(commandForKey(press('S', { ctrlKey: true, shiftKey: true }), web)).toBe('save-as');
    expect(commandForKey(press('n', { ctrlKey: true, altKey: true }), web)).toBe('new');
    expect(commandForKey(press('Z', { ctrlKey: true, shiftKey: true }), web)).toBe('redo');
    expect(commandForKey(press('y', { ctrlKey: true }), web)).toBe('redo');
    expect(commandForKey(press('F1'), web)).toBe('shortcuts');
    expect(commandForKey(press('?', { shiftKey: true }), web)).toBe('shortcuts');
    expect(commandForKey(press(',', { ctrlKey: true }), web)).toBe('settings');
    expect(commandForKey(press('F5'), web)).toBe('test-play');
    // Not the same key with another modifier.
    expect(commandForKey(press('s', { ctrlKey: true, altKey: true }), web)).toBeNull();
    expect(commandForKey(press('s'), web)).toBeNull();
    expect(commandForKey(press('F1', { shiftKey: true }), web)).toBeNull();
  });

  it('lets a text field type `?`, and AltGr type its characters', () => {
    expect(commandForKey(press('?', { shiftKey: true }), { ...web, inText: true })).toBeNull();
    expect(commandForKey(press('F1'), { ...web, inText: true })).toBe('shortcuts');
    expect(commandForKey(press('s', { ctrlKey: true }), { ...web, inText: true })).toBe('save');
    // Polish AltGr+N is ń, which Windows reports as Ctrl+Alt+N.
    expect(commandForKey(press('ń', { ctrlKey: true, altKey: true, altGraph: true, code: 'KeyN' }), { ...web, inText: true })).toBeNull();
  });

  it('leaves the desktop menu its accelerators, and answers only the keys that type', () => {
    const desktop = { ...web, shell: 'electron' } as const;
    expect(commandForKey(press('s', { ctrlKey: true }), desktop)).toBeNull();
    expect(commandForKey(press('F1'), desktop)).toBeNull();
    expect(commandForKey(press('?', { shiftKey: true }), desktop)).toBe('shortcuts');
  });

  it('reads ⌘ as the Mac’s Mod, the physical key where Option types another character, and a Cyrillic layout’s letters', () => {
    const mac = { ...web, platform: 'mac' } as const;
    expect(commandForKey(press('s', { metaKey: true }), mac)).toBe('save');
    expect(commandForKey(press('s', { ctrlKey: true }), mac)).toBeNull();
    expect(commandForKey(press('˜', { metaKey: true, altKey: true, code: 'KeyN' }), mac)).toBe('new');
    expect(commandForKey(press('y', { metaKey: true }), mac)).toBeNull();
    expect(commandForKey(press('ы', { ctrlKey: true, code: 'KeyS' }), web)).toBe('save');
    // A Latin letter is read as typed, so on another Latin layout the key's label is what counts.
    expect(matchesChord(press('a', { ctrlKey: true, code: 'KeyQ' }), 'Mod+Q', 'linux')).toBe(false);
  });
});

describe('shortcuts as people read them', () => {
  it('writes them in the platform’s way', () => {
    expect(formatChord('Mod+Shift+S', 'linux')).toBe('Ctrl+Shift+S');
    expect(formatChord('Mod+Shift+S', 'mac')).toBe('⇧⌘S');
    expect(formatChord('Mod+Alt+N', 'windows')).toBe('Ctrl+Alt+N');
    expect(formatChord('Shift+ArrowRight', 'linux')).toBe('Shift+→');
  });

  it('shows in the web shell a key the browser lets the page have', () => {
    expect(usableKeys('new', 'web', 'linux')).toEqual(['Mod+Alt+N']);
    expect(usableKeys('new', 'electron', 'linux')).toEqual(['Mod+N', 'Mod+Alt+N']);
    expect(keyHint('new', 'web', 'linux')).toBe(' (Ctrl+Alt+N)');
    expect(keyHint('new', 'electron', 'linux')).toBe(' (Ctrl+N)');
    expect(keyHint('about', 'web', 'linux')).toBe('');
    expect(commandTooltip('test-play', 'web', 'linux')).toBe(`${APP_COMMANDS['test-play'].detail} (F5)`);
    expect(commandTooltip('save', 'web', 'mac')).toBe('Save (⌘S)');
  });
});

describe('the shortcut sheet', () => {
  const rowsOf = (shell: 'web' | 'electron', platform: Platform = 'linux') => shortcutSheet(shell, platform).flatMap((s) => s.rows.map((r) => ({ ...r, section: s.title })));

  it('lists every application command with its keys, and the map’s tools and commands from their registries', () => {
    const rows = rowsOf('electron');
    for (const id of APP_COMMAND_IDS) {
      const c = APP_COMMANDS[id];
      const row = rows.find((r) => r.section === c.group && r.label === c.label.replace(/…$/, ''));
      expect(row, id).toBeDefined();
      expect(row!.keys.map((k) => k.text)).toEqual(commandKeys(c, 'linux').map((k) => formatChord(k, 'linux')));
    }
    for (const t of [...AREA_TOOLS, ...LINE_TOOLS, ...POINT_TOOLS, ...SCENARIO_TOOLS, ...SHAPE_MODES]) {
      const key = formatShortcut(t.shortcut);
      expect(rows.some((r) => r.section === 'Map: tools' && t.label.startsWith(r.label) && r.keys[0]!.text === key), t.label).toBe(true);
    }
    for (const c of Object.values(MAP_COMMANDS)) expect(rows.some((r) => r.section === 'Map: commands' && r.label === c.label), c.label).toBe(true);
    expect(rows.find((r) => r.label === 'Quit')?.keys.map((k) => k.text)).toEqual(['Ctrl+Q']);
    expect(rows.find((r) => r.label === 'Move the selection by a cell')?.keys.map((k) => k.text)).toEqual(['Shift+←→↑↓']);
    expect(rowsOf('electron', 'mac').find((r) => r.label === 'Move the selection by a cell')?.keys.map((k) => k.text)).toEqual(['⇧←→↑↓']);
    // The test-play map's own camera keys, from their registry.
    const play = rows.filter((r) => r.section === 'Test play: map');
    expect(play.map((r) => r.label)).toEqual(PLAY_MAP_KEYS.map((e) => e.label));
    expect(play.find((r) => r.label === 'Fit the whole table in view')?.keys.map((k) => k.text)).toEqual(['0']);
    expect(play.find((r) => r.label === 'Pan the view')?.keys.map((k) => k.text)).toEqual(['←→↑↓']);
  });

  it('says in the web shell which keys the browser keeps, and offers Quit only on the desktop', () => {
    const rows = rowsOf('web');
    const newRow = rows.find((r) => r.label === 'New')!;
    expect(newRow.keys).toEqual([{ text: 'Ctrl+N', kept: true }, { text: 'Ctrl+Alt+N', kept: false }]);
    expect(newRow.detail).toContain('The browser keeps Ctrl+N');
    expect(rows.filter((r) => r.keys.some((k) => k.kept)).map((r) => r.label)).toEqual(['New']);
    expect(rows.some((r) => r.label === 'Quit')).toBe(false);
    expect(rowsOf('electron').flatMap((r) => r.keys).some((k) => k.kept)).toBe(false);
  });

  it('finds rows by any word of their name, explanation, keys or section', () => {
    const sheet = shortcutSheet('web', 'linux');
    expect(filterSheet(sheet, 'print').flatMap((s) => s.rows.map((r) => r.label))).toEqual(['Print']);
    expect(filterSheet(sheet, 'F5').flatMap((s) => s.rows.map((r) => r.label))).toEqual(['Test play']);
    expect(filterSheet(sheet, 'forces shift+tab').map((s) => s.title)).toEqual(['Forces: unit table']);
    expect(filterSheet(sheet, 'no such thing')).toEqual([]);
    expect(filterSheet(sheet, '  ')).toEqual(sheet);
  });
});

describe('no key does two things in one place', () => {
  const entryKeys = (entries: readonly KeyEntry[]) => entries.flatMap((e) => e.keys.map((k) => ({ key: k, what: e.label })));
  const appKeys = APP_COMMAND_IDS.flatMap((id) => commandKeys(APP_COMMANDS[id], 'linux').map((k) => ({ key: k, what: id })));
  const toolKeys = [...AREA_TOOLS, ...SHAPE_MODES, ...LINE_TOOLS, ...POINT_TOOLS, ...SCENARIO_TOOLS].map((t) => ({ key: `${t.shortcut.shift ? 'Shift+' : ''}${t.shortcut.key.toUpperCase()}`, what: t.label }));
  // The map's commands write their keys for people ("R (Shift+R back)"); the first word is the key.
  const commandKeysOfMap = Object.values(MAP_COMMANDS).map((c) => ({ key: c.keys.split(' ')[0]!.replace(/^Ctrl\+/, 'Mod+').replace('−', '-'), what: c.label }));
  const map = [...toolKeys, ...commandKeysOfMap, ...entryKeys(MAP_KEYS)];

  // While the map or the Forces view has the keyboard, the application's keys still work: each scope is checked together with them.
  for (const [scope, keys] of [['the map', map], ['the forces tree', entryKeys(TREE_KEYS)], ['the unit table', entryKeys(TABLE_KEYS)]] as const) {
    it(`in ${scope}`, () => {
      const owner = new Map<string, string>();
      for (const { key, what } of [...appKeys, ...keys]) {
        const n = normalChord(key);
        const had = owner.get(n);
        expect(had, `${n} is both "${had}" and "${what}"`).toBeUndefined();
        owner.set(n, what);
      }
      expect(owner.size).toBeGreaterThan(appKeys.length);
    });
  }
});
