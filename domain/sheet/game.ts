// The Game part of the sheet: turn track, reinforcements, objectives, victory, special and optional rules, the
// terrain key and the briefings.
import { walkForces } from '../forces.js';
import { isPoint } from '../geometry.js';
import { FEATURE_KIND_LABEL, type Feature, type OptionValue, type Scenario, type Side, type Unit } from '../model.js';
import { nationalRules, nationOf, parseDate, weatherRules } from '../rule-systems/napoleons-eagles-nations.js';
import { NE_OPTIONS } from '../rule-systems/napoleons-eagles-options.js';
import { settingsInWords, type SideName } from '../rule-systems/option-words.js';
import { resolvedOptions, sideIdsOf } from '../rule-systems/options.js';
import { profileFor } from '../rule-systems/registry.js';
import { VICTORY_CLOSING, victorySentences } from '../victory-words.js';
import { textHtml } from './escape.js';
import { TABLE_VP_MARK, tableFor } from './forces.js';
import {
  arrivalShort,
  arrivalWords,
  entryWords,
  inches,
  listWords,
  objectiveName,
  plural,
  pointWords,
  sideName,
  weatherWords,
} from './words.js';

export { victorySentences };

function sidesOf(scenario: Scenario): Side[] {
  return (Array.isArray(scenario.sides) ? scenario.sides : []).filter((s): s is Side => !!s && typeof s === 'object');
}

function unitsById(side: Side): Map<string, Unit> {
  const map = new Map<string, Unit>();
  if (side.army && typeof side.army === 'object') for (const n of walkForces(side.army, '')) if (n.kind === 'unit') map.set(String(n.node.id), n.node);
  return map;
}

/** Clamped, so a schema-breaking limit cannot ask for a million boxes. */
export const MAX_TRACK_TURNS = 60;

/** At most 15 boxes a row, and rows of equal length where they can be: 24 turns make two rows of 12. */
function trackColumns(limit: number): number {
  return Math.ceil(limit / Math.ceil(limit / 15));
}

export function renderTurnTrack(scenario: Scenario, colors: string[]): string {
  const limit = typeof scenario.turns?.limit === 'number' && scenario.turns.limit >= 1 ? Math.min(MAX_TRACK_TURNS, Math.floor(scenario.turns.limit)) : 0;
  const sides = sidesOf(scenario);
  const firstId = scenario.turns?.first;
  const first = sides.find((s) => s.id === firstId);
  const firstLine = first ? `<p class="note">First to move in every turn: <b>${textHtml(sideName(first, String(first.id)))}</b>.</p>` : '';
  if (limit === 0) return `<p>The scenario sets no turn limit.</p>${firstLine}`;
  const marks = new Map<number, string[]>();
  const add = (turn: number, html: string) => {
    if (turn < 1 || turn > limit) return;
    marks.set(turn, [...(marks.get(turn) ?? []), html]);
  };
  sides.forEach((side, s) => {
    const color = colors[sides.indexOf(side) === 0 ? 0 : 1]!;
    const name = textHtml(sideName(side, `Side ${s + 1}`));
    for (const r of Array.isArray(side.reinforcements) ? side.reinforcements : []) {
      if (!r) continue;
      const count = Array.isArray(r.units) ? r.units.length : 0;
      if (typeof r.turn === 'number') add(r.turn, `<span class="mk" style="color:${color}">▲ ${name} +${count}</span>`);
      else if (r.roll && typeof r.roll.from === 'number' && typeof r.roll.need === 'number') {
        add(r.roll.from, `<span class="mk roll" style="color:${color}">△ ${name} ${r.roll.need}+</span>`);
      }
    }
  });
  const boxes: string[] = [];
  for (let t = 1; t <= limit; t++) {
    const m = marks.get(t);
    boxes.push(`<div class="turn${m ? ' marked' : ''}"><div class="tn">${t}</div>${m ? m.join('') : ''}</div>`);
  }
  const anyRoll = sides.some((s) => (s.reinforcements ?? []).some((r) => r && typeof r.turn !== 'number' && r.roll));
  const anyFixed = sides.some((s) => (s.reinforcements ?? []).some((r) => r && typeof r.turn === 'number'));
  const key = [
    anyFixed ? '▲ reinforcements arrive this turn (+ number of units)' : '',
    anyRoll ? '△ from this turn, roll a d6 each turn for reinforcements (score needed)' : '',
  ].filter(Boolean);
  return (
    `<div class="track" style="grid-template-columns:repeat(${trackColumns(limit)}, 1fr)">${boxes.join('')}</div>` +
    (key.length ? `<p class="note">${textHtml(key.join('; '))}. The game ends after turn ${limit}.</p>` : `<p class="note">The game ends after turn ${limit}.</p>`) +
    firstLine
  );
}

