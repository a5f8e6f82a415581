// The precompiled validators must match the schemas they come from; edit a schema and forget to regenerate,
// and this fails with the command to run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { generateValidators } from '../scripts/generate-validators.mjs';

describe('generated schema validators', () => {
  it('are up to date with schemas/ (run: npm run generate:validators)', () => {
    const committed = readFileSync(new URL('../domain/generated/schema-validators.ts', import.meta.url), 'utf8');
    expect(committed === (generateValidators() as string)).toBe(true);
  });
});
