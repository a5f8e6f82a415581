// The scenario's structured fields said in plain words, as a player reads them off the sheet. These functions return
// plain text; the sheet escapes it where it is placed.
import { cellNameAt, isCellGrid } from '../grid.js';
import { isPoint } from '../geometry.js';
import { FEATURE_KIND_LABEL, type Entry, type Grid, type Objective, type Reinforcement, type Scenario, type Side, type Table } from '../model.js';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Inches as a table measure: whole numbers plain, quarters as fractions (11¼″), anything else to one decimal. */
export function inches(value: number): string {
  if (!Number.isFinite(value)) return '?″';
  const whole = Math.floor(value + 1e-9);
  const frac = value - whole;
  const fractions: [number, string][] = [
    [0, ''],
    [0.25, '¼'],
    [0.5, '½'],
    [0.75, '¾'],
    [1, ''],
  ];
  for (const [f, glyph] of fractions) {
    if (Math.abs(frac - f) < 1e-6) return `${f === 1 ? whole + 1 : whole === 0 && glyph ? '' : whole}${glyph}″`;
  }
  return `${Number(value.toFixed(1))}″`;
}

/** Feet and inches, as a table is usually described: 72″ → 6′, 40″ → 3′ 4″. */
export function feet(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '?';
  const ft = Math.floor(value / 12 + 1e-9);
  const rest = value - ft * 12;
  if (ft === 0) return inches(value);
  return Math.abs(rest) < 1e-6 ? `${ft}′` : `${ft}′ ${inches(rest)}`;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** Facing as a compass point where it is one, else in degrees (hex facings such as 60° have no compass name). */
export function facingWords(facing: unknown): string | null {
  if (typeof facing !== 'number' || !Number.isFinite(facing)) return null;
  const f = ((facing % 360) + 360) % 360;
  return f % 45 === 0 ? COMPASS[f / 45]! : `${Number(f.toFixed(1))}°`;
}

const EDGE_NAMES: Record<string, string> = { north: 'north edge', south: 'south edge', east: 'east edge', west: 'west edge' };

export function edgeWords(edge: unknown): string {
  return typeof edge === 'string' && Object.hasOwn(EDGE_NAMES, edge) ? EDGE_NAMES[edge]! : 'an unnamed edge';
}

/** A point on the table: its cell on a gridded map, else its coordinates from the north-west corner. */
export function pointWords(point: unknown, grid: Grid | undefined, table: Table): string {
  if (!isPoint(point)) return 'an unknown point';
  const cell = isCellGrid(grid) ? cellNameAt(grid, table, point) : null;
  const [x, y] = point;
  const on = (a: number, b: number): boolean => Math.abs(a - b) < 1e-6;
  // A point on the table's edge (where reinforcements come on) is measured along that edge.
  let coords: string;
  if (on(y, 0) || on(y, table.height)) coords = `on the ${on(y, 0) ? 'north' : 'south'} edge, ${inches(x)} from the west corner`;
  else if (on(x, 0) || on(x, table.width)) coords = `on the ${on(x, 0) ? 'west' : 'east'} edge, ${inches(y)} from the north corner`;
  else coords = `${inches(x)} from the west edge and ${inches(y)} from the north edge`;
  return cell ? `${cell} (${coords})` : coords;
}

export function entryWords(entry: Entry | undefined, grid: Grid | undefined, table: Table): string {
  const e = entry as { edge?: unknown; at?: unknown; cells?: unknown } | undefined;
  if (!e) return 'no entry given';
  if (e.edge !== undefined) return `anywhere on the ${edgeWords(e.edge)}`;
  if (e.at !== undefined) return `at ${pointWords(e.at, grid, table)}`;
  if (Array.isArray(e.cells)) {
    const cells = e.cells.filter((c): c is string => typeof c === 'string');
    return cells.length === 1 ? `in cell ${cells[0]}` : `in cells ${listWords(cells, 'or')}`;
  }
  return 'no entry given';
}

/** When a reinforcement arrives: a short form for the map and the turn track, and a sentence for the schedule. */
export function arrivalShort(r: Reinforcement): string {
  if (typeof r.turn === 'number') return `Turn ${r.turn}`;
  if (r.roll && typeof r.roll.from === 'number' && typeof r.roll.need === 'number') {
    return `from turn ${r.roll.from} on ${r.roll.need}+`;
  }
  return 'turn not set';
}

export function arrivalWords(r: Reinforcement): string {
  if (typeof r.turn === 'number') return `At the start of turn ${r.turn}.`;
  if (r.roll && typeof r.roll.from === 'number' && typeof r.roll.need === 'number') {
    const need = r.roll.need;
    const roll = need <= 1 ? 'automatically' : need >= 6 ? 'on a roll of 6 on one d6' : `on a roll of ${need} or more on one d6`;
    return `From turn ${r.roll.from} on, roll each turn: they arrive ${roll}.`;
  }
  return 'No arrival turn is set.';
}

export function listWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} ${conjunction} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export function sideName(side: Side | undefined, fallback: string): string {
  const name = typeof side?.name === 'string' && side.name.trim() !== '' ? side.name.trim() : '';
  return name || fallback;
}