export function renderReinforcements(scenario: Scenario, colors: string[]): string {
  const rows: string[] = [];
  sidesOf(scenario).forEach((side, s) => {
    const units = unitsById(side);
    for (const r of Array.isArray(side.reinforcements) ? side.reinforcements : []) {
      if (!r) continue;
      const names = (Array.isArray(r.units) ? r.units : []).map((id) => units.get(String(id))?.name ?? String(id));
      rows.push(
        '<tr>' +
          `<td><span class="chip" style="background:${colors[s === 0 ? 0 : 1]}"></span>${textHtml(sideName(side, `Side ${s + 1}`))}</td>` +
          `<td>${names.map((n) => textHtml(n)).join('<br>')}</td>` +
          `<td><b>${textHtml(arrivalShort(r))}</b><br><span class="muted">${textHtml(arrivalWords(r))}</span></td>` +
          `<td>${textHtml(capitalise(entryWords(r.entry, scenario.grid, scenario.table)))}</td>` +
          '</tr>',
      );
    }
  });
  if (rows.length === 0) return '<p>No reinforcements: both sides start with everything on the table.</p>';
  return (
    '<table class="plain"><colgroup><col style="width:17%"><col style="width:33%"><col style="width:28%"><col style="width:22%"></colgroup>' +
    `<thead><tr><th>Side</th><th>Units</th><th>Arrive</th><th>Entry</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}


function featureName(f: Feature): string {
  return typeof f.name === 'string' && f.name.trim() ? f.name.trim() : '';
}

function objectiveWhere(scenario: Scenario, o: NonNullable<Scenario['objectives']>[number]): string {
  if (typeof o.feature === 'string') {
    const f = (scenario.terrain ?? []).find((x) => x && x.id === o.feature);
    if (f) {
      const kind = capitalise((FEATURE_KIND_LABEL as Record<string, string>)[f.kind] ?? String(f.kind));
      const name = featureName(f);
      return name && name !== objectiveName(scenario, o) ? `${kind}: ${name}` : kind;
    }
    return `Feature ${o.feature}`;
  }
  if (typeof o.cell === 'string') return `Cell ${o.cell}`;
  if (isPoint(o.at)) {
    const r = typeof o.radius === 'number' && o.radius > 0 ? `Within ${inches(o.radius)} of ` : 'At ';
    return r + pointWords(o.at, scenario.grid, scenario.table);
  }
  return '—';
}

export function renderObjectives(scenario: Scenario, colors: string[]): string {
  const objectives = (Array.isArray(scenario.objectives) ? scenario.objectives : []).filter((o) => o && typeof o === 'object');
  if (objectives.length === 0) return '<p>The scenario names no objectives.</p>';
  const table = tableFor(scenario.ruleSystem);
  const sides = sidesOf(scenario);
  let defaulted = false;
  const rows = objectives.map((o) => {
    let vp = '<span class="none">–</span>';
    if (typeof o.vp === 'number') vp = String(o.vp);
    else if (table) {
      defaulted = true;
      vp = `${table.objective}<sup class="mark">${TABLE_VP_MARK}</sup>`;
    }
    const holderIndex = sides.findIndex((s) => s.id === o.heldBy);
    const holder = holderIndex >= 0 ? `<span class="chip" style="background:${colors[holderIndex === 0 ? 0 : 1]}"></span>${textHtml(sideName(sides[holderIndex], String(o.heldBy)))}` : '<span class="muted">nobody</span>';
    return `<tr><td class="uname">${textHtml(objectiveName(scenario, o))}</td><td>${textHtml(objectiveWhere(scenario, o))}</td><td class="num">${vp}</td><td>${holder}</td></tr>`;
  });
  return (
    '<table class="plain"><colgroup><col style="width:28%"><col style="width:44%"><col style="width:9%"><col style="width:19%"></colgroup>' +
    `<thead><tr><th>Objective</th><th>Where</th><th class="num">VP</th><th>Held at the start by</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
    (defaulted && table ? `<p class="footnote">${TABLE_VP_MARK} From the ${textHtml(table.name)}.</p>` : '')
  );
}

