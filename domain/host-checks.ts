// What every argument of a HostApi call must be, checked by both shells before a service sees it: the desktop's IPC
// handlers and the web server's routes run the same table, so the same bad argument is refused with the same
// sentence wherever it arrives. Pure: no Electron, no Node, so the preload bundle and the renderer may read it too.
import { MENU_COMMANDS } from './host-api.js';
import type { InvokeMethod, InvokeSignature, WebMethod, WebParameters } from './host-methods.js';

/** Null when the value is acceptable, or what is wrong with it ("must be …"). */
export type Check = (value: unknown) => string | null;

/** Longest path accepted (PATH_MAX on Linux; Windows long paths stay well under it in practice). */
export const MAX_PATH_CHARS = 4096;
/** Document text, sheet HTML and backups: far above any real scenario, low enough to refuse a flood. */
export const MAX_TEXT_BYTES = 40 * 1024 * 1024;
export const MAX_KEY_CHARS = 256;
export const MAX_TITLE_CHARS = 1024;
export const MAX_VERSION_CHARS = 1024;
export const MAX_SESSION_CHARS = 128;

/** UTF-8 length without allocating an encoded copy (a 40 MB string is common enough to matter). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

export const pathArg: Check = (v) => {
  if (typeof v !== 'string') return `must be a path string, not ${describe(v)}`;
  if (v.length === 0) return 'must be a non-empty path';
  if (v.length > MAX_PATH_CHARS) return `must be a path of at most ${MAX_PATH_CHARS} characters`;
  if (v.includes('\0')) return 'must not contain a NUL character';
  return null;
};

/** A file name (or path) offered to a save dialog; may be empty. */
export const suggestedNameArg: Check = (v) => {
  if (typeof v !== 'string') return `must be a file name string, not ${describe(v)}`;
  if (v.length > MAX_PATH_CHARS) return `must be a file name of at most ${MAX_PATH_CHARS} characters`;
  if (v.includes('\0')) return 'must not contain a NUL character';
  return null;
};

export const textArg: Check = (v) => {
  if (typeof v !== 'string') return `must be a text string, not ${describe(v)}`;
  // Cheap bound first: UTF-8 needs at most 3 bytes per UTF-16 unit, and at least 1.
  if (v.length > MAX_TEXT_BYTES || (v.length * 3 > MAX_TEXT_BYTES && utf8Length(v) > MAX_TEXT_BYTES)) {
    return `must be at most ${MAX_TEXT_BYTES / (1024 * 1024)} MB of text`;
  }
  return null;
};

const boundedString =
  (what: string, max: number, min = 0): Check =>
  (v) => {
    if (typeof v !== 'string') return `must be ${what} string, not ${describe(v)}`;
    if (v.length < min) return `must be a non-empty ${what.replace(/^an? /, '')}`;
    if (v.length > max) return `must be ${what} of at most ${max} characters`;
    return null;
  };

export const keyArg: Check = boundedString('a key', MAX_KEY_CHARS, 1);
export const sessionArg: Check = boundedString('a session id', MAX_SESSION_CHARS, 1);

export const paperArg: Check = (v) => (v === 'a4' || v === 'letter' ? null : `must be "a4" or "letter", not ${describe(v)}`);

/** The id a web page makes for itself (a UUID in practice), naming it on its event stream and its engines. */
export const pageArg: Check = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(v) ? null : `must be a page id (8 to 64 letters, digits, - or _), not ${describe(v)}`;

/** Checks an object's own fields: every listed field by its check, and no field that is not listed. */
function objectOf(what: string, fields: Record<string, Check>, optional: readonly string[] = []): Check {
  return (v) => {
    if (!isPlainObject(v)) return `must be ${what} object, not ${describe(v)}`;
    for (const key of Object.keys(v)) if (!(key in fields)) return `has an unexpected field "${key}"`;
    for (const [key, check] of Object.entries(fields)) {
      if (!(key in v) || v[key] === undefined) {
        if (optional.includes(key)) continue;
        return `is missing the field "${key}"`;
      }
      const problem = check(v[key]);
      if (problem) return `field "${key}" ${problem}`;
    }
    return null;
  };
}

const orNull =
  (check: Check): Check =>
  (v) =>
    v === null ? null : check(v);

