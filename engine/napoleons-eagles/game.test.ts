// The sequence of play on the real engine: seeded random games on the bundled samples keep the table's invariants
// and replay from their logs, and rules cases worked by hand from the seed (headings cited; rules notes §13).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import type { Scenario } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { rectOf } from './footprint.js';
import { rectsOverlap } from './geometry.js';
import { applyAction, startGame, type Action } from './game.js';
import { fixedNeDice } from './dice.js';
import { napoleonsEaglesEngine as engine } from './engine.js';
import { onTable, unitById, type NeGameState } from './state.js';
import { neScenario, valid } from './test-kit.js';
import { explainNe } from './explain.js';
import type { NeFireExplanation } from '../../domain/engine-protocol.js';

const samples = readdirSync('scenarios')
  .filter((f) => f.endsWith('.scenario.json'))
  .map((f) => parseDocument(readFileSync(`scenarios/${f}`, 'utf8')))
  .flatMap((r) => (r.ok ? [r.document as Scenario] : []))
  .filter((s) => s.ruleSystem === 'napoleons-eagles');

/** Units never leave the table and never overlap, from the set-up on: every sample sets up clear (rules notes §11). */
function invariants(s: NeGameState): void {
  const here = s.units.filter((u) => onTable(u));
  for (const u of here) {
    expect(u.figures, u.id).toBeGreaterThanOrEqual(0);
    const r = rectOf(u, s.table);
    // Rectangles stay on the table (a hair of rounding allowed).
    const c = Math.abs(Math.cos((u.facing * Math.PI) / 180));
    const sn = Math.abs(Math.sin((u.facing * Math.PI) / 180));
    const hx = (r.width * c + r.depth * sn) / 2;
    const hy = (r.width * sn + r.depth * c) / 2;
    expect(u.x - hx, u.id).toBeGreaterThanOrEqual(-1e-6);
    expect(u.y - hy, u.id).toBeGreaterThanOrEqual(-1e-6);
    expect(u.x + hx, u.id).toBeLessThanOrEqual(s.table.width + 1e-6);
    expect(u.y + hy, u.id).toBeLessThanOrEqual(s.table.height + 1e-6);
  }
  for (let i = 0; i < here.length; i++) for (let j = i + 1; j < here.length; j++) expect(rectsOverlap(rectOf(here[i]!, s.table), rectOf(here[j]!, s.table)), `${here[i]!.id} on ${here[j]!.id}`).toBe(false);
}

describe('random against random on the bundled Napoleon\'s Eagles samples', () => {
  it('has at least one sample', () => expect(samples.length).toBeGreaterThan(0));
  for (const scenario of samples) {
    for (const seed of [1, 2, 3, 4]) {
      it(`${scenario.id}, seed ${seed}: ends within its turn limit with a result, keeps the table's invariants, replays byte for byte`, () => {
        const game = playGame(engine, scenario, { seed, red: 'random', blue: 'random', log: true });
        const end = game.state as NeGameState;
        expect(end.phase).toBe('over');
        expect(game.result.turns).toBeLessThanOrEqual(end.table.turnLimit);
        expect(['red', 'blue', 'draw']).toContain(game.result.winner);
        const text = game.log!.join('\n') + '\n';
        const replay = engine.replayLog(scenario, text);
        invariants(replay.start.state);
        for (const { out } of replay.actions) invariants(out.state);
        expect(JSON.stringify(replay.state)).toBe(JSON.stringify(end));
        const again = playGame(engine, scenario, { seed, red: 'random', blue: 'random', log: true });
        expect(again.log!.join('\n') + '\n').toBe(text);
      }, 120_000);
    }
  }
});

// Two battalions facing each other 6" apart; red bids first (turns.first), ratio 2:1.
const duel = () =>
  valid(
    neScenario(
      [{ id: 'r1', at: [30, 28], facing: 0, formation: 'column' }, { id: 'r2', at: [40, 30], facing: 0, formation: 'column' }, { id: 'r3', at: [46, 30], facing: 0, formation: 'column' }],
      [{ id: 'b1', at: [30, 20], facing: 180, formation: 'line' }],
    ),
  );

function run(s: NeGameState, actions: Action[], dice?: number[]): NeGameState {
  let state = s;
  const fixed = dice ? fixedNeDice(dice) : undefined;
  for (const a of actions) state = applyAction(state, a, fixed ? () => fixed : undefined).state;
  return state;
}

