// An objective with no name of its own is named for what the user sees: its feature as the pickers name it, or its
// place in the list, never the id the file keeps for it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model.js';
import { validateDocument } from '../validate.js';
import { victorySentences } from '../victory-words.js';
import { renderSheet } from './sheet.js';
import { featureNames, objectiveName } from './words.js';

const plancenoit = (): Scenario =>
  JSON.parse(readFileSync(new URL('../../scenarios/ne-01-plancenoit.scenario.json', import.meta.url), 'utf8')) as Scenario;

/** Plancenoit with its village and its objective on it left unnamed, the objective's id a bare number. */
function unnamedVillage(): Scenario {
  const doc = plancenoit();
  const town = doc.terrain.find((f) => f.id === 'tn-plancenoit')!;
  delete town.name;
  const objective = doc.objectives!.find((o) => o.id === 'obj-village')!;
  delete objective.name;
  objective.id = 'objective-1';
  for (const v of doc.victory ?? []) if (v.kind === 'hold') v.objectives = v.objectives.map((id) => (id === 'obj-village' ? 'objective-1' : id));
  return doc;
}

describe('names of unnamed features and objectives', () => {
  it('numbers an unnamed feature among its kind and keeps a named one’s own name', () => {
    const doc = unnamedVillage();
    const names = featureNames(doc);
    expect(names.get('tn-plancenoit')).toBe('Unnamed town 1');
    expect(names.get('br-lasne')).toBe('Lasne bridge');
  });

  it('names an objective on an unnamed feature by that feature in the victory sentence and on the sheet', () => {
    const doc = unnamedVillage();
    expect(validateDocument(doc).filter((p) => p.severity === 'error')).toEqual([]);
    const objective = doc.objectives!.find((o) => o.id === 'objective-1')!;
    expect(objectiveName(doc, objective)).toBe('Unnamed town 1');
    const hold = victorySentences(doc).find((s) => s.includes('hold'))!;
    expect(hold).toContain('Unnamed town 1');
    expect(hold).not.toContain('objective-1');
    const sheet = renderSheet(doc, { paper: 'a4', appVersion: '9.9.9' });
    expect(sheet).toContain('Unnamed town 1');
    expect(sheet).not.toContain('objective-1');
  });

  it('names an objective at a bare point by its place in the list', () => {
    const doc = plancenoit();
    const lasne = doc.objectives![2]!;
    delete lasne.name;
    delete lasne.feature;
    lasne.point = [10, 10];
    expect(objectiveName(doc, lasne)).toBe('Objective 3');
  });
});
