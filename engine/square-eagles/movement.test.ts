// Rules tests for moving: each names the rule it checks (numbering of seed 003, see docs/rules/square-eagles.md).
import { describe, expect, it } from 'vitest';
import { act, box, centre, has, inActions, moves, start, unit, cellOf } from '../../tests/se-kit.js';
import { legalActions } from './game.js';

const far = { id: 'b-far', kind: 'inf' as const, cell: 'H8' };

describe('Units and Boxes: diagonals and blocking', () => {
  it('Units and Boxes: a diagonal step costs 1.5 boxes, so cavalry (3 boxes) reach one diagonal and one straight box', () => {
    const s = inActions(start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }], blue: [far] }), 'red', ['cav']);
    const to = moves(s, 'cav');
    expect(to).toEqual(expect.arrayContaining(['D5', 'E4', 'C4', 'E3']));
    expect(to).not.toContain('E5');
    expect(to).not.toContain('F4');
  });

  it('rule 3.iii: infantry in line moves straight ahead only; in column it may take one diagonal', () => {
    const line = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D2' }], blue: [far] }), 'red', ['i']);
    expect(moves(line, 'i')).toEqual(expect.arrayContaining(['D3', 'D4', 'C2', 'B2', 'E2', 'F2', 'D1']));
    expect(moves(line, 'i')).not.toContain('E3');
    const col = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D2', formation: 'column' }], blue: [far] }), 'red', ['i']);
    expect(moves(col, 'i')).toContain('E3');
    expect(moves(col, 'i')).not.toContain('E4');
  });

  it('Units and Boxes: a diagonal move is barred when both boxes beside it hold troops or impassable terrain', () => {
    const both = inActions(
      start({
        red: [
          { id: 'cav', kind: 'cav', cell: 'D2' },
          { id: 'x', kind: 'inf', cell: 'D3' },
          { id: 'y', kind: 'inf', cell: 'E2' },
        ],
        blue: [far],
      }),
      'red',
      ['cav'],
    );
    expect(moves(both, 'cav')).not.toContain('E3');
    const one = inActions(start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }, { id: 'x', kind: 'inf', cell: 'D3' }], blue: [far] }), 'red', ['cav']);
    expect(moves(one, 'cav')).toContain('E3');
    const lake = inActions(
      start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }, { id: 'x', kind: 'inf', cell: 'D3' }], blue: [far], terrain: [box(['E2'], 'lake', 'lk')] }),
      'red',
      ['cav'],
    );
    expect(moves(lake, 'cav')).not.toContain('E3');
  });
});

