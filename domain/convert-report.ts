// The 1:60 ↔ 1:30 conversion report as people read it: one row per unit the list ends with, a count line that adds
// up to the units the list started with, a sentence for each unit whose men no longer match its figures at the new
// ratio, and the same report as Markdown, CSV and a printable page. Built from the input document and the report
// `convertDocument` returns, whose JSON shape is the CLI's contract and is left as it is.
import type { ConversionMode, ConversionReport, ConversionWarning, Ratio, UnitChange } from './convert.js';
import { walkForces } from './forces.js';
import type { AdcDocument, Unit } from './model.js';
import { isScenario } from './model.js';
import { PAGE_MARGIN_MM, PAPER, SHEET_CSP, type Paper } from './sheet/sheet.js';
import { escapeHtml } from './sheet/escape.js';

/**
 * What became of a row's unit: two (or more) units joined into one, figures changed, a battery (its guns are real
 * pieces and never change, whatever happens to its models), or kept as it was.
 */
export type RowResult = 'joined' | 'changed' | 'battery' | 'kept';

/** Why a unit kept its figures: a train (no figures), no ratings of the system, no figures, or the same figures. */
export type KeptAs = 'train' | 'unrated' | 'no-figures' | 'same';

const KEPT_WHY: Record<KeptAs, string> = {
  train: 'a train has no figures to convert',
  unrated: "no Napoleon's Eagles ratings",
  'no-figures': 'no figures to convert',
  same: 'its figures come out the same',
};

export interface ReportRow {
  id: string;
  name: string;
  arm?: string;
  result: RowResult;
  /** How many units of the list this row stands for: 2 for a joined pair, otherwise 1. */
  units: number;
  figures: [number | undefined, number | undefined];
  models: [number | undefined, number | undefined];
  men: [number | undefined, number | undefined];
  guns?: number;
  howitzers?: number;
  /** Line frontage in inches after conversion. */
  frontage: number | null;
  /** For a joined row, the units it was made from, as they were. */
  mergedFrom?: { id: string; name: string; figures?: number; men?: number }[];
  /** For a kept row, what kind of unit keeps its figures, and why in words. */
  keptAs?: KeptAs;
  why?: string;
  /** When the unit's men and its figures at the new ratio no longer agree, why, in one sentence. */
  menNote?: string;
  /** The conversion's warnings about this unit. */
  warnings: string[];
}

export interface ConversionCount {
  /** Units in the list before, and rows (units) after. */
  before: number;
  after: number;
  /** Units joined into others, and how many joined units they made. */
  joined: number;
  pairs: number;
  changed: number;
  batteries: number;
  /** Batteries whose models were recomputed. */
  modelsChanged: number;
  trains: number;
  unrated: number;
  /** Infantry and cavalry without figures to convert. */
  noFigures: number;
  /** Infantry and cavalry whose figures come out as they were. */
  same: number;
}

export interface MenTotals {
  /** Men given over the whole list, before and after. Joining two units without both men loses a known part. */
  before: number;
  after: number;
  /** Infantry and cavalry that give men after conversion: their men, and what their figures stand for at the new ratio. */
  counted: number;
  standFor: number;
}

export interface ConversionSummary {
  from: number;
  to: Ratio;
  mode: ConversionMode;
  rows: ReportRow[];
  count: ConversionCount;
  countLine: string;
  men: MenTotals | null;
  menLine: string | null;
  warnings: ConversionWarning[];
}

const neBlock = (u: Unit): Partial<Record<string, unknown>> | undefined => {
  const b = u.ratings?.['napoleons-eagles'];
  return b && typeof b === 'object' ? b : undefined;
};

