// How much table a Napoleon's Eagles unit covers in each formation (notes §3 frontage, §11 footprint table; 'Game
// Scale'), and the formation a unit stands in from what its file says. Here, not in the engine, because the map
// editor draws each unit's true footprint and may not import engine/; the engine's footprint.ts builds on these.
import type { NeFormation } from '../engine-protocol.js';
import type { Arm, Unit } from '../model.js';

/** What the footprint depends on: the arm, ranks, figures now, formation, battery models, and the facing (a screen's cap). */
export interface FootprintUnit {
  arm: Arm;
  ranks: 2 | 3;
  figures: number;
  formation: NeFormation;
  models: number;
  facing: number;
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

/** Inches of front per figure: 2-rank infantry 1/2", 3-rank 3/8", cavalry 3/4" ('Game Scale'). */
export function perFigure(u: { arm: Arm; ranks: 2 | 3 }): number {
  if (u.arm === 'cavalry') return 0.75;
  return u.ranks === 2 ? 0.5 : 0.375;
}

/** Artillery models: the file's, else what the scale puts on a base (1–3 guns at 1:30, up to 6 at 1:60). */
export function modelsFor(guns: number, howitzers: number, figureRatio: number, given?: number): number {
  if (typeof given === 'number' && given > 0) return given;
  return Math.max(1, Math.ceil((guns + howitzers) / (figureRatio <= 30 ? 3 : 6)));
}

/** The formation a unit stands in when the file names none. */
export function defaultFormation(arm: Arm): NeFormation {
  if (arm === 'artillery') return 'unlimbered';
  if (arm === 'train') return 'column';
  return 'line';
}

const FORMATIONS: readonly NeFormation[] = ['line', 'supported-line', 'column', 'road-column', 'square', 'skirmish', 'echelon', 'limbered', 'unlimbered'];

/** The formation a unit may stand in, from what the file says; anything its arm cannot do falls back. */
export function setupFormation(unit: Pick<Unit, 'arm' | 'setup'>): NeFormation {
  const given = unit.setup?.formation;
  const arm = unit.arm;
  if (arm === 'artillery') {
    if (given === 'limbered' || given === 'column' || given === 'road-column') return 'limbered';
    return 'unlimbered';
  }
  if (arm === 'train') return 'column';
  if (given === undefined || !FORMATIONS.includes(given)) return defaultFormation(arm);
  if (given === 'limbered' || given === 'unlimbered') return defaultFormation(arm);
  if (arm === 'cavalry' && (given === 'square' || given === 'supported-line')) return 'line';
  if (arm === 'infantry' && given === 'echelon') return 'line';
  return given;
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
