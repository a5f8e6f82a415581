// Rules tests for moving, charging, retreating, formation changes, command and thresholds on real scenarios (the
// validator checks each), worked by hand from the seed's headings and notes §12 before the code ran.
import { describe, expect, it } from 'vitest';
import type { Feature } from '../../domain/model.js';
import { seedRng, randomBelow, nextU32 } from '../dice.js';
import { commandStatus } from './command.js';
import { formationChange } from './formations.js';
import { rectCorners, rectsOverlap, dist } from './geometry.js';
import { candidateMoves, chargeContact, checkMove, moveAllowance, reachArea, rectAt, retreatPlacement, type MoveVerdict } from './movement.js';
import { setupGame } from './setup.js';
import { neScenario, valid, type Spec } from './test-kit.js';
import { thresholdChecks } from './threshold.js';
import type { NeSetup, NeUnit } from './types.js';

const game = (red: Spec[], blue: Spec[], terrain: Feature[] = [], extra = {}): NeSetup => setupGame(valid(neScenario(red, blue, terrain, extra)));
const far: Spec = { id: 'b-far', at: [8, 4], facing: 180 };
const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
const ok = (v: MoveVerdict) => (v.ok ? v : expect.fail(`refused: ${v.reason}`));
const reason = (v: { ok: boolean; reason?: string }): string => (v.ok ? expect.fail('accepted') : (v.reason ?? ''));