export function renderVictory(scenario: Scenario): string {
  const sentences = victorySentences(scenario);
  if (sentences.length === 0) return '<p>The scenario sets no victory conditions; agree them before play.</p>';
  return `<ol class="victory">${sentences.map((s) => `<li>${textHtml(s)}</li>`).join('')}</ol><p class="note">${textHtml(VICTORY_CLOSING)}</p>`;
}

export function renderSpecialRules(scenario: Scenario): string {
  const rules = (Array.isArray(scenario.specialRules) ? scenario.specialRules : []).filter((r) => typeof r === 'string' && r.trim());
  if (rules.length === 0) return '<p>None.</p>';
  return `<ol class="rules">${rules.map((r) => `<li>${textHtml(r)}</li>`).join('')}</ol>`;
}

/** The sides as settings name them, for per-side values. */
function sideNames(scenario: Scenario): SideName[] {
  return sidesOf(scenario).map((s, i) => ({ id: String(s.id), name: sideName(s, `Side ${i + 1}`) }));
}

/**
 * Every rule setting that differs from the rules' default, in words, the scenario's own system first; another
 * system's settings are kept by the format, so they print too, marked as not the rules in play.
 */
export function renderRuleSettings(scenario: Scenario): string {
  const options = scenario.ruleOptions && typeof scenario.ruleOptions === 'object' ? scenario.ruleOptions : {};
  const sides = sideNames(scenario);
  const systems = Object.keys(options).sort((a, b) => Number(b === scenario.ruleSystem) - Number(a === scenario.ruleSystem));
  const items: string[] = [];
  for (const system of systems) {
    const profile = profileFor(system);
    const title = profile ? profile.title : system;
    const note = system === scenario.ruleSystem ? '' : ` — ${title} (not the rules this scenario is played with)`;
    const specs = profile?.options ?? [];
    // The rule's section is worth naming only where it tells the reader something: not the setting's own name
    // again, nor one heading every setting of the system shares.
    const oneSection = specs.length > 1 && specs.every((o) => o.rule === specs[0]!.rule);
    for (const line of settingsInWords(specs, options[system], sides)) {
      const telling = line.rule && !oneSection && line.rule.toLowerCase() !== line.label.toLowerCase();
      const where = line.known ? (telling ? line.rule! : '') : `not a setting ${profile ? `of ${title}` : 'this app knows'}`;
      const after = [where && ` — ${where}`, note].filter(Boolean).join('');
      items.push(`<li><b>${textHtml(line.label)}</b>: ${textHtml(line.value)}${after ? `<span class="muted">${textHtml(after)}</span>` : ''}</li>`);
    }
  }
  if (items.length === 0) return '<p>None: the rules\' defaults apply.</p>';
  return `<ul class="options">${items.join('')}</ul>`;
}

const optionsOf = (scenario: Scenario): Record<string, OptionValue> => resolvedOptions(NE_OPTIONS, scenario.ruleOptions?.['napoleons-eagles'], sideIdsOf(scenario));

/**
 * Napoleon's Eagles: what the weather and the ground change, as far as the settings in use let them (weather
 * effects on unless switched off; visibility only with its optional rule). Empty for other systems.
 */
export function renderWeather(scenario: Scenario): string {
  if (scenario.ruleSystem !== 'napoleons-eagles') return '';
  const weather = typeof scenario.weather === 'string' ? scenario.weather : undefined;
  const ground = typeof scenario.ground === 'string' ? scenario.ground : undefined;
  const facts = weatherWords(weather, ground) ?? 'No weather or ground given';
  const opts = optionsOf(scenario);
  const all = weatherRules(weather, ground);
  const effects = all.filter((r) => (r.rule === 'Visibility' ? opts.visibility === true : r.rule === 'Weather Effects' ? opts.weatherEffects !== false : true));
  const off = opts.weatherEffects === false && all.some((r) => r.rule === 'Weather Effects') ? '<p class="note">Weather effects are switched off: the weather is scenery only.</p>' : '';
  const list = effects.length
    ? `<ul class="effects">${effects.map((r) => `<li>${textHtml(r.effect)}<span class="muted"> — ${textHtml(r.rule)}</span></li>`).join('')}</ul>`
    : '<p>No effects: the usual rules apply.</p>';
  return `<p><b>${textHtml(facts)}.</b></p>${list}${off}`;
}

