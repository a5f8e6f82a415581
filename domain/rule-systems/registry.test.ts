import { describe, expect, it } from 'vitest';
import { PROFILES, testPlayableSystems, testPlayProblem } from './registry.js';

describe('which rule systems can be test-played', () => {
  it('lets a scenario of a system with an engine play, gridded or open-table, and names the playable systems to every other', () => {
    const playable = testPlayableSystems();
    expect(playable.length).toBeGreaterThan(0);
    for (const profile of Object.values(PROFILES)) {
      const problem = testPlayProblem({ type: 'aide-de-camp/scenario', ruleSystem: profile.id });
      if (profile.testPlay) expect(problem).toBeNull();
      else {
        expect(problem).toContain(`not available for ${profile.title} scenarios`);
        for (const p of playable) expect(problem).toContain(p.title);
      }
    }
  });

  it('asks for a scenario when there is none, or only an army list', () => {
    expect(testPlayProblem(null)).toMatch(/needs a scenario/);
    expect(testPlayProblem({ type: 'aide-de-camp/army', ruleSystem: 'square-eagles' })).toMatch(/needs a scenario/);
    expect(testPlayProblem({ type: 'aide-de-camp/scenario', ruleSystem: 'chess' })).toMatch(/without a known rule system/);
  });
});
