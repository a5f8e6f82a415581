// Rules tests for the movement tables, facing and formation costs, order tables and threshold arithmetic. Each
// case names the seed heading (and notes section) it checks; the numbers were read off the text by hand.
import { describe, expect, it } from 'vitest';
import { baseRate, cavalryChargeDistance, gunRow, retreatInchesPerAction, terrainFraction } from './move-rates.js';
import { facingCost, turnBetween, turnClass } from './facing.js';
import { formationCost, lineOnFlankCost, type FormationContext } from './formation-costs.js';
import { MISREAD_TABLE, misread, orderDelay, orderDelayModifiers, type DelayFacts } from './orders.js';
import { influenceLoss, leaderLoss, thresholdModifiers, thresholdNeed, thresholdReached, type ThresholdFacts } from './threshold.js';

const inf = { arm: 'infantry' as const, type: 'line', onRoad: false };

describe("'Movement' rate tables (notes §2)", () => {
  it('infantry: line 6/4/2 by A/B/C, column and skirmish 8, road column 10 on a road, square 2/1/none', () => {
    expect(baseRate({ ...inf, move: 'A', formation: 'line' })).toBe(6);
    expect(baseRate({ ...inf, move: 'B', formation: 'line' })).toBe(4);
    expect(baseRate({ ...inf, move: 'C', formation: 'line' })).toBe(2);
    expect(baseRate({ ...inf, move: 'C', formation: 'column' })).toBe(8);
    expect(baseRate({ ...inf, move: 'B', formation: 'skirmish' })).toBe(8);
    expect(baseRate({ ...inf, move: 'B', formation: 'road-column', onRoad: true })).toBe(10);
    expect(baseRate({ ...inf, move: 'A', formation: 'square' })).toBe(2);
    expect(baseRate({ ...inf, move: 'B', formation: 'square' })).toBe(1);
    expect(baseRate({ ...inf, move: 'C', formation: 'square' })).toBe(0);
  });

  it('Interpretation §12: a road column off the road moves at column rate; a supported line at line rate', () => {
    expect(baseRate({ ...inf, move: 'B', formation: 'road-column' })).toBe(8);
    expect(baseRate({ arm: 'cavalry', type: 'light', move: 'B', formation: 'road-column', onRoad: false })).toBe(9);
    expect(baseRate({ ...inf, move: 'B', formation: 'supported-line' })).toBe(4);
  });

  it('cavalry: line 8/6/4, column 9, skirmish 10, road 10; echelon uses line rates (Cavalry Echelon)', () => {
    const cav = { arm: 'cavalry' as const, type: 'heavy', onRoad: false };
    expect(baseRate({ ...cav, move: 'A', formation: 'line' })).toBe(8);
    expect(baseRate({ ...cav, move: 'C', formation: 'line' })).toBe(4);
    expect(baseRate({ ...cav, move: 'C', formation: 'column' })).toBe(9);
    expect(baseRate({ ...cav, move: 'B', formation: 'skirmish' })).toBe(10);
    expect(baseRate({ ...cav, move: 'B', formation: 'echelon' })).toBe(6);
  });

  it('artillery: horse 3–6lb 9/8, foot 8–9lb 7/5 prolong 2, foot 12lb 6/4 prolong 1, road 10', () => {
    const gun = { arm: 'artillery' as const, onRoad: false };
    expect(baseRate({ ...gun, type: 'horse', calibre: '6lb', move: 'A', formation: 'limbered' })).toBe(9);
    expect(baseRate({ ...gun, type: 'horse', calibre: '4lb', move: 'B', formation: 'limbered' })).toBe(8);
    expect(baseRate({ ...gun, type: 'foot', calibre: '6lb', move: 'B', formation: 'limbered' })).toBe(6);
    expect(baseRate({ ...gun, type: 'foot', calibre: '8-9lb', move: 'A', formation: 'limbered' })).toBe(7);
    expect(baseRate({ ...gun, type: 'foot', calibre: '8-9lb', move: 'A', formation: 'unlimbered' })).toBe(2);
    expect(baseRate({ ...gun, type: 'foot', calibre: '12lb', move: 'B', formation: 'limbered' })).toBe(4);
    expect(baseRate({ ...gun, type: 'foot', calibre: '12lb', move: 'B', formation: 'unlimbered' })).toBe(1);
    expect(baseRate({ ...gun, type: 'foot', calibre: '12lb', move: 'B', formation: 'limbered', onRoad: true })).toBe(10);
    // A heavy horse battery has no row of its own: it moves on the foot row of its calibre.
    expect(gunRow('horse', '12lb').A).toBe(6);
  });

  it('charge distances 14/13/12 (Cavalry Charge Distance); guard as heavy, cossacks as light (brief)', () => {
    expect(cavalryChargeDistance('light')).toBe(14);
    expect(cavalryChargeDistance('cossack')).toBe(14);
    expect(cavalryChargeDistance('medium')).toBe(13);
    expect(cavalryChargeDistance('heavy')).toBe(12);
    expect(cavalryChargeDistance('guard')).toBe(12);
  });

  it('Moving Retreating Units: infantry and foot guns one action per 10", cavalry and horse guns per 12"', () => {
    expect(retreatInchesPerAction('infantry', 'line')).toBe(10);
    expect(retreatInchesPerAction('artillery', 'foot')).toBe(10);
    expect(retreatInchesPerAction('artillery', 'horse')).toBe(12);
    expect(retreatInchesPerAction('cavalry', 'light')).toBe(12);
  });

  it('caissons 8" (Caissons), 10" on a road', () => {
    expect(baseRate({ arm: 'train', type: 'caisson', move: 'B', formation: 'column', onRoad: false })).toBe(8);
    expect(baseRate({ arm: 'train', type: 'caisson', move: 'B', formation: 'column', onRoad: true })).toBe(10);
  });
});

