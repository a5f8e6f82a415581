// Charges played through the real sequence of play and resolved in step 9, worked by hand from the seed first
// ('Resolving Close Actions' 1–9, 'Close action casualty chart', 'Melee Values', 'Enfilade Values', 'Cavalry Charges
// Against Infantry or Artillery', 'Cavalry Charges' 1–8, 'Morale Modifiers'; rules notes §11 "Close actions and
// cavalry charges", §13 "Close actions", "Wired to the real modules"). The game must price the fight exactly as
// `adc explain --assault` prices it from the same position (explain.ts): values, morale needs, casualty rows.
import { describe, expect, it } from 'vitest';
import type { NeAssaultExplanation } from '../../domain/engine-protocol.js';
import { explainScenario } from './explain.js';
import { begin, endLeaders, eventsOf, play, unit } from './flow-kit.js';
import { neScenario, valid } from './test-kit.js';

type Allowed = Extract<NeAssaultExplanation, { allowed: true }>;

function explainAssault(scenario: ReturnType<typeof valid>, attacker: string, target: string): Allowed {
  const a = explainScenario(scenario, { kind: 'assault', unit: attacker, target });
  if (!a.ok || !a.explanation.allowed) throw new Error('explain refused the assault');
  return a.explanation as Allowed;
}

// Red's column r1 (20 figures, 3 ranks, B16C40) at (30, 28) facing north; blue's line b1 (the same rating) at
// (30, 20) facing south. Footprints (notes §11): r1 column 7 figures in front × 3/8" = 2.625" wide, 1.5" deep, front
// edge y 27.25; b1 line 20 × 3/8" = 7.5" wide, 0.5" deep, front edge y 20.25. Gap 7" ≤ the column rate 8" (B): one
// charge reaches, straight ahead. No other unit on the table: nobody is supported, nobody outnumbered (20 v 20).
const infantryDuel = () =>
  valid(neScenario([{ id: 'r1', at: [30, 28], facing: 0, formation: 'column' }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'line' }]));