const figureArm = (arm: string | undefined): boolean => arm === 'infantry' || arm === 'cavalry';

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** Grouped thousands, the same on every host, so a report reads the same wherever it was made. */
export const grouped = (n: number): string => {
  const [whole, frac] = String(Math.abs(n)).split('.');
  const digits = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${digits}${frac ? `.${frac}` : ''}`;
};

function documentUnits(doc: AdcDocument): Unit[] {
  const armies = isScenario(doc) ? (Array.isArray(doc.sides) ? doc.sides.map((s) => s?.army) : []) : [doc.army];
  const out: Unit[] = [];
  for (const army of armies) {
    if (!army || typeof army !== 'object') continue;
    for (const n of walkForces(army, '')) if (n.kind === 'unit') out.push(n.node);
  }
  return out;
}

/** The report as rows in the list's own order, with the unconverted units in their places. */
export function summarizeConversion(input: AdcDocument, report: ConversionReport): ConversionSummary {
  const { from, to, mode } = report;
  // Each unit of the input is matched to the change that took it, by id; a repeated id in a draft takes the changes
  // in turn, as the conversion made them.
  const pending = new Map<string, UnitChange[]>();
  for (const change of report.units) {
    for (const id of change.mergedFrom?.map((m) => m.id) ?? [change.id]) {
      const queue = pending.get(id);
      if (queue) queue.push(change);
      else pending.set(id, [change]);
    }
  }
  const warningsOf = (ids: string[]) => report.warnings.filter((w) => ids.includes(w.id)).map((w) => w.message);
  const rows: ReportRow[] = [];
  const done = new Set<UnitChange>();
  for (const unit of documentUnits(input)) {
    const change = neBlock(unit) ? pending.get(unit.id)?.shift() : undefined;
    if (!change) {
      rows.push(keptRow(unit, unit.arm === 'train' ? 'train' : 'unrated', warningsOf([unit.id])));
      continue;
    }
    if (done.has(change)) continue;
    done.add(change);
    rows.push(rowOf(change, unit.arm, to, warningsOf(change.mergedFrom?.map((m) => m.id) ?? [change.id])));
  }
  // A change no unit of the input led to cannot come from `convertDocument`; listed all the same, so nothing it
  // reports goes missing from what people read.
  for (const change of report.units) {
    if (!done.has(change)) rows.push(rowOf(change, undefined, to, warningsOf([change.id])));
  }
  const count = countRows(rows);
  const men = menTotals(input, rows, to);
  return {
    from,
    to,
    mode,
    rows,
    count,
    countLine: countLine(count, rows),
    men,
    menLine: men && menLine(men, rows, to),
    warnings: report.warnings,
  };
}

function keptRow(unit: Unit, keptAs: KeptAs, warnings: string[]): ReportRow {
  const b = neBlock(unit) ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const men = num(unit.men);
  return {
    id: String(unit.id),
    name: String(unit.name),
    ...(typeof unit.arm === 'string' ? { arm: unit.arm } : {}),
    result: 'kept',
    units: 1,
    figures: [num(b.figures), num(b.figures)],
    models: [num(b.models), num(b.models)],
    men: [men, men],
    ...(num(b.guns) !== undefined ? { guns: num(b.guns) } : {}),
    ...(num(b.howitzers) !== undefined ? { howitzers: num(b.howitzers) } : {}),
    frontage: null,
    keptAs,
    why: KEPT_WHY[keptAs],
    warnings,
  };
}

function rowOf(change: UnitChange, arm: string | undefined, to: Ratio, warnings: string[]): ReportRow {
  const { before: b, after: a } = change;
  const row: ReportRow = {
    id: change.id,
    name: change.name,
    ...(arm !== undefined ? { arm } : {}),
    result: 'kept',
    units: change.mergedFrom?.length ?? 1,
    figures: [b.figures, a.figures],
    models: [b.models, a.models],
    men: [b.men, a.men],
    ...(a.guns !== undefined ? { guns: a.guns } : {}),
    ...(a.howitzers !== undefined ? { howitzers: a.howitzers } : {}),
    frontage: change.frontage,
    ...(change.mergedFrom ? { mergedFrom: change.mergedFrom } : {}),
    warnings,
  };
  if (change.mergedFrom) {
    row.result = 'joined';
    const note = joinedMenNote(change, arm, to);
    if (note) row.menNote = note;
  } else if (arm === 'artillery') {
    row.result = 'battery';
  } else if (b.figures !== a.figures) {
    row.result = 'changed';
  } else {
    row.keptAs = arm === 'train' ? 'train' : a.figures === undefined ? 'no-figures' : 'same';
    row.why = KEPT_WHY[row.keptAs];
  }
  return row;
}

/**
 * Why a joined unit's men and figures part company. `men` is a unit's real headcount (file-format.md, "Units"), so
 * a joined unit keeps the headcount of both units, while its summed figures at the finer ratio stand for about half.
 * A joined unit without men has no such gap to explain; the conversion's own warning says why its men are unknown.
 */
function joinedMenNote(change: UnitChange, arm: string | undefined, to: Ratio): string | undefined {
  const parts = change.mergedFrom!.map((m) => m.men);
  const men = change.after.men;
  const figures = change.after.figures;
  if (men === undefined || figures === undefined || parts.some((m) => m === undefined)) return undefined;
  if (Math.max(1, Math.round(men / to)) === figures) return undefined;
  const kind = arm === 'cavalry' ? 'regiments' : arm === 'infantry' ? 'battalions' : 'units';
  return (
    `joined ${parts.map((m) => grouped(m!)).join(' + ')} = ${grouped(men)} men; at 1:${to} its ${figures} figures stand for about ` +
    `${grouped(figures * to)}: combining keeps the real headcount of both ${kind}`
  );
}

function countRows(rows: ReportRow[]): ConversionCount {
  const c: ConversionCount = { before: 0, after: rows.length, joined: 0, pairs: 0, changed: 0, batteries: 0, modelsChanged: 0, trains: 0, unrated: 0, noFigures: 0, same: 0 };
  for (const r of rows) {
    c.before += r.units;
    if (r.result === 'joined') {
      c.joined += r.units;
      c.pairs++;
    } else if (r.result === 'changed') c.changed++;
    else if (r.result === 'battery') {
      c.batteries++;
      if (r.models[0] !== r.models[1]) c.modelsChanged++;
    } else if (r.keptAs === 'train') c.trains++;
    else if (r.keptAs === 'unrated') c.unrated++;
    else if (r.keptAs === 'no-figures') c.noFigures++;
    else c.same++;
  }
  return c;
}

/**
 * One line that adds up: every unit of the list is counted once, as changing (joined, or its figures changed) or as
 * keeping its figures (batteries count guns, which never change; trains and units without ratings have none).
 */
function countLine(c: ConversionCount, rows: ReportRow[]): string {
  const head = c.before === c.after ? `${c.before} ${plural(c.before, 'unit', 'units')}` : `${c.before} units become ${c.after}`;
  const changes: string[] = [];
  if (c.joined) changes.push(`${c.joined} join in ${c.pairs === 1 ? 'a pair' : `${c.pairs} pairs`}`);
  if (c.changed) changes.push(`${c.changed} ${plural(c.changed, 'changes its figures', 'change their figures')}`);
  const kept = c.batteries + c.trains + c.unrated + c.noFigures + c.same;
  const why: string[] = [];
  if (c.batteries) {
    const battery = rows.find((r) => r.result === 'battery')!;
    const models =
      c.modelsChanged === 0 ? '' : c.batteries === 1 ? `, models ${battery.models[0] ?? '—'} → ${battery.models[1] ?? '—'}` : `, models recomputed for ${c.modelsChanged}`;
    why.push(`${c.batteries === 1 ? 'a battery' : `${c.batteries} batteries`}: guns never change${models}`);
  }
  if (c.trains) why.push(c.trains === 1 ? 'a train' : `${c.trains} trains`);
  if (c.unrated) why.push(`${c.unrated === 1 ? 'one' : c.unrated} without Napoleon's Eagles ratings`);
  if (c.noFigures) why.push(`${c.noFigures === 1 ? 'one' : c.noFigures} without figures`);
  if (c.same) why.push(`${c.same === 1 ? 'one' : c.same} whose figures come out the same`);
  const keeps = kept ? `${kept} ${plural(kept, 'keeps its figures', 'keep their figures')} (${why.join('; ')})` : '';
  if (!changes.length) return `${head}: none change; ${keeps}.`;
  return `${head}: ${changes.join(', ')}${keeps ? `; ${keeps}` : ''}.`;
}

