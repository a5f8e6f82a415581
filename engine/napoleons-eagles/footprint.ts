// How much table a unit covers in each formation, who stands in its front rank, and its enfilade value
// (notes §3 frontage, §11 footprint table; 'Game Scale', 'Enfilade Values').
import type { Point } from '../../domain/model.js';
import { frontEdgeOf, type Rect, type Segment } from './geometry.js';
import type { NeFormation, NeUnit } from './types.js';

export type FootprintUnit = Pick<NeUnit, 'arm' | 'ranks' | 'figures' | 'formation' | 'models' | 'guns' | 'howitzers' | 'x' | 'y' | 'facing'>;

/** Inches of front per figure: 2-rank infantry 1/2", 3-rank 3/8", cavalry 3/4" ('Game Scale'). */
export function perFigure(u: Pick<NeUnit, 'arm' | 'ranks'>): number {
  if (u.arm === 'cavalry') return 0.75;
  return u.ranks === 2 ? 0.5 : 0.375;
}

/** Artillery models: the file's, else what the scale puts on a base (1–3 guns at 1:30, up to 6 at 1:60). */
export function modelsFor(guns: number, howitzers: number, figureRatio: number, given?: number): number {
  if (typeof given === 'number' && given > 0) return given;
  return Math.max(1, Math.ceil((guns + howitzers) / (figureRatio <= 30 ? 3 : 6)));
}

/** The formation a unit stands in when the file names none. */
export function defaultFormation(arm: NeUnit['arm']): NeFormation {
  if (arm === 'artillery') return 'unlimbered';
  if (arm === 'train') return 'column';
  return 'line';
}

export interface Footprint {
  width: number;
  depth: number;
}

/** The table, when given, caps a skirmish screen at what fits across it (notes §11). */
export interface TableSize {
  width: number;
  height: number;
}

/** The longest front a `depth`-deep rectangle turned to `facing` can have and still fit on the table. */
export function longestFront(table: TableSize, facing: number, depth: number): number {
  const c = Math.abs(Math.cos((facing * Math.PI) / 180));
  const s = Math.abs(Math.sin((facing * Math.PI) / 180));
  const byX = c > 1e-9 ? (table.width - depth * s) / c : Infinity;
  const byY = s > 1e-9 ? (table.height - depth * c) / s : Infinity;
  return Math.max(0, Math.min(byX, byY));
}

export function footprint(u: FootprintUnit, table?: TableSize): Footprint {
  const F = Math.max(0, u.figures);
  const half = Math.ceil(F / 2);
  const third = Math.ceil(F / 3);
  if (u.arm === 'artillery') {
    const M = Math.max(1, u.models);
    return u.formation === 'limbered' ? { width: 1, depth: M * 1.5 } : { width: M, depth: 1.5 };
  }
  if (u.arm === 'train') return { width: 1, depth: 1.5 };
  if (u.formation === 'skirmish') {
    const width = Math.max(1, F * 2);
    return { width: table ? Math.min(width, longestFront(table, u.facing, 0.5)) : width, depth: 0.5 };
  }
  const pf = perFigure(u);
  if (u.arm === 'cavalry') {
    switch (u.formation) {
      case 'column':
        return { width: Math.max(0.75, third * 0.75), depth: 3 };
      case 'road-column':
        return { width: 1.5, depth: Math.max(1, half * 1) };
      default:
        return { width: Math.max(0.75, F * 0.75), depth: 1 };
    }
  }
  switch (u.formation) {
    case 'supported-line':
      return { width: Math.max(pf, half * pf), depth: 1 };
    case 'column':
      return { width: Math.max(pf, third * pf), depth: 1.5 };
    case 'road-column':
      return { width: Math.max(1, 2 * pf), depth: Math.max(0.5, half * 0.5) };
    case 'square': {
      const side = Math.max(1, (F / 4) * pf);
      return { width: side, depth: side };
    }
    default:
      return { width: Math.max(pf, F * pf), depth: 0.5 };
  }
}

export function rectOf(u: FootprintUnit, table?: TableSize): Rect {
  const { width, depth } = footprint(u, table);
  return { centre: [u.x, u.y] as Point, width, depth, facing: u.facing };
}

export function frontEdge(u: FootprintUnit, table?: TableSize): Segment {
  return frontEdgeOf(rectOf(u, table));
}

/** Half-up rounding for counts ("round half up" in the brief's fire readings). */
export const roundHalfUp = (n: number): number => Math.floor(n + 0.5);

/**
 * Figures in the front rank: all of a line or screen, half of a supported line, a third of a column (the seed's
 * enfilade example: 12 figures in column, 4 in front), two of a road column. Artillery stands its cannons in front.
 * A square's face holds a quarter of its figures (Interpretation, §11: the square fights on whichever face is struck).
 */
export function frontRankFigures(u: Pick<NeUnit, 'arm' | 'figures' | 'formation' | 'guns'>): number {
  const F = Math.max(0, u.figures);
  if (u.arm === 'artillery') return u.formation === 'limbered' ? 0 : u.guns;
  if (u.arm === 'train') return 0;
  switch (u.formation) {
    case 'supported-line':
      return Math.ceil(F / 2);
    case 'column':
      return Math.ceil(F / 3);
    case 'road-column':
      return Math.min(2, F);
    case 'square':
      return Math.ceil(F / 4);
    default:
      return F;
  }
}

/**
 * Enfilade value ('Enfilade Values'): per front-rank figure 3 for 2-rank infantry, 2 for 3-rank, 1 for cavalry;
 * artillery 2 per cannon (a limbered battery still has its guns; the text counts "actual guns").
 */
export function enfiladeValue(u: Pick<NeUnit, 'arm' | 'figures' | 'formation' | 'guns' | 'ranks'>): number {
  if (u.arm === 'artillery') return 2 * u.guns;
  if (u.arm === 'train') return 0;
  const front = frontRankFigures(u);
  if (u.arm === 'cavalry') return front;
  return front * (u.ranks === 2 ? 3 : 2);
}
