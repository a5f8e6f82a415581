// Game Table Flanks worked by hand, and a whole game with each optional rule of rules notes §15 switched on: it
// ends with a result within the turn limit, replays from its log, and plays the same again from the same seed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import type { OptionValue, Scenario } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { applyAction, startGame, type Action } from './game.js';
import { napoleonsEaglesEngine as engine } from './engine.js';
import type { NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

function run(s: NeGameState, actions: Action[]): NeGameState {
  let state = s;
  for (const a of actions) state = applyAction(state, a).state;
  return state;
}

describe('Using Uneven Number of Turn Points: each side bids from its own total', () => {
  // turnPoints {red: 17, blue: 20}: red has 17 points a game turn, blue 20. Red bids 10 and blue 5: red wins the
  // period, and both bids are spent (the next period's bids come from 7 and 15). A bid of 18 from red's 17 is refused.
  const uneven = (turnPoints: Record<string, number>) =>
    valid(
      neScenario([{ id: 'r1', at: [20, 34], facing: 0, formation: 'column' }], [{ id: 'b1', at: [20, 14], facing: 180, formation: 'column' }], [], {
        ruleOptions: { 'napoleons-eagles': { turnPoints } },
      }),
    );

  it('starts red at 17 and blue at 20, and spends each bid from its own side', () => {
    const s = startGame(uneven({ red: 17, blue: 20 }), 1).state;
    expect(s.order.points).toEqual([17, 20]);
    expect(() => applyAction(s, { type: 'bid', points: 18 })).toThrow(/more than the 17 turn points/);
    const after = run(s, [{ type: 'bid', points: 10 }, { type: 'bid', points: 5 }]);
    expect(after.order.points).toEqual([7, 15]);
  });

  it('gives a side the scenario does not name the rules\' 20', () => {
    expect(startGame(uneven({ blue: 12 }), 1).state.order.points).toEqual([20, 12]);
  });
});

describe('Game Table Flanks: each flank bids its own turn points', () => {
  // tableFlanks 2 on the 72" × 48" table: the left flank is x < 36, the right x ≥ 36. One battalion a side on each.
  const twoFlanks = () =>
    valid(
      neScenario(
        [{ id: 'r1', at: [20, 34], facing: 0, formation: 'column' }, { id: 'r2', at: [50, 34], facing: 0, formation: 'column' }],
        [{ id: 'b1', at: [20, 14], facing: 180, formation: 'column' }, { id: 'b2', at: [50, 14], facing: 180, formation: 'column' }],
        [],
        { ruleOptions: { 'napoleons-eagles': { tableFlanks: 2 } } },
      ),
    );

  it('left: red bids 5 to 1 and takes A; right: blue bids 3 to 0 and takes A; the left (bid 5) moves first', () => {
    let s = run(startGame(twoFlanks(), 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
    // The right flank bids next, from its own 20 points.
    expect([s.phase, s.order.points]).toEqual(['bid', [20, 20]]);
    s = run(s, [{ type: 'bid', points: 0 }, { type: 'bid', points: 3 }, { type: 'choose', role: 'A' }]);
    expect(s.flanks).toMatchObject({ stage: 'moving', now: 0, queue: [1] });
    expect(s.order.a).toBe(0);
    // Only the left flank's units move now: r2 waits for the right flank.
    expect(() => applyAction(s, { type: 'stand', unit: 'r2' })).toThrow(/another flank/);
    // Red (A on the left) stands r1 and has no unit left there: the right flank moves, blue as A.
    s = run(s, [{ type: 'stand', unit: 'r1' }]);
    expect([s.flanks!.now, s.order.a, s.active]).toEqual([1, 1, 1]);
    s = run(s, [{ type: 'stand', unit: 'b2' }]);
    expect(s.phase).toBe('leaders');
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }]);
    // Period 2: each flank keeps what it has left: left 15/19, right 20/17.
    expect(s.period).toBe(2);
    expect(s.flanks!.orders.map((o) => o.points)).toEqual([[15, 19], [20, 17]]);
    expect(() => applyAction(s, { type: 'bid', points: 16 })).toThrow(/more than the 15 turn points/);
  });
});

describe('a whole game with each optional rule on', () => {
  const base = parseDocument(readFileSync('scenarios/ne-01-plancenoit.scenario.json', 'utf8'));
  if (!base.ok) throw new Error('ne-01 does not parse');
  const withOptions = (options: Record<string, OptionValue>, extra: Partial<Scenario> = {}): Scenario => {
    const sc = structuredClone(base.document as Scenario);
    sc.ruleOptions = { ...sc.ruleOptions, 'napoleons-eagles': { ...(sc.ruleOptions?.['napoleons-eagles'] ?? {}), ...options } };
    return valid({ ...sc, ...extra });
  };
  // The event that shows the rule at work in the game, where one does.
  const cases: [string, Scenario, string | null][] = [
    ['smoke', withOptions({ smoke: true }), 'smoke'],
    ['visibility, in fog', withOptions({ visibility: true }, { weather: 'fog' }), null],
    ['tableFlanks 3', withOptions({ tableFlanks: 3 }), 'flank'],
  ];
  for (const [name, scenario, shown] of cases) {
    it(`${name}: plays to a result, replays from its log, and again the same from seed 2`, () => {
      const game = playGame(engine, scenario, { seed: 2, red: 'random', blue: 'random', log: true });
      const end = game.state as NeGameState;
      expect(end.phase).toBe('over');
      expect(['red', 'blue', 'draw']).toContain(game.result.winner);
      const text = game.log!.join('\n') + '\n';
      const replay = engine.replayLog(scenario, text);
      expect(JSON.stringify(replay.state)).toBe(JSON.stringify(end));
      if (shown) expect(replay.actions.some(({ out }) => out.events.some((e) => e.type === shown))).toBe(true);
      const again = playGame(engine, scenario, { seed: 2, red: 'random', blue: 'random', log: true });
      expect(again.log!.join('\n') + '\n').toBe(text);
    }, 120_000);
  }
});
