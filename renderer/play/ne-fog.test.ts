// The visibility rule beyond the table's pieces (rules notes §15, the play view's note): the log, the dice, the
// previews and the written orders say of an enemy only what the watching side makes out. Worked by hand as in
// ne-visibility.test.ts: red's line at (10, 10) is 8" × 0.5" (y 9.75–10.25); a blue unit 2" × 1" at (10, 10.75 + gap)
// is `gap` inches off: 12" or less its name, 26" its type, 48" its arm, 64" its formation, 260" a mass.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesLeader, NapoleonsEaglesUnit, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { capitalised, fogNames, logNames, logWatcher, ownOrders, seenWords } from './ne-fog.js';
import { logLines } from './play-actions.js';
import { describeNeEvent } from './ne-words.js';

const u = (id: string, side: 'red' | 'blue', at: [number, number], over: Partial<NapoleonsEaglesUnit> = {}): NapoleonsEaglesUnit => ({
  id, name: `${id} name`, side, arm: 'infantry', type: 'line', status: 'table', at, facing: 0, formation: 'line', width: 2, depth: 1,
  figures: 16, startFigures: 16, fatigue: 'normal', disordered: false, retreat: 0, actionsUsed: 0, activated: false, markers: [], ...over,
});
const leader = (id: string, side: 'red' | 'blue', at: [number, number]): NapoleonsEaglesLeader => ({ id, name: `${id} name`, side, echelon: 'division', at, attached: null, radius: 12, lost: false });
const eye = u('r1', 'red', [10, 10], { width: 8, depth: 0.5 });
const at = (id: string, gap: number, over: Partial<NapoleonsEaglesUnit> = {}) => u(id, 'blue', [10, 10.75 + gap], over);
const names = (v: Pick<NapoleonsEaglesView, 'units' | 'leaders'>) => new Map([...v.units, ...v.leaders].map((x) => [x.id, x.name]));
const scenario = (visibility: boolean): Pick<Scenario, 'ruleSystem' | 'ruleOptions' | 'weather'> => ({ ruleSystem: 'napoleons-eagles', ruleOptions: { 'napoleons-eagles': { visibility } } });

describe('what an enemy unit is called by what is made out of it', () => {
  it('a mass, then its formation, its arm, its type, then its own name', () => {
    expect(seenWords({ arm: 'cavalry', type: 'light', formation: 'column' }, 'mass')).toBe('an enemy mass');
    expect(seenWords({ arm: 'cavalry', type: 'light', formation: 'column' }, 'formation')).toBe('an enemy column');
    // A battery in action looks like a line from afar: its arm is not given away by its formation's word.
    expect(seenWords({ arm: 'artillery', type: 'foot', formation: 'unlimbered' }, 'formation')).toBe('an enemy line');
    expect(seenWords({ arm: 'cavalry', type: 'light', formation: 'column' }, 'arm')).toBe('enemy cavalry');
    expect(seenWords({ arm: 'cavalry', type: 'light', formation: 'column' }, 'type')).toBe('enemy light cavalry');
    expect(seenWords({ arm: 'infantry', type: 'line' }, 'hidden')).toBe('an unseen enemy unit');
    expect(seenWords({ arm: 'infantry', type: 'line' }, 'identity')).toBe('');
  });
});

describe('whose eyes the log speaks for', () => {
  it('one human against the AI: his side; a hot seat, the AI alone, a replay, or the rule off: no one (every name)', () => {
    expect(logWatcher(scenario(true), { red: 'ai', blue: 'human' }, false)).toBe('blue');
    expect(logWatcher(scenario(true), { red: 'human', blue: 'human' }, false)).toBeNull();
    expect(logWatcher(scenario(true), { red: 'ai', blue: 'ai' }, false)).toBeNull();
    expect(logWatcher(scenario(true), { red: 'human', blue: 'ai' }, true)).toBeNull();
    expect(logWatcher(scenario(false), { red: 'human', blue: 'ai' }, false)).toBeNull();
  });
});

describe('the log names the enemy as seen', () => {
  const view = { units: [eye, at('b-near', 10), at('b-type', 20, { arm: 'cavalry', type: 'light' }), at('b-mass', 100, { formation: 'column' })], leaders: [leader('red-gen', 'red', [10, -40]), leader('blue-gen', 'blue', [10, 200])] };

  // Red's general stands 40" behind his line, too far for his glass to help.
  it('own units and a unit within 12" by name, the rest by their stage; an enemy general unseen as such', () => {
    const n = fogNames(names(view), 'red', null, view, 1);
    expect(['r1', 'b-near', 'b-type', 'b-mass', 'red-gen', 'blue-gen'].map((id) => n.get(id))).toEqual(['r1 name', 'b-near name', 'enemy light cavalry', 'an enemy mass', 'red-gen name', 'an enemy general']);
  });

  it('a unit seen before the action or after it is named as it was best seen (it was seen in the act)', () => {
    // b-mass came to 10" off and was then routed off the table: it was made out by name while it acted.
    const after = { ...view, units: view.units.map((x) => (x.id === 'b-mass' ? { ...x, status: 'routed' as const, at: null } : x)) };
    const before = { ...view, units: view.units.map((x) => (x.id === 'b-mass' ? { ...x, at: [10, 20.75] as [number, number] } : x)) };
    expect(fogNames(names(view), 'red', before, after, 1).get('b-mass')).toBe('b-mass name');
  });

  it("a log line starting with an unrecognised unit says what red saw, with a capital; the rule off, the unit's name", () => {
    const event = { type: 'move', unit: 'b-mass', to: [10, 100], facing: 0, distance: 6, cost: 1 };
    const v = { system: 'napoleons-eagles', ...view } as unknown as NapoleonsEaglesView;
    const fogged = logNames(scenario(true), { red: 'human', blue: 'ai' }, false, v, v, names(view));
    expect(logLines([event], 1, fogged, 1, describeNeEvent).map((l) => capitalised(l.text))).toEqual(['An enemy mass moves 6" to (10, 100), facing north (1 action)']);
    const plain = logNames(scenario(false), { red: 'human', blue: 'ai' }, false, v, v, names(view));
    expect(logLines([event], 1, plain, 1, describeNeEvent)[0]!.text).toContain('b-mass name moves');
  });
});

describe('written orders (command option #2)', () => {
  it("the watching side sees only its own divisions' orders; with everything shown, both", () => {
    const orders = [
      { leader: 'red-gen', side: 'red' as const, order: 'attack' as const, at: [50, 10] as [number, number], committed: true },
      { leader: 'blue-gen', side: 'blue' as const, order: 'defend' as const, at: [20, 30] as [number, number], committed: false },
    ];
    expect(ownOrders({ orders }, 'red').orders.map((o) => o.leader)).toEqual(['red-gen']);
    expect(ownOrders({ orders }, null).orders).toHaveLength(2);
  });
});
