// Whether a unit has room to stand where it is in a new formation or facing (a reinforcement stepping on, a square
// formed or a face turned in defence, a column formed on recovering from retreat): on the table and on nobody.
// Moves are the movement part's (movement.ts checkMove); this is only the standing test those changes in place need.
import { rectOf } from './footprint.js';
import { rectCorners, rectsOverlap } from './geometry.js';
import type { NeTable, NeUnit } from './types.js';

const EPS = 1e-6;
const standing = (u: NeUnit): boolean => u.status === 'table' || u.status === 'retreat' || u.status === 'silenced';

/** Why `u` (as given: position, facing, formation) cannot stand there, or null. `ignore` lists units it may touch. */
export function roomProblem(table: NeTable, units: readonly NeUnit[], u: NeUnit, ignore: readonly string[] = []): string | null {
  const r = rectOf(u, table);
  if (!rectCorners(r).every(([x, y]) => x >= -EPS && y >= -EPS && x <= table.width + EPS && y <= table.height + EPS)) return 'it would leave the table';
  for (const o of units) {
    if (o.id === u.id || !standing(o) || ignore.includes(o.id)) continue;
    if (rectsOverlap(r, rectOf(o, table))) return `it would stand on ${o.name}`;
  }
  return null;
}