describe("'Movement' and 'Terrain Effects on Movement' (notes §2, §4, §12)", () => {
  // A B-rated 3-rank line battalion of 20 figures: 7.5" wide, ½" deep, 4" an action in the open.
  const line: Spec = { id: 'r1', at: [36, 30], facing: 0 };

  it('a B line battalion moves 4" for one action, 8" for two, not 8.5"', () => {
    const { table, units } = game([line], [far]);
    expect(ok(checkMove(table, units, 'r1', [36, 26], 0, 'move')).cost).toBe(1);
    expect(ok(checkMove(table, units, 'r1', [36, 22], 0, 'move')).cost).toBe(2);
    expect(ok(checkMove(table, units, 'r1', [36, 28], 0, 'move')).cost).toBe(0.5);
    expect(reason(checkMove(table, units, 'r1', [36, 21.5], 0, 'move'))).toContain('0.5" too far');
  });

  it('in light woods it moves 3" an action (¾ of 4"); 3.5" costs 1½ actions, 6.5" is too far', () => {
    const woods: Feature = { id: 'wd', kind: 'woods', density: 'light', polygon: rect(20, 10, 52, 34) };
    const { table, units } = game([line], [far], [woods]);
    expect(moveAllowance(table, units[0]!, [36, 30])).toBe(3);
    expect(ok(checkMove(table, units, 'r1', [36, 27], 0, 'move')).cost).toBe(1);
    // 3.5 ÷ ¾ = 4.67 open inches = 1.17 actions, rounded up to the half action.
    expect(ok(checkMove(table, units, 'r1', [36, 26.5], 0, 'move')).cost).toBe(1.5);
    const far6 = reason(checkMove(table, units, 'r1', [36, 23.5], 0, 'move'));
    expect(far6).toContain('light woods');
    expect(far6).toContain('3" an action');
  });

  it('pro rata along the path: 4" in the open then 2" into light woods costs 4 + 2⅔ = 6⅔" → 2 actions', () => {
    const woods: Feature = { id: 'wd', kind: 'woods', density: 'light', polygon: rect(20, 10, 52, 26) };
    const { table, units } = game([line], [far], [woods]);
    expect(ok(checkMove(table, units, 'r1', [36, 24], 0, 'move')).cost).toBe(2);
    // 4" open + 3" woods = 4 + 4 = 8 open inches: exactly two actions.
    expect(ok(checkMove(table, units, 'r1', [36, 23], 0, 'move')).cost).toBe(2);
    expect(checkMove(table, units, 'r1', [36, 22.8], 0, 'move').ok).toBe(false);
  });

  it('steep slope ¾ and soft ground ½ (a B column, 8" an action: 6" up a steep hill, 4" in a marsh)', () => {
    const col: Spec = { id: 'r1', at: [36, 30], facing: 0, formation: 'column' };
    const hill: Feature = { id: 'h', kind: 'hill', level: 1, slope: 'steep', polygon: rect(20, 10, 52, 34) };
    const s1 = game([col], [far], [hill]);
    expect(moveAllowance(s1.table, s1.units[0]!, [36, 30])).toBe(6);
    const marsh: Feature = { id: 'm', kind: 'marsh', polygon: rect(20, 10, 52, 34) };
    const s2 = game([col], [far], [marsh]);
    expect(moveAllowance(s2.table, s2.units[0]!, [36, 30])).toBe(4);
    expect(ok(checkMove(s2.table, s2.units, 'r1', [36, 22], 0, 'move')).cost).toBe(2);
  });

  it('cavalry cannot enter dense woods', () => {
    const woods: Feature = { id: 'dw', kind: 'woods', density: 'dense', polygon: rect(30, 10, 42, 22) };
    const { table, units } = game([{ id: 'c1', arm: 'cavalry', type: 'light', figures: 8, at: [36, 30], facing: 0 }], [far], [woods]);
    expect(reason(checkMove(table, units, 'c1', [36, 20], 0, 'move'))).toContain('dense woods');
  });

  it('road column: 10" on the road, column rate (8") when the path leaves it', () => {
    const road: Feature = { id: 'rd', kind: 'road', path: [[36, 46], [36, 2]] };
    const rc: Spec = { id: 'r1', at: [36, 40], facing: 0, formation: 'road-column' };
    const { table, units } = game([rc], [far], [road]);
    expect(ok(checkMove(table, units, 'r1', [36, 30], 0, 'move')).cost).toBe(1);
    // Oblique 20° off the road: 10" of it runs beyond 1" from the road, so it is priced at 8": 1½ actions.
    const off: [number, number] = [36 + 10 * Math.sin((20 * Math.PI) / 180), 40 - 10 * Math.cos((20 * Math.PI) / 180)];
    expect(ok(checkMove(table, units, 'r1', off, 0, 'move')).cost).toBe(1.5);
  });

  it('rivers: not fordable is refused; a fordable river takes 2 actions in column and disorders; a line may not cross', () => {
    const river = (fordable: boolean): Feature => ({ id: 'rv', kind: 'river', fordable, path: [[0, 27], [72, 27]] });
    const col: Spec = { id: 'r1', at: [36, 30], facing: 0, formation: 'column' };
    const a = game([col], [far], [river(false)]);
    expect(reason(checkMove(a.table, a.units, 'r1', [36, 25], 0, 'move'))).toContain('cannot be crossed');
    const b = game([col], [far], [river(true)]);
    // Crossing carries the unit from touching the near bank to clear of the far one: depth 1.5" + river 1" = 2.5"
    // of the path. From y 30 to y 25 the other 2.5" cost ½ action: 2 + ½ is more than a period.
    expect(reason(checkMove(b.table, b.units, 'r1', [36, 25], 0, 'move'))).toContain('2.5" too far: column moves 8" an action (0 actions left to move after 2 for crossings');
    // From touching the near bank (centre 28.25) to clear of the far one (25.75): the crossing's 2 actions alone.
    const near = game([{ ...col, at: [36, 28.25] }], [far], [river(true)]);
    const v = ok(checkMove(near.table, near.units, 'r1', [36, 25.75], 0, 'move'));
    expect([v.cost, v.disorders]).toEqual([2, true]);
    const c = game([{ ...col, formation: 'line' }], [far], [river(true)]);
    expect(reason(checkMove(c.table, c.units, 'r1', [36, 26], 0, 'move'))).toContain('column');
  });
});

describe("'Facing Changes' and 'About Face Maneuver' inside a move", () => {
  it('a column wheeling 60° in place costs 1 action; 150° is refused', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }], [far]);
    expect(ok(checkMove(table, units, 'r1', [36, 30], 60, 'move')).cost).toBe(1);
    expect(reason(checkMove(table, units, 'r1', [36, 30], 150, 'move'))).toContain('135°');
  });

  it('a line moving 4" and wheeling 30° uses 1 + 1 = 2 actions; an about face costs 1', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }], [far]);
    expect(ok(checkMove(table, units, 'r1', [36, 26], 30, 'move')).cost).toBe(2);
    expect(checkMove(table, units, 'r1', [36, 22], 30, 'move').ok).toBe(false);
    expect(ok(checkMove(table, units, 'r1', [36, 30], 180, 'move')).cost).toBe(1);
  });

  it('falling back 2" an action keeping facing; sidestep 2"; a move 45° off the facing is refused', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }], [far]);
    expect(ok(checkMove(table, units, 'r1', [36, 32], 0, 'move')).cost).toBe(1);
    expect(ok(checkMove(table, units, 'r1', [36, 34], 0, 'move')).cost).toBe(2);
    expect(ok(checkMove(table, units, 'r1', [38, 30], 0, 'move')).cost).toBe(1);
    expect(reason(checkMove(table, units, 'r1', [39, 27], 0, 'move'))).toContain('22.5');
  });
});

