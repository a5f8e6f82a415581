// The unit table's columns: which value of a unit each edits, for the active rule system, and how typed text
// becomes a stored value. Text that cannot be read as intended is stored as typed, so the validator names it.
import type { AdcDocument, Arm, RuleSystem, Unit } from '../../domain/model.js';
import { ARMS, CALIBRES, isArm } from '../../domain/model.js';
import type { Change } from '../state/history.js';
import { pointerToPath } from '../state/editor.js';
import { setValueChanges } from './diff.js';
import { DEFAULT_TYPE } from './forces.js';

export type ColumnKind = 'text' | 'number' | 'arm' | 'type' | 'rating' | 'calibre' | 'class' | 'traits' | 'guard' | 'flag';

export interface Column {
  key: string;
  label: string;
  /** JSON Pointer of the value, relative to the unit. */
  at: string;
  kind: ColumnKind;
  width: number;
  /** Longer explanation, shown as the header's tooltip. */
  title?: string;
  system?: RuleSystem;
  /** The arms the value means something for (the rule system's checks warn about it on the others); every arm when absent. */
  arms?: readonly Arm[];
}

const ne = (key: string, label: string, kind: ColumnKind, width: number, title?: string, arms?: readonly Arm[]): Column => ({
  key, label, at: `/ratings/napoleons-eagles/${key}`, kind, width, system: 'napoleons-eagles', ...(title ? { title } : {}), ...(arms ? { arms } : {}),
});

const FOOT: readonly Arm[] = ['infantry'];
const LINE: readonly Arm[] = ['infantry', 'cavalry'];
const GUNS: readonly Arm[] = ['artillery'];

export const BASE_COLUMNS: Column[] = [
  { key: 'name', label: 'Name', at: '/name', kind: 'text', width: 150 },
  { key: 'arm', label: 'Arm', at: '/arm', kind: 'arm', width: 72 },
  { key: 'type', label: 'Type', at: '/type', kind: 'type', width: 68 },
  { key: 'men', label: 'Men', at: '/men', kind: 'number', width: 54, title: 'Men in the real unit' },
];

export const SYSTEM_COLUMNS: Record<RuleSystem, Column[]> = {
  'napoleons-eagles': [
    ne('rating', 'Rating', 'rating', 70, 'Move A–C, Morale 1–25, Fire A–E, Melee 10–99, e.g. B16C30'),
    ne('figures', 'Figs', 'number', 42, 'Figures (artillery counts guns)', ['infantry', 'cavalry', 'train']),
    ne('ranks', 'Ranks', 'number', 48, 'Ranks (infantry: 2 or 3)', FOOT),
    ne('guns', 'Guns', 'number', 42, 'Guns: the real pieces', GUNS),
    ne('howitzers', 'How.', 'number', 42, 'Howitzers', GUNS),
    ne('calibre', 'Calibre', 'calibre', 60, `Calibre: ${CALIBRES.join(', ')}`, GUNS),
    ne('rifles', 'Rifles', 'flag', 48, 'Rifles: yes or no (the R of an army list)', LINE),
    ne('guard', 'Guard', 'guard', 58, 'Guard (infantry and cavalry): old, middle or young', LINE),
    ne('skirmishers', 'Skirm.', 'number', 48, 'Organic skirmisher figures (infantry; Company Skirmishers option)', FOOT),
    ne('guardBattery', 'Gd bty', 'flag', 50, 'Guard battery: one extra hit before it is silenced (French and Prussian)', GUNS),
    ne('regimental', 'Regt.', 'flag', 44, 'Regimental guns: out of ammunition at the second 6', GUNS),
  ],
  'square-eagles': [
    { key: 'sp', label: 'SP', at: '/ratings/square-eagles/sp', kind: 'number', width: 46, title: 'Strength Points (1–10)', system: 'square-eagles' },
    { key: 'traits', label: 'Traits', at: '/ratings/square-eagles/traits', kind: 'traits', width: 150, title: 'Traits, separated by commas', system: 'square-eagles' },
  ],
  'eagles-to-glory': [
    { key: 'class', label: 'Class', at: '/ratings/eagles-to-glory/class', kind: 'class', width: 50, title: 'Class A (guard) to E (militia)', system: 'eagles-to-glory' },
    { key: 'stands', label: 'Stands', at: '/ratings/eagles-to-glory/stands', kind: 'number', width: 54, system: 'eagles-to-glory' },
  ],
  'hex-skirmish': [
    { key: 'chits', label: 'Skirmish men', at: '/ratings/hex-skirmish/men', kind: 'number', width: 90, title: 'Men on the chit (at most 20 a hex)', system: 'hex-skirmish' },
  ],
};

export const VP_COLUMN: Column = { key: 'vp', label: 'VP', at: '/vp', kind: 'number', width: 48, title: 'Victory points; grey values come from the default table' };

/**
 * Whether a column means something for a unit of this arm. A unit without a known arm yet gets every column, so
 * nothing is hidden from it before it is decided.
 */
export function appliesTo(column: Column, arm: unknown): boolean {
  return !column.arms || !isArm(arm) || column.arms.includes(arm);
}

/** "artillery", "infantry and cavalry": the arms a column is for, in words. */
export const armsInWords = (arms: readonly Arm[]): string => (arms.length > 1 ? `${arms.slice(0, -1).join(', ')} and ${arms[arms.length - 1]}` : (arms[0] ?? ''));

