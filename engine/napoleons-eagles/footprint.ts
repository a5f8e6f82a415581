// How much table a unit covers in each formation, who stands in its front rank, and its enfilade value
// (notes §3 frontage, §11 footprint table; 'Game Scale', 'Enfilade Values').
import type { Point } from '../../domain/model.js';
import { footprint, type TableSize } from '../../domain/rule-systems/napoleons-eagles-footprint.js';
import { frontEdgeOf, type Rect, type Segment } from './geometry.js';
import type { NeUnit } from './types.js';

export type FootprintUnit = Pick<NeUnit, 'arm' | 'ranks' | 'figures' | 'formation' | 'models' | 'guns' | 'howitzers' | 'x' | 'y' | 'facing'>;

// The footprint itself is shared with the map editor, which draws it (domain/rule-systems/napoleons-eagles-footprint.ts).
export { defaultFormation, footprint, longestFront, modelsFor, perFigure, type Footprint, type TableSize } from '../../domain/rule-systems/napoleons-eagles-footprint.js';

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
