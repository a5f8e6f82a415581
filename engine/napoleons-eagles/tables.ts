// The rules' tables as data: the Musket Firing Table (read as notes §11 explains), weapon ranges and bounce, solid
// shot hit numbers, canister bonuses, the close-action casualty chart and charge distances.
import type { Calibre, FireLetter, NeUnit } from './types.js';

export type Band = 'close' | 'medium' | 'long' | 'extreme';
export const BANDS: readonly Band[] = ['close', 'medium', 'long', 'extreme'];

/**
 * Musket Firing Table rows (4, 8, … 48 figures firing). Each row's printed values fill the rightmost of the 14
 * columns; the columns are the modified die −4, −3, −2/−1, 0, 1, 2, 3/4, 5, 6, 7, 8/9, 10, 11, 12+.
 */
const MUSKET_ROWS: Record<number, readonly number[]> = {
  4: [2, 2, 2, 2, 2, 2],
  8: [2, 2, 2, 2, 2, 4, 4],
  12: [2, 2, 2, 2, 2, 4, 4, 4],
  16: [2, 2, 2, 2, 2, 4, 4, 4, 4],
  20: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4],
  24: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6],
  28: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6],
  32: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6],
  36: [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6],
  40: [2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6],
  44: [2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8],
  48: [2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8, 8],
};
const COLUMNS = 14;

/** The column a modified die reads, or −1 when it is −5 or less (no effect). */
export function musketColumn(die: number): number {
  if (die <= -5) return -1;
  if (die >= 12) return 13;
  const byDie: Record<number, number> = { [-4]: 0, [-3]: 1, [-2]: 2, [-1]: 2, 0: 3, 1: 4, 2: 5, 3: 6, 4: 6, 5: 7, 6: 8, 7: 9, 8: 10, 9: 10, 10: 11, 11: 12 };
  return byDie[die]!;
}

/** Casualties on one printed row (4…48) for a modified die. */
export function musketCell(row: number, die: number): number {
  const values = MUSKET_ROWS[row];
  if (!values) throw new Error(`no musket row ${row}`);
  const col = musketColumn(die);
  const first = COLUMNS - values.length;
  return col < first ? 0 : values[col - first]!;
}

/**
 * The printed rows `figures` (already × actions) reads: the nearest row, a count midway rounding up; fewer than 2
 * fire nothing; over 48, parts of 48 and the rest, each on its own row.
 */
export function musketRows(figures: number): number[] {
  const rows: number[] = [];
  let left = Math.max(0, Math.floor(figures));
  while (left > 48) {
    rows.push(48);
    left -= 48;
  }
  if (left >= 2) rows.push(Math.min(48, Math.max(4, 4 * Math.floor(left / 4 + 0.5))));
  return rows;
}

export function musketCasualties(rows: readonly number[], die: number): number {
  return rows.reduce((n, row) => n + musketCell(row, die), 0);
}

export type SmallArm = 'musket' | 'rifle' | 'carbine';

/** Upper bounds of close, medium, long and extreme range in inches; carbines have no extreme range. */
export const SMALL_ARM_RANGES: Record<SmallArm, readonly number[]> = {
  musket: [2, 4, 6, 8],
  rifle: [4, 6, 8, 12],
  carbine: [2, 3, 4],
};

/** Gun ranges by calibre (close is canister range), and the bounce of solid shot in each bracket. */
export const GUN_RANGES: Record<Calibre, { ranges: readonly number[]; bounce: readonly number[] }> = {
  '12lb': { ranges: [10, 20, 40, 64], bounce: [12, 10, 8, 6] },
  '8-9lb': { ranges: [10, 20, 36, 54], bounce: [10, 8, 8, 4] },
  '6lb': { ranges: [8, 16, 32, 48], bounce: [8, 8, 6, 4] },
  '4lb': { ranges: [8, 16, 30, 44], bounce: [8, 6, 6, 4] },
  '2-3lb': { ranges: [6, 12, 28, 36], bounce: [4, 4, 4, 2] },
};

/** The band a range falls in (bounds inclusive), or null beyond the last. */
export function bandOf(range: number, bounds: readonly number[]): Band | null {
  const i = bounds.findIndex((b) => range <= b + 1e-9);
  return i < 0 ? null : BANDS[i]!;
}

/** Canister die bonus by calibre. */
export const CANISTER_BONUS: Record<Calibre, number> = { '12lb': 6, '8-9lb': 5, '6lb': 4, '4lb': 3, '2-3lb': 2 };

/** Howitzers fire shell from 16" to 40"; within 6" they count as cannons for canister ('Howitzers'). */
export const HOWITZER_SHELL: readonly [number, number] = [16, 40];
export const HOWITZER_CANISTER = 6;

/**
 * Solid shot hit numbers for medium, long and extreme range (the printed table has three entries for four bands:
 * close range is canister range). Batteries rated C–E hit as B.
 */
export function solidShotHitOn(fire: FireLetter, band: Band): number {
  const a = fire === 'A';
  switch (band) {
    case 'close':
    case 'medium':
      return a ? 3 : 4;
    case 'long':
      return a ? 4 : 5;
    case 'extreme':
      return a ? 5 : 6;
  }
}

export const FIRE_RATING_MODIFIER: Record<FireLetter, number> = { A: 2, B: 1, C: 0, D: -1, E: -2 };

/** Close-action casualty chart: rows are the modified d6 1–7, columns 1–2, 3–4, 5–6, 7–8, 9+ figures in contact. */
const CLOSE_ACTION: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 2],
  [0, 0, 0, 2, 2],
  [0, 0, 2, 2, 4],
  [0, 2, 2, 4, 4],
  [2, 2, 4, 4, 4],
  [2, 4, 4, 6, 6],
  [2, 4, 6, 6, 6],
];

export function closeActionCasualties(row: number, contactFigures: number): number {
  if (contactFigures <= 0) return 0;
  const r = Math.max(1, Math.min(7, row));
  const col = contactFigures >= 9 ? 4 : Math.floor((contactFigures - 1) / 2);
  return CLOSE_ACTION[r - 1]![col]!;
}

/** How far a unit may charge in its one charge action: infantry its column rate, cavalry by weight. */
export function chargeDistance(u: Pick<NeUnit, 'arm' | 'type'>): number {
  if (u.arm === 'infantry') return 8;
  if (u.arm !== 'cavalry') return 0;
  if (u.type === 'light' || u.type === 'cossack') return 14;
  if (u.type === 'medium') return 13;
  return 12;
}

/** Heavy for the melee and morale modifiers: heavy and guard cavalry. */
export const isHeavyCavalry = (u: Pick<NeUnit, 'arm' | 'type'>): boolean => u.arm === 'cavalry' && (u.type === 'heavy' || u.type === 'guard');

/** Ammunition 6s that empty a battery: the third, the second for regimental guns ('Artillery Ammunition'). */
export const ammoLimit = (u: Pick<NeUnit, 'regimental'>): number => (u.regimental ? 2 : 3);

/** Crew hits that silence a battery: its cannons, one more for a Guard battery ('Artillery Crew Casualties'). */
export const silencedAt = (u: Pick<NeUnit, 'guns' | 'guardBattery'>): number => u.guns + (u.guardBattery ? 1 : 0);