describe("'Passing Through Another Unit'; 'Out-of-Command Penalty'", () => {
  it('a move ending on another unit is refused, naming it; passing through a friend disorders both', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }, { id: 'r2', at: [36, 26], facing: 0 }], [far]);
    expect(reason(checkMove(table, units, 'r1', [36, 26.5], 0, 'move'))).toContain('r2');
    const v = ok(checkMove(table, units, 'r1', [36, 23], 0, 'move'));
    expect([v.crossed, v.disorders]).toEqual([['r2'], true]);
  });

  it('no unit passes through an enemy, and a move stops 1" short of one', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }], [{ id: 'b1', at: [36, 25], facing: 180 }]);
    expect(reason(checkMove(table, units, 'r1', [36, 20], 0, 'move'))).toContain('enemy b1');
    // The column's front edge would be 0.5" from the line's rear edge.
    expect(reason(checkMove(table, units, 'r1', [36, 26.5], 0, 'move'))).toContain('short of enemy b1');
  });

  it('an out-of-command unit cannot approach the enemy, but may move away', () => {
    const s = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }], [{ id: 'b1', at: [36, 10], facing: 180 }]);
    const units = s.units.map((u) => (u.id === 'r1' ? { ...u, outOfCommand: true } : u));
    expect(reason(checkMove(s.table, units, 'r1', [36, 26], 0, 'move'))).toContain('out of command');
    expect(ok(checkMove(s.table, units, 'r1', [36, 30], 180, 'move')).cost).toBe(1);
  });
});

describe("'Close Actions' contact; 'Moving Retreating Units'; 'Surrendering'", () => {
  it('a column charging a line 5" ahead lands squared on its front, centred, full contact, 1 action', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }], [{ id: 'b1', at: [36, 24], facing: 180 }]);
    const c = chargeContact(table, units, 'r1', 'b1');
    // Line depth ½, column depth 1½: the charger's centre stands 0.25 + 0.75 = 1" behind the line's centre.
    expect(c).toMatchObject({ ok: true, x: 36, y: 25, facing: 0, aspect: 'front', contact: 'full', distance: 5 });
    expect(ok(checkMove(table, units, 'r1', [36, 25], 0, 'charge')).cost).toBe(1);
    expect(reason(checkMove(table, units, 'r1', [36, 27], 0, 'charge'))).toContain('contact');
  });

  it('a charge on a flank squares onto the struck side; beyond reach (column 8") it is refused', () => {
    const s = game([{ id: 'r1', at: [26, 24], facing: 90, formation: 'column' }], [{ id: 'b1', at: [36, 24], facing: 180 }]);
    // The 7.5" line's left end is at x 32.25; the column strikes it squared at x = 32.25 − 0.75 = 31.5: 5.5".
    const c = chargeContact(s.table, s.units, 'r1', 'b1');
    expect(c).toMatchObject({ ok: true, aspect: 'flank', facing: 90, distance: 5.5 });
    const t = game([{ id: 'r1', at: [20, 24], facing: 90, formation: 'column' }], [{ id: 'b1', at: [36, 24], facing: 180 }]);
    expect(reason(chargeContact(t.table, t.units, 'r1', 'b1'))).toContain('too far');
  });

  it('infantry cannot charge cavalry; a battery does not charge', () => {
    const s = game([{ id: 'r1', at: [36, 30], facing: 0, formation: 'column' }, { id: 'g', arm: 'artillery', at: [50, 30], facing: 0 }], [{ id: 'c', arm: 'cavalry', figures: 8, at: [36, 25], facing: 180 }]);
    expect(reason(chargeContact(s.table, s.units, 'r1', 'c'))).toContain('cavalry');
    expect(reason(chargeContact(s.table, s.units, 'g', 'c'))).toContain('battery');
  });

  it('a retreat runs directly away from the enemy for its distance', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }], [{ id: 'b1', at: [36, 20], facing: 180 }]);
    const r = retreatPlacement(table, units, 'r1', 10);
    expect([r.x, r.y, r.facing, r.distance, r.surrounded]).toEqual([36, 40, 180, 10, false]);
  });

  it('a unit pinned against the table edge between three enemies is surrounded', () => {
    const { table, units } = game(
      [{ id: 'r1', at: [36, 47], facing: 0 }],
      // Lines 1.5" to either side and 3.5" ahead: every way out either leaves the table or comes no further from
      // the nearest enemy.
      [{ id: 'n', at: [36, 43], facing: 180 }, { id: 'w', at: [27, 47], facing: 0 }, { id: 'e', at: [45, 47], facing: 0 }],
    );
    const r = retreatPlacement(table, units, 'r1', 10);
    expect([r.distance, r.surrounded]).toEqual([0, true]);
  });

  it('a retreat passing through a friend in its 3" corridor names it', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }, { id: 'r2', at: [36, 34], facing: 0 }], [{ id: 'b1', at: [36, 20], facing: 180 }]);
    expect(retreatPlacement(table, units, 'r1', 10).through).toEqual(['r2']);
  });
});

