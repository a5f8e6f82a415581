import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseDocument, parseJson, serializeDocument } from './document.js';
import { CURRENT_SCHEMA_VERSION } from './migrations.js';
import { ARMY_TYPE, SCENARIO_TYPE, type Scenario } from './model.js';
import { validateDocument } from './validate.js';

/** A small complete scenario carrying unknown fields at every level a file can nest them. */
function scenarioWithExtras() {
  return {
    type: SCENARIO_TYPE,
    schemaVersion: 1,
    id: 'extras',
    title: 'Extras everywhere',
    ruleSystem: 'square-eagles',
    'x-editor': { zoom: 1.5, layers: ['terrain', 'units'], selected: null },
    table: { width: 36, height: 36, felt: 'green' },
    grid: { kind: 'square', cell: 6, lineColour: '#777777' },
    terrain: [
      { id: 'wd', kind: 'woods', polygon: [[0, 0], [6, 0], [6, 6]], texture: 'oak', meta: { source: 'survey' } },
      { id: 'rv', kind: 'river', path: [[0, 21], [36, 21]], flow: 'east' },
      { id: 'br', kind: 'bridge', at: [15, 21], river: 'rv', load: 12 },
    ],
    sides: [
      {
        id: 'red',
        name: 'French',
        motto: 'Vive l’Empereur',
        army: {
          id: 'fr',
          name: 'Division',
          echelon: 'division',
          painted: 0.8,
          leader: { id: 'fr-gen', name: 'Gérard', portrait: 'gerard.png', ratings: { 'square-eagles': { excellentStaff: true, mood: 'bold' } } },
          formations: [],
          units: [
            {
              id: 'fr-1',
              name: '3e Ligne',
              arm: 'infantry',
              type: 'line',
              basing: { figures: 24, depth: 1 },
              ratings: { 'square-eagles': { sp: 7, note: 'veteran cadre' }, 'black-powder': { stamina: 3 } },
              setup: { cell: 'C2', facing: 180, arrow: true },
            },
          ],
        },
        deployment: [{ zone: { edge: 'north', depth: 6, shade: 'light' }, units: ['fr-1'], label: 'Start' }],
      },
      {
        id: 'blue',
        name: 'Prussians',
        army: { id: 'pr', name: 'Brigade', echelon: 'brigade', leader: { id: 'pr-gen', name: 'Pirch' }, units: [] },
        reinforcements: [],
      },
    ],
    objectives: [{ id: 'obj', feature: 'br', vp: 50, marker: 'flag' }],
    turns: { limit: 15, first: 'red', clock: '14:00' },
    victory: [{ kind: 'points', tieBreak: 'blue' }],
    ruleOptions: { 'square-eagles': { defend: true }, 'house-rules': { fog: true } },
  };
}

