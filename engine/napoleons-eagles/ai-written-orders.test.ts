// The AI's written orders under command option #2 ('Command and Control Option #2'; rules notes §14). Worked by hand
// before the code ran; then a whole AI game on the sample Plancenoit with option #2.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import type { Scenario } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { makeAi } from './ai.js';
import { nextWrittenOrder, wantedOrders } from './ai-written-orders.js';
import { napoleonsEaglesEngine as engine } from './engine.js';
import { applyAction, startGame } from './game.js';
import { orderMoveProblem } from './orders-play.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

// The hill (objective, 100 VP, blue's) at (36, 12), radius 3; the farm (50 VP, nobody's) at (10, 12). Red: one
// division (red-gen, a division leader: radius 15) with r1 at (36, 44). Blue: blue-gen's division with b1 at (36, 14)
// and blue-2's division (radius 15) with b2 at (36, 6).
function hill(): Scenario {
  const doc = neScenario(
    [{ id: 'r1', at: [36, 44], facing: 0, formation: 'column' }],
    [{ id: 'b1', at: [36, 14], facing: 180, formation: 'line' }],
    [],
    {
      ruleOptions: { 'napoleons-eagles': { commandOption: 2 } },
      objectives: [
        { id: 'hill', name: 'Hill', at: [36, 12], radius: 3, vp: 100, heldBy: 'blue' },
        { id: 'farm', name: 'Farm', at: [10, 12], radius: 3, vp: 50 },
      ],
    },
  );
  doc.sides[1].army.formations.push({
    id: 'blue-2div',
    name: 'blue second division',
    echelon: 'division',
    leader: { id: 'blue-2', name: 'blue brigadier', setup: { at: [36, 6] } },
    formations: [],
    units: [{ id: 'b2', name: 'b2', arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C40', figures: 20, ranks: 3 } }, setup: { at: [36, 6], facing: 180, formation: 'column' } }],
  });
  return valid(doc);
}

describe('the AI writes orders under command option #2', () => {
  it('attack the objective it means to take, defend what it holds, a second line on reserve', () => {
    const s = startGame(hill(), 1).state;
    // Red holds nothing: the hill at 32" / √(100/50) = 22.6 beats the farm at √(26² + 32²) = 41.2 / √1 = 41.2.
    // Blue: b1's division stands 2" from the hill, b2's 6" (both within 15 + 6 = 21): both defend it. Of the two,
    // b2's is further from the enemy, rectangle to rectangle: r1 (a 20-figure column, 2.625" × 1.5") reaches up to
    // y 43.25; b2 (the same column) down to 6.75, a gap of 36.5", against b1's line (7.5" × 0.5") at 14.25, 29".
    // 36.5" is beyond 24 + 6 = 30": it waits on reserve, where it stands.
    expect(wantedOrders(s, 0)).toEqual([{ leader: 'red-gen', order: 'attack', at: [36, 12] }]);
    expect(wantedOrders(s, 1)).toEqual([
      { leader: 'blue-gen', order: 'defend', at: [36, 12] },
      { leader: 'blue-2', order: 'reserve', at: [36, 6] },
    ]);
  });

  it('writes each before its bid, once; in the first period they take effect at once and bind the moves', () => {
    let s: NeGameState = startGame(hill(), 1).state;
    const ai = makeAi(1);
    const written: string[] = [];
    // Red bids first (the scenario's first side); it writes its order, then bids; blue the same.
    for (let k = 0; k < 8 && s.phase === 'bid'; k++) {
      const a = ai.choose(s);
      if (a.type === 'order') written.push(`${a.leader} ${a.order}`);
      s = applyAction(s, a).state;
    }
    // blue-gen's default order (defend where he stands, beside b1, under 4" from the hill) is already the one
    // wanted: nothing is written for him, and no delay is started.
    expect(written).toEqual(['red-gen attack', 'blue-2 reserve']);
    expect(s.orders?.divisions['blue-gen']).toMatchObject({ order: 'defend' });
    expect(s.orders?.divisions['red-gen']).toMatchObject({ order: 'attack', at: [36, 12] });
    expect(nextWrittenOrder(s, 0)).toBeNull();
    expect(s.orders?.divisions['blue-2']).toMatchObject({ order: 'reserve' });
    // On reserve b2 may not move ('Reserve'): the rules refuse it, so the AI is never offered it as accepted.
    expect(orderMoveProblem(s, unitById(s, 'b2')!, [36, 4], 0.5, 2)).toMatch(/reserve/);
  });

  it('on Plancenoit with option #2, the AI (red, then blue) against the random player plays to a result and writes orders', () => {
    const r = parseDocument(readFileSync('scenarios/ne-01-plancenoit.scenario.json', 'utf8'));
    if (!r.ok) throw new Error('cannot read ne-01');
    const scenario = structuredClone(r.document as Scenario);
    const ro = (scenario.ruleOptions ??= {});
    ro['napoleons-eagles'] = { ...(ro['napoleons-eagles'] as Record<string, unknown>), commandOption: 2 };
    for (const seat of ['red', 'blue'] as const) {
      const game = playGame(engine, valid(scenario), { seed: 3, red: seat === 'red' ? 'ai' : 'random', blue: seat === 'blue' ? 'ai' : 'random', log: true });
      expect(['red', 'blue', 'draw']).toContain(game.result.winner);
      expect((game.state as NeGameState).phase).toBe('over');
      const leaders = new Set((game.state as NeGameState).leaders.filter((l) => l.side === seat).map((l) => l.id));
      const orders = game.log!.filter((line) => line.includes('"type":"order"') && [...leaders].some((id) => line.includes(`"leader":"${id}"`)));
      expect(orders.length).toBeGreaterThan(0);
    }
  }, 300_000);
});

// Withdraw, pursuit and maneuver (the orders of 'Command and Control Option #2' a plan writes for a division's own
// situation; rules notes §14, "The AI writes orders"). Footprints (notes §11): a 20-figure 3-rank column is 2.625" ×
// 1.5", a 20-figure line 7.5" × 0.5".
function field(red: Spec[], blue: Spec[], opts: { hill?: boolean; secondRed?: Spec } = {}): NeGameState {
  const doc = neScenario(red, blue, [], {
    ruleOptions: { 'napoleons-eagles': { commandOption: 2 } },
    ...(opts.hill ? { objectives: [{ id: 'hill', name: 'Hill', at: [36, 12] as [number, number], radius: 3, vp: 100, heldBy: 'blue' }] } : {}),
  });
  if (opts.secondRed) {
    const u = opts.secondRed;
    doc.sides[0].army.formations.push({
      id: 'red-2div',
      name: 'red second division',
      echelon: 'division',
      leader: { id: 'red-2', name: 'red brigadier', setup: { at: u.at } },
      formations: [],
      units: [{ id: u.id, name: u.id, arm: 'infantry', type: 'line', ratings: { 'napoleons-eagles': { rating: 'B16C40', figures: 20, ranks: 3 } }, setup: { at: u.at, facing: u.facing, formation: 'column' } }],
    });
  }
  return startGame(valid(doc), 1).state;
}

const redOrder = (s: NeGameState, leader = 'red-gen') => wantedOrders(s, 0).find((w) => w.leader === leader);

describe('the AI writes withdraw, pursuit and maneuver', () => {
  // r1: red's column at (36, 30), y 29.25–30.75. b1: blue's line at (36, 24), y 23.75–24.25, 5" off; b2: a line at
  // (36, 20), 9" off.
  const r1: Spec = { id: 'r1', at: [36, 30], facing: 0, formation: 'column' };
  const b1: Spec = { id: 'b1', at: [36, 24], facing: 180, formation: 'line' };
  const b2: Spec = { id: 'b2', at: [36, 20], facing: 180, formation: 'line' };

  it('outnumbered two to one within 12" (40 figures against 20): withdraw, 12" straight away from the nearest enemy', () => {
    // The nearest, b1 (6" centre to centre), lies due north: 12" due south of the division's centre is (36, 42).
    expect(redOrder(field([r1], [b1, b2]))).toEqual({ leader: 'red-gen', order: 'withdraw', at: [36, 42] });
    // 20 against 20 is no threat: the division defends where its leader stands, as before.
    expect(redOrder(field([r1], [b1]))?.order).toBe('defend');
  });

  it('beaten: one of its two units broken and an enemy within 12" — withdraw, though not outnumbered', () => {
    const s = field([r1, { id: 'r2', at: [20, 40], facing: 0, formation: 'column' }], [b1]);
    expect(redOrder(s)?.order).toBe('defend');
    s.units.find((u) => u.id === 'r2')!.status = 'routed';
    // 1 of 2 units broken is half: the division threshold's count. b1 is the nearest enemy, north of r1 (the only
    // unit left, so the centre): (36, 42) again.
    expect(redOrder(s)).toEqual({ leader: 'red-gen', order: 'withdraw', at: [36, 42] });
  });

  it('pursuit: a division that would attack the hill, with b1 in retreat status 5" off, pursues it', () => {
    const s = field([r1], [b1], { hill: true });
    expect(redOrder(s)).toEqual({ leader: 'red-gen', order: 'attack', at: [36, 12] });
    s.units.find((u) => u.id === 'b1')!.status = 'retreat';
    // b1 retreating is no threat (no withdrawal), and it is within 12" of r1: pursue it, where it stands.
    expect(redOrder(s)).toEqual({ leader: 'red-gen', order: 'pursuit', at: [36, 24] });
    // A retreating enemy 13" off is left alone: the attack stands.
    s.units.find((u) => u.id === 'b1')!.y = 16;
    expect(redOrder(s)?.order).toBe('attack');
  });

  it('maneuver: of two divisions attacking the hill, the far one goes round to the flank of its defender', () => {
    // b1 holds the hill in line at (36, 14) facing south (y 13.75–14.25). red-gen's r1 at (36, 34) is 19" off it
    // (y 33.25); red-2's r3 at (30, 44) 29" (y 43.25): the furthest, and beyond 24". From the hill r3 lies at
    // bearing 190.6°, 10.6° off b1's facing: it would strike b1's front. Off b1's flanks (facing ± 90°, along y =
    // 12), the first point 22" from b1's rectangle, in 2" steps from 22": west 26" out (10, 12) is 26 − 3.75 =
    // 22.25" from x 32.25; east (62, 12) the same. The nearer to r3: west, 37.7" against 45.3".
    const s = field([{ id: 'r1', at: [36, 34], facing: 0, formation: 'column' }], [{ id: 'b1', at: [36, 14], facing: 180, formation: 'line' }], {
      hill: true,
      secondRed: { id: 'r3', at: [30, 44], facing: 0 },
    });
    expect(wantedOrders(s, 0)).toEqual([
      { leader: 'red-gen', order: 'attack', at: [36, 12] },
      { leader: 'red-2', order: 'maneuver', at: [10, 12] },
    ]);
    // Written in the first period, both take effect at once; the maneuver binds r3's moves ('Maneuver'): 8" on to
    // (30, 36) keeps 21" from b1 and nears (10, 12) — taken; 10" on to (30, 34) would come within 19" — refused.
    let st = s;
    for (let k = 0; k < 2; k++) st = applyAction(st, nextWrittenOrder(st, 0)!).state;
    expect(nextWrittenOrder(st, 0)).toBeNull();
    expect(st.orders?.divisions['red-2']).toMatchObject({ order: 'maneuver', at: [10, 12] });
    const r3 = unitById(st, 'r3')!;
    expect(orderMoveProblem(st, r3, [30, 36], 1, 8)).toBeNull();
    expect(orderMoveProblem(st, r3, [30, 34], 2, 10)).toMatch(/within 20"/);
  });
});
