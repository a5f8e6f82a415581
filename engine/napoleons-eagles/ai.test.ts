// The Napoleon's Eagles AI's choices in small positions worked by hand from the rules (seed headings cited), and
// its strength against the random player on every bundled sample.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import type { Feature, Scenario } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { makeAi } from './ai.js';
import { accepted } from './ai-flow.js';
import { goalMoves } from './ai-moves.js';
import { routeDistance } from './ai-path.js';
import { actionScore, chargeScore, expectedFire } from './ai-score.js';
import { napoleonsEaglesEngine as engine } from './engine.js';
import { applyAction, startGame, type Action } from './game.js';
import { candidates } from './players.js';
import { unitById, type NeGameState } from './state.js';
import { neScenario, valid, type Spec } from './test-kit.js';

/** Red wins the bid (5 to 0) and takes A, so its first unit is the AI's to move. */
function redToMove(red: Spec[], blue: Spec[]): NeGameState {
  let s = startGame(valid(neScenario(red, blue)), 7).state;
  for (const a of [{ type: 'bid', points: 5 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }] as Action[]) s = applyAction(s, a).state;
  expect(s.phase).toBe('activate');
  expect(s.active).toBe(0);
  return s;
}

describe('the AI keeps infantry safe from cavalry (\'Infantry Squares\', \'Cavalry Charge Distance\')', () => {
  // Blue light cavalry faces south at (36, 18) in line (depth 1"); red infantry faces north at (36, 30) in line
  // (depth 0.5"). The gap is 12 − 0.5 − 0.25 = 11.25", inside light cavalry's 14" charge, and red lies straight
  // ahead of it. A square is never ridden down, so red forms square (one action) before anything else.
  it('forms square when enemy cavalry can reach it', () => {
    const s = redToMove([{ id: 'r-inf', at: [36, 30], facing: 0 }], [{ id: 'b-cav', arm: 'cavalry', type: 'light', figures: 12, at: [36, 18], facing: 180 }]);
    expect(makeAi(1).choose(s)).toEqual({ type: 'formation', unit: 'r-inf', formation: 'square' });
  });

  // The same cavalry 30" away (gap 29.25") cannot charge before red acts again: no square.
  it('does not form square when the cavalry is out of reach', () => {
    const s = redToMove([{ id: 'r-inf', at: [36, 42], facing: 0 }], [{ id: 'b-cav', arm: 'cavalry', type: 'light', figures: 12, at: [36, 12], facing: 180 }]);
    expect(makeAi(1).choose(s)).not.toEqual({ type: 'formation', unit: 'r-inf', formation: 'square' });
  });
});

describe('the AI does not charge at hopeless odds (\'Cavalry Charges\', notes §11 ride-down)', () => {
  // Red light cavalry, 8 figures in line (6" front), faces north at (36, 30); blue infantry, 24 figures of three
  // ranks in line (24 × 0.375 = 9" front), faces south at (36, 26). The cavalry strikes the front with all 8 front
  // figures; the line has 24 ≥ ceil(1.5 × 8) = 12 figures of frontage, so if it stands the charge fails and the
  // cavalry retreats. The charge is legal, and the AI leaves it alone.
  it('leaves a charge at a long line\'s front alone', () => {
    const s = redToMove([{ id: 'r-cav', arm: 'cavalry', type: 'light', figures: 8, at: [36, 30], facing: 0 }], [{ id: 'b-line', figures: 24, at: [36, 26], facing: 180 }]);
    expect(candidates(s).some((a) => a.type === 'charge' && a.target === 'b-line')).toBe(true);
    expect(chargeScore(s, unitById(s, 'r-cav')!, unitById(s, 'b-line')!)).toBeLessThan(0);
    expect(makeAi(1).choose(s).type).not.toBe('charge');
  });
});