describe('Terrain Effects on Movement; Light and Dense Woods (notes §4)', () => {
  it('B line infantry: 4" in the open, 3" in light woods (¾), 2" in dense woods (½)', () => {
    const rate = baseRate({ ...inf, move: 'B', formation: 'line' });
    expect(rate * terrainFraction('infantry', 'line', { woods: 'light' })).toBe(3);
    expect(rate * terrainFraction('infantry', 'line', { woods: 'dense' })).toBe(2);
  });

  it('cavalry and artillery: ½ in light woods, may not enter dense woods', () => {
    expect(terrainFraction('cavalry', 'light', { woods: 'light' })).toBe(0.5);
    expect(terrainFraction('cavalry', 'light', { woods: 'dense' })).toBe(0);
    expect(terrainFraction('artillery', 'foot', { woods: 'dense' })).toBe(0);
  });

  it('slopes: gentle free, steep ¾, extreme ½; soft ground ½ for all', () => {
    expect(terrainFraction('cavalry', 'heavy', { slope: 'gentle' })).toBe(1);
    expect(terrainFraction('cavalry', 'heavy', { slope: 'steep' })).toBe(0.75);
    expect(terrainFraction('infantry', 'line', { slope: 'extreme' })).toBe(0.5);
    expect(terrainFraction('artillery', 'foot', { soft: true })).toBe(0.5);
  });

  it('Interpretation §12: the lowest fraction binds, fractions do not multiply (light woods on a steep slope: ¾)', () => {
    expect(terrainFraction('infantry', 'line', { woods: 'light', slope: 'steep' })).toBe(0.75);
    expect(terrainFraction('infantry', 'line', { woods: 'light', soft: true })).toBe(0.5);
  });
});

describe('Facing Changes; About Face Maneuver; Cavalry Echelon', () => {
  it('turns are measured the short way round', () => {
    expect(turnBetween(350, 20)).toBe(30);
    expect(turnBetween(20, 350)).toBe(-30);
    expect(turnBetween(0, 180)).toBe(180);
  });

  it('line: 10° free, 45° one action, 90° two, more refused', () => {
    expect(facingCost('line', 10)).toMatchObject({ ok: true, cost: 0 });
    expect(facingCost('line', 30)).toMatchObject({ ok: true, cost: 1 });
    expect(facingCost('line', -60)).toMatchObject({ ok: true, cost: 2 });
    expect(facingCost('line', 120)).toMatchObject({ ok: false });
  });

  it('column: 45° half an action, a 60° wheel one action, 135° two, never more', () => {
    expect(facingCost('column', 45)).toMatchObject({ ok: true, cost: 0.5 });
    expect(facingCost('column', 60)).toMatchObject({ ok: true, cost: 1 });
    expect(facingCost('column', 135)).toMatchObject({ ok: true, cost: 2 });
    const far = facingCost('column', 150);
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.reason).toContain('135°');
  });

  it('about face: one action in any formation', () => {
    expect(facingCost('line', 180)).toMatchObject({ ok: true, cost: 1, aboutFace: true });
    expect(facingCost('column', 175)).toMatchObject({ ok: true, cost: 1, aboutFace: true });
  });

  it('echelon turns at most 45°; caissons and squares turn free', () => {
    expect(facingCost('echelon', 45)).toMatchObject({ ok: true, cost: 1 });
    expect(facingCost('echelon', 50).ok).toBe(false);
    expect(turnClass('train', 'caisson', 'column')).toBe('free');
    expect(turnClass('infantry', 'line', 'square')).toBe('free');
    expect(turnClass('artillery', 'foot', 'limbered')).toBe('column');
    expect(turnClass('artillery', 'foot', 'unlimbered')).toBe('line');
  });
});

