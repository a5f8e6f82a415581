// Structural checks against the JSON Schemas in schemas/, with ajv's errors turned into messages a wargamer reads.
import type { ErrorObject } from 'ajv';
import * as generated from './generated/schema-validators.js';
import { ARMY_TYPE, ARMS, SCENARIO_TYPE } from './model.js';
import type { Problem } from './problems.js';
import { parseRating, ratingHint } from './ratings.js';

/** Hostile files can produce an error per element; past this many the rest add nothing a user can act on. */
export const MAX_SCHEMA_PROBLEMS = 200;

interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

// Precompiled from schemas/ by scripts/generate-validators.mjs (see there for why).
const quick = { scenario: generated.scenarioFirstError as Validator, army: generated.armyFirstError as Validator };
const thorough = { scenario: generated.scenarioAllErrors as Validator, army: generated.armyAllErrors as Validator };

/**
 * Listing every error costs time that grows faster than the number of errors, so a document with more values
 * than this gets its first error only. Real scenarios hold a few thousand values; 2,000 units about 20,000.
 */
export const MAX_VALUES_FOR_ALL_ERRORS = 40000;

function countValues(doc: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [doc];
  while (stack.length && n <= limit) {
    const v = stack.pop();
    n++;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push(child);
  }
  return n;
}

export function schemaCheck(doc: unknown): Problem[] {
  const kind = (doc as { type?: unknown }).type === ARMY_TYPE ? 'army' : 'scenario';
  if (quick[kind](doc)) return [];
  if (countValues(doc, MAX_VALUES_FOR_ALL_ERRORS) > MAX_VALUES_FOR_ALL_ERRORS) {
    return [
      ...translateErrors(quick[kind].errors ?? [], doc),
      {
        severity: 'warning',
        path: '',
        message: 'This document is too large to list every structural error at once; only the first is shown',
        hint: 'Fix it and check again.',
      },
    ];
  }
  thorough[kind](doc);
  return translateErrors(thorough[kind].errors ?? [], doc);
}

const lastSegment = (path: string): string => {
  const i = path.lastIndexOf('/');
  return path.slice(i + 1).replace(/~1/g, '/').replace(/~0/g, '~');
};

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/**
 * How a message names the value at `path`: its field name, with any list positions after it, e.g. "sp" or
 * "polygon[1][0]". A bare list index ("0") says nothing to a reader.
 */
function fieldLabel(path: string): string {
  const segments = path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let i = segments.length;
  let indexes = '';
  while (i > 0 && isIndex(segments[i - 1]!)) indexes = `[${segments[--i]!}]` + indexes;
  if (i === 0) return indexes ? `item${indexes}` : 'document';
  return segments[i - 1]! + indexes;
}

