// The setup sheet: one self-contained HTML document (inline CSS and SVG, no scripts, nothing fetched) that the app's
// print preview shows, the desktop shell and `adc print` turn into PDF, and a browser prints as it is. One layout
// for all three, so they look the same.
import { gridSize, isCellGrid } from '../grid.js';
import { PRINT_STYLE } from '../map/styles.js';
import type { Scenario } from '../model.js';
import { profileFor } from '../rule-systems/registry.js';
import { cssString, escapeHtml, safeColor, textHtml } from './escape.js';
import { renderHitTrack, renderSideForces, TABLE_VP_MARK, tableFor, unitKeys, usesLeaderDefaults, usesTableVp } from './forces.js';
import {
  renderBriefings,
  renderNationalRules,
  renderObjectives,
  renderReinforcements,
  renderRuleSettings,
  renderSpecialRules,
  renderTerrainKey,
  renderTurnTrack,
  renderVictory,
  renderWeather,
  victorySentences,
} from './game.js';
import { renderMapSvg } from './map-svg.js';
import { dateWords, feet, inches, sideName, weatherWords } from './words.js';

export type Paper = 'a4' | 'letter';

export interface SheetOptions {
  paper: Paper;
  /** Printed in the footer, so a sheet says which version made it. */
  appVersion: string;
}

/** Page sizes in millimetres, portrait. */
export const PAPER: Record<Paper, { width: number; height: number; css: string }> = {
  a4: { width: 210, height: 297, css: 'A4' },
  letter: { width: 215.9, height: 279.4, css: 'Letter' },
};

export const PAGE_MARGIN_MM = 12;

/** The sheet's own policy: styles inline, images as data: URLs, nothing else at all (no scripts, no fetches). */
export const SHEET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function scaleFacts(scenario: Scenario): [string, string][] {
  const facts: [string, string][] = [];
  const profile = profileFor(scenario.ruleSystem);
  facts.push(['Rules', profile ? profile.title : String(scenario.ruleSystem)]);
  const ratio = scenario.scale?.figureRatio;
  if (typeof ratio === 'number' && ratio > 0) facts.push(['Figure scale', `1:${ratio} (one figure for ${ratio} men)`]);
  const t = scenario.table;
  if (t && typeof t.width === 'number' && typeof t.height === 'number') {
    facts.push(['Table', `${inches(t.width)} × ${inches(t.height)} (${feet(t.width)} × ${feet(t.height)})`]);
  }
  const g = scenario.grid;
  if (isCellGrid(g)) {
    const { cols, rows } = gridSize(g, scenario.table);
    const kind = g.kind === 'square' ? 'Squares' : `Hexes (${g.orientation === 'pointy' ? 'pointy' : 'flat'}-topped)`;
    const across = g.kind === 'hex' ? ' across the flats' : '';
    facts.push(['Grid', `${kind} of ${inches(g.cell)}${across}, ${cols} × ${rows}`]);
  } else {
    facts.push(['Grid', 'None: measure in inches']);
  }
  const limit = scenario.turns?.limit;
  const first = (Array.isArray(scenario.sides) ? scenario.sides : []).find((s) => s && s.id === scenario.turns?.first);
  if (typeof limit === 'number') {
    facts.push(['Turns', `${limit}${first ? `, ${sideName(first, String(first.id))} first` : ''}`]);
  }
  const date = dateWords(scenario.date);
  if (date) facts.push(['Date', date]);
  const weather = weatherWords(scenario.weather, scenario.ground);
  if (weather) facts.push(['Weather', weather]);
  return facts;
}