export function columnsFor(system: RuleSystem | undefined): Column[] {
  return [...BASE_COLUMNS, ...(system ? SYSTEM_COLUMNS[system] : []), VP_COLUMN];
}

/** Every column of every system, for pasting rows that carry other systems' ratings too. */
export const ALL_COLUMNS: Column[] = [...BASE_COLUMNS, ...Object.values(SYSTEM_COLUMNS).flat(), VP_COLUMN];

const ARM_WORDS: [RegExp, Arm][] = [
  [/^inf/i, 'infantry'],
  [/^(cav|horse$)/i, 'cavalry'],
  [/^(art|arty|gun|batt)/i, 'artillery'],
  [/^(train|wagon|supply)/i, 'train'],
];

export function normalizeArm(raw: string): string {
  const t = raw.trim();
  return ARM_WORDS.find(([re]) => re.test(t))?.[1] ?? t;
}

/** A type word within the unit's arm, accepting a unique prefix ("gren" → grenadier). */
export function normalizeType(raw: string, arm: unknown): string {
  const t = raw.trim().toLowerCase();
  if (!t) return raw.trim();
  const types: readonly string[] = isArm(arm) ? ARMS[arm] : [...new Set(Object.values(ARMS).flat())];
  if (types.includes(t)) return t;
  const hits = types.filter((x) => x.startsWith(t));
  return hits.length === 1 ? hits[0]! : raw.trim();
}

export function normalizeCalibre(raw: string): string {
  const t = raw.trim().toLowerCase().replace(/\s+/g, '').replace(/(pdr|pounder|pd|lbs)$/, 'lb');
  if ((CALIBRES as readonly string[]).includes(t)) return t;
  const n = /^(\d+)(lb)?$/.exec(t)?.[1];
  if (n === '2' || n === '3') return '2-3lb';
  if (n === '8' || n === '9') return '8-9lb';
  if (n && (CALIBRES as readonly string[]).includes(`${n}lb`)) return `${n}lb`;
  return raw.trim();
}

/** Reads "1,200" and "1 200" as numbers; anything else that is not a number is kept as text for the validator. */
export function parseNumber(raw: string): number | string {
  const t = raw.trim().replace(/(?<=\d)[ ,'](?=\d{3}\b)/g, '');
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : raw.trim();
}

/** The stored value for what the user typed in a cell; undefined clears the value. */
export function parseCell(column: Column, raw: string, unit?: { arm?: unknown }): unknown {
  if (raw.trim() === '') return undefined;
  switch (column.kind) {
    case 'number':
      return parseNumber(raw);
    case 'arm':
      return normalizeArm(raw);
    case 'type':
      return normalizeType(raw, unit?.arm);
    case 'rating':
      return raw.trim().toUpperCase();
    case 'class':
      return raw.trim().toUpperCase();
    case 'calibre':
      return normalizeCalibre(raw);
    case 'guard': {
      // "Old Guard", "o", "mid" all name one of the three; anything else is kept for the validator to name.
      const t = raw.trim().toLowerCase().replace(/\s*guard$/, '');
      return (['old', 'middle', 'young'] as const).find((g) => t.length > 0 && g.startsWith(t)) ?? raw.trim();
    }
    case 'flag': {
      const t = raw.trim().toLowerCase();
      if (['yes', 'y', 'true', 'x', '1', 'on'].includes(t)) return true;
      if (['no', 'n', 'false', '0', 'off', '-'].includes(t)) return false;
      return raw.trim();
    }
    case 'traits': {
      const list = raw.split(/[,;]+|\s+/).map((s) => s.trim().toLowerCase()).filter(Boolean);
      return list.length ? list : undefined;
    }
    case 'text':
      return raw.trim();
  }
}

export function displayCell(value: unknown): string {
  if (value === undefined || value === null || typeof value === 'symbol') return '';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (Array.isArray(value)) return value.join(', ');
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a draft that breaks the schema may hold an object here, shown as it is
  return String(value);
}

export const cellPointer = (unitPointer: string, column: Column): string => `${unitPointer}${column.at}`;

/** Changes that set one column of one unit. */
export function cellChanges(doc: AdcDocument, unitPointer: string, column: Column, value: unknown): Change[] {
  return setValueChanges(doc, pointerToPath(cellPointer(unitPointer, column)), value);
}

/**
 * Changes for typed text in one cell of one unit. A new arm that the unit's type does not belong to also resets the
 * type to that arm's usual one, so "cavalry" after "line" does not leave an invalid pair behind.
 */
export function unitCellChanges(doc: AdcDocument, unitPointer: string, unit: Partial<Unit>, column: Column, raw: string): Change[] {
  const value = parseCell(column, raw, unit);
  const changes = cellChanges(doc, unitPointer, column, value);
  if (column.kind === 'arm' && isArm(value)) {
    const types: readonly string[] = ARMS[value];
    if (typeof unit.type !== 'string' || !types.includes(unit.type)) changes.push(...cellChanges(doc, unitPointer, BASE_COLUMNS[2]!, DEFAULT_TYPE[value]));
  }
  return changes;
}

/** Bulk edit: the same typed text into one column of many units (each parsed for its own arm). */
export function bulkChanges(doc: AdcDocument, units: { pointer: string; unit: Unit }[], column: Column, raw: string): Change[] {
  return units.flatMap(({ pointer, unit }) => unitCellChanges(doc, pointer, unit, column, raw));
}
