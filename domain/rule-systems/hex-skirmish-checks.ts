// Hex Skirmish checks of the whole scenario: stacking at set-up, each side's cost against the set-piece 100 points,
// and whether each cannon has baggage near enough to keep it in ammunition. Every hint names the part of the rule
// text it comes from (seed 002 has no numbered rules; docs/rules/hex-skirmish.md names its parts).
import type { CheckContext, UnitEntry } from '../checks/context.js';
import { list } from '../checks/context.js';
import { cellAt, cellName, parseCell, type CellRef, type HexGrid } from '../grid.js';
import { isPoint } from '../geometry.js';
import type { Unit } from '../model.js';

/** Most men one hex holds ("Stacking"); a cannon or baggage leaves room for 10 more. */
export const MEN_PER_HEX = 20;
export const MEN_WITH_GUN_OR_BAGGAGE = 10;

/** Points each side begins with in a set-piece battle ("Set Piece"). */
export const SET_PIECE_POINTS = 100;
/** The unit table's costs: a man on foot, a horseman, a cannon, an officer, a baggage. */
export const COST = { foot: 1, horse: 1.5, cannon: 10, officer: 3, baggage: 2 } as const;
/** A cannon further than this many hexes from baggage runs out of ammunition ("Baggage"). */
export const AMMUNITION_HEXES = 4;

export const isCannon = (u: Unit): boolean => u.arm === 'artillery';
/** Interpretation (notes §2): a caisson is baggage, a train of wagons like any other. */
export const isBaggage = (u: Unit): boolean => u.arm === 'train' && (u.type === 'baggage' || u.type === 'caisson');

function menOf(u: Unit): number {
  const men = u.ratings?.['hex-skirmish']?.men;
  return typeof men === 'number' && Number.isFinite(men) && men > 0 ? men : 0;
}

export interface SideCost {
  total: number;
  foot: number;
  horse: number;
  cannon: number;
  baggage: number;
  officers: number;
}

/**
 * What a side's units cost at the unit table's prices. The text's men are all infantry or cavalry chits, so a
 * cannon's crew and a baggage's drivers are paid as infantry beside the piece itself, and engineers are infantry.
 * Reinforcements count: the text's set piece has none, so a side's whole force is what its 100 points buy.
 */
export function sideCost(ctx: CheckContext, side: number): SideCost {
  const cost: SideCost = { total: 0, foot: 0, horse: 0, cannon: 0, baggage: 0, officers: 0 };
  for (const n of ctx.forces) {
    if (n.side !== side) continue;
    if (n.kind === 'leader') cost.officers += COST.officer;
    if (n.kind !== 'unit') continue;
    const u = n.node;
    const men = menOf(u);
    if (u.arm === 'cavalry') cost.horse += men * COST.horse;
    else cost.foot += men * COST.foot;
    if (isCannon(u)) cost.cannon += COST.cannon;
    if (isBaggage(u)) cost.baggage += COST.baggage;
  }
  cost.total = cost.foot + cost.horse + cost.cannon + cost.baggage + cost.officers;
  return cost;
}

const points = (x: number): string => String(Math.round(x * 10) / 10);

/**
 * Over 100 points is a warning, not an error: the text sets 100 for a set-piece battle and lets "the scenario"
 * place the units otherwise, nothing in play reads the total, and a designed scenario (an ambush, a fort) is often
 * uneven on purpose.
 */
function checkBudget(ctx: CheckContext): void {
  list(ctx.scenario!.sides).forEach((side, i) => {
    if (!side || typeof side !== 'object') return;
    const c = sideCost(ctx, i);
    if (c.total <= SET_PIECE_POINTS) return;
    const parts = [
      ['men on foot', c.foot],
      ['cavalry', c.horse],
      ['cannon', c.cannon],
      ['baggage', c.baggage],
      ['officers', c.officers],
    ]
      .filter(([, v]) => (v as number) > 0)
      .map(([k, v]) => `${k} ${points(v as number)}`)
      .join(', ');
    ctx.warn(
      `/sides/${i}`,
      `"${side.name}" costs ${points(c.total)} points (${parts}), more than the ${SET_PIECE_POINTS} each side begins with in a set-piece battle`,
      'Set Piece: a set-piece battle gives each side 100 points to spend. Unit table: 1 a man on foot (gun crews and baggage drivers too), 1.5 a horseman, 10 a cannon, 3 an officer, 2 a baggage. Take men or pieces away to bring it to 100.',
    );
  });
}

/** Units that start on the map: those set up in a hex or at a point, and not held back as reinforcements. */
interface Placed {
  entry: UnitEntry;
  hex: CellRef;
  /** The pointer of the set-up field that placed it. */
  at: string;
}

function placedUnits(ctx: CheckContext): Placed[] {
  const s = ctx.scenario!;
  const grid = s.grid;
  if (!grid || grid.kind !== 'hex' || !s.table) return [];
  const reinforced = new Set<string>();
  for (const side of list(s.sides)) for (const r of list(side?.reinforcements)) for (const id of list(r?.units)) reinforced.add(id);
  const out: Placed[] = [];
  for (const entry of ctx.units) {
    const setup = entry.unit.setup;
    if (!setup || reinforced.has(entry.unit.id)) continue;
    // The engine puts a unit set up at a point in the hex that holds the point, so both count alike.
    const hex = typeof setup.cell === 'string' ? parseCell(setup.cell) : isPoint(setup.at) ? cellAt(grid, s.table, setup.at) : null;
    if (hex) out.push({ entry, hex, at: `${entry.path}/setup/${typeof setup.cell === 'string' ? 'cell' : 'at'}` });
  }
  return out;
}