describe('the AI fires at the nearer, hurt unit (\'Musket Firing Table\', notes §11)', () => {
  // Red line infantry, 20 figures, Fire C, faces north at (36, 30) (front edge y = 29.75, x 32.25 … 39.75). Blue A,
  // 12 figures left of 20, stands at (36, 27.5): 2" away, close range, no modifier: row 20, die + 0 gives 2, 2, 2,
  // 2, 2, 4 for 1 … 6, a mean of 2.333 for one action. Blue B, fresh, at (44, 24): 5.52" away, long range (−3),
  // die 1 … 6 reads −2 … 3: 0, 0, 0, 2, 2, 2, a mean of 1. Red's melee is poor (10 against 40), so a charge is no
  // better: it fires at A.
  it('picks the close, weakened target over the distant fresh one', () => {
    const s = redToMove([{ id: 'r-inf', at: [36, 30], facing: 0, rating: 'B16C10' }], [
      { id: 'b-a', at: [36, 27.5], facing: 180 },
      { id: 'b-b', at: [44, 24], facing: 180 },
    ]);
    unitById(s, 'b-a')!.figures = 12;
    const red = unitById(s, 'r-inf')!;
    expect(expectedFire(s, red, unitById(s, 'b-b')!, 1)).toBeCloseTo(1, 3);
    const a = makeAi(1).choose(s);
    expect(a.type).toBe('fire');
    expect(a.type === 'fire' && a.target).toBe('b-a');
  });
});

const samples = readdirSync('scenarios')
  .filter((f) => f.startsWith('ne-') && f.endsWith('.scenario.json'))
  .map((f) => parseDocument(readFileSync(`scenarios/${f}`, 'utf8')))
  .flatMap((r) => (r.ok ? [r.document as Scenario] : []))
  .filter((s) => s.ruleSystem === 'napoleons-eagles');

/** Games per seating per sample: enough that only a real regression drops the AI under the bound, few enough that
 * the test stays well inside CI's budget (a game takes one to three seconds on a shared machine). */
const GAMES = 8;
/** The goal: the AI wins at least this share from either seat. */
const BOUND = 0.8;

/**
 * Seatings where the AI does not yet win 80% against the random player (rules notes, "The AI", "The attackers'
 * seatings"), kept visible as skipped tests rather than weakened to pass. Empty since the attackers learnt to ford in
 * column, wheel to the run a charge needs and step round what blocks them, and ne-03's 108e came on turn 3.
 */
const NOT_YET = new Set<string>();

describe('the AI beats the random player on every bundled sample', () => {
  it('has samples', () => expect(samples.length).toBeGreaterThan(0));
  for (const scenario of samples) {
    for (const seat of ['red', 'blue'] as const) {
      (NOT_YET.has(`${scenario.id}/${seat}`) ? it.skip : it)(`${scenario.id}, AI as ${seat}: wins at least ${BOUND * 100}% of ${GAMES} seeded games`, () => {
        let wins = 0;
        for (let seed = 1; seed <= GAMES; seed++) {
          const game = playGame(engine, scenario, { seed, red: seat === 'red' ? 'ai' : 'random', blue: seat === 'blue' ? 'ai' : 'random' });
          if (game.result.winner === seat) wins++;
        }
        expect(wins / GAMES).toBeGreaterThanOrEqual(BOUND);
      }, 600_000);
    }
  }
});

describe("the AI answers a counter-charge offer ('Cavalry Counter Charges')", () => {
  it('plays through a game of ne-01 where its cavalry is offered a counter-charge, to a result', () => {
    // Seed 22 of ne-01 with the AI as the Prussians (red) is the first game in which the AI's cavalry is offered a
    // counter-charge (the log's phase reads "N:counter" on red's line; the seed moves whenever the rules or the AI
    // change the games); before the AI knew that decision it stopped there with "no decision in the counter phase".
    const plancenoit = samples.find((s) => s.id === 'ne-01-plancenoit')!;
    const game = playGame(engine, plancenoit, { seed: 22, red: 'ai', blue: 'random', log: true });
    expect(game.log!.some((line) => /"phase":"\d+:counter","side":"red"/.test(line))).toBe(true);
    expect(['red', 'blue', 'draw']).toContain(game.result.winner);
  }, 120_000);
});

