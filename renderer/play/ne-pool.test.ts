// The charge preview in words ('Resolving Close Actions'; the brief's assault explanation): a melee's odds only when
// both sides close, and a cavalry charge on foot or guns said as what it is — no melee, ridden down or failed.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NePool } from './NePanel.js';

const words = (explanation: unknown) =>
  renderToStaticMarkup(createElement(NePool, { explanation, targetName: 'I./15. IR', names: new Map() }))
    // The styles the components carry in server rendering, then every tag.
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/ ,/g, ',')
    .trim();
const side = (value: number, pass: number) => ({ unit: 'x', base: value, modifiers: [], value, enfilade: 0, morale: { rating: 16, modifiers: [], need: pass * 20, pass } });

describe('the charge preview', () => {
  it('a melee: the odds if both close, each side’s MV and morale check', () => {
    const x = { allowed: true, kind: 'close-action', aspect: 'flank', contact: 'full', attacker: side(50, 0.85), defender: side(40, 0.6), odds: { attacker: 0.5, defender: 0.4, again: 0.1 }, rideDown: null };
    expect(words(x)).toBe('Charge on I./15. IR, striking its flank If both close, the melee: wins 50%, loses 40%, fought again 10% Charger MV 50 · closes on a morale check 85% Defender MV 40 · stands on a morale check 60%');
  });

  it('cavalry that would ride the line down: no melee odds of 100%, the casualties it would inflict', () => {
    const x = { allowed: true, kind: 'cavalry-charge', aspect: 'front', contact: 'full', attacker: side(40, 0.8), defender: side(40, 0.55), odds: { attacker: 1, defender: 0, again: 0 }, rideDown: true, casualties: { rideDown: 4, cavalryLoses: 1 } };
    expect(words(x)).toContain('No melee: if the charge closes it rides I./15. IR down (4 casualties, the cavalry loses 1).');
    expect(words(x)).not.toContain('100%');
  });

  it('cavalry against a square: it fails if the square stands', () => {
    const x = { allowed: true, kind: 'cavalry-charge', aspect: 'front', contact: 'full', attacker: side(40, 0.8), defender: side(40, 0.75), odds: { attacker: 0, defender: 1, again: 0 }, rideDown: false, casualties: { rideDown: 0, cavalryLoses: 0 } };
    expect(words(x)).toContain('No melee: if I./15. IR stands (75%) and the charge closes, the charge fails and the cavalry retreats');
  });
});

describe('the solid-shot preview under the visibility rule (rules notes §15)', () => {
  it('names each unit the ball may strike as the firer makes it out, not by the name the table hides', () => {
    const x = {
      allowed: true, kind: 'solid-shot', range: 30, band: 'medium', hitOn: 4, dice: 1, bounce: 10, expected: 0.5,
      victims: [
        { unit: 'b1', hitOn: 4, damagePerHit: 6, dense: false, damageModifiers: [], expected: 0.5 },
        { unit: 'b2', hitOn: 4, damagePerHit: 6, dense: false, damageModifiers: [], expected: 0.25 },
      ],
    };
    const seen: Record<string, string> = { b1: 'enemy line infantry', b2: 'an enemy mass' };
    const text = renderToStaticMarkup(createElement(NePool, { explanation: x, targetName: 'enemy line infantry', names: new Map([['b1', '2nd Grenadiers'], ['b2', 'Guard Lancers']]), nameOf: (id: string) => seen[id] ?? id }));
    expect(text).toContain('enemy line infantry</span>: 6 damage a hit');
    expect(text).toContain('an enemy mass</span>: 6 damage a hit');
    expect(text).not.toMatch(/Grenadiers|Lancers/);
  });
});
