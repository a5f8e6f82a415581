// `adc explain --actions` (docs/cli.md "explain"): the actions a Napoleon's Eagles unit spends firing, 1 or 2.
import { describe, expect, it } from 'vitest';
import { explainCommand, parseActions } from './explain.js';
import { UsageError } from './output.js';
import { capture } from '../tests/fixture-cases.js';

describe('adc explain --actions', () => {
  it('takes 1 or 2 and refuses anything else with a usage error', () => {
    expect(parseActions(undefined)).toBeUndefined();
    expect(parseActions('1')).toBe(1);
    expect(parseActions('2')).toBe(2);
    expect(() => parseActions('3')).toThrow(UsageError);
    expect(() => parseActions('two')).toThrow(/--actions is 1 or 2/);
  });

  it('is refused before any file is read: a third action, or actions with an assault', async () => {
    await expect(explainCommand(capture(), ['nowhere.json', '--fire', 'a', '--target', 'b', '--actions', '3'])).rejects.toThrow(/--actions is 1 or 2/);
    await expect(explainCommand(capture(), ['nowhere.json', '--assault', 'a', '--target', 'b', '--actions', '2'])).rejects.toThrow(/goes with --fire/);
  });
});
