import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Feature, Scenario, Unit } from '../model.js';
import { boxOverlap, clampLabel, LabelPlacer, MAX_LABEL_CHARS, serifMeasure, spotsAround, type Box } from './label-placer.js';
import { counterSize, joinLabels, labelsWithout, layoutSceneLabels, layoutSceneLabelsInSteps, leaderRadius, screenLabelView, shiftLabels, type LabelView, type SceneLabels } from './labels.js';
import { buildScene, type MapScene } from './scene.js';
import { PRINT_STYLE, SCREEN_STYLE } from './styles.js';

const samples = path.resolve(import.meta.dirname, '../../scenarios');
const load = (name: string): Scenario => JSON.parse(readFileSync(path.join(samples, name), 'utf8')) as Scenario;

function unit(id: string, name: string, cell: string, extra: Partial<Unit> = {}): Unit {
  return { id, name, arm: 'infantry', type: 'line', ratings: {}, setup: { cell, facing: 0 }, ...extra };
}

/** A Square Eagles table (6″ squares) with the red side's units and leader, and the terrain given. */
function table(units: Unit[], extra: { leaderCell?: string; terrain?: Feature[]; width?: number; height?: number } = {}): Scenario {
  return {
    type: 'aide-de-camp/scenario',
    schemaVersion: 1,
    id: 't',
    title: 'T',
    ruleSystem: 'square-eagles',
    table: { width: extra.width ?? 36, height: extra.height ?? 36 },
    grid: { kind: 'square', cell: 6 },
    terrain: extra.terrain ?? [],
    sides: [
      {
        id: 'red',
        name: 'Red',
        army: {
          id: 'ra',
          name: 'Red army',
          echelon: 'corps',
          ...(extra.leaderCell ? { leader: { id: 'gen', name: 'Gén. Saint-Hilaire', setup: { cell: extra.leaderCell } } } : {}),
          units,
        },
      },
      { id: 'blue', name: 'Blue', army: { id: 'ba', name: 'Blue army', echelon: 'corps', units: [] } },
    ],
    turns: { limit: 12, first: 'red' },
  };
}

/** The screen at `scale` pixels an inch, measured with the serif table so the test needs no canvas. */
function screen(scene: MapScene, scale: number): SceneLabels {
  return layoutSceneLabels(scene, screenLabelView(scene, scale, SCREEN_STYLE, serifMeasure));
}

/** Paper at `k` millimetres an inch: no hover, so nothing may be shortened. */
function paper(scene: MapScene, k: number, keys?: Map<string, string>): SceneLabels {
  const view: LabelView = {
    k,
    origin: [10, 10],
    px: 25.4 / 96,
    bounds: { x0: 0, y0: 0, x1: 20 + scene.table.width * k, y1: 20 + scene.table.height * k },
    style: PRINT_STYLE,
    hover: false,
    minimum: { counterW: 3.6, counterD: 1.8, leaderR: 1.7, riverW: 1.3, roadW: 1.1, crossingSpan: 3.4, crossingBreadth: 2 },
    entries: false,
    ...(keys ? { keys } : {}),
  };
  return layoutSceneLabels(scene, view);
}

const byRef = (layout: SceneLabels, pointer: string) => layout.labels.filter((l) => l.ref === pointer);

/** No two placed labels overlap, and none is laid down crowded. */
function expectApart(layout: SceneLabels): void {
  for (const l of layout.labels) expect(l.crowded, `"${l.text}" is crowded`).toBe(false);
  for (let i = 0; i < layout.labels.length; i++) {
    for (let j = i + 1; j < layout.labels.length; j++) {
      const a = layout.labels[i]!;
      const b = layout.labels[j]!;
      expect(boxOverlap(a.box, b.box), `"${a.text}" overlaps "${b.text}"`).toBe(0);
    }
  }
}

function counterBox(scene: MapScene, layout: { k: number }, i: number): Box {
  const u = scene.units[i]!;
  const { w, d } = counterSize(u, { k: layout.k });
  const [x, y] = [u.at[0] * layout.k, u.at[1] * layout.k];
  return { x0: x - w / 2, y0: y - d / 2, x1: x + w / 2, y1: y + d / 2 };
}

