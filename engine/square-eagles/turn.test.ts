// Rules tests for the turn: orders, Generals, initiative, Rally, removal, reinforcements, deployment and victory.
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../dice.js';
import { act, cellOf, has, inActions, inFire, scenario, start, unit, type ScenarioSpec } from '../../tests/se-kit.js';
import { legalActions, newGame, startGame } from './game.js';
import { evaluateVictory, result } from './victory.js';
import { cloneState, type GameState } from './types.js';

const gen = (s: GameState, side: 0 | 1) => s.generals.find((g) => g.side === side)!;

/** Ends the turn from red's Fire phase: red has exactly one fire action (r at D3 on blue cavalry at D4). */
function finishTurn(s0: GameState, dice: number[]): ReturnType<typeof act> {
  const s = inFire(s0, 'red');
  for (const u of s.units) if (u.id !== 'r') u.did = 64;
  return act(s, { type: 'fire', unit: 'r', target: 'bc' }, [1, 1, 1, ...dice]);
}
const shooter = [{ id: 'r', kind: 'inf' as const, cell: 'D3' }];
const target = [{ id: 'bc', kind: 'cav' as const, cell: 'D4' }];

describe('Turn Sequence 1: Orders phase and Generals', () => {
  it('Orders phase: each General rolls a d6 for the number of orders he can give', () => {
    const { state } = startGame(scenario({ red: shooter, blue: target }), { seed: 1 }, fixedDice([5, 3]));
    expect(gen(state, 0)).toMatchObject({ roll: 5, pips: 5 });
    expect(gen(state, 1)).toMatchObject({ roll: 3, pips: 3 });
  });

  it('Orders phase: a unit within 1 box of an enemy costs two pips, others one', () => {
    const s = start({ red: [{ id: 'near', kind: 'inf', cell: 'D3' }, { id: 'away', kind: 'inf', cell: 'A1' }], blue: [{ id: 'b', kind: 'inf', cell: 'D4' }] });
    gen(s, 0).pips = 3;
    const one = act(s, { type: 'order', general: 'red-gen', unit: 'near' });
    expect(gen(one.state, 0).pips).toBe(1);
    const two = act(one.state, { type: 'order', general: 'red-gen', unit: 'away' });
    expect(gen(two.state, 0).pips).toBe(0);
    expect(unit(two.state, 'away').orders).toBe(1);
  });

  it('Orders phase: a General joins a unit within 4 boxes, which counts as ordered without pips', () => {
    const s = start({ red: [{ id: 'a', kind: 'inf', cell: 'A1' }, { id: 'e', kind: 'inf', cell: 'E1' }, { id: 'f', kind: 'inf', cell: 'F1' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }] });
    expect(gen(s, 0).unit).toBe(0);
    expect(has(s, { type: 'attach', general: 'red-gen', unit: 'e' })).toBe(true);
    expect(has(s, { type: 'attach', general: 'red-gen', unit: 'f' })).toBe(false);
    const pips = gen(s, 0).pips;
    const out = act(s, { type: 'attach', general: 'red-gen', unit: 'e' });
    expect(unit(out.state, 'e').orders).toBe(1);
    expect(gen(out.state, 0).pips).toBe(pips);
  });

  it('Excellent Staff rating: one order saved on a roll of 5, two on a 6, for a later Orders phase', () => {
    for (const [roll, saved] of [[6, 2], [5, 1], [4, 0]] as const) {
      const s = start({ red: shooter, blue: target, redLeader: { ratings: { 'square-eagles': { excellentStaff: true } } } });
      Object.assign(gen(s, 0), { roll, pips: roll, placed: true });
      const out = act(s, { type: 'end-orders' });
      expect(gen(out.state, 0).banked).toBe(saved);
    }
  });

  it('Excellent Staff rating: saved orders stay until an Orders phase spends them ("any Orders Phase"), not only the next', () => {
    const staff = { ratings: { 'square-eagles': { excellentStaff: true } } };
    const s = start({ red: [...shooter, { id: 'x', kind: 'inf', cell: 'H1' }], blue: target, redLeader: staff });
    Object.assign(gen(s, 0), { roll: 6, pips: 6, placed: true });
    const t1 = act(s, { type: 'end-orders' });
    expect(gen(t1.state, 0).banked).toBe(2);
    // Turn 2: a roll of 3 saves nothing of its own, and nothing is spent: the two saved orders are still there.
    const t2 = finishTurn(t1.state, [3, 4]);
    expect(gen(t2.state, 0)).toMatchObject({ roll: 3, pips: 5, banked: 2 });
    const kept = act(t2.state, { type: 'end-orders' });
    expect(gen(kept.state, 0).banked).toBe(2);
    // Turn 3: a roll of 2 plus the two saved. Three pips spent (r next to the enemy costs 2, x costs 1): the
    // roll's own pips go first, so one saved order is left for later.
    const t3 = finishTurn(kept.state, [2, 4]);
    expect(gen(t3.state, 0)).toMatchObject({ roll: 2, pips: 4, banked: 2 });
    const o1 = act(t3.state, { type: 'order', general: 'red-gen', unit: 'r' });
    const o2 = act(o1.state, { type: 'order', general: 'red-gen', unit: 'x' });
    const spent = act(o2.state, { type: 'end-orders' });
    expect(gen(spent.state, 0).banked).toBe(1);
  });

  it('Division General rating: three orders every turn without a roll, each getting through for one pip', () => {
    const { state } = startGame(
      scenario({ red: [{ id: 'near', kind: 'inf', cell: 'D3' }], blue: [{ id: 'b', kind: 'inf', cell: 'D4' }], redLeader: { ratings: { 'square-eagles': { divisionGeneral: true } } } }),
      { seed: 1 },
      fixedDice([4]),
    );
    expect(gen(state, 0)).toMatchObject({ pips: 3, roll: 0 });
    const out = act(state, { type: 'order', general: 'red-gen', unit: 'near' });
    expect(gen(out.state, 0).pips).toBe(2);
  });

  it('Veterans trait: the unit may take a second order and act twice', () => {
    const s = start({ red: [{ id: 'v', kind: 'inf', cell: 'A1', traits: ['veterans'] }, { id: 'x', kind: 'inf', cell: 'H1' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }] });
    gen(s, 0).pips = 6;
    const one = act(s, { type: 'order', general: 'red-gen', unit: 'v' });
    expect(has(one.state, { type: 'order', unit: 'v' })).toBe(true);
    const two = act(one.state, { type: 'order', general: 'red-gen', unit: 'v' });
    expect(unit(two.state, 'v').orders).toBe(2);
    const a = inActions(two.state, 'red', ['v'], 2);
    const m1 = act(a, { type: 'move', unit: 'v', to: 'A3', facing: 180 });
    expect(m1.state.pending).toMatchObject({ kind: 'actions', side: 0 });
    const m2 = act(m1.state, { type: 'move', unit: 'v', to: 'A5', facing: 180 });
    expect(cellOf(m2.state, 'v')).toBe('A5');
  });
});