const CSS = (paper: Paper, footer: string): string => {
  const p = PAPER[paper];
  return `
@page { size: ${p.css} portrait; margin: ${PAGE_MARGIN_MM}mm;
  @bottom-left { content: ${footer}; font: 7pt "Liberation Sans", Arial, sans-serif; color: #6d6a60; vertical-align: top; padding-top: 3mm; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 7pt "Liberation Sans", Arial, sans-serif; color: #6d6a60; vertical-align: top; padding-top: 3mm; }
}
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #1f1d18; font: 9pt/1.38 "Liberation Sans", Arial, Helvetica, sans-serif; }
h1, h2, h3, .serif { font-family: Georgia, "Liberation Serif", "DejaVu Serif", "Times New Roman", serif; font-weight: bold; }
h1 { font-size: 21pt; line-height: 1.12; margin: 0 0 1.5mm; overflow-wrap: break-word; }
h2 { font-size: 13.5pt; margin: 5mm 0 2.2mm; padding-bottom: 0.8mm; border-bottom: 0.8pt solid #2b2924; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 11pt; margin: 3.6mm 0 1.4mm; break-after: avoid; page-break-after: avoid; overflow-wrap: break-word; }
h2 + *, h3 + * { break-before: avoid; page-break-before: avoid; }
p { margin: 0 0 2mm; }
.kicker { font-size: 8pt; letter-spacing: 0.08em; text-transform: uppercase; color: #6d6a60; margin-bottom: 0.8mm; }
.description { font-family: Georgia, "Liberation Serif", "DejaVu Serif", serif; font-style: italic; font-size: 9.5pt; margin: 0 0 2.5mm; color: #3b3830; overflow-wrap: break-word; }
.facts { display: grid; grid-template-columns: repeat(3, 1fr); border-top: 0.8pt solid #2b2924; border-bottom: 0.4pt solid #b9b4a5; margin: 0 0 2.5mm; }
.facts div { padding: 1mm 1.5mm 1mm 0; }
.facts dt { font-size: 6.8pt; text-transform: uppercase; letter-spacing: 0.06em; color: #6d6a60; }
.facts dd { margin: 0; font-weight: bold; font-size: 8.6pt; }
dl { margin: 0; }
figure.map-figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
svg.map { display: block; }
.legend { display: flex; flex-wrap: wrap; gap: 1mm 4mm; font-size: 7.4pt; margin-top: 1mm; color: #3b3830; }
.legend span.item { display: inline-flex; align-items: center; gap: 1.2mm; white-space: nowrap; }
svg.swatch { flex: none; }
.page { break-before: page; page-break-before: always; }
.keep { break-inside: avoid; page-break-inside: avoid; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; page-break-inside: auto; font-size: 8pt; line-height: 1.28; }
thead { display: table-header-group; }
tfoot { display: table-footer-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th { text-align: left; font-size: 7.2pt; font-weight: bold; color: #4a473e; border-bottom: 0.8pt solid #2b2924; padding: 0.9mm 1.1mm 0.7mm; vertical-align: bottom; }
td { padding: 0.6mm 1.1mm; border-bottom: 0.4pt solid #d6d1c2; vertical-align: top; overflow-wrap: break-word; word-wrap: break-word; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
td.uname { font-weight: bold; }
.nw { white-space: nowrap; }
td.key { color: #6d6a60; }
td.rating { font-family: "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 7.8pt; }
td.default { color: #6d6a60; font-style: italic; }
td.setup { font-size: 7.4pt; }
.none { color: #a8a396; }
.muted { color: #6d6a60; font-weight: normal; }
sup.mark { font-size: 6pt; line-height: 0; margin-left: 0.3mm; color: #6d6a60; }
tr.formation td { background: #f0ebde; border-bottom: 0.4pt solid #b9b4a5; padding-top: 1.1mm; break-after: avoid; page-break-after: avoid; }
tr.formation.depth-0 td { background: #e4dcc8; }
tr.formation .fname { font-family: Georgia, "Liberation Serif", "DejaVu Serif", serif; font-weight: bold; font-size: 8.6pt; }
tr.formation .fmeta { color: #4a473e; font-size: 7.6pt; }
tr.formation .echelon { font-style: italic; }
tr.formation .leader { font-weight: bold; }
tr.formation .lr { font-size: 7.4pt; }
i.dflt { color: #6d6a60; }
p.nation { margin: 2mm 0 0.6mm; }
ul.effects { margin-bottom: 1.5mm; }
ul.effects li { margin-bottom: 0.6mm; }
tr.totals td { border-top: 0.8pt solid #2b2924; border-bottom: none; font-weight: bold; }
.chip { display: inline-block; width: 2.6mm; height: 2.6mm; border: 0.3pt solid #1b1b1b; border-radius: 0.4mm; margin-right: 1.4mm; vertical-align: -0.2mm; }
.note { font-size: 8pt; color: #3b3830; margin-top: 1.2mm; }
.footnote { font-size: 7.4pt; color: #4a473e; margin-top: 1.5mm; }
section.side { margin-bottom: 3mm; }
table.hits td.boxes { white-space: normal; line-height: 0; padding-top: 0.9mm; }
table.hits td, table.hits th { padding-left: 0.8mm; padding-right: 0.8mm; }
table.hits .gap, table.terrain-key .gap { border: none; }
.box { display: inline-block; width: 3.6mm; height: 3.6mm; border: 0.6pt solid #2b2924; margin: 0 0.8mm 0.3mm 0; background: #fff; }
.track { display: grid; gap: 0; border: 0.8pt solid #2b2924; margin: 1mm 0 1.5mm; break-inside: avoid; page-break-inside: avoid; }
.turn { border-right: 0.4pt solid #8d897b; border-bottom: 0.4pt solid #8d897b; min-height: 11mm; padding: 0.6mm 0.7mm; break-inside: avoid; }
.turn .tn { font-family: Georgia, "Liberation Serif", serif; font-weight: bold; font-size: 12pt; text-align: center; color: #2b2924; }
.turn.marked { background: #f6f2e6; }
.mk { display: block; font-size: 6.4pt; font-weight: bold; line-height: 1.15; text-align: center; overflow-wrap: break-word; }
.mk.roll { font-weight: normal; font-style: italic; }
ol, ul { margin: 0 0 2mm; padding-left: 6mm; }
li { margin-bottom: 0.9mm; break-inside: avoid; page-break-inside: avoid; overflow-wrap: break-word; }
ol.victory li, ol.rules li { font-size: 9pt; }
.prose { orphans: 3; widows: 3; white-space: pre-wrap; overflow-wrap: break-word; font-family: Georgia, "Liberation Serif", "DejaVu Serif", serif; font-size: 9.6pt; line-height: 1.45; }
section.briefing { margin-bottom: 4mm; }
section.briefing h3 { border-bottom: 0.4pt solid #b9b4a5; padding-bottom: 0.6mm; }
@media screen {
  html { background: #8b8a85; }
  body { width: ${p.width}mm; min-height: ${p.height}mm; margin: 6mm auto; padding: ${PAGE_MARGIN_MM}mm; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,0.35); }
  .page { margin-top: 10mm; padding-top: 8mm; border-top: 1.5mm dashed #c8c5bc; }
}
`;
};

