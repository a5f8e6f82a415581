// Rules tests for fire (rule 4) and assaults (3.iv Assault), with fixed dice; each names the rule it checks.
import { describe, expect, it } from 'vitest';
import { act, box, cellOf, has, inActions, inFire, start, unit, type ScenarioSpec, type UnitSpec } from '../../tests/se-kit.js';
import { dicePool } from './dice-pools.js';
import { legalActions } from './game.js';
import { DID_BOMBARD, DID_MARCH, DID_MOVE, DID_MANEUVER, type GameState } from './types.js';

type Pool = ReturnType<typeof dicePool>;
const fire = (s: GameState, unit: string, target: string, assume = true, orderBonus = false): Pool =>
  dicePool(s, { kind: 'fire', unit, target, assume, orderBonus });
const assault = (s: GameState, unit: string, target: string, orderBonus = false): Pool =>
  dicePool(s, { kind: 'assault', unit, target, assume: true, orderBonus });
const reasons = (p: Pool, who?: 'attacker' | 'defender'): string[] => {
  const x = p as { modifiers?: { reason: string }[]; attacker?: { modifiers: { reason: string }[] }; defender?: { modifiers: { reason: string }[] } };
  return (who ? x[who]!.modifiers : x.modifiers!).map((m) => m.reason);
};
const duel = (red: UnitSpec[], blue: UnitSpec[], extra: Partial<ScenarioSpec> = {}): GameState => start({ red, blue, ...extra });