describe('Veterans trait: "must use both"', () => {
  const vets = (orders: number): GameState =>
    inActions(start({ red: [{ id: 'v', kind: 'inf', cell: 'A1', traits: ['veterans'] }, { id: 'x', kind: 'inf', cell: 'H1' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }] }), 'red', ['v', 'x'], orders);

  it('Veterans trait: a unit given a second order must use both this turn, so its side may not end its actions while one is unspent', () => {
    const s = vets(2);
    unit(s, 'x').orders = 1;
    expect(has(s, { type: 'end-actions' })).toBe(false);
    expect(() => act(s, { type: 'end-actions' })).toThrow();
    const m1 = act(s, { type: 'move', unit: 'v', to: 'A3', facing: 180 });
    expect(has(m1.state, { type: 'end-actions' })).toBe(false);
    const m2 = act(m1.state, { type: 'move', unit: 'v', to: 'A5', facing: 180 });
    // Both used: the side may stop, keeping x's single order (a bonus die in the Fire phase) as any unit may.
    expect(m2.state.pending).toMatchObject({ kind: 'actions', side: 0 });
    expect(has(m2.state, { type: 'end-actions' })).toBe(true);
  });

  it('Veterans trait: with a single order a veteran unit is like any other and may keep it', () => {
    expect(has(vets(1), { type: 'end-actions' })).toBe(true);
  });
});

