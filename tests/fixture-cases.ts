// What the hand-worked case folders share (tests/fixtures/explain/, tests/fixtures/explain-hex/): NN-name pairs of
// a scenario and its expectation, and a console that keeps what a command printed.
import { readdirSync } from 'node:fs';
import { expect } from 'vitest';
import type { Io } from '../cli/output.js';

const SCENARIO = /^(\d{2,3}-[a-z0-9-]+)\.scenario\.json$/;
const EXPECT = /^(\d{2,3}-[a-z0-9-]+)\.expect\.json$/;

/** The cases of `dir` by stem ("05-guns-at-4-boxes"), in order. */
export function caseStems(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => EXPECT.exec(f)?.[1] ?? []);
}

/** Checks that `dir` holds at least `min` cases, each scenario paired with its expectation, with unique numbers. */
export function expectPairedCases(dir: string, min: number): void {
  const files = readdirSync(dir).sort();
  const stems = caseStems(dir);
  expect(stems.length).toBeGreaterThanOrEqual(min);
  expect(files.flatMap((f) => SCENARIO.exec(f)?.[1] ?? [])).toEqual(stems);
  for (const f of files) expect(SCENARIO.test(f) || EXPECT.test(f), `${f} is neither a scenario nor an expect file`).toBe(true);
  expect(new Set(stems.map((s) => s.slice(0, s.indexOf('-')))).size).toBe(stems.length);
}

/** An Io that keeps every line, for reading a command's output in a test. */
export function capture(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}