describe('Formation Changes (Infantry, Cavalry, Artillery Formations; Forming Skirmish Screens)', () => {
  const ctx: FormationContext = { arm: 'infantry', type: 'line', nation: undefined, year: 1815, light: false, supportedLineOption: false };

  it('infantry: every listed change costs 1 action; road column only to column', () => {
    expect(formationCost(ctx, 'column', 'line')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost(ctx, 'line', 'square')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost(ctx, 'road-column', 'column')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost(ctx, 'road-column', 'line').ok).toBe(false);
    expect(formationCost(ctx, 'line', 'road-column').ok).toBe(false);
  });

  it('French after 1807: column ↔ line ½; not in 1807 itself', () => {
    expect(formationCost({ ...ctx, nation: 'french', year: 1808 }, 'column', 'line')).toMatchObject({ ok: true, cost: 0.5 });
    expect(formationCost({ ...ctx, nation: 'french', year: 1807 }, 'line', 'column')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost({ ...ctx, nation: 'french', year: 1813 }, 'column', 'square')).toMatchObject({ ok: true, cost: 1 });
  });

  it('1806 Prussians: column ↔ line 2; Austrian mass: column ↔ square ½', () => {
    expect(formationCost({ ...ctx, nation: 'prussian', year: 1806 }, 'line', 'column')).toMatchObject({ ok: true, cost: 2 });
    expect(formationCost({ ...ctx, nation: 'prussian', year: 1813 }, 'line', 'column')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost({ ...ctx, nation: 'austrian' }, 'square', 'column')).toMatchObject({ ok: true, cost: 0.5 });
    expect(formationCost({ ...ctx, nation: 'austrian' }, 'square', 'line')).toMatchObject({ ok: true, cost: 1 });
  });

  it('skirmish screens: 1 action to form (light battalions only), 2 to reform', () => {
    expect(formationCost(ctx, 'line', 'skirmish').ok).toBe(false);
    expect(formationCost({ ...ctx, light: true }, 'column', 'skirmish')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost({ ...ctx, light: true }, 'skirmish', 'column')).toMatchObject({ ok: true, cost: 2 });
  });

  it('cavalry: 1 action between column, line and road column; line ↔ echelon ½; echelon only from line', () => {
    const cav: FormationContext = { ...ctx, arm: 'cavalry', type: 'light' };
    expect(formationCost(cav, 'column', 'line')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost(cav, 'line', 'echelon')).toMatchObject({ ok: true, cost: 0.5 });
    expect(formationCost(cav, 'column', 'echelon').ok).toBe(false);
    expect(formationCost(cav, 'line', 'square').ok).toBe(false);
  });

  it('artillery: limber or unlimber, 1 action; nothing else', () => {
    const gun: FormationContext = { ...ctx, arm: 'artillery', type: 'foot' };
    expect(formationCost(gun, 'limbered', 'unlimbered')).toMatchObject({ ok: true, cost: 1 });
    expect(formationCost(gun, 'unlimbered', 'column').ok).toBe(false);
  });

  it('line on the flank: 2 actions; 1 for 1806 Prussians and for cavalry', () => {
    expect(lineOnFlankCost('infantry', 'french', 1809)).toBe(2);
    expect(lineOnFlankCost('infantry', 'prussian', 1806)).toBe(1);
    expect(lineOnFlankCost('cavalry', undefined, undefined)).toBe(1);
  });
});

