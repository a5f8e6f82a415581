// Leader influence as the play view shows it ('Threshold Checks', its note on leader influence; rules notes §13
// "Player choices"). Worked by hand: a roll passes on a d20 of its need or less; each point lent adds 1 and risks the
// leader on a d10 of that many or less. The needs themselves are the engine's (rules-view.test.ts).
import { describe, expect, it } from 'vitest';
import type { NapoleonsEaglesUnit, NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { influenceOdds, laterAsked, ledRolls } from './ne-influence.js';

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

describe('the rolls a leader leads (the engine view\'s decision.influence, named)', () => {
  const asked = (rolls: unknown[], pending: string[] = []) =>
    ({
      decision: { kind: 'influence', side: 'blue', leader: 'd1-gen', influence: { rolls, pending } },
      units: [red, u('b1'), u('b2'), u('b3'), u('b4')],
      leaders: [
        { id: 'blue-gen', side: 'blue' },
        { id: 'd1-gen', side: 'blue' },
        { id: 'd2-gen', side: 'blue' },
        { id: 'red-gen', side: 'red' },
      ],
    }) as unknown as NapoleonsEaglesView;

  it("names a division's roll by its formation and an army's by the side's army, keeping the engine's need", () => {
    const guard = [{ id: 'french-guard', value: 5, reason: 'French Old or Middle Guard' }];
    const v = asked([
      { level: 'army', formation: 'blue', lost: 2, total: 4, need: 13, modifiers: guard },
      { level: 'division', formation: 'blue-d1', lost: 2, total: 2, need: 13, modifiers: guard },
    ]);
    expect(ledRolls(v, scenario(), 'd1-gen')).toEqual([
      { level: 'army', name: 'Blue corps', lost: 2, total: 4, need: 13, modifiers: guard },
      { level: 'division', name: 'First division', lost: 2, total: 2, need: 13, modifiers: guard },
    ]);
  });

  it('gives nothing for a leader not asked now', () => {
    const v = asked([{ level: 'division', formation: 'blue-d1', lost: 1, total: 2, need: 8, modifiers: [] }]);
    expect(ledRolls(v, scenario(), 'd2-gen')).toEqual([]);
  });

  it('lists the later-asked leaders of his own side only', () => {
    expect(laterAsked(asked([], ['red-gen', 'd2-gen']))).toEqual(['d2-gen']);
  });
});
