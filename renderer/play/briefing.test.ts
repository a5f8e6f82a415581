import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { briefingParts } from './briefing.js';

const scenario = {
  sides: [
    { id: 'prussia', name: 'Prussians' },
    { id: 'france', name: 'French' },
  ],
  briefings: { prussia: 'Take the church.\n\nThe horse battery comes on turn 2.', france: '  Hold the village.  ' },
} as unknown as Scenario;
const FIRST_RED = { red: 0, blue: 1 } as const;
const FIRST_BLUE = { red: 1, blue: 0 } as const;

describe('the briefings a test player reads', () => {
  it('puts the side the human plays first, wherever it stands in the scenario', () => {
    const parts = briefingParts(scenario, FIRST_RED, { red: 'ai', blue: 'human' });
    expect(parts.map((p) => [p.name, p.human])).toEqual([
      ['French', true],
      ['Prussians', false],
    ]);
    // The engine's red may be the scenario's second side.
    expect(briefingParts(scenario, FIRST_BLUE, { red: 'human', blue: 'ai' })[0]!.name).toBe('French');
  });

  it('keeps the scenario’s order with no human or two, the text trimmed but its paragraphs kept', () => {
    const parts = briefingParts(scenario, FIRST_RED, null);
    expect(parts.map((p) => p.name)).toEqual(['Prussians', 'French']);
    expect(parts[0]!.text).toBe('Take the church.\n\nThe horse battery comes on turn 2.');
    expect(parts[1]!.text).toBe('Hold the village.');
    expect(briefingParts(scenario, FIRST_RED, { red: 'human', blue: 'human' }).map((p) => p.name)).toEqual(['Prussians', 'French']);
  });

  it('lists a side with no briefing, empty, so the reader sees it has none', () => {
    const bare = { ...scenario, briefings: undefined } as unknown as Scenario;
    expect(briefingParts(bare, FIRST_RED, null).map((p) => p.text)).toEqual(['', '']);
  });
});