describe('Turn Sequence 2: Initiative', () => {
  const atSecondOrders = (turn: number): GameState => {
    const s = cloneState(start({ red: shooter, blue: target }));
    s.turn = turn;
    s.half = 1;
    s.initiative = 0;
    s.pending = { kind: 'orders', side: 1 };
    return s;
  };
  it('Initiative phase: the reacting side takes the Initiative only by winning the roll by 2 or more', () => {
    expect(act(atSecondOrders(2), { type: 'end-orders' }, [3, 4]).state.initiative).toBe(0);
    expect(act(atSecondOrders(2), { type: 'end-orders' }, [3, 5]).state.initiative).toBe(1);
    expect(act(atSecondOrders(2), { type: 'end-orders' }, [5, 1]).state.initiative).toBe(0);
  });
  it('Initiative phase: there is no roll on turn 1; the side said to go first has it', () => {
    const out = act(atSecondOrders(1), { type: 'end-orders' }, [1, 6]);
    expect(out.state.initiative).toBe(0);
    expect(out.left).toBe(2);
    expect(start({ red: shooter, blue: target, first: 'blue' }).initiative).toBe(1);
  });
});

describe('rule 3.ii: Rally', () => {
  const rally = (hits: number, roll: number, spec: Partial<ScenarioSpec> = {}, traits: string[] = []): number => {
    const s = start({ red: [{ id: 'r', kind: 'inf', cell: 'D3', traits }, { id: 'x', kind: 'inf', cell: 'H1' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }], redLeader: { setup: { cell: 'H1' } }, ...spec });
    const a = inActions(s, 'red', ['r']);
    unit(a, 'r').hits = hits;
    return unit(act(a, { type: 'rally', unit: 'r' }, [roll]).state, 'r').hits;
  };
  it('rule 3.ii: a d6 of 4+ removes one hit, 6+ two', () => {
    expect(rally(4, 3)).toBe(4);
    expect(rally(4, 4)).toBe(3);
    expect(rally(4, 6)).toBe(2);
  });
  it('rule 3.ii: the first hit is permanent', () => {
    expect(rally(2, 6)).toBe(1);
    const s = inActions(start({ red: [{ id: 'r', kind: 'inf', cell: 'D3' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }] }), 'red', ['r']);
    unit(s, 'r').hits = 1;
    expect(has(s, { type: 'rally', unit: 'r' })).toBe(false);
  });
  it('rule 3.ii: +1 in cover or with a General attached (once)', () => {
    expect(rally(4, 3, { terrain: [{ id: 'w', kind: 'woods', cells: ['D3'] } as never] })).toBe(3);
    expect(rally(4, 3, { redLeader: { setup: { cell: 'D3' } } })).toBe(3);
    expect(rally(4, 4, { redLeader: { setup: { cell: 'D3' } }, terrain: [{ id: 'w', kind: 'woods', cells: ['D3'] } as never] })).toBe(3);
  });
  it('Stubborn trait: +1 to rally without cover or General; Guard trait: +1 on top of them', () => {
    expect(rally(4, 3, {}, ['stubborn'])).toBe(3);
    expect(rally(4, 4, { redLeader: { setup: { cell: 'D3' } } }, ['guard'])).toBe(2);
  });
});

