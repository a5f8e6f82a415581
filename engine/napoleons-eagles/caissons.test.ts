// Caissons in the game, worked by hand from the seed ('Caissons', 'Artillery Ammunition'; rules notes §14). The red
// battery g1 (6 guns, 6lb: 2 models, 2" × 1.5") faces north at (30, 30), its rear edge at y 30.75; the caisson k1
// (1" × 1.5") stands behind it at (30, 31.7), its front edge 0.2" from the guns: in contact.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import { resupplyProblem } from './caissons.js';
import { fixedNeDice } from './dice.js';
import { applyAction, fireCheck, startGame, type Action } from './game.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

const g1: Spec = { id: 'g1', arm: 'artillery', guns: 6, at: [30, 30], facing: 0, formation: 'unlimbered' };
const k1: Spec = { id: 'k1', arm: 'train', type: 'caisson', figures: 2, at: [30, 31.7], facing: 0 };
const far: Spec = { id: 'b1', figures: 20, at: [30, 6], facing: 180, formation: 'line' };

function game(opts: { red?: Spec[]; blue?: Spec[]; on?: boolean; carbines?: boolean } = {}): NeGameState {
  const o: Record<string, unknown> = {};
  if (opts.on !== false) o.caissons = true;
  if (opts.carbines) o.carbines = true;
  const s = startGame(valid(neScenario(opts.red ?? [g1, k1], opts.blue ?? [far], [], { ruleOptions: { 'napoleons-eagles': o } })), 1).state;
  // g1 has rolled its third ammunition 6: out of ammunition ('Artillery Ammunition').
  const g = unitById(s, 'g1');
  if (g) g.ammo = 3;
  return s;
}

function run(s: NeGameState, actions: Action[], dice?: number[], events: GameEvent[] = []): NeGameState {
  let state = s;
  const fixed = dice ? fixedNeDice(dice) : undefined;
  for (const a of actions) {
    const out = applyAction(state, a, fixed ? () => fixed : undefined);
    events.push(...out.events);
    state = out.state;
  }
  return state;
}

const redA = (s: NeGameState) => run(s, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
const blueA = (s: NeGameState) => run(s, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'A' }]);

describe('Caissons: reloading a battery', () => {
  it('the caisson in contact spends the period with the idle battery; at the end of the period the battery is full again', () => {
    const events: GameEvent[] = [];
    let s = redA(game());
    expect(fireCheck(s, unitById(s, 'g1')!, unitById(s, 'b1'), 1, false)).toMatchObject({ allowed: false, reason: expect.stringContaining('out of ammunition') });
    s = run(s, [{ type: 'resupply', unit: 'k1', battery: 'g1' }], undefined, events);
    // Both are spent for the period: no action, no stand marker.
    expect([s.flow.k1!.used, s.flow.g1!.used, s.flow.g1!.stand, s.flow.g1!.ended]).toEqual([2, 2, false, true]);
    expect(unitById(s, 'g1')!.ammo).toBe(3);
    // Red (A) has no unit left to start, so movement is over; leaders; the period ends with no die rolled.
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [], events);
    expect(events.some((e) => e.type === 'resupplied' && e.battery === 'g1')).toBe(true);
    expect(unitById(s, 'g1')!.ammo).toBe(0);
    expect(s.period).toBe(2);
  });

  it('refused: the battery still has ammunition, the caisson has moved this period, it is not in contact, or the option is off', () => {
    let s = redA(game());
    unitById(s, 'g1')!.ammo = 2;
    expect(resupplyProblem(s, unitById(s, 'k1')!, unitById(s, 'g1'))).toMatch(/has not run out of ammunition/);
    unitById(s, 'g1')!.ammo = 3;
    s = run(s, [{ type: 'move', unit: 'k1', to: [34, 31.7], facing: 0 }]);
    expect(() => applyAction(s, { type: 'resupply', unit: 'k1', battery: 'g1' })).toThrow(/has acted this period; reloading takes a whole period/);
    const apart = redA(game({ red: [g1, { ...k1, at: [30, 33] }] }));
    expect(resupplyProblem(apart, unitById(apart, 'k1')!, unitById(apart, 'g1'))).toMatch(/not in contact/);
    const off = redA(game({ on: false }));
    expect(resupplyProblem(off, unitById(off, 'k1')!, unitById(off, 'g1'))).toMatch(/caissons option is off/);
  });

  it('a battery charged while reloading is not supplied ("If charged, the unit cannot be supplied")', () => {
    const events: GameEvent[] = [];
    // Blue's column b2 stands 5.25" from the battery's front. Red (A, two units a step) starts the reload and stands
    // r9; blue (D) charges g1; red stands r8 and has no unit left, so movement is over.
    const s = redA(game({ red: [g1, k1, { id: 'r9', figures: 20, at: [60, 40], facing: 0 }, { id: 'r8', figures: 20, at: [10, 40], facing: 0 }], blue: [{ id: 'b2', figures: 20, at: [30, 23.5], facing: 180, formation: 'column' }] }));
    run(s, [{ type: 'resupply', unit: 'k1', battery: 'g1' }, { type: 'stand', unit: 'r9' }, { type: 'charge', unit: 'b2', target: 'g1' }, { type: 'stand', unit: 'r8' }, { type: 'end-leaders' }, { type: 'end-leaders' }], undefined, events);
    expect(events.some((e) => e.type === 'resupply-failed' && e.battery === 'g1')).toBe(true);
    expect(events.some((e) => e.type === 'resupplied')).toBe(false);
  });
});

describe('Caissons: taken when charged, fired on by infantry and artillery only', () => {
  it('a caisson charged by infantry is captured and destroyed outright: no morale check, no die', () => {
    const events: GameEvent[] = [];
    // b2's column faces north 4.8" behind the caisson (its front edge at y 37.25, the caisson's rear at 32.45).
    let s = blueA(game({ blue: [{ id: 'b2', figures: 20, at: [30, 38], facing: 0, formation: 'column' }] }));
    s = run(s, [{ type: 'charge', unit: 'b2', target: 'k1' }]);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [], events);
    expect(events.find((e) => e.type === 'caisson-captured')).toMatchObject({ unit: 'k1', by: 'b2' });
    expect(unitById(s, 'k1')!.status).toBe('eliminated');
    expect(unitById(s, 'b2')!.fatigue).toBe(0);
  });

  it('cavalry carbines may not fire at a caisson (the text names infantry and artillery)', () => {
    const s = blueA(game({ carbines: true, blue: [{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 35], facing: 0, formation: 'line' }] }));
    expect(fireCheck(s, unitById(s, 'c1')!, unitById(s, 'k1'), 1, false)).toMatchObject({ allowed: false, reason: expect.stringContaining('cavalry') });
  });
});
