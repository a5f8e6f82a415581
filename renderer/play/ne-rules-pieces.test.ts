// The special rules in the play view's pure parts (rules notes §14, §15): the markers, the refused flank's edge, the
// smoke bank, the table's flanks, the building blocks, and the words for orders, refusals, caissons and fires.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesUnit, NapoleonsEaglesUnitRules, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import { viewUnit } from './ne-view-kit.js';
import { blocksOf, flankStrips, pieces, refusedEdge, smokeCorners, stillToMove, unitMarkers } from './ne-pieces.js';
import { describeNeEvent, divisionOrderWords, flankName, neActionLabel, neRulesLine } from './ne-words.js';

const unit = (over: Partial<NapoleonsEaglesUnit & NapoleonsEaglesUnitRules> = {}): NapoleonsEaglesUnit & NapoleonsEaglesUnitRules => ({
  ...viewUnit({ facing: 0, formation: 'line', width: 8, depth: 0.5, figures: 16, startFigures: 16 }),
  ...over,
});
const colours = { red: '#1c2841', blue: '#2a4a9e', draw: '#757575' };
const names = new Map([
  ['u1', 'I./15. IR'],
  ['u2', 'Garde-Batterie'],
  ['c1', 'Caisson'],
  ['blk', 'Church'],
  ['pr-div', 'von Hiller'],
]);
const r2 = (p: readonly number[]) => p.map((v) => Math.round(v * 100) / 100);

describe('markers of the special rules', () => {
  it('a refused left flank shows RL with its figures; out-of-control cavalry OOC', () => {
    const m = unitMarkers(unit({ refused: { flank: 'left', figures: 4 }, outOfControl: true }));
    expect(m.map((x) => x.text)).toEqual(['RL', 'OOC']);
    expect(m[0]!.title).toContain('4 figures');
  });

  it('a carried fight, a caisson at work and troops at a fire are read from the view', () => {
    const rules = { carried: [{ charger: 'x', target: 'u1' }], resupply: [{ caisson: 'c1', battery: 'u1' }], fireWork: [{ unit: 'u1', task: 'start' as const, block: 'blk' }] };
    expect(unitMarkers(unit(), rules).map((x) => x.kind)).toEqual(['fought-again', 'resupply', 'fire-work']);
    expect(unitMarkers(unit({ id: 'c1' }), rules).map((x) => x.title)).toEqual(['reloading a battery this period']);
  });

  it('a piece carries its refused flank for the map', () => {
    expect(pieces([unit({ refused: { flank: 'right', figures: 4 } })], colours)[0]!.refused).toBe('right');
    expect(pieces([unit()], colours)[0]!.refused).toBeNull();
  });
});

describe('shapes on the table', () => {
  it('the refused edge of a line 8" wide facing north at (10, 10): from its right front corner (14, 9.75) 2" back', () => {
    const base = { at: [10, 10] as [number, number], facing: 0, width: 8, depth: 0.5 };
    expect(refusedEdge(base, 'right', 0.25).map(r2)).toEqual([
      [14, 9.75],
      [14, 11.75],
    ]);
    expect(refusedEdge(base, 'left', 0.25).map(r2)).toEqual([
      [6, 9.75],
      [6, 11.75],
    ]);
  });

  it('smoke 6" wide and 1" deep facing east at (20, 5) spans x 19.5–20.5 and y 2–8', () => {
    const c = smokeCorners({ at: [20, 5], facing: 90, width: 6, depth: 1 }).map(r2);
    expect(Math.min(...c.map((p) => p[0]!))).toBe(19.5);
    expect(Math.max(...c.map((p) => p[0]!))).toBe(20.5);
    expect(Math.min(...c.map((p) => p[1]!))).toBe(2);
    expect(Math.max(...c.map((p) => p[1]!))).toBe(8);
  });

  it('three flanks cut a 72" × 48" table west to east in 24" strips; a deep table is cut north to south', () => {
    expect(flankStrips({ width: 72, height: 48 }, 3).map((b) => [b.minX, b.maxX])).toEqual([
      [0, 24],
      [24, 48],
      [48, 72],
    ]);
    expect(flankStrips({ width: 48, height: 72 }, 2).map((b) => [b.minY, b.maxY])).toEqual([
      [0, 36],
      [36, 72],
    ]);
    expect([flankName(0, 3), flankName(1, 3), flankName(1, 2)]).toEqual(['left flank', 'centre', 'right flank']);
  });

  it('building blocks are squares from their north-west corner, 4" unless sized', () => {
    const blocks = blocksOf({ terrain: [{ id: 'blk', kind: 'building-block', name: 'Church', at: [30, 12] }, { id: 'b2', kind: 'building-block', at: [0, 0], size: 6 }, { id: 'w', kind: 'woods', polygon: [] } as never] });
    expect(blocks).toEqual([
      { id: 'blk', name: 'Church', box: { minX: 30, minY: 12, maxX: 34, maxY: 16 } },
      { id: 'b2', name: 'b2', box: { minX: 0, minY: 0, maxX: 6, maxY: 6 } },
    ]);
  });

  it('with table flanks only the flank moving now has units still to move', () => {
    const view = { decision: { kind: 'activate', side: 'red' }, flanks: { count: 2, now: 1, stage: 'moving', queue: [] }, units: [unit({ id: 'a', flank: 0 }), unit({ id: 'b', flank: 1 })] } as unknown as NapoleonsEaglesView;
    expect(stillToMove(view).map((u) => u.id)).toEqual(['b']);
  });
});

