// Generated documents for benchmarks: large but realistic orders of battle and tables.
import type { ArmyList, Feature, Formation, Scenario, Unit } from '../../domain/model.js';

const TYPES: [Unit['arm'], string, string][] = [
  ['infantry', 'line', 'B16C40'],
  ['infantry', 'light', 'B16C40'],
  ['infantry', 'grenadier', 'B19C50'],
  ['cavalry', 'medium', 'A16C40'],
  ['artillery', 'foot', 'B16B25'],
];

function unit(id: string, i: number, ratio: number, at?: [number, number]): Unit {
  const [arm, type, rating] = TYPES[i % TYPES.length]!;
  const figures = (arm === 'cavalry' ? 8 : 12) * (60 / ratio);
  const ne: Record<string, unknown> =
    arm === 'artillery' ? { rating, guns: 6, calibre: '6lb', models: 6 / (ratio <= 30 ? 3 : 6) } : { rating, figures, ...(arm === 'infantry' ? { ranks: 3 } : {}) };
  return {
    id, name: `Unit ${id}`, arm, type, men: arm === 'artillery' ? undefined : figures * ratio,
    ratings: { 'napoleons-eagles': ne }, vp: 20,
    ...(at ? { setup: { at, facing: 180, formation: 'line' } } : {}),
  };
}

/** An army of `count` units: divisions of four brigades, twenty units to a brigade. */
export function generateArmy(count: number, ratio: number, prefix = 'u', place?: (i: number) => [number, number]): Formation {
  const divisions: Formation[] = [];
  let made = 0;
  for (let d = 0; made < count; d++) {
    const brigades: Formation[] = [];
    for (let b = 0; b < 4 && made < count; b++) {
      const units: Unit[] = [];
      for (let k = 0; k < 20 && made < count; k++, made++) units.push(unit(`${prefix}${made}`, made, ratio, place?.(made)));
      brigades.push({ id: `${prefix}-d${d}-b${b}`, name: `Brigade ${d}.${b}`, echelon: 'brigade', units });
    }
    divisions.push({ id: `${prefix}-d${d}`, name: `Division ${d}`, echelon: 'division', leader: { id: `${prefix}-d${d}-gen`, name: `General ${d}` }, formations: brigades });
  }
  return { id: `${prefix}-army`, name: 'Army', echelon: 'army', formations: divisions };
}

export function generateArmyList(count: number): ArmyList {
  return {
    type: 'aide-de-camp/army', schemaVersion: 1, id: 'bench-army', name: `Generated army of ${count} units`,
    ruleSystem: 'napoleons-eagles', scale: { figureRatio: 60 }, army: generateArmy(count, 60),
  };
}

/** A 72"×48" table with `features` features and `units` units split between the sides. */
export function generateScenario(features: number, units: number): Scenario {
  const terrain: Feature[] = [];
  for (let i = 0; i < features; i++) {
    const x = (i * 7.3) % 66, y = (i * 3.1) % 42;
    const k = i % 4;
    if (k === 0) terrain.push({ id: `f${i}`, kind: 'woods', polygon: [[x, y], [x + 3, y], [x + 3, y + 2], [x, y + 2]] });
    else if (k === 1) terrain.push({ id: `f${i}`, kind: 'hill', level: 1, polygon: [[x, y], [x + 4, y + 1], [x + 2, y + 4]] });
    else if (k === 2) terrain.push({ id: `f${i}`, kind: 'road', path: [[x, y], [x + 5, y + 3], [x + 6, y + 6]] });
    else terrain.push({ id: `f${i}`, kind: 'fields', polygon: [[x, y], [x + 2, y], [x + 2, y + 2], [x, y + 2]] });
  }
  const half = Math.ceil(units / 2);
  const place = (north: boolean) => (i: number): [number, number] => [1 + (i % 70), north ? 1 + (Math.floor(i / 70) % 20) : 47 - (Math.floor(i / 70) % 20)];
  return {
    type: 'aide-de-camp/scenario', schemaVersion: 1, id: 'bench', title: 'Generated battle', ruleSystem: 'napoleons-eagles',
    scale: { figureRatio: 30 }, table: { width: 72, height: 48 }, grid: { kind: 'none' }, terrain,
    sides: [
      { id: 'red', name: 'Red', army: generateArmy(half, 30, 'r', place(true)) },
      { id: 'blue', name: 'Blue', army: generateArmy(units - half, 30, 'b', place(false)) },
    ],
    turns: { limit: 12, first: 'red' },
    victory: [{ kind: 'points' }],
  };
}
