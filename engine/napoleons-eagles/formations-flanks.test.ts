// Formations and flanks in close actions (rules notes §15), worked by hand from the seed before the code ran:
// 'Refusing a Flank', a line charged by cavalry from outside its front ('Cavalry Charges Against Infantry or
// Artillery' step 3 and the ride-down examples), and screens pushed back ('Facing and Movement', skirmishers).
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import { fixedNeDice } from './dice.js';
import { rideDownByStart, shareInFrontArc } from './flank-ride-down.js';
import { napoleonsEaglesEngine } from './engine.js';
import { assaultSituation, type CavalryCharge } from './melee.js';
import { applyAction, startGame, type Action } from './game.js';
import { heading, type Rect } from './geometry.js';
import { unitById, type CloseAction, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';

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

/** The defence choices the sampler offers now. */
const engine = (s: NeGameState): string[] => napoleonsEaglesEngine.legalActions(s).map((a) => String((a as { choice?: string }).choice));

describe('Refusing a Flank', () => {
  // b1: a 20-figure 3-rank line facing north at (30, 24) (x 26.25–33.75). r1: a 12-figure column (1.5" × 1.5", 4 in
  // front) facing west at (40, 24), 5.5" off b1's right flank. b2, b3 and r2 stand far off so that red's step comes
  // between blue's (side A moves 2 units a step, D 1; movement ends when A has no unit left).
  const flank = () =>
    valid(
      neScenario(
        [{ id: 'r1', figures: 12, at: [40, 24], facing: 270, formation: 'column' }, { id: 'r2', at: [8, 44], facing: 0, formation: 'column' }],
        [{ id: 'b1', at: [30, 24], facing: 0, formation: 'line' }, { id: 'b2', at: [64, 44], facing: 0, formation: 'column' }, { id: 'b3', at: [70, 44], facing: 0, formation: 'column' }],
      ),
    );
  const blueA = () => run(startGame(flank(), 1).state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'A' }]);

  it('a refused right flank meets r1 face on: no +10, no −4, the refused 5 figures for enfilade and contact', () => {
    let s = run(blueA(), [{ type: 'refuse', unit: 'b1', flank: 'right' }, { type: 'stand', unit: 'b1' }, { type: 'stand', unit: 'b2' }, { type: 'charge', unit: 'r1', target: 'b1' }, { type: 'stand', unit: 'b3' }]);
    expect(s.refused).toEqual({ b1: 'right' });
    const events: GameEvent[] = [];
    // b1 checks at 16 with no flank penalty (d20 10), defends with nothing; r1 closes at 16, no +1 for the flank.
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [10], events);
    // Enfilade: r1 4 × 2 = 8 against the refused ceil(20/4) = 5 × 2 = 10: no bonus either way; values 40 v 40.
    // Melee 4 v 2: r1 wins. Contact min(4, ceil(5 × 0.375 / 0.375)) = 4 figures: the 3-4 column. r1's die 3 + 1
    // (winner) = 4 → 2 on b1; b1's die 3 → 0. b1 checks 16 − 1 (2 lost), d20 1: retreats, reform die 1.
    s = run(s, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 4, 2, 3, 3, 1, 1], events);
    expect([unitById(s, 'b1')!.figures, unitById(s, 'b1')!.status]).toEqual([18, 'retreat']);
    const charged = events.find((e) => e.type === 'morale' && e.unit === 'b1');
    expect(charged).toMatchObject({ need: 16 });
    expect(events.find((e) => e.type === 'melee')).toMatchObject({ values: [40, 40], winner: 'charger' });
    expect(events.find((e) => e.type === 'close-casualties')).toMatchObject({ onTarget: 2, onCharger: 0 });
  });

  it('without the refusal the same charge strikes the flank: 40 + 10 = 50 against 40, b1 checks at 16 − 4 = 12', () => {
    let s = run(blueA(), [{ type: 'stand', unit: 'b1' }, { type: 'stand', unit: 'b2' }, { type: 'charge', unit: 'r1', target: 'b1' }, { type: 'stand', unit: 'b3' }]);
    const events: GameEvent[] = [];
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [10], events);
    // Contact on the 0.5" flank face: ceil(0.5 / 0.375) = 2 figures (1-2 column); r1's die 3 + 1 + 1 (flank) = 5 → 2.
    s = run(s, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 4, 2, 3, 3, 1, 1], events);
    expect(unitById(s, 'b1')!.figures).toBe(18);
    expect(events.find((e) => e.type === 'morale' && e.unit === 'b1')).toMatchObject({ need: 12 });
    expect(events.find((e) => e.type === 'melee')).toMatchObject({ values: [50, 40] });
  });

  it('as a defence: b1 kept an action, is charged on the flank, checks (12), then refuses it (16) before r1 closes', () => {
    let s = run(blueA(), [{ type: 'stand', unit: 'b1' }, { type: 'stand', unit: 'b2' }, { type: 'charge', unit: 'r1', target: 'b1' }, { type: 'stand', unit: 'b3' }]);
    const events: GameEvent[] = [];
    // Charged on the flank: 16 − 4 = 12, d20 10 passes. The refusal is a formation change in defence: a plain check
    // at 16 (r1 spent one action before contact: no +2), d20 5 passes. Then as the refused case above: r1 closes at
    // 16 (10), 40 v 40, 4 v 2, casualty dice 3 and 3: 2 on b1; b1 checks at 15 (1) and retreats (reform die 1).
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [10], events);
    expect(engine(s)).toContain('refuse');
    s = run(s, [{ type: 'defend', unit: 'b1', choice: 'refuse' }], [5, 10, 4, 2, 3, 3, 1, 1], events);
    expect(events.filter((e) => e.type === 'morale').map((e) => [e.unit, e.why, e.need])).toEqual([
      ['b1', 'charged', 12],
      ['b1', 'refusing the flank', 16],
      ['r1', 'closing', 16],
      ['b1', 'lost the close action', 15],
    ]);
    expect(events.find((e) => e.type === 'melee')).toMatchObject({ values: [40, 40] });
    expect(unitById(s, 'b1')!.figures).toBe(18);
  });

  it('only a unit in line refuses, and only one flank', () => {
    const s = blueA();
    expect(() => applyAction(s, { type: 'refuse', unit: 'b2', flank: 'left' })).toThrow(/only a unit in line refuses a flank/);
    const once = run(s, [{ type: 'refuse', unit: 'b1', flank: 'left' }]);
    expect(() => applyAction(once, { type: 'refuse', unit: 'b1', flank: 'right' })).toThrow(/only one flank may be refused/);
  });
});

