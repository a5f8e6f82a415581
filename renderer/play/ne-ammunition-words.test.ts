// The log's words for a battery's ammunition ('Artillery Ammunition', rules notes §13): after its fire a battery rolls
// one d6 per action fired (two with rapid fire), and each 6 takes it a step towards empty guns: running low at the
// first, critical at the second, out at the third (regimental guns at the second). The engine's `ammunition` event
// carries the count so far, not this roll's 6s: the words read the roll off the fire's last dice. Checked against a
// real game in tests/play-view.test.ts.
import { describe, expect, it } from 'vitest';
import { describeNeEvent } from './ne-words.js';
import { logLines } from './play-actions.js';

const names = new Map([
  ['g1', 'Horse Battery'],
  ['u1', 'I./15. IR'],
]);
const lines = (events: Record<string, unknown>[]) => logLines(events, 1, names, 1, describeNeEvent).map((l) => l.text);

describe('ammunition in the log (Artillery Ammunition)', () => {
  it('a 3 to hit and a 5 for ammunition: no 6 rolled, and the fire line says which die is which', () => {
    const [fire, ammo] = lines([
      { type: 'fire', unit: 'g1', target: 'u1', kind: 'canister', actions: 1, range: 4, dice: [3, 5], casualties: 1 },
      { type: 'ammunition', unit: 'g1', sixes: 0, out: false },
    ]);
    expect(fire).toBe('Horse Battery fires on I./15. IR at 4" (canister) [fire 3; ammunition 5]: 1 casualty');
    expect(ammo).toBe('Horse Battery rolls 5 for ammunition: no 6, ammunition still full');
  });

  it('rapid fire rolls two ammunition dice; a 6 among them is a step down, a second 6 later is critical', () => {
    // Rapid: the +3 fatigue follows the ammunition event, so the last two of the dice are ammunition dice.
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'solid-shot', actions: 1, dice: [4, 2, 6, 1], casualties: 2 },
        { type: 'ammunition', unit: 'g1', sixes: 2, out: false },
        { type: 'fatigue', unit: 'g1', level: 3 },
      ]).slice(0, 2),
    ).toEqual(['Horse Battery fires on I./15. IR (solid-shot) [fire 4, 2; ammunition 6, 1]: 2 casualties', 'Horse Battery rolls 6, 1 for ammunition: a 6, now critically low on ammunition']);
    // A 6 already rolled earlier and none now: still low, and no claim of a 6.
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'solid-shot', actions: 2, dice: [6, 3, 2], casualties: 0 },
        { type: 'ammunition', unit: 'g1', sixes: 1, out: false },
      ])[1],
    ).toBe('Horse Battery rolls 3, 2 for ammunition: no 6, running low on ammunition');
  });

  it('regimental guns are out at their second 6, as the event says', () => {
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'canister', actions: 1, dice: [2, 6], casualties: 0 },
        { type: 'ammunition', unit: 'g1', sixes: 2, out: true },
      ])[1],
    ).toBe('Horse Battery rolls 6 for ammunition: a 6, now out of ammunition');
  });

  it('an ammunition event without its fire says the level only', () => {
    expect(lines([{ type: 'ammunition', unit: 'g1', sixes: 1, out: false }])).toEqual(['Horse Battery: running low on ammunition']);
  });
});
