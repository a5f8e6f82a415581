// Move verdicts kept between decisions. A player asks the rules about the same few moves of every unit at every
// decision, and between two decisions usually one unit has acted. A move's verdict (movement.ts checkMove) depends
// only on the table, the mover and the units standing near its path, so a verdict found before still holds when
// the mover is as it was and every unit that changed since was, before and after, too far from the path to count.
// What is kept is a copy of the values the check read, never a reference to a unit: a unit list may be a draft
// still being worked on, or a test's, changed in place.
import type { Point } from '../../domain/model.js';
import type { FootprintUnit } from './footprint.js';
import { pointSegmentDistance, reachOf, type Rect } from './geometry.js';
import { copyUnit, sameUnit } from './state.js';
import type { NeFormation, NeStatus, NeTable, NeUnit } from './types.js';

interface Known<V> {
  /** What was asked: the kind, the destination and the facing. */
  kind: string;
  toX: number;
  toY: number;
  facing: number;
  mover: NeUnit;
  ids: string[];
  /** Per unit: x, y, facing, figures, and its status and formation (what a check reads of a neighbour that changes). */
  at: Float64Array;
  status: NeStatus[];
  formation: NeFormation[];
  from: Point;
  to: Point;
  /** Beyond this from the path (plus its own reach) a unit is not looked at by the check. */
  radius: number;
  verdict: V;
}

/** How many verdicts a unit keeps, the oldest dropped first (a decision asks some tens of moves of a unit). */
const MOST = 64;

export interface VerdictMemo<V> {
  get(units: readonly NeUnit[], mover: NeUnit, kind: string, to: Point, facing: number): V | undefined;
  set(units: readonly NeUnit[], mover: NeUnit, kind: string, to: Point, facing: number, from: Point, radius: number, verdict: V): void;
}

const standing = (status: NeStatus): boolean => status === 'table' || status === 'retreat' || status === 'silenced';

/**
 * One memo per table (made per game, never changed). `rectOf` gives a unit's rectangle as the check measures it.
 * A neighbour's id, name, side, arm, ranks, models and guns never change in a game; what does is compared.
 */
export function verdictMemo<V>(rectOf: (u: FootprintUnit, table: NeTable) => Rect): (table: NeTable) => VerdictMemo<V> {
  const byTable = new WeakMap<NeTable, Map<string, Known<V>[]>>();
    return (table) => {
    const outside = (u: FootprintUnit, status: NeStatus, k: Known<V>): boolean => !standing(status) || pointSegmentDistance([u.x, u.y], k.from, k.to) > k.radius + reachOf(rectOf(u, table));
    let map = byTable.get(table);
    if (!map) byTable.set(table, (map = new Map<string, Known<V>[]>()));
    const known = map;
    return {
      get(units, mover, kind, to, facing) {
        const list = known.get(mover.id);
        if (!list) return undefined;
        let k: Known<V> | undefined;
        for (let i = list.length - 1; i >= 0; i--) {
          const x = list[i]!;
          if (x.toX === to[0] && x.toY === to[1] && x.facing === facing && x.kind === kind) {
            k = x;
            break;
          }
        }
        if (!k || units.length !== k.ids.length || !sameUnit(k.mover, mover)) return undefined;
        const at = k.at;
        for (let i = 0; i < units.length; i++) {
          const u = units[i]!;
          if (u.id !== k.ids[i]) return undefined;
          const j = 4 * i;
          if (u.x === at[j] && u.y === at[j + 1] && u.facing === at[j + 2] && u.figures === at[j + 3] && u.status === k.status[i] && u.formation === k.formation[i]) continue;
          if (u.id === mover.id) continue;
          const then = { arm: u.arm, ranks: u.ranks, models: u.models, guns: u.guns, howitzers: u.howitzers, x: at[j]!, y: at[j + 1]!, facing: at[j + 2]!, figures: at[j + 3]!, formation: k.formation[i]! };
          if (!outside(u, u.status, k) || !outside(then, k.status[i]!, k)) return undefined;
        }
        return k.verdict;
      },
      set(units, mover, kind, to, facing, from, radius, verdict) {
        let list = known.get(mover.id);
        if (!list) known.set(mover.id, (list = []));
        const old = list.findIndex((x) => x.toX === to[0] && x.toY === to[1] && x.facing === facing && x.kind === kind);
        if (old >= 0) list.splice(old, 1);
        else if (list.length >= MOST) list.shift();
        const at = new Float64Array(4 * units.length);
        const status: NeStatus[] = [];
        const formation: NeFormation[] = [];
        const ids: string[] = [];
        units.forEach((u, i) => {
          at[4 * i] = u.x;
          at[4 * i + 1] = u.y;
          at[4 * i + 2] = u.facing;
          at[4 * i + 3] = u.figures;
          status.push(u.status);
          formation.push(u.formation);
          ids.push(u.id);
        });
        list.push({ kind, toX: to[0], toY: to[1], facing, mover: copyUnit(mover), ids, at, status, formation, from: [from[0], from[1]], to: [to[0], to[1]], radius, verdict });
      },
    };
  };
}
