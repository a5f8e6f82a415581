import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import { actions, describeNeEvent, neEffectsOf, facingWords, inches, legalLeaderWords, legalMoveWords, longestRange, neActionLabel, neDiceOf, neUnitLine } from './ne-words.js';
import { viewUnit } from './ne-view-kit.js';
import { facingTowards, leaderAt, leaderDrop, leaderPlace, pieceAt, pieces, placeLabels, rotationHandle, stillToMove, unitMarkers, unitsForList } from './ne-pieces.js';

const unit = viewUnit;
const colours = { red: '#1c2841', blue: '#2a4a9e', draw: '#757575' };
const names = new Map([
  ['u1', 'I./15. IR'],
  ['u2', 'I./1er Tirailleurs'],
  ['red', 'Prussians'],
]);

describe('a unit on the open table', () => {
  it('is drawn at its true footprint, turned by its facing, with its front edge marked', () => {
    const [p] = pieces([unit()], colours);
    // Facing west: the 3" frontage runs north–south, the 1.5" depth east–west, the front edge on the west side.
    expect(p!.front.map((q) => q.map((v) => Math.round(v * 100) / 100))).toEqual([
      [9.25, 11.5],
      [9.25, 8.5],
    ]);
    expect(p!.fill).toBe(colours.red);
    expect(p!.corners).toHaveLength(4);
  });

  it('leaves out units off the table', () => {
    expect(pieces([unit({ status: 'reserve', at: null }), unit({ id: 'x', status: 'routed' })], colours)).toEqual([]);
  });

  it('carries its markers in a fixed order: casualties, fatigue, disorder, retreat, morale, command, stand', () => {
    const marks = unitMarkers(unit({ figures: 20, fatigue: 'tired', disordered: true, retreat: 2, markers: ['stand', 'out-of-command', 'morale'] }));
    expect(marks.map((m) => m.text)).toEqual(['20/24', 'T', 'D', 'R2', 'M', 'OC', 'S']);
    expect(marks[0]!.title).toBe('4 lost: 20 of 24 figures left');
    expect(unitMarkers(unit())).toEqual([]);
  });

  it('is found under the pointer, a thin line within a few pixels of it', () => {
    const list = pieces([unit(), unit({ id: 'u2', at: [20, 10], facing: 90, formation: 'line', width: 7.5, depth: 0.5 })], colours);
    expect(pieceAt(list, [10, 10], 0)?.id).toBe('u1');
    expect(pieceAt(list, [20.5, 10], 0)).toBeNull();
    expect(pieceAt(list, [20.5, 10], 0.3)?.id).toBe('u2');
    expect(pieceAt(list, [15, 10], 0.3)).toBeNull();
  });

  it('has a rotation handle ahead of its front, and turns to face the pointer', () => {
    const h = rotationHandle({ at: [10, 10], facing: 90, width: 4, depth: 2 }, 2);
    expect(h.map((v) => Math.round(v * 100) / 100)).toEqual([13, 10]);
    expect(facingTowards([10, 10], [10, 0])).toBe(0);
    expect(facingTowards([10, 10], [20, 10])).toBe(90);
    expect(facingTowards([10, 10], [0, 10.2])).toBe(270);
    expect(facingTowards([10, 10], [13, 13])).toBe(135);
  });
});

describe('who is still to move', () => {
  const view = (kind: NapoleonsEaglesView['decision']['kind'], units: NapoleonsEaglesUnit[]) => ({ decision: { kind, side: 'red' as const }, units });
  it('lists the side to act’s units on the table that have not activated this period', () => {
    const units = [unit(), unit({ id: 'u2', activated: true }), unit({ id: 'u3', side: 'blue' }), unit({ id: 'u4', status: 'reserve', at: null })];
    expect(stillToMove(view('activate', units)).map((u) => u.id)).toEqual(['u1']);
    expect(stillToMove(view('bid', units))).toEqual([]);
  });

  it('lists the side to act first', () => {
    const units = [unit({ id: 'b', side: 'blue' }), unit({ id: 'r' })];
    expect(unitsForList(view('activate', units), 'blue').map((u) => u.id)).toEqual(['r', 'b']);
  });
});

