// The settings and optional rules each rule system names, with their types, bounds and defaults. One catalogue
// serves the validator (a misspelt option is an error, not a rule silently off), the setup sheet (which settings
// differ from the rules' defaults) and the editor (one typed control per entry, the rule's name as its label).
import type { OptionScalar, OptionValue } from '../model.js';

interface OptionBase {
  /** The key in `ruleOptions[system]`: the rule's own name in camelCase. */
  name: string;
  /** The rule's name as the rule text gives it, for labels and messages. */
  label: string;
  /** Where the rule text says it: the section heading (and rule number, where the text numbers its rules). */
  rule: string;
  /** One sentence on what it does at the table. */
  hint: string;
}

export interface SwitchOption extends OptionBase {
  kind: 'switch';
  default: boolean;
}

export interface NumberOption extends OptionBase {
  kind: 'number';
  default: number;
  min: number;
  max: number;
  integer: boolean;
  /** The range the rule text itself names; outside it (but inside min–max) is a warning, not an error. */
  usual?: [number, number];
  unit?: string;
}

export interface ChoiceOption extends OptionBase {
  kind: 'choice';
  default: OptionScalar;
  choices: { value: OptionScalar; label: string }[];
}

/** One whole number per side id (turn points). Sides left out take the default. */
export interface PerSideOption extends OptionBase {
  kind: 'per-side';
  default: number;
  min: number;
  max: number;
}

/** Two whole numbers named `a` and `d`, with a > d ≥ 1 (side A's moves against side D's). */
export interface RatioOption extends OptionBase {
  kind: 'ratio';
  default: { a: number; d: number };
  max: number;
}

export type OptionSpec = SwitchOption | NumberOption | ChoiceOption | PerSideOption | RatioOption;

/** The value a scenario gives an option, or its default when absent or of the wrong shape (the validator says so). */
export function optionValue(spec: OptionSpec, given: OptionValue | undefined, sideIds: readonly string[]): OptionValue {
  return given !== undefined && optionProblem(spec, given, sideIds) === null ? given : spec.default;
}

/** The ids of a scenario's sides, read from a document that may not be a valid scenario. */
export function sideIdsOf(doc: unknown): string[] {
  const sides = doc && typeof doc === 'object' ? (doc as { sides?: unknown }).sides : undefined;
  if (!Array.isArray(sides)) return [];
  return sides.flatMap((s: unknown) => (s && typeof s === 'object' && typeof (s as { id?: unknown }).id === 'string' ? [(s as { id: string }).id] : []));
}

/**
 * Every option of a catalogue with the scenario's value or the default, so rules code never guesses a default.
 * `sideIds` are the scenario's sides: a per-side value is the scenario's only when it names them (without them every
 * side's number would be refused, and uneven turn points silently played as even).
 */
export function resolvedOptions(specs: readonly OptionSpec[], given: unknown, sideIds: readonly string[]): Record<string, OptionValue> {
  const block = given && typeof given === 'object' && !Array.isArray(given) ? (given as Record<string, OptionValue>) : {};
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) out[spec.name] = optionValue(spec, Object.hasOwn(block, spec.name) ? block[spec.name] : undefined, sideIds);
  return out;
}

export interface OptionProblem {
  severity: 'error' | 'warning';
  message: string;
  /** A key inside a per-side or ratio value the problem is about, for the pointer. */
  key?: string;
}

const describe = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * What is wrong with a value for this option, or null. `sideIds` are the scenario's sides, for per-side values, and
 * `sideNames` what the user calls them, so a message names "the Prussians" rather than the key "blue".
 */
export function optionProblem(spec: OptionSpec, value: unknown, sideIds: readonly string[], sideNames?: ReadonlyMap<string, string>): OptionProblem | null {
  const where = `${spec.label} (${spec.rule})`;
  switch (spec.kind) {
    case 'switch':
      return typeof value === 'boolean' ? null : { severity: 'error', message: `${where} is on or off: true or false, not ${describe(value)}` };
    case 'number': {
      const kind = spec.integer ? 'a whole number' : 'a number';
      if (typeof value !== 'number' || (spec.integer && !Number.isInteger(value)) || value < spec.min || value > spec.max) {
        return { severity: 'error', message: `${where} must be ${kind} from ${spec.min} to ${spec.max}, not ${describe(value)}` };
      }
      if (spec.usual && (value < spec.usual[0] || value > spec.usual[1])) {
        return { severity: 'warning', message: `${where} is ${value}${spec.unit ?? ''}; the rules name ${spec.usual[0]}–${spec.usual[1]}${spec.unit ?? ''}` };
      }
      return null;
    }
    case 'choice':
      return spec.choices.some((c) => c.value === value)
        ? null
        : { severity: 'error', message: `${where} must be one of ${spec.choices.map((c) => describe(c.value)).join(', ')}, not ${describe(value)}` };
    case 'per-side': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        return { severity: 'error', message: `${where} takes one number per side, e.g. {"${sideIds[0] ?? 'red'}": ${spec.default}}` };
      }
      for (const [key, v] of Object.entries(value)) {
        if (!sideIds.includes(key)) {
          return { severity: 'error', key, message: `${where} names "${key}", which is not a side of this scenario (${sideIds.map((s) => `"${s}"`).join(', ')})` };
        }
        if (!isWhole(v) || v < spec.min || v > spec.max) {
          const side = sideNames?.get(key);
          const whose = side ? `${side} ("${key}")` : `"${key}"`;
          return { severity: 'error', key, message: `${where} for ${whose} must be a whole number from ${spec.min} to ${spec.max}, not ${describe(v)}` };
        }
      }
      return null;
    }
    case 'ratio': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        return { severity: 'error', message: `${where} is {"a": n, "d": m}, e.g. {"a": ${spec.default.a}, "d": ${spec.default.d}}` };
      }
      const r = value as Record<string, unknown>;
      for (const key of Object.keys(r)) {
        if (key !== 'a' && key !== 'd') return { severity: 'error', key, message: `${where} has only "a" and "d", not "${key}"` };
      }
      for (const key of ['a', 'd'] as const) {
        const v = r[key];
        if (!isWhole(v) || v < 1 || v > spec.max) {
          return { severity: 'error', key, message: `${where}: "${key}" must be a whole number from 1 to ${spec.max}, not ${v === undefined ? 'missing' : describe(v)}` };
        }
      }
      if ((r.a as number) <= (r.d as number)) {
        return { severity: 'error', key: 'a', message: `${where}: side A must move more units than side D, but a = ${describe(r.a)} and d = ${describe(r.d)}` };
      }
      return null;
    }
  }
}

/** The catalogue entry nearest a misspelt name (by edit distance, case ignored), when one is close enough. */
export function nearestOption(specs: readonly OptionSpec[], name: string): OptionSpec | undefined {
  let best: OptionSpec | undefined;
  let bestDistance = Infinity;
  const a = name.toLowerCase().slice(0, 64);
  for (const spec of specs) {
    const d = editDistance(a, spec.name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [spec, d];
  }
  return best && bestDistance <= Math.max(2, Math.floor(best.name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
