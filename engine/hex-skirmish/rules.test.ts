// Hex Skirmish rules, situation by situation, each worked out by hand from seed 002 and the notes
// (docs/rules/hex-skirmish.md §7) before the engine was asked. Dice are fixed, so every roll is the one named.
// The map: flat hexes of 6" on a 64.1 × 51 table (12 columns A–L, 8 rows); C3 and C4 are neighbours in one column.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../domain/engine-protocol.js';
import type { Feature, Scenario, Unit } from '../../domain/model.js';
import { fixedDice } from '../dice.js';
import { applyAction, legalActions, pieceIndex, RulesError } from './game.js';
import { reach } from './movement.js';
import { startGame } from './setup.js';
import type { GameState, Piece } from './types.js';
import { totalVp } from './victory.js';

type Spec = { id: string; arm: Unit['arm']; type?: string; men: number; cell: string };

function scenario(red: Spec[], blue: Spec[], terrain: Feature[] = [], extra: Partial<Scenario> = {}): Scenario {
  const unit = (s: Spec): Unit => ({ id: s.id, name: s.id, arm: s.arm, type: s.type ?? (s.arm === 'artillery' ? 'foot' : s.arm === 'train' ? 'baggage' : 'line'), men: s.men, ratings: { 'hex-skirmish': { men: s.men } }, setup: { cell: s.cell, facing: 0 } });
  const side = (id: string, units: Spec[]) => ({ id, name: id, army: { id: `${id}-army`, name: id, echelon: 'brigade' as const, formations: [], units: units.map(unit) } });
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 'rules-case',
    title: 'Rules case',
    ruleSystem: 'hex-skirmish',
    table: { width: 64.1, height: 51 },
    grid: { kind: 'hex', cell: 6, orientation: 'flat' },
    terrain,
    sides: [side('red', red), side('blue', blue)],
    objectives: [],
    turns: { limit: 10, first: 'red' },
    victory: [{ kind: 'points' }],
    ...extra,
  };
}

/** The game as set up, with red to act in `phase`. */
function game(sc: Scenario, phase: GameState['phase']): GameState {
  const s = startGame(sc, 1).state;
  s.phase = phase;
  s.active = 0;
  return s;
}

const piece = (s: GameState, id: string): Piece => s.pieces[pieceIndex(s, id)]!;
const types = (events: GameEvent[]) => events.map((e) => e.type);
const woods = (...cells: string[]): Feature => ({ id: 'w', kind: 'woods', density: 'light', cells });
const fort = (...cells: string[]): Feature => ({ id: 'f', kind: 'fortification', cells });
const lake = (...cells: string[]): Feature => ({ id: 'l', kind: 'lake', cells });

