// Turning file text into a document and back. Loading is tolerant: unknown fields survive a round trip,
// older versions are migrated with a note, and newer ones are refused without guessing.
import { ARMY_TYPE, SCENARIO_TYPE, type AdcDocument } from './model.js';
import { CURRENT_SCHEMA_VERSION, migrate } from './migrations.js';
import { syntaxErrorOffset } from './json-error-offset.js';
import type { Problem } from './problems.js';

/** Deeper nesting than this is no real order of battle and would only make checks recurse for nothing. */
export const MAX_DEPTH = 64;

/** A loaded `document` has a checked envelope (type and version); its body is not validated yet and may break the schema. */
export type LoadResult =
  | { ok: true; document: AdcDocument; notes: string[] }
  | { ok: false; problems: Problem[] };

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** JSON.parse with a message that says where the syntax broke. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: Problem } {
  // Positions are counted in the text without its byte-order mark, as an editor shows it.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(raw);
    // V8 names no position for some mistakes (a misspelt word, text that stops short): find it ourselves.
    const offset = pos ? Number(pos[1]) : Math.min(body.length, syntaxErrorOffset(body));
    const where = lineAndColumn(body, offset);
    const detail = syntaxDetail(raw, body, offset);
    return {
      ok: false,
      problem: {
        severity: 'error',
        path: '',
        message: `The file is not valid JSON: ${detail} at line ${where.line}, column ${where.column}`,
        hint: 'Look for a missing comma, quote or bracket just before that point.',
      },
    };
  }
}

/**
 * What is wrong, in the parser's words but never quoting the file: V8 quotes a stretch of the text around some
 * mistakes, which can carry anything the file holds. The only text shown is the one character found at the
 * position, escaped when it is not printable.
 */
function syntaxDetail(raw: string, body: string, offset: number): string {
  const at = body.codePointAt(offset);
  const shown = at === undefined ? 'the end of the file' : describeCharacter(at);
  if (/^Unexpected token/.test(raw)) return `Unexpected ${shown}`;
  if (/^Unexpected end of JSON input/.test(raw) || at === undefined) return 'The file ends too soon';
  if (/^Unexpected non-whitespace character after JSON/.test(raw)) return `Unexpected ${shown} after the end of the document`;
  const words = raw
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ at position \d+.*$/s, '')
    .replace(/[,:]? *".*$/s, '');
  return `${words} (found ${shown})`;
}

function describeCharacter(code: number): string {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
    return `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  const c = String.fromCodePoint(code);
  return c === "'" ? `"'"` : `'${c}'`;
}

function depthOf(value: unknown, limit: number): number {
  // Iterative, so a hostile file cannot overflow the stack here.
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > limit) return max;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/**
 * The JSON Pointer of the first number JSON.parse turned into ±Infinity (a literal like 1e999, or a thousand
 * digits), or null. Such a value cannot be saved again (JSON has no infinity: it would be written as null), so
 * the document is refused here, where the message can still say where it was.
 */
function firstNonFiniteNumber(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) return at;
    if (v && typeof v === 'object') {
      const entries: [string, unknown][] = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        stack.push([child, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
      }
    }
  }
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Checks the envelope and migrates; the caller then validates the returned document. */
export function loadDocument(value: unknown): LoadResult {
  const refuse = (message: string, hint: string, path = ''): LoadResult => ({
    ok: false,
    problems: [{ severity: 'error', path, message, hint }],
  });
  if (!isRecord(value)) {
    return refuse('The file does not hold an Aide-de-Camp document (expected a JSON object).', 'Open a *.scenario.json or *.army.json file.');
  }
  const obj = value;
  if (obj.type !== SCENARIO_TYPE && obj.type !== ARMY_TYPE) {
    return refuse(
      obj.type === undefined ? '"type" is missing' : `${JSON.stringify(obj.type)} is not an Aide-de-Camp document type`,
      `Set "type" to "${SCENARIO_TYPE}" or "${ARMY_TYPE}".`,
      obj.type === undefined ? '' : '/type',
    );
  }
  if (depthOf(obj, MAX_DEPTH) > MAX_DEPTH) {
    return refuse(`The document is nested more than ${MAX_DEPTH} levels deep.`, 'Flatten the order of battle.');
  }
  const huge = firstNonFiniteNumber(obj);
  if (huge !== null) {
    return refuse(
      `The number at ${huge || '/'} is too large to be held as a number (it is past ±1.8e308)`,
      'Write a number within the range the field allows; the format has no field that needs one this large.',
      huge,
    );
  }
  if (obj.schemaVersion === undefined) {
    return refuse('"schemaVersion" is missing', `Add "schemaVersion": ${CURRENT_SCHEMA_VERSION}.`);
  }
  const migrated = migrate(obj);
  if (!migrated.ok) return refuse(migrated.message, migrated.hint, '/schemaVersion');
  // The body's type is taken on trust: validation comes after, by design, so that a broken draft
  // can still be opened and mended; the checks, the map and the sheet are written for documents that break the schema.
  return { ok: true, document: migrated.document as AdcDocument, notes: migrated.notes };
}

export function parseDocument(text: string): LoadResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  return loadDocument(parsed.value);
}

/** The text written on save: stable two-space JSON with the writing app's name, unknown fields kept. */
export function serializeDocument(doc: AdcDocument, app?: string): string {
  const out = app === undefined ? doc : { ...doc, app };
  return JSON.stringify(out, null, 2) + '\n';
}