describe('Units and Boxes: zones of control', () => {
  it('Units and Boxes: a unit entering an enemy ZOC stops there, facing into the unit exerting it', () => {
    const s = inActions(start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }], blue: [{ id: 'b', kind: 'inf', cell: 'D5' }] }), 'red', ['cav']);
    const intoZoc = legalActions(s).filter((a) => a.type === 'move' && a.to === 'D4');
    expect(intoZoc.length).toBeGreaterThan(0);
    expect(intoZoc.every((a) => a.type === 'move' && a.facing === 180)).toBe(true);
    // It may not carry on through the ZOC box to the far side of the enemy.
    expect(moves(s, 'cav')).not.toContain('C5');
  });

  it('Units and Boxes: Light Infantry exert no ZOC', () => {
    const s = inActions(start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }], blue: [{ id: 'b', kind: 'lights', cell: 'D5' }] }), 'red', ['cav']);
    const into = legalActions(s).filter((a) => a.type === 'move' && a.to === 'D4');
    expect(into.length).toBe(4);
  });

  it('Units and Boxes: units in a town exert no ZOC', () => {
    const s = inActions(
      start({ red: [{ id: 'cav', kind: 'cav', cell: 'D2' }], blue: [{ id: 'b', kind: 'inf', cell: 'D5' }], terrain: [box(['D5'], 'town', 't')] }),
      'red',
      ['cav'],
    );
    expect(legalActions(s).filter((a) => a.type === 'move' && a.to === 'D4').length).toBe(4);
  });

  it('Units and Boxes: a unit starting in an enemy ZOC that stays must face a unit exerting it', () => {
    const s = inActions(
      start({ red: [{ id: 'cav', kind: 'cav', cell: 'D4', facing: 90 }], blue: [{ id: 'b', kind: 'inf', cell: 'D5' }] }),
      'red',
      ['cav'],
    );
    const inPlace = legalActions(s).filter((a) => (a.type === 'move' || a.type === 'maneuver') && a.to === 'D4');
    expect(inPlace.length).toBeGreaterThan(0);
    expect(inPlace.every((a) => 'facing' in a && a.facing === 180)).toBe(true);
    // Withdrawing is allowed.
    expect(moves(s, 'cav')).toContain('D2');
  });

  it('Units and Boxes: a unit withdrawing from an enemy ZOC must get clear of the units exerting it, not step round to their flank', () => {
    // Units and Boxes: a unit that starts in an enemy ZOC stays facing into it, assaults a unit exerting it, or
    // withdraws from the zone. A step to a box still beside that enemy (here its flank, E5/C5) is no withdrawal.
    const s = inActions(
      start({ red: [{ id: 'cav', kind: 'cav', cell: 'D4', facing: 180 }], blue: [{ id: 'b', kind: 'inf', cell: 'D5', facing: 0 }] }),
      'red',
      ['cav'],
    );
    const beside = ['C4', 'E4', 'C5', 'E5', 'C6', 'E6'];
    for (const type of ['move', 'maneuver'] as const) {
      const to = moves(s, 'cav', type);
      for (const c of beside) expect(to, `${type} to ${c}`).not.toContain(c);
      // Away from it is fine: back north, or diagonally back (C3 is 2.5 boxes from D5).
      expect(to).toContain('D3');
      expect(to).toContain('C3');
    }
    expect(moves(s, 'cav')).toContain('D1');
    // Standing and facing it, and assaulting it, remain.
    expect(has(s, { type: 'assault', unit: 'cav', target: 'b' })).toBe(true);
    // A unit that did not start in the ZOC may still move onto the flank.
    const free = inActions(
      start({ red: [{ id: 'cav', kind: 'cav', cell: 'E3', facing: 180 }], blue: [{ id: 'b', kind: 'inf', cell: 'D5', facing: 0 }] }),
      'red',
      ['cav'],
    );
    expect(moves(free, 'cav')).toContain('E5');
  });
});

