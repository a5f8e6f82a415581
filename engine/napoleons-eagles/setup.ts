// Setting up a Napoleon's Eagles game: the table's static facts, every unit with its ratings and footprint on the
// table, and the leaders with who commands whom (notes §5, §11). Order is deterministic: document order, red first.
import type { SideKey } from '../../domain/engine-protocol.js';
import type { Edge, Formation, Leader, Point, Scenario, Unit, Zone } from '../../domain/model.js';
import { parseRating } from '../../domain/ratings.js';
import { napoleonsEagles } from '../../domain/rule-systems/napoleons-eagles.js';
import { commanderOf, leaderRatings } from '../../domain/rule-systems/napoleons-eagles-leaders.js';
import { nationOf, parseDate } from '../../domain/rule-systems/napoleons-eagles-nations.js';
import { NE_OPTIONS } from '../../domain/rule-systems/napoleons-eagles-options.js';
import { resolvedOptions, sideIdsOf } from '../../domain/rule-systems/options.js';
import { setupFormation } from '../../domain/rule-systems/napoleons-eagles-footprint.js';
import { footprint, modelsFor, rectOf } from './footprint.js';
import { bearing, bounds, normAngle, pointInPolygon, rectCorners } from './geometry.js';
import { buildTerrain } from './terrain.js';
import type { Calibre, NeEntry, NeLeader, NeReinforcement, NeSetup, NeSideInfo, NeTable, NeUnit } from './types.js';

const CALIBRES: readonly Calibre[] = ['2-3lb', '4lb', '6lb', '8-9lb', '12lb'];
const INWARD: Record<Edge, number> = { north: 180, south: 0, west: 90, east: 270 };

