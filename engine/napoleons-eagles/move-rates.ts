// Napoleon's Eagles movement rates per action, as data ('Movement' tables; notes §2), and the terrain fractions
// that cut them ('Terrain Effects on Movement', 'Light and Dense Woods'; notes §4). Pure lookups: no model types,
// so the tables can be read and tested on their own.
import type { Arm, TacticalFormation } from '../../domain/model.js';

export type MoveLetter = 'A' | 'B' | 'C';
export type Calibre = '2-3lb' | '4lb' | '6lb' | '8-9lb' | '12lb';

/** Inches per action for infantry by rating and formation. Square at C cannot move (0). */
const INFANTRY: Record<MoveLetter, { line: number; column: number; skirmish: number; road: number; square: number }> = {
  A: { line: 6, column: 8, skirmish: 8, road: 10, square: 2 },
  B: { line: 4, column: 8, skirmish: 8, road: 10, square: 1 },
  C: { line: 2, column: 8, skirmish: 8, road: 10, square: 0 },
};

const CAVALRY: Record<MoveLetter, { line: number; column: number; skirmish: number; road: number }> = {
  A: { line: 8, column: 9, skirmish: 10, road: 10 },
  B: { line: 6, column: 9, skirmish: 10, road: 10 },
  C: { line: 4, column: 9, skirmish: 10, road: 10 },
};

/** Artillery rows: field move by letter (limbered), prolong (unlimbered, A and B alike), road. */
interface GunRow { A: number; B: number; prolong: number; road: number }
const HORSE_LIGHT: GunRow = { A: 9, B: 8, prolong: 3, road: 10 };
const FOOT_LIGHT: GunRow = { A: 8, B: 6, prolong: 3, road: 10 };
const FOOT_MEDIUM: GunRow = { A: 7, B: 5, prolong: 2, road: 10 };
const FOOT_HEAVY: GunRow = { A: 6, B: 4, prolong: 1, road: 10 };

export const ROAD_RATE = 10;
/** Leaders move in step 8 of the sequence; notes §8 takes the sequence's 20" over the table's 10". */
export const LEADER_MOVE = 20;
/** Falling back (infantry and cavalry, keeping facing) and sidestep; artillery sidesteps 1". */
export const FALL_BACK = 2;
export const SIDESTEP = 2;
export const ARTILLERY_SIDESTEP = 1;
/** Caissons, and by our reading all train ('Caissons'). */
export const TRAIN_RATE = 8;

/**
 * The artillery row for a battery. The text has a horse row only for 3–6lb and foot rows by calibre.
 * Interpretation: a 2–3lb or 4lb piece moves on the 3–6lb row; horse artillery with heavier pieces, and `heavy`
 * artillery, move on the foot row of their calibre; a battery without a calibre is read as 6lb.
 */
export function gunRow(type: string, calibre: Calibre | undefined): GunRow {
  const c = calibre ?? '6lb';
  if (c === '12lb') return FOOT_HEAVY;
  if (c === '8-9lb') return FOOT_MEDIUM;
  return type === 'horse' ? HORSE_LIGHT : FOOT_LIGHT;
}

/** Charge distance ('Cavalry Charge Distance'): guard cavalry as heavy, cossacks as light (brief). */
export function cavalryChargeDistance(type: string): number {
  if (type === 'light' || type === 'cossack') return 14;
  if (type === 'medium') return 13;
  return 12;
}

export interface RateQuery {
  arm: Arm;
  type: string;
  move: MoveLetter;
  formation: TacticalFormation;
  calibre?: Calibre;
  /** The whole path runs along a road: road columns and limbered guns use the road rate. */
  onRoad: boolean;
}

/**
 * Inches per action in open ground. Interpretations: a supported line is still a line (its rate);
 * cavalry echelon uses line rates ('Cavalry Echelon'); a road column off the road moves at its column rate, since
 * the text gives road columns a rate only on the road; a battery rated C moves as B (the table has no C, and the
 * validator warns); engineers move as infantry, caissons and baggage at the caisson rate (8"), 10" on a road.
 */
export function baseRate(q: RateQuery): number {
  const letter: MoveLetter = q.move;
  switch (q.arm) {
    case 'infantry': {
      const r = INFANTRY[letter];
      switch (q.formation) {
        case 'line':
        case 'supported-line':
          return r.line;
        case 'column':
          return r.column;
        case 'road-column':
          return q.onRoad ? r.road : r.column;
        case 'skirmish':
          return r.skirmish;
        case 'square':
          return r.square;
        default:
          return r.line;
      }
    }
    case 'cavalry': {
      const r = CAVALRY[letter];
      switch (q.formation) {
        case 'column':
          return r.column;
        case 'road-column':
          return q.onRoad ? r.road : r.column;
        case 'skirmish':
          return r.skirmish;
        default:
          return r.line;
      }
    }
    case 'artillery': {
      const row = gunRow(q.type, q.calibre);
      if (q.formation === 'unlimbered') return row.prolong;
      if (q.onRoad) return row.road;
      return letter === 'A' ? row.A : row.B;
    }
    case 'train':
      if (q.type === 'engineers') return baseRate({ ...q, arm: 'infantry' });
      return q.onRoad ? ROAD_RATE : TRAIN_RATE;
  }
}

/** Retreat speed: actions of recovery per 10" (infantry, foot artillery) or 12" (cavalry, horse artillery). */
export function retreatInchesPerAction(arm: Arm, type: string): number {
  if (arm === 'cavalry') return 12;
  if (arm === 'artillery' && type === 'horse') return 12;
  return 10;
}

export type Density = 'light' | 'dense';
export type Slope = 'gentle' | 'steep' | 'extreme';

/** One kind of ground under a unit: what the terrain index reports at a point. */
export interface GroundAt {
  woods?: Density;
  slope?: Slope;
  /** Mud, sand, soft ground, marsh, or open ground under mud or snow. */
  soft?: boolean;
}

/** How the ground scales movement; 0 means the arm may not enter. */
export function terrainFraction(arm: Arm, type: string, ground: GroundAt): number {
  // Engineers handle woods as infantry do (notes §4); other train as artillery.
  const foot = arm === 'infantry' || (arm === 'train' && type === 'engineers');
  let f = 1;
  // Interpretation: fractions do not multiply; each caps the movement usable there, so the lowest cap binds.
  // Multiplying would make a steep wooded slope (¾ × ¾) slower than either rule says.
  if (ground.woods === 'light') f = Math.min(f, foot ? 0.75 : 0.5);
  if (ground.woods === 'dense') f = foot ? Math.min(f, 0.5) : 0;
  if (ground.slope === 'steep') f = Math.min(f, 0.75);
  if (ground.slope === 'extreme') f = Math.min(f, 0.5);
  if (ground.soft) f = Math.min(f, 0.5);
  return f;
}

/** Words for a ground, for reasons ("light woods", "steep slope", "soft ground"). */
export function groundWords(g: GroundAt): string {
  const parts: string[] = [];
  if (g.woods) parts.push(`${g.woods} woods`);
  if (g.slope && g.slope !== 'gentle') parts.push(`${g.slope} slope`);
  if (g.soft) parts.push('soft ground');
  return parts.length ? parts.join(', ') : 'open ground';
}
