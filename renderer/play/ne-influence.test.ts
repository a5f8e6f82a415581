// Leader influence as the play view works it out ('Threshold Checks', its note on leader influence; rules notes §13
// "Player choices"). Worked by hand: a roll passes on a d20 of 8 or less plus its modifiers; each point lent adds 1
// and risks the leader on a d10 of that many or less.
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { influenceOdds, ledRolls } from './ne-influence.js';

const u = (id: string, over: Partial<NapoleonsEaglesUnit> = {}): NapoleonsEaglesUnit => ({
  id, name: id, side: 'blue', arm: 'infantry', type: 'line', status: 'table', at: [10, 10], facing: 0, formation: 'line', width: 8, depth: 0.5,
  figures: 16, startFigures: 16, fatigue: 'normal', disordered: false, retreat: 0, actionsUsed: 0, activated: false, markers: [], ...over,
});
const su = (id: string, rating = 'B16C40', type = 'line') => ({ id, name: id, arm: 'infantry', type, ratings: { 'napoleons-eagles': { rating, figures: 16 } } });

/** Blue: a corps (blue-gen) of two divisions, d1 (b1, b2) and d2 (b3, b4). */
function scenario(nation = 'Prussia', ratings: string[] = ['B16C40', 'B16C40', 'B16C40', 'B16C40']): Pick<Scenario, 'sides' | 'ruleOptions'> {
  return {
    ruleOptions: { 'napoleons-eagles': {} },
    sides: [
      { id: 'red', name: 'Red', color: '#f00', army: { id: 'red-a', name: 'Red army', echelon: 'division', leader: { id: 'red-gen', name: 'Red general' }, units: [su('r1')] } },
      {
        id: 'blue', name: 'Blue', nation, color: '#00f',
        army: {
          id: 'blue-corps', name: 'Blue corps', echelon: 'corps', leader: { id: 'blue-gen', name: 'Blue general' }, units: [],
          formations: [
            { id: 'blue-d1', name: 'First division', echelon: 'division', leader: { id: 'd1-gen', name: 'd1' }, units: [su('b1', ratings[0]), su('b2', ratings[1])] },
            { id: 'blue-d2', name: 'Second division', echelon: 'division', leader: { id: 'd2-gen', name: 'd2' }, units: [su('b3', ratings[2]), su('b4', ratings[3])] },
          ],
        },
      },
    ],
  } as unknown as Pick<Scenario, 'sides' | 'ruleOptions'>;
}
const view = (units: NapoleonsEaglesUnit[]) => ({ decision: { kind: 'influence', side: 'blue', leader: 'd1-gen' }, units }) as unknown as NapoleonsEaglesView;
const red = u('r1', { side: 'red' });

describe('influence odds', () => {
  it('adds one to the need a point and risks the leader on a d10 of the points or less', () => {
    expect(influenceOdds(8, 0)).toEqual({ need: 8, pass: 0.4, risk: 0 });
    // 8 + 4 = 12: 12 of 20 faces pass; a d10 of 1–4 takes him.
    expect(influenceOdds(8, 4)).toEqual({ need: 12, pass: 0.6, risk: 0.4 });
    // Never past a certain pass or below none.
    expect(influenceOdds(17, 6).pass).toBe(1);
    expect(influenceOdds(-3, 1).pass).toBe(0);
  });
});

describe('the rolls a leader leads', () => {
  it("a division with half its units lost rolls at 8, led by its leader; the corps (1 of 4 lost) does not roll", () => {
    const v = view([red, u('b1', { retreat: 2 }), u('b2'), u('b3'), u('b4')]);
    expect(ledRolls(v, scenario(), 'd1-gen')).toEqual([{ level: 'division', name: 'First division', lost: 1, total: 2, need: 8, modifiers: [], exact: true }]);
    expect(ledRolls(v, scenario(), 'd2-gen')).toEqual([]);
    expect(ledRolls(v, scenario(), 'blue-gen')).toEqual([]);
  });

  it('the army rolls when half of it is lost; its commander leads that roll', () => {
    const v = view([red, u('b1', { status: 'routed' }), u('b2', { status: 'eliminated' }), u('b3'), u('b4')]);
    expect(ledRolls(v, scenario(), 'blue-gen').map((r) => [r.level, r.lost, r.total, r.need])).toEqual([['army', 2, 4, 8]]);
    expect(ledRolls(v, scenario(), 'd1-gen').map((r) => [r.level, r.lost, r.total])).toEqual([['division', 2, 2]]);
  });

  it('mostly militia take 1 (morale under 15), an out-of-command division 3 more', () => {
    const v = view([red, u('b1', { retreat: 1 }), u('b2', { markers: ['out-of-command'] }), u('b3'), u('b4')]);
    const [r] = ledRolls(v, scenario('Prussia', ['B12C40', 'B12C40', 'B16C40', 'B16C40']), 'd1-gen');
    expect(r!.modifiers.map((m) => `${m.id} ${m.value}`)).toEqual(['militia -1', 'out-of-command -3']);
    expect(r!.need).toBe(4);
  });

  it("takes the engine's own rolls when its view carries them", () => {
    const v = { ...view([red]), decision: { kind: 'influence', side: 'blue', leader: 'd1-gen', influence: { rolls: [{ level: 'division', name: 'First division', lost: 1, total: 2, need: 10, modifiers: [] }] } } } as unknown as NapoleonsEaglesView;
    expect(ledRolls(v, scenario(), 'd1-gen')[0]).toMatchObject({ need: 10, exact: true });
  });
});