/** Red is the first side unless the ids say otherwise (as the other engines read it). */
export function sideKeys(scenario: Scenario): [SideKey, SideKey] {
  const [a, b] = scenario.sides;
  return a.id === 'blue' || b.id === 'red' ? ['blue', 'red'] : ['red', 'blue'];
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function unitOf(u: Unit, side: SideKey, formation: Formation, commander: string | null, figureRatio: number): NeUnit {
  const r = u.ratings?.['napoleons-eagles'] ?? {};
  let rating = { move: 'B', morale: 10, fire: 'E', melee: 10 } as { move: NeUnit['move']; morale: number; fire: NeUnit['fire']; melee: number };
  if (typeof r.rating === 'string') {
    const parsed = parseRating(r.rating);
    if (parsed.ok) rating = parsed.rating;
    else if (u.arm !== 'train') throw new Error(`Unit "${u.name}" (${u.id}) has an unreadable rating "${r.rating}"`);
  } else if (u.arm !== 'train') {
    throw new Error(`Unit "${u.name}" (${u.id}) has no Napoleon's Eagles rating`);
  }
  const guns = u.arm === 'artillery' ? Math.max(0, Math.floor(num(r.guns, 0))) : 0;
  const howitzers = u.arm === 'artillery' ? Math.max(0, Math.floor(num(r.howitzers, 0))) : 0;
  // A caisson is destroyed by two casualties ('Caissons'): trains carry two figures unless the file says more.
  const figures = u.arm === 'artillery' ? 0 : Math.max(0, Math.floor(num(r.figures, u.arm === 'train' ? 2 : 0)));
  if ((u.arm === 'infantry' || u.arm === 'cavalry') && figures === 0) throw new Error(`Unit "${u.name}" (${u.id}) has no figures`);
  if (u.arm === 'artillery' && guns + howitzers === 0) throw new Error(`Battery "${u.name}" (${u.id}) has no guns`);
  return {
    id: u.id,
    name: u.name,
    side,
    arm: u.arm,
    type: u.type,
    formationId: formation.id,
    commander,
    move: rating.move,
    morale: rating.morale,
    fire: rating.fire,
    melee: rating.melee,
    rifles: r.rifles === true,
    ranks: r.ranks === 2 ? 2 : 3,
    guard: r.guard === 'old' || r.guard === 'middle' || r.guard === 'young' ? r.guard : null,
    figures0: figures,
    figures,
    guns,
    howitzers,
    calibre: u.arm === 'artillery' ? (CALIBRES.includes(r.calibre as Calibre) ? (r.calibre as Calibre) : '6lb') : null,
    models: u.arm === 'artillery' ? modelsFor(guns, howitzers, figureRatio, typeof r.models === 'number' ? r.models : undefined) : 0,
    regimental: r.regimental === true,
    guardBattery: r.guardBattery === true,
    crewHits: 0,
    skirmishers: u.arm === 'infantry' ? Math.max(0, Math.floor(num(r.skirmishers, 0))) : 0,
    vp: typeof u.vp === 'number' ? u.vp : napoleonsEagles.vp.unit(u),
    status: 'table',
    x: 0,
    y: 0,
    facing: 0,
    formation: setupFormation(u),
    disordered: false,
    fatigue: 0,
    actionsUsed: 0,
    stand: false,
    activated: false,
    forceMarched: false,
    moraleCheck: false,
    outOfCommand: false,
    retreatActions: 0,
    ammo: 0,
    attachedLeader: null,
  };
}

/** Moves a unit the least distance that puts its whole footprint on the table (it stays put when it fits). */
export function pushInside(u: NeUnit, width: number, height: number): void {
  const b = bounds(rectCorners(rectOf(u, { width, height })));
  const shift = (lo: number, hi: number, max: number): number => (hi - lo > max ? max / 2 - (lo + hi) / 2 : lo < 0 ? -lo : hi > max ? max - hi : 0);
  u.x += shift(b.minX, b.maxX, width);
  u.y += shift(b.minY, b.maxY, height);
}

interface Placed {
  unit: Unit;
  ne: NeUnit;
  chain: Formation[];
}

function walk(f: Formation, chain: Formation[], out: { formation: Formation; chain: Formation[] }[]): void {
  const here = [f, ...chain];
  out.push({ formation: f, chain: here });
  for (const child of Array.isArray(f.formations) ? f.formations : []) walk(child, here, out);
}

/** Units of a formation and everything under it, in document order. */
function unitsUnder(f: Formation): Unit[] {
  const out: Unit[] = [...(Array.isArray(f.units) ? f.units : [])];
  for (const child of Array.isArray(f.formations) ? f.formations : []) out.push(...unitsUnder(child));
  return out;
}

const centroid = (points: Point[]): Point | null =>
  points.length === 0 ? null : [points.reduce((n, p) => n + p[0], 0) / points.length, points.reduce((n, p) => n + p[1], 0) / points.length];

/** Facing towards `to` from `from`, squared to the nearest quarter: units without a facing face the enemy. */
const squareFacing = (from: Point, to: Point): number => (Math.round(bearing(from, to) / 90) * 90) % 360;

function entryOf(r: { entry?: unknown }, width: number, height: number): { entry: NeEntry; at: Point; facing: number } {
  const e = r.entry as { edge?: Edge; at?: Point; cells?: string[] } | undefined;
  if (e && typeof e.edge === 'string' && e.edge in INWARD) {
    const at: Point = e.edge === 'north' ? [width / 2, 0] : e.edge === 'south' ? [width / 2, height] : e.edge === 'west' ? [0, height / 2] : [width, height / 2];
    return { entry: { edge: e.edge }, at, facing: INWARD[e.edge] };
  }
  const at: Point = e && Array.isArray(e.at) ? [num(e.at[0], width / 2), num(e.at[1], 0)] : [width / 2, 0];
  // Enter facing away from the nearest table edge.
  const edges: [number, number][] = [[at[1], 180], [height - at[1], 0], [at[0], 90], [width - at[0], 270]];
  edges.sort((p, q) => p[0] - q[0]);
  return { entry: { at }, at, facing: edges[0]![1] };
}

/** A line of units across a deployment zone: facing the enemy, side by side from the zone's middle. */
function deployInZone(units: NeUnit[], zone: Zone, width: number, height: number, enemy: Point | null): void {
  let centre: Point;
  let facing: number;
  if ('edge' in zone) {
    const d = zone.depth / 2;
    centre = zone.edge === 'north' ? [width / 2, d] : zone.edge === 'south' ? [width / 2, height - d] : zone.edge === 'west' ? [d, height / 2] : [width - d, height / 2];
    facing = INWARD[zone.edge];
  } else if ('polygon' in zone && zone.polygon.length >= 3) {
    const b = bounds(zone.polygon);
    centre = [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2];
    facing = enemy ? squareFacing(centre, enemy) : 0;
  } else {
    throw new Error('A Napoleon\'s Eagles deployment zone is an edge or a polygon, not grid cells');
  }
  const sizes = units.map((u) => footprint({ ...u, facing }).width);
  const total = sizes.reduce((n, w) => n + w, 0) + Math.max(0, units.length - 1);
  const right: Point = [Math.cos((facing * Math.PI) / 180), Math.sin((facing * Math.PI) / 180)];
  let offset = -total / 2;
  units.forEach((u, i) => {
    const mid = offset + sizes[i]! / 2;
    u.x = centre[0] + right[0] * mid;
    u.y = centre[1] + right[1] * mid;
    u.facing = facing;
    offset += sizes[i]! + 1;
  });
}

export function setupGame(scenario: Scenario): NeSetup {
  const keys = sideKeys(scenario);
  const width = scenario.table.width;
  const height = scenario.table.height;
  const figureRatio = scenario.scale?.figureRatio ?? 30;
  const order = keys[0] === 'red' ? [0, 1] : [1, 0];

  const reinforced = new Map<string, number>();
  for (const side of scenario.sides) side.reinforcements?.forEach((r, i) => r.units.forEach((id) => reinforced.set(id, i)));

  // Units and leaders, red side first, each side in document order.
  const placed: Placed[] = [];
  const leaders: NeLeader[] = [];
  const leaderFormation = new Map<string, Formation>();
  for (const si of order) {
    const side = scenario.sides[si]!;
    const key = keys[si]!;
    const formations: { formation: Formation; chain: Formation[] }[] = [];
    walk(side.army, [], formations);
    for (const { formation, chain } of formations) {
      const leader = formation.leader;
      if (leader && typeof leader === 'object') {
        const up = commanderOf(chain.slice(1));
        const rt = leaderRatings(leader, formation.echelon);
        leaders.push({
          id: leader.id,
          name: leader.name,
          side: key,
          echelon: formation.echelon,
          formationId: formation.id,
          superior: up ? up.leader.id : null,
          x: 0,
          y: 0,
          moraleBonus: rt.moraleBonus,
          meleeBonus: rt.meleeBonus,
          commandRadius: rt.commandRadius,
          initiative: rt.initiative ?? null,
          misreadPenalty: rt.misreadPenalty,
          attachedTo: null,
          status: 'table',
        });
        leaderFormation.set(leader.id, formation);
      }
      for (const unit of Array.isArray(formation.units) ? formation.units : []) {
        const cmd = commanderOf(chain);
        placed.push({ unit, ne: unitOf(unit, key, formation, cmd ? cmd.leader.id : null, figureRatio), chain });
      }
    }
  }

  // Set-up points first; they tell where each side's army stands, which faces units the file leaves unfaced.
  const positioned = (key: SideKey): Point[] => placed.filter((p) => p.ne.side === key && Array.isArray(p.unit.setup?.at)).map((p) => p.unit.setup!.at!);
  const centres: Record<SideKey, Point | null> = { red: centroid(positioned('red')), blue: centroid(positioned('blue')) };
  const enemyOf = (key: SideKey): Point | null => centres[key === 'red' ? 'blue' : 'red'];
  const pending: Placed[] = [];
  for (const p of placed) {
    if (reinforced.has(p.unit.id)) {
      p.ne.status = 'reserve';
      continue;
    }
    const at = p.unit.setup?.at;
    if (Array.isArray(at)) {
      p.ne.x = at[0];
      p.ne.y = at[1];
      const enemy = enemyOf(p.ne.side);
      p.ne.facing = typeof p.unit.setup?.facing === 'number' ? normAngle(p.unit.setup.facing) : enemy ? squareFacing(at, enemy) : 0;
    } else pending.push(p);
  }

  // Deployment zones, in the order the sides list them; an entry without units takes every unit still unplaced.
  for (const si of order) {
    const side = scenario.sides[si]!;
    for (const dep of side.deployment ?? []) {
      const members = pending.filter((p) => p.ne.side === keys[si] && (Array.isArray(dep.units) ? dep.units.includes(p.unit.id) : true));
      if (members.length === 0) continue;
      deployInZone(members.map((p) => p.ne), dep.zone, width, height, enemyOf(keys[si]!));
      for (const m of members) pending.splice(pending.indexOf(m), 1);
    }
  }
  if (pending.length > 0) {
    const u = pending[0]!.unit;
    throw new Error(`Unit "${u.name}" (${u.id}) cannot be set up: it has no set-up point, deployment zone or reinforcement`);
  }
  for (const p of placed) if (p.ne.status === 'table') pushInside(p.ne, width, height);

  // Reinforcements wait at their entry, facing into the table.
  const reinforcements: NeReinforcement[] = [];
  for (const si of order) {
    const side = scenario.sides[si]!;
    for (const r of side.reinforcements ?? []) {
      const { entry, at, facing } = entryOf(r, width, height);
      reinforcements.push({ side: keys[si]!, units: [...r.units], turn: typeof r.turn === 'number' ? r.turn : null, roll: r.roll ? { from: r.roll.from, need: r.roll.need } : null, entry, facing });
      for (const id of r.units) {
        const p = placed.find((q) => q.unit.id === id);
        if (!p) continue;
        p.ne.x = at[0];
        p.ne.y = at[1];
        p.ne.facing = facing;
      }
    }
  }

  // Leaders: attached when their set-up point lies in one of their side's units; without a point they start with
  // the first unit of their command on the table, standing just behind it rather than joining it (notes §5, §11).
  const units = placed.map((p) => p.ne);
  for (const l of leaders) {
    const leader = leaderFormation.get(l.id)!.leader as Leader;
    const at = leader.setup?.at;
    if (Array.isArray(at)) {
      l.x = at[0];
      l.y = at[1];
      const host = units.find((u) => u.side === l.side && u.status === 'table' && pointInPolygon(at, rectCorners(rectOf(u))));
      if (host && host.attachedLeader === null) {
        l.attachedTo = host.id;
        host.attachedLeader = l.id;
      }
      continue;
    }
    const command = unitsUnder(leaderFormation.get(l.id)!).map((u) => units.find((n) => n.id === u.id)!);
    const first = command.find((u) => u.status === 'table');
    if (first) {
      const back = footprint(first).depth / 2 + 1;
      const f = (first.facing * Math.PI) / 180;
      l.x = Math.min(width, Math.max(0, first.x - Math.sin(f) * back));
      l.y = Math.min(height, Math.max(0, first.y + Math.cos(f) * back));
    } else if (command[0]) {
      l.status = 'reserve';
      l.x = command[0].x;
      l.y = command[0].y;
    } else {
      l.x = width / 2;
      l.y = keys[0] === l.side ? 0 : height;
    }
  }

  const sides = order.map((si) => {
    const s = scenario.sides[si]!;
    return { key: keys[si]!, id: s.id, name: s.name, nation: nationOf(s.nation ?? s.name) ?? null } satisfies NeSideInfo;
  }) as [NeSideInfo, NeSideInfo];
  const firstId = scenario.turns?.first;
  const parsedDate = typeof scenario.date === 'string' ? parseDate(scenario.date) : null;
  const table: NeTable = {
    title: scenario.title,
    width,
    height,
    figureRatio,
    terrain: buildTerrain(scenario.terrain ?? []),
    options: resolvedOptions(NE_OPTIONS, scenario.ruleOptions?.['napoleons-eagles'], sideIdsOf(scenario)),
    weather: scenario.weather ?? null,
    ground: scenario.ground ?? null,
    year: parsedDate && parsedDate.ok ? parsedDate.date.year : null,
    sides,
    objectives: JSON.parse(JSON.stringify(scenario.objectives ?? [])) as NeTable['objectives'],
    victory: JSON.parse(JSON.stringify(scenario.victory ?? [])) as NeTable['victory'],
    turnLimit: scenario.turns?.limit ?? napoleonsEagles.defaults.turnLimit,
    first: sides.find((s) => s.id === firstId)?.key ?? 'red',
    reinforcements,
  };
  return { table, units, leaders };
}
