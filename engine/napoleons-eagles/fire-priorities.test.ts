// Fire rules the game adds to fire.ts's prices (rules notes §15), worked by hand from the seed before the code ran:
// target priority and intervening screens ('Shooting Over Units and Target Priority', 'Intervening Skirmish
// Screens'), smoke ('Smoke') and visibility ('Visibility').
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { fixedNeDice } from './dice.js';
import { applyAction, fireCheck, startGame, type Action } from './game.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

function run(s: NeGameState, actions: Action[], dice?: number[], events?: GameEvent[]): NeGameState {
  let state = s;
  const fixed = dice ? fixedNeDice(dice) : undefined;
  for (const a of actions) {
    const out = applyAction(state, a, fixed ? () => fixed : undefined);
    events?.push(...out.events);
    state = out.state;
  }
  if (fixed) expect(fixed.remaining()).toBe(0);
  return state;
}

/** Red is side A and moves first. */
const asA = (sc: Scenario): NeGameState => run(startGame(sc, 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
const check = (s: NeGameState, shooter: string, target: string, actions: 1 | 2 = 1) => fireCheck(s, unitById(s, shooter)!, unitById(s, target), actions, false);

// r1: a 20-figure 3-rank line (7.5" wide, 0.5" deep) at (30, 30) facing north: front edge y 29.75, x 26.25–33.75.
const r1: Spec = { id: 'r1', at: [30, 30], facing: 0, formation: 'line' };
// b1: the same line facing south at (30, 24): its rectangle reaches y 24.25, 5.5" from r1's front (long range).
const b1: Spec = { id: 'b1', at: [30, 24], facing: 180, formation: 'line' };

describe('Target priority: the nearest threat, skirmishers ignored', () => {
  // b2 at (36, 27) facing south: x 32.25–39.75, y 26.75–27.25; 2.5" from r1's front and in its arc; the line from
  // r1's centre to b1's (x = 30) passes clear of it.
  it('refuses a fire at b1 (5.5") while the line b2 stands 2.5" away, and allows the fire at b2', () => {
    const s = asA(valid(neScenario([r1], [b1, { id: 'b2', at: [36, 27], facing: 180, formation: 'line' }])));
    const at1 = check(s, 'r1', 'b1');
    expect(at1.allowed).toBe(false);
    expect((at1 as { reason: string }).reason).toMatch(/nearest threat, b2/);
    expect(check(s, 'r1', 'b2').allowed).toBe(true);
  });

  it('ignores a nearer skirmish screen: b1 may be fired at past the screen 2.5" away', () => {
    // A 6-figure light screen (12" wide) at (38, 27): x 32–44, in r1's arc 2.5" away; not a threat.
    const s = asA(valid(neScenario([r1], [b1, { id: 'b2', type: 'light', figures: 6, at: [38, 27], facing: 180, formation: 'skirmish' }])));
    expect(check(s, 'r1', 'b1').allowed).toBe(true);
    expect(check(s, 'r1', 'b2').allowed).toBe(true);
  });
});

describe('Intervening Skirmish Screens: a quarter of the fire at the screen', () => {
  // The screen bs (6 light figures, 12" wide) at (30, 27): x 24–36, y 26.75–27.25, across the line r1–b1.
  const screened = () => valid(neScenario([r1], [b1, { id: 'bs', type: 'light', figures: 6, at: [30, 27], facing: 180, formation: 'skirmish' }]));

  it('20 figures: 5 fire at the screen (row 4) and 15 at b1 (row 16), two dice, the screen first', () => {
    const events: GameEvent[] = [];
    // Screen: 2.5" medium −1, skirmishers −3: die 6 → 2, row 4 starts at 6: 0. b1: long −3: die 4 → 1, row 16
    // starts at 2: 0 — where the whole 20 (row 20, which starts at 1) would have taken 2.
    const s = run(asA(screened()), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [6, 4], events);
    expect(events.find((e) => e.type === 'screen-draws-fire')).toMatchObject({ screen: 'bs', target: 'b1', figures: [5, 15] });
    expect(events.filter((e) => e.type === 'fire').map((e) => [e.target, e.casualties])).toEqual([['bs', 0], ['b1', 0]]);
    expect(unitById(s, 'b1')!.figures).toBe(20);
    const open = run(asA(valid(neScenario([r1], [b1]))), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [4]);
    expect(unitById(open, 'b1')!.figures).toBe(18);
  });
});

describe('Smoke: two actions of fire lay smoke for the rest of the period and the next', () => {
  // r2 and r3, far off on the right, keep red's movement going after r1 so that blue's step comes (A moves 2, D 1;
  // movement ends when A has no unit left).
  const smoky = () => valid(neScenario([r1, { id: 'r2', at: [60, 44], facing: 0, formation: 'column' }, { id: 'r3', at: [66, 44], facing: 0, formation: 'column' }], [b1], [], { ruleOptions: { 'napoleons-eagles': { smoke: true } } }));

  it("r1's two-action fire lays a 7.5\" bank before it; b1 firing back through it takes −2", () => {
    // r1 fires two actions at b1 (40 figures, row 40; long −3): die 1 → −2, blank: no casualties. Smoke: centre
    // 0.25 + 0.5 ahead of r1's centre, (30, 29.25), 7.5" wide, 1" deep.
    let s = run(asA(smoky()), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 2 }], [1]);
    expect(s.smoke).toEqual([{ by: 'r1', x: 30, y: 29.25, facing: 0, width: 7.5, until: 2 }]);
    s = run(s, [{ type: 'done', unit: 'r1' }, { type: 'stand', unit: 'r2' }]);
    // b1 fires back: long −3 and smoke −2, die 5 → 0: row 20 is blank there (without the smoke, 2 → 2 casualties).
    const sit = check(s, 'b1', 'r1');
    expect(sit.allowed && sit.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['long-range -3', 'smoke -2']);
    s = run(s, [{ type: 'fire', unit: 'b1', target: 'r1', actions: 1 }], [5]);
    expect(unitById(s, 'r1')!.figures).toBe(20);
  });

  it('one action of fire lays none; two one-action fires in a row do; the smoke clears when period 3 begins', () => {
    let s = run(asA(smoky()), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [1]);
    expect(s.smoke).toBeUndefined();
    s = run(s, [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [1]);
    expect(s.smoke).toHaveLength(1);
    // Through to period 2: the smoke stands; b1 stands instead of firing.
    s = run(s, [{ type: 'done', unit: 'r1' }, { type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'b1' }, { type: 'stand', unit: 'r3' }, { type: 'end-leaders' }, { type: 'end-leaders' }]);
    expect([s.period, s.smoke?.length]).toEqual([2, 1]);
    s = run(s, [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }, { type: 'stand', unit: 'r1' }, { type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'b1' }, { type: 'stand', unit: 'r3' }, { type: 'end-leaders' }, { type: 'end-leaders' }]);
    expect(s.period).toBe(3);
    expect(s.smoke).toBeUndefined();
  });

  it('a fire then a move lays no smoke (the two fires must be consecutive actions)', () => {
    let s = run(asA(smoky()), [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [1]);
    // Half an action of falling back 1" (2" an action), then a fire: not two fires in a row.
    s = run(s, [{ type: 'move', unit: 'r1', to: [30, 31], facing: 0 }]);
    expect(s.smokeStreak).toBeUndefined();
  });
});

describe('Visibility: formations are seen at 64", a quarter of that in heavy rain', () => {
  // A 6lb battery (2 models, 2" wide, 1.5" deep) at (30, 44.75) facing north: front edge y 44; b1's rectangle ends
  // at y 24.25: 19.75", long range for a 6lb (16–32"). Heavy rain cuts 64" to 16".
  const battery: Spec = { id: 'g1', arm: 'artillery', at: [30, 44.75], facing: 0 };
  const rain = (visibility: boolean) => valid(neScenario([battery], [b1], [], { weather: 'heavy-rain', ruleOptions: { 'napoleons-eagles': { visibility } } }));

  it('refuses the battery 19.75" away in heavy rain with the option on, and allows it with the option off', () => {
    const on = check(asA(rain(true)), 'g1', 'b1');
    expect(on.allowed).toBe(false);
    expect((on as { reason: string }).reason).toMatch(/beyond the 16" at which formations can be seen in heavy rain/);
    expect(check(asA(rain(false)), 'g1', 'b1').allowed).toBe(true);
  });
});