/** Napoleon's Eagles: each side's national rules for the scenario's year. Empty for other systems. */
export function renderNationalRules(scenario: Scenario, colors: string[]): string {
  if (scenario.ruleSystem !== 'napoleons-eagles') return '';
  const parsed = typeof scenario.date === 'string' ? parseDate(scenario.date) : null;
  const year = parsed?.ok ? parsed.date.year : undefined;
  return sidesOf(scenario)
    .map((side, i) => {
      const name = sideName(side, `Side ${i + 1}`);
      const nationText = typeof side.nation === 'string' && side.nation.trim() ? side.nation.trim() : '';
      const rules = nationalRules(nationOf(nationText || name), year);
      const head =
        `<p class="nation"><span class="chip" style="background:${colors[i === 0 ? 0 : 1]}"></span><b>${textHtml(name)}</b>` +
        `${nationText && nationText !== name ? ` <span class="muted">(${textHtml(nationText)})</span>` : ''}${year !== undefined ? `<span class="muted">, ${year}</span>` : ''}</p>`;
      const body = rules.length
        ? `<ul class="effects">${rules.map((r) => `<li>${textHtml(r.effect)}<span class="muted"> — ${textHtml(r.rule)}</span></li>`).join('')}</ul>`
        : '<p class="note">The rules name nothing particular to this nation.</p>';
      return `<div class="keep">${head}${body}</div>`;
    })
    .join('');
}

const SURFACE_WORDS: Record<string, string> = { mud: 'mud', sand: 'sand', soft: 'soft ground' };
const EDGE_ORDER = ['north', 'east', 'south', 'west'] as const;

/** How a river or ford is crossed, where the scenario says: the time it takes and whether it disorders. */
function crossingWords(f: { crossingActions?: unknown; disorders?: unknown }): string[] {
  const out: string[] = [];
  if (typeof f.crossingActions === 'number') out.push(`${plural(f.crossingActions, 'action')} to cross`);
  if (f.disorders === true) out.push('crossing disorders');
  if (f.disorders === false) out.push('crossing does not disorder');
  return out;
}

function featureDetails(f: Feature, scenario: Scenario): string {
  const bits: string[] = [];
  const terrain = scenario.terrain ?? [];
  switch (f.kind) {
    case 'woods':
      bits.push(f.density === 'dense' ? 'dense' : 'light');
      break;
    case 'hill':
      bits.push(`level ${f.level ?? 1}`, `${f.slope ?? 'gentle'} slopes`);
      if (Array.isArray(f.crest) && f.crest.length >= 2) bits.push('crest line marked');
      break;
    case 'town': {
      const blocks = terrain.filter((x) => x && x.kind === 'building-block' && (x.town === f.id || (Array.isArray(f.blocks) && f.blocks.includes(x.id))));
      if (blocks.length) bits.push(plural(blocks.length, 'building'));
      break;
    }
    case 'river':
      bits.push(`${inches(typeof f.width === 'number' ? f.width : 1)} wide`, f.fordable === true ? 'fordable anywhere' : 'crossed only at bridges and fords');
      bits.push(...crossingWords(f));
      break;
    case 'bridge':
    case 'ford': {
      const river = terrain.find((x) => x && x.id === f.river);
      if (river) bits.push(`over ${featureName(river) || 'the river'}`);
      if (f.kind === 'bridge' && typeof f.capacity === 'number') bits.push(`takes ${plural(f.capacity, 'figure')} per action`);
      if (f.kind === 'ford') bits.push(...crossingWords(f));
      break;
    }
    case 'fortification':
      bits.push(f.works === 'prepared' ? 'prepared defences' : 'redoubt or field works');
      break;
    case 'soft-ground':
      if (typeof f.surface === 'string') bits.push(Object.hasOwn(SURFACE_WORDS, f.surface) ? SURFACE_WORDS[f.surface]! : f.surface);
      break;
    case 'building-block':
      if (typeof f.material === 'string') bits.push(f.material);
      bits.push(`${inches(typeof f.size === 'number' ? f.size : 4)} square`);
      {
        const town = terrain.find((x) => x && x.id === f.town);
        if (town && featureName(town)) bits.push(`in ${featureName(town)}`);
      }
      if (Array.isArray(f.fortifiedSides) && f.fortifiedSides.length) {
        const sides = EDGE_ORDER.filter((e) => f.fortifiedSides!.includes(e));
        bits.push(`fortified on the ${listWords(sides)} side${sides.length === 1 ? '' : 's'}`);
      }
      break;
    default:
      break;
  }
  if (Array.isArray((f as { cells?: unknown }).cells)) {
    const cells = ((f as { cells: unknown[] }).cells).filter((c): c is string => typeof c === 'string');
    if (cells.length) bits.push(cells.length <= 8 ? `cells ${cells.join(', ')}` : `${cells.length} cells`);
  }
  return bits.join(', ');
}