describe('an infantry charge resolved in step 9 (Resolving Close Actions; notes §13)', () => {
  // By hand. Enfilade: r1 7 × 2 = 14, b1 20 × 2 = 40 ≥ 2 × 14, so b1 takes +5. MV r1 40, b1 45.
  // Morale: b1 charged, 16 with no modifier (front, no friend, not outnumbered) → need 16; r1 closing → need 16.
  // Contact: r1's 7 front figures against a 7.5" face (20 of its 3/8" files) → 7: the chart's 7–8 column
  // (0, 2, 2, 4, 4, 6, 6 for rows 1–7). Neither side gets the cavalry or flank +1, so the winner reads die + 1:
  // ifWins [2, 2, 4, 4, 6, 6], ifLoses [0, 2, 2, 4, 4, 6], the same rows both ways.
  const expectExplain = (e: Allowed) => {
    expect(e.kind).toBe('close-action');
    expect(e.aspect).toBe('front');
    expect([e.attacker.enfilade, e.defender.enfilade]).toEqual([14, 40]);
    expect([e.attacker.value, e.defender.value]).toEqual([40, 45]);
    expect(e.defender.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['enfilade 5']);
    expect([e.defender.morale.need, e.attacker.morale.need]).toEqual([16, 16]);
    expect(e.contactFigures).toBe(7);
    const rows = { ifWins: [2, 2, 4, 4, 6, 6], ifLoses: [0, 2, 2, 4, 4, 6] };
    expect(e.casualties).toEqual({ attackerInflicts: rows, defenderInflicts: rows });
  };

  const toStepNine = () => {
    // Red is side A; r1 charges first. b1 had not moved: it is held with a stand marker ('Close Actions'), so blue
    // has nothing left to move and movement ends; both sides end their leader moves; step 9 opens.
    const s = begin(infantryDuel(), 'A');
    return play(s, [{ type: 'charge', unit: 'r1', target: 'b1' }, ...endLeaders], [15]);
  };

  it('the charge brings r1 into contact, b1 passes its check (d20 15 ≤ 16) and is asked for its defence', () => {
    const e = explainAssault(infantryDuel(), 'r1', 'b1');
    expectExplain(e);
    const { state, events } = toStepNine();
    expect(state.phase).toBe('defend');
    const check = eventsOf(events, 'morale')[0]!;
    expect(check).toMatchObject({ unit: 'b1', why: 'charged', need: e.defender.morale.need, roll: 15, pass: true });
    // r1 stands squared on b1's front edge: its own front edge at y 20.25.
    const r1 = unit(state, 'r1');
    expect(r1.y - 0.75).toBeCloseTo(20.25, 6);
    expect(r1.x).toBeCloseTo(30, 6);
  });

  it('the charger wins: d6 6 × 40 = 240 beats 2 × 45 = 90; casualty dice 3 and 3 give b1 4 and r1 2; b1 retreats', () => {
    const e = explainAssault(infantryDuel(), 'r1', 'b1');
    const y0 = unit(toStepNine().state, 'b1').y;
    // Dice after the defence "none": r1's check to close 10 (≤ 16, it closes); melee 6 (r1) and 2 (b1); casualties
    // rolled by r1 on its winning row: die 3 → 4; by b1 on its losing row: die 3 → 2. b1, the loser, checks again
    // ('Resolving Close Actions' 8): 16, −2 below strength (4 figures lost: −1 per two) → 14; d20 10 passes, so it
    // retreats as normal: 10" (infantry, one action per 10"), reform die 4 → 2 actions; recovery 1 + 2 = 3.
    const { state, events } = play(toStepNine().state, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 6, 2, 3, 3, 10, 4]);
    const [closing, loser] = eventsOf(events, 'morale');
    expect(closing).toMatchObject({ unit: 'r1', why: 'closing', need: e.attacker.morale.need, roll: 10, pass: true });
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [e.attacker.value, e.defender.value], rolls: [6, 2], totals: [240, 90], winner: 'charger' });
    expect(eventsOf(events, 'close-casualties')[0]).toMatchObject({ onTarget: e.casualties.attackerInflicts.ifWins[2], onCharger: e.casualties.defenderInflicts.ifLoses[2] });
    expect(loser).toMatchObject({ unit: 'b1', need: 14, roll: 10, pass: true });
    const b1 = unit(state, 'b1');
    const r1 = unit(state, 'r1');
    expect([b1.figures, r1.figures]).toEqual([16, 18]);
    expect(b1.status).toBe('retreat');
    expect(b1.retreatActions).toBe(3);
    // Directly away from r1, the only enemy: north, 10".
    expect(y0 - b1.y).toBeCloseTo(10, 6);
    // 'Resolving Close Actions' 9: both sides one fatigue level up.
    expect([r1.fatigue, b1.fatigue]).toEqual([1, 1]);
    expect(r1.status).toBe('table');
  });

  it('the defender wins: 1 × 40 = 40 against 4 × 45 = 180; r1 loses 6, fails its check (+2 as the losing charger) and routs', () => {
    const e = explainAssault(infantryDuel(), 'r1', 'b1');
    // Melee 1 and 4; r1 rolls 5 on its losing row → 4 on b1; b1 rolls 6 on its winning row → 6 on r1. r1's check as
    // the loser: 16, −3 below strength (6 lost), +2 as the losing charger → 15; d20 16 fails: it routs (step 8), off
    // the table, rolling no reform die.
    const { state, events } = play(toStepNine().state, [{ type: 'defend', unit: 'b1', choice: 'none' }], [10, 1, 4, 5, 6, 16]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [e.attacker.value, e.defender.value], totals: [40, 180], winner: 'defender' });
    expect(eventsOf(events, 'close-casualties')[0]).toMatchObject({ onTarget: e.casualties.attackerInflicts.ifLoses[4], onCharger: e.casualties.defenderInflicts.ifWins[5] });
    expect(eventsOf(events, 'morale')[1]).toMatchObject({ unit: 'r1', need: 15, roll: 16, pass: false });
    expect(unit(state, 'r1').status).toBe('routed');
    expect(unit(state, 'r1').figures).toBe(14);
    const b1 = unit(state, 'b1');
    expect([b1.figures, b1.status, b1.fatigue]).toEqual([16, 'table', 1]);
  });

  it('the charger that will not close (d20 17 > 16) retreats, and infantry keeps its fatigue (step 5)', () => {
    const { state, events } = play(toStepNine().state, [{ type: 'defend', unit: 'b1', choice: 'none' }], [17, 2]);
    expect(eventsOf(events, 'melee')).toHaveLength(0);
    const r1 = unit(state, 'r1');
    // Reform die 2 → 1 action, + 10" → 1 action.
    expect([r1.status, r1.retreatActions, r1.fatigue]).toEqual(['retreat', 2, 0]);
    expect(unit(state, 'b1').fatigue).toBe(0);
  });
});