describe('rule 3.iii and 3.iv Maneuver: Move, March, Maneuver and turns', () => {
  it('rule 3.iii: Lights move 3 boxes, Infantry and foot guns 2, cavalry and horse guns 3', () => {
    const s = inActions(
      start({
        red: [
          { id: 'l', kind: 'lights', cell: 'A1' },
          { id: 'i', kind: 'inf', cell: 'B1' },
          { id: 'g', kind: 'guns', cell: 'C1' },
          { id: 'h', kind: 'hg', cell: 'D1' },
          { id: 'c', kind: 'cav', cell: 'E1' },
        ],
        blue: [far],
      }),
      'red',
      ['l', 'i', 'g', 'h', 'c'],
    );
    expect(moves(s, 'l')).toContain('A4');
    expect(moves(s, 'l')).not.toContain('A5');
    expect(moves(s, 'i')).toContain('B3');
    expect(moves(s, 'i')).not.toContain('B4');
    expect(moves(s, 'g')).toContain('C3');
    expect(moves(s, 'g')).not.toContain('C4');
    expect(moves(s, 'h')).toContain('D4');
    expect(moves(s, 'c')).toContain('E4');
    expect(moves(s, 'c')).not.toContain('E5');
  });

  it('rule 3.iii: March adds a box; Infantry marches only in column', () => {
    const col = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D1', formation: 'column' }], blue: [far] }), 'red', ['i']);
    expect(moves(col, 'i', 'march')).toContain('D4');
    const line = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D1' }], blue: [far] }), 'red', ['i']);
    expect(moves(line, 'i', 'march')).toEqual([]);
  });

  it('rule 3.iii: no March within 1 box of an enemy unit', () => {
    const s = inActions(
      start({ red: [{ id: 'i', kind: 'inf', cell: 'D1', formation: 'column' }], blue: [{ id: 'b', kind: 'inf', cell: 'C5', facing: 90 }] }),
      'red',
      ['i'],
    );
    const to = moves(s, 'i', 'march');
    expect(to).toContain('D4');
    // D5 is one box from C5 (orthogonally); C4 too.
    expect(to).not.toContain('D5');
  });

  it('rule 3.iv Maneuver a: Infantry turn only at the start of a move; Lights and Cavalry also at the end', () => {
    const s = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'B1' }, { id: 'c', kind: 'cav', cell: 'E1' }], blue: [far] }), 'red', ['i', 'c']);
    const inf = legalActions(s).filter((a) => a.type === 'move' && a.unit === 'i' && a.to === 'B3');
    expect(inf.map((a) => (a as { facing: number }).facing)).toEqual([180]);
    const cav = legalActions(s).filter((a) => a.type === 'move' && a.unit === 'c' && a.to === 'E3');
    expect(cav.map((a) => (a as { facing: number }).facing).sort()).toEqual([0, 180, 270, 90].sort());
  });

  it('rule 3.iv Maneuver a: Lights and Cavalry turn at the start or at the end of a move, not at both', () => {
    // Facing south at E1: going east to G1 needs the turn at the start, so the unit arrives facing east.
    for (const kind of ['cav', 'lights'] as const) {
      const s = inActions(start({ red: [{ id: 'u', kind, cell: 'E1', facing: 180 }], blue: [far] }), 'red', ['u']);
      const facings = (to: string): number[] =>
        legalActions(s)
          .filter((a) => a.type === 'move' && a.to === to)
          .map((a) => (a as { facing: number }).facing)
          .sort((x, y) => x - y);
      expect(facings('G1'), kind).toEqual([90]);
      // Straight ahead, the turn is still free to take at the end.
      expect(facings('E3'), kind).toEqual([0, 90, 180, 270]);
    }
  });

  it('Sluggish trait: the unit turns only at the end of a move', () => {
    const s = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'B1', facing: 90, traits: ['sluggish'] }], blue: [far] }), 'red', ['i']);
    expect(moves(s, 'i')).not.toContain('B2');
    const east = legalActions(s).filter((a) => a.type === 'move' && a.to === 'C1');
    expect(east.length).toBe(4);
  });

  it('Militia trait: the brigade turns only by Maneuvering', () => {
    const s = inActions(start({ red: [{ id: 'm', kind: 'militia', cell: 'B1', facing: 90, traits: ['militia'] }], blue: [far] }), 'red', ['m']);
    expect(moves(s, 'm')).toEqual(['C1', 'D1']);
    expect(legalActions(s).some((a) => a.type === 'maneuver' && a.unit === 'm' && a.facing === 180)).toBe(true);
  });

  it('Militia trait and Units and Boxes: militia entering an enemy ZOC are not turned by it; they stop there facing it, assault it, or Maneuver', () => {
    // Blue at C5 faces north, so its ZOC is C4. A unit entering a ZOC assaults or stops facing into it (Units and
    // Boxes); Militia may turn only by Maneuvering (Militia trait), so a Move may not turn them to face it.
    const blue = [{ id: 'b', kind: 'inf' as const, cell: 'C5', facing: 0 }];
    const sideOn = inActions(start({ red: [{ id: 'm', kind: 'militia', cell: 'B4', facing: 90, traits: ['militia'] }], blue }), 'red', ['m']);
    expect(moves(sideOn, 'm')).not.toContain('C4');
    expect(has(sideOn, { type: 'maneuver', unit: 'm', to: 'C4', facing: 180 })).toBe(true);
    expect(has(sideOn, { type: 'assault', unit: 'm', target: 'b', from: 'C4' })).toBe(true);
    // Coming straight at it, militia stop in the ZOC already facing it, or assault: the same choice as anyone.
    const headOn = inActions(start({ red: [{ id: 'm', kind: 'militia', cell: 'C2', facing: 180, traits: ['militia'] }], blue }), 'red', ['m']);
    expect(legalActions(headOn).filter((a) => a.type === 'move' && a.to === 'C4')).toEqual([{ type: 'move', unit: 'm', to: 'C4', facing: 180 }]);
    expect(has(headOn, { type: 'assault', unit: 'm', target: 'b', from: 'C4' })).toBe(true);
    // Others are turned to face it as they enter.
    const line = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'B4', facing: 90 }], blue }), 'red', ['i']);
    expect(legalActions(line).filter((a) => a.type === 'move' && a.to === 'C4')).toEqual([{ type: 'move', unit: 'i', to: 'C4', facing: 180 }]);
  });

  it('rule 3.iv Maneuver: one box in any direction (1.5 diagonally), any formation and facing; squares only Maneuver', () => {
    const s = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D4', formation: 'square' }], blue: [far] }), 'red', ['i']);
    expect(moves(s, 'i')).toEqual([]);
    expect(moves(s, 'i', 'maneuver')).toEqual(['C3', 'C4', 'C5', 'D3', 'D4', 'D5', 'E3', 'E4', 'E5']);
    expect(has(s, { type: 'maneuver', unit: 'i', to: 'E5', facing: 90, formation: 'column' })).toBe(true);
    const out = act(s, { type: 'maneuver', unit: 'i', to: 'D4', facing: 90, formation: 'line' });
    expect(unit(out.state, 'i').formation).toBe('line');
  });

  it('rule 3.iv Maneuver b: only skirmishers pass through friends, and must clear them', () => {
    const s = inActions(
      start({ red: [{ id: 'l', kind: 'lights', cell: 'D2' }, { id: 'i', kind: 'inf', cell: 'D3' }, { id: 'j', kind: 'inf', cell: 'C2' }], blue: [far] }),
      'red',
      ['l', 'j'],
    );
    expect(moves(s, 'l')).toContain('D4');
    expect(moves(s, 'l')).not.toContain('D3');
    const j = inActions(start({ red: [{ id: 'j', kind: 'inf', cell: 'D2' }, { id: 'i', kind: 'inf', cell: 'D3' }], blue: [far] }), 'red', ['j']);
    expect(moves(j, 'j')).not.toContain('D4');
  });
});

