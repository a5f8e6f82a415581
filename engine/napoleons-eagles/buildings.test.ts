// Building blocks in the game, worked by hand from the seed ('Buildings': 'Figures Inside Buildings Firing Out',
// 'Close Actions in Buildings', 'Starting Fires in Buildings', 'Extinguishing, Accumulating and Spreading of Fires';
// rules notes §14). Block A is the 4" square x 28–32, y 20–24, walled on its south side; block B shares A's east side.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Feature } from '../../domain/model.js';
import { blockFireSituation, burningEntryProblem, endOfPeriodFires, firesIn, occupancy, pushedOut, shellFires } from './buildings.js';
import { fixedNeDice, recordingNeDice, rngNeDice, type NeDice } from './dice.js';
import { applyAction, fireCheck, moveCheck, startGame, type Action } from './game.js';
import { rectOf } from './footprint.js';
import { rectsOverlap } from './geometry.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

const blocks = (material?: 'brick' | 'stone'): Feature[] => [
  { id: 'A', kind: 'building-block', at: [28, 20], size: 4, fortifiedSides: ['south'], ...(material ? { material } : {}) },
  { id: 'B', kind: 'building-block', at: [32, 20], size: 4 },
];

// b1: a 12-figure column (1.5" × 1.5") in A. r1: a 20-figure 3-rank line 7.5" wide, its north edge at y 29.25,
// 5.25" from A's south side.
const b1: Spec = { id: 'b1', figures: 12, at: [30, 22], facing: 180, formation: 'column' };
const r1: Spec = { id: 'r1', figures: 20, at: [30, 29.5], facing: 0, formation: 'line' };

function game(opts: { blue?: Spec[]; red?: Spec[]; fires?: boolean; material?: 'brick' | 'stone' } = {}): NeGameState {
  const extra = opts.fires ? { ruleOptions: { 'napoleons-eagles': { buildingFires: true } } } : {};
  return startGame(valid(neScenario(opts.red ?? [r1], opts.blue ?? [b1], blocks(opts.material), extra)), 1).state;
}

/** Fixed dice first, then the game's own generator (for dice the case does not follow). */
const diceThen = (values: number[]) => (s: NeGameState, rolls: number[]): NeDice => fixedNeDice(values, recordingNeDice(rngNeDice(s.rng), rolls));

function run(s: NeGameState, actions: Action[], dice?: number[], events: GameEvent[] = []): NeGameState {
  let state = s;
  const fixed = dice ? diceThen(dice) : undefined;
  let shared: NeDice | undefined;
  for (const a of actions) {
    const out = applyAction(state, a, fixed ? (st, rolls) => (shared ??= fixed(st, rolls)) : undefined);
    events.push(...out.events);
    state = out.state;
  }
  return state;
}

const red = (s: NeGameState) => run(s, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
const blue = (s: NeGameState) => run(s, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'A' }]);

describe('Figures Inside Buildings Firing Out', () => {
  it('a block of 12 fires at a target 5.25" away: one d6 an action, a 6 kills two', () => {
    let s = blue(game());
    const sit = fireCheck(s, unitById(s, 'b1')!, unitById(s, 'r1'), 1, false);
    expect(sit).toMatchObject({ allowed: true, kind: 'block', blocks: [{ block: 'A', figures: 12 }] });
    expect((sit as { blocks: { range: number }[] }).blocks[0]!.range).toBeCloseTo(5.25, 6);
    s = run(s, [{ type: 'fire', unit: 'b1', target: 'r1', actions: 1 }], [6]);
    expect(unitById(s, 'r1')!.figures).toBe(18);
    expect(s.flow.r1!.morale).toBe(true);
  });

  it('two actions roll two dice; a 5 and a 6 kill two', () => {
    const s = run(blue(game()), [{ type: 'fire', unit: 'b1', target: 'r1', actions: 2 }], [5, 6]);
    expect(unitById(s, 'r1')!.figures).toBe(18);
  });

  it('20 figures fill A (12) and spill 8 into B: both blocks hold 8 or more and fire, one die each', () => {
    const s = blue(game({ blue: [{ id: 'b2', figures: 20, at: [31, 22], facing: 180, formation: 'line' }] }));
    expect(occupancy(s, unitById(s, 'b2')!).map((o) => [o.block.id, o.figures])).toEqual([['A', 12], ['B', 8]]);
    const after = run(s, [{ type: 'fire', unit: 'b2', target: 'r1', actions: 1 }], [6, 6]);
    expect(unitById(after, 'r1')!.figures).toBe(16);
  });

  it('seven figures in a block do not fire out, nor does a block 6.75" from its target', () => {
    let s = blue(game({ blue: [{ ...b1, figures: 7 }] }));
    expect(blockFireSituation(s, unitById(s, 'b1')!, unitById(s, 'r1')!, 1)).toMatchObject({ allowed: false, reason: expect.stringContaining('holds 8 figures') });
    s = blue(game({ red: [{ ...r1, at: [30, 31] }] }));
    expect(blockFireSituation(s, unitById(s, 'b1')!, unitById(s, 'r1')!, 1)).toMatchObject({ allowed: false, reason: expect.stringContaining('within 6"') });
  });
});

