// Rows pasted from a spreadsheet (tab-separated, first row the headers) become units: columns are matched by
// header name, values read as the table reads typed cells, and whatever could not be matched is reported.
import type { Arm, RuleSystem, Unit } from '../../domain/model.js';
import { ARMS, isArm } from '../../domain/model.js';
import { ALL_COLUMNS, parseCell, type Column } from './columns.js';
import { DEFAULT_TYPE, slug, uniqueId } from './forces.js';

/** Header words per column key, compared without case, spaces or punctuation. */
const ALIASES: Record<string, string[]> = {
  id: ['id'],
  name: ['name', 'unit', 'unitname', 'battalion', 'regiment', 'designation'],
  arm: ['arm', 'branch', 'service'],
  type: ['type', 'unittype', 'kind'],
  men: ['men', 'strength', 'effectives', 'size'],
  rating: ['rating', 'ratings', 'nerating', 'grade'],
  figures: ['figures', 'figs', 'fig', 'figurines', 'miniatures'],
  ranks: ['ranks', 'rank'],
  guns: ['guns', 'cannon', 'pieces'],
  howitzers: ['howitzers', 'howitzer', 'hows', 'how'],
  calibre: ['calibre', 'caliber', 'cal'],
  models: ['models'],
  sp: ['sp', 'strengthpoints'],
  traits: ['traits', 'trait'],
  class: ['class', 'quality'],
  stands: ['stands', 'bases'],
  chits: ['skirmishmen', 'hexmen', 'chits', 'chitmen'],
  vp: ['vp', 'vps', 'victorypoints', 'points'],
};

const MODELS: Column = { key: 'models', label: 'Models', at: '/ratings/napoleons-eagles/models', kind: 'number', width: 0, system: 'napoleons-eagles' };
const ID: Column = { key: 'id', label: 'Id', at: '/id', kind: 'text', width: 0 };
const COLUMNS: Column[] = [ID, ...ALL_COLUMNS, MODELS];

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function columnForHeader(header: string): Column | undefined {
  const h = norm(header);
  if (!h) return undefined;
  const key = Object.entries(ALIASES).find(([, words]) => words.includes(h))?.[0];
  return key ? COLUMNS.find((c) => c.key === key) : undefined;
}

/** Splits tab-separated text into rows of cells; quoted cells (as spreadsheets write them) may hold tabs and newlines. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let start = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && start) {
      quoted = true;
      start = false;
    } else if (ch === '\t') {
      row.push(cell);
      cell = '';
      start = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      start = true;
    } else {
      cell += ch;
      start = false;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** True for text that looks like spreadsheet rows rather than a value for one cell. */
export const looksLikeRows = (text: string): boolean => text.includes('\t') && /\r?\n\s*\S/.test(text.trim());

export interface PasteMapping {
  header: string;
  column: Column;
}

export interface PasteResult {
  units: Unit[];
  mapped: PasteMapping[];
  /** Headers no column matched: their values are left out. */
  unmapped: string[];
  /** Columns of another rule system than the document's: their values are kept, but not shown in the table. */
  otherSystem: PasteMapping[];
  /** Problems worth telling: ignored rows, guessed arms. */
  notes: string[];
}

/** The arms that have this type, in the order of ARMS (so "light" is infantry before cavalry). */
const armsOfType = (type: string): Arm[] => (Object.keys(ARMS) as Arm[]).filter((a) => (ARMS[a] as readonly string[]).includes(type));

/**
 * Reads pasted rows into new units. Ids come from an "Id" column when free, else from the names; `taken` holds
 * every id already in the document and receives the new ones.
 */
export function rowsToUnits(text: string, system: RuleSystem | undefined, taken: Set<string>): PasteResult {
  const rows = parseTsv(text);
  const result: PasteResult = { units: [], mapped: [], unmapped: [], otherSystem: [], notes: [] };
  const [header, ...body] = rows;
  if (!header) {
    result.notes.push('Nothing to paste.');
    return result;
  }
  const columns = header.map((h) => columnForHeader(h));
  const seen = new Set<string>();
  header.forEach((h, i) => {
    const c = columns[i];
    if (!c || seen.has(c.key)) {
      if (h.trim()) result.unmapped.push(h.trim());
      columns[i] = undefined;
      return;
    }
    seen.add(c.key);
    const m = { header: h.trim(), column: c };
    result.mapped.push(m);
    if (c.system && c.system !== system) result.otherSystem.push(m);
  });
  if (result.mapped.length === 0) {
    result.notes.push('No column header was recognised; the first row must name the columns (e.g. Name, Arm, Type, Rating, Figures, VP).');
    return result;
  }
  const at = (row: string[], key: string) => {
    const i = columns.findIndex((c) => c?.key === key);
    return i < 0 ? '' : (row[i] ?? '').trim();
  };
  const hasArm = seen.has('arm');
  if (!hasArm) result.notes.push('There is no Arm column: units are infantry unless their type belongs to another arm.');
  body.forEach((row, r) => {
    const name = at(row, 'name') || `Unit ${r + 1}`;
    const parsedArm = parseCell(COLUMNS.find((c) => c.key === 'arm')!, at(row, 'arm'));
    let arm = typeof parsedArm === 'string' ? parsedArm : undefined;
    const typeRaw = at(row, 'type');
    if (!arm) {
      const arms = armsOfType(typeRaw.toLowerCase());
      arm = arms[0] ?? 'infantry';
      if (arms.length !== 1 && hasArm) result.notes.push(`Row ${r + 2} ("${name}") names no arm; it was taken as ${arm}.`);
    }
    const parsedType = typeRaw ? parseCell(COLUMNS.find((c) => c.key === 'type')!, typeRaw, { arm }) : undefined;
    const type = typeof parsedType === 'string' ? parsedType : isArm(arm) ? DEFAULT_TYPE[arm] : 'line';
    const idRaw = at(row, 'id');
    const id = uniqueId(idRaw && /^[A-Za-z0-9_.-]{1,64}$/.test(idRaw) ? idRaw : slug(name), taken);
    if (idRaw && id !== idRaw) result.notes.push(`Row ${r + 2}: the id "${idRaw}" was taken or invalid; used "${id}".`);
    // An arm the table does not know is kept as pasted, for the validator to name, so it may not be an Arm.
    const unit: Unit = { id, name, arm: arm as Arm, type, ...(system ? { ratings: { [system]: {} } } : {}) };
    columns.forEach((c, i) => {
      if (!c || c.key === 'id' || c.key === 'name' || c.key === 'arm' || c.key === 'type') return;
      const value = parseCell(c, row[i] ?? '', unit);
      if (value === undefined) return;
      setIn(unit, c.at.slice(1).split('/'), value);
    });
    result.units.push(unit);
  });
  return result;
}

function setIn(obj: Record<string, unknown>, keys: string[], value: unknown): void {
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys[keys.length - 1]!] = value;
}

/** One line for the user: what was added and what was left out. */
export function describePaste(result: PasteResult, into: string): string {
  const parts = [`Added ${result.units.length} unit${result.units.length === 1 ? '' : 's'} to ${into}.`];
  if (result.unmapped.length) parts.push(`Columns not mapped: ${result.unmapped.join(', ')}.`);
  if (result.otherSystem.length) parts.push(`Kept for another rule system: ${result.otherSystem.map((m) => m.header).join(', ')}.`);
  return parts.join(' ');
}