describe("'Formation Changes' on the table", () => {
  it('French line to column in 1809 costs ½ action; the front edge stays, so the centre steps back ½"', () => {
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }], [far], [], { date: '1809' });
    expect(formationChange(table, units, 'r1', 'column')).toEqual({ ok: true, cost: 0.5, x: 36, y: 30.5, facing: 0 });
  });

  it('no formation change in dense woods; road column only from column', () => {
    const woods: Feature = { id: 'dw', kind: 'woods', density: 'dense', polygon: rect(20, 20, 52, 40) };
    const { table, units } = game([{ id: 'r1', at: [36, 30], facing: 0 }], [far], [woods]);
    expect(reason(formationChange(table, units, 'r1', 'column'))).toContain('dense woods');
    const s = game([{ id: 'r1', at: [36, 30], facing: 0 }], [far]);
    expect(reason(formationChange(s.table, s.units, 'r1', 'road-column'))).toContain('column');
  });
});

describe("'Command and Control Option #1', 'Option #2', 'Leader Initiative Numbers'", () => {
  it("a unit beyond its division commander's 15\" radius is out of command; one within is not", () => {
    const { table, units, leaders } = game([{ id: 'r1', at: [10, 30], facing: 0 }, { id: 'r2', at: [60, 30], facing: 0 }], [far]);
    const s = commandStatus(table, units, leaders, () => expect.fail('no roll without initiative'));
    expect(s.outOfCommand).toEqual(['r2']);
  });

  it('option #1: a division leader outside his superior\'s radius takes his units out; with initiative a d20 ≤ 5 keeps them', () => {
    const base = game([{ id: 'r1', at: [10, 30], facing: 0 }], [far]);
    const div = base.leaders.find((l) => l.id === 'red-gen')!;
    const corps = { ...div, id: 'red-corps', echelon: 'corps' as const, superior: null, x: 60, y: 30, commandRadius: 20, initiative: 8 };
    const leaders = [{ ...div, superior: 'red-corps' }, corps, ...base.leaders.filter((l) => l.side === 'blue')];
    expect(commandStatus(base.table, base.units, leaders, () => 1).outOfCommand).toEqual(['r1']);
    const table = { ...base.table, options: { ...base.table.options, leaderInitiative: true } };
    const pass = commandStatus(table, base.units, leaders, () => 5);
    expect([pass.outOfCommand, pass.rolls]).toEqual([[], [5]]);
    expect(commandStatus(table, base.units, leaders, () => 6).outOfCommand).toEqual(['r1']);
    const opt2 = { ...base.table, options: { ...base.table.options, commandOption: 2 } };
    expect(commandStatus(opt2, base.units, leaders, () => 1).outOfCommand).toEqual([]);
  });
});