describe('Close Actions in Buildings', () => {
  // r1 charges A's south side: 6 figures attack (at most six a side) against the 12 in the block. Defender: +1 in
  // buildings against troops outside, +1 the walled south side, +1 for 2 to 1 (12 against 6) = +3; charger +0.
  const charged = () => run(red(game()), [{ type: 'charge', unit: 'r1', target: 'b1' }, { type: 'end-leaders' }, { type: 'end-leaders' }]);

  it('the charger lands against the block side; the defenders take no morale check and hold a defence action', () => {
    const s = charged();
    const r = unitById(s, 'r1')!;
    expect(r.y).toBeCloseTo(24 + 0.25 + 0.01, 6);
    expect(r.facing).toBe(0);
    // No die was rolled in step 9 before the defence: infantry in buildings is exempt from morale checks.
    expect(s.phase).toBe('defend');
    // Its defence is to fire out or nothing.
    expect(() => applyAction(s, { type: 'defend', unit: 'b1', choice: 'face' })).toThrow(/fires out or does nothing/);
  });

  it('charger 6 against defender 2 + 3: the charger wins 6 to 5, its natural 6 kills two, and the lone block lost pushes the unit out', () => {
    const events: GameEvent[] = [];
    // Dice: r1's check to close 1 (passes 16), then the fight: r1 6, b1 2; the rest (b1's retreat) from the generator.
    const s = run(charged(), [{ type: 'defend', unit: 'b1', choice: 'none' }], [1, 6, 2], events);
    const fight = events.find((e) => e.type === 'building-assault')!;
    expect(fight).toMatchObject({ block: 'A', side: 'south', figures: [6, 12], rolls: [6, 2], totals: [6, 5], winner: 'charger' });
    expect(fight.modifiers).toEqual({ charger: [], target: ['in-buildings 1', 'fortified-side 1', 'odds 1'] });
    const b = unitById(s, 'b1')!;
    expect(b.figures).toBe(10);
    // All 12 lost the block and the unit has no other: 10 of its 10 figures are out of the town, a majority.
    expect(b.status).toBe('retreat');
    expect(unitById(s, 'r1')!.figures).toBe(20);
    expect(unitById(s, 'r1')!.fatigue).toBe(1);
  });

  it('a defender whose line sticks out past the block\'s side is charged against its own rectangle, never overlapped (notes §11)', () => {
    // b1 as a 12-figure 3-rank line (4.5" × 0.5") facing south at (30, 24): its south edge at y 24.25, a quarter
    // inch past A's south side (y 24). r1 (depth 0.5) then stands with its north edge 0.01" beyond b1's, its centre
    // at 24.25 + 0.25 + 0.01 = 24.51, not at the block's side (24.26), where it would cover b1's edge.
    const s = run(red(game({ blue: [{ id: 'b1', figures: 12, at: [30, 24], facing: 180, formation: 'line' }] })), [{ type: 'charge', unit: 'r1', target: 'b1' }, { type: 'end-leaders' }, { type: 'end-leaders' }]);
    const r = unitById(s, 'r1')!;
    expect(r.y).toBeCloseTo(24.51, 6);
    expect(r.x).toBeCloseTo(30, 6);
    expect(rectsOverlap(rectOf(r, s.table), rectOf(unitById(s, 'b1')!, s.table))).toBe(false);
  });

  it('equal totals (4 against 1 + 3): the defenders keep the block and the charger is thrown back 2"', () => {
    const events: GameEvent[] = [];
    const s = run(charged(), [{ type: 'defend', unit: 'b1', choice: 'none' }], [1, 4, 1], events);
    expect(events.find((e) => e.type === 'building-assault')).toMatchObject({ totals: [4, 4], winner: 'defender' });
    expect(unitById(s, 'r1')!.y).toBeCloseTo(26.26, 6);
    expect(unitById(s, 'b1')!.status).toBe('table');
    expect(unitById(s, 'b1')!.figures).toBe(12);
  });

  it('the defence action fires out by the block rule: a 6 kills two of the charger', () => {
    const events: GameEvent[] = [];
    // b1's defence fire 6 (two hits, −3 to r1's check to close), r1's check 1, the fight 1 against 1.
    const s = run(charged(), [{ type: 'defend', unit: 'b1', choice: 'fire' }], [6, 1, 1, 1], events);
    expect(events.find((e) => e.type === 'fire')).toMatchObject({ kind: 'block', casualties: 2, defensive: true });
    expect(unitById(s, 'r1')!.figures).toBe(18);
    expect(events.find((e) => e.type === 'morale' && e.unit === 'r1')).toMatchObject({ modifiers: expect.arrayContaining(['defensive-fire-hits']) });
  });
});

