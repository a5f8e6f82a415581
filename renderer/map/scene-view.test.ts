import { describe, expect, it } from 'vitest';
import { buildScene } from '../../domain/map/scene.js';
import type { Scenario } from '../../domain/model.js';
import { blankScenario } from '../state/templates.js';
import { engineTints } from './engine-view.js';
import { rulerSpacing } from './geometry.js';
import { filterScene, focusBox, layerIndex, pickScene, pointersInBox, selectionBox } from './scene-view.js';
import { toolForKey, toolId } from './tools.js';

const doc = (): Scenario => ({
  ...blankScenario(),
  terrain: [
    { id: 'w', kind: 'woods', polygon: [[0, 0], [6, 0], [6, 6], [0, 6]] },
    { id: 'r', kind: 'river', path: [[0, 20], [36, 20]] },
    { id: 'b', kind: 'building-block', at: [24, 24] },
  ],
  objectives: [{ id: 'o', at: [30, 30], radius: 2, vp: 10 }],
});

describe('scene views', () => {
  const scene = buildScene(doc());

  it('knows the layer of every selectable', () => {
    const layers = layerIndex(scene);
    expect(layers.get('/terrain/0')).toBe('woods');
    expect(layers.get('/terrain/2')).toBe('building-block');
    expect(layers.get('/objectives/0')).toBe('objectives');
  });

  it('leaves hidden layers and lifted items out, sharing untouched lists', () => {
    const shown = filterScene(scene, (p, layer) => layer === 'woods' || p === '/terrain/2');
    expect(shown.areas).toEqual([]);
    expect(shown.blocks).toEqual([]);
    expect(shown.lines).toBe(scene.lines);
    const lifted = pickScene(scene, new Set(['/terrain/1']));
    expect(lifted.lines.map((l) => l.id)).toEqual(['r']);
    expect(lifted.areas).toEqual([]);
  });

  it('boxes a selection and finds what a box holds wholly', () => {
    expect(selectionBox(scene, ['/terrain/0/polygon/2'])).toEqual({ minX: 0, minY: 0, maxX: 6, maxY: 6 });
    expect(pointersInBox(scene, { minX: -1, minY: -1, maxX: 29, maxY: 29 }, () => true)).toEqual(['/terrain/0', '/terrain/2']);
  });

  it('frames the innermost selectable a pointer points into, for centring the view on a problem', () => {
    expect(focusBox(scene, '/terrain/0/polygon/2')).toEqual(selectionBox(scene, ['/terrain/0']));
    expect(focusBox(scene, '/objectives/0')).toEqual(selectionBox(scene, ['/objectives/0']));
    expect(focusBox(scene, '/terrain/7')).toBeNull();
  });

  it('tints cells by what the engine counts them as', () => {
    const tints = engineTints(doc(), scene);
    const a1 = tints.find((t) => t.at[0] === 3 && t.at[1] === 3)!;
    expect(a1.mark).toBe('woods');
    expect(a1.color).not.toBeNull();
    const river = tints.find((t) => t.mark === 'river')!;
    expect(river.color).toBeNull();
  });
});

describe('rulers', () => {
  it('spaces ticks and labels to stay readable at any zoom', () => {
    expect(rulerSpacing(10, 'inches')).toEqual({ tick: 1, label: 6 });
    expect(rulerSpacing(100, 'inches')).toEqual({ tick: 0.125, label: 0.5 });
    expect(rulerSpacing(3, 'inches')).toEqual({ tick: 2, label: 24 });
    expect(rulerSpacing(10, 'centimetres')).toEqual({ tick: 1, label: 5 });
  });
});

describe('tools', () => {
  it('maps keys to tools, keeping the chosen area shape', () => {
    expect(toolId(toolForKey('w', false, 'rect', 'hill', true)!)).toBe('woods-rect');
    expect(toolId(toolForKey('c', false, 'polygon', 'town', true)!)).toBe('town-cells');
    expect(toolForKey('c', false, 'polygon', 'town', false)).toBeNull();
    expect(toolId(toolForKey('R', true, 'polygon', 'town', true)!)).toBe('river');
    expect(toolId(toolForKey('b', false, 'polygon', 'town', true)!)).toBe('bridge');
    expect(toolId(toolForKey('B', true, 'polygon', 'town', true)!)).toBe('block');
  });
});

describe('engine view of nested hills', () => {
  it('names the highest hill a cell is mostly on', () => {
    const s: Scenario = {
      ...blankScenario(),
      terrain: [
        { id: 'h1', kind: 'hill', level: 1, polygon: [[0, 0], [12, 0], [12, 12], [0, 12]] },
        { id: 'h2', kind: 'hill', level: 2, polygon: [[0, 0], [6, 0], [6, 6], [0, 6]] },
      ],
    };
    const tints = engineTints(s, buildScene(s));
    expect(tints.find((t) => t.at[0] === 3 && t.at[1] === 3)?.mark).toBe('hill 2');
    expect(tints.find((t) => t.at[0] === 9 && t.at[1] === 3)?.mark).toBe('hill 1');
  });
});
