// A scenario's rule settings (`ruleOptions`) edited as labelled history steps. A setting equal to the rules' default
// is left out of the document, and a system's block or `ruleOptions` left empty goes with it, so a file says only
// what differs from the rules. Each step records the whole `ruleOptions` value: its path stays the same while the
// user types, so the keystrokes of one field fold into one undo step even when a value comes and goes.
import type { OptionValue, Scenario } from '../../domain/model.js';
import { isDefaultValue } from '../../domain/rule-systems/option-words.js';
import type { OptionSpec, PerSideOption, RatioOption } from '../../domain/rule-systems/options.js';
import { profileFor } from '../../domain/rule-systems/registry.js';
import { deepEqual } from '../army/diff.js';
import type { EditorAction } from '../state/editor.js';
import { ABSENT, getAt } from '../state/history.js';

export type Edit = Extract<EditorAction, { type: 'edit' }>;

type Block = Record<string, OptionValue>;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The scenario's settings as plain records; anything that is not a record is left to the validator's message. */
function allOf(doc: Scenario): Record<string, unknown> {
  return isRecord(doc.ruleOptions) ? doc.ruleOptions : {};
}

/** The value a clean document keeps: nothing for a default, and a per-side value without the sides at the default. */
export function cleanValue(spec: OptionSpec, value: OptionValue | undefined): OptionValue | undefined {
  if (value === undefined) return undefined;
  if (spec.kind === 'per-side' && isRecord(value)) {
    const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== spec.default)) as Record<string, number>;
    return Object.keys(kept).length ? kept : undefined;
  }
  return isDefaultValue(spec, value) ? undefined : value;
}

/** One step that replaces `ruleOptions` by `next`, removing it when nothing is left. */
function step(doc: Scenario, next: Record<string, unknown>, label: string, mergeKey?: string): Edit {
  const before = getAt(doc, ['ruleOptions']);
  const after = Object.keys(next).length ? next : ABSENT;
  const changes = deepEqual(before, after) ? [] : [{ path: ['ruleOptions'], before, after }];
  return mergeKey === undefined ? { type: 'edit', label, changes } : { type: 'edit', label, changes, mergeKey };
}

/** `ruleOptions` with one system's block changed by `change`, an empty block removed. */
function withBlock(doc: Scenario, system: string, change: (block: Block) => Block): Record<string, unknown> {
  const all = { ...allOf(doc) };
  const had = all[system];
  const block = change(isRecord(had) ? { ...(had as Block) } : {});
  if (Object.keys(block).length) all[system] = block;
  else delete all[system];
  return all;
}

const mergeKeyOf = (system: string, ...parts: string[]): string => ['option', system, ...parts].join('/');

export function setLabel(spec: OptionSpec, value: OptionValue | undefined): string {
  if (spec.kind === 'switch') return `Switch ${(value ?? spec.default) === true ? 'on' : 'off'} ${spec.label}`;
  return `Set ${spec.label}`;
}

/**
 * Sets one setting of `system` (undefined, or the default, removes it). Numbers being typed pass `typing`, so the
 * keystrokes of one field make one step.
 */
export function setOptionEdit(doc: Scenario, system: string, spec: OptionSpec, value: OptionValue | undefined, typing = false): Edit {
  const clean = cleanValue(spec, value);
  const next = withBlock(doc, system, (block) => {
    if (clean === undefined) delete block[spec.name];
    else block[spec.name] = clean;
    return block;
  });
  return step(doc, next, setLabel(spec, value), typing ? mergeKeyOf(system, spec.name) : undefined);
}

/** The setting's value as the document holds it, or undefined. */
export function storedValue(doc: Scenario, system: string, name: string): unknown {
  const block = allOf(doc)[system];
  return isRecord(block) && Object.hasOwn(block, name) ? block[name] : undefined;
}

/** One side's number of a per-side setting; undefined gives that side the default again. */
export function setSideValueEdit(doc: Scenario, system: string, spec: PerSideOption, sideId: string, n: number | string | undefined): Edit {
  const had = storedValue(doc, system, spec.name);
  const value: Record<string, unknown> = isRecord(had) ? { ...had } : {};
  if (n === undefined) delete value[sideId];
  else value[sideId] = n;
  const edit = setOptionEdit(doc, system, spec, value as OptionValue, true);
  return { ...edit, mergeKey: mergeKeyOf(system, spec.name, sideId) };
}

/** One number of a ratio; the other keeps its value (or the default), and undefined takes the default again. */
export function setRatioPartEdit(doc: Scenario, system: string, spec: RatioOption, key: 'a' | 'd', n: number | string | undefined): Edit {
  const had = storedValue(doc, system, spec.name);
  const value: Record<string, unknown> = isRecord(had) ? { ...had } : { ...spec.default };
  value[key] = n === undefined ? spec.default[key] : n;
  const edit = setOptionEdit(doc, system, spec, value as OptionValue, true);
  return { ...edit, mergeKey: mergeKeyOf(system, spec.name, key) };
}

/** Removes one setting by name: a misspelt one, or one of another system. */
export function removeOptionEdit(doc: Scenario, system: string, name: string, label: string): Edit {
  return step(
    doc,
    withBlock(doc, system, (block) => {
      delete block[name];
      return block;
    }),
    `Remove ${label}`,
  );
}

/** Removes every setting of a system the scenario is not played with. */
export function removeSystemEdit(doc: Scenario, system: string): Edit {
  const all = { ...allOf(doc) };
  delete all[system];
  return step(doc, all, `Remove ${profileFor(system)?.title ?? system} settings`);
}

/** What a number field's text stores: nothing when empty, a number when it reads as one, else the text, which the
 *  validator then names. */
export function parseSettingNumber(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}