describe('Close Actions in Buildings 4: the winner advances into the block', () => {
  const charged = () => run(red(game()), [{ type: 'charge', unit: 'r1', target: 'b1' }, { type: 'end-leaders' }, { type: 'end-leaders' }]);

  it('r1 beats b1 6 to 5 (the case above); b1 is pushed out and retreats, so A is free: r1 moves in, centred on A', () => {
    const events: GameEvent[] = [];
    const s = run(charged(), [{ type: 'defend', unit: 'b1', choice: 'none' }], [1, 6, 2], events);
    expect(unitById(s, 'b1')!.status).toBe('retreat');
    // A is x 28–32, y 20–24: its centre (30, 22). r1, a 7.5" × 0.5" line facing north, stands there clear of b1,
    // which fell back 10" away from the fight. Its centre in A: it holds the buildings (12 in A, 8 spill into B).
    const r = unitById(s, 'r1')!;
    expect([r.x, r.y, r.facing]).toEqual([30, 22, 0]);
    expect(events.find((e) => e.type === 'advanced-into-block')).toMatchObject({ unit: 'r1', block: 'A' });
    expect(occupancy(s, r).map((o) => [o.block.id, o.figures])).toEqual([['A', 12], ['B', 8]]);
  });

  it('a winner that is cavalry stays outside (cavalry enters buildings only along roads)', () => {
    const events: GameEvent[] = [];
    // Light cavalry (18 figures, 13.5" × 1") charging A's south side from 5" off: it closes (d20 1) and wins 6
    // against 2 + 3; b1's 12 are pushed out and retreat, but the horse does not follow them in.
    let s = red(game({ red: [{ id: 'c1', arm: 'cavalry', type: 'light', figures: 18, at: [30, 29.5], facing: 0, formation: 'line' }] }));
    s = run(s, [{ type: 'charge', unit: 'c1', target: 'b1' }, { type: 'end-leaders' }, { type: 'end-leaders' }, { type: 'defend', unit: 'b1', choice: 'none' }], [1, 6, 2], events);
    expect(events.find((e) => e.type === 'building-assault')).toMatchObject({ winner: 'charger' });
    expect(events.some((e) => e.type === 'advanced-into-block')).toBe(false);
    expect(unitById(s, 'c1')!.y).toBeGreaterThan(24);
  });
});