describe('Cavalry Charges: a line charged from outside its front arc', () => {
  // The line: 20 figures of 3-rank infantry (7.5" × 0.5") facing north at (30, 24); its front-right corner is
  // (33.75, 23.75), the arc's right edge the ray from there at 22.5° east of north. The cavalry: 8 figures (6" wide,
  // 1" deep) facing back along that ray (202.5°), its centre 10" out on it.
  const line: Rect = { centre: [30, 24], width: 7.5, depth: 0.5, facing: 0 };
  const [rx, ry] = heading(22.5);
  const onRay: [number, number] = [33.75 + rx * 10, 23.75 + ry * 10];
  const cav = (centre: [number, number]): Rect => ({ centre, width: 6, depth: 1, facing: 202.5 });

  it('centred on the arc edge, exactly half of it is outside: the line is ridden down whatever its frontage', () => {
    expect(shareInFrontArc(cav(onRay), line)).toBeCloseTo(0.5, 9);
  });

  it('moved 1" inside, 4 of its 6" width are in the arc (2/3): a front charge, the frontage rule decides', () => {
    // The inward normal of the ray (towards the line's centre line) is the heading 22.5° − 90°.
    const [nx, ny] = heading(22.5 - 90);
    expect(shareInFrontArc(cav([onRay[0] + nx, onRay[1] + ny]), line)).toBeCloseTo(4 / 6, 9);
  });
});

describe('Cavalry Charges: the ride-down decided by where the cavalry started', () => {
  // c1 (8 medium cavalry, 6" × 1") in contact with the front of b1 (20 figures of 3-rank line, 7.5" wide): 8 in
  // contact, and 20 ≥ ceil(1.5 × 8) = 12, so a front charge fails. Noted as started outside the front arc, it rides
  // b1 down; started inside, or once b1 has turned to face it, the frontage decides again.
  const contact = () => {
    const s = startGame(valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 8, at: [30, 23.25], facing: 180, formation: 'line' }], [{ id: 'b1', at: [30, 24], facing: 0, formation: 'line' }])), 1).state;
    const sit = assaultSituation({ table: s.table, units: s.units, leaders: s.leaders, attacker: unitById(s, 'c1')!, defender: unitById(s, 'b1')!, resolving: true }) as CavalryCharge;
    return { s, sit };
  };
  const declared = (inFront: boolean): CloseAction => ({ charger: 'c1', target: 'b1', aspect: 'front', contact: 'full', distance: 8, usedBefore: 1, stage: 'defended', fireHits: 0, start: { inFront, facing: 0 } });

  it('from outside: ridden down; from inside: the charge fails; after b1 faced: as priced', () => {
    const { s, sit } = contact();
    expect([sit.kind, sit.aspect, sit.contactFigures, sit.rideDown]).toEqual(['cavalry-charge', 'front', 8, false]);
    const c1 = unitById(s, 'c1')!;
    const b1 = unitById(s, 'b1')!;
    expect(rideDownByStart(s, declared(false), c1, b1, sit).rideDown).toBe(true);
    expect(rideDownByStart(s, declared(true), c1, b1, sit).rideDown).toBe(false);
    b1.facing = 10;
    expect(rideDownByStart(s, declared(false), c1, b1, sit).rideDown).toBe(false);
  });
});

describe('Facing and Movement: screens pushed back by formed infantry', () => {
  // r1: a 20-figure column (7 in front: 2.625" × 1.5") at (30, 30) facing north, front edge y 29.25. bs: a 6-figure
  // light screen (12" × 0.5") facing south at (30, 24), y 23.75–24.25. r1 moves 4.5" to (30, 25.5): its front edge at
  // 24.75 is 0.5" from the screen, so the screen steps back (north) by quarters of an inch until 2" clear: 1.5".
  it('the screen falls back 1.5" to stand 2" from the column', () => {
    const sc = valid(neScenario([{ id: 'r1', at: [30, 30], facing: 0, formation: 'column' }, { id: 'r2', at: [8, 44], facing: 0, formation: 'column' }], [{ id: 'bs', type: 'light', figures: 6, at: [30, 24], facing: 180, formation: 'skirmish' }]));
    const events: GameEvent[] = [];
    const s = run(startGame(sc, 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }, { type: 'move', unit: 'r1', to: [30, 25.5], facing: 0 }], undefined, events);
    expect(events.find((e) => e.type === 'pushed-back')).toMatchObject({ unit: 'bs', by: 'r1', to: [30, 22.5], gap: 2 });
    expect([unitById(s, 'bs')!.x, unitById(s, 'bs')!.y]).toEqual([30, 22.5]);
  });
});
