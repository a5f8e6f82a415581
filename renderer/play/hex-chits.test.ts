// How hex counters are laid out and what each shows, checked against the hex's own geometry and the rules' states.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HexSkirmishUnit } from '../../domain/engine-protocol.js';
import { walkForces } from '../../domain/forces.js';
import { cellCenter, cellPolygon, type HexGrid } from '../../domain/grid.js';
import type { Point, Scenario } from '../../domain/model.js';
import { boardWithoutPieces, chitLook, chitPlaces, formationsByHex } from './hex-chits.js';

const root = path.resolve(import.meta.dirname, '../..');
const HX01 = JSON.parse(readFileSync(path.join(root, 'scenarios/hx-01-the-foragers-bridge.scenario.json'), 'utf8')) as Scenario;
const colours = { red: '#1f5c3a', blue: '#27448f', draw: '#757575' };

/** Whether `p` is inside the convex polygon `poly` (corners in order). */
function inside(poly: Point[], p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!;
    const [bx, by] = poly[(i + 1) % poly.length]!;
    const cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const unit = (over: Partial<HexSkirmishUnit>): HexSkirmishUnit => ({
  id: 'u',
  name: 'Unit',
  side: 'red',
  kind: 'infantry',
  type: 'line',
  origins: ['u'],
  status: 'table',
  box: 'C3',
  men: 12,
  officer: null,
  gun: false,
  wagon: false,
  state: 'armed',
  captor: null,
  ammo: null,
  fired: false,
  moved: false,
  attacked: false,
  ...over,
});

describe('chits in a hex', () => {
  it('keeps every chit of a stack inside its hex, flat-topped or pointy, and side by side ones apart', () => {
    for (const orientation of ['flat', 'pointy'] as const) {
      const grid: HexGrid = { kind: 'hex', cell: 6, orientation };
      const poly = cellPolygon(grid, 3, 3);
      const [cx, cy] = cellCenter(grid, 3, 3);
      for (let n = 1; n <= 6; n++) {
        const places = chitPlaces(n);
        expect(places).toHaveLength(n);
        for (const p of places) {
          const h = (p.size * grid.cell) / 2;
          for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
            expect(inside(poly, [cx + p.dx * grid.cell + sx * h, cy + p.dy * grid.cell + sy * h]), `${orientation} ${n}`).toBe(true);
          }
        }
        // Up to four, each chit is whole: none covers another.
        if (n <= 4) {
          for (let i = 0; i < n; i++)
            for (let j = i + 1; j < n; j++) {
              const a = places[i]!;
              const b = places[j]!;
              const apart = Math.max(Math.abs(a.dx - b.dx), Math.abs(a.dy - b.dy));
              expect(apart).toBeGreaterThanOrEqual((a.size + b.size) / 2);
            }
        }
      }
    }
  });

  it('orders a hex’s formations fighters first, officers alone after them, prisoners and left guns last', () => {
    const stacks = formationsByHex([
      unit({ id: 'gun', state: 'abandoned', gun: true, kind: 'artillery', men: 0 }),
      unit({ id: 'pris', side: 'blue', state: 'prisoner', captor: 'red' }),
      unit({ id: 'off', kind: 'officer', men: 0, officer: { id: 'off', name: 'Capt.' } }),
      unit({ id: 'inf' }),
      unit({ id: 'gone', status: 'destroyed', box: null }),
      unit({ id: 'there', box: 'D4' }),
    ]);
    expect(stacks.get('C3')!.map((u) => u.id)).toEqual(['inf', 'off', 'pris', 'gun']);
    expect([...stacks.keys()].sort()).toEqual(['C3', 'D4']);
  });
});

describe('what a chit shows', () => {
  it('shows the arm’s letter, the men, and an officer riding with them, in the side’s colour', () => {
    const look = chitLook(unit({ kind: 'cavalry', men: 9, officer: { id: 'o', name: 'Maj.' } }), colours);
    expect(look).toMatchObject({ letter: 'C', men: '9', fill: colours.red, officer: true, officerOnly: false, mark: '', hatched: false });
    expect(chitLook(unit({ kind: 'artillery', gun: true, men: 5 }), colours).letter).toBe('A');
    expect(chitLook(unit({ kind: 'baggage', wagon: true, men: 4 }), colours).letter).toBe('B');
    expect(chitLook(unit({ kind: 'officer', men: 0, officer: { id: 'o', name: 'Maj.' } }), colours)).toMatchObject({ officerOnly: true, men: '' });
  });

  it('marks routers hatched with an R, prisoners in their captor’s colour bordered in their own, left guns grey', () => {
    expect(chitLook(unit({ state: 'routing' }), colours)).toMatchObject({ mark: 'R', hatched: true, faded: true, fill: colours.red });
    expect(chitLook(unit({ side: 'blue', state: 'prisoner', captor: 'red' }), colours)).toMatchObject({ mark: 'P', fill: colours.red, border: colours.blue, borderWide: true });
    const left = chitLook(unit({ side: 'blue', kind: 'artillery', gun: true, men: 0, state: 'abandoned' }), colours);
    expect(left).toMatchObject({ letter: 'A', men: '' });
    expect(left.fill).not.toBe(colours.blue);
    expect(chitLook(unit({ state: 'unarmed' }), colours).mark).toBe('U');
  });
});

describe('the map under a hex game', () => {
  it('draws the scenario’s terrain and objectives but none of its units or leaders', () => {
    const placed = (s: Scenario) =>
      s.sides.flatMap((side) => [...walkForces(side.army, '')].filter((n) => (n.kind === 'unit' || n.kind === 'leader') && n.node.setup));
    expect(placed(HX01).length).toBeGreaterThan(0);
    const board = boardWithoutPieces(HX01);
    expect(placed(board)).toEqual([]);
    expect(board.terrain).toBe(HX01.terrain);
    expect(board.objectives).toBe(HX01.objectives);
    expect(board.sides.map((s) => s.name)).toEqual(HX01.sides.map((s) => s.name));
  });
});