describe('Close Actions in Buildings: attacking the block next door', () => {
  // r2: 12 figures in block B, east of A, facing west at b1 in A; block C lies east of B, not beside A.
  const withC = (): Feature[] => [...blocks(), { id: 'C', kind: 'building-block', at: [36, 20], size: 4 }];
  const next = (at: [number, number]) => startGame(valid(neScenario([{ id: 'r2', figures: 12, at, facing: 270, formation: 'column' }], [b1], withC())), 1).state;

  it('from B into A: no move, no morale check on either side; six attack twelve (+1 for 2 to 1, no bonus for buildings against buildings); 5 beats 3 + 1', () => {
    const events: GameEvent[] = [];
    let s = red(next([34, 22]));
    s = run(s, [{ type: 'charge', unit: 'r2', target: 'b1' }], undefined, events);
    expect(events.find((e) => e.type === 'charge')).toMatchObject({ unit: 'r2', target: 'b1', distance: 0 });
    expect([unitById(s, 'r2')!.x, unitById(s, 'r2')!.y]).toEqual([34, 22]);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }, { type: 'defend', unit: 'b1', choice: 'none' }], [5, 3], events);
    expect(events.some((e) => e.type === 'morale' && (e.why === 'charged' || e.why === 'closing'))).toBe(false);
    expect(events.find((e) => e.type === 'building-assault')).toMatchObject({ block: 'A', side: 'east', figures: [6, 12], totals: [5, 4], winner: 'charger' });
    expect(unitById(s, 'b1')!.status).toBe('retreat');
    // Step 4: r2 (a 1.5" column) follows into A, from B's centre (34, 22) to A's (30, 22).
    expect([unitById(s, 'r2')!.x, unitById(s, 'r2')!.y]).toEqual([30, 22]);
  });

  it('never from a block that is not beside one of the target\'s', () => {
    const s = red(next([38, 22]));
    expect(() => applyAction(s, { type: 'charge', unit: 'r2', target: 'b1' })).toThrow(/holds no block beside one of b1's/);
  });
});

describe('Starting Fires in Buildings (buildingFires)', () => {
  it('12 soldiers spend the period setting A alight: six d20s, a 20 starts one fire; then A rolls 10 for spreading (nothing)', () => {
    const events: GameEvent[] = [];
    let s = blue(game({ fires: true }));
    s = run(s, [{ type: 'building-fire', unit: 'b1', task: 'start', block: 'A' }]);
    expect(s.flow.b1!.used).toBe(2);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [3, 5, 20, 1, 1, 1, 10], events);
    expect(events.find((e) => e.type === 'fire-start-roll')).toMatchObject({ rolls: [3, 5, 20, 1, 1, 1], need: 20, lit: true });
    expect(firesIn(s, 'A')).toBe(1);
    expect(events.find((e) => e.type === 'fire-spread-roll')).toMatchObject({ block: 'A', roll: 10 });
  });

  it('brick takes one off the die: a 20 becomes 19 and soldiers never light it', () => {
    let s = blue(game({ fires: true, material: 'brick' }));
    s = run(s, [{ type: 'building-fire', unit: 'b1', task: 'start', block: 'A' }, { type: 'end-leaders' }, { type: 'end-leaders' }], [20, 20, 20, 20, 20, 20]);
    expect(firesIn(s, 'A')).toBe(0);
  });

  it('the option off: no fire task is taken', () => {
    const s = blue(game());
    expect(() => applyAction(s, { type: 'building-fire', unit: 'b1', task: 'start', block: 'A' })).toThrow(/buildingFires option is off/);
  });

  it('shells: a d20 per howitzer at a target in a block 16"–40" away, 17 or more (18 in brick) starts a fire', () => {
    const s = game({ fires: true, red: [r1, { id: 'g1', arm: 'artillery', guns: 4, howitzers: 2, at: [30, 44], facing: 0, formation: 'unlimbered' }] });
    const g = unitById(s, 'g1')!;
    const t = unitById(s, 'b1')!;
    const events: GameEvent[] = [];
    shellFires(s, g, t, 20, fixedNeDice([16, 17]), events);
    expect(firesIn(s, 'A')).toBe(1);
    shellFires(s, g, t, 10, fixedNeDice([]), events);
    expect(firesIn(s, 'A')).toBe(1);
    const brick = game({ fires: true, material: 'brick', red: [r1, { id: 'g1', arm: 'artillery', guns: 4, howitzers: 1, at: [30, 44], facing: 0, formation: 'unlimbered' }] });
    shellFires(brick, unitById(brick, 'g1')!, unitById(brick, 'b1')!, 20, fixedNeDice([17]), events);
    expect(firesIn(brick, 'A')).toBe(0);
  });
});

