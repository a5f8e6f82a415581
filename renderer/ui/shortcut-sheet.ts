// What the shortcut sheet lists, built from the registries rather than written out again: the application's commands
// (domain/app-commands.ts), the map's tools and commands (map/tools.ts), the map's other keys (map/map-keys.ts), the
// test-play map's (play/play-map-keys.ts) and the Forces view's (army/forces-keys.ts). In the web shell a key the
// browser keeps for itself is marked, so the sheet never promises what the shell cannot do.
import { APP_COMMANDS, APP_COMMAND_IDS, COMMAND_GROUPS, DESKTOP_COMMANDS, browserKeeps, commandKeys, type AppCommand, type AppCommandId, type Platform } from '../../domain/app-commands.js';
import { TABLE_KEYS, TREE_KEYS } from '../army/forces-keys.js';
import { MAP_KEYS, type KeyEntry } from '../map/map-keys.js';
import { PLAY_MAP_KEYS } from '../play/play-map-keys.js';
import { AREA_TOOLS, LINE_TOOLS, MAP_COMMANDS, POINT_TOOLS, SCENARIO_TOOLS, SHAPE_MODES, type Shortcut } from '../map/tools.js';
import { formatChord, type Shell } from './actions.js';

export interface SheetKey {
  /** As this platform writes it. */
  text: string;
  /** The browser keeps it: in the web shell the page never sees it. */
  kept: boolean;
}

export interface SheetRow {
  /** The application command the row is, whose state the sheet can show. */
  command?: AppCommandId;
  label: string;
  detail?: string;
  keys: SheetKey[];
  /** When the command applies, where the table says. */
  when?: string;
}

export interface SheetSection {
  title: string;
  rows: SheetRow[];
}

/** "Ford: snaps onto the nearest river" as a name and its explanation. */
function splitLabel(label: string): { label: string; detail?: string } {
  const m = /^(.*?):\s+(.*)$/.exec(label) ?? /^(.*?)\s+\((.*)\)$/.exec(label);
  return m ? { label: m[1]!, detail: m[2]!.charAt(0).toUpperCase() + m[2]!.slice(1) } : { label };
}

const toolKey = (s: Shortcut): string => `${s.shift ? 'Shift+' : ''}${s.key.toUpperCase()}`;

/** A key as a registry writes it for people ("Ctrl+C", "R (Shift+R back)"), shown in this platform's way where it can be read. */
function registryKey(text: string, platform: Platform): string {
  try {
    return formatChord(text.replace(/\bCtrl\+/g, 'Mod+'), platform);
  } catch {
    return platform === 'mac' ? text.replace(/\bCtrl\+/g, '⌘') : text;
  }
}

function commandRow(c: AppCommand, shell: Shell, platform: Platform): SheetRow {
  const keys = commandKeys(c, platform).map((k) => ({ text: formatChord(k, platform), kept: shell === 'web' && browserKeeps(k) }));
  const kept = keys.filter((k) => k.kept).map((k) => k.text);
  const detail = kept.length ? `The browser keeps ${kept.join(' and ')} for itself: use the other key here` : undefined;
  return { label: c.label.replace(/…$/, ''), keys, ...(detail ? { detail } : {}), ...(c.when ? { when: c.when } : {}) };
}

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/** The four arrows with the same modifiers read best as one key: "Shift+←→↑↓". */
function keyTexts(keys: readonly string[], platform: Platform): string[] {
  const prefix = keys[0]?.slice(0, keys[0].lastIndexOf('+') + 1) ?? '';
  const arrows = keys.length === ARROWS.length && ARROWS.every((a) => keys.includes(`${prefix}${a}`));
  if (!arrows) return keys.map((k) => formatChord(k, platform));
  const modifiers = formatChord(`${prefix}ArrowLeft`, platform).replace('←', '');
  return [`${modifiers}${ARROWS.map((a) => formatChord(a, platform)).join('')}`];
}

function entryRow(e: KeyEntry, platform: Platform): SheetRow {
  return { label: e.label, keys: keyTexts(e.keys, platform).map((text) => ({ text, kept: false })), ...(e.detail ? { detail: e.detail } : {}) };
}

export function shortcutSheet(shell: Shell, platform: Platform): SheetSection[] {
  const app = COMMAND_GROUPS.map((group) => ({
    title: group,
    rows: [
      ...APP_COMMAND_IDS.filter((id) => APP_COMMANDS[id].group === group).map((id) => ({ command: id, ...commandRow(APP_COMMANDS[id], shell, platform) })),
      // Quitting is the desktop's; a browser tab closes the browser's way.
      ...(shell === 'electron' ? Object.values(DESKTOP_COMMANDS).filter((c) => c.group === group).map((c) => commandRow(c, shell, platform)) : []),
    ],
  }));
  const tool = (label: string, s: Shortcut, extra?: string): SheetRow => {
    const l = splitLabel(label);
    const detail = [l.detail, extra].filter(Boolean).join('. ');
    return { label: l.label, keys: [{ text: formatChord(toolKey(s), platform), kept: false }], ...(detail ? { detail } : {}) };
  };
  const tools: SheetRow[] = [
    ...AREA_TOOLS.map((a) => tool(a.label, a.shortcut, 'Area')),
    ...SHAPE_MODES.map((m) => tool(m.label, m.shortcut, m.gridOnly ? 'On a gridded map' : undefined)),
    ...LINE_TOOLS.map((l) => tool(l.label, l.shortcut, 'Line')),
    ...[...POINT_TOOLS, ...SCENARIO_TOOLS].map((p) => tool(p.label, p.shortcut)),
  ];
  const mapCommands: SheetRow[] = Object.values(MAP_COMMANDS).map((c) => ({ label: c.label, keys: [{ text: registryKey(c.keys, platform), kept: false }] }));
  return [
    ...app,
    { title: 'Map: moving and drawing', rows: MAP_KEYS.map((e) => entryRow(e, platform)) },
    { title: 'Map: tools', rows: tools },
    { title: 'Map: commands', rows: mapCommands },
    { title: 'Test play: map', rows: PLAY_MAP_KEYS.map((e) => entryRow(e, platform)) },
    { title: 'Forces: tree', rows: TREE_KEYS.map((e) => entryRow(e, platform)) },
    { title: 'Forces: unit table', rows: TABLE_KEYS.map((e) => entryRow(e, platform)) },
  ].filter((s) => s.rows.length > 0);
}

/** The sections and rows in which every word of the query appears (in the name, the explanation, a key or the section). */
export function filterSheet(sections: readonly SheetSection[], query: string): SheetSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections.flatMap((s) => {
    const rows = s.rows.filter((r) => {
      const text = [s.title, r.label, r.detail ?? '', r.when ?? '', ...r.keys.map((k) => k.text)].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    });
    return rows.length ? [{ ...s, rows }] : [];
  });
}
