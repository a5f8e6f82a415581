// The cells an objective covers on a square or hex grid, shared by the engines of gridded rule systems: a listed
// cell, the cells within `radius` of a point, or the cells a feature dominates (file-format.md "Objectives").
import { distance } from '../domain/geometry.js';
import { cellAt, cellCenter, parseCell, type CellGrid } from '../domain/grid.js';
import type { Objective, Scenario } from '../domain/model.js';
import { dominantTerrain, type classifyCells } from '../domain/terrain-cells.js';

export interface BoardObjective {
  id: string;
  name: string;
  cells: number[];
  vp: number;
  /** Index of the side that holds it at the start, or -1. */
  heldBy: number;
}

/** `index` maps cell names to the engine's cell indices (row × cols + col); `defaultVp` is the system's value. */
export function compileObjective(
  o: Objective,
  scenario: Scenario,
  grid: CellGrid,
  cols: number,
  index: Map<string, number>,
  classified: ReturnType<typeof classifyCells>,
  defaultVp: number,
): BoardObjective {
  const cells = new Set<number>();
  if (typeof o.cell === 'string') {
    const i = index.get(o.cell);
    if (i !== undefined) cells.add(i);
  }
  if (o.at) {
    const ref = cellAt(grid, scenario.table, o.at);
    if (ref) cells.add(ref.row * cols + ref.col);
    const radius = typeof o.radius === 'number' ? o.radius : 0;
    for (const [name, i] of index) {
      const p = parseCell(name)!;
      if (distance(cellCenter(grid, p.col, p.row), o.at) <= radius + 1e-9) cells.add(i);
    }
  }
  if (o.feature) {
    // The boxes the feature dominates; a small feature that dominates none still has the box it most covers.
    let best: { i: number; coverage: number } | null = null;
    for (const [name, terrain] of classified) {
      const f = terrain.features.find((x) => x.id === o.feature);
      if (!f) continue;
      const i = index.get(name)!;
      if (dominantTerrain({ features: [f] }).length > 0) cells.add(i);
      if (!best || f.coverage > best.coverage) best = { i, coverage: f.coverage };
    }
    if (cells.size === 0 && best) cells.add(best.i);
  }
  const side = scenario.sides.findIndex((s) => s.id === o.heldBy);
  return {
    id: o.id,
    name: o.name ?? o.id,
    cells: [...cells].sort((a, b) => a - b),
    vp: typeof o.vp === 'number' ? o.vp : defaultVp,
    heldBy: side,
  };
}