describe('Extinguishing, Accumulating and Spreading of Fires (buildingFires)', () => {
  it('A with 2 fires rolls 19: it grows to 3 and spreads one fire to B (downwind, east); no troops may then enter A', () => {
    const s = game({ fires: true, blue: [{ ...b1, at: [30, 12], facing: 180 }] });
    s.buildings = { facts: s.buildings?.facts ?? {}, fires: { A: 2 }, work: [] };
    endOfPeriodFires(s, fixedNeDice([19]), []);
    expect([firesIn(s, 'A'), firesIn(s, 'B')]).toEqual([3, 1]);
    const v = moveCheck(s, unitById(s, 'b1')!, 'move', [30, 22], 180);
    expect(v).toMatchObject({ ok: false, reason: expect.stringContaining('block A has 3 fires') });
    expect(burningEntryProblem(s, unitById(s, 'b1')!, [30, 17])).toBeNull();
  });

  it('12 figures in B fight A\'s fire: three d20s, a 20 puts one out; A then rolls 5 and neither grows nor spreads', () => {
    let s = game({ fires: true, blue: [{ ...b1, at: [34, 22] }] });
    s.buildings = { facts: s.buildings?.facts ?? {}, fires: { A: 2 }, work: [] };
    s = blue(s);
    s = run(s, [{ type: 'building-fire', unit: 'b1', task: 'extinguish', block: 'A' }, { type: 'end-leaders' }, { type: 'end-leaders' }], [4, 20, 4, 5]);
    expect(firesIn(s, 'A')).toBe(1);
    expect(firesIn(s, 'B')).toBe(0);
  });
});

describe('Troops in a burning block (Starting Fires in Buildings: three fires bar entry; notes §14)', () => {
  // b2: 20 figures in line centred at (31, 22): A takes 12, B the other 8 (as in 'Firing Out' above).
  const burning = (fires: Record<string, number>) => {
    const s = blue(game({ fires: true, blue: [{ id: 'b2', figures: 20, at: [31, 22], facing: 180, formation: 'line' }] }));
    s.buildings = { facts: s.buildings?.facts ?? {}, fires, work: [] };
    return s;
  };

  it('losing A, b2\'s 12 fall back into B\'s free room (12 − 8 = 4): 8 are pushed out, not a majority of 20', () => {
    const s = burning({});
    expect(pushedOut(s, unitById(s, 'b2')!, 'A')).toBe(8);
  });

  it('with three fires in B, falling back into it is entering it: all 12 are pushed out, a majority, and the unit must retreat', () => {
    const s = burning({ B: 3 });
    expect(pushedOut(s, unitById(s, 'b2')!, 'A')).toBe(12);
    // Two fires still leave B's room open.
    expect(pushedOut(burning({ B: 2 }), unitById(s, 'b2')!, 'A')).toBe(8);
  });

  it('troops already inside stay: b2 still holds both blocks and fires out from both (one die each) with three fires in each', () => {
    const s = burning({ A: 3, B: 3 });
    expect(occupancy(s, unitById(s, 'b2')!).map((o) => [o.block.id, o.figures])).toEqual([['A', 12], ['B', 8]]);
    const after = run(s, [{ type: 'fire', unit: 'b2', target: 'r1', actions: 1 }], [6, 6]);
    expect(unitById(after, 'r1')!.figures).toBe(16);
    expect(unitById(after, 'b2')!).toMatchObject({ status: 'table', figures: 20 });
  });
});
