import { describe, expect, it } from 'vitest';
import { entityOf } from './selection.js';

describe('entityOf', () => {
  it.each([
    ['/sides/0/army/formations/1/units/2/ratings/napoleons-eagles/rating', 'unit', '/sides/0/army/formations/1/units/2'],
    ['/army/formations/0/units/3/name', 'unit', '/army/formations/0/units/3'],
    ['/terrain/4/polygon/2', 'feature', '/terrain/4'],
    ['/objectives/1/vp', 'objective', '/objectives/1'],
    ['/sides/1/army/leader/name', 'leader', '/sides/1/army/leader'],
    ['/sides/1/army/formations/0', 'formation', '/sides/1/army/formations/0'],
    ['/sides/1/deployment/0/units/2', 'deployment', '/sides/1/deployment/0'],
    ['/sides/0/reinforcements/1/roll/need', 'reinforcement', '/sides/0/reinforcements/1'],
    ['/sides/1/name', 'side', '/sides/1'],
    ['/turns/first', 'document', ''],
    ['', 'document', ''],
  ])('%s is in a %s', (pointer, kind, at) => {
    expect(entityOf(pointer)).toEqual({ kind, pointer: at });
  });
});
