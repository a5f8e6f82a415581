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
import { neScenario, valid } from './test-kit.js';

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