describe('melee (Melee; Melee Result and Casualty tables)', () => {
  it('1:1, roll 1 = A, then 2 = surrender: both lose half the smaller force, the rest are taken, the winners advance', () => {
    // 10 against 10 in the open: the 1:1 row; half the smaller force is 5. Red keeps 5, blue loses 5 killed
    // (5 VP to red) and 5 captured (10 VP to red); red loses 5 killed (5 VP to blue). Red moves into C4.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 10, cell: 'C4' }]), 'melee');
    const out = applyAction(s, { type: 'melee', unit: 'r', target: 'b' }, fixedDice([1, 2]));
    const r = piece(out.state, 'r');
    const b = piece(out.state, 'b');
    expect([r.men, r.cell === out.state.board.names.indexOf('C4')]).toEqual([5, true]);
    expect([b.men, b.state, b.captor]).toEqual([5, 'prisoner', 0]);
    expect(out.state.vp).toEqual([15, 5]);
    expect(types(out.events)).toEqual(expect.arrayContaining(['melee', 'melee-fate', 'surrender', 'advance']));
  });

  it('2:1 row, roll 1 = V and 3 = rout: the winner loses nobody; the crew routs and leaves its cannon, which the advance takes with no more than 10 men', () => {
    // 12 against a cannon's 5 crew: 12/5 = 2.4, the 2:1 row; d6 1 = V. Half the smaller force: 2 crew die (2 VP),
    // 3 rout a hex away; the cannon stays. Red advances; a hex with a cannon holds 10 men, so 10 go and 2 stay.
    // Where the routers run: from C4, the hexes not next to red in C3 are D4, C5 and B4, all 2 from C3; of these B4
    // is nearest the map's edge (1 hex from the west edge, C5 2), so B4.
    // Capturing the cannon: 10 VP. Red: 12 VP; blue: 0.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 12, cell: 'C3' }], [{ id: 'g', arm: 'artillery', men: 5, cell: 'C4' }]), 'melee');
    const out = applyAction(s, { type: 'melee', unit: 'r', target: 'g' }, fixedDice([1, 3]));
    const st = out.state;
    const crew = piece(st, 'g');
    expect([crew.state, crew.men, crew.gun, st.board.names[crew.cell]]).toEqual(['routing', 3, false, 'B4']);
    expect(piece(st, 'g/cannon').status).toBe('captured');
    expect(piece(st, 'r').men).toBe(2);
    const forward = st.pieces.filter((p) => p.side === 0 && st.board.names[p.cell] === 'C4');
    expect(forward.map((p) => p.men)).toEqual([10]);
    expect(st.vp).toEqual([12, 0]);
  });

  it('slaughter (5–6): every loser dies, the officer last; the winner loses half the smaller force', () => {
    // Red 16 with no officer against blue 6 and an officer in the open: 16 : 7 = 2.29, the 2:1 row. d6 2 = H,
    // the larger wins. Fate 6: slaughter. Half the smaller force (7) is 3: red loses 3. Blue loses 6 men (6 VP) and
    // the officer (3 VP): red 9 VP, blue 3.
    const sc = scenario([{ id: 'r', arm: 'infantry', men: 16, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 6, cell: 'C4' }]);
    sc.sides[1].army.leader = { id: 'b-officer', name: 'Blue captain', setup: { cell: 'C4' } };
    const s = game(sc, 'melee');
    expect(piece(s, 'b').officer?.id).toBe('b-officer');
    const out = applyAction(s, { type: 'melee', unit: 'r', target: 'b' }, fixedDice([2, 6]));
    expect(piece(out.state, 'b').status).toBe('destroyed');
    expect(piece(out.state, 'r').men).toBe(13);
    expect(out.state.vp).toEqual([9, 3]);
  });

  it('stalemate (B): both lose half the smaller force, no casualty roll and no advance', () => {
    // 9 against 8 in the open: 1.125, the 1:1 row; d6 3 = B. Half of 8 is 4 each. Only one die is rolled.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 9, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 8, cell: 'C4' }]), 'melee');
    const dice = fixedDice([3]);
    const out = applyAction(s, { type: 'melee', unit: 'r', target: 'b' }, dice);
    expect(dice.remaining()).toBe(0);
    expect([piece(out.state, 'r').men, piece(out.state, 'b').men]).toEqual([5, 4]);
    expect(out.state.board.names[piece(out.state, 'r').cell]).toBe('C3');
    expect(out.state.vp).toEqual([4, 4]);
  });

  it('defenders in a fort count double, and a smaller force without an officer may not attack', () => {
    // 10 against 6 in a fort: 12 > 10, so red is the smaller force and has no officer.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 6, cell: 'C4' }], [fort('C4')]), 'melee');
    expect(() => applyAction(s, { type: 'melee', unit: 'r', target: 'b' })).toThrow(RulesError);
    expect(legalActions(s).filter((a) => a.type === 'melee')).toEqual([]);
  });

  it('a hex is attacked once per melee phase, and a formation attacks once', () => {
    // Two red formations of 10 next to blue 4 in C4 (r2 also next to blue 4 in E5): r1 attacks at 10:4 = 2.5
    // (2:1 row), d6 5 = B, a stalemate (2 each); then r2 may not attack C4 again, only E5.
    const s = game(
      scenario([{ id: 'r1', arm: 'infantry', men: 10, cell: 'C3' }, { id: 'r2', arm: 'infantry', men: 10, cell: 'D4' }], [{ id: 'b', arm: 'infantry', men: 4, cell: 'C4' }, { id: 'b2', arm: 'infantry', men: 4, cell: 'E5' }]),
      'melee',
    );
    const out = applyAction(s, { type: 'melee', unit: 'r1', target: 'b' }, fixedDice([5]));
    expect(piece(out.state, 'b').men).toBe(2);
    expect(legalActions(out.state)).toEqual([{ type: 'melee', unit: 'r2', target: 'b2' }, { type: 'end-phase' }]);
    expect(() => applyAction(out.state, { type: 'melee', unit: 'r2', target: 'b' })).toThrow(/already been attacked/);
  });
});