describe("'Threshold Checks'", () => {
  it('half the army lost: the army rolls d20 ≤ 8; a 9 fails it (its side key is listed)', () => {
    const s = game([{ id: 'r1', at: [10, 30], facing: 0 }, { id: 'r2', at: [30, 30], facing: 0 }], [far]);
    const units: NeUnit[] = s.units.map((u) => (u.id === 'r1' ? { ...u, status: 'routed' } : u));
    const failed = thresholdChecks(s.table, units, s.leaders, () => 9, () => expect.fail('no influence roll'));
    expect(failed.failed).toEqual(['red']);
    const passed = thresholdChecks(s.table, units, s.leaders, () => 8, () => 1);
    // The army passes, then its one division (the same units) rolls too: two d20s, both 8.
    expect([passed.failed, passed.rolls]).toEqual([[], [8, 8]]);
  });
});

describe('properties of checkMove and the helpers (seeded random positions)', () => {
  it('every accepted move ends on the table, overlaps nobody, and its path fits the actions it costs', () => {
    const state = seedRng(20240611);
    const rnd = (n: number) => randomBelow(state, n);
    const formations = ['line', 'column', 'road-column', 'square'] as const;
    const woods: Feature = { id: 'wd', kind: 'woods', density: 'light', polygon: rect(24, 14, 44, 30) };
    const dense: Feature = { id: 'dw', kind: 'woods', density: 'dense', polygon: rect(50, 30, 62, 42) };
    let accepted = 0;
    for (let g = 0; g < 25; g++) {
      const specs = (side: string, n: number): Spec[] =>
        Array.from({ length: n }, (_, i) => ({
          id: `${side}${i}`,
          arm: rnd(4) === 0 ? ('cavalry' as const) : ('infantry' as const),
          at: [8 + rnd(56), 6 + rnd(36)] as [number, number],
          facing: rnd(8) * 45,
          formation: formations[rnd(3)],
          figures: 8 + rnd(12),
        }));
      const s = setupGame(neScenario(specs('r', 3), specs('b', 3), [woods, dense]));
      for (const mover of s.units) {
        for (let k = 0; k < 30; k++) {
          const to: [number, number] = [mover.x + (rnd(41) - 20) / 2, mover.y + (rnd(41) - 20) / 2];
          const facing = (mover.facing + (rnd(9) - 4) * 15 + 360) % 360;
          const v = checkMove(s.table, s.units, mover.id, to, facing, 'move');
          if (!v.ok) continue;
          accepted++;
          const r = rectAt(s.table, mover, to, facing);
          for (const [x, y] of rectCorners(r)) {
            expect(x).toBeGreaterThanOrEqual(-1e-6);
            expect(y).toBeGreaterThanOrEqual(-1e-6);
            expect(x).toBeLessThanOrEqual(72 + 1e-6);
            expect(y).toBeLessThanOrEqual(48 + 1e-6);
          }
          for (const o of s.units) if (o.id !== mover.id) expect(rectsOverlap(r, rectAt(s.table, o, [o.x, o.y], o.facing))).toBe(false);
          // The straight path is never longer than the best open rate × the move's actions (road 10").
          expect(v.distance).toBeLessThanOrEqual(10 * v.cost + 1e-6);
          expect(v.cost).toBeLessThanOrEqual(2);
          expect(v.cost * 2).toBe(Math.round(v.cost * 2));
        }
      }
    }
    expect(accepted).toBeGreaterThan(100);
    nextU32(state);
  });

  it('candidate moves are deterministic and all pass checkMove; reach polygons start at the unit', () => {
    const s = game([{ id: 'r1', at: [36, 36], facing: 0 }, { id: 'c1', arm: 'cavalry', figures: 8, at: [20, 36], facing: 0 }], [{ id: 'b1', at: [36, 20], facing: 180 }]);
    const a = candidateMoves(s.table, s.units, 'r1', 12);
    expect(a).toEqual(candidateMoves(s.table, s.units, 'r1', 12));
    expect(a.length).toBeGreaterThan(3);
    for (const c of a) expect(checkMove(s.table, s.units, 'r1', c.to, c.facing, c.kind).ok).toBe(true);
    const areas = reachArea(s.table, s.units, 'r1', 2);
    expect(areas[0]![0]).toEqual([36, 36]);
    // Straight ahead the fan reaches the full 8" of two actions.
    expect(Math.max(...areas[0]!.map((p) => dist(p, [36, 36])))).toBeGreaterThan(7.9);
  });
});
