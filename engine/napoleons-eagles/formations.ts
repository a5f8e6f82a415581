// Changing formation on the table: what it costs ('Formation Changes' and the national exceptions, via
// formation-costs.ts) and where the unit then stands. Changes are to the front, so the new formation keeps the
// middle of the old front edge where it was.
import { formationCost } from './formation-costs.js';
import { footprint } from './footprint.js';
import { heading, rectCorners, rectsOverlap } from './geometry.js';
import { forbiddenGround, groundAt } from './move-ground.js';
import { moveTerrainOf, rectAt, type Verdict } from './movement.js';
import { optionOn, type NeFormation, type NeTable, type NeUnit } from './types.js';

export function formationChange(
  table: NeTable,
  units: readonly NeUnit[],
  unitId: string,
  to: NeFormation,
): Verdict<{ cost: number; x: number; y: number; facing: number }> {
  const u = units.find((x) => x.id === unitId);
  if (!u) return { ok: false, reason: `no unit ${unitId}` };
  if (u.status !== 'table') return { ok: false, reason: `${u.name} is not on the table (${u.status})` };
  if (u.status === 'table' && u.retreatActions > 0) return { ok: false, reason: `${u.name} is retreating` };
  const nation = table.sides.find((s) => s.key === u.side)?.nation ?? undefined;
  const c = formationCost(
    {
      arm: u.arm,
      type: u.type,
      nation,
      year: table.year ?? undefined,
      light: u.type === 'light' || u.rifles,
      supportedLineOption: optionOn(table, 'supportedLine'),
    },
    u.formation,
    to,
  );
  if (!c.ok) return { ok: false, reason: c.reason };
  // 'Light and Dense Woods': a unit in dense woods keeps the formation it entered in.
  if (groundAt(moveTerrainOf(table), [u.x, u.y]).woods === 'dense') return { ok: false, reason: 'no formation change in dense woods' };
  const h = heading(u.facing);
  const oldDepth = footprint(u, table).depth;
  const newDepth = footprint({ ...u, formation: to }, table).depth;
  const shift = oldDepth / 2 - newDepth / 2;
  const x = u.x + h[0] * shift;
  const y = u.y + h[1] * shift;
  const r = rectAt(table, u, [x, y], u.facing, to);
  if (!rectCorners(r).every(([px, py]) => px >= -1e-6 && py >= -1e-6 && px <= table.width + 1e-6 && py <= table.height + 1e-6)) {
    return { ok: false, reason: `the ${to} would not fit on the table` };
  }
  const bad = forbiddenGround(table.terrain, u.arm, u.type, rectCorners(r));
  if (bad) return { ok: false, reason: bad };
  for (const o of units) {
    if (o.id === u.id || (o.status !== 'table' && o.status !== 'retreat' && o.status !== 'silenced')) continue;
    if (rectsOverlap(r, rectAt(table, o, [o.x, o.y], o.facing))) return { ok: false, reason: `the ${to} would overlap ${o.name}` };
  }
  return { ok: true, cost: c.cost, x, y, facing: u.facing };
}
