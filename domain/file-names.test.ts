import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './document.js';
import { MAX_STEM_CHARS, slugify, suggestedFileName } from './file-names.js';
import type { ArmyList, Scenario } from './model.js';

const sample = (name: string) => {
  const r = parseDocument(readFileSync(new URL(`../scenarios/${name}`, import.meta.url), 'utf8'));
  if (!r.document) throw new Error(`${name} does not parse`);
  return r.document;
};

describe('file names from titles', () => {
  it('makes a bundled scenario\'s title into its file name, and an army list\'s name into one of its kind', () => {
    const scenario = sample('se-01-hold-the-bridge.scenario.json') as Scenario;
    expect(scenario.title).toBe('Hold the Bridge at Moosdorf');
    expect(suggestedFileName(scenario)).toBe('hold-the-bridge-at-moosdorf.scenario.json');
    const army: ArmyList = { type: 'aide-de-camp/army', schemaVersion: 1, id: 'x', name: 'Armée du Nord, 1815', ruleSystem: 'napoleons-eagles', units: [] } as unknown as ArmyList;
    expect(suggestedFileName(army)).toBe('armee-du-nord-1815.army.json');
  });

  it('drops what a file system forbids, accents and apostrophes, and keeps letters of any script', () => {
    expect(slugify('Ney\'s "Last" Charge: Waterloo / 18:00?')).toBe('neys-last-charge-waterloo-18-00');
    expect(slugify('  <Quatre*Bras>|\\ ')).toBe('quatre-bras');
    expect(slugify('Бородино — Шевардино')).toBe('бородино-шевардино');
    expect(slugify('Großgörschen')).toBe('großgorschen');
  });

  it('falls back to the id, then to "untitled", for a title with no letters or digits', () => {
    const scenario = sample('se-01-hold-the-bridge.scenario.json') as Scenario;
    expect(suggestedFileName({ ...scenario, title: '' })).toBe(`${slugify(scenario.id)}.scenario.json`);
    expect(suggestedFileName({ ...scenario, title: '?!… ', id: '' })).toBe('untitled.scenario.json');
  });

  it('avoids the names Windows keeps for devices', () => {
    const scenario = sample('se-01-hold-the-bridge.scenario.json') as Scenario;
    expect(suggestedFileName({ ...scenario, title: 'CON' })).toBe('con-scenario.scenario.json');
    expect(suggestedFileName({ ...scenario, title: 'Com1' })).toBe('com1-scenario.scenario.json');
    expect(suggestedFileName({ ...scenario, title: 'Console' })).toBe('console.scenario.json');
  });

  it('cuts a long title between words, within the limit', () => {
    const long = 'The Battle of the Nations at Leipzig, the Third Day, with the Saxon Defection and the Retreat over the Elster';
    const stem = slugify(long);
    expect(Array.from(stem).length).toBeLessThanOrEqual(MAX_STEM_CHARS);
    expect(long.toLowerCase().replace(/,/g, '').replace(/ /g, '-').startsWith(stem)).toBe(true);
    expect(stem.endsWith('-')).toBe(false);
    // One word longer than the limit is cut inside it.
    expect(Array.from(slugify('x'.repeat(200))).length).toBe(MAX_STEM_CHARS);
  });
});
