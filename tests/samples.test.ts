// Every bundled sample must open cleanly: a user's first impression is one of these files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, serializeDocument } from '../domain/document.js';
import { unitsOf } from '../domain/forces.js';
import { isScenario, type Scenario } from '../domain/model.js';
import { validateDocument } from '../domain/validate.js';

const dir = path.resolve(import.meta.dirname, '../scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

const load = (file: string) => {
  const r = parseDocument(readFileSync(path.join(dir, file), 'utf8'));
  if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r.problems)}`);
  return r.document;
};

describe('bundled samples', () => {
  it('are all named *.scenario.json or *.army.json', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f).toMatch(/\.(scenario|army)\.json$/);
  });

  it.each(files)('%s is valid and free of warnings', (file) => {
    const doc = load(file);
    expect(doc.type).toBe(file.endsWith('.scenario.json') ? 'aide-de-camp/scenario' : 'aide-de-camp/army');
    expect(validateDocument(doc)).toEqual([]);
  });

  it.each(files)('%s survives a save and reload unchanged', (file) => {
    const doc = load(file);
    const again = parseDocument(serializeDocument(doc));
    expect(again.ok && again.document).toEqual(doc);
  });

  const scenarios = files.map((f) => [f, load(f)] as const).filter(([, d]) => isScenario(d)) as [string, Scenario][];
  const squareEagles = scenarios.filter(([, s]) => s.ruleSystem === 'square-eagles');

  it('include at least six Square Eagles scenarios on grids of 8×8 or more', () => {
    expect(squareEagles.length).toBeGreaterThanOrEqual(6);
    for (const [f, s] of squareEagles) {
      expect(s.grid?.kind, f).toBe('square');
      const cell = (s.grid as { cell: number }).cell;
      expect(Math.floor(s.table.width / cell), f).toBeGreaterThanOrEqual(8);
      expect(Math.floor(s.table.height / cell), f).toBeGreaterThanOrEqual(8);
    }
  });

  it.each(squareEagles.map(([f, s]) => [f, s]))('%s has a river with bridge and ford, a town, woods, a hill, a road and a marsh or lake', (_f, s) => {
    const kinds = new Set(s.terrain.map((t) => t.kind));
    for (const k of ['river', 'bridge', 'ford', 'town', 'woods', 'hill', 'road']) expect(kinds, k).toContain(k);
    expect(kinds.has('marsh') || kinds.has('lake')).toBe(true);
  });

  it('cover the other rule systems and include 1:60 army lists', () => {
    const ne = scenarios.find(([, s]) => s.ruleSystem === 'napoleons-eagles' && s.scale?.figureRatio === 30);
    expect(ne).toBeDefined();
    expect(ne![1].terrain.some((t) => t.kind === 'building-block')).toBe(true);
    expect(scenarios.some(([, s]) => s.ruleSystem === 'hex-skirmish')).toBe(true);
    expect(scenarios.some(([, s]) => s.ruleSystem === 'eagles-to-glory')).toBe(true);
    const lists = files.filter((f) => f.endsWith('.army.json')).map(load);
    expect(lists.filter((l) => l.ruleSystem === 'napoleons-eagles' && l.scale?.figureRatio === 60).length).toBeGreaterThanOrEqual(2);
  });

  it('keep to about six units a side in the One Hour Wargames scenarios', () => {
    for (const [f, s] of squareEagles) for (const side of s.sides) expect(unitsOf(side.army).length, f).toBeLessThanOrEqual(6);
  });
});