describe('cannon fire (Cannonade)', () => {
  it('a natural 6 always kills one, however low the total', () => {
    // Range 6 (−3), 3 men (−2), in woods (−1): total −6. A 6 gives 6 − 6 = 0, raised to 1.
    const s = game(scenario([{ id: 'g', arm: 'artillery', men: 5, cell: 'C1' }], [{ id: 'b', arm: 'infantry', men: 3, cell: 'C7' }], [woods('C7')]), 'cannonade');
    const out = applyAction(s, { type: 'fire', unit: 'g', target: 'b' }, fixedDice([6]));
    expect(piece(out.state, 'b').men).toBe(2);
    expect(out.events.find((e) => e.type === 'fire')).toMatchObject({ range: 6, roll: 6, modifier: -6, casualties: 1 });
  });

  it('firing over friends: indirect (−1), and on 1–2 of a second die the friends lose 1d6', () => {
    // Gun C2, friends C3, target 12 men C4 at range 2: total −1 (indirect). d6 4 → 3 casualties. Second die 2:
    // the friends are hit; third die 5 → 5 of them fall, scoring 5 VP for blue.
    const s = game(scenario([{ id: 'g', arm: 'artillery', men: 5, cell: 'C2' }, { id: 'f', arm: 'infantry', men: 8, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 12, cell: 'C4' }]), 'cannonade');
    const out = applyAction(s, { type: 'fire', unit: 'g', target: 'b' }, fixedDice([4, 2, 5]));
    expect([piece(out.state, 'b').men, piece(out.state, 'f').men]).toEqual([9, 3]);
    expect(out.state.vp).toEqual([3, 5]);
  });

  it('the officer is the last man killed', () => {
    // Range 1 (+1), 4 men (−2): total −1. A 6 kills 5: the 4 men and then the officer (4 + 3 = 7 VP).
    const sc = scenario([{ id: 'g', arm: 'artillery', men: 5, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 4, cell: 'C4' }]);
    sc.sides[1].army.leader = { id: 'b-officer', name: 'Blue captain', setup: { cell: 'C4' } };
    const out = applyAction(game(sc, 'cannonade'), { type: 'fire', unit: 'g', target: 'b' }, fixedDice([6]));
    expect(piece(out.state, 'b').status).toBe('destroyed');
    expect(out.state.vp).toEqual([7, 0]);
  });

  it('a cannon far from baggage runs out of ammunition after three of its turns, and baggage within 4 hexes refills it', () => {
    const sc = scenario([{ id: 'g', arm: 'artillery', men: 5, cell: 'C2' }, { id: 'w', arm: 'train', men: 2, cell: 'L8' }], [{ id: 'b', arm: 'infantry', men: 12, cell: 'C6' }]);
    let s = startGame(sc, 1).state;
    s.phase = 'melee';
    // Three red turns end with the baggage 9+ hexes away: 3 → 2 → 1 → 0.
    for (let k = 0; k < 3; k++) {
      s.active = 0;
      s.phase = 'melee';
      s = applyAction(s, { type: 'end-phase' }, fixedDice([], { d6: () => 1 })).state;
    }
    expect(piece(s, 'g').ammo).toBe(0);
    s.active = 0;
    s.phase = 'cannonade';
    expect(() => applyAction(s, { type: 'fire', unit: 'g', target: 'b' })).toThrow(/ammunition/);
    piece(s, 'w').cell = s.board.names.indexOf('C5');
    s.phase = 'melee';
    s = applyAction(s, { type: 'end-phase' }, fixedDice([], { d6: () => 1 })).state;
    expect(piece(s, 'g').ammo).toBe(3);
  });
});