describe('rule 4.ii: ordinary fire', () => {
  it('rule 4.ii.c: Infantry fire reaches 1 box with 3d6, hitting on 4+', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    expect(fire(s, 'r', 'b')).toEqual({ allowed: true, kind: 'fire', range: 1, dice: 3, hitOn: 4, modifiers: [], reroll: false });
  });

  it('rule 4.ii.c: Infantry fire does not reach a diagonal neighbour (1.5 boxes); it skirmishes instead', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'E4' }]);
    expect(fire(s, 'r', 'b')).toMatchObject({ allowed: true, kind: 'skirmish', range: 1.5, dice: 1, hitOn: 4 });
  });

  it('rule 4.ii.a: the fire arc is 45° either side of the front, diagonals included', () => {
    const inArc = duel([{ id: 'g', kind: 'guns', cell: 'D2' }], [{ id: 'b', kind: 'inf', cell: 'F4' }]);
    expect(fire(inArc, 'g', 'b')).toMatchObject({ allowed: true, kind: 'fire', range: 3, dice: 2, hitOn: 3 });
    const outside = duel([{ id: 'g', kind: 'guns', cell: 'D2' }], [{ id: 'b', kind: 'inf', cell: 'F3' }]);
    expect(fire(outside, 'g', 'b')).toMatchObject({ allowed: false });
  });

  it('rule 4.ii.d: artillery fires 3d6 to 2 boxes, 2d6 to 4 and 1d6 to 8, hitting on 3+', () => {
    const at = (cell: string): Pool => fire(duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell }], { rows: 10 }), 'g', 'b');
    expect(at('D3')).toMatchObject({ allowed: true, range: 2, dice: 3, hitOn: 3 });
    expect(at('D4')).toMatchObject({ allowed: true, range: 3, dice: 2 });
    expect(at('D5')).toMatchObject({ allowed: true, range: 4, dice: 2 });
    expect(at('D6')).toMatchObject({ allowed: true, range: 5, dice: 1 });
    expect(at('D9')).toMatchObject({ allowed: true, range: 8, dice: 1, hitOn: 3 });
    expect(at('D10')).toMatchObject({ allowed: false });
    // 2.5 boxes (one diagonal and one straight) is in the 2d6 band.
    expect(at('E3')).toMatchObject({ allowed: true, range: 2.5, dice: 2 });
  });

  it('rule 4.ii.d: horse artillery reaches only 4 boxes and (Medium Battery) hits on 4+', () => {
    const at = (cell: string): Pool => fire(duel([{ id: 'h', kind: 'hg', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell }]), 'h', 'b');
    expect(at('D5')).toMatchObject({ allowed: true, dice: 2, hitOn: 4 });
    expect(at('D6')).toMatchObject({ allowed: false });
  });

  it('Medium Battery trait: foot guns hit on 4+ instead of 3+', () => {
    const s = duel([{ id: 'g', kind: 'guns', cell: 'D1', traits: ['medium-battery'] }], [{ id: 'b', kind: 'inf', cell: 'D3' }]);
    expect(fire(s, 'g', 'b')).toMatchObject({ dice: 3, hitOn: 4 });
  });

  it('rule 4.ii.f: Lights fire 3d6 at 1 box hitting on 5+', () => {
    const s = duel([{ id: 'l', kind: 'lights', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    expect(fire(s, 'l', 'b')).toMatchObject({ kind: 'fire', dice: 3, hitOn: 5 });
  });

  it('Low Supplies trait: the unit fires with a hit number one worse', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3', traits: ['low-supplies'] }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    const p = fire(s, 'r', 'b');
    expect(p).toMatchObject({ dice: 3, hitOn: 5 });
    expect(reasons(p)).toContain('low supplies: hit number one worse');
  });

  it('rule 4.ii.e Cover: firing at a unit in cover costs a die; Lights shooting ignore it', () => {
    const terrain = [box(['D4'], 'woods', 'w')];
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }], { terrain });
    expect(fire(s, 'r', 'b')).toMatchObject({ dice: 2, modifiers: [{ reason: 'target in cover', dice: -1 }] });
    const l = duel([{ id: 'l', kind: 'lights', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }], { terrain });
    expect(fire(l, 'l', 'b')).toMatchObject({ dice: 3, modifiers: [] });
    const town = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }], { terrain: [box(['D4'], 'town', 't')] });
    expect(fire(town, 'r', 'b')).toMatchObject({ dice: 2 });
  });

  it('rule 4.ii.e Cover: firing at Lights costs a die, the same single die as cover; Lights shooting ignore it', () => {
    const open = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'lights', cell: 'D4' }]);
    expect(fire(open, 'r', 'b')).toMatchObject({ dice: 2, modifiers: [{ reason: 'target is Lights', dice: -1 }] });
    // "in Cover or at Lights" is one −1d6: Lights in woods lose the firer one die, not two.
    const woods = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'lights', cell: 'D4' }], { terrain: [box(['D4'], 'woods', 'w')] });
    expect(fire(woods, 'r', 'b')).toMatchObject({ dice: 2, modifiers: [{ reason: 'target is Lights in cover (one penalty)', dice: -1 }] });
    // The penalty Lights shooting ignore is that whole bullet, so Lights fire 3d6 at Lights.
    const duelOfLights = duel([{ id: 'r', kind: 'lights', cell: 'D3' }], [{ id: 'b', kind: 'lights', cell: 'D4' }]);
    expect(fire(duelOfLights, 'r', 'b')).toMatchObject({ dice: 3, hitOn: 5, modifiers: [] });
  });

  it('hills note after rule 4.ii.g: a hill gives no cover from fire', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }], { terrain: [box(['D4'], 'hill', 'h')] });
    expect(fire(s, 'r', 'b')).toMatchObject({ dice: 3 });
  });

  it('rule 4.ii.e Flank or Rear: +1d6, but Lights and squares have no flanks', () => {
    const flank = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4', facing: 90 }]);
    expect(fire(flank, 'r', 'b')).toMatchObject({ dice: 4, modifiers: [{ reason: 'firing at the flank', dice: 1 }] });
    const rear = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4', facing: 180 }]);
    expect(fire(rear, 'r', 'b')).toMatchObject({ dice: 4, modifiers: [{ reason: 'firing at the rear', dice: 1 }] });
    const lights = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'lights', cell: 'D4', facing: 180 }]);
    expect(reasons(fire(lights, 'r', 'b'))).toEqual(['target is Lights']);
    const square = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4', facing: 180, formation: 'square' }]);
    expect(fire(square, 'r', 'b')).toMatchObject({ dice: 3 });
  });

  it('rule 4.ii.e Formation: Infantry in column or square fire 2d6 at 1 box; artillery gets +1d6 at a column or square', () => {
    for (const formation of ['column', 'square'] as const) {
      const s = duel([{ id: 'r', kind: 'inf', cell: 'D3', formation }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
      expect(fire(s, 'r', 'b')).toMatchObject({ dice: 2, modifiers: [{ reason: `infantry in ${formation} fires 2d6`, dice: -1 }] });
      const g = duel([{ id: 'g', kind: 'guns', cell: 'D2' }], [{ id: 'b', kind: 'inf', cell: 'D4', formation }]);
      expect(fire(g, 'g', 'b')).toMatchObject({ dice: 4, modifiers: [{ reason: `artillery firing at a ${formation}`, dice: 1 }] });
    }
  });

  it('rule 4.ii.e Order: an unused order spent adds a die', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    expect(fire(s, 'r', 'b', true, true)).toMatchObject({ dice: 4, modifiers: [{ reason: 'unused order spent', dice: 1 }] });
  });

  it('rule 4.ii.b: priority targets — the nearest in the front arc; equal ranges are a free choice', () => {
    const s = inFire(
      duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'near', kind: 'inf', cell: 'D3' }, { id: 'far', kind: 'inf', cell: 'F4' }], { rows: 10 }),
      'red',
      { g: DID_BOMBARD },
    );
    const targets = legalActions(s).map((a) => (a as { target: string }).target).sort();
    expect(targets).toEqual(['near']);
    expect(fire(s, 'g', 'far', false)).toMatchObject({ allowed: false, reason: 'priority targets must be fired at first: near' });
    const twins = inFire(duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'a', kind: 'inf', cell: 'C3' }, { id: 'b', kind: 'inf', cell: 'E3' }]), 'red', { g: DID_BOMBARD });
    expect(legalActions(twins).map((a) => (a as { target: string }).target).sort()).toEqual(['a', 'b']);
  });

  it('rule 4.i: skirmish fire — 360°, 2 boxes, one unmodified d6 for 4+; front-arc targets have priority', () => {
    const behind = duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'C2', facing: 90 }]);
    expect(fire(behind, 'r', 'b')).toEqual({ allowed: true, kind: 'skirmish', range: 1.5, dice: 1, hitOn: 4, modifiers: [], reroll: false });
    const both = inFire(duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'front', kind: 'inf', cell: 'D5' }, { id: 'back', kind: 'inf', cell: 'C2' }]), 'red');
    expect(legalActions(both).map((a) => (a as { target: string }).target)).toEqual(['front']);
  });

  it('rule 4.ii: guns fire only with a Bombardment action; otherwise they skirmish', () => {
    const s = duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell: 'D3' }]);
    expect(fire(inFire(s, 'red'), 'g', 'b', false)).toMatchObject({ kind: 'skirmish', dice: 1, hitOn: 4 });
    expect(fire(inFire(s, 'red', { g: DID_BOMBARD }), 'g', 'b', false)).toMatchObject({ kind: 'fire', dice: 3, hitOn: 3 });
    const bombard = act(inActions(s, 'red', ['g']), { type: 'bombard', unit: 'g' });
    expect(unit(bombard.state, 'g').did & DID_BOMBARD).toBeTruthy();
  });

  it('rule 3.iii / 4.i: marching units neither fire nor skirmish; foot guns that moved may not fire', () => {
    const s = duel([{ id: 'r', kind: 'inf', cell: 'D3' }, { id: 'g', kind: 'guns', cell: 'E1' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    expect(fire(inFire(s, 'red', { r: DID_MARCH }), 'r', 'b', false)).toMatchObject({ allowed: false, reason: 'it marched this turn' });
    expect(fire(inFire(s, 'red', { g: DID_MOVE | DID_BOMBARD }), 'g', 'b', false)).toMatchObject({ allowed: false });
  });

  it('rule 4.ii.d: horse artillery may Move and fire; Horse Gun Batteries option: may also Maneuver and fire', () => {
    const s = duel([{ id: 'h', kind: 'hg', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell: 'D3' }]);
    expect(fire(inFire(s, 'red', { h: DID_MOVE }), 'h', 'b', false)).toMatchObject({ kind: 'fire', dice: 3 });
    expect(fire(inFire(s, 'red', { h: DID_MANEUVER }), 'h', 'b', false)).toMatchObject({ kind: 'skirmish' });
    const opt = duel([{ id: 'h', kind: 'hg', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell: 'D3' }], { options: { horseGuns: true } });
    expect(fire(inFire(opt, 'red', { h: DID_MANEUVER }), 'h', 'b', false)).toMatchObject({ kind: 'fire', dice: 3 });
  });

  it('Limbers option: guns that moved cannot fire at all, not even their skirmishers', () => {
    const spec = (options = {}) => duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell: 'D3' }], { options });
    expect(fire(inFire(spec(), 'red', { g: DID_MOVE }), 'g', 'b', false)).toMatchObject({ kind: 'skirmish' });
    expect(fire(inFire(spec({ limbers: true }), 'red', { g: DID_MOVE }), 'g', 'b', false)).toMatchObject({ allowed: false, reason: 'its guns are limbered' });
  });

  it('Resupply Guns option: guns fire without Bombardment, but after a 1 on the resupply die they need one', () => {
    const s = inFire(duel([{ id: 'g', kind: 'guns', cell: 'D1' }], [{ id: 'b', kind: 'inf', cell: 'D3', sp: 7 }], { options: { resupplyGuns: true } }), 'red');
    expect(fire(s, 'g', 'b', false)).toMatchObject({ kind: 'fire', dice: 3 });
    const out = act(s, { type: 'fire', unit: 'g', target: 'b' }, [1, 1, 2, 1]);
    expect(unit(out.state, 'g').supplied).toBe(false);
    expect(fire(inFire(out.state, 'red'), 'g', 'b', false)).toMatchObject({ kind: 'skirmish' });
  });

  it('Light Rifles trait: skirmish range 3 and a missed skirmish die may be re-rolled', () => {
    const s = inFire(duel([{ id: 'l', kind: 'lights', cell: 'D2', traits: ['light-rifles'] }], [{ id: 'b', kind: 'inf', cell: 'D5' }]), 'red');
    expect(fire(s, 'l', 'b', false)).toMatchObject({ kind: 'skirmish', range: 3, dice: 1, hitOn: 4, reroll: true });
    const out = act(s, { type: 'fire', unit: 'l', target: 'b' }, [2, 5]);
    expect(unit(out.state, 'b').hits).toBe(1);
  });

  it('Limited Skirmishers trait: skirmish fire only at 1 box', () => {
    const two = duel([{ id: 'r', kind: 'inf', cell: 'D3', traits: ['limited-skirmishers'] }], [{ id: 'b', kind: 'inf', cell: 'D1' }]);
    expect(fire(two, 'r', 'b')).toMatchObject({ allowed: false });
    const one = duel([{ id: 'r', kind: 'inf', cell: 'D3', traits: ['limited-skirmishers'] }], [{ id: 'b', kind: 'inf', cell: 'D2' }]);
    expect(fire(one, 'r', 'b')).toMatchObject({ allowed: true, kind: 'skirmish' });
  });

  it('Cavalry units: cavalry do not fire', () => {
    const s = duel([{ id: 'c', kind: 'cav', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]);
    expect(fire(s, 'c', 'b')).toEqual({ allowed: false, reason: 'cavalry do not fire' });
  });

  it('Units and Boxes: intervening woods, towns, hills and units block line of sight', () => {
    const at = (terrain: ScenarioSpec['terrain'], extra: UnitSpec[] = []) =>
      fire(duel([{ id: 'g', kind: 'guns', cell: 'D1' }, ...extra], [{ id: 'b', kind: 'inf', cell: 'D5' }], { terrain }), 'g', 'b');
    expect(at([])).toMatchObject({ allowed: true });
    expect(at([box(['D3'], 'woods', 'w')])).toMatchObject({ allowed: false, reason: 'no line of sight' });
    expect(at([box(['D3'], 'town', 't')])).toMatchObject({ allowed: false });
    expect(at([box(['D3'], 'hill', 'h')])).toMatchObject({ allowed: false });
    expect(at([], [{ id: 'x', kind: 'inf', cell: 'D3' }])).toMatchObject({ allowed: false });
    // Interpretation: one standing on a hill at least as high sees over it.
    expect(at([box(['D1', 'D3'], 'hill', 'h')])).toMatchObject({ allowed: true });
  });

  it('rule 4.ii.g: a unit taking 3+ hits from one fire withdraws 1 box straight back', () => {
    const s = inFire(duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]), 'red');
    const three = act(s, { type: 'fire', unit: 'r', target: 'b' }, [4, 5, 6]);
    expect(unit(three.state, 'b').hits).toBe(3);
    expect(cellOf(three.state, 'b')).toBe('D5');
    const two = act(s, { type: 'fire', unit: 'r', target: 'b' }, [4, 5, 1]);
    expect(unit(two.state, 'b').hits).toBe(2);
    expect(cellOf(two.state, 'b')).toBe('D4');
  });

  it('rule 4.ii.e Order: in the Fire phase an unused order is spent as a bonus die', () => {
    const s = inFire(duel([{ id: 'r', kind: 'inf', cell: 'D3' }], [{ id: 'b', kind: 'inf', cell: 'D4' }]), 'red');
    s.units[0]!.orders = 1;
    const out = act(s, { type: 'fire', unit: 'r', target: 'b' }, [4, 1, 1, 1]);
    const ev = out.events.find((e) => e.type === 'fire')!;
    expect(ev.dice).toBe(4);
    expect(unit(out.state, 'r').used).toBe(1);
  });
});