describe('Napoleon’s Eagles in words', () => {
  it('names moves, fire and bids with the units’ names and inches', () => {
    expect(describeNeEvent({ type: 'move', unit: 'u1', to: [50, 18.25], facing: 270, distance: 5.5, cost: 1 }, names)).toBe('I./15. IR moves 5.5" to (50, 18.3), facing west (1 action)');
    expect(describeNeEvent({ type: 'move', unit: 'u1', to: [52, 18], facing: 270, distance: 4, cost: 0.5 }, names)).toBe('I./15. IR moves 4" to (52, 18), facing west (½ action)');
    expect(describeNeEvent({ type: 'fire', unit: 'u1', target: 'u2', range: 4, rolls: [5], casualties: 2 }, names)).toBe('I./15. IR fires on I./1er Tirailleurs at 4" [5]: 2 casualties');
    expect(describeNeEvent({ type: 'bid', side: 0 }, names)).toBe('Prussians makes a sealed bid');
    expect(describeNeEvent({ type: 'bids', bids: [1, 4], winner: 1 }, names)).toBe('Bids revealed: Prussians 1, blue 4 — blue chooses');
    expect(describeNeEvent({ type: 'roles', a: 'red', d: 'blue' }, names)).toBe('Prussians is side A this period, blue side D');
    expect(describeNeEvent({ type: 'morale', unit: 'u1', why: 'fired on', need: 14, roll: 9, pass: true }, names)).toBe('I./15. IR tests morale (fired on) [9], needing 14 or less: passes');
    expect(describeNeEvent({ type: 'something-new', unit: 'u1', n: 3 }, names)).toBe('something-new: unit I./15. IR, n 3');
  });

  it('labels the buttons a player presses', () => {
    expect(neActionLabel({ type: 'fire', unit: 'u1', target: 'u2', actions: 2 }, names)).toBe('Fire on I./1er Tirailleurs (2 actions)');
    expect(neActionLabel({ type: 'formation', unit: 'u1', formation: 'supported-line' }, names)).toBe('Form supported line');
    expect(neActionLabel({ type: 'choose', role: 'A' }, names)).toBe('Be side A (move first)');
    expect(neActionLabel({ type: 'finish' }, names)).toBe('Finish moving this period');
  });

  it('flashes casualties and losses where the units stood', () => {
    const before = { units: [{ id: 'u1', at: [10, 10] as [number, number] }, { id: 'u2', at: [20, 10] as [number, number] }] };
    expect(
      neEffectsOf(
        [
          { type: 'move', unit: 'u1', to: [12, 10], facing: 90 },
          { type: 'fire', unit: 'u1', target: 'u2', casualties: 2 },
          { type: 'fire', unit: 'u2', target: 'u1', casualties: 0 },
          { type: 'close-casualties', charger: 'u1', target: 'u2', onTarget: 1, onCharger: 3 },
          { type: 'rout', unit: 'u2' },
        ],
        before,
      ),
    ).toEqual([
      { kind: 'hit-at', at: [20, 10], hits: 2 },
      { kind: 'hit-at', at: [20, 10], hits: 1 },
      { kind: 'hit-at', at: [12, 10], hits: 3 },
      { kind: 'gone-at', at: [20, 10] },
    ]);
  });

  it('puts every die rolled in the tray', () => {
    expect(neDiceOf([{ type: 'fire', unit: 'u1', target: 'u2', rolls: [4], casualties: 2 }, { type: 'move', unit: 'u1' }], names)).toEqual([
      { label: 'I./15. IR → I./1er Tirailleurs: fire', rolls: [4], hitOn: null, hits: 2 },
    ]);
  });

  it('says a unit’s state in a line, and measures in inches and compass points', () => {
    expect(neUnitLine(unit({ figures: 20, fatigue: 'fatigued', actionsUsed: 1 }))).toBe('infantry in column · 20/24 figures · fatigued · 1 action used');
    expect(inches(5.5)).toBe('5.5"');
    expect([0.5, 1, 1.5, 2].map(actions)).toEqual(['½ action', '1 action', '1½ actions', '2 actions']);
    expect(inches(6.02)).toBe('6"');
    expect(facingWords(225)).toBe('south-west');
    expect(facingWords(100)).toBe('100°');
  });

  it('reaches as far as the longest range of the weapon, for the fire arc', () => {
    expect(longestRange('infantry', {})).toBe(8);
    expect(longestRange('infantry', { rifles: true })).toBe(12);
    expect(longestRange('artillery', { calibre: '6lb' })).toBe(48);
    expect(longestRange('train', undefined)).toBe(0);
  });
});