describe('Turn Sequence 5: Removal', () => {
  it('rule 5: units whose hits reach their SP are removed with their General, who returns a turn later', () => {
    const s = start({ red: [{ id: 'spent', kind: 'inf', cell: 'A1' }, ...shooter], blue: target });
    unit(s, 'spent').hits = 7;
    expect(gen(s, 0).unit).toBe(0);
    const t1 = finishTurn(s, []);
    expect(unit(t1.state, 'spent').status).toBe('eliminated');
    expect(gen(t1.state, 0)).toMatchObject({ status: 'removed', removedTurn: 1 });
    expect(t1.state.turn).toBe(2);
    const t2 = finishTurn(t1.state, []);
    expect(gen(t2.state, 0)).toMatchObject({ status: 'table', unit: 1 });
  });

  it('rule 5: unused orders are removed at the end of the turn', () => {
    const s = start({ red: shooter, blue: target });
    const out = finishTurn(inActions(s, 'red', ['r']), []);
    expect(unit(out.state, 'r').used).toBe(0);
  });

  it('hits are never recorded above a unit\'s SP', () => {
    const s = inFire(start({ red: [{ id: 'g', kind: 'guns', cell: 'D1' }], blue: [{ id: 'b', kind: 'inf', cell: 'D3', sp: 7 }] }), 'red', { g: 8 });
    unit(s, 'b').hits = 6;
    const out = act(s, { type: 'fire', unit: 'g', target: 'b' }, [6, 6, 6]);
    expect(unit(out.state, 'b').hits).toBeLessThanOrEqual(7);
  });
});

describe('Optional rule Defend!', () => {
  it('Defend! option: after an enemy action a unit may spend its order to fire', () => {
    const s = inActions(start({ red: [{ id: 'r', kind: 'inf', cell: 'D2' }], blue: [{ id: 'b', kind: 'inf', cell: 'D5' }], options: { defend: true } }), 'red', ['r', 'b']);
    const moved = act(s, { type: 'move', unit: 'r', to: 'D4', facing: 180 });
    expect(moved.state.pending).toMatchObject({ kind: 'defend', side: 1 });
    expect(legalActions(moved.state)).toEqual([{ type: 'defend-fire', unit: 'b', target: 'r' }, { type: 'pass' }]);
    const fired = act(moved.state, { type: 'defend-fire', unit: 'b', target: 'r' }, [4, 4, 1]);
    expect(unit(fired.state, 'r').hits).toBe(2);
    expect(unit(fired.state, 'b').used).toBe(1);
    const off = inActions(start({ red: [{ id: 'r', kind: 'inf', cell: 'D2' }], blue: [{ id: 'b', kind: 'inf', cell: 'D5' }] }), 'red', ['r', 'b']);
    expect(act(off, { type: 'move', unit: 'r', to: 'D4', facing: 180 }).state.pending.kind).not.toBe('defend');
  });
});