function valueAt(doc: unknown, path: string): unknown {
  let v: unknown = doc;
  for (const seg of path.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  if (s === undefined) return String(v);
  return s.length > 40 ? s.slice(0, 37) + '…' : s;
};

// What each "exactly one of" group in the schemas means, keyed by the title of the schema that holds it.
const ONE_OF: Record<string, { what: string; options: string }> = {
  'set-up position': { what: 'A set-up position', options: '"at" (a point in inches) or "cell"' },
  area: { what: 'An area', options: '"polygon" or "cells"' },
  line: { what: 'A line', options: '"path" or "cells"' },
  zone: { what: 'A zone', options: '"polygon", "cells", or "edge" with "depth"' },
  entry: { what: 'An entry', options: '"edge", "at" or "cells"' },
  objective: { what: 'An objective', options: '"feature", "at" with "radius", or "cell"' },
  reinforcement: { what: 'A reinforcement', options: 'a fixed "turn" or a "roll"' },
};

const titleOf = (e: ErrorObject): string | undefined => {
  const title = (e.parentSchema as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
};

function oneOfMessage(e: ErrorObject): Problem {
  const info = ONE_OF[titleOf(e) ?? ''] ?? { what: 'This value', options: 'one of the allowed forms' };
  const several = (e.params as { passingSchemas?: unknown }).passingSchemas != null;
  return {
    severity: 'error',
    path: e.instancePath,
    message: several
      ? `${info.what} must use only one of ${info.options}, not several`
      : `${info.what} needs ${info.options}`,
    hint: `Give exactly one of ${info.options}.`,
  };
}

function enumMessage(e: ErrorObject, doc: unknown): Problem {
  const field = lastSegment(e.instancePath);
  const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
  const value = valueAt(doc, e.instancePath);
  const parent = e.instancePath.slice(0, e.instancePath.lastIndexOf('/'));
  let message = isIndex(field)
    ? `${show(value)} is not a valid entry in ${fieldLabel(parent)}`
    : `${show(value)} is not a valid ${field}`;
  if (field === 'type') {
    const arm = (valueAt(doc, e.instancePath.slice(0, e.instancePath.lastIndexOf('/'))) as { arm?: unknown })?.arm;
    if (typeof arm === 'string' && arm in ARMS) message = `${show(value)} is not a type of ${arm}`;
  }
  return {
    severity: 'error',
    path: e.instancePath,
    message,
    hint: `Use one of: ${allowed.map((a) => String(a)).join(', ')}.`,
  };
}

const RATING_BLOCK = '/ratings/napoleons-eagles/rating';

/**
 * One problem for each thing wrong with a rating, in place of the pattern's single "not in the expected form", so
 * each fault is listed (and fixed) on its own. The hint follows the unit's arm: a battery's names its own letters.
 */
function ratingMessages(value: string, at: string, doc: unknown): Problem[] {
  const parsed = parseRating(value);
  const owner = at.endsWith(RATING_BLOCK) ? valueAt(doc, at.slice(0, -RATING_BLOCK.length)) : undefined;
  const hint = ratingHint((owner as { arm?: unknown } | undefined)?.arm);
  // The parser is as strict as the schema's pattern; this stands only in case the two ever part.
  if (parsed.ok) return [{ severity: 'error', path: at, message: `Rating "${value}" is not valid`, hint }];
  return parsed.errors.map((x) => ({ severity: 'error', path: at, message: x.message, hint: x.hint ?? hint }));
}

function patternMessage(e: ErrorObject, doc: unknown): Problem | Problem[] {
  const value = valueAt(doc, e.instancePath);
  const at = e.instancePath;
  if (titleOf(e) === 'rating' && typeof value === 'string') return ratingMessages(value, at, doc);
  if (titleOf(e) === 'colour') {
    return { severity: 'error', path: at, message: `Colour ${show(value)} is not a #RRGGBB colour`, hint: 'e.g. #b03a2e' };
  }
  if (titleOf(e) === 'cell name') {
    return {
      severity: 'error',
      path: at,
      message: `${show(value)} is not a cell name`,
      hint: 'Cells are a column letter and a row number, like A1 or C4 (A1 is the north-west cell).',
    };
  }
  if (titleOf(e) === 'id') {
    return {
      severity: 'error',
      path: at,
      message: `${show(value)} is not a valid id`,
      hint: 'Ids are 1–64 letters, digits, "_", "." or "-", with no spaces.',
    };
  }
  return { severity: 'error', path: at, message: `${show(value)} is not in the expected form`, hint: undefined };
}

/** JSON Schema type names as a wargamer reads them; the rest ("a number", "a string", "a boolean") read as they are. */
const TYPE_WORDS: Record<string, string> = { array: 'a list', object: 'an object', integer: 'a whole number' };

function translate(e: ErrorObject, doc: unknown): Problem | Problem[] | undefined {
  const at = e.instancePath;
  const field = fieldLabel(at);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'dependentRequired': {
      const has = String(p.property);
      const missing = String(p.missingProperty);
      return { severity: 'error', path: at, message: `"${has}" needs "${missing}" beside it`, hint: `Add "${missing}", or remove "${has}".` };
    }
    case 'required': {
      const missing = String(p.missingProperty);
      return { severity: 'error', path: at, message: `"${missing}" is missing`, hint: `Add "${missing}".` };
    }
    case 'type':
      return {
        severity: 'error',
        path: at,
        message: `${field} must be ${TYPE_WORDS[String(p.type)] ?? `a ${String(p.type)}`}, not ${show(valueAt(doc, at))}`,
      };
    case 'const': {
      if (field === 'type') {
        return {
          severity: 'error',
          path: at,
          message: `${show(valueAt(doc, at))} is not an Aide-de-Camp document type`,
          hint: `Use "${SCENARIO_TYPE}" or "${ARMY_TYPE}".`,
        };
      }
      return { severity: 'error', path: at, message: `${field} must be ${show(p.allowedValue)}` };
    }
    case 'enum':
      return enumMessage(e, doc);
    case 'pattern':
      return patternMessage(e, doc);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = {
        minimum: 'at least',
        maximum: 'at most',
        exclusiveMinimum: 'more than',
        exclusiveMaximum: 'less than',
      };
      return {
        severity: 'error',
        path: at,
        message: `${field} is ${show(valueAt(doc, at))} but must be ${words[e.keyword]} ${String(p.limit)}`,
      };
    }
    case 'minItems':
    case 'maxItems': {
      const n = Array.isArray(valueAt(doc, at)) ? (valueAt(doc, at) as unknown[]).length : 0;
      if (field === 'sides') {
        return { severity: 'error', path: at, message: `A scenario has exactly two sides, not ${n}` };
      }
      return {
        severity: 'error',
        path: at,
        message: `${field} has ${n} item${n === 1 ? '' : 's'} but needs ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)}`,
      };
    }
    case 'minLength':
    case 'maxLength':
      return {
        severity: 'error',
        path: at,
        message:
          e.keyword === 'minLength'
            ? `${field} must not be empty`
            : `${field} is too long (at most ${String(p.limit)} characters)`,
      };
    case 'maxProperties':
      return { severity: 'error', path: at, message: `${field} has too many entries (at most ${String(p.limit)})` };
    case 'uniqueItems':
      return { severity: 'error', path: at, message: `${field} lists the same value twice`, hint: 'Remove the repeat.' };
    case 'integer':
      return { severity: 'error', path: at, message: `${field} must be a whole number` };
    case 'oneOf':
      return oneOfMessage(e);
    case 'if':
    case 'allOf':
      // The failing branch reports its own, more precise error.
      return undefined;
    default:
      return { severity: 'error', path: at, message: `${field}: ${e.message ?? 'invalid'}` };
  }
}

function translateErrors(errors: ErrorObject[], doc: unknown): Problem[] {
  // A failed "exactly one of" also reports each branch's missing field; the oneOf message says it better.
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of errors) {
    if (e.keyword === 'required' && oneOfPaths.has(e.instancePath) && e.schemaPath.includes('oneOf/')) continue;
    const translated = translate(e, doc);
    if (!translated) continue;
    for (const problem of Array.isArray(translated) ? translated : [translated]) {
      const key = `${problem.path}\u0000${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (problem.hint === undefined) delete problem.hint;
      out.push(problem);
      if (out.length >= MAX_SCHEMA_PROBLEMS) return out;
    }
  }
  return out;
}