describe('Changing Orders; Misinterpreting of Orders (command option #2)', () => {
  const base: DelayFacts = {
    nation: undefined, year: 1815, cavalryDivision: false, napoleonArmyCommander: false, from: 'defend', to: 'attack',
    leaderDistance: 10, enemyWithin12OrCommitted: false, originalLeaderLost: false, weather: 'clear',
  };

  it('a French cavalry division, leaders 30" apart, in rain: d6 4 − 1 − 1 + 2 + 2 = 6 periods', () => {
    const mods = orderDelayModifiers({ ...base, nation: 'french', cavalryDivision: true, leaderDistance: 30, weather: 'light-rain' });
    expect(mods.map((m) => `${m.id} ${m.value}`).sort()).toEqual(['cavalry -1', 'distance 2', 'french -1', 'weather 2']);
    expect(orderDelay(4, mods)).toBe(6);
  });

  it('a reserve division with touching leaders: 2 − 3 − 2 gives the next period (1, never less)', () => {
    const mods = orderDelayModifiers({ ...base, from: 'reserve', leaderDistance: 1 });
    expect(orderDelay(2, mods)).toBe(1);
  });

  it('Prussians: +2 in 1806 or before, +1 after; Austrians and Russians +1; Spanish +2', () => {
    const val = (f: Partial<DelayFacts>) => orderDelayModifiers({ ...base, ...f }).find((m) => m.id === 'nation')?.value;
    expect(val({ nation: 'prussian', year: 1806 })).toBe(2);
    expect(val({ nation: 'prussian', year: 1813 })).toBe(1);
    expect(val({ nation: 'russian' })).toBe(1);
    expect(val({ nation: 'spanish' })).toBe(2);
  });

  it('misreading: 19–20 on the d20 (18 with a poor officer); attack misread on a 2 becomes maneuver', () => {
    expect(misread('attack', 0, () => 18, () => 2)).toEqual({ order: 'attack', misread: false, rolls: [18] });
    expect(misread('attack', 1, () => 18, () => 2)).toEqual({ order: 'maneuver', misread: true, rolls: [18, 2] });
    expect(MISREAD_TABLE.reserve[5]).toBe('attack');
    expect(MISREAD_TABLE.withdraw[3]).toBe('maneuver');
  });
});

describe('Threshold Checks; Leader Losses', () => {
  const none: ThresholdFacts = {
    french: false, napoleonPresent: false, mostlyElite: false, frenchGuard: undefined, mostlyMilitia: false,
    mostlySpanish: false, outOfCommand: false, originalLeaderLost: false, influence: 0,
  };

  it('rolls at 50%: 3 of 6 lost units call for a roll, 2 of 6 do not', () => {
    expect(thresholdReached(3, 6, 50)).toBe(true);
    expect(thresholdReached(2, 6, 50)).toBe(false);
    expect(thresholdReached(2, 5, 40)).toBe(true);
  });

  it('passes on 1–8; the Old Guard with Napoleon present needs 8 + 5 + 1 = 14 or less', () => {
    expect(thresholdNeed(thresholdModifiers(none))).toBe(8);
    expect(thresholdNeed(thresholdModifiers({ ...none, french: true, napoleonPresent: true, frenchGuard: 'old', mostlyElite: true }))).toBe(14);
  });

  it('a militia division out of command whose leader fell: 8 − 1 − 3 − 3 = 1', () => {
    expect(thresholdNeed(thresholdModifiers({ ...none, mostlyMilitia: true, outOfCommand: true, originalLeaderLost: true }))).toBe(1);
  });

  it('leader loss: 1–2 casualties lose him on a 1, 3–4 on 1–2, 5–6 on 1–3; no casualties, no roll', () => {
    expect(leaderLoss(2, () => 1)).toEqual({ lost: true, rolls: [1] });
    expect(leaderLoss(2, () => 2)).toEqual({ lost: false, rolls: [2] });
    expect(leaderLoss(4, () => 2).lost).toBe(true);
    expect(leaderLoss(5, () => 3).lost).toBe(true);
    expect(leaderLoss(5, () => 4).lost).toBe(false);
    expect(leaderLoss(0, () => 1)).toEqual({ lost: false, rolls: [] });
  });

  it('influence +4 loses the leader on a d10 of 1–4', () => {
    expect(influenceLoss(4, () => 4).lost).toBe(true);
    expect(influenceLoss(4, () => 5).lost).toBe(false);
  });
});