function menTotals(input: AdcDocument, rows: ReportRow[], to: Ratio): MenTotals | null {
  const given = documentUnits(input).filter((u) => typeof u.men === 'number');
  if (!given.length) return null;
  const before = given.reduce((s, u) => s + (u.men as number), 0);
  let lost = 0;
  let counted = 0;
  let standFor = 0;
  for (const r of rows) {
    if (r.mergedFrom && r.men[1] === undefined) lost += r.mergedFrom.reduce((s, m) => s + (m.men ?? 0), 0);
    if (figureArm(r.arm) && r.men[1] !== undefined && r.figures[1] !== undefined) {
      counted += r.men[1];
      standFor += r.figures[1] * to;
    }
  }
  return { before, after: before - lost, counted, standFor };
}

function menLine(m: MenTotals, rows: ReportRow[], to: Ratio): string {
  const lost = m.before - m.after;
  const total =
    lost === 0
      ? `Men given: ${grouped(m.before)}, before and after.`
      : `Men given: ${grouped(m.before)} before, ${grouped(m.after)} after: ${grouped(lost)} belonged to units joined to one that gives none, so the joined unit's men are unknown (see the warnings).`;
  if (m.counted === 0) return total;
  const notes = rows.filter((r) => r.menNote).length;
  const of = m.counted === m.after ? '' : ` of the ${grouped(m.counted)} given by infantry and cavalry`;
  const gap = notes ? `: ${notes === 1 ? 'the joined unit' : 'each joined unit'} in the notes keeps the headcount of both units it joins.` : '.';
  return `${total} At 1:${to} the figures stand for about ${grouped(m.standFor)}${of}${gap}`;
}