const booleanArg: Check = (v) => (typeof v === 'boolean' ? null : `must be true or false, not ${describe(v)}`);
/** Every menu command, each true or false: a partial map would leave an item in whatever state it was. */
const menuEnabledArg: Check = objectOf('a menu-state', Object.fromEntries(MENU_COMMANDS.map((c) => [c, booleanArg])));
const timeArg: Check = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? null : `must be a time in milliseconds, not ${describe(v)}`;

export const saveRequestArg: Check = objectOf(
  'a save request',
  {
    path: pathArg,
    text: textArg,
    baseVersion: orNull(boundedString('a version', MAX_VERSION_CHARS)),
    overwrite: booleanArg,
  },
  ['overwrite'],
);

export const backupArg: Check = objectOf('a backup', {
  key: keyArg,
  path: orNull(pathArg),
  title: boundedString('a title', MAX_TITLE_CHARS),
  savedAt: timeArg,
  text: textArg,
});

/** An engine protocol message: a plain object of JSON data within the text limit. */
export const engineMessageArg: Check = (v) => {
  if (!isPlainObject(v)) return `must be a message object, not ${describe(v)}`;
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch {
    return 'must be plain JSON data';
  }
  if (json === undefined) return 'must be plain JSON data';
  return textArg(json) ? `must be at most ${MAX_TEXT_BYTES / (1024 * 1024)} MB of JSON` : null;
};

type ChecksFor<P extends readonly unknown[]> = { readonly [I in keyof P]: Check };

/** One check per parameter of each method, in order; the tuple length must match the HostApi signature. */
export const ARGUMENT_CHECKS: { readonly [M in InvokeMethod]: ChecksFor<Parameters<InvokeSignature<M>>> } = {
  info: [],
  listLibrary: [],
  openDocument: [pathArg],
  documentVersion: [pathArg],
  saveDocument: [saveRequestArg],
  pickOpenPath: [],
  pickSavePath: [suggestedNameArg],
  writeBackup: [backupArg],
  listBackups: [],
  discardBackup: [keyArg],
  validate: [textArg],
  print: [textArg, paperArg, suggestedNameArg],
  makePdf: [textArg, paperArg],
  setMenuEnabled: [menuEnabledArg],
  'engine.start': [],
  'engine.send': [sessionArg, engineMessageArg],
  'engine.stop': [sessionArg],
};

/** The same checks for the web shell's routes: the HostApi's own, and the page id `engine.start` carries there. */
export const WEB_ARGUMENT_CHECKS: { readonly [M in WebMethod]: ChecksFor<WebParameters<M>> } = {
  info: ARGUMENT_CHECKS.info,
  listLibrary: ARGUMENT_CHECKS.listLibrary,
  openDocument: ARGUMENT_CHECKS.openDocument,
  documentVersion: ARGUMENT_CHECKS.documentVersion,
  saveDocument: ARGUMENT_CHECKS.saveDocument,
  writeBackup: ARGUMENT_CHECKS.writeBackup,
  listBackups: ARGUMENT_CHECKS.listBackups,
  discardBackup: ARGUMENT_CHECKS.discardBackup,
  validate: ARGUMENT_CHECKS.validate,
  print: ARGUMENT_CHECKS.print,
  makePdf: ARGUMENT_CHECKS.makePdf,
  'engine.start': [pageArg],
  'engine.send': ARGUMENT_CHECKS['engine.send'],
  'engine.stop': ARGUMENT_CHECKS['engine.stop'],
};

/**
 * Null when a call's arguments pass their checks, otherwise which one is wrong and why ("argument 2 must be …",
 * "expected 1 argument, got 2"); each shell puts its own name for the call in front.
 */
export function argumentsProblem(checks: readonly Check[], args: readonly unknown[]): string | null {
  if (args.length > checks.length) {
    return `expected ${checks.length} argument${checks.length === 1 ? '' : 's'}, got ${args.length}`;
  }
  for (let i = 0; i < checks.length; i++) {
    const problem = checks[i]!(args[i]);
    if (problem) return `argument ${i + 1} ${problem}`;
  }
  return null;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `a string of ${v.length} characters`;
  if (typeof v === 'object') return 'an object';
  return typeof v === 'number' && !Number.isFinite(v) ? String(v) : `a ${typeof v}`;
}
