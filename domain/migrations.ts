// Numbered, one-way migration steps from older format versions to the current one.
// Version 1 is the first published format, so the registry is empty; the framework is exercised by its tests
// and each future step must arrive with a test of its own.

/** The host's structured clone (every browser, worker and Node has it), declared here because the domain is compiled
 *  against the ECMAScript library alone: no DOM, no Node (tsconfig.core.json). */
declare function structuredClone<T>(value: T): T;

export const CURRENT_SCHEMA_VERSION = 1;

export interface Migration {
  /** The version this step reads; it writes `from + 1`. */
  from: number;
  /** One line for the note shown to the user after loading. */
  describe: string;
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

export const MIGRATIONS: readonly Migration[] = [];

export type MigrationResult =
  | { ok: true; document: Record<string, unknown>; notes: string[] }
  | { ok: false; message: string; hint: string };

/** Brings a document up to `target`, step by step, without touching the input object. */
export function migrate(
  doc: Record<string, unknown>,
  steps: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): MigrationResult {
  const version = doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      message: `schemaVersion ${JSON.stringify(version)} is not a format version`,
      hint: `Files written by this app have "schemaVersion": ${target}.`,
    };
  }
  if (version > target) {
    return {
      ok: false,
      message: `This file uses format version ${version}, newer than this app understands (${target}).`,
      hint: 'Open it with a newer version of Aide-de-Camp. The file has not been changed.',
    };
  }
  let current: Record<string, unknown> = structuredClone(doc);
  const notes: string[] = [];
  for (let v = version; v < target; v++) {
    const step = steps.find((s) => s.from === v);
    if (!step) {
      return { ok: false, message: `No migration from format version ${v}`, hint: 'This file cannot be upgraded.' };
    }
    current = { ...step.up(current), schemaVersion: v + 1 };
    notes.push(`Upgraded from format version ${v} to ${v + 1}: ${step.describe}`);
  }
  return { ok: true, document: current, notes };
}