// ---- Words shared by the formats ----

const RESULT_WORDS: Record<RowResult, string> = { joined: 'Joined', changed: 'Changed', battery: 'Guns kept', kept: 'Kept' };

/** The row's result in a word or two, with the number of units for a joined row. */
export function resultWords(r: ReportRow): string {
  return r.result === 'joined' ? `Joined (${r.units})` : RESULT_WORDS[r.result];
}

/** `a → b`, one value when it did not change, nothing when there is none. */
export function beforeAfter(pair: [number | undefined, number | undefined], format: (n: number) => string = String): string {
  const [a, b] = pair;
  if (a === undefined && b === undefined) return '';
  if (a === b) return format(a!);
  return `${a === undefined ? '—' : format(a)} → ${b === undefined ? '—' : format(b)}`;
}

/** The units a joined row was made from, with their figures. */
export function mergedWords(r: ReportRow): string {
  return (r.mergedFrom ?? []).map((m) => `${m.name}${m.figures !== undefined ? ` (${m.figures})` : ''}`).join(' + ');
}

/** What the row's notes column says: why it was kept, why its men and figures differ, then its warnings. */
export function rowNotes(r: ReportRow): string[] {
  return [...(r.why ? [`Kept: ${r.why}.`] : []), ...(r.menNote ? [`${capital(r.menNote)}.`] : []), ...r.warnings];
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const modeWords = (s: ConversionSummary): string =>
  s.mode === 'combine' ? 'pairs combined' : s.to < s.from ? 'figures doubled' : 'figures halved';

export interface ReportMeta {
  /** The list or scenario converted. */
  title: string;
  /** When the conversion was applied, as it should be printed. */
  appliedAt?: string;
}

export function reportTitle(s: ConversionSummary): string {
  return `Conversion 1:${s.from} → 1:${s.to} (${modeWords(s)})`;
}

// ---- Markdown ----

/** Line breaks become spaces, and other control characters go: they would only show as boxes, or not at all. */
function oneLine(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n|\r|\n/g, ' ')) {
    const c = ch.charCodeAt(0);
    if (c === 9 || (c >= 32 && c !== 127)) out += ch;
  }
  return out;
}