/**
 * Every terrain feature's name as the user reads it, by id: its own name, or for an unnamed one its kind numbered
 * among the unnamed of that kind ("Unnamed woods 2"), so the pickers, the inspector and the sheet agree.
 */
export function featureNames(scenario: Scenario): Map<string, string> {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const f of Array.isArray(scenario.terrain) ? scenario.terrain : []) {
    if (!f || typeof f !== 'object' || typeof f.id !== 'string' || names.has(f.id)) continue;
    const own = typeof f.name === 'string' ? f.name.trim() : '';
    if (own) {
      names.set(f.id, own);
      continue;
    }
    const kind = (FEATURE_KIND_LABEL as Record<string, string>)[String(f.kind)] ?? String(f.kind);
    const n = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, n);
    names.set(f.id, `Unnamed ${kind} ${n}`);
  }
  return names;
}

/**
 * An objective as the sheet and the editor name it: its own name, its feature's, its cell, or else its place in the
 * list ("Objective 2"); never its id, which the user never typed.
 */
export function objectiveName(scenario: Scenario, objective: Objective): string {
  if (typeof objective.name === 'string' && objective.name.trim()) return objective.name.trim();
  const feature = typeof objective.feature === 'string' ? featureNames(scenario).get(objective.feature) : undefined;
  if (feature) return feature;
  if (typeof objective.cell === 'string') return `cell ${objective.cell}`;
  const list = Array.isArray(scenario.objectives) ? scenario.objectives : [];
  let index = list.indexOf(objective);
  if (index < 0) index = list.findIndex((o) => o && o.id === objective.id);
  return index < 0 ? 'Objective' : `Objective ${index + 1}`;
}

/** `resupplyGuns` → "Resupply guns": option names are the rule text's names in camelCase. */
export function optionWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ARM_NOUN: Record<string, string> = { infantry: 'infantry', cavalry: 'cavalry', artillery: 'artillery', train: 'train' };

/** "Line infantry", "Heavy cavalry", "Horse artillery", "Baggage": the type a player would say. */
export function unitTypeWords(arm: unknown, type: unknown): string {
  const a = typeof arm === 'string' ? arm : '';
  const t = typeof type === 'string' ? type : '';
  const noun = ARM_NOUN[a] ?? a;
  if (a === 'train') return t ? optionWords(t) : 'Train';
  if (!t) return noun ? optionWords(noun) : '—';
  if (a === 'cavalry' && t === 'cossack') return 'Cossacks';
  return optionWords(`${t} ${noun}`.trim());
}

/** Where a unit starts, for the order of battle's set-up column. */
export function setupWords(
  setup: unknown,
  grid: Grid | undefined,
  table: Table,
): { where: string; facing: string | null; formation: string | null } | null {
  if (!setup || typeof setup !== 'object') return null;
  const s = setup as { at?: unknown; cell?: unknown; facing?: unknown; formation?: unknown };
  let where: string | null = null;
  if (typeof s.cell === 'string') where = s.cell;
  else if (isPoint(s.at)) {
    const cell = isCellGrid(grid) ? cellNameAt(grid, table, s.at) : null;
    where = cell ?? `${inches(s.at[0])}, ${inches(s.at[1])}`;
  }
  if (where === null) return null;
  return {
    where,
    facing: facingWords(s.facing),
    formation: typeof s.formation === 'string' ? optionWords(s.formation) : null,
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "1815-06-18" → "18 June 1815", "1815-06" → "June 1815"; a date that is not one is printed as written. */
export function dateWords(date: unknown): string | null {
  if (typeof date !== 'string' || !date.trim()) return null;
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date.trim());
  const month = m?.[2] === undefined ? undefined : MONTHS[Number(m[2]) - 1];
  if (!m || (m[2] !== undefined && !month)) return date.trim();
  if (!month) return m[1]!;
  return m[3] === undefined ? `${month} ${m[1]}` : `${Number(m[3])} ${month} ${m[1]}`;
}

const GROUND_WORDS: Record<string, string> = {
  firm: 'firm ground',
  mud: 'mud underfoot',
  snow: 'snow underfoot',
  'mud-and-snow': 'mud and snow underfoot',
};

/** The state of the ground as a phrase: "mud underfoot". */
export function groundWords(ground: unknown): string {
  if (typeof ground !== 'string') return '';
  return Object.hasOwn(GROUND_WORDS, ground) ? GROUND_WORDS[ground]! : ground;
}

/** "Clear, mud underfoot": the weather and the ground together, for the sheet's facts; null when neither is set. */
export function weatherWords(weather: unknown, ground: unknown): string | null {
  const parts = [typeof weather === 'string' && weather ? optionWords(weather) : '', groundWords(ground)].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