describe("the AI goes round what it may not cross ('Terrain Effects on Movement', rules notes §12)", () => {
  // An unfordable brook runs north–south along x = 36 with one bridge at (36, 10). Red infantry in column at
  // (44, 30) faces west; blue stands at (20, 30) across the brook. Straight west the brook cannot be crossed; the way
  // is north to the bridge, √(8² + 20²) = 21.5" and then √(16² + 20²) = 25.6" on: the route measures about 47", not
  // the straight 24", and the best move the rules take heads north of west, towards the bridge.
  const brook: Feature[] = [
    { id: 'r-brook', kind: 'river', width: 1, fordable: false, path: [[36, 0], [36, 48]] } as unknown as Feature,
    { id: 'br-brook', kind: 'bridge', at: [36, 10], river: 'r-brook' } as unknown as Feature,
  ];
  it('measures the way by the bridge and moves towards it', () => {
    let s = startGame(valid(neScenario([{ id: 'r-inf', at: [44, 30], facing: 270, formation: 'column' }], [{ id: 'b-inf', at: [20, 30], facing: 90 }], brook)), 7).state;
    for (const a of [{ type: 'bid', points: 5 }, { type: 'bid', points: 0 }, { type: 'choose', role: 'A' }] as Action[]) s = applyAction(s, a).state;
    const red = unitById(s, 'r-inf')!;
    const viaBridge = Math.hypot(8, 20) + Math.hypot(16, 20);
    expect(routeDistance(s.table, red, [44, 30], [20, 30])).toBeGreaterThan(viaBridge - 3);
    // The moves the rules take (a step over the brook is refused, whatever it would gain).
    const moves = goalMoves(s, red, 2).filter((a) => a.type === 'move' && (a.to[0] !== red.x || a.to[1] !== red.y) && accepted(s, a));
    const best = moves.sort((a, b) => actionScore(s, b) - actionScore(s, a))[0];
    expect(best?.type === 'move' && best.to[1]).toBeLessThan(30);
    // A step straight west, along the row, gains nothing on the way round.
    expect(actionScore(s, { type: 'move', unit: 'r-inf', to: [40, 30], facing: 270 })).toBeLessThan(actionScore(s, best!));
  });
});

describe("the AI turns to charge ('Passing Through Another Unit': a charge runs straight ahead within 10°)", () => {
  // Red light cavalry, 8 figures in line (6" × 1"), faces north at (36, 30). Blue infantry, 12 figures in column
  // (ceil(12/3) = 4 front figures × 0.375 = 1.5" wide, 1.5" deep), faces north at (44, 30): due east, 90° off the
  // cavalry's front and 8 − 3 − 0.75 = 4.25" away, well inside light cavalry's 14". A column struck by cavalry is
  // ridden down unless it stands, and then only a square or a long enough line turns the charge ('Cavalry
  // Charges'), so the charge is worth making — but from the present facing the rules refuse it. The wheel to face
  // east is worth the charge it opens, and is the AI's move.
  it('prices the wheel by the charge it opens, and makes it', () => {
    const s = redToMove([{ id: 'r-cav', arm: 'cavalry', type: 'light', figures: 8, at: [36, 30], facing: 0 }], [{ id: 'b-col', figures: 12, formation: 'column', at: [44, 30], facing: 0 }]);
    const cav = unitById(s, 'r-cav')!;
    const charge = chargeScore(s, cav, unitById(s, 'b-col')!);
    expect(charge).toBeGreaterThan(0);
    expect(accepted(s, { type: 'charge', unit: 'r-cav', target: 'b-col' })).toBe(false);
    const wheel: Action = { type: 'move', unit: 'r-cav', to: [36, 30], facing: 90 };
    expect(actionScore(s, wheel)).toBeGreaterThan(0.5 * charge);
    const a = makeAi(1).choose(s);
    expect(a.type === 'move' && a.to[0] === 36 && a.to[1] === 30 && Math.abs(a.facing - 90) < 10).toBe(true);
  });
});