// Red's medium cavalry c1 (12 figures, B16C40) in line at (30, 30) facing north: 9" wide, 1" deep, front edge y 29.5.
// Blue's column b1 (20 figures) at (30, 20) facing south: 2.625" wide, 1.5" deep, front edge y 20.75. Gap 8.75" ≤ 13".
const cavalryOnColumn = () =>
  valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 30], facing: 0 }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'column' }]));

describe('a cavalry ride-down resolved in step 9 (Cavalry Charges 1–8; notes §11, §13)', () => {
  // By hand. No melee roll. b1 charged: 16 − 3 (a column charged by cavalry) → 13 (20 figures are not twice 12).
  // c1 to close: 16. Contact: b1's 2.625" face holds ceil(2.625 / 0.75) = 4 of c1's files. A column is no line, so it
  // is ridden down: 12 / 2 = 6 casualties, and c1 loses 1 since b1 had 6 or more figures.
  it('explain prices it as a ride-down, and the game takes those numbers: 6 on b1, 1 on c1, b1 retreats', () => {
    const sc = cavalryOnColumn();
    const e = explainAssault(sc, 'c1', 'b1');
    expect(e.kind).toBe('cavalry-charge');
    expect(e.rideDown).toBe(true);
    expect(e.contactFigures).toBe(4);
    expect(e.casualties).toEqual({ rideDown: 6, cavalryLoses: 1 });
    expect(e.defender.morale.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['line-or-column-charged-by-cavalry -3']);
    expect([e.defender.morale.need, e.attacker.morale.need]).toEqual([13, 16]);

    const s = begin(sc, 'A');
    const y0 = unit(s, 'b1').y;
    // Dice: b1's check when charged 13 (= need, passes); its defence "none" (facing or square is not open: the
    // cavalry came 8.75" ≤ 10"); c1 closes on 16; ridden down. b1 checks again (step 7): 16, −3 below strength
    // (6 lost), −1 ridden down → 12; d20 12 passes: it retreats as normal, 10" north; reform die 4, +1 ridden down
    // = 5 → 3 actions; recovery 1 + 3 = 4. Both sides one fatigue level up (step 8).
    const { state, events } = play(s, [{ type: 'charge', unit: 'c1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }], [13, 16, 12, 4]);
    const checks = eventsOf(events, 'morale');
    expect(checks.map((c) => [c.unit, c.need, c.pass])).toEqual([
      ['b1', e.defender.morale.need, true],
      ['c1', e.attacker.morale.need, true],
      ['b1', 12, true],
    ]);
    expect(eventsOf(events, 'ride-down')[0]).toMatchObject({ casualties: e.casualties.rideDown, cavalryLoses: e.casualties.cavalryLoses });
    const b1 = unit(state, 'b1');
    const c1 = unit(state, 'c1');
    expect([b1.figures, c1.figures]).toEqual([14, 11]);
    expect([b1.status, b1.retreatActions]).toEqual(['retreat', 4]);
    expect(y0 - b1.y).toBeCloseTo(10, 6);
    expect([b1.fatigue, c1.fatigue]).toEqual([1, 1]);
  });

  it('a defender that breaks when charged is ridden down at once, and its second check failing routs it (steps 2, 7)', () => {
    // b1's d20 14 > 13 fails: ride-down without c1 checking to close. Second check 12 (as above), d20 13 fails: rout.
    const s = begin(cavalryOnColumn(), 'A');
    const { state, events } = play(s, [{ type: 'charge', unit: 'c1', target: 'b1' }, ...endLeaders], [14, 13]);
    expect(eventsOf(events, 'morale').map((c) => [c.unit, c.need, c.roll, c.pass])).toEqual([
      ['b1', 13, 14, false],
      ['b1', 12, 13, false],
    ]);
    expect(unit(state, 'b1')).toMatchObject({ status: 'routed', figures: 14 });
    expect(unit(state, 'c1')).toMatchObject({ figures: 11, fatigue: 1 });
  });
});

// 'Multiple Unit Actions' Example-1 on the table. Blue's line s1 (20 figures) at (36, 24) facing north: x 32.25–39.75,
// y 23.75–24.25. Red's line p1 (12 figures, 4.5" wide) at (36, 19) facing south, 4.5" off s1's front; red's column
// p2 (20) at (26, 24) facing east, 5.5" off s1's west flank. Both charge: p1 squares on the front (x 33.75–38.25,
// y 23.25–23.75), p2 on the flank (x 30.75–32.25, y 22.69–25.31); they stand 1.5" apart.
const exampleOne = () =>
  valid(
    neScenario(
      [
        { id: 'p1', figures: 12, at: [36, 19], facing: 180 },
        { id: 'p2', at: [26, 24], facing: 90, formation: 'column' },
      ],
      [{ id: 's1', at: [36, 24], facing: 0 }],
    ),
  );

describe('two chargers on one defender (Multiple Unit Actions, Example-1; notes §13)', () => {
  it('s1 checks once and rolls one die against both; both fights are priced before either result: it loses to p1 and beats p2', () => {
    // s1 charged: once, answering both charges: 16 − 4 (p2 strikes its flank); 32 figures against its 20 are not
    // twice as many: 12 → d20 10 passes; held, its defence is none. p1 closes at 16 + 1 (p2 within 4")
    // = 17 → d20 5; p2 at 16 + 1 (p1) + 1 (charging a flank) = 18 → d20 5.
    // MV: p1 40 (enfilade 24 v 40: neither twice the other); p2 40 + 10 (flank) = 50; s1 40 against both (no front
    // rank on the flank). Dice as in the example: p1 4 → 160, s1 3 → 120 against each, p2 2 → 100.
    // Contact: p1's 12 front figures (9+ column: 2, 2, 4, 4, 4, 6, 6); p2's 7 capped by the 0.5" flank face at
    // ceil(0.5 / 0.375) = 2 (1–2 column: 0, 0, 0, 0, 2, 2, 2). p1 wins, its die 3 + 1 → row 4 → 4 on s1; s1 loses to
    // p1, its die 2 → row 2 → 2 on p1. p2 loses, its die 4 + 1 (flank) → row 5 → 2 on s1; s1 wins against p2, its die
    // 5 + 1 → row 6 → 2 on p2. s1 lost to p1: it checks at 16 − 3 (6 lost) = 13, d20 10, retreats (reform die 2).
    // p2 lost: 16 − 1 (2 lost) + 1 (p1 within 4") + 2 (losing charger) = 18, d20 12, retreats (reform die 3).
    const s = begin(exampleOne(), 'A');
    const { state, events } = play(
      s,
      [{ type: 'charge', unit: 'p1', target: 's1' }, { type: 'charge', unit: 'p2', target: 's1' }, ...endLeaders, { type: 'defend', unit: 's1', choice: 'none' }],
      [10, 5, 5, 4, 3, 3, 2, 2, 4, 5, 10, 2, 12, 3],
    );
    expect(eventsOf(events, 'morale').map((e) => [e.unit, e.why, e.need, e.pass])).toEqual([
      ['s1', 'charged', 12, true],
      ['p1', 'closing', 17, true],
      ['p2', 'closing', 18, true],
      ['s1', 'lost the close action', 13, true],
      ['p2', 'lost the close action', 18, true],
    ]);
    expect(eventsOf(events, 'melee').map((e) => [e.charger, e.values, e.rolls, e.totals, e.winner])).toEqual([
      ['p1', [40, 40], [4, 3], [160, 120], 'charger'],
      ['p2', [50, 40], [2, 3], [100, 120], 'defender'],
    ]);
    expect(eventsOf(events, 'close-casualties').map((e) => [e.charger, e.onTarget, e.onCharger])).toEqual([
      ['p1', 4, 2],
      ['p2', 2, 2],
    ]);
    expect(unit(state, 's1')).toMatchObject({ figures: 14, status: 'retreat', fatigue: 1 });
    expect(unit(state, 'p1')).toMatchObject({ figures: 10, status: 'table', fatigue: 1 });
    expect(unit(state, 'p2')).toMatchObject({ figures: 18, status: 'retreat', fatigue: 1 });
  });
});

// Blue's line b1 (20 figures) at (30, 20) facing south, front edge y 20.25. Red's medium cavalry c1 (12 figures) in
// line at (30, 31), facing north (or 10° off it), front edge about y 30.5: a charge of about 10.25".
const wheelAndCharge = (facing: number) =>
  valid(neScenario([{ id: 'c1', arm: 'cavalry', figures: 12, at: [30, 31], facing }], [{ id: 'b1', at: [30, 20], facing: 180 }]));

describe('the reaction distance of a cavalry charge (Cavalry Charges 4; notes §13)', () => {
  // b1 charged by cavalry: 16 − 3 (a line charged by cavalry) = 13, d20 5 passes; held, it may defend. The cavalry
  // came more than 10", so b1 may form square: a morale check, +2 when the cavalry charged from 16" or more.
  // Square formed, c1 closes (16, d20 5) and the charge fails against the square: c1 retreats (reform die 2).
  // (This case first showed the square reaching 0.69" into the cavalry it had formed against — the cavalry then
  // found itself "surrounded" and rallied in place; close-actions.ts now stands the square back.)
  const squareCheck = (s: ReturnType<typeof begin>, roll: number) =>
    play(s, [{ type: 'charge', unit: 'c1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'square' }], [5, roll, 5, 2]);

  it('straight in from 10.25": forming square checks at the bare 16', () => {
    const { state, events } = squareCheck(begin(wheelAndCharge(0), 'A'), 10);
    expect(eventsOf(events, 'morale')[1]).toMatchObject({ unit: 'b1', why: 'forming square', need: 16, pass: true });
    expect(unit(state, 'b1').formation).toBe('square');
    expect(eventsOf(events, 'charge-fails')).toHaveLength(1);
    // The square (1.875" a side) is deeper than the line was: it stands back from c1 instead of on it, and c1's way
    // out is clear: 12" back, reform die 2 + 1 (cavalry) → 2 actions, + 1 for the distance.
    expect(eventsOf(events, 'surrounded')).toHaveLength(0);
    expect(unit(state, 'c1')).toMatchObject({ status: 'retreat', retreatActions: 3 });
  });

  it('wheeling 10° first adds 10" (20.25" ≥ 16"): forming square gets +2, 18, and a d20 17 passes', () => {
    // The wheel of 10° is free for a line ('Facing Changes'), but it is a change of facing before the charge.
    const s = play(begin(wheelAndCharge(10), 'A'), [{ type: 'move', unit: 'c1', to: [30, 31], facing: 0 }]).state;
    const { state, events } = squareCheck(s, 17);
    expect(eventsOf(events, 'morale')[1]).toMatchObject({ unit: 'b1', why: 'forming square', need: 18, roll: 17, pass: true });
    expect(eventsOf(events, 'morale')[1]!.modifiers).toContain('charger-came-far');
    expect(unit(state, 'b1').formation).toBe('square');
    expect(unit(state, 'c1').status).toBe('retreat');
  });
});

describe('equal totals (Ties; notes §13)', () => {
  // r1 column (MV 45) at (30, 28) facing north charges b1 (MV 40) 7" off, as in the first duel: b1 in line takes
  // +5 enfilade (40 v 14), so both stand at 45. Checks: b1 16 → d20 10; r1 16 → d20 10.
  it('the higher unmodified value wins, and both read the losing rows for casualties', () => {
    const sc = valid(neScenario([{ id: 'r1', rating: 'B16C45', at: [30, 28], facing: 0, formation: 'column' }], [{ id: 'b1', at: [30, 20], facing: 180 }]));
    // Melee 3 × 45 = 135 each: r1 wins on its base 45 > 40. Losing rows (7–8 column, 0, 2, 2, 4, 4, 6): r1's die 4
    // → 4 on b1, b1's die 3 → 2 on r1. b1 lost: 16 − 2 (4 lost) = 14, d20 10, retreats (reform die 4).
    const { state, events } = play(begin(sc, 'A'), [{ type: 'charge', unit: 'r1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }], [10, 10, 3, 3, 4, 3, 10, 4]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [45, 45], totals: [135, 135], winner: 'charger' });
    expect(eventsOf(events, 'close-casualties')[0]).toMatchObject({ onTarget: 4, onCharger: 2 });
    expect(unit(state, 'b1')).toMatchObject({ status: 'retreat', figures: 16 });
    expect(unit(state, 'r1')).toMatchObject({ status: 'table', figures: 18 });
  });

  it('equal base values too: nobody wins, no casualties, both stay, and the fight is rolled again in the next period', () => {
    // Both columns: enfilade 14 v 14, values 40 v 40; melee 3 and 3.
    const sc = valid(neScenario([{ id: 'r1', at: [30, 28], facing: 0, formation: 'column' }], [{ id: 'b1', at: [30, 20], facing: 180, formation: 'column' }]));
    const { state, events } = play(begin(sc, 'A'), [{ type: 'charge', unit: 'r1', target: 'b1' }, ...endLeaders, { type: 'defend', unit: 'b1', choice: 'none' }], [10, 10, 3, 3]);
    expect(eventsOf(events, 'melee')[0]).toMatchObject({ values: [40, 40], winner: 'again' });
    expect(eventsOf(events, 'fought-again')).toHaveLength(1);
    expect([unit(state, 'r1').figures, unit(state, 'b1').figures, unit(state, 'r1').status, unit(state, 'b1').status]).toEqual([20, 20, 'table', 'table']);
    // Period 2: both are held in the fight, so nobody has a unit to move; in step 9 only the melee is rolled again
    // (no check, no defence, no closing): 4 × 40 = 160 v 2 × 40 = 80, r1 wins; casualties 7–8 column, r1's die 3 on
    // its winning row → 4, b1's die 3 on its losing row → 2; b1 checks at 16 − 2 = 14, d20 10, retreats (die 4).
    const next = play(state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }, ...endLeaders], [4, 2, 3, 3, 10, 4]);
    expect(eventsOf(next.events, 'morale').map((e) => [e.unit, e.why])).toEqual([['b1', 'lost the close action']]);
    expect(eventsOf(next.events, 'melee')[0]).toMatchObject({ totals: [160, 80], winner: 'charger' });
    expect(unit(next.state, 'b1')).toMatchObject({ status: 'retreat', figures: 16 });
    expect(unit(next.state, 'r1')).toMatchObject({ status: 'table', figures: 18, fatigue: 1 });
  });
});
