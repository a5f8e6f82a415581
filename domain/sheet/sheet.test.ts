import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitsOf } from '../forces.js';
import type { Formation, Scenario, Unit } from '../model.js';
import { vpTable } from '../victory-points.js';
import { cssString, escapeHtml, safeColor, textHtml } from './escape.js';
import { victorySentences } from './game.js';
import { namesEchelon } from './forces.js';
import { renderSheet, SHEET_CSP } from './sheet.js';

const samples = path.resolve(import.meta.dirname, '../../scenarios');
const sampleFiles = readdirSync(samples).filter((f) => f.endsWith('.scenario.json'));
const load = (name: string): Scenario => JSON.parse(readFileSync(path.join(samples, name), 'utf8')) as Scenario;
const sheet = (s: Scenario, paper: 'a4' | 'letter' = 'a4'): string => renderSheet(s, { paper, appVersion: '9.9.9' });

const EVIL = '<script>alert(1)</script> & Co';
const EVIL_HTML = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co';

function base(extra: Partial<Scenario> = {}): Scenario {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 't',
    title: 'Test',
    ruleSystem: 'square-eagles',
    scale: { figureRatio: 60 },
    table: { width: 36, height: 36 },
    grid: { kind: 'square', cell: 6 },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', army: { id: 'ra', name: 'Red army', echelon: 'corps', units: [] } },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'Blue army', echelon: 'corps', units: [] } },
    ],
    turns: { limit: 12, first: 'red' },
    ...extra,
  };
}

function unit(id: string, name: string, extra: Partial<Unit> = {}): Unit {
  return { id, name, arm: 'infantry', type: 'line', ratings: { 'square-eagles': { sp: 7 } }, ...extra };
}

/** The rows of the table that follows `marker` in the HTML, as arrays of cell texts (tags stripped). */
function rowsAfter(html: string, marker: string, rowClass = 'unit'): string[][] {
  const start = html.indexOf(marker);
  const end = html.indexOf('</table>', start);
  const table = html.slice(start, end);
  return [...table.matchAll(new RegExp(`<tr class="${rowClass}[^"]*">(.*?)</tr>`, 'g'))].map((m) =>
    [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '')),
  );
}

describe('escapeHtml', () => {
  it('escapes the five characters that can change HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml(EVIL)).toBe(EVIL_HTML);
  });

  it('prints non-strings as text and drops control characters', () => {
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml({ toString: () => '<b>' })).toBe('&lt;b&gt;');
    expect(escapeHtml('a\u0000b\u0007c\nd\te')).toBe('abc\nd\te');
  });

  it('leaves plain text and non-ASCII alone', () => {
    expect(escapeHtml('Gén. von Bülow, 1/4e Ligne — Saint-Étienne')).toBe('Gén. von Bülow, 1/4e Ligne — Saint-Étienne');
  });
});

describe('textHtml', () => {
  it('escapes, and keeps hyphenated words whole', () => {
    expect(textHtml('Garde of Seine-et-Marne & <i>')).toBe('Garde of <span class="nw">Seine-et-Marne</span> &amp; &lt;i&gt;');
    expect(textHtml('a - b')).toBe('a - b');
    expect(textHtml('x'.repeat(20) + '-' + 'y'.repeat(20))).toBe('x'.repeat(20) + '-' + 'y'.repeat(20));
  });
});

