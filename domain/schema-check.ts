// Structural checks against the JSON Schemas in schemas/, with ajv's errors turned into messages a wargamer reads.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import commonSchema from '../schemas/common.schema.json' with { type: 'json' };
import scenarioSchema from '../schemas/scenario.schema.json' with { type: 'json' };
import armySchema from '../schemas/army.schema.json' with { type: 'json' };
import { ARMY_TYPE, ARMS, SCENARIO_TYPE } from './model.js';
import type { Problem } from './problems.js';
import { parseRating, RATING_HINT } from './ratings.js';

/** Hostile files can produce an error per element; past this many the rest add nothing a user can act on. */
export const MAX_SCHEMA_PROBLEMS = 200;

interface Compiled {
  scenario: ValidateFunction;
  army: ValidateFunction;
}

let compiled: Compiled | undefined;

// Compiled once, lazily, so that importing the domain costs nothing until a document is checked.
function validators(): Compiled {
  if (!compiled) {
    // allErrors is safe here because every array and string in the schemas is bounded.
    // verbose gives each error its parent schema, which is how "exactly one of" groups are told apart below.
    const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, strictRequired: false });
    ajv.addSchema(commonSchema);
    compiled = { scenario: ajv.compile(scenarioSchema), army: ajv.compile(armySchema) };
  }
  return compiled;
}

export function schemaCheck(doc: unknown): Problem[] {
  const type = (doc as { type?: unknown }).type;
  const validate = type === ARMY_TYPE ? validators().army : validators().scenario;
  if (validate(doc)) return [];
  return translateErrors(validate.errors ?? [], doc);
}

const lastSegment = (path: string): string => {
  const i = path.lastIndexOf('/');
  return path.slice(i + 1).replace(/~1/g, '/').replace(/~0/g, '~');
};

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

// What each "exactly one of" group in the schemas means, keyed by the schema object that holds it.
const ONE_OF = new Map<unknown, { what: string; options: string }>([
  [commonSchema.$defs.setup, { what: 'A set-up position', options: '"at" (a point in inches) or "cell"' }],
  [scenarioSchema.$defs.area, { what: 'An area', options: '"polygon" or "cells"' }],
  [scenarioSchema.$defs.line, { what: 'A line', options: '"path" or "cells"' }],
  [scenarioSchema.$defs.zone, { what: 'A zone', options: '"polygon", "cells", or "edge" with "depth"' }],
  [scenarioSchema.$defs.entry, { what: 'An entry', options: '"edge", "at" or "cells"' }],
  [scenarioSchema.$defs.objective, { what: 'An objective', options: '"feature", "at" with "radius", or "cell"' }],
  [scenarioSchema.$defs.side.properties.reinforcements.items, { what: 'A reinforcement', options: 'a fixed "turn" or a "roll"' }],
]);

function oneOfMessage(e: ErrorObject): Problem {
  const info = ONE_OF.get(e.parentSchema) ?? { what: 'This value', options: 'one of the allowed forms' };
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
  let message = `${show(value)} is not a valid ${field}`;
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

function patternMessage(e: ErrorObject, doc: unknown): Problem {
  const field = lastSegment(e.instancePath);
  const value = valueAt(doc, e.instancePath);
  const at = e.instancePath;
  if (field === 'rating' && typeof value === 'string') {
    const parsed = parseRating(value);
    const message = parsed.ok ? `Rating "${value}" is not valid` : parsed.errors.map((x) => x.message).join('; ');
    return { severity: 'error', path: at, message, hint: RATING_HINT };
  }
  if (field === 'color') {
    return { severity: 'error', path: at, message: `Colour ${show(value)} is not a #RRGGBB colour`, hint: 'e.g. #b03a2e' };
  }
  if (e.parentSchema === commonSchema.$defs.cell) {
    return {
      severity: 'error',
      path: at,
      message: `${show(value)} is not a cell name`,
      hint: 'Cells are a column letter and a row number, like A1 or C4 (A1 is the north-west cell).',
    };
  }
  if (e.parentSchema === commonSchema.$defs.id) {
    return {
      severity: 'error',
      path: at,
      message: `${show(value)} is not a valid id`,
      hint: 'Ids are 1–64 letters, digits, "_", "." or "-", with no spaces.',
    };
  }
  return { severity: 'error', path: at, message: `${show(value)} is not in the expected form`, hint: undefined };
}

function translate(e: ErrorObject, doc: unknown): Problem | undefined {
  const at = e.instancePath;
  const field = lastSegment(at) || 'document';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      return { severity: 'error', path: at, message: `"${missing}" is missing`, hint: `Add "${missing}".` };
    }
    case 'type':
      return {
        severity: 'error',
        path: at,
        message: `${field} must be ${p.type === 'array' ? 'a list' : p.type === 'object' ? 'an object' : `a ${String(p.type)}`}, not ${show(valueAt(doc, at))}`,
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
    const problem = translate(e, doc);
    if (!problem) continue;
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (problem.hint === undefined) delete problem.hint;
    out.push(problem);
    if (out.length >= MAX_SCHEMA_PROBLEMS) break;
  }
  return out;
}