describe('words of the special rules', () => {
  it('buttons for a refusal, an order, a resupply and fires', () => {
    expect(neActionLabel({ type: 'refuse', unit: 'u1', flank: 'left' }, names)).toBe('Refuse the left flank (1 action)');
    expect(neActionLabel({ type: 'order', leader: 'pr-div', order: 'attack', at: [36, 18] }, names)).toBe('Order von Hiller: attack at (36, 18)');
    expect(neActionLabel({ type: 'resupply', unit: 'c1', battery: 'u2' }, names)).toBe('Resupply Garde-Batterie (the whole period)');
    expect(neActionLabel({ type: 'building-fire', unit: 'u1', task: 'start', block: 'blk' }, names)).toBe('Set fire to Church (the whole period)');
    expect(neActionLabel({ type: 'building-fire', unit: 'u1', task: 'extinguish', block: 'blk' }, names)).toBe('Fight the fire in Church (the whole period)');
  });

  it('a division\'s order, one on its way, and a division with none yet', () => {
    const o = { leader: 'pr-div', side: 'red' as const, order: 'defend' as const, at: [10, 12] as [number, number], committed: false };
    expect(divisionOrderWords(o)).toBe('defend at (10, 12)');
    expect(divisionOrderWords({ ...o, unwritten: true })).toBe('no order yet: holds where its leader stands');
    expect(divisionOrderWords({ ...o, next: { order: 'attack', at: [36, 18], sent: { turn: 1, period: 2 }, arrives: { turn: 1, period: 5 } } })).toBe('defend at (10, 12); attack on its way, arrives period 5 of turn 1');
  });

  it('the log says what the special rules did', () => {
    expect(describeNeEvent({ type: 'order-sent', leader: 'pr-div', order: 'attack', roll: 4, arrives: { turn: 1, period: 5 } }, names)).toBe('An order to attack rides to von Hiller [4]: it arrives in period 5 of turn 1');
    expect(describeNeEvent({ type: 'resupplied', unit: 'c1', battery: 'u2' }, names)).toBe('Garde-Batterie is resupplied by Caisson');
    expect(describeNeEvent({ type: 'building-fire', block: 'blk', fires: 2, why: 'shell' }, names)).toBe('Church burns: 2 fires (shell)');
    expect(describeNeEvent({ type: 'out-of-control-charge', unit: 'u1', target: 'u2' }, names)).toBe('I./15. IR, out of control, charges Garde-Batterie');
    expect(describeNeEvent({ type: 'fight-continues', charger: 'u1', target: 'u2' }, names)).toBe('I./15. IR and Garde-Batterie tie: they fight again next period');
    // Roll-based reinforcements (rules notes §13, the file format's reading): one d6 for the group, arriving on `need`.
    const sides = new Map([['red', 'Prussians'], ['blue', 'French'], ['u1', 'I./15. IR']]);
    expect(describeNeEvent({ type: 'reinforcement-roll', side: 'red', units: ['u1', 'u2', 'u3'], roll: 3, need: 4, arrives: false }, sides)).toBe('Prussians rolls for 3 reinforcements [3]: 4 or more needed, not this turn');
    expect(describeNeEvent({ type: 'reinforcement-roll', side: 'red', units: ['u1'], roll: 5, need: 4, arrives: true }, sides)).toBe('Prussians rolls for 1 reinforcement [5]: 4 or more needed, they come on');
    expect(describeNeEvent({ type: 'reinforcement-waits', unit: 'u1', why: 'no room at its entry' }, sides)).toBe('I./15. IR cannot come on yet: no room at its entry; it tries again next game turn');
    expect(describeNeEvent({ type: 'bid-tie', bids: [0, 0], rolls: [5, 1] }, new Map([['red', 'Prussians'], ['blue', 'French']]))).toBe('Bids tie at 0: Prussians rolls 5, French 1');
  });

  it('a unit\'s rules line', () => {
    expect(neRulesLine(unit({ refused: { flank: 'right', figures: 4 }, outOfControl: true }))).toBe('right flank refused (4 figures) · out of control');
    expect(neRulesLine(unit())).toBe('');
  });
});