describe('rules worked by hand', () => {
  it('Sequence of Play step 2: equal bids tie, the d6s decide (blue 5 beats red 2), both bids are spent', () => {
    const s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 4 }, { type: 'bid', points: 4 }], [2, 5]);
    expect(s.phase).toBe('choose');
    expect(s.active).toBe(1);
    expect(s.order.points).toEqual([16, 16]);
  });

  it('Movement Order: side A may not finish before it has moved half its units (3 on the table: 2)', () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
    expect(s.order.a).toBe(0);
    expect(() => applyAction(s, { type: 'finish' })).toThrow(/moved 0 of its 3 units; it must move at least half \(2\)/);
    s = run(s, [{ type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'r3' }]);
    // Blue's step (1 unit) comes between.
    expect(s.active).toBe(1);
    s = run(s, [{ type: 'stand', unit: 'b1' }]);
    s = run(s, [{ type: 'finish' }]);
    expect(s.phase).toBe('leaders');
  });

  it('Important Terms, Actions: a unit never takes a third action', () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
    // A column moves 8" an action: two moves of 4" take half an action each, then 8" takes the second action.
    s = run(s, [{ type: 'move', unit: 'r2', to: [40, 26], facing: 0 }, { type: 'move', unit: 'r2', to: [40, 22], facing: 0 }]);
    expect(s.flow.r2!.used).toBe(1);
    s = run(s, [{ type: 'move', unit: 'r2', to: [40, 14], facing: 0 }]);
    expect(s.flow.r2!.used).toBe(2);
    // Both actions spent: with a force march still possible the activation stays open, but no third action is.
    expect(() => applyAction(s, { type: 'rest', unit: 'r2' })).toThrow(/used both its actions this period; a unit never takes a third/);
  });

  it('Stand Markers: a unit that kept an action gets a defence action when charged', () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'D' }]);
    // Red is A; blue (D) stands b1 after red's two units.
    s = run(s, [{ type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'r3' }, { type: 'stand', unit: 'b1' }]);
    expect(s.flow.b1!.stand).toBe(true);
    // r1 in column 10" from b1's line: one charge action brings it into contact.
    s = run(s, [{ type: 'charge', unit: 'r1', target: 'b1' }]);
    expect(s.closeActions).toHaveLength(1);
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [15]);
    // b1 passed its morale when charged (d20 15 ≤ 16 + 1 supported? no friend: 16) and now chooses its defence.
    expect(s.phase).toBe('defend');
    expect(engine.legalActions(s).map((a) => (a as { choice?: string }).choice)).toEqual(['fire', 'face', 'square', 'none']);
  });

  it('Fatigue Levels: both sides are one level more fatigued after a close action', () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'D' }]);
    s = run(s, [{ type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'r3' }, { type: 'stand', unit: 'b1' }, { type: 'charge', unit: 'r1', target: 'b1' }]);
    // Dice: b1's morale 10 (passes), defence none; r1 closes on 10; melee 6 v 1 (r1 wins), casualty dice 3, 3;
    // b1 checks as loser 1 (passes, retreats), reform die 4.
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }, { type: 'defend', unit: 'b1', choice: 'none' }], [10, 10, 6, 1, 3, 3, 1, 4, 1, 1, 1, 1, 1]);
    expect(unitById(s, 'r1')!.fatigue).toBe(1);
    expect(unitById(s, 'b1')!.fatigue).toBe(1);
    expect(unitById(s, 'b1')!.status).toBe('retreat');
  });

  it('Unit Morale Checks: a failed check retreats the unit at once, away from the enemy', () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 1 }, { type: 'bid', points: 5 }, { type: 'choose', role: 'D' }]);
    s = run(s, [{ type: 'stand', unit: 'r2' }, { type: 'stand', unit: 'r3' }, { type: 'stand', unit: 'b1' }, { type: 'charge', unit: 'r1', target: 'b1' }]);
    const { x: x0, y: y0 } = unitById(s, 'b1')!;
    // b1's d20 of 20 fails when charged ('Resolving Close Actions' 2): it retreats 10" ('Moving Retreating Units':
    // infantry, one action per 10"), away from the red battalions (notes §12: the mean bearing away from the enemies
    // within 24"), so northward; reform die 3 → 2 actions, + 10/10 = 1 action: 3 to recover.
    s = run(s, [{ type: 'end-leaders' }, { type: 'end-leaders' }], [20, 3, 1, 1, 1, 1, 1, 1, 1]);
    const b1 = unitById(s, 'b1')!;
    expect(b1.status).toBe('retreat');
    expect(Math.hypot(b1.x - x0, b1.y - y0)).toBeCloseTo(10, 5);
    expect(b1.y).toBeLessThan(y0 - 9);
    expect(b1.retreatActions).toBe(3);
  });

  it("Musket and Artillery Fire: a fire in the game takes the casualties explain lists for the die rolled", () => {
    let s = run(startGame(duel(), 1).state, [{ type: 'bid', points: 5 }, { type: 'bid', points: 1 }, { type: 'choose', role: 'A' }]);
    // r1's column front edge stands at y 27.25, b1's line (0.5" deep, facing south) reaches y 20.25: 7" is extreme
    // musket range (6–8", −5; notes §11), so the die's column is the die − 5 plus the rating's.
    const e = explainNe(s.table, s.units, s.leaders, { kind: 'fire', unit: 'r1', target: 'b1', actions: 1, assume: false, asPending: false });
    expect(e.ok).toBe(true);
    const fire = (e as { ok: true; explanation: NeFireExplanation }).explanation as Extract<NeFireExplanation, { allowed: true; casualtiesByRoll: number[] }>;
    expect(fire.range).toBeCloseTo(7, 5);
    expect(fire.modifiers.map((m) => m.id)).toContain('extreme-range');
    const before = unitById(s, 'b1')!.figures;
    for (const die of [6]) {
      s = run(s, [{ type: 'fire', unit: 'r1', target: 'b1', actions: 1 }], [die]);
      expect(before - unitById(s, 'b1')!.figures).toBe(fire.casualtiesByRoll[die - 1]);
    }
  });
});