/** Text that Markdown shows as typed: its markup characters escaped, on one line. */
function md(value: string | undefined): string {
  return oneLine(value ?? '').replace(/[\\`*_[\]<>|#~!]/g, '\\$&');
}

export function conversionMarkdown(s: ConversionSummary, meta: ReportMeta): string {
  const out: string[] = [`# ${md(reportTitle(s))}`, '', `**${md(meta.title)}**${meta.appliedAt ? `, applied ${md(meta.appliedAt)}` : ''}`, '', md(s.countLine)];
  if (s.menLine) out.push('', md(s.menLine));
  const combine = s.rows.some((r) => r.mergedFrom);
  out.push(
    '',
    `| Unit | Result | Figures | Models | Men | Guns | Frontage |${combine ? ' Combined from |' : ''}`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: |${combine ? ' --- |' : ''}`,
  );
  for (const r of s.rows) {
    const cells = [
      md(r.name),
      md(resultWords(r)),
      beforeAfter(r.figures),
      beforeAfter(r.models),
      md(beforeAfter(r.men, grouped)),
      gunsWords(r),
      r.frontage === null ? '' : `${r.frontage}″`,
      ...(combine ? [md(mergedWords(r))] : []),
    ];
    out.push(`| ${cells.join(' | ')} |`);
  }
  const notes = s.rows.filter((r) => r.why || r.menNote);
  if (notes.length) {
    out.push('', '## Notes', '');
    for (const r of notes) out.push(`- **${md(r.name)}**: ${md(r.why ? `kept: ${r.why}` : r.menNote)}.`);
  }
  if (s.warnings.length) {
    out.push('', `## ${s.warnings.length} ${plural(s.warnings.length, 'warning', 'warnings')}`, '');
    for (const w of s.warnings) out.push(`- ${md(w.message)}`);
  }
  return `${out.join('\n')}\n`;
}

const gunsWords = (r: ReportRow): string =>
  r.guns === undefined ? '' : r.howitzers ? `${r.guns} + ${r.howitzers} how.` : String(r.guns);

// ---- CSV ----

export const CSV_HEADER = [
  'Id',
  'Unit',
  'Arm',
  'Result',
  'Units',
  'Combined from',
  'Figures before',
  'Figures after',
  'Models before',
  'Models after',
  'Guns',
  'Howitzers',
  'Men before',
  'Men after',
  'Men the figures stand for',
  'Frontage (in)',
  'Notes',
] as const;

/**
 * A text cell, quoted where it must be (RFC 4180). A cell a spreadsheet would read as a formula (starting with =, +,
 * -, @) gets a leading apostrophe, so a unit named "=HYPERLINK(…)" stays a name when the file is opened.
 */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvNumber = (n: number | undefined): string => (n === undefined ? '' : String(n));

/**
 * One row per unit the list ends with, numbers as plain numbers. It starts with a byte-order mark, which is how
 * spreadsheet programs on Windows tell UTF-8 from their own code page ("Léger", not "LÃ©ger"), and lines end in CRLF.
 */
export function conversionCsv(s: ConversionSummary): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of s.rows) {
    const standFor = figureArm(r.arm) && r.figures[1] !== undefined ? r.figures[1] * s.to : undefined;
    lines.push(
      [
        csvText(r.id),
        csvText(r.name),
        csvText(r.arm ?? ''),
        csvText(resultWords(r)),
        String(r.units),
        csvText((r.mergedFrom ?? []).map((m) => m.id).join(' + ')),
        csvNumber(r.figures[0]),
        csvNumber(r.figures[1]),
        csvNumber(r.models[0]),
        csvNumber(r.models[1]),
        csvNumber(r.guns),
        csvNumber(r.howitzers),
        csvNumber(r.men[0]),
        csvNumber(r.men[1]),
        csvNumber(standFor),
        r.frontage === null ? '' : String(r.frontage),
        csvText(rowNotes(r).join(' ')),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---- A printable page ----

const CSS = (paper: Paper): string => `
@page { size: ${PAPER[paper].css} portrait; margin: ${PAGE_MARGIN_MM}mm; }
* { box-sizing: border-box; }
body { margin: 0; color: #1f1d18; font: 9pt/1.38 "Liberation Sans", Arial, Helvetica, sans-serif; }
@media screen {
  html { background: #8b8a85; }
  body { background: #fff; width: ${PAPER[paper].width}mm; min-height: ${PAPER[paper].height}mm; margin: 6mm auto; padding: ${PAGE_MARGIN_MM}mm; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.35); }
}
h1, h2 { font-family: Georgia, "Liberation Serif", "DejaVu Serif", serif; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 11.5pt; margin: 5mm 0 1.5mm; border-bottom: 0.8pt solid #2b2924; }
.kicker { font-size: 8pt; letter-spacing: 0.08em; text-transform: uppercase; color: #6d6a60; }
.count { font-size: 10.5pt; font-weight: bold; margin: 3mm 0 1.5mm; }
p { margin: 0 0 2mm; }
table { width: 100%; border-collapse: collapse; font-size: 8pt; line-height: 1.28; }
th { text-align: left; font-size: 7pt; text-transform: uppercase; letter-spacing: 0.05em; color: #6d6a60; border-bottom: 0.8pt solid #2b2924; padding: 1mm 1.2mm; }
td { border-bottom: 0.4pt solid #cfcabb; padding: 1mm 1.2mm; vertical-align: top; }
td.n, th.n { text-align: right; white-space: nowrap; }
tr { break-inside: avoid; page-break-inside: avoid; }
tr.kept td { color: #6d6a60; }
ul { margin: 0; padding-left: 5mm; }
li { margin-bottom: 1mm; break-inside: avoid; }
`;

/** The report as a self-contained page for the print preview, with nothing in it that runs. */
export function conversionHtml(s: ConversionSummary, meta: ReportMeta, paper: Paper = 'a4'): string {
  const combine = s.rows.some((r) => r.mergedFrom);
  const head = `<tr><th>Unit</th><th>Result</th><th class="n">Figures</th><th class="n">Models</th><th class="n">Men</th><th class="n">Guns</th><th class="n">Frontage</th>${combine ? '<th>Combined from</th>' : ''}</tr>`;
  const body = s.rows
    .map(
      (r) =>
        `<tr class="${r.result}"><td>${escapeHtml(r.name)}</td><td>${escapeHtml(resultWords(r))}</td>` +
        `<td class="n">${escapeHtml(beforeAfter(r.figures))}</td><td class="n">${escapeHtml(beforeAfter(r.models))}</td>` +
        `<td class="n">${escapeHtml(beforeAfter(r.men, grouped))}</td><td class="n">${escapeHtml(gunsWords(r))}</td>` +
        `<td class="n">${r.frontage === null ? '' : `${r.frontage}″`}</td>${combine ? `<td>${escapeHtml(mergedWords(r))}</td>` : ''}</tr>`,
    )
    .join('');
  const notes = s.rows.filter((r) => r.why || r.menNote);
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${SHEET_CSP}">` +
    `<title>${escapeHtml(reportTitle(s))}: ${escapeHtml(meta.title)}</title>` +
    `<style>${CSS(paper)}</style></head><body>` +
    `<div class="kicker">${escapeHtml(reportTitle(s))}</div>` +
    `<h1>${escapeHtml(meta.title)}</h1>` +
    (meta.appliedAt ? `<p>Applied ${escapeHtml(meta.appliedAt)}</p>` : '') +
    `<p class="count">${escapeHtml(s.countLine)}</p>` +
    (s.menLine ? `<p>${escapeHtml(s.menLine)}</p>` : '') +
    `<table><thead>${head}</thead><tbody>${body}</tbody></table>` +
    (notes.length ? `<h2>Notes</h2>${list(notes.map((r) => `<b>${escapeHtml(r.name)}</b>: ${escapeHtml(r.why ? `kept: ${r.why}` : r.menNote)}.`))}` : '') +
    (s.warnings.length ? `<h2>${s.warnings.length} ${plural(s.warnings.length, 'warning', 'warnings')}</h2>${list(s.warnings.map((w) => escapeHtml(w.message)))}` : '') +
    '</body></html>\n'
  );
}
