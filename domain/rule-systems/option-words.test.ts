import { describe, expect, it } from 'vitest';
import { NE_OPTIONS } from './napoleons-eagles-options.js';
import { isDefaultValue, optionValueWords, settingsInWords } from './option-words.js';
import type { OptionSpec } from './options.js';

const spec = (name: string): OptionSpec => NE_OPTIONS.find((o) => o.name === name)!;
const SIDES = [{ id: 'red', name: 'Prussians' }, { id: 'blue', name: 'French' }];

describe('isDefaultValue', () => {
  it('knows a default of every kind, and absence as the default', () => {
    expect(isDefaultValue(spec('carbines'), false)).toBe(true);
    expect(isDefaultValue(spec('carbines'), true)).toBe(false);
    expect(isDefaultValue(spec('weatherEffects'), true)).toBe(true);
    expect(isDefaultValue(spec('thresholdPercent'), 50)).toBe(true);
    expect(isDefaultValue(spec('commandOption'), 2)).toBe(false);
    expect(isDefaultValue(spec('sideRatio'), { a: 2, d: 1 })).toBe(true);
    expect(isDefaultValue(spec('sideRatio'), { a: 3, d: 2 })).toBe(false);
    expect(isDefaultValue(spec('turnPoints'), { red: 20, blue: 20 })).toBe(true);
    expect(isDefaultValue(spec('turnPoints'), {})).toBe(true);
    expect(isDefaultValue(spec('turnPoints'), { blue: 18 })).toBe(false);
    expect(isDefaultValue(spec('turnPoints'), undefined)).toBe(true);
  });
});

describe('optionValueWords', () => {
  it('says each kind the way a player reads it', () => {
    expect(optionValueWords(spec('carbines'), true, SIDES)).toBe('on');
    expect(optionValueWords(spec('weatherEffects'), false, SIDES)).toBe('off');
    expect(optionValueWords(spec('thresholdPercent'), 40, SIDES)).toBe('40%');
    expect(optionValueWords(spec('commandOption'), 2, SIDES)).toBe('Option #2 (written orders per division)');
    expect(optionValueWords(spec('sideRatio'), { a: 3, d: 2 }, SIDES)).toBe('3:2');
  });

  it('names every side of a per-side setting, the default for a side left out', () => {
    expect(optionValueWords(spec('turnPoints'), { blue: 18 }, SIDES)).toBe('Prussians 20, French 18');
    expect(optionValueWords(spec('turnPoints'), { blue: 18, green: 3 }, SIDES)).toBe('Prussians 20, French 18, green 3');
  });

  it('shows a value of the wrong shape as it stands', () => {
    expect(optionValueWords(spec('carbines'), 'yes', SIDES)).toBe('"yes"');
    expect(optionValueWords(spec('commandOption'), 7, SIDES)).toBe('7');
  });
});

describe('settingsInWords', () => {
  it('lists what differs from the defaults in the catalogue order, then names it does not know', () => {
    const lines = settingsInWords(
      NE_OPTIONS,
      { companySkirmishers: true, turnPoints: { red: 20, blue: 18 }, commandOption: 1, sideRatio: { a: 2, d: 1 }, smokey: true },
      SIDES,
    );
    expect(lines.map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Turn points per game turn: Prussians 20, French 18',
      'Company skirmishers: on',
      'Smokey: on',
    ]);
    expect(lines[0]!.rule).toBe('Using Uneven Number of Turn Points');
    expect(lines[2]!.known).toBe(false);
  });

  it('lists the defaults a block gives too when asked, marked as such', () => {
    const lines = settingsInWords(NE_OPTIONS, { commandOption: 1, carbines: true }, SIDES, true);
    expect(lines.map((l) => [l.name, l.value, l.isDefault])).toEqual([
      ['commandOption', 'Option #1 (command radii, no written orders)', true],
      ['carbines', 'on', false],
    ]);
  });

  it('has nothing to say of a missing or broken block', () => {
    expect(settingsInWords(NE_OPTIONS, undefined, SIDES)).toEqual([]);
    expect(settingsInWords(NE_OPTIONS, [true], SIDES)).toEqual([]);
  });
});