describe('names on a crowded table', () => {
  const box = (x: number, y: number, w = 2, h = 1) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h });
  it('puts a name above its unit when there is room', () => {
    const placed = placeLabels([{ id: 'a', text: 'abcd', anchor: box(10, 10), px: 10, priority: 0 }], [{ id: 'a', box: box(10, 10) }], 0.1);
    const p = placed.get('a')!;
    expect(p.y + p.height).toBeLessThanOrEqual(10);
    expect(p.x + p.width / 2).toBeCloseTo(11, 9);
  });

  it('moves a name aside rather than over another name or unit, and leaves it out when no side is free', () => {
    const obstacles = [
      { id: 'a', box: box(10, 10) },
      { id: 'b', box: box(10, 8.2) },
    ];
    // a's first choice (above it) is b's unit: it goes to the right.
    const placed = placeLabels([{ id: 'a', text: 'abcd', anchor: box(10, 10), px: 10, priority: 0 }], obstacles, 0.1);
    expect(placed.get('a')!.x).toBeGreaterThan(12);
    // Boxed in on all four sides, a name is not drawn.
    const walls = [...obstacles, { id: 'c', box: box(12.1, 9, 5, 3) }, { id: 'd', box: box(3, 9, 6.9, 3) }, { id: 'e', box: box(8, 11.1, 6, 3) }];
    expect(placeLabels([{ id: 'a', text: 'abcd', anchor: box(10, 10), px: 10, priority: 0 }], walls, 0.1).get('a')).toBeNull();
  });

  it('keeps names on the table', () => {
    // Above and right are off a table 12.5" wide and 10" deep: the name goes left.
    const placed = placeLabels([{ id: 'a', text: 'abcd', anchor: box(10, 0.5), px: 10, priority: 0 }], [], 0.1, { minX: 0, minY: 0, maxX: 12.5, maxY: 10 });
    expect(placed.get('a')!.x + placed.get('a')!.width).toBeLessThanOrEqual(10);
  });

  it('places the names that matter most first', () => {
    const wishes = [
      { id: 'late', text: 'late', anchor: box(10, 10), px: 10, priority: 5 },
      { id: 'first', text: 'first', anchor: box(10, 10), px: 10, priority: 0 },
    ];
    const placed = placeLabels(wishes, [], 0.1);
    // Both fit; the first takes the place above, the later one the next free side.
    expect(placed.get('first')!.y).toBeLessThan(10);
    expect(placed.get('late')!.y).toBeGreaterThan(9.4);
  });
});

describe('the ghost\'s verdict and the leaders step', () => {
  it('says the engine\'s exact cost of a legal move first, in halves', () => {
    expect(legalMoveWords('move', 6, 1.5)).toBe('legal: 1½ actions (move 6")');
    expect(legalMoveWords('move', 2, 0.5)).toBe('legal: ½ action (move 2")');
    expect(legalMoveWords('force-march', 3.5, 1)).toBe('legal: 1 action (force march 3.5")');
    // An engine that prices nothing still says yes.
    expect(legalMoveWords('move', 4, undefined)).toBe('legal: move 4"');
    expect(legalLeaderWords(12.04, 'I./15. IR')).toBe('legal: rides 12", joins I./15. IR');
    expect(legalLeaderWords(3.25, null)).toBe('legal: rides 3.3", alone');
  });

  it('stands an attached leader on his unit, whose centre the engine measures his ride from', () => {
    const units = [unit({ id: 'u1', at: [20, 30] })];
    expect(leaderPlace({ at: [18, 29], attached: 'u1' }, units)).toEqual([20, 30]);
    expect(leaderPlace({ at: [18, 29], attached: null }, units)).toEqual([18, 29]);
    // A unit gone from the table leaves him where the view puts him.
    expect(leaderPlace({ at: [18, 29], attached: 'u1' }, [unit({ id: 'u1', status: 'routed', at: null })])).toEqual([18, 29]);
  });

  it('picks up the nearest leader within reach of the pointer', () => {
    const ls = [
      { id: 'a', place: [10, 10] as [number, number] },
      { id: 'b', place: [10.6, 10] as [number, number] },
    ];
    expect(leaderAt(ls, [10.4, 10], 0.5)?.id).toBe('b');
    expect(leaderAt(ls, [12, 10], 0.5)).toBeNull();
  });

  it('attaches a leader dropped on a unit of his side, at its centre; elsewhere he rides alone', () => {
    // A 3" × 1.5" column at (10, 10) facing west, and an enemy beside it.
    const list = pieces([unit({ id: 'u1', side: 'red' }), unit({ id: 'e1', side: 'blue', at: [20, 10] })], colours);
    expect(leaderDrop(list, 'red', [10.3, 10.9], 0.1)).toEqual({ to: [10, 10], attach: 'u1' });
    // On an enemy he does not join: he rides to the point.
    expect(leaderDrop(list, 'red', [20.123, 10.456], 0.1)).toEqual({ to: [20.12, 10.46], attach: null });
    expect(leaderDrop(list, 'red', [15, 15], 0.1)).toEqual({ to: [15, 15], attach: null });
  });

  it('names the step\'s end as the brief does', () => {
    expect(neActionLabel({ type: 'end-leaders' }, names)).toBe('End leaders');
  });
});
