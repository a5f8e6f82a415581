// The application's commands in one table: what each is called, its shortcuts, where the shortcut sheet lists it and
// when it applies. The desktop menu (electron/menu.ts) makes its items and accelerators from it, and the renderer its
// key handling, toolbar tooltips and shortcut sheet, so the two shells cannot disagree about a key. Data and pure
// functions only: both electron/ and renderer/ import it.
//
// Shortcuts are written in one notation for every platform: modifiers, then the key, joined by `+`. `Mod` is Ctrl,
// or ⌘ on macOS; `Ctrl`, `Alt` and `Shift` are those keys everywhere. A key is a letter or digit (upper case), a
// character (`?`, `,`), or a key name as the browser spells it (`F1`, `Delete`, `ArrowUp`).
import type { MenuCommand } from './host-api.js';

export type Platform = 'mac' | 'windows' | 'linux';

/** The shortcut sheet's sections for application commands, in the order it shows them. */
export const COMMAND_GROUPS = ['File', 'Edit', 'Scenario', 'Help'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export interface AppCommand {
  /** As the menu shows it: an ellipsis where a dialog asks something first. */
  readonly label: string;
  readonly group: CommandGroup;
  /** Every shortcut, the first being the one menus and tooltips show. */
  readonly keys: readonly string[];
  /** Where a platform differs: its own list replaces `keys`. */
  readonly keysOn?: Partial<Record<Platform, readonly string[]>>;
  /** When the command can be used, in words, for the sheet and disabled buttons. */
  readonly when?: string;
  /** What it does, for a tooltip, where the label does not say. */
  readonly detail?: string;
}

/** One entry per command the renderer runs, whether a key, the menu, the toolbar or the sheet asked for it. */
export const APP_COMMANDS = {
  new: {
    label: 'New…',
    group: 'File',
    // Browsers keep Ctrl+N for a new window, so the web shell needs the second one; the desktop takes both.
    keys: ['Mod+N', 'Mod+Alt+N'],
    detail: 'A new scenario or army list, starting from its rule system',
  },
  open: { label: 'Open…', group: 'File', keys: ['Mod+O'] },
  save: { label: 'Save', group: 'File', keys: ['Mod+S'], when: 'A document is open' },
  'save-as': { label: 'Save As…', group: 'File', keys: ['Mod+Shift+S'], when: 'A document is open' },
  print: { label: 'Print…', group: 'File', keys: ['Mod+P'], when: 'A scenario is open', detail: 'The setup sheet: map, forces and briefings' },
  settings: { label: 'Settings…', group: 'File', keys: ['Mod+,'] },
  undo: { label: 'Undo', group: 'Edit', keys: ['Mod+Z'], when: 'There is a change to take back' },
  // Windows and Linux programs also redo with Ctrl+Y; on a Mac that key belongs to others.
  redo: { label: 'Redo', group: 'Edit', keys: ['Mod+Shift+Z', 'Mod+Y'], keysOn: { mac: ['Mod+Shift+Z'] }, when: 'A change was undone' },
  validate: { label: 'Validate', group: 'Scenario', keys: ['F7'], detail: 'Go to the first problem the checks found' },
  'test-play': {
    label: 'Test play',
    group: 'Scenario',
    keys: ['F5'],
    when: 'A scenario of a rule system with an engine is open',
    detail: 'Play the scenario against the engine, or run a balance report',
  },
  shortcuts: { label: 'Keyboard Shortcuts', group: 'Help', keys: ['F1', '?'] },
  about: { label: 'About Aide-de-Camp', group: 'Help', keys: [] },
} as const satisfies { readonly [C in MenuCommand]: AppCommand };

export type AppCommandId = keyof typeof APP_COMMANDS;
export const APP_COMMAND_IDS = Object.keys(APP_COMMANDS) as AppCommandId[];

/** Commands only the desktop has, carried out by the menu's own roles rather than by the renderer. */
export const DESKTOP_COMMANDS = {
  // Windows closes a window with Alt+F4 itself; the menu sets no key for it there.
  quit: { label: 'Quit', group: 'File', keys: ['Mod+Q'], keysOn: { windows: ['Alt+F4'] } },
} as const satisfies Record<string, AppCommand>;

/**
 * Shortcuts a browser keeps for itself (a new window or tab, closing one): a page never sees the key, so in the web
 * shell these work only through another of the command's shortcuts. Chromium's list; the others keep the same ones.
 */
export const BROWSER_KEEPS: readonly string[] = ['Mod+N', 'Mod+Shift+N', 'Mod+T', 'Mod+Shift+T', 'Mod+W', 'Mod+Shift+W', 'Mod+Tab', 'Mod+Shift+Tab'];

export interface Chord {
  mod: boolean;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** A character as typed (`N`, `?`) or a key name (`F1`). */
  key: string;
}

const MODIFIERS = ['Mod', 'Ctrl', 'Alt', 'Shift'] as const;
const NAMED_KEY = /^(F([1-9]|1[0-2])|Enter|Escape|Tab|Delete|Backspace|Insert|Home|End|PageUp|PageDown|Space|Arrow(Up|Down|Left|Right))$/;

/** Reads a shortcut of the notation above; throws naming the shortcut and what is wrong with it. */
export function parseChord(text: string): Chord {
  // A `+` on its own is a key, not a separator: "Mod++" is Mod and +.
  const parts = text === '+' ? ['+'] : text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  const key = parts.pop() ?? '';
  const chord: Chord = { mod: false, ctrl: false, alt: false, shift: false, key };
  for (const m of parts) {
    const known = MODIFIERS.find((x) => x === m);
    if (!known) throw new Error(`Shortcut "${text}": "${m}" is not a modifier (use ${MODIFIERS.join(', ')})`);
    const field = known.toLowerCase() as 'mod' | 'ctrl' | 'alt' | 'shift';
    if (chord[field]) throw new Error(`Shortcut "${text}" names ${m} twice`);
    chord[field] = true;
  }
  if (!(key.length === 1 ? !/[a-z\s]/.test(key) : NAMED_KEY.test(key))) {
    throw new Error(`Shortcut "${text}": "${key}" is not a key (an upper-case letter, a digit, a character, or a name such as F1 or ArrowUp)`);
  }
  return chord;
}

/** The same shortcut always written the same way, modifiers in a fixed order, for comparing. */
export function normalChord(text: string): string {
  const c = parseChord(text);
  return [c.mod && 'Mod', c.ctrl && 'Ctrl', c.alt && 'Alt', c.shift && 'Shift', c.key].filter(Boolean).join('+');
}

/** A key that types a character when pressed alone: it must never fire inside a text field, nor be a menu accelerator. */
export function isTypingKey(text: string): boolean {
  const c = parseChord(text);
  return !c.mod && !c.ctrl && !c.alt && c.key.length === 1;
}

export function browserKeeps(text: string): boolean {
  const n = normalChord(text);
  return BROWSER_KEEPS.some((k) => normalChord(k) === n);
}

export function commandKeys(command: AppCommand, platform: Platform): readonly string[] {
  return command.keysOn?.[platform] ?? command.keys;
}

export function platformOf(nodePlatform: string): Platform {
  return nodePlatform === 'darwin' ? 'mac' : nodePlatform === 'win32' ? 'windows' : 'linux';
}

/**
 * The shortcut as an Electron accelerator (`Mod` becomes `CmdOrCtrl`), or null for a typing key, which the page
 * handles itself so that it still types in text fields.
 */
export function toAccelerator(text: string): string | null {
  if (isTypingKey(text)) return null;
  const c = parseChord(text);
  const key = c.key === '+' ? 'Plus' : c.key.startsWith('Arrow') ? c.key.slice('Arrow'.length) : c.key;
  return [c.mod && 'CmdOrCtrl', c.ctrl && 'Ctrl', c.alt && 'Alt', c.shift && 'Shift', key].filter(Boolean).join('+');
}