describe('rule 3.iv Maneuver c: terrain', () => {
  it('rule 3.iv c.1: only Infantry and Lights may end a move in a town; others may pass through', () => {
    const s = inActions(
      start({ red: [{ id: 'c', kind: 'cav', cell: 'D2' }, { id: 'i', kind: 'inf', cell: 'B2' }], blue: [far], terrain: [box(['D3', 'B3'], 'town', 't')] }),
      'red',
      ['c', 'i'],
    );
    expect(moves(s, 'c')).not.toContain('D3');
    expect(moves(s, 'c')).toContain('D4');
    expect(moves(s, 'i')).toContain('B3');
  });

  it('rule 3.iv c.2: in woods others move at half speed or turn; Lights move through without penalty', () => {
    const terrain = [box(['D3', 'D4', 'B3', 'B4'], 'woods', 'w')];
    const s = inActions(
      start({ red: [{ id: 'i', kind: 'inf', cell: 'D2' }, { id: 'l', kind: 'lights', cell: 'B2' }, { id: 't', kind: 'inf', cell: 'F2', facing: 90 }], blue: [far], terrain }),
      'red',
      ['i', 'l', 't'],
    );
    expect(moves(s, 'i')).toContain('D3');
    expect(moves(s, 'i')).not.toContain('D4');
    expect(moves(s, 'l')).toContain('B5');
    const turned = inActions(
      start({ red: [{ id: 'i', kind: 'inf', cell: 'D2', facing: 90 }], blue: [far], terrain }),
      'red',
      ['i'],
    );
    // Turning south to enter the woods would be a turn and a move in woods.
    expect(moves(turned, 'i')).not.toContain('D3');
  });

  it('rule 3.iv c.3: lakes, marsh and the board edge are impassable', () => {
    const s = inActions(
      start({ red: [{ id: 'c', kind: 'cav', cell: 'D2' }], blue: [far], terrain: [box(['D3'], 'lake', 'lk'), box(['C3', 'E3'], 'marsh', 'm')] }),
      'red',
      ['c'],
    );
    const to = moves(s, 'c');
    expect(to).not.toContain('D3');
    expect(to).not.toContain('C3');
    expect(to).not.toContain('E3');
    expect(to).not.toContain('D4');
  });

  it('rule 3.iv c.4: rivers are impassable except at a ford or bridge', () => {
    const river = { id: 'r', kind: 'river', path: [[0, 21], [48, 21]] } as never;
    const bridge = { id: 'br', kind: 'bridge', at: centre('D4'), river: 'r' } as never;
    const s = inActions(
      start({ red: [{ id: 'i', kind: 'inf', cell: 'D2' }, { id: 'j', kind: 'inf', cell: 'B2' }], blue: [far], terrain: [river, bridge] }),
      'red',
      ['i', 'j'],
    );
    expect(moves(s, 'i')).toContain('D4');
    expect(moves(s, 'j')).toContain('B3');
    expect(moves(s, 'j')).not.toContain('B4');
  });

  it('rule 3.iv c.4: a river drawn between boxes cuts the edges it crosses', () => {
    const river = { id: 'r', kind: 'river', path: [[0, 18], [48, 18]] } as never;
    const s = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D2' }], blue: [far], terrain: [river] }), 'red', ['i']);
    expect(moves(s, 'i')).toContain('D3');
    expect(moves(s, 'i')).not.toContain('D4');
  });

  it('rule 3.iv c.5: a move wholly on a road gains a box and free turns; infantry must be in column', () => {
    const road = { id: 'rd', kind: 'road', cells: ['D1', 'D2', 'D3', 'D4', 'D5', 'E6', 'E7'] } as never;
    const col = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D2', formation: 'column' }], blue: [far], terrain: [road] }), 'red', ['i']);
    expect(moves(col, 'i')).toContain('D5');
    expect(legalActions(col).filter((a) => a.type === 'move' && a.to === 'D5').length).toBe(4);
    const line = inActions(start({ red: [{ id: 'i', kind: 'inf', cell: 'D2' }], blue: [far], terrain: [road] }), 'red', ['i']);
    expect(moves(line, 'i')).not.toContain('D5');
    const cav = inActions(start({ red: [{ id: 'c', kind: 'cav', cell: 'D3' }], blue: [far], terrain: [road] }), 'red', ['c']);
    // Three boxes plus the road's one, following its bend (D5 to E6 is a diagonal, 1.5): 3.5 boxes.
    expect(moves(cav, 'c')).toContain('E6');
    expect(moves(cav, 'c')).not.toContain('E7');
    const offRoad = inActions(start({ red: [{ id: 'c', kind: 'cav', cell: 'D3' }], blue: [far] }), 'red', ['c']);
    expect(moves(offRoad, 'c')).not.toContain('E6');
  });

  it('Forts/Works option: guns may end a move in works only when it is on', () => {
    const terrain = [box(['D3'], 'fortification', 'f')];
    const off = inActions(start({ red: [{ id: 'g', kind: 'guns', cell: 'D2' }], blue: [far], terrain }), 'red', ['g']);
    expect(moves(off, 'g')).not.toContain('D3');
    const on = inActions(start({ red: [{ id: 'g', kind: 'guns', cell: 'D2' }], blue: [far], terrain, options: { forts: true } }), 'red', ['g']);
    expect(moves(on, 'g')).toContain('D3');
  });
});

describe('Exit', () => {
  it('file-format exit: a unit on the named edge may leave the table, and counts as exited', () => {
    const s = inActions(
      start({ red: [{ id: 'i', kind: 'inf', cell: 'D8' }], blue: [{ id: 'b', kind: 'inf', cell: 'A1' }], victory: [{ side: 'red', kind: 'exit', count: 1, edge: 'south' }] }),
      'red',
      ['i'],
    );
    expect(has(s, { type: 'exit', unit: 'i' })).toBe(true);
    const out = act(s, { type: 'exit', unit: 'i' });
    expect(unit(out.state, 'i').status).toBe('exited');
    expect(cellOf(out.state, 'i')).toBe('-');
  });
});
