// What the watching side makes out under the optional visibility rule ('Weather and Visibility'; rules notes §15,
// the play view's note). Worked by hand: red's line at (10, 10) is 8" × 0.5" facing north (x 6–14, y 9.75–10.25);
// each blue unit is 2" × 1" at (10, y), so the gap between them is y − 0.5 − 10.25 = y − 10.75.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesLeader, NapoleonsEaglesUnit } from '../../domain/engine-protocol.js';
import { pieces } from './ne-pieces.js';
import { leaderSights, sightOf, veiledName, veilPieces, visibilityOn, watchingSide, weatherFactor } from './ne-visibility.js';

const u = (id: string, side: 'red' | 'blue', at: [number, number], over: Partial<NapoleonsEaglesUnit> = {}): NapoleonsEaglesUnit => ({
  id, name: id, side, arm: 'infantry', type: 'line', status: 'table', at, facing: 0, formation: 'line', width: 2, depth: 1,
  figures: 16, startFigures: 16, fatigue: 'normal', disordered: false, retreat: 0, actionsUsed: 0, activated: false, markers: [], ...over,
});
const leader = (id: string, side: 'red' | 'blue', at: [number, number]): NapoleonsEaglesLeader => ({ id, name: id, side, echelon: 'division', at, attached: null, radius: 12, lost: false });
const eye = u('r1', 'red', [10, 10], { width: 8, depth: 0.5 });
/** A blue unit `gap` inches beyond red's line. */
const at = (id: string, gap: number, over: Partial<NapoleonsEaglesUnit> = {}) => u(id, 'blue', [10, 10.75 + gap], over);

describe('whose eyes the table shows', () => {
  it("one human: his side's; hot seat: the side to act; the AI alone or a replay: everything", () => {
    expect(watchingSide({ red: 'human', blue: 'ai' }, 'blue', false)).toBe('red');
    expect(watchingSide({ red: 'ai', blue: 'human' }, 'red', false)).toBe('blue');
    expect(watchingSide({ red: 'human', blue: 'human' }, 'blue', false)).toBe('blue');
    expect(watchingSide({ red: 'human', blue: 'human' }, null, false)).toBeNull();
    expect(watchingSide({ red: 'ai', blue: 'random' }, 'red', false)).toBeNull();
    expect(watchingSide({ red: 'human', blue: 'ai' }, 'red', true)).toBeNull();
  });

  it('the rule is an option of the scenario; the weather cuts every distance', () => {
    expect(visibilityOn({ ruleOptions: { 'napoleons-eagles': { visibility: true } } })).toBe(true);
    expect(visibilityOn({})).toBe(false);
    expect([weatherFactor(undefined), weatherFactor('light-rain'), weatherFactor('heavy-snow'), weatherFactor('fog'), weatherFactor('mist'), weatherFactor('haze')]).toEqual([1, 0.5, 0.25, 0.25, 0.5, 0.75]);
  });
});

describe('how much of each enemy is made out', () => {
  const units = [eye, at('b12', 12), at('b12+', 12.01), at('b26', 26), at('b48', 48), at('b64', 64), at('b65', 65), at('b260', 260), at('b261', 261)];
  it('in clear weather: identity at 12", type at 26", arm at 48", formation at 64", a mass at 260", nothing beyond', () => {
    const s = sightOf({ units, leaders: [] }, 'red', 1);
    expect(Object.fromEntries(s)).toEqual({ r1: 'identity', b12: 'identity', 'b12+': 'type', b26: 'type', b48: 'arm', b64: 'formation', b65: 'mass', b260: 'mass', b261: 'hidden' });
  });

  it('in light rain every distance is halved: identity 6", type 13", arm 24", formation 32"', () => {
    const s = sightOf({ units: [eye, at('b6', 6), at('b12', 12), at('b24', 24), at('b33', 33)], leaders: [] }, 'red', 0.5);
    expect(Object.fromEntries(s)).toMatchObject({ b6: 'identity', b12: 'type', b24: 'arm', b33: 'mass' });
  });

  it("a leader's spyglass adds 20\" to every distance, from his own place", () => {
    // The enemy is 70" from red's line (a mass; its near edge at y 80.25), but 40" from the leader at (10, 40.25):
    // 12 + 20 = 32 < 40 ≤ 26 + 20 = 46, so its type.
    const far = at('b70', 70);
    const s = sightOf({ units: [eye, far], leaders: [leader('r-gen', 'red', [10, 40.25])] }, 'red', 1);
    expect(s.get('b70')).toBe('type');
    // A lost leader looks through nothing.
    const lost = sightOf({ units: [eye, far], leaders: [{ ...leader('r-gen', 'red', [10, 40.25]), lost: true }] }, 'red', 1);
    expect(lost.get('b70')).toBe('mass');
  });
});

describe("the enemy's leaders", () => {
  it('are made out as a party at 26" and known at 12"; farther they are lost among the troops', () => {
    // Blue's leaders stand 10", 20" and 30" beyond red's line's front (y 9.75) — measured to their point.
    const leaders = [leader('b-near', 'blue', [10, 20.25]), leader('b-mid', 'blue', [10, 30.25]), leader('b-far', 'blue', [10, 40.25]), leader('r-gen', 'red', [10, -50])];
    expect(Object.fromEntries(leaderSights({ units: [eye], leaders }, 'red', 1))).toEqual({ 'b-near': 'identity', 'b-mid': 'type', 'b-far': 'hidden', 'r-gen': 'identity' });
  });
});

describe('the table as the watching side sees it', () => {
  const colours = { red: '#c00', blue: '#00c', draw: '#777' };
  it('hides what is out of sight, shows a mass as a grey square of its area, names the arm and the type', () => {
    const units = [eye, at('near', 5), at('typed', 20, { arm: 'cavalry', type: 'hussar' }), at('armed', 40, { arm: 'cavalry' }), at('formed', 60, { width: 8, depth: 0.5 }), at('mass', 100, { width: 8, depth: 0.5, disordered: true }), at('gone', 300)];
    const sights = sightOf({ units, leaders: [] }, 'red', 1);
    const shown = veilPieces(pieces(units, colours), units, sights);
    const by = new Map(shown.map((p) => [p.id, p]));
    expect([...by.keys()]).toEqual(['r1', 'near', 'typed', 'armed', 'formed', 'mass']);
    expect(by.get('near')!.name).toBe('near');
    expect(by.get('typed')!.name).toBe('Hussar cavalry');
    expect(by.get('armed')!.name).toBe('Cavalry');
    expect(by.get('formed')).toMatchObject({ name: '', sight: 'formation', fill: '#00c' });
    const mass = by.get('mass')!;
    // 8" × 0.5" = 4 square inches: a 2" square, unturned, grey, with no markers (its disorder is not seen).
    expect(mass).toMatchObject({ name: '', sight: 'mass', fill: '#8d8d8d', markers: [] });
    expect([mass.base.width, mass.base.depth, mass.base.facing]).toEqual([2, 2, 0]);
    expect(veiledName({ arm: 'artillery', type: 'horse' }, 'type')).toBe('Horse artillery');
  });
});