describe('Scenario flow: set-up, reinforcements, objectives and victory', () => {
  it('file-format deployment: units without set-up are placed in their zone, front rank first, the same way every time', () => {
    const spec: ScenarioSpec = {
      red: [
        { id: 'i1', kind: 'inf', cell: '' },
        { id: 'l1', kind: 'lights', cell: '' },
        { id: 'c1', kind: 'cav', cell: '' },
        { id: 'g1', kind: 'guns', cell: '' },
      ],
      blue: [{ id: 'b', kind: 'inf', cell: 'D8' }],
      redExtra: { deployment: [{ zone: { edge: 'north', depth: 12 } }] },
    };
    const a = start(spec);
    const b = start(spec, 2);
    const cells = a.units.filter((u) => u.side === 0).map((u) => a.board.names[u.cell]!);
    expect(new Set(cells).size).toBe(4);
    for (const c of cells) expect(['1', '2']).toContain(c.slice(1));
    expect(cellOf(a, 'l1')).toMatch(/2$/);
    expect(a.units.filter((u) => u.side === 0).every((u) => u.facing === 180)).toBe(true);
    expect(b.units.map((u) => u.cell)).toEqual(a.units.map((u) => u.cell));
  });

  it('file-format reinforcements: a fixed-turn reinforcement enters at its edge at the start of that turn', () => {
    const s = start({
      red: [...shooter, { id: 'late', kind: 'inf', cell: 'B1' }],
      blue: target,
      redExtra: { reinforcements: [{ units: ['late'], turn: 2, entry: { edge: 'north' } }] },
    });
    expect(unit(s, 'late').status).toBe('reserve');
    const t2 = finishTurn(s, []);
    expect(unit(t2.state, 'late')).toMatchObject({ status: 'table', facing: 180, formation: 'column' });
    expect(cellOf(t2.state, 'late')).toMatch(/1$/);
  });

  it('file-format reinforcements: a rolled reinforcement comes from its first turn on a d6 of `need` or more', () => {
    const spec: ScenarioSpec = {
      red: [...shooter, { id: 'late', kind: 'cav', cell: '' }],
      blue: target,
      redExtra: { reinforcements: [{ units: ['late'], roll: { from: 2, need: 4 }, entry: { at: [3, 3] } }] },
    };
    const fail = finishTurn(start(spec), [3]);
    expect(unit(fail.state, 'late').status).toBe('reserve');
    const ok = finishTurn(start(spec), [4]);
    expect(unit(ok.state, 'late').status).toBe('table');
    expect(cellOf(ok.state, 'late')).toBe('A1');
  });

  it('file-format objectives: a side controls an objective its units alone occupy; an empty one keeps its holder', () => {
    const objectives = [{ id: 'o', cell: 'D4', vp: 40, heldBy: 'blue' }];
    const s = inActions(start({ red: [{ id: 'r', kind: 'cav', cell: 'D2' }], blue: [{ id: 'b', kind: 'inf', cell: 'H8' }], objectives }), 'red', ['r']);
    expect(s.control).toEqual([{ id: 'o', holder: 1 }]);
    const out = act(s, { type: 'move', unit: 'r', to: 'D4', facing: 180 });
    expect(out.state.control).toEqual([{ id: 'o', holder: 0 }]);
    const left = act(inActions(out.state, 'red', ['r']), { type: 'move', unit: 'r', to: 'D6', facing: 180 });
    expect(left.state.control).toEqual([{ id: 'o', holder: 0 }]);
  });

  it('file-format victory: conditions are checked in order and the first met decides; otherwise a draw', () => {
    const spec = (victory: ScenarioSpec['victory']): GameState =>
      start({ red: [{ id: 'r', kind: 'inf', cell: 'D2', vp: 10 }], blue: [{ id: 'b', kind: 'inf', cell: 'H8', vp: 12 }, { id: 'b2', kind: 'inf', cell: 'G8' }], objectives: [{ id: 'o', cell: 'A1', vp: 30, heldBy: 'red' }], victory });
    const s = spec([{ side: 'blue', kind: 'hold', objectives: ['o'] }, { side: 'red', kind: 'destroy', percent: 50 }, { kind: 'points' }]);
    expect(evaluateVictory(s)).toMatchObject({ winner: 0, condition: 2 });
    unit(s, 'b').status = 'eliminated';
    expect(evaluateVictory(s)).toMatchObject({ winner: 0, condition: 1 });
    // A met destroy ends the game and so decides it, even with blue's hold, listed first, met too.
    s.control[0]!.holder = 1;
    expect(evaluateVictory(s)).toMatchObject({ winner: 0, condition: 1 });
    unit(s, 'b').status = 'table';
    expect(evaluateVictory(s)).toMatchObject({ winner: 1, condition: 0, reason: 'blue holds o' });
    const pts = spec([{ kind: 'points' }]);
    expect(result(pts)).toMatchObject({ winner: 'red', vp: { red: 30, blue: 0 } });
    pts.control[0]!.holder = -1;
    expect(result(pts)).toMatchObject({ winner: 'draw', vp: { red: 0, blue: 0 } });
    const exit = spec([{ side: 'red', kind: 'exit', count: 1, edge: 'south' }]);
    expect(evaluateVictory(exit).winner).toBe(-1);
    unit(exit, 'r').status = 'exited';
    expect(evaluateVictory(exit)).toMatchObject({ winner: 0, reason: 'red moved 1 units off the south edge' });
  });

  it('file-format victory: a met destroy condition ends the game at the end of the turn', () => {
    const s = start({ red: [...shooter, { id: 'r2', kind: 'inf', cell: 'A1' }], blue: [...target, { id: 'b2', kind: 'inf', cell: 'H8' }], victory: [{ side: 'red', kind: 'destroy', percent: 50 }] });
    unit(s, 'b2').hits = 7;
    const out = finishTurn(s, []);
    expect(out.state.phase).toBe('over');
    expect(result(out.state)).toMatchObject({ winner: 'red', turns: 1, reason: "red destroyed 50% of the enemy's units" });
  });

  it('file-format victory: a destroy condition that ends the game early decides it, even below a hold condition met by the other side', () => {
    // se-01's order: red holds, blue destroys 50%. Red holds its objective all along; blue's fire has worn out one
    // of red's two units, so blue's destroy is met at the end of turn 1 of 15 and is what ends the game.
    const s = start({
      red: [...shooter, { id: 'r2', kind: 'inf', cell: 'A1' }],
      blue: [...target, { id: 'b2', kind: 'inf', cell: 'H8' }],
      objectives: [{ id: 'o', cell: 'A1', vp: 25, heldBy: 'red' }],
      victory: [{ side: 'red', kind: 'hold', objectives: ['o'] }, { side: 'blue', kind: 'destroy', percent: 50 }, { kind: 'points' }],
    });
    unit(s, 'r2').hits = 7;
    const out = finishTurn(s, []);
    expect(out.state.phase).toBe('over');
    expect(out.state.control).toEqual([{ id: 'o', holder: 0 }]);
    expect(result(out.state)).toMatchObject({ winner: 'blue', turns: 1, condition: 1, reason: "blue destroyed 50% of the enemy's units" });
  });

  it('file-format victory: exit and destroy met at the same time: the scenario lists them in order and the first decides', () => {
    const spec = (victory: ScenarioSpec['victory']): GameState =>
      start({ red: [{ id: 'r', kind: 'inf', cell: 'D8' }, { id: 'r2', kind: 'inf', cell: 'A1' }], blue: [{ id: 'b', kind: 'inf', cell: 'H1', vp: 30 }, { id: 'b2', kind: 'inf', cell: 'G1' }], victory });
    const both = (s: GameState): GameState => {
      unit(s, 'r').status = 'exited';
      unit(s, 'b').status = 'eliminated';
      unit(s, 'r2').status = 'eliminated';
      return s;
    };
    const exitFirst = both(spec([{ side: 'red', kind: 'exit', count: 1, edge: 'south' }, { side: 'blue', kind: 'destroy', percent: 50 }]));
    expect(evaluateVictory(exitFirst)).toMatchObject({ winner: 0, condition: 0 });
    // Points (red ahead, 30 to 14) listed first do not decide: they did not end the game.
    const destroyFirst = both(spec([{ kind: 'points' }, { side: 'blue', kind: 'destroy', percent: 50 }, { side: 'red', kind: 'exit', count: 1, edge: 'south' }]));
    expect(evaluateVictory(destroyFirst)).toMatchObject({ winner: 1, condition: 1 });
  });

  it('file-format turns: the game ends after the turn limit', () => {
    const s = start({ red: shooter, blue: target, limit: 1, victory: [] });
    const out = finishTurn(s, []);
    expect(out.state.phase).toBe('over');
    expect(result(out.state)).toMatchObject({ winner: 'draw', turns: 1 });
  });

  it('newGame: the same seed gives the same game', () => {
    const sc = scenario({ red: shooter, blue: target });
    expect(JSON.stringify(newGame(sc, { seed: 7 }))).toBe(JSON.stringify(newGame(sc, { seed: 7 })));
  });
});
