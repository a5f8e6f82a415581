// The special rules' part of the `state` view (rules notes §14, §15; docs/engine-protocol.md): what the state holds,
// read back in players' terms. Period indexes count from the game's first: index 8 is period 2 of turn 2.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import { napoleonsEaglesEngine } from './engine.js';
import { startGame } from './game.js';
import type { NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

const view = (s: NeGameState) => napoleonsEaglesEngine.view(s) as NapoleonsEaglesView;
const game = (options: Record<string, unknown> = {}) =>
  startGame(
    valid(neScenario([{ id: 'r1', at: [20, 30], facing: 0, formation: 'line' }], [{ id: 'b1', at: [50, 10], facing: 180, formation: 'line' }], [], { ruleOptions: { 'napoleons-eagles': options } })),
    1,
  ).state;

describe('the view of the special rules', () => {
  it('adds nothing when no rule has anything to show', () => {
    const v = view(game());
    for (const k of ['orders', 'smoke', 'fires', 'fireWork', 'resupply', 'carried', 'flanks'] as const) expect(v[k]).toBeUndefined();
    expect(v.units[0]!.refused).toBeUndefined();
  });

  it('with command option #2 every division has its order, and one on its way says when it arrives', () => {
    const s = game({ commandOption: 2 });
    s.orders = { divisions: { 'red-gen': { order: 'attack', at: [50, 10], committed: true } }, pending: { 'red-gen': { order: 'defend', at: [20, 30], sent: 2, arrives: 8 } } };
    const orders = view(s).orders!;
    expect(orders.find((o) => o.leader === 'red-gen')).toEqual({ leader: 'red-gen', side: 'red', order: 'attack', at: [50, 10], committed: true, next: { order: 'defend', at: [20, 30], sent: { turn: 1, period: 2 }, arrives: { turn: 2, period: 2 } } });
    // Blue's division has no record: it holds where its leader stands.
    expect(orders.find((o) => o.leader === 'blue-gen')).toMatchObject({ order: 'defend', unwritten: true });
  });

  it('smoke, fires, caissons, carried fights, flanks, a refused flank and out-of-control cavalry', () => {
    const s = game();
    s.smoke = [{ by: 'r1', x: 20, y: 29.25, facing: 0, width: 7.5, until: 7 }];
    s.buildings = { facts: {}, fires: { blk: 2, cold: 0 }, work: [{ unit: 'r1', task: 'start', block: 'blk' }] };
    s.resupply = [{ caisson: 'c', battery: 'g' }];
    s.carried = [{ charger: 'r1', target: 'b1', aspect: 'front', contact: 'full', distance: 3, usedBefore: 0, stage: 'pending', fireHits: 0, again: true }];
    s.refused = { r1: 'left' };
    s.outOfControl = ['b1'];
    s.flanks = { count: 3, orders: [], of: { r1: 0, b1: 2 }, now: 1, stage: 'moving', queue: [2] };
    const v = view(s);
    expect(v.smoke).toEqual([{ by: 'r1', at: [20, 29.25], facing: 0, width: 7.5, depth: 1, until: { turn: 2, period: 1 } }]);
    expect(v.fires).toEqual({ blk: 2 });
    expect(v.fireWork).toEqual([{ unit: 'r1', task: 'start', block: 'blk' }]);
    expect(v.resupply).toEqual([{ caisson: 'c', battery: 'g' }]);
    expect(v.carried).toEqual([{ charger: 'r1', target: 'b1' }]);
    expect(v.flanks).toEqual({ count: 3, now: 1, stage: 'moving', queue: [2] });
    // A quarter of 20 figures turned back: ceil(20 / 4) = 5 ('Refusing a Flank').
    expect(v.units.find((u) => u.id === 'r1')).toMatchObject({ refused: { flank: 'left', figures: 5 }, flank: 0 });
    expect(v.units.find((u) => u.id === 'b1')).toMatchObject({ outOfControl: true, flank: 2 });
  });

  it("the influence decision carries the rolls the asked leader leads, the French Guard's +5 included (Threshold Checks; notes §13)", () => {
    // Worked by hand: red (French) has two Old Guard battalions, one routed: 1 of 2 lost reaches 50%, so the army
    // rolls, and so does its one division (the same units, the same leader). The Guard's +5 stands in for the
    // elite +1: each needs 8 + 5 = 13. Blue has lost nothing and is asked nothing.
    const s = startGame(
      valid(neScenario([{ id: 'r1', at: [20, 30], facing: 0 }, { id: 'r2', at: [30, 30], facing: 0 }], [{ id: 'b1', at: [50, 10], facing: 180 }])),
      1,
    ).state;
    for (const u of s.units) if (u.side === 'red') u.guard = 'old';
    s.units.find((u) => u.id === 'r2')!.status = 'routed';
    s.phase = 'influence';
    s.influence = { pending: ['red-gen', 'blue-gen'], bonus: {} };
    const d = view(s).decision;
    expect(d.leader).toBe('red-gen');
    const guard = [{ id: 'french-guard', value: 5, reason: 'French Old or Middle Guard' }];
    expect(d.influence).toEqual({
      rolls: [
        { level: 'army', formation: 'red', lost: 1, total: 2, need: 13, modifiers: guard },
        { level: 'division', formation: 'red-bde', lost: 1, total: 2, need: 13, modifiers: guard },
      ],
      pending: ['blue-gen'],
    });
    // Outside the decision the view says nothing of influence.
    s.phase = 'bid';
    expect(view(s).decision.influence).toBeUndefined();
  });
});