describe('parseDocument and serializeDocument', () => {
  it('keep unknown fields at every level through a round trip', () => {
    const original = scenarioWithExtras();
    const loaded = parseDocument(JSON.stringify(original));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.document).toEqual(original);
    expect(loaded.notes).toEqual([]);

    const saved = serializeDocument(loaded.document);
    expect(JSON.parse(saved)).toEqual(original);
    const reloaded = parseDocument(saved);
    expect(reloaded.ok && reloaded.document).toEqual(original);
  });

  it('does not make a document with unknown fields invalid', () => {
    const loaded = parseDocument(JSON.stringify(scenarioWithExtras()));
    if (!loaded.ok) throw new Error('did not load');
    expect(validateDocument(loaded.document).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('writes stable two-space JSON ending in a newline, with the app name when given', () => {
    const loaded = parseDocument(JSON.stringify(scenarioWithExtras()));
    if (!loaded.ok) throw new Error('did not load');
    const text = serializeDocument(loaded.document, 'aide-de-camp 0.3.0');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "type": "aide-de-camp/scenario",');
    expect(JSON.parse(text).app).toBe('aide-de-camp 0.3.0');
    // The loaded document itself is not changed by saving.
    expect(loaded.document.app).toBeUndefined();
    expect(serializeDocument(loaded.document, 'aide-de-camp 0.3.0')).toBe(text);
  });

  it('does not share objects with the parsed input, so edits to the document never alias the source', () => {
    const input = scenarioWithExtras();
    const loaded = parseDocument(JSON.stringify(input));
    if (!loaded.ok) throw new Error('did not load');
    ((loaded.document as Scenario).terrain[0] as { texture?: string }).texture = 'pine';
    expect((input.terrain[0] as { texture?: string }).texture).toBe('oak');
  });

  it('accepts a UTF-8 byte-order mark and does not write one back', () => {
    const text = '\uFEFF' + JSON.stringify(scenarioWithExtras(), null, 2);
    const loaded = parseDocument(text);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(serializeDocument(loaded.document).charCodeAt(0)).toBe('{'.charCodeAt(0));
  });

  it('loads an army list', () => {
    const loaded = parseDocument(
      JSON.stringify({ type: ARMY_TYPE, schemaVersion: 1, id: 'a', name: 'A', army: { id: 'x', name: 'X', echelon: 'corps' } }),
    );
    expect(loaded.ok && loaded.document.type).toBe(ARMY_TYPE);
  });
});

describe('parseDocument refuses what it cannot load', () => {
  const refused = (text: string) => {
    const r = parseDocument(text);
    expect(r.ok).toBe(false);
    if (r.ok) throw new Error('loaded');
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.severity).toBe('error');
    return r.problems[0]!;
  };

  it('reports the line and column of a JSON syntax error (a missing comma)', () => {
    const text = ['{', '  "type": "aide-de-camp/scenario",', '  "schemaVersion": 1', '  "id": "x"', '}'].join('\n');
    const p = refused(text);
    expect(p.path).toBe('');
    expect(p.message).toMatch(/^The file is not valid JSON: /);
    expect(p.message).toContain('at line 4, column 3');
    expect(p.hint).toBeTruthy();
  });

  it('reports the line and column of a trailing comma, counting CRLF lines as one line each', () => {
    const text = ['{', '  "type": "aide-de-camp/scenario",', '  "schemaVersion": 1,', '}'].join('\r\n');
    expect(refused(text).message).toContain('at line 4, column 1');
  });

  it('counts columns from after a byte-order mark, as an editor shows them', () => {
    // The fault is the closing brace at the start of line 2.
    const text = '\uFEFF{"type": "aide-de-camp/scenario",\n}';
    expect(refused(text).message).toContain('at line 2, column 1');
    expect(refused('\uFEFF{"a": 1,}').message).toContain('at line 1, column 9');
  });

  it('points at the end of a file that stops short', () => {
    const text = '{\n  "type": "aide-de-camp/scenario",\n  "sides": [';
    expect(refused(text).message).toContain('at line 3, column 13');
  });

  it('refuses text that is not JSON at all', () => {
    const p = refused('Scenario: Ligny, 16 June 1815');
    expect(p.message).toMatch(/^The file is not valid JSON/);
    expect(p.message).toContain('at line 1, column 1');
  });

  it('finds the place of mistakes the JSON parser names no position for, without quoting the whole file back', () => {
    // A misspelt word, a comment, a stray word after the object: each points at its first wrong character.
    const misspelt = refused('{\n  "type": "aide-de-camp/scenario",\n  "locked": tru\n}');
    expect(misspelt.message).toContain('at line 3, column 16');
    expect(misspelt.message).not.toContain('aide-de-camp/scenario');
    expect(refused('{"a": 1} extra').message).toContain('at line 1, column 10');
    expect(refused('{"a": [1, 2,\n  // note\n  3]}').message).toContain('at line 2, column 3');
    expect(refused('{"a": "\\x"}').message).toContain('at line 1, column 9');
    expect(refused('{"a": -}').message).toContain('at line 1, column 8');
  });

  it('refuses JSON that is not an object', () => {
    expect(refused('[1, 2, 3]').message).toContain('expected a JSON object');
    expect(refused('"scenario"').message).toContain('expected a JSON object');
    expect(refused('null').message).toContain('expected a JSON object');
  });

  it('refuses a document without a type, or with a foreign one', () => {
    expect(refused('{"schemaVersion": 1}')).toMatchObject({ path: '', message: '"type" is missing' });
    expect(refused('{"type": "tiled/map", "schemaVersion": 1}')).toMatchObject({
      path: '/type',
      message: '"tiled/map" is not an Aide-de-Camp document type',
    });
  });

  it('refuses a newer schemaVersion with a message naming both versions', () => {
    const newer = CURRENT_SCHEMA_VERSION + 1;
    const p = refused(JSON.stringify({ type: SCENARIO_TYPE, schemaVersion: newer, id: 's', title: 'S' }));
    expect(p.path).toBe('/schemaVersion');
    expect(p.message).toContain(`version ${newer}`);
    expect(p.message).toContain(`(${CURRENT_SCHEMA_VERSION})`);
    expect(p.hint).toMatch(/not been changed/);
    expect(refused(JSON.stringify({ type: ARMY_TYPE, schemaVersion: 99 })).message).toContain('version 99');
  });

  it('refuses a missing or malformed schemaVersion', () => {
    expect(refused(JSON.stringify({ type: SCENARIO_TYPE })).message).toBe('"schemaVersion" is missing');
    expect(refused(JSON.stringify({ type: SCENARIO_TYPE, schemaVersion: '1' })).path).toBe('/schemaVersion');
    expect(refused(JSON.stringify({ type: SCENARIO_TYPE, schemaVersion: 0 })).path).toBe('/schemaVersion');
    expect(refused(JSON.stringify({ type: SCENARIO_TYPE, schemaVersion: 1.5 })).path).toBe('/schemaVersion');
  });

  describe(`refuses nesting deeper than MAX_DEPTH (${MAX_DEPTH})`, () => {
    // `levels` nested lists under a top-level field: the innermost list sits `levels` levels below the document.
    const nested = (levels: number) =>
      `{"type": "${SCENARIO_TYPE}", "schemaVersion": 1, "deep": ${'['.repeat(levels)}${']'.repeat(levels)}}`;

    it('accepts exactly MAX_DEPTH levels', () => {
      expect(parseDocument(nested(MAX_DEPTH)).ok).toBe(true);
    });

    it('refuses one level more', () => {
      expect(refused(nested(MAX_DEPTH + 1)).message).toBe(`The document is nested more than ${MAX_DEPTH} levels deep.`);
    });

    it('refuses a hostile 100,000 levels without overflowing the stack', () => {
      expect(refused(nested(100_000)).message).toContain('nested more than');
    });

    it('counts depth through objects as well as lists', () => {
      let inner = '{}';
      for (let i = 0; i < MAX_DEPTH; i++) inner = `{"formations": ${inner}}`;
      expect(refused(`{"type": "${SCENARIO_TYPE}", "schemaVersion": 1, "army": ${inner}}`).message).toContain('nested more than');
    });
  });
});

describe('parseJson', () => {
  it('parses plain JSON and strips only a leading byte-order mark', () => {
    expect(parseJson('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJson('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('{"a": "\uFEFF"}')).toEqual({ ok: true, value: { a: '\uFEFF' } });
  });
});