describe('cssString and safeColor', () => {
  it('writes a CSS string nothing can break out of', () => {
    const s = cssString('a"b\\c</style><script>\n');
    expect(s.startsWith('"') && s.endsWith('"')).toBe(true);
    expect(s.slice(1, -1)).not.toMatch(/["<>\n]/);
    expect(s).not.toContain('</style');
  });

  it('accepts colour syntax only', () => {
    expect(safeColor('#b03a2e', 'x')).toBe('#b03a2e');
    expect(safeColor('rgb(1, 2, 3)', 'x')).toBe('rgb(1, 2, 3)');
    expect(safeColor('red;background:url(http://x)', 'x')).toBe('x');
    expect(safeColor('#fff" onload="alert(1)', 'x')).toBe('x');
    expect(safeColor(7, 'x')).toBe('x');
  });
});

describe('renderSheet: user text prints as text', () => {
  const hostile = base({
    title: EVIL,
    author: EVIL,
    description: EVIL,
    terrain: [{ id: 'w1', kind: 'woods', name: EVIL, polygon: [[6, 6], [18, 6], [18, 18]] }],
    sides: [
      {
        id: 'red',
        name: `Red ${EVIL}`,
        nation: EVIL,
        color: '#fff" onload="alert(1)',
        army: {
          id: 'ra',
          name: EVIL,
          echelon: 'corps',
          leader: { id: 'rl', name: `Gen. ${EVIL}` },
          units: [unit('r1', `Grenadiers ${EVIL}`, { setup: { cell: 'B2', facing: 90 } })],
        },
      },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'Blue', echelon: 'corps', units: [unit('b1', `</td></tr></table>${EVIL}`)] } },
    ],
    objectives: [{ id: 'o1', name: EVIL, at: [30, 30], vp: 10 }],
    victory: [{ side: 'red', kind: 'hold', objectives: ['o1'] }, { kind: 'points' }],
    specialRules: [`Rule ${EVIL}`],
    briefings: { red: `Red brief ${EVIL}`, blue: 'Blue brief', umpire: `Umpire ${EVIL}`, '<img src=x onerror=alert(1)>': EVIL },
    ruleOptions: { 'square-eagles': { '<img src=x onerror=alert(1)>': true } },
  });
  const html = sheet(hostile);

  it('contains no script tag, element injection or external reference', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // Every real tag's attributes: no event handlers, no sources or links, no javascript: anywhere.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(100);
    for (const tag of tags) {
      expect(tag).not.toMatch(/\s(on[a-z]+|src|href|xlink:href|srcdoc)\s*=/i);
      expect(tag).not.toMatch(/javascript:/i);
    }
    expect(html).not.toContain('</td></tr></table><');
  });

  it('shows every piece of the text, escaped', () => {
    const count = html.split(EVIL_HTML).length - 1;
    // title ×2 (page and <title>), author, description, woods name (map + key), side, nation, army, leader, unit
    // (table + map), objective (×3), rule, briefings (×3)
    expect(count).toBeGreaterThanOrEqual(12);
    expect(html).toContain(`Grenadiers ${EVIL_HTML}`);
    expect(html).toContain(`Rule ${EVIL_HTML}`);
    expect(html).toContain(`Red brief ${EVIL_HTML}`);
    expect(html).toContain(`Umpire ${EVIL_HTML}`);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is self-contained under a strict content security policy', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${SHEET_CSP}">`);
    expect(SHEET_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(html).not.toMatch(/url\((?!#)/);
    expect(html).not.toMatch(/@import|<link|<iframe|<object/i);
  });
});

describe('renderSheet on the samples', () => {
  for (const file of sampleFiles) {
    it(`prints everything a player needs from ${file}`, () => {
      const s = load(file);
      const html = sheet(s);
      expect(html).toContain(textHtml(s.title));
      for (const side of s.sides) {
        expect(html).toContain(textHtml(side.name));
        for (const u of unitsOf(side.army)) expect(html).toContain(textHtml(u.name));
      }
      for (const f of s.terrain) if (f.name) expect(html).toContain(textHtml(f.name));
      for (const r of s.specialRules ?? []) expect(html).toContain(textHtml(r));
      for (const b of Object.values(s.briefings ?? {})) expect(html).toContain(textHtml(b));
      const sentences = victorySentences(s);
      expect(sentences.length).toBe(s.victory?.length ?? 0);
      for (const v of sentences) expect(html).toContain(textHtml(v));
      expect(html).toContain('otherwise the game is a draw');
    });
  }
});

describe('victory on the sheet', () => {
  it('prints the same sentences the victory editor shows, in order, with the closing note', () => {
    const s = base({
      objectives: [{ id: 'a', name: 'Mill', at: [1, 1], radius: 2 }],
      victory: [{ side: 'red', kind: 'hold', objectives: ['a'] }, { kind: 'points' }],
    });
    const html = sheet(s);
    const printed = [...html.matchAll(/<ol class="victory">(.*?)<\/ol>/g)][0]![1]!;
    expect([...printed.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''))).toEqual([
      'Red win if they hold Mill at the end of turn 12.',
      'The side with more victory points at the end of turn 12 wins.',
    ]);
    expect(html).toContain('the first one met decides');
  });
});

describe('forces', () => {
  it("splits a Napoleon's Eagles rating into Move, Morale, Fire and Melee columns", () => {
    const s = base({
      ruleSystem: 'napoleons-eagles',
      scale: { figureRatio: 30 },
      grid: { kind: 'none' },
      sides: [
        {
          id: 'red',
          name: 'Red',
          army: {
            id: 'ra',
            name: 'Red army',
            echelon: 'corps',
            units: [
              { id: 'r1', name: 'Line', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C30', figures: 24, ranks: 3 } } },
              { id: 'r2', name: 'Battery', arm: 'artillery', type: 'foot', ratings: { 'napoleons-eagles': { rating: 'A18B25', guns: 6, howitzers: 2 } } },
            ],
          },
        },
        { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'Blue', echelon: 'corps', units: [] } },
      ],
    });
    const html = sheet(s);
    expect(html).toMatch(/<th[^>]*>Rating<\/th><th[^>]*>Move<\/th><th[^>]*>Morale<\/th><th[^>]*>Fire<\/th><th[^>]*>Melee<\/th>/);
    const rows = rowsAfter(html, 'data-side="0"');
    // #, Unit, Type, Rating, Move, Morale, Fire, Melee, Figures, Guns, VP, Set-up
    expect(rows[0]!.slice(0, 10)).toEqual(['1', 'Line', 'Line infantry, 3 ranks', 'B16C30', 'B', '16', 'C', '30', '24', '–']);
    expect(rows[1]!.slice(3, 10)).toEqual(['A18B25', 'A', '18', 'B', '25', '–', '8']);
    const totals = rowsAfter(html, 'data-side="0"', 'totals')[0]!;
    expect(totals.slice(1, 2)).toEqual(['Total: 2 units']);
    expect(totals.slice(8, 11)).toEqual(['24', '8', '80']);
  });

  it('leaves the echelon out of a formation heading whose name already ends with it', () => {
    const doc = load('ne-01-plancenoit.scenario.json');
    const french = doc.sides[1].army;
    french.name = 'French Army';
    french.echelon = 'army';
    const html = sheet(doc);
    const heading = (name: string): string => {
      const at = html.indexOf(`<span class="fname"`, html.indexOf(name) - 200);
      return html.slice(at, html.indexOf('</td>', at)).replace(/<[^>]+>/g, '');
    };
    expect(heading('French Army')).toMatch(/^French Army Gén\. Lobau/);
    // A name that does not end with the echelon keeps it: "16. Brigade" is a division.
    expect(heading('16. Brigade')).toMatch(/^16\. Brigade division/);
    expect(namesEchelon('French army', 'Army')).toBe(true);
    expect(namesEchelon('Grenadier Corps', 'corps')).toBe(true);
    expect(namesEchelon('Gardekorps', 'corps')).toBe(false);
    expect(namesEchelon('Division', 'division')).toBe(true);
  });

  it('marks table VPs and names the table in a footnote', () => {
    const s = base();
    s.sides[0].army.units = [unit('r1', 'Own VP', { vp: 33 }), unit('r2', 'Table VP')];
    const html = sheet(s);
    const rows = rowsAfter(html, 'data-side="0"');
    expect(rows[0]![rows[0]!.length - 2]).toBe('33');
    expect(rows[1]![rows[1]!.length - 2]).toBe('14†');
    expect(html).toContain(escapeHtml(vpTable('square-eagles').name));
  });

  it('draws one hit box per Strength Point, standard SP where none is given', () => {
    const s = base();
    s.sides[0].army.units = [
      unit('r1', 'Seven', { ratings: { 'square-eagles': { sp: 7 } } }),
      unit('r2', 'Four', { ratings: { 'square-eagles': { sp: 4 } } }),
      unit('r3', 'Standard infantry', { ratings: {} }),
      unit('r4', 'Standard cavalry', { arm: 'cavalry', type: 'light', ratings: {} }),
      unit('r5', 'Wagons', { arm: 'train', type: 'baggage', ratings: {} }),
    ];
    s.sides[1].army.units = [unit('b1', 'Eight', { ratings: { 'square-eagles': { sp: 8 } } })];
    const html = sheet(s);
    const track = html.slice(html.indexOf('<table class="hits">'), html.indexOf('</table>', html.indexOf('<table class="hits">')));
    const rows = [...track.slice(track.indexOf('<tbody>')).matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => m[1]!);
    const boxes = (cellHtml: string) => (cellHtml.match(/<span class="box"><\/span>/g) ?? []).length;
    const halves = rows.map((r) => r.split('<td class="gap"></td>').map(boxes));
    expect(halves).toEqual([
      [7, 8],
      [4, 0],
      [7, 0],
      [5, 0],
    ]);
    expect(track).not.toContain('Wagons');
  });

  it('lays out 40 units a side: every unit in the tables and on the map', () => {
    const make = (side: string, n: number): Formation => ({
      id: `${side}-army`,
      name: `${side} army`,
      echelon: 'corps',
      formations: Array.from({ length: 4 }, (_, d) => ({
        id: `${side}-d${d}`,
        name: `${side} division ${d + 1} with a rather long name that must wrap`,
        echelon: 'division' as const,
        leader: { id: `${side}-l${d}`, name: `General ${side} ${d}` },
        units: Array.from({ length: n / 4 }, (_, i) =>
          unit(`${side}-${d}-${i}`, `${side} ${d}-${i} Régiment d'infanterie de ligne, bataillon n° ${i + 1}`, {
            setup: { cell: `${String.fromCharCode(65 + ((d * 10 + i) % 20))}${side === 'red' ? 1 + Math.floor((d * 10 + i) / 20) : 20 - Math.floor((d * 10 + i) / 20)}`, facing: side === 'red' ? 180 : 0 },
          }),
        ),
      })),
    });
    const s = base({ table: { width: 80, height: 80 }, grid: { kind: 'square', cell: 4 } });
    s.sides[0].army = make('red', 40);
    s.sides[1].army = make('blue', 40);
    for (const paper of ['a4', 'letter'] as const) {
      const html = sheet(s, paper);
      expect((html.match(/<tr class="unit/g) ?? []).length).toBe(80);
      expect((html.match(/<tr class="formation/g) ?? []).length).toBe(10);
      for (const side of s.sides) for (const u of unitsOf(side.army)) expect(html).toContain(textHtml(u.name));
      const map = html.slice(html.indexOf('<svg class="map"'), html.indexOf('</svg>', html.indexOf('<svg class="map"')));
      expect((map.match(/ rotate\((0|180)\)"><rect/g) ?? []).length).toBe(80);
      expect(html).toContain(`size: ${paper === 'a4' ? 'A4' : 'Letter'} portrait`);
    }
  });
});

describe('game', () => {
  it('marks reinforcement turns on the track and says roll rules in words', () => {
    const s = base();
    s.sides[0].army.units = [unit('r1', 'Late'), unit('r2', 'Lucky')];
    s.sides[0].reinforcements = [
      { units: ['r1'], turn: 5, entry: { edge: 'north' } },
      { units: ['r2'], roll: { from: 3, need: 5 }, entry: { at: [18, 0] } },
    ];
    const html = sheet(s);
    const track = html.slice(html.indexOf('<div class="track"'), html.indexOf('</div></div><p', html.indexOf('<div class="track"')));
    expect((track.match(/<div class="turn/g) ?? []).length).toBe(12);
    expect(track).toMatch(/<div class="tn">5<\/div><span class="mk"[^>]*>▲ Red \+1<\/span>/);
    expect(track).toMatch(/<div class="tn">3<\/div><span class="mk roll"[^>]*>△ Red 5\+<\/span>/);
    expect(html).toContain('From turn 3 on, roll each turn: they arrive on a roll of 5 or more on one d6.');
    expect(html).toContain('At D1 (on the north edge, 18″ from the west corner)');
    expect(html).toContain('>Turn 5<');
    expect(html).toContain('from turn 3 on 5+');
    expect(html).toContain('First to move in every turn: <b>Red</b>.');
  });

  it('lists the optional rules that are switched on, by their names in the rules', () => {
    const s = base({ ruleOptions: { 'square-eagles': { resupplyGuns: true, forts: false, horseGuns: true } } });
    const html = sheet(s);
    expect(html).toContain('<b>Resupply Guns</b>: on');
    expect(html).toContain('<b>Horse Gun Batteries</b>: on');
    expect(html).not.toContain('Forts/Works');
  });
});

describe("Napoleon's Eagles facts: date, weather, settings, nations, leaders, markers, terrain", () => {
  const ne = (): Scenario =>
    base({
      ruleSystem: 'napoleons-eagles',
      scale: { figureRatio: 30 },
      grid: { kind: 'none' },
      date: '1806-10-14',
      weather: 'light-rain',
      ground: 'mud',
      ruleOptions: {
        'napoleons-eagles': { turnPoints: { blue: 18 }, commandOption: 1, companySkirmishers: true, weatherEffects: true, leaderInitiative: true },
        'square-eagles': { forts: true },
      },
      terrain: [
        { id: 'r', kind: 'river', name: 'Saale', path: [[0, 10], [36, 10]], crossingActions: 2 },
        { id: 'br', kind: 'bridge', name: 'Old bridge', at: [10, 10], river: 'r', capacity: 8 },
        { id: 'fd', kind: 'ford', name: 'Mill ford', at: [20, 10], river: 'r', crossingActions: 1, disorders: true },
        { id: 'fo', kind: 'fortification', name: 'Hedgerow line', polygon: [[1, 1], [5, 1], [5, 5]], works: 'prepared' },
        { id: 'sg', kind: 'soft-ground', name: 'Sand pit', polygon: [[6, 6], [9, 6], [9, 9]], surface: 'sand' },
        { id: 'bb', kind: 'building-block', name: 'Farm', at: [30, 30], fortifiedSides: ['west', 'north'] },
      ],
      sides: [
        {
          id: 'red',
          name: 'French',
          nation: 'France',
          army: {
            id: 'ra',
            name: 'III Corps',
            echelon: 'corps',
            leader: { id: 'dav', name: 'Davout', ratings: { 'napoleons-eagles': { commandRadius: 25 } } },
            formations: [
              {
                id: 'd1',
                name: '1st Division',
                echelon: 'division',
                leader: { id: 'mor', name: 'Morand' },
                units: [
                  { id: 'g1', name: 'Tirailleurs', arm: 'infantry', type: 'guard', ratings: { 'napoleons-eagles': { rating: 'A22B60', figures: 20, guard: 'young' } } },
                  { id: 'g2', name: 'Grenadiers à cheval', arm: 'cavalry', type: 'heavy', ratings: { 'napoleons-eagles': { rating: 'A22A60', figures: 12, guard: 'old' } } },
                  { id: 'l1', name: '13e Léger', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C42', figures: 20, skirmishers: 3 } } },
                  { id: 'a1', name: 'Guard battery', arm: 'artillery', type: 'foot', ratings: { 'napoleons-eagles': { rating: 'B18B28', guns: 6, guardBattery: true } } },
                  { id: 'a2', name: 'Regimental guns', arm: 'artillery', type: 'foot', ratings: { 'napoleons-eagles': { rating: 'B16B25', guns: 2, regimental: true } } },
                ],
              },
            ],
          },
        },
        { id: 'blue', name: 'Prussians', nation: 'Prussia', army: { id: 'ba', name: 'Blue', echelon: 'corps', units: [] } },
      ],
    });

  it('prints the date and the weather with the ground among the facts, and what they change', () => {
    const html = sheet(ne());
    expect(html).toContain('<dt>Date</dt><dd>14 October 1806</dd>');
    expect(html).toContain('<dt>Weather</dt><dd>Light rain, mud underfoot</dd>');
    const weather = html.slice(html.indexOf('<h3>Weather and ground</h3>'), html.indexOf('<h3>National rules</h3>'));
    expect(weather).toContain('Muskets fire at −2');
    expect(weather).toContain('Half movement over open muddy ground for every arm');
    // Visibility is an optional rule this scenario leaves off.
    expect(weather).not.toContain('Visibility');
  });

  it('says the weather is scenery when weather effects are switched off', () => {
    const s = ne();
    s.ruleOptions!['napoleons-eagles']!.weatherEffects = false;
    const html = sheet(s);
    expect(html).toContain('Weather effects are switched off');
    expect(html).not.toContain('Muskets fire at −2');
  });

  it("prints each side's national rules for the scenario's year", () => {
    const html = sheet(ne());
    const nations = html.slice(html.indexOf('<h3>National rules</h3>'), html.indexOf('<h3>Terrain key</h3>'));
    // 1806: the French are after 1807 only from 1808; the Prussians of 1806 are the old army.
    expect(nations).not.toContain('French after 1807');
    expect(nations).toContain('Column to line and back costs 2 actions (1806 Prussians)');
    expect(nations).toMatch(/French<\/b> <span class="muted">\(France\)<\/span><span class="muted">, 1806/);
  });

  it('lists in words every setting that differs from the default, other systems marked', () => {
    const html = sheet(ne());
    const settings = html.slice(html.indexOf('<h3>Rule settings</h3>'), html.indexOf('<h3>Weather and ground</h3>'));
    expect(settings.replace(/<[^>]+>/g, '')).toContain('Turn points per game turn: French 20, Prussians 18 — Using Uneven Number of Turn Points');
    expect(settings).toContain('<b>Company skirmishers</b>: on');
    // Defaults, given or not, are not news.
    expect(settings).not.toContain('Command and control option');
    expect(settings).not.toContain('Weather effects');
    // Every Square Eagles setting cites the same section, so naming it says nothing.
    expect(settings.replace(/<[^>]+>/g, '')).toContain('Forts/Works: on — Square Eagles (not the rules this scenario is played with)');
  });

  it("gives each leader's ratings, the echelon's defaults in italics with a footnote", () => {
    const html = sheet(ne());
    expect(html).toContain('Davout</span> <span class="lr">(<i class="dflt">morale +2</i>, <i class="dflt">melee +5</i>, command 25″, <i class="dflt">initiative 8</i>)</span>');
    expect(html).toContain('Morand</span> <span class="lr">(<i class="dflt">morale +1</i>, <i class="dflt">melee +5</i>, <i class="dflt">command 15″</i>, <i class="dflt">initiative 5</i>)');
    expect(html).toContain("Leader ratings in <i>italics</i> are not set in the scenario: they are the rules' defaults");
  });

  it('leaves initiative out unless its optional rule is on or the scenario gives it', () => {
    const s = ne();
    delete s.ruleOptions!['napoleons-eagles']!.leaderInitiative;
    expect(sheet(s)).not.toContain('initiative 5');
  });

  it('names the Guard, battery and skirmisher markers in the type', () => {
    const rows = rowsAfter(sheet(ne()), 'data-side="0"');
    expect(rows.map((r) => r[2])).toEqual([
      'Young Guard infantry',
      'Heavy cavalry, Old Guard',
      'Line infantry, 3 skirmishers',
      'Foot artillery, Guard battery',
      'Foot artillery, regimental',
    ]);
  });

  it('prints the terrain facts the rules use', () => {
    const html = sheet(ne());
    const key = html.slice(html.indexOf('<h3>Terrain key</h3>'), html.indexOf('</table>', html.indexOf('<h3>Terrain key</h3>')));
    const notes = Object.fromEntries(
      [...key.matchAll(/<td class="uname">(.*?)<\/td><td>.*?<\/td><td>(.*?)<\/td>/g)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, '')]),
    );
    expect(notes['Saale']).toBe('1″ wide, crossed only at bridges and fords, 2 actions to cross');
    expect(notes['Old bridge']).toBe('over Saale, takes 8 figures per action');
    expect(notes['Mill ford']).toBe('over Saale, 1 action to cross, crossing disorders');
    expect(notes['Hedgerow line']).toBe('prepared defences');
    expect(notes['Sand pit']).toBe('sand');
    expect(notes['Farm']).toBe('4″ square, fortified on the north and west sides');
  });

  it('prints a marker or a surface that is not one as written, never a built-in of the page script', () => {
    const s = ne();
    const units = s.sides[0].army.formations![0]!.units!;
    units[0]!.ratings!['napoleons-eagles']!.guard = 'constructor' as never;
    (s.terrain[4] as { surface: string }).surface = 'toString';
    s.ground = '__proto__' as never;
    const html = sheet(s);
    expect(html).not.toContain('native code');
    expect(html).not.toContain('[object');
    expect(rowsAfter(html, 'data-side="0"')[0]![2]).toBe('Guard infantry');
  });

  it('prints none of it for a scenario of another system, and no settings when all are defaults', () => {
    const html = sheet(base({ ruleOptions: { 'square-eagles': { forts: false } } }));
    expect(html).not.toContain('<h3>Weather and ground</h3>');
    expect(html).not.toContain('<h3>National rules</h3>');
    expect(html).toContain("None: the rules' defaults apply.");
  });
});

describe('drafts that break the schema still print', () => {
  // A document that loads prints, whatever its errors: the sheet helps while fixing them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- these drafts break the model's types as much as the schema
  type Draft = Record<string, any>;
  const cases: Record<string, (s: Draft) => void> = {
    'no sides': (s) => delete s.sides,
    'null sides': (s) => (s.sides = [null, null]),
    'no army': (s) => delete s.sides[0].army,
    'army not an object': (s) => (s.sides[0].army = 'x'),
    'no terrain': (s) => delete s.terrain,
    'broken terrain': (s) => (s.terrain = [null, 5, { id: 'w', kind: 'woods', polygon: 'x' }, { id: 'r', kind: 'river', path: [[0, 0]] }, { id: 'b', kind: 'bridge', at: 'x' }, { id: 'k', kind: 'building-block', at: [1, 1], size: -3 }]),
    'no table': (s) => delete s.table,
    'empty table': (s) => (s.table = { width: 0, height: -1 }),
    'a table a mile long': (s) => (s.table = { width: 63360, height: 3 }),
    'a free table a mile square': (s) => ((s.table = { width: 63360, height: 63360 }), (s.grid = { kind: 'none' })),
    'a million cells': (s) => (s.grid = { kind: 'square', cell: 0.036 }),
    'broken objectives': (s) => (s.objectives = [null, { id: 'o' }, { id: 'p', feature: 'nope' }, { id: 'q', at: [1, 2], radius: -1, vp: 'x' }]),
    'broken victory': (s) => (s.victory = [null, { kind: 'hold' }, { kind: 'exit' }, { kind: 'weird' }, { kind: 'destroy', side: 'zzz' }]),
    'broken turns': (s) => (s.turns = { limit: 1e9, first: {} }),
    'broken reinforcements': (s) => (s.sides[0].reinforcements = [null, { units: 'x' }, { units: ['u'], entry: null }, { units: ['u'], roll: {}, entry: { cells: 5 } }]),
    'broken deployment': (s) => (s.sides[0].deployment = [null, { zone: null }, { zone: { edge: 'up', depth: 5 } }]),
    'broken units': (s) => (s.sides[0].army.units = [null, { id: 5, name: 42, arm: 'spaceship', type: 7, ratings: 'x', vp: 'y', setup: { at: ['a'], facing: 'n' } }]),
    'broken ratings': (s) => ((s.ruleSystem = 'napoleons-eagles'), (s.sides[0].army.units[0].ratings = { 'napoleons-eagles': { rating: 42, figures: 'many', guns: {} } })),
    'unknown rules': (s) => (s.ruleSystem = 'warhammer'),
    'broken text': (s) => ((s.title = 5), (s.description = {}), (s.briefings = { a: 5, umpire: null }), (s.specialRules = [5, null, 'ok']), (s.ruleOptions = { 'square-eagles': null })),
  };
  for (const [name, breakIt] of Object.entries(cases)) {
    it(`prints a draft with ${name}`, () => {
      const s = base() as unknown as Draft;
      s.sides[0].army.units = [unit('u', 'Survivor', { setup: { cell: 'A1', facing: 0 } })];
      breakIt(s);
      for (const paper of ['a4', 'letter'] as const) {
        const started = Date.now();
        const html = renderSheet(s as unknown as Scenario, { paper, appVersion: '1' });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(html.length).toBeLessThan(2_000_000);
        expect(html).toMatch(/^<!doctype html>/);
        expect(html).toContain('</html>');
      }
    });
  }
});
