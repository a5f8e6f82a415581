import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model.js';
import {
  blockCorner,
  collectIds,
  defaultFacing,
  edgeMidpoints,
  edgeZoneAt,
  insertVertex,
  mapPoints,
  nestedHillLevel,
  pointOnNearestEdge,
  removeVertex,
  shiftCells,
  snapFacing,
  snapPoint,
  snapToRiver,
  tidy,
  townAt,
  turnFacing,
  uniqueId,
} from './edit.js';

const table = { width: 36, height: 24 };
const scenario = (extra: Partial<Scenario> = {}): Scenario =>
  ({
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 's',
    title: 'S',
    ruleSystem: 'napoleons-eagles',
    table,
    grid: { kind: 'none' },
    terrain: [],
    sides: [
      { id: 'red', name: 'Red', army: { id: 'ra', name: 'RA', echelon: 'army', units: [] } },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'BA', echelon: 'army', units: [] } },
    ],
    ...extra,
  });

describe('snapping', () => {
  it('rounds to inch steps and keeps files free of float noise', () => {
    expect(snapPoint([3.26, 7.74], { kind: 'inch', step: 0.5 }, undefined, table)).toEqual([3.5, 7.5]);
    expect(snapPoint([0.1 + 0.2, 1], { kind: 'off' }, undefined, table)).toEqual([0.3, 1]);
    expect(tidy(0.30000000000000004)).toBe(0.3);
  });

  it('snaps to the nearest corner or centre of the cell on a grid', () => {
    const grid = { kind: 'square' as const, cell: 6 };
    expect(snapPoint([5.5, 0.4], { kind: 'grid' }, grid, table)).toEqual([6, 0]);
    expect(snapPoint([8.6, 3.2], { kind: 'grid' }, grid, table)).toEqual([9, 3]);
  });
});

describe('geometry edits', () => {
  it('moves points by an affine map', () => {
    expect(mapPoints([[1, 2], [3, 4]], [1, 0, 0, 1, 2, -1])).toEqual([[3, 1], [5, 3]]);
    // A quarter turn about the origin: x' = -y, y' = x.
    expect(mapPoints([[1, 0]], [0, 1, -1, 0, 0, 0])).toEqual([[0, 1]]);
  });

  it('inserts and removes corners, never below the minimum', () => {
    const square: [number, number][] = [[0, 0], [4, 0], [4, 4], [0, 4]];
    expect(insertVertex(square, 0, [2, -1])).toEqual([[0, 0], [2, -1], [4, 0], [4, 4], [0, 4]]);
    expect(removeVertex(square, 1, 3)).toEqual([[0, 0], [4, 4], [0, 4]]);
    expect(removeVertex([[0, 0], [4, 0], [4, 4]], 1, 3)).toBeNull();
    expect(edgeMidpoints(square, true)).toHaveLength(4);
    expect(edgeMidpoints(square, false)).toHaveLength(3);
    expect(edgeMidpoints(square, true)[3]).toEqual({ after: 3, at: [0, 2] });
  });

  it('shifts cells by whole columns and rows, dropping those that leave the grid', () => {
    const grid = { kind: 'square' as const, cell: 6 };
    expect(shiftCells(grid, table, ['A1', 'B2', 'F4'], 1, 0)).toEqual(['B1', 'C2']);
    // Odd-q hexes: cells of odd columns step down half a row with the others, so the shape keeps its form.
    const hex = { kind: 'hex' as const, cell: 6, orientation: 'flat' as const };
    expect(shiftCells(hex, { width: 60, height: 60 }, ['A1', 'B1'], 1, 0)).toEqual(['B1', 'C2']);
  });
});

describe('crossings, blocks, towns and hills', () => {
  const river = { id: 'r', kind: 'river' as const, path: [[0, 10], [36, 10]] as [number, number][] };

  it('lands a crossing on the nearest river', () => {
    const s = scenario({ terrain: [river] });
    expect(snapToRiver(s, [12.3, 8])).toMatchObject({ river: 'r', at: [12.3, 10], distance: 2 });
    expect(snapToRiver(scenario(), [1, 1])).toBeNull();
  });

  it('puts blocks on their own lattice and finds the town they stand in', () => {
    expect(blockCorner([5.9, 9.1])).toEqual([4, 8]);
    const s = scenario({ terrain: [{ id: 't', kind: 'town', polygon: [[0, 0], [12, 0], [12, 12], [0, 12]] }] });
    expect(townAt(s, [6, 6])?.id).toBe('t');
    expect(townAt(s, [20, 6])).toBeNull();
  });

  it('gives a hill drawn on another the next level, up to 3', () => {
    const s = scenario({
      terrain: [
        { id: 'h1', kind: 'hill', level: 1, polygon: [[0, 0], [20, 0], [20, 20], [0, 20]] },
        { id: 'h2', kind: 'hill', level: 2, polygon: [[5, 5], [15, 5], [15, 15], [5, 15]] },
      ],
    });
    expect(nestedHillLevel(s, [30, 2])).toBe(1);
    expect(nestedHillLevel(s, [2, 2])).toBe(2);
    expect(nestedHillLevel(s, [10, 10])).toBe(3);
    expect(nestedHillLevel(s, [10, 10], 'h2')).toBe(2);
  });
});

describe('ids and facings', () => {
  it('finds every id in a document and hands out the next free one', () => {
    const s = scenario({ terrain: [{ id: 'woods-1', kind: 'woods', polygon: [[0, 0], [1, 0], [1, 1]] }] });
    const taken = collectIds(s);
    expect(taken.has('woods-1') && taken.has('ra') && taken.has('red')).toBe(true);
    expect(uniqueId('woods', taken)).toBe('woods-2');
    expect(uniqueId('woods', taken)).toBe('woods-3');
  });

  it('snaps and turns facings by the grid: 90° squares, 60° hexes, 15° free', () => {
    expect(snapFacing(100, { kind: 'square', cell: 6 })).toBe(90);
    expect(turnFacing(270, { kind: 'square', cell: 6 })).toBe(0);
    expect(turnFacing(0, { kind: 'hex', cell: 6, orientation: 'flat' }, -1)).toBe(300);
    expect(snapFacing(0, { kind: 'hex', cell: 6, orientation: 'pointy' })).toBe(30);
    expect(turnFacing(350, { kind: 'none' })).toBe(0);
    expect(turnFacing(30, { kind: 'none' })).toBe(45);
  });

  it('faces units into the table from their deployment edge, else away from their own half', () => {
    const s = scenario();
    expect(defaultFacing(s, 0, [10, 3])).toBe(180);
    expect(defaultFacing(s, 1, [10, 20])).toBe(0);
    const west = scenario({ sides: [{ ...s.sides[0], deployment: [{ zone: { edge: 'west', depth: 6 } }] }, s.sides[1]] as Scenario['sides'] });
    expect(defaultFacing(west, 0, [10, 20])).toBe(90);
  });
});

describe('zones and entries', () => {
  it('reads an edge zone from the point dragged to', () => {
    expect(edgeZoneAt(table, [10, 20])).toEqual({ edge: 'south', depth: 4 });
    expect(edgeZoneAt(table, [0.2, 12])).toEqual({ edge: 'west', depth: 1 });
  });

  it('moves an entry point onto the nearest edge', () => {
    expect(pointOnNearestEdge(table, [35, 12])).toEqual([36, 12]);
    expect(pointOnNearestEdge(table, [12, -3])).toEqual([12, 0]);
  });
});