/** Rows of the map legend times their height: items flow left to right and wrap, as the flex box lays them out. */
function legendHeight(texts: string[], widthMm: number): number {
  let rows = texts.length ? 1 : 0;
  let x = 0;
  for (const t of texts) {
    const w = 8 + 1.2 + t.length * 1.45 + 4;
    if (x > 0 && x + w > widthMm) {
      rows++;
      x = 0;
    }
    x += w;
  }
  return rows * 5.6 + 1;
}

/**
 * A draft that breaks the schema still prints (the sheet helps while fixing it), so the few fields every part of the
 * layout leans on are made safe once, here: a usable table size, and lists where lists are expected.
 */
function printable(scenario: Scenario): Scenario {
  const t = scenario.table as Partial<Scenario['table']> | undefined;
  const size = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 1);
  const list = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
  return {
    ...scenario,
    table: { ...t, width: size(t?.width), height: size(t?.height) },
    terrain: list(scenario.terrain),
    sides: list<Scenario['sides'][number]>(scenario.sides).filter((s) => s && typeof s === 'object') as Scenario['sides'],
    ...(scenario.objectives !== undefined ? { objectives: list(scenario.objectives) } : {}),
    ...(scenario.victory !== undefined ? { victory: list(scenario.victory) } : {}),
  };
}

