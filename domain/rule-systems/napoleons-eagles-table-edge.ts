// A Napoleon's Eagles unit whose true footprint at set-up sticks off the table (rules notes §10): the engine pushes it
// inward until it fits (notes §11), so it does not start where the map shows its centre. The warning names the unit
// and how far it sticks out, so the author can move it, turn it or choose another formation. Skirmish screens are
// the usual case: 2" a figure makes a long screen.
import type { CheckContext } from '../checks/context.js';
import { isPoint } from '../geometry.js';
import { rectCorners } from '../map/rect-distance.js';
import { unitCounterSize } from '../map/shapes.js';
import { setupFormation } from './napoleons-eagles-footprint.js';

/** Less than this is drawing noise, not a unit off the table. */
const SLACK = 0.05;

const round = (x: number): string => String(Math.round(x * 10) / 10);

/** How far a rectangle's corners lie beyond the table's edges, at most; 0 when it fits. */
export function overhang(corners: readonly [number, number][], table: { width: number; height: number }): number {
  let most = 0;
  for (const [x, y] of corners) most = Math.max(most, -x, -y, x - table.width, y - table.height);
  return most;
}

export function checkTableEdge(ctx: CheckContext): void {
  const s = ctx.scenario;
  if (!s || !s.table || !(s.table.width > 0) || !(s.table.height > 0)) return;
  const context = { ruleSystem: 'napoleons-eagles', grid: s.grid, figureRatio: s.scale?.figureRatio, table: s.table };
  for (const entry of ctx.units) {
    const u = entry.unit;
    const at = u.setup?.at;
    if (!isPoint(at)) continue;
    const facing = typeof u.setup?.facing === 'number' && Number.isFinite(u.setup.facing) ? u.setup.facing : 0;
    const size = unitCounterSize(u, context);
    const out = overhang(rectCorners({ centre: at, facing, width: size.width, depth: size.depth }), s.table);
    if (out <= SLACK) continue;
    const f = setupFormation(u);
    const formation = f === 'skirmish' ? 'skirmish screen' : f === 'limbered' || f === 'unlimbered' ? `${f} battery` : f.replace('-', ' ');
    ctx.warn(
      `${entry.path}/setup/at`,
      `"${u.name}" sticks ${round(out)}" off the table at set-up: its ${formation} is ${round(size.width)}" wide and ${round(size.depth)}" deep`,
      'Game Scale: the game pushes it inward until it fits, so it will not start where the map shows it. Move it in, turn it, or give it another formation.',
    );
  }
}
