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
});