export function renderSheet(draft: Scenario, options: SheetOptions): string {
  const scenario = printable(draft);
  const paper: Paper = options.paper === 'letter' ? 'letter' : 'a4';
  const size = PAPER[paper];
  const contentW = size.width - 2 * PAGE_MARGIN_MM;
  const contentH = size.height - 2 * PAGE_MARGIN_MM;
  const title = text(scenario.title) || 'Untitled scenario';
  const system = scenario.ruleSystem;
  const profile = profileFor(system);
  const sides = (Array.isArray(scenario.sides) ? scenario.sides : []).slice(0, 2);
  const colors = [0, 1].map((i) => safeColor(sides[i]?.color, PRINT_STYLE.unit.sideColors[i as 0 | 1]));

  // Page 1: what the table looks like. The sheet is laid out without a browser to measure it, so heights are
  // estimated (erring tall): the map gets what the title block leaves, and the objectives and victory conditions join
  // it on page 1 only when they clearly fit.
  const description = text(scenario.description);
  const facts = scaleFacts(scenario);
  const headerMm =
    4.5 + 8.4 * Math.ceil(Math.max(1, title.length) / 40) + 1.5 + (description ? Math.ceil(description.length / 100) * 4.7 + 2.5 : 0) + Math.ceil(facts.length / 3) * 8.8 + 3;
  const keys = unitKeys(scenario);
  const room = contentH - headerMm - 6;
  let map = renderMapSvg(scenario, { widthMm: contentW, maxHeightMm: Math.max(80, room - 12), unitKeys: keys });
  const legendMm = legendHeight(map.legend.map((l) => l.text), contentW);
  // The map and its legend are kept together; if they would not fit under the title, the map gives way.
  if (map.heightMm + legendMm > room) map = renderMapSvg(scenario, { widthMm: contentW, maxHeightMm: Math.max(80, room - legendMm), unitKeys: keys });
  const objectivesCount = Array.isArray(scenario.objectives) ? scenario.objectives.length : 0;
  const victory = victorySentences(scenario);
  const summaryMm =
    9.5 + (objectivesCount ? 6 + objectivesCount * 5.4 + 4.5 : 5) + 9.5 + victory.reduce((h, v) => h + Math.ceil(v.length / 105) * 5, 0) + 6;
  const summaryOnPage1 = contentH - headerMm - map.heightMm - legendMm - 4 >= summaryMm;
  const factsHtml = facts.map(([k, v]) => `<div><dt>${textHtml(k)}</dt><dd>${textHtml(v)}</dd></div>`).join('');
  const author = text(scenario.author);
  const legend = map.legend.map((l) => `<span class="item">${l.swatch}${textHtml(l.text)}</span>`).join('');
  const summary = `<h3>Objectives</h3>${renderObjectives(scenario, colors)}<h3>Victory</h3>${renderVictory(scenario)}`;
  const page1 =
    '<header>' +
    `<div class="kicker">Setup sheet · ${textHtml(profile ? profile.title : system)}${author ? ` · ${textHtml(author)}` : ''}</div>` +
    `<h1>${textHtml(title)}</h1>` +
    (description ? `<p class="description">${textHtml(description)}</p>` : '') +
    `<dl class="facts">${factsHtml}</dl>` +
    '</header>' +
    `<figure class="map-figure">${map.svg}<figcaption class="legend">${legend}</figcaption></figure>` +
    (summaryOnPage1 ? `<section class="summary">${summary}</section>` : '');

  // Forces.
  const table = tableFor(system);
  const vpFootnote =
    table && usesTableVp(scenario) ? `<p class="footnote">${TABLE_VP_MARK} Not set in the scenario: the value comes from the ${textHtml(table.name)}.</p>` : '';
  const leaderFootnote = usesLeaderDefaults(scenario)
    ? `<p class="footnote">Leader ratings in <i>italics</i> are not set in the scenario: they are the rules' defaults for the leader's echelon.</p>`
    : '';
  const forces =
    '<section class="forces"><h2>Forces</h2>' +
    sides.map((side, i) => (side && side.army && typeof side.army === 'object' ? renderSideForces(scenario, side, i, colors[i]!) : '')).join('') +
    vpFootnote +
    leaderFootnote +
    '</section>';
  const hits =
    system === 'square-eagles'
      ? `<section class="hit-track"><h2>Hit track</h2><p class="note">One box per Strength Point: tick one for each hit the unit takes.</p>${renderHitTrack(scenario, colors)}</section>`
      : '';

  // Game.
  const weatherHtml = renderWeather(scenario);
  const nationalHtml = renderNationalRules(scenario, colors);
  const game =
    '<section class="game"><h2>Game</h2>' +
    `<h3>Turn track</h3>${renderTurnTrack(scenario, colors)}` +
    `<h3>Reinforcements</h3>${renderReinforcements(scenario, colors)}` +
    (summaryOnPage1 ? '' : summary) +
    `<h3>Special rules</h3>${renderSpecialRules(scenario)}` +
    `<h3>Rule settings</h3>${renderRuleSettings(scenario)}` +
    (weatherHtml ? `<div class="keep"><h3>Weather and ground</h3>${weatherHtml}</div>` : '') +
    (nationalHtml ? `<h3>National rules</h3>${nationalHtml}` : '') +
    `<h3>Terrain key</h3>${renderTerrainKey(scenario)}` +
    '</section>';
  const briefings = renderBriefings(scenario, colors);
  // The briefings follow the terrain key rather than start a page: they share one page whatever happens, so a page
  // of their own kept nothing from anyone and left the page before half empty.
  const briefingPage = briefings ? `<section class="briefings"><h2>Briefings</h2>${briefings}</section>` : '';

  const footer = cssString(`${title} · Aide-de-Camp ${options.appVersion}`);
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${SHEET_CSP}">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="generator" content="Aide-de-Camp ${escapeHtml(options.appVersion)}">` +
    `<title>${escapeHtml(title)} · setup sheet</title>` +
    `<style>${CSS(paper, footer)}</style></head><body>` +
    page1 +
    forces +
    hits +
    game +
    briefingPage +
    '</body></html>\n'
  );
}