describe('march (Unit table; Terrain)', () => {
  it('infantry moves one hex; cavalry two, but enters woods only with its whole move; nobody enters a lake', () => {
    const s = game(scenario([{ id: 'i', arm: 'infantry', men: 10, cell: 'E4' }, { id: 'c', arm: 'cavalry', type: 'light', men: 10, cell: 'H4' }], [{ id: 'b', arm: 'infantry', men: 5, cell: 'L8' }], [woods('H3'), lake('E3')]), 'march');
    const names = (pi: number) => [...reach(s, pi).entries()].map(([c, cost]) => `${s.board.names[c]}:${cost}`).sort();
    // E4 (even column): neighbours E3 (lake), F3, F4, E5, D4, D3.
    expect(names(pieceIndex(s, 'i'))).toEqual(['D3:1', 'D4:1', 'E5:1', 'F3:1', 'F4:1']);
    const cav = new Map([...reach(s, pieceIndex(s, 'c'))].map(([c, cost]) => [s.board.names[c]!, cost]));
    expect(cav.get('H3')).toBe(2); // woods next door: the whole move
    expect(cav.get('H2')).toBeUndefined(); // beyond the woods: no further
    expect(cav.get('H6')).toBe(2); // two clear hexes
  });

  it('entering a hex of routers takes them prisoner (2 VP a man)', () => {
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 4, cell: 'C4' }]), 'march');
    piece(s, 'b').state = 'routing';
    const out = applyAction(s, { type: 'move', unit: 'r', to: 'C4' });
    expect([piece(out.state, 'b').state, out.state.vp[0]]).toEqual(['prisoner', 8]);
  });

  it('a hex holds 20 men of a side, or 10 beside a cannon', () => {
    const s = game(scenario([{ id: 'a', arm: 'infantry', men: 12, cell: 'C3' }, { id: 'x', arm: 'infantry', men: 9, cell: 'C5' }, { id: 'g', arm: 'artillery', men: 4, cell: 'E4' }, { id: 'y', arm: 'infantry', men: 7, cell: 'E5' }], [{ id: 'b', arm: 'infantry', men: 5, cell: 'L8' }]), 'march');
    const to = (id: string) => new Set([...reach(s, pieceIndex(s, id)).keys()].map((c) => s.board.names[c]));
    expect(to('x').has('C4')).toBe(true);
    // 12 + 9 = 21 in C3: too many. 4 crew + 7 = 11 beside the cannon in E4: too many.
    expect(to('x').has('C3')).toBe(false);
    expect(to('y').has('E4')).toBe(false);
  });
});

describe('routers and the rally phase (Rally table)', () => {
  it('a router on the map edge runs off and is lost, scoring nothing', () => {
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 6, cell: 'L8' }]), 'melee');
    piece(s, 'b').state = 'routing';
    s.active = 1;
    const out = applyAction(s, { type: 'end-phase' }, fixedDice([], { d6: () => 1 }));
    expect(piece(out.state, 'b').status).toBe('lost');
    expect(out.state.vp).toEqual([0, 0]);
  });

  it('a friendly formation twice the routers\' size rallies them on a 3 (3 − 1 = 2): they are unarmed', () => {
    // Blue routers 4 at F4, blue 10 at F5 beside them; red far away. Rally die 3, −1 (friends twice as many) = 2.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'A1' }], [{ id: 'b', arm: 'infantry', men: 4, cell: 'F4' }, { id: 'f', arm: 'infantry', men: 10, cell: 'F5' }]), 'melee');
    piece(s, 'b').state = 'routing';
    s.active = 1;
    const out = applyAction(s, { type: 'end-phase' }, fixedDice([3], { d6: () => 1 }));
    expect(out.events.find((e) => e.type === 'rally')).toMatchObject({ roll: 3, score: 2, outcome: 'rallied' });
    expect(piece(out.state, 'b').state).toBe('unarmed');
  });

  it('on 5 or more the friendly formation panics and routs', () => {
    // Routers 10 at F4, friends 5 at F5: +1 (routers twice as many); die 4 → 5: panic.
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 10, cell: 'A1' }], [{ id: 'b', arm: 'infantry', men: 10, cell: 'F4' }, { id: 'f', arm: 'infantry', men: 5, cell: 'F5' }]), 'melee');
    piece(s, 'b').state = 'routing';
    s.active = 1;
    const out = applyAction(s, { type: 'end-phase' }, fixedDice([4], { d6: () => 1 }));
    expect(out.events.find((e) => e.type === 'rally')).toMatchObject({ score: 5, outcome: 'panic' });
    expect(piece(out.state, 'f').state).toBe('routing');
  });
});

describe('the end (VP table; victory)', () => {
  it('ends at once when a side has no men left who can fight or move, and the other wins on points', () => {
    const s = game(scenario([{ id: 'r', arm: 'infantry', men: 16, cell: 'C3' }], [{ id: 'b', arm: 'infantry', men: 4, cell: 'C4' }]), 'melee');
    // 16:4, the 4:1 row; d6 1 = V; fate 5 = slaughter: 4 VP, no red losses.
    const out = applyAction(s, { type: 'melee', unit: 'r', target: 'b' }, fixedDice([1, 5]));
    expect(out.state.phase).toBe('over');
    expect(out.state.result).toMatchObject({ winner: 0, condition: 0 });
    expect(totalVp(out.state)).toEqual([4, 0]);
  });
});
