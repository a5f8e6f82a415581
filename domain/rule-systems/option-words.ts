// A rule setting's value in words ("Turn points per game turn: French 18, Prussians 20"), and whether it is the
// rules' default. The setup sheet prints the settings that differ; the editor shows other systems' settings the
// same way and leaves a default out of the document.
import type { OptionValue } from '../model.js';
import type { OptionSpec } from './options.js';

/** A side as a setting names it: its id in the document, its name for people. */
export interface SideName {
  id: string;
  name: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether `value` says no more than the rules' default. A per-side value is default when every side it names is. */
export function isDefaultValue(spec: OptionSpec, value: unknown): boolean {
  if (value === undefined) return true;
  switch (spec.kind) {
    case 'per-side':
      return isRecord(value) && Object.values(value).every((v) => v === spec.default);
    case 'ratio':
      return isRecord(value) && Object.keys(value).length === 2 && value.a === spec.default.a && value.d === spec.default.d;
    default:
      return value === spec.default;
  }
}

/** One side's number under a per-side setting: its own where it has one, else the default. */
export function sideValue(spec: OptionSpec & { kind: 'per-side' }, value: unknown, sideId: string): unknown {
  return isRecord(value) && Object.hasOwn(value, sideId) ? value[sideId] : spec.default;
}

const raw = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? String(v)));
/** One side of a ratio: a number or text as it is, a missing one as "?", anything else as JSON rather than "[object Object]". */
const ratioPart = (v: unknown): string => {
  if (v === undefined || v === null) return '?';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return raw(v);
};

/** A choice's label said inline: "Option #2: written orders" reads "Option #2 (written orders)" after a colon. */
const inlineChoice = (label: string): string => label.replace(/^([^:]+): (.+)$/, '$1 ($2)');

/** The value in words: on or off, a number with its unit, the choice's name, a:d, or each side's number. */
export function optionValueWords(spec: OptionSpec, value: unknown, sides: readonly SideName[]): string {
  switch (spec.kind) {
    case 'switch':
      return value === true ? 'on' : value === false ? 'off' : raw(value);
    case 'number':
      return typeof value === 'number' ? `${value}${spec.unit ?? ''}` : raw(value);
    case 'choice': {
      const choice = spec.choices.find((c) => c.value === value);
      return choice ? inlineChoice(choice.label) : raw(value);
    }
    case 'ratio':
      return isRecord(value) ? `${ratioPart(value.a)}:${ratioPart(value.d)}` : raw(value);
    case 'per-side': {
      if (!isRecord(value)) return raw(value);
      // Every side of the scenario, in its order, so the reader sees both numbers; then any id that is no side.
      const known = sides.map((s) => `${s.name} ${raw(sideValue(spec, value, s.id))}`);
      const stray = Object.keys(value).filter((k) => !sides.some((s) => s.id === k)).map((k) => `${k} ${raw(value[k])}`);
      return [...known, ...stray].join(', ');
    }
  }
}

export interface SettingLine {
  name: string;
  /** The rule's own name, or the key in words for a name the catalogue does not know. */
  label: string;
  value: string;
  /** The section of the rule text, when the catalogue knows the setting. */
  rule?: string;
  known: boolean;
  /** Says no more than the rules' default (listed only when asked for). */
  isDefault: boolean;
}

/** `resupplyGuns` → "Resupply guns", for a setting no catalogue names. */
function keyWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The settings of one system's block that differ from the rules' defaults (or every one given, `withDefaults`), in
 * the catalogue's order, then any name the catalogue does not know (kept by the format, said as it stands).
 */
export function settingsInWords(specs: readonly OptionSpec[], block: unknown, sides: readonly SideName[], withDefaults = false): SettingLine[] {
  if (!isRecord(block)) return [];
  const out: SettingLine[] = [];
  for (const spec of specs) {
    if (!Object.hasOwn(block, spec.name)) continue;
    const value = block[spec.name] as OptionValue;
    const isDefault = isDefaultValue(spec, value);
    if (isDefault && !withDefaults) continue;
    out.push({ name: spec.name, label: spec.label, value: optionValueWords(spec, value, sides), rule: spec.rule, known: true, isDefault });
  }
  for (const [name, value] of Object.entries(block)) {
    if (specs.some((s) => s.name === name)) continue;
    out.push({ name, label: keyWords(name), value: value === true ? 'on' : value === false ? 'off' : raw(value), known: false, isDefault: false });
  }
  return out;
}