/** Past this many features the key runs in two columns, so a long list of short rows does not take half a page. */
export const TERRAIN_KEY_TWO_COLUMNS = 6;

export function renderTerrainKey(scenario: Scenario): string {
  const features = (Array.isArray(scenario.terrain) ? scenario.terrain : []).filter((f) => f && typeof f === 'object');
  if (features.length === 0) return '<p>An open table: no terrain.</p>';
  const cells = features.map((f) => {
    const name = featureName(f);
    return `<td class="uname">${name ? textHtml(name) : '<span class="muted">(unnamed)</span>'}</td><td>${textHtml(capitalise((FEATURE_KIND_LABEL as Record<string, string>)[f.kind] ?? String(f.kind)))}</td><td>${textHtml(featureDetails(f, scenario))}</td>`;
  });
  const head = '<th>Feature</th><th>Kind</th><th>Notes</th>';
  if (cells.length <= TERRAIN_KEY_TWO_COLUMNS) {
    return (
      '<table class="plain terrain-key"><colgroup><col style="width:34%"><col style="width:18%"><col style="width:48%"></colgroup>' +
      `<thead><tr>${head}</tr></thead><tbody>${cells.map((c) => `<tr>${c}</tr>`).join('')}</tbody></table>`
    );
  }
  // Read down the left half, then down the right: one table, so it still breaks across pages with its header.
  const half = Math.ceil(cells.length / 2);
  const rows: string[] = [];
  for (let i = 0; i < half; i++) rows.push(`<tr>${cells[i]}<td class="gap"></td>${cells[half + i] ?? '<td></td><td></td><td></td>'}</tr>`);
  const cols = '<col style="width:17%"><col style="width:10%"><col style="width:21%">';
  return (
    `<table class="plain terrain-key two"><colgroup>${cols}<col style="width:4%">${cols}</colgroup>` +
    `<thead><tr>${head}<th class="gap"></th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

/** The players' briefings in side order, then the umpire's, then any other keys the author used. */
export function briefingList(scenario: Scenario): { key: string; title: string; text: string; sideIndex: number | null }[] {
  const briefings = scenario.briefings && typeof scenario.briefings === 'object' ? scenario.briefings : {};
  const sides = sidesOf(scenario);
  const out: { key: string; title: string; text: string; sideIndex: number | null }[] = [];
  const text = (k: string): string | null => {
    const v = (briefings as Record<string, unknown>)[k];
    return typeof v === 'string' && v.trim() ? v : null;
  };
  sides.forEach((side, i) => {
    const t = text(String(side.id));
    if (t) out.push({ key: String(side.id), title: `${sideName(side, String(side.id))} briefing`, text: t, sideIndex: i });
  });
  const umpire = text('umpire');
  if (umpire) out.push({ key: 'umpire', title: "Umpire's notes", text: umpire, sideIndex: null });
  for (const k of Object.keys(briefings)) {
    if (k === 'umpire' || sides.some((s) => String(s.id) === k)) continue;
    const t = text(k);
    if (t) out.push({ key: k, title: `Briefing: ${k}`, text: t, sideIndex: null });
  }
  return out;
}

export function renderBriefings(scenario: Scenario, colors: string[]): string {
  const list = briefingList(scenario);
  if (list.length === 0) return '';
  return list
    .map(
      (b) =>
        `<section class="briefing"><h3>${b.sideIndex !== null ? `<span class="chip" style="background:${colors[b.sideIndex === 0 ? 0 : 1]}"></span>` : ''}${textHtml(b.title)}</h3>` +
        `<div class="prose">${textHtml(b.text)}</div></section>`,
    )
    .join('');
}
