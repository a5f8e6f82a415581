// The engine protocol on a Napoleon's Eagles game: what `check` answers about a move on the open table (its cost in
// actions, the rules' reason for a refusal) and the roster's title and sides (docs/engine-protocol.md).
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesView } from '../domain/engine-protocol.js';
import { neScenario, valid, type Spec } from './napoleons-eagles/test-kit.js';
import type { Message } from './protocol.js';
import { createSession, handleLine, type SessionState } from './session.js';

class Driver {
  state: SessionState = createSession('1.2.3', { now: () => 0 });
  private n = 0;
  ask(request: Record<string, unknown>): Message & Record<string, unknown> {
    const step = handleLine(JSON.stringify({ id: String(++this.n), ...request }), this.state);
    this.state = step.state;
    expect(step.out).toHaveLength(1);
    return step.out[0] as Message & Record<string, unknown>;
  }
  view(): NapoleonsEaglesView & { title: string; sides: { key: string; name: string }[] } {
    return (this.ask({ type: 'state', game: 'g1' }) as unknown as { state: NapoleonsEaglesView & { title: string; sides: { key: string; name: string }[] } }).state;
  }
}

// A B-rated 3-rank line battalion of 20 figures: 7.5" wide, ½" deep, 4" an action in the open (notes §2).
const line: Spec = { id: 'r1', at: [36, 30], facing: 0 };
const far: Spec = { id: 'b-far', at: [8, 4], facing: 180 };

/** Both seats human, the bids sealed at 0 and the roles chosen so that red moves first. */
function redToMove(): Driver {
  const d = new Driver();
  d.ask({ type: 'hello', protocol: 1 });
  expect(d.ask({ type: 'load', scenario: valid(neScenario([line], [far])) })).toMatchObject({ type: 'loaded', title: 'Rules case' });
  expect(d.ask({ type: 'new-game', seed: 3, players: { red: 'human', blue: 'human' } })).toMatchObject({ type: 'game', game: 'g1' });
  for (let k = 0; k < 4; k++) {
    const v = d.view();
    if (v.decision.kind === 'bid') d.ask({ type: 'act', game: 'g1', action: { type: 'bid', points: 0 } });
    else if (v.decision.kind === 'choose') d.ask({ type: 'act', game: 'g1', action: { type: 'choose', role: v.decision.side === 'red' ? 'A' : 'D' } });
  }
  const v = d.view();
  expect(v.decision).toMatchObject({ kind: 'activate', side: 'red' });
  return d;
}

describe("check on a Napoleon's Eagles move", () => {
  it('gives the exact cost in actions of an accepted move: 4" is one action, 6" one and a half (\'Movement\', notes §2)', () => {
    const d = redToMove();
    const check = (to: [number, number]) => d.ask({ type: 'check', game: 'g1', action: { type: 'move', unit: 'r1', to, facing: 0 } });
    expect(check([36, 26])).toMatchObject({ type: 'checked', ok: true, cost: 1 });
    // 6" ÷ 4" an action = 1½ actions.
    expect(check([36, 24])).toMatchObject({ type: 'checked', ok: true, cost: 1.5 });
    expect(check([36, 28])).toMatchObject({ ok: true, cost: 0.5 });
    // 8.5" is more than two actions' 8": refused with the rules' words, and no cost.
    const refused = check([36, 21.5]);
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('too far') });
    expect(refused).not.toHaveProperty('cost');
    // The verdict is the act's: the move then made reports the cost check gave.
    const acted = d.ask({ type: 'act', game: 'g1', action: { type: 'move', unit: 'r1', to: [36, 24], facing: 0 } });
    expect((acted.events as { type: string; cost?: number }[]).find((e) => e.type === 'move')).toMatchObject({ cost: 1.5 });
  });

  it('names the scenario and its sides in the state, as the other engines do', () => {
    const d = redToMove();
    const v = d.view();
    expect(v.title).toBe('Rules case');
    expect(v.sides.map((s) => [s.key, s.name])).toEqual([
      ['red', 'French'],
      ['blue', 'Prussians'],
    ]);
  });
});