describe('the label placer', () => {
  it('takes the first free spot, then the next one when the first is taken', () => {
    const placer = new LabelPlacer({ x0: 0, y0: 0, x1: 200, y1: 200 });
    const owner = { x0: 90, y0: 90, x1: 110, y1: 100 };
    const a = placer.place({ text: 'First', style: { size: 10 }, spots: spotsAround(owner, 2), required: false });
    const b = placer.place({ text: 'Second', style: { size: 10 }, spots: spotsAround(owner, 2), required: false });
    // Below the box, then above it.
    expect(a!.box.y0).toBeGreaterThanOrEqual(owner.y1);
    expect(b!.box.y1).toBeLessThanOrEqual(owner.y0);
    expect(boxOverlap(a!.box, b!.box)).toBe(0);
  });

  it('keeps off obstacles, and stands a name off on a leader line when every spot beside it is taken', () => {
    const placer = new LabelPlacer({ x0: 0, y0: 0, x1: 400, y1: 400 });
    const owner = { x0: 190, y0: 190, x1: 210, y1: 200 };
    // A ring of obstacles hugging the owner: no spot beside it is free.
    placer.addObstacle({ x0: 120, y0: 160, x1: 280, y1: 189 });
    placer.addObstacle({ x0: 120, y0: 201, x1: 280, y1: 230 });
    placer.addObstacle({ x0: 120, y0: 189, x1: 189, y1: 201 });
    placer.addObstacle({ x0: 211, y0: 189, x1: 280, y1: 201 });
    const l = placer.place({ text: 'Grenadiers', style: { size: 10 }, spots: spotsAround(owner, 1), required: false, owner });
    expect(l).not.toBeNull();
    expect(l!.leader).not.toBeNull();
    expect(l!.crowded).toBe(false);
    expect(placer.clearOfObstacles(l!.box)).toBe(true);
  });

  it('shortens a name that fits nowhere whole, keeping the whole text, and only when allowed', () => {
    const name = 'Grenadiers à pied de la Garde impériale, 1er bataillon';
    const bounds = { x0: 0, y0: 0, x1: 120, y1: 60 };
    const spots = [{ x: 60, y: 30, ax: 0, ay: 0 }];
    const short = new LabelPlacer(bounds).place({ text: name, style: { size: 10 }, spots, required: false, shortest: 6 });
    expect(short!.text).toMatch(/…$/);
    expect(short!.text.length).toBeLessThan(name.length);
    expect(short!.full).toBe(name);
    expect(short!.box.x1 - short!.box.x0).toBeLessThanOrEqual(120);
    // Without leave to shorten, an optional name with no room is left off rather than cut.
    expect(new LabelPlacer(bounds).place({ text: name, style: { size: 10 }, spots, required: false })).toBeNull();
  });

  it('caps a runaway name and stops testing once its budget is spent', () => {
    expect(clampLabel(' 1/4e Ligne ')).toBe('1/4e Ligne');
    expect([...clampLabel('x'.repeat(100_000))]).toHaveLength(MAX_LABEL_CHARS);
    const placer = new LabelPlacer({ x0: 0, y0: 0, x1: 100, y1: 100 });
    for (let i = 0; i < 3000; i++) placer.addObstacle({ x0: 40, y0: 40, x1: 60, y1: 60 });
    const started = Date.now();
    let placed = 0;
    for (let i = 0; i < 3000; i++) {
      const owner = { x0: 45, y0: 45, x1: 55, y1: 55 };
      if (placer.place({ text: `Unit ${i}`, style: { size: 4 }, spots: spotsAround(owner, 1), required: false, owner })) placed++;
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(placer.working).toBe(false);
    expect(placed).toBeLessThan(3000);
  });
});

describe('the map layout', () => {
  it('moves names that would overlap: two counters side by side each keep their name, apart', () => {
    const scene = buildScene(table([unit('a', '1er Régiment de Ligne', 'B2'), unit('b', '2e Régiment de Ligne', 'C2')]));
    for (const layout of [screen(scene, 10), paper(scene, 4)]) {
      expect(byRef(layout, '/sides/0/army/units/0').map((l) => l.text)).toEqual(['1er Régiment de Ligne']);
      expect(byRef(layout, '/sides/0/army/units/1').map((l) => l.text)).toEqual(['2e Régiment de Ligne']);
      expectApart(layout);
    }
  });

  it('is deterministic', () => {
    const scene = buildScene(load('ne-01-plancenoit.scenario.json'));
    expect(screen(scene, 12)).toEqual(screen(scene, 12));
  });

  it("never lets a general's star hide his unit's name", () => {
    const alone = buildScene(table([unit('a', '3e Ligne', 'B2')]));
    const withGeneral = buildScene(table([unit('a', '3e Ligne', 'B2')], { leaderCell: 'B2' }));
    // Big enough at this zoom for the name to be written on the counter...
    expect(screen(alone, 12).counterNames.get('/sides/0/army/units/0')?.text).toBe('3e Ligne');
    // ...until the general stands on it: then the name goes beside, clear of his disc and of his own name.
    const layout = screen(withGeneral, 12);
    expect(layout.counterNames.has('/sides/0/army/units/0')).toBe(false);
    const [name] = byRef(layout, '/sides/0/army/units/0');
    const [general] = byRef(layout, '/sides/0/army/leader');
    expect(name?.text).toBe('3e Ligne');
    expect(general?.text).toBe('Gén. Saint-Hilaire');
    const l = withGeneral.leaders[0]!;
    const r = leaderRadius(l, { k: 12 });
    const disc = { x0: l.at[0] * 12 - r, y0: l.at[1] * 12 - r, x1: l.at[0] * 12 + r, y1: l.at[1] * 12 + r };
    expect(boxOverlap(name!.box, disc)).toBe(0);
    expectApart(layout);
    // On paper too, where the counter is smaller than its name: the name is whole and clear of the disc.
    const printed = paper(withGeneral, 4);
    expect(byRef(printed, '/sides/0/army/units/0')[0]?.text).toBe('3e Ligne');
    expectApart(printed);
  });

  it('names a leader whose marker is smaller than his name beside it where the table is open', () => {
    // Zoomed out to a few pixels an inch, a leader's disc is narrower than a line of type: his name still goes
    // beside it, since nothing else stands near.
    const open = buildScene(table([unit('a', '3e Ligne', 'B2')], { leaderCell: 'E5' }));
    const r = leaderRadius(open.leaders[0]!, { k: 4 });
    expect(2 * r).toBeLessThan(SCREEN_STYLE.label.sizesPx.unit);
    const layout = screen(open, 4);
    expect(byRef(layout, '/sides/0/army/leader')[0]?.text).toBe('Gén. Saint-Hilaire');
    expectApart(layout);
  });

  it('keeps unit names in a town readable: off the buildings, the town name and each other', () => {
    const terrain: Feature[] = [
      { id: 'town', kind: 'town', name: 'Moosdorf', polygon: [[6, 6], [24, 6], [24, 18], [6, 18]] },
      { id: 'church', kind: 'building-block', name: 'Church', at: [12, 6], size: 6, town: 'town' },
      { id: 'inn', kind: 'building-block', name: 'Inn', at: [12, 12], size: 6, town: 'town' },
    ] as Feature[];
    const scene = buildScene(table([unit('a', 'IR 4 Hoch- und Deutschmeister', 'B2'), unit('b', 'IR 49 Kerpen', 'C3'), unit('c', 'Peterwardeiner Grenzer', 'D2')], { terrain }));
    for (const layout of [screen(scene, 10), paper(scene, 4)]) {
      expectApart(layout);
      for (let i = 0; i < 3; i++) {
        // Whole, beside the counter or (on paper, where the counter is big) written on it.
        const pointer = `/sides/0/army/units/${i}`;
        const text = byRef(layout, pointer)[0]?.text ?? layout.counterNames.get(pointer)?.text;
        expect(text, `unit ${i}`).toBe(scene.units[i]!.label);
      }
      expect(layout.labels.find((l) => l.text === 'Moosdorf')).toBeDefined();
    }
    // Not over a building, so nothing drawn in the town shows through a name.
    const layout = screen(scene, 10);
    for (const b of scene.blocks) {
      const box = { x0: b.at[0] * 10, y0: b.at[1] * 10, x1: (b.at[0] + b.size) * 10, y1: (b.at[1] + b.size) * 10 };
      for (let i = 0; i < 3; i++) expect(boxOverlap(byRef(layout, `/sides/0/army/units/${i}`)[0]!.box, box)).toBe(0);
    }
    // A building's name stays inside it unless a counter stands there; the Inn has IR 49 on it.
    expect(layout.blockNames.map((b) => b.lines.map((l) => l.text).join(' '))).toEqual(['Church']);
    expect(byRef(layout, '/terrain/2').map((l) => l.text)).toEqual(['Inn']);
  });

  it('shortens a long name with no room on screen, and keeps the whole name for the hover', () => {
    const name = 'Grenadiers à pied de la Vieille Garde impériale, 2e bataillon';
    // One column of squares: nowhere beside the counter is as wide as the name.
    const scene = buildScene(table([unit('a', name, 'A2')], { width: 6, height: 18 }));
    const layout = screen(scene, 10);
    const [label] = byRef(layout, '/sides/0/army/units/0');
    expect(label!.text).toMatch(/…$/);
    expect(label!.full).toBe(name);
    expect(layout.hovers).toContainEqual({ box: label!.box, text: name });
    // Hovering the counter shows it too.
    const counter = counterBox(scene, { k: 10 }, 0);
    expect(layout.hovers.some((h) => h.text === name && boxOverlap(h.box, counter) > 0)).toBe(true);
  });

  it('never shortens on paper: the order-of-battle key stands in for a name with no room', () => {
    const name = 'Grenadiers à pied de la Vieille Garde impériale, 2e bataillon';
    const scene = buildScene(table([unit('a', name, 'A2')], { width: 6, height: 18 }));
    const layout = paper(scene, 2, new Map([['/sides/0/army/units/0', '7']]));
    for (const l of layout.labels) expect(l.text).toBe(l.full);
    const texts = byRef(layout, '/sides/0/army/units/0').map((l) => l.text);
    expect(texts.length).toBe(1);
    expect([name, '7']).toContain(texts[0]);
  });

  it('places every sample with no label laid over another', () => {
    for (const file of readdirSync(samples).filter((f) => f.endsWith('.scenario.json'))) {
      const scene = buildScene(load(file));
      for (const layout of [screen(scene, 12), paper(scene, 170 / scene.table.width)]) {
        const crowded = layout.labels.filter((l) => l.crowded).map((l) => l.text);
        expect(crowded, file).toEqual([]);
      }
    }
  });

  it('does bounded work on four thousand counters piled on one square', () => {
    const units = Array.from({ length: 4000 }, (_, i) => unit(`u${i}`, `Battalion number ${i} of the line`, 'C3'));
    const scene = buildScene(table(units));
    const started = Date.now();
    const layout = screen(scene, 10);
    paper(scene, 4);
    expect(Date.now() - started).toBeLessThan(4000);
    // Every name is either placed or readable on hover over its counter.
    const named = new Set(layout.labels.map((l) => l.ref));
    const hovered = new Set(layout.hovers.map((h) => h.text));
    for (const u of scene.units) expect(named.has(u.pointer) || hovered.has(u.label)).toBe(true);
  });
});

describe('the layout in steps', () => {
  it('yields as it goes and ends with exactly the one-block layout, for every sample at two zooms', () => {
    for (const file of readdirSync(samples).filter((f) => f.endsWith('.scenario.json'))) {
      const scene = buildScene(load(file), SCREEN_STYLE);
      for (const scale of [12, 40]) {
        const view = screenLabelView(scene, scale, SCREEN_STYLE);
        const steps = layoutSceneLabelsInSteps(scene, view);
        let yields = 0;
        let step = steps.next();
        for (; !step.done; step = steps.next()) yields++;
        expect(step.value).toEqual(layoutSceneLabels(scene, screenLabelView(scene, scale, SCREEN_STYLE)));
        if (step.value.labels.length > 1) expect(yields).toBeGreaterThan(1);
      }
    }
  });
});

describe('names with lifted items taken out', () => {
  it("drops every name of the lifted items, keeps everyone else's where it was, and keeps objectives in step", () => {
    for (const file of readdirSync(samples).filter((f) => f.endsWith('.scenario.json'))) {
      const scene = buildScene(load(file), SCREEN_STYLE);
      const whole = screen(scene, 12);
      // One of each kind that carries names: the first named area, line, unit and objective of the sample.
      const lifted = new Set(
        [scene.areas.find((a) => a.name), scene.lines.find((l) => l.name), scene.units[0], scene.objectives[0]].flatMap((i) => (i ? [i.pointer] : [])),
      );
      const without = labelsWithout(whole, scene, lifted);
      expect(without.labels).toEqual(whole.labels.filter((l) => l.ref === undefined || !lifted.has(l.ref)));
      for (const l of without.labels) expect(whole.labels).toContain(l);
      for (const p of lifted) {
        expect(without.labels.some((l) => l.ref === p), `${file}: a name of ${p}`).toBe(false);
        expect(without.counterNames.has(p)).toBe(false);
      }
      expect(without.counterNames.size).toBe([...whole.counterNames.keys()].filter((p) => !lifted.has(p)).length);
      // Objectives are read by their place in the scene's list: the n-th kept spot is the n-th kept objective's.
      const kept = scene.objectives.map((o, i) => [o, whole.objectives[i]] as const).filter(([o]) => !lifted.has(o.pointer));
      expect(without.objectives).toEqual(kept.map(([, spot]) => spot));
    }
  });
});

describe('the names a drop shows before the scene is laid out again', () => {
  /** The scene without the items in `drop`, and the items alone (as the map's static and top layers draw a drag). */
  const split = (scene: MapScene, drop: ReadonlySet<string>): [MapScene, MapScene] => {
    const keep = <T extends { pointer: string }>(items: T[], lifted: boolean): T[] => items.filter((i) => drop.has(i.pointer) === lifted);
    const part = (lifted: boolean): MapScene => ({
      ...scene,
      areas: keep(scene.areas, lifted),
      lines: keep(scene.lines, lifted),
      barriers: keep(scene.barriers, lifted),
      crossings: keep(scene.crossings, lifted),
      blocks: keep(scene.blocks, lifted),
      zones: keep(scene.zones, lifted),
      entries: keep(scene.entries, lifted),
      objectives: keep(scene.objectives, lifted),
      units: keep(scene.units, lifted),
      leaders: keep(scene.leaders, lifted),
    });
    return [part(false), part(true)];
  };

  it('carries every position of a layout by the same step, and back again to where it was', () => {
    const scene = buildScene(load('ne-01-plancenoit.scenario.json'), SCREEN_STYLE);
    const layout = screen(scene, 40);
    const moved = shiftLabels(layout, 30, -12);
    layout.labels.forEach((l, i) => {
      const m = moved.labels[i]!;
      const steps = [m.cx - l.cx, m.cy - l.cy, m.box.x0 - l.box.x0, m.box.y1 - l.box.y1];
      steps.forEach((d, j) => expect(d).toBeCloseTo([30, -12, 30, -12][j]!, 9));
      expect(m.text).toBe(l.text);
      if (l.leader) expect(m.leader![1]).toEqual([l.leader[1][0] + 30, l.leader[1][1] - 12]);
    });
    layout.objectives.forEach((o, i) => expect(moved.objectives[i]!.at).toEqual([o.at[0] + 30, o.at[1] - 12]));
    const back = shiftLabels(moved, -30, 12);
    back.labels.forEach((l, i) => {
      expect(l.cx).toBeCloseTo(layout.labels[i]!.cx, 9);
      expect(l.cy).toBeCloseTo(layout.labels[i]!.cy, 9);
    });
    const names = [...layout.counterNames.values()];
    expect(names.length).toBeGreaterThan(0);
    [...back.counterNames.values()].forEach((n, i) => expect(n.cx).toBeCloseTo(names[i]!.cx, 9));
  });

  it("joins the names that stayed and the dropped items' own, each objective's spot found by its pointer", () => {
    const scene = buildScene(load('ne-01-plancenoit.scenario.json'), SCREEN_STYLE);
    expect(scene.objectives.length).toBeGreaterThan(1);
    // The first objective and the first unit are carried; what stays is laid out without them, they on their own.
    const drop = new Set([scene.objectives[0]!.pointer, scene.units[0]!.pointer]);
    const [rest, lifted] = split(scene, drop);
    const restLayout = screen(rest, 12);
    const liftedLayout = screen(lifted, 12);
    const joined = joinLabels(scene, restLayout, rest, liftedLayout, lifted)!;
    expect(joined.labels).toEqual([...restLayout.labels, ...liftedLayout.labels]);
    expect(joined.counterNames.get(scene.units[0]!.pointer)).toBe(liftedLayout.counterNames.get(scene.units[0]!.pointer));
    expect(joined.objectives[0]).toBe(liftedLayout.objectives[0]);
    expect(joined.objectives.slice(1)).toEqual(restLayout.objectives);
    // An objective in neither part has no spot to take: no joined layout then.
    expect(joinLabels(scene, restLayout, rest, screen(split(scene, new Set([scene.units[0]!.pointer]))[1], 12), split(scene, new Set([scene.units[0]!.pointer]))[1])).toBeNull();
  });
});