/** "Stacking": at most 20 men of a side in a hex, or one cannon or baggage and 10 men; officers do not count. */
function checkStacking(ctx: CheckContext, placed: Placed[]): void {
  const hexes = new Map<string, { men: number; heavy: number; names: string[] }>();
  for (const { entry, hex, at } of placed) {
    const { unit, side } = entry;
    const men = unit.ratings?.['hex-skirmish']?.men;
    if (typeof men !== 'number') continue;
    const cell = cellName(hex.col, hex.row);
    const key = `${side}:${cell}`;
    const here = hexes.get(key) ?? { men: 0, heavy: 0, names: [] };
    here.men += men;
    if (isCannon(unit) || isBaggage(unit)) here.heavy++;
    here.names.push(unit.name);
    hexes.set(key, here);
    const limit = here.heavy > 0 ? MEN_WITH_GUN_OR_BAGGAGE : MEN_PER_HEX;
    if (here.heavy > 1) {
      ctx.error(at, `Hex ${cell} would hold two cannon or baggage (${here.names.join(', ')}); a hex takes one`, 'Stacking: a hex takes one cannon or one baggage, with 10 men beside it. Set one of them up in another hex.');
    } else if (here.men > limit) {
      ctx.error(
        at,
        `Hex ${cell} would hold ${here.men} men (${here.names.join(', ')}), more than ${limit}${here.heavy ? ' beside a cannon or baggage' : ''}`,
        'Stacking: 20 men fit in a hex, or 10 beside one cannon or baggage; officers, routers and prisoners are not counted. Set one of them up in another hex, or split it.',
      );
    }
  }
}

/** Hexes between two hexes of one grid, one step at a time (offset coordinates turned into cube coordinates). */
export function hexDistance(grid: HexGrid, a: CellRef, b: CellRef): number {
  // Pointy odd-r is flat odd-q with rows and columns swapped (domain/grid.ts), so one formula serves both.
  const cube = (h: CellRef): [number, number] => {
    const along = grid.orientation === 'pointy' ? h.row : h.col;
    const across = grid.orientation === 'pointy' ? h.col : h.row;
    return [along, across - (along - (along & 1)) / 2];
  };
  const [x1, z1] = cube(a);
  const [x2, z2] = cube(b);
  const dx = x1 - x2;
  const dz = z1 - z2;
  return Math.max(Math.abs(dx), Math.abs(dz), Math.abs(dx + dz));
}

/**
 * "Baggage": a cannon over 4 hexes from baggage has 3 turns of ammunition. Both checks are warnings: the text
 * states a consequence, not a ban, and a short action may be over before the third turn.
 */
function checkAmmunition(ctx: CheckContext, placed: Placed[]): void {
  const s = ctx.scenario!;
  const grid = s.grid as HexGrid;
  list(s.sides).forEach((side, i) => {
    if (!side || typeof side !== 'object') return;
    const mine = ctx.units.filter((e) => e.side === i);
    const cannon = mine.filter((e) => isCannon(e.unit));
    if (cannon.length === 0) return;
    // Baggage arriving later still counts here: the side has a supply, if not yet at hand.
    if (!mine.some((e) => isBaggage(e.unit))) {
      ctx.warn(
        `/sides/${i}`,
        `"${side.name}" has ${cannon.length === 1 ? 'a cannon' : `${cannon.length} cannon`} (${cannon.map((e) => e.unit.name).join(', ')}) but no baggage, so it runs out of ammunition after 3 turns`,
        'Baggage: a cannon stays supplied only while baggage is no more than 4 hexes away; otherwise it has 3 turns of ammunition. Give the side a baggage ("arm": "train", "type": "baggage").',
      );
      return;
    }
    const wagons = placed.filter((p) => p.entry.side === i && isBaggage(p.entry.unit));
    if (wagons.length === 0) return;
    for (const gun of placed) {
      if (gun.entry.side !== i || !isCannon(gun.entry.unit)) continue;
      let nearest = wagons[0]!;
      let best = Infinity;
      for (const w of wagons) {
        const d = hexDistance(grid, gun.hex, w.hex);
        if (d < best) [nearest, best] = [w, d];
      }
      if (best <= AMMUNITION_HEXES) continue;
      ctx.warn(
        gun.at,
        `"${gun.entry.unit.name}" starts ${best} hexes from the nearest baggage ("${nearest.entry.unit.name}"), more than ${AMMUNITION_HEXES}, so it runs out of ammunition after 3 turns`,
        'Baggage: a cannon stays supplied only while baggage is no more than 4 hexes away; otherwise it has 3 turns of ammunition. Set the cannon or the baggage up nearer.',
      );
    }
  });
}

export function checkHexScenario(ctx: CheckContext): void {
  const placed = placedUnits(ctx);
  checkStacking(ctx, placed);
  checkBudget(ctx);
  if (ctx.scenario!.grid?.kind === 'hex') checkAmmunition(ctx, placed);
}