describe('rule 3.iv Assault', () => {
  const red = (extra: Partial<UnitSpec> = {}): UnitSpec => ({ id: 'r', kind: 'inf', cell: 'D3', ...extra });
  const blue = (extra: Partial<UnitSpec> = {}): UnitSpec => ({ id: 'b', kind: 'inf', cell: 'D5', ...extra });

  it('rule 3.iv Assault c.3 and f.5: Artillery, Lights and squares may not assault', () => {
    for (const r of [red({ kind: 'guns' }), red({ kind: 'lights' }), red({ formation: 'square' })]) {
      const s = inActions(duel([r], [blue()]), 'red', ['r']);
      expect(legalActions(s).some((a) => a.type === 'assault')).toBe(false);
      expect(assault(s, 'r', 'b')).toMatchObject({ allowed: false });
    }
  });

  it('rule 3.iv Assault a: the assaulter contacts only the side whose arc it starts in', () => {
    const flank = inActions(duel([{ id: 'c', kind: 'cav', cell: 'B5', facing: 90 }], [blue()]), 'red', ['c']);
    expect(legalActions(flank).filter((a) => a.type === 'assault')).toEqual([{ type: 'assault', unit: 'c', target: 'b', from: 'C5' }]);
    const front = inActions(duel([{ id: 'c', kind: 'cav', cell: 'B3', facing: 90 }], [blue()]), 'red', ['c']);
    expect(legalActions(front).filter((a) => a.type === 'assault')).toEqual([{ type: 'assault', unit: 'c', target: 'b', from: 'D4' }]);
    expect(assault(front, 'c', 'b')).toMatchObject({ arc: 'front' });
  });

  it('rule 3.iv Assault b: one turn of up to 90° at the start, then straight ahead (line infantry cannot reach a box behind it)', () => {
    const behind = inActions(duel([red({ cell: 'D3', facing: 0 })], [blue({ cell: 'D5' })]), 'red', ['r']);
    expect(legalActions(behind).some((a) => a.type === 'assault')).toBe(false);
    const side = inActions(duel([red({ cell: 'D3', facing: 90 })], [blue({ cell: 'D5' })]), 'red', ['r']);
    expect(legalActions(side).some((a) => a.type === 'assault')).toBe(true);
  });

  it('rule 3.iv Assault b: a unit already touching the target turns at most 90° to face it, so not with its back to it', () => {
    const back = inActions(duel([red({ cell: 'D4', facing: 0 })], [blue({ cell: 'D5', facing: 0 })]), 'red', ['r']);
    expect(legalActions(back).some((a) => a.type === 'assault')).toBe(false);
    const sideOn = inActions(duel([red({ cell: 'D4', facing: 90 })], [blue({ cell: 'D5', facing: 0 })]), 'red', ['r']);
    expect(legalActions(sideOn).filter((a) => a.type === 'assault')).toEqual([{ type: 'assault', unit: 'r', target: 'b', from: 'D4' }]);
  });

  it('rule 3.iv Assault f: both roll d6 equal to remaining SP; Cavalry hit on 3+, Infantry 4+, Lights 5+', () => {
    const s = duel([red()], [blue({ sp: 6 })]);
    s.units[0]!.hits = 2;
    expect(assault(s, 'r', 'b')).toEqual({
      allowed: true,
      arc: 'front',
      attacker: { dice: 5, hitOn: 4, modifiers: [] },
      defender: { dice: 6, hitOn: 4, modifiers: [] },
      gunsRemoved: false,
    });
    const c = duel([red({ kind: 'cav' })], [blue({ kind: 'lights' })]);
    const p = assault(c, 'r', 'b') as { attacker: { hitOn: number }; defender: { hitOn: number } };
    expect(p.attacker.hitOn).toBe(3);
    expect(p.defender.hitOn).toBe(5);
  });

  it('rule 3.iv Assault f.1: a defender in cover (town, woods, river crossing) or on a hill costs the attacker 1d6', () => {
    for (const kind of ['town', 'woods'] as const) {
      const s = duel([red()], [blue()], { terrain: [box(['D5'], kind, 'x')] });
      expect(assault(s, 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'defender in cover', dice: -1 }] } });
    }
    const hill = duel([red()], [blue()], { terrain: [box(['D5'], 'hill', 'h')] });
    expect(assault(hill, 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'defender uphill', dice: -1 }] } });
    // "Defenders in … Hills": a defender on the same hill as its assaulter keeps the advantage.
    const level = duel([red()], [blue()], { terrain: [box(['D4', 'D5'], 'hill', 'h')] });
    expect(assault(level, 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'defender on a hill', dice: -1 }] } });
    // Interpretation (§7): not when the assaulter comes down from higher ground (not "uphill").
    const higher = duel([red()], [blue()], { terrain: [box(['D4'], 'hill', 'h2', { level: 2 }), box(['D5'], 'hill', 'h1')] });
    expect(assault(higher, 'r', 'b')).toMatchObject({ attacker: { dice: 7, modifiers: [] } });
    const river = { id: 'rv', kind: 'river', path: [[0, 27], [48, 27]], fordable: false } as never;
    const ford = duel([red()], [blue()], { terrain: [river, { id: 'fd', kind: 'ford', at: [21, 27], river: 'rv' } as never] });
    expect(assault(ford, 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'defender at a river crossing', dice: -1 }] } });
    // Holding the bank at the end of a bridge, assaulted by a unit coming over it, is defending the crossing too.
    const bank = duel([red({ cell: 'D4' })], [blue({ cell: 'D6' })], { terrain: [river, { id: 'br', kind: 'bridge', at: [21, 27], river: 'rv' } as never] });
    expect(assault(bank, 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'defender at a river crossing', dice: -1 }] } });
  });

  it('rule 3.iv Assault f.2: cavalry +1d6 charging, +1d6 more against Lights, −1d6 against heavy cavalry', () => {
    expect(assault(duel([red({ kind: 'cav' })], [blue()]), 'r', 'b')).toMatchObject({ attacker: { dice: 6, modifiers: [{ reason: 'cavalry charging', dice: 1 }] } });
    expect(assault(duel([red({ kind: 'cav' })], [blue({ kind: 'lights' })]), 'r', 'b')).toMatchObject({ attacker: { dice: 7 } });
    expect(assault(duel([red({ kind: 'cav' })], [blue({ kind: 'hc' })]), 'r', 'b')).toMatchObject({
      attacker: { dice: 5, modifiers: [{ reason: 'cavalry charging', dice: 1 }, { reason: 'cavalry fighting heavy cavalry', dice: -1 }] },
    });
    // Interpretation: "fighting" covers the defending cavalry too.
    expect(assault(duel([red({ kind: 'hc' })], [blue({ kind: 'cav' })]), 'r', 'b')).toMatchObject({ attacker: { dice: 6 }, defender: { dice: 4 } });
  });

  it('rule 3.iv Assault f.4: +1d6 for touching the flank or rear, but not against Lights', () => {
    const flank = duel([{ id: 'c', kind: 'cav', cell: 'B5', facing: 90 }], [blue()]);
    expect(assault(flank, 'c', 'b')).toMatchObject({ arc: 'flank', attacker: { dice: 7, modifiers: [{ reason: 'cavalry charging', dice: 1 }, { reason: 'assaulting the flank', dice: 1 }] } });
    const rear = duel([{ id: 'c', kind: 'cav', cell: 'D7', facing: 0 }], [blue()]);
    expect(assault(rear, 'c', 'b')).toMatchObject({ arc: 'rear', attacker: { dice: 7 } });
    const lights = duel([{ id: 'c', kind: 'cav', cell: 'B5', facing: 90 }], [blue({ kind: 'lights' })]);
    expect(reasons(assault(lights, 'c', 'b'), 'attacker')).toEqual(['cavalry charging', 'cavalry charging Lights']);
  });

  it('rule 3.iv Assault f.5: a column assaulting infantry not in column gets +1d6', () => {
    expect(assault(duel([red({ formation: 'column' })], [blue()]), 'r', 'b')).toMatchObject({ attacker: { dice: 8, modifiers: [{ reason: 'column assaulting infantry', dice: 1 }] } });
    expect(assault(duel([red({ formation: 'column' })], [blue({ formation: 'column' })]), 'r', 'b')).toMatchObject({ attacker: { dice: 7 } });
  });

  it('rule 3.iv Assault f.5: a square has no flanks and gets +2d6 against cavalry, which loses its charge bonus', () => {
    const s = duel([{ id: 'c', kind: 'cav', cell: 'B5', facing: 90 }], [blue({ formation: 'square' })]);
    expect(assault(s, 'c', 'b')).toMatchObject({
      arc: 'flank',
      attacker: { dice: 5, modifiers: [] },
      defender: { dice: 9, modifiers: [{ reason: 'square against cavalry', dice: 2 }] },
    });
  });

  it('Resolute/Steady trait and rule 3.iv Assault f.3: +1d6 when assaulted; +1d6 for an order spent to defend', () => {
    const s = duel([red()], [blue({ traits: ['resolute'] })]);
    expect(assault(s, 'r', 'b', true)).toMatchObject({
      defender: { dice: 9, modifiers: [{ reason: 'resolute', dice: 1 }, { reason: 'unused order spent to defend', dice: 1 }] },
    });
  });

  it('rule 3.iv Assault f.6 and retreats: the loser falls back the hit difference; the winner may advance', () => {
    const s = inActions(duel([red()], [blue()]), 'red', ['r']);
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [6, 6, 6, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1]);
    expect(unit(out.state, 'b').hits).toBe(3);
    expect(unit(out.state, 'r').hits).toBe(1);
    expect(cellOf(out.state, 'b')).toBe('D7');
    expect(out.state.pending.kind).toBe('assault-win');
    expect(has(out.state, { type: 'after-assault', choice: 'advance' })).toBe(true);
    const adv = act(out.state, { type: 'after-assault', choice: 'advance' });
    expect(cellOf(adv.state, 'r')).toBe('D5');
  });

  it('rule 3.iv Assault f.6: the assaulter loses ties and retreats 1 box', () => {
    const s = inActions(duel([red()], [blue()]), 'red', ['r']);
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [4, 1, 1, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1]);
    expect(cellOf(out.state, 'r')).toBe('D3');
    expect(cellOf(out.state, 'b')).toBe('D5');
  });

  it('rule 3.iv Assault retreats: a hit for each unit crossed; elimination in impassable terrain; pushed to the nearest open box', () => {
    const win = [6, 6, 6, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1];
    const crossed = inActions(duel([red()], [blue(), { id: 'b2', kind: 'inf', cell: 'D6' }]), 'red', ['r']);
    const c = act(crossed, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, win);
    expect(cellOf(c.state, 'b')).toBe('D7');
    expect(unit(c.state, 'b').hits).toBe(4);
    const lake = inActions(duel([red()], [blue(), { id: 'b2', kind: 'inf', cell: 'A1' }], { terrain: [box(['D6'], 'lake', 'l')] }), 'red', ['r']);
    const l = act(lake, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, win);
    expect(unit(l.state, 'b').status).toBe('eliminated');
    const full = inActions(duel([red()], [blue(), { id: 'b2', kind: 'inf', cell: 'D7' }]), 'red', ['r']);
    const f = act(full, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, win);
    expect(unit(f.state, 'b').hits).toBe(4);
    // Of the boxes at distance 1 from D7, the one farthest from the winner.
    expect(cellOf(f.state, 'b')).toBe('D8');
  });

  it('rule 3.iv Assault d: assaulted guns are removed at once', () => {
    const s = inActions(duel([red()], [blue({ kind: 'guns' })]), 'red', ['r']);
    expect(assault(s, 'r', 'b')).toMatchObject({ gunsRemoved: true, defender: { dice: 0 } });
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' });
    expect(unit(out.state, 'b').status).toBe('eliminated');
    expect(out.state.pending.kind).toBe('assault-win');
  });

  it('rule 3.iv Assault e: ordered guns assaulted from the front fire once at close range first', () => {
    const s = inActions(duel([red()], [blue({ kind: 'guns' })]), 'red', ['r']);
    s.units[1]!.orders = 1;
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [3, 4, 5]);
    expect(unit(out.state, 'r').hits).toBe(3);
    expect(cellOf(out.state, 'r')).toBe('D3');
    expect(unit(out.state, 'b').status).toBe('table');
    const weak = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [1, 1, 3]);
    expect(unit(weak.state, 'b').status).toBe('eliminated');
  });

  it('rule 3.iv Assault f.3: a defender with an unused order chooses fire at 1 box, a bonus die, or nothing', () => {
    const s = inActions(duel([red()], [blue()]), 'red', ['r']);
    s.units[1]!.orders = 1;
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' });
    expect(out.state.pending.kind).toBe('assault-defence');
    expect(legalActions(out.state).map((a) => (a as { choice: string }).choice)).toEqual(['fire', 'dice', 'none']);
    const dice = act(out.state, { type: 'assault-defence', choice: 'dice' }, [1, 1, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1]);
    const res = dice.events.find((e) => e.type === 'assault-result') as { defender: { dice: number; hits: number } };
    expect(res.defender.dice).toBe(8);
    expect(cellOf(dice.state, 'r')).toBe('D2');
    const fired = act(out.state, { type: 'assault-defence', choice: 'fire' }, [4, 5, 6]);
    expect(unit(fired.state, 'r').hits).toBe(3);
    expect(fired.events.some((e) => e.type === 'assault-stopped')).toBe(true);
  });

  it('Impetuous trait: a winning unit always advances one box', () => {
    const s = inActions(duel([red({ kind: 'cav', traits: ['impetuous'] })], [blue()]), 'red', ['r']);
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [6, 6, 6, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1]);
    expect(out.state.pending.kind).not.toBe('assault-win');
    expect(cellOf(out.state, 'r')).toBe('D5');
  });

  it('rule 3.iv Assault, last line: a winning assaulter may instead turn up to 180°', () => {
    const s = inActions(duel([red()], [blue()]), 'red', ['r']);
    const out = act(s, { type: 'assault', unit: 'r', target: 'b', from: 'D4' }, [6, 6, 6, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1]);
    const turned = act(out.state, { type: 'after-assault', choice: 'turn', facing: 90 });
    expect(unit(turned.state, 'r').facing).toBe(90);
    expect(cellOf(turned.state, 'r')).toBe('D4');
  });
});
