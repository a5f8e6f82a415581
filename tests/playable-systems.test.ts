// The renderer may not import the engine, so the profiles say themselves which systems can be test-played; this
// keeps that list and the engine registry the same.
import { describe, expect, it } from 'vitest';
import { testPlayableSystems } from '../domain/rule-systems/registry.js';
import { engineFor, PLAYABLE_SYSTEMS } from '../engine/registry.js';

describe('test-playable systems', () => {
  it('are exactly the systems the engine registry has an engine for', () => {
    expect(testPlayableSystems().map((p) => p.id).sort()).toEqual([...PLAYABLE_SYSTEMS].sort());
    for (const id of PLAYABLE_SYSTEMS) expect(engineFor(id)).toBeDefined();
  });
});
