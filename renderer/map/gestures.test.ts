// The map's gestures without Konva: a desk plays MapView's part (it runs the effects: selection, edits applied to the
// document, the preview, the camera) and hit-tests by the scene's boxes, and whole gestures are driven through it.
import { describe, expect, it } from 'vitest';
import type { Snap } from '../../domain/map/edit.js';
import { buildScene } from '../../domain/map/scene.js';
import type { Point, Scenario } from '../../domain/model.js';
import { applyChanges } from '../state/history.js';
import { blankScenario } from '../state/templates.js';
import { toTable, type View } from './geometry.js';
import { cellAtPoint } from './gesture-targets.js';
import { IDLE, drawnPoint, reduceGesture, withPreview, type Effect, type GestureContext, type GestureEvent, type GestureState, type Hit, type Lifted } from './gestures.js';
import type { Preview } from './Overlay.js';
import { layerIndex, selectionBox, type LayerKey } from './scene-view.js';
import type { Tool } from './tools.js';

const WOOD = '/terrain/0';
const OBJECTIVE = '/objectives/0';

const doc = (): Scenario => ({
  ...blankScenario(),
  terrain: [{ id: 'w', kind: 'woods', polygon: [[2, 2], [10, 2], [10, 10], [2, 10]] }],
  objectives: [{ id: 'o', at: [30, 30], radius: 2, vp: 10 }],
});

/** A mutation of the state handed to the reducer throws, since every state it sees is frozen. */
function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** MapView's part: holds what the effects change, and feeds events in table inches. */
class Desk {
  doc: Scenario = doc();
  state: GestureState = IDLE;
  selection: string[] = [];
  tool: Tool = { type: 'select' };
  snap: Snap = { kind: 'off' };
  locked = new Set<LayerKey>();
  hidden = new Set<LayerKey>();
  tableClicks = false;
  /** 10 px an inch, the table's corner 20 px into a canvas that sits at (100, 50) on the page. */
  view: View = { scale: 10, x: 20, y: 20 };
  readonly origin: Point = [100, 50];
  preview: Preview = {};
  corners: string | null = null;
  cursor = '';
  lifted: Lifted | null = null;
  drafting = false;
  drag: Point | null = null;
  edits: { label: string; mergeKey?: string }[] = [];
  /** How often a one-off tool gave way to Select. */
  toolsDone = 0;
  /** What is under a table point; by default the innermost selectable whose box holds it. */
  hits: (at: Point) => Hit = (at) => {
    const scene = buildScene(this.doc);
    const inside = scene.selectables.filter((s) => {
      const b = selectionBox(scene, [s.pointer]);
      return b && at[0] >= b.minX && at[0] <= b.maxX && at[1] >= b.minY && at[1] <= b.maxY;
    });
    const last = inside[inside.length - 1];
    return last ? { kind: 'item', pointer: last.pointer } : null;
  };
  private time = 0;

  constructor(init: Partial<Pick<Desk, 'tool' | 'selection' | 'snap' | 'tableClicks'>> = {}) {
    Object.assign(this, init);
  }

  context(): GestureContext {
    const scene = buildScene(this.doc);
    return {
      scenario: this.doc,
      scene,
      layers: layerIndex(scene),
      selection: this.selection,
      tool: this.tool,
      side: 0,
      snap: this.snap,
      locked: this.locked,
      hidden: this.hidden,
      view: this.view,
      limits: { min: 1, max: 100 },
      corners: this.corners,
      tableClicks: this.tableClicks,
      hitAt: (screen) => this.hits(toTable(this.view, screen)),
    };
  }

  send(event: GestureEvent): { effects: Effect[]; handled: boolean } {
    const step = reduceGesture(deepFreeze(this.state), event, this.context());
    this.state = step.state;
    for (const e of step.effects) this.perform(e);
    return { effects: step.effects, handled: step.handled };
  }

  private perform(e: Effect): void {
    switch (e.type) {
      case 'select':
        this.selection = e.pointers;
        break;
      case 'edit':
        this.doc = applyChanges(this.doc, e.result.changes, 'forward');
        if (e.result.select) this.selection = e.result.select;
        this.edits.push(e.mergeKey === undefined ? { label: e.result.label } : { label: e.result.label, mergeKey: e.mergeKey });
        break;
      case 'preview':
        this.preview = withPreview(this.preview, e.set);
        break;
      case 'clear-preview':
        this.preview = {};
        break;
      case 'cursor':
        this.cursor = e.cursor;
        break;
      case 'view':
        this.view = e.view;
        break;
      case 'lift':
        this.lifted = e.lifted;
        if (!e.lifted) this.drag = null;
        break;
      case 'drag':
        this.drag = e.delta;
        break;
      case 'drafting':
        this.drafting = e.drafting;
        break;
      case 'corners':
        this.corners = e.owner;
        break;
      case 'tool-done':
        this.tool = { type: 'select' };
        this.toolsDone++;
        break;
    }
  }

  /** The page point of a table point, as the browser reports it. */
  client(at: Point): Point {
    return [this.origin[0] + this.view.x + at[0] * this.view.scale, this.origin[1] + this.view.y + at[1] * this.view.scale];
  }

  down(at: Point, o: { button?: number; shift?: boolean; alt?: boolean; time?: number; id?: number; touch?: boolean } = {}) {
    this.time = o.time ?? this.time + 1000;
    const pointer = { id: o.id ?? 1, touch: o.touch ?? false, client: this.client(at), origin: this.origin };
    return this.send({ type: 'down', pointer, button: o.button ?? 0, shift: !!o.shift, alt: !!o.alt, time: this.time });
  }

  move(at: Point, o: { shift?: boolean; id?: number; touch?: boolean } = {}) {
    return this.moveClient(this.client(at), o);
  }

  moveClient(client: Point, o: { shift?: boolean; id?: number; touch?: boolean } = {}) {
    return this.send({ type: 'move', pointer: { id: o.id ?? 1, touch: o.touch ?? false, client, origin: this.origin }, shift: !!o.shift });
  }

  up(o: { id?: number; touch?: boolean } = {}) {
    return this.send({ type: 'up', id: o.id ?? 1, touch: o.touch ?? false });
  }

  key(key: string, mod = false) {
    return this.send({ type: 'key', key, mod });
  }

  /** A click: press and release where it pressed. */
  click(at: Point, o: { shift?: boolean; alt?: boolean; time?: number } = {}) {
    const effects = this.down(at, o).effects;
    return [...effects, ...this.up().effects];
  }
}

const types = (effects: Effect[]) => effects.map((e) => e.type);

describe('selecting and dragging', () => {
  it('selects on press, moves only past the drag threshold, and makes the drag one edit on release', () => {
    const desk = new Desk();
    const pressed = desk.down([5, 5]);
    expect(pressed.effects).toEqual([{ type: 'focus' }, { type: 'select', pointers: [WOOD] }]);
    expect(desk.state.gesture).toMatchObject({ type: 'press', hit: WOOD, wasSelected: false, start: [5, 5] });

    // Two pixels is a trembling hand, not a drag.
    desk.move([5.2, 5]);
    expect(desk.state.gesture?.type).toBe('press');
    expect(desk.lifted).toBeNull();

    desk.move([7, 6]);
    expect(desk.state.gesture).toMatchObject({ type: 'move', pointers: [WOOD], ref: [2, 2], snap: { kind: 'point' }, delta: [0, 0] });
    expect(desk.lifted).toEqual({ pointers: [WOOD], mode: 'move' });
    expect(desk.cursor).toBe('move');

    desk.move([8, 7]);
    expect(desk.drag).toEqual([3, 2]);
    // Whatever moves stays on the table: the wood's west edge stops at 0.
    desk.move([-20, 7]);
    expect(desk.drag).toEqual([-2, 2]);
    desk.move([8, 7]);

    const released = desk.up();
    expect(types(released.effects)).toEqual(['edit', 'lift']);
    expect(desk.state.gesture).toBeNull();
    expect(desk.lifted).toBeNull();
    expect(desk.doc.terrain[0]).toMatchObject({ polygon: [[5, 4], [13, 4], [13, 12], [5, 12]] });
    expect(desk.edits).toHaveLength(1);
    expect(desk.edits[0]!.mergeKey).toBeUndefined();
  });

  it('snaps a drag to the grid when snapping is on', () => {
    const desk = new Desk({ snap: { kind: 'grid' } });
    desk.down([5, 5]);
    desk.move([7, 6]);
    desk.move([7.5, 6.5]);
    // The wood's first corner (2, 2) goes to the nearest cell corner or centre of (4.5, 3.5): (3, 3).
    expect(desk.drag).toEqual([1, 1]);
  });

  it('treats a click without a drag as a selection change, and makes no edit', () => {
    const desk = new Desk({ selection: [WOOD, OBJECTIVE] });
    // A plain click on one of several selected items keeps only it.
    expect(desk.click([5, 5])).toEqual([{ type: 'focus' }, { type: 'select', pointers: [WOOD] }]);
    // Shift-click on a selected item takes it out.
    desk.selection = [WOOD, OBJECTIVE];
    expect(desk.click([30, 30], { shift: true }).filter((e) => e.type === 'select')).toEqual([{ type: 'select', pointers: [WOOD] }]);
    // Shift-click on another adds it.
    desk.click([30, 30], { shift: true });
    expect(desk.selection).toEqual([WOOD, OBJECTIVE]);
    // A click on nothing clears; with Shift it keeps the selection.
    desk.click([20, 5], { shift: true });
    expect(desk.selection).toEqual([WOOD, OBJECTIVE]);
    desk.click([20, 5]);
    expect(desk.selection).toEqual([]);
    expect(desk.edits).toEqual([]);
    expect(desk.state.gesture).toBeNull();
  });

  it('cancels a drag with Escape: nothing moves, and the release that follows does nothing', () => {
    const desk = new Desk();
    desk.down([5, 5]);
    desk.move([7, 6]);
    desk.move([9, 9]);
    const escape = desk.key('Escape');
    expect(escape.handled).toBe(true);
    expect(escape.effects).toEqual([{ type: 'clear-preview' }, { type: 'lift', lifted: null }]);
    expect(desk.state.gesture).toBeNull();
    expect(desk.up().effects).toEqual([]);
    expect(desk.doc).toEqual(doc());
    // With nothing left to cancel, Escape is not the map's.
    expect(desk.key('Escape').handled).toBe(false);
  });

  it('leaves items on a locked layer alone: the press finds nothing, so a drag draws a marquee', () => {
    const desk = new Desk();
    desk.locked.add('woods');
    desk.hits = (at) => {
      const hit = new Desk().hits(at);
      return hit?.kind === 'item' && hit.pointer === WOOD ? null : hit;
    };
    desk.down([5, 5]);
    desk.move([7, 7]);
    expect(desk.state.gesture?.type).toBe('box');
  });

  it('double-clicking a shape shows its corners, and Escape hides them again', () => {
    const desk = new Desk();
    desk.click([5, 5], { time: 1000 });
    const second = desk.down([5, 5], { time: 1200 });
    expect(second.effects).toContainEqual({ type: 'corners', owner: WOOD });
    expect(desk.state.gesture).toBeNull();
    desk.up();
    expect(desk.key('Escape')).toEqual({ effects: [{ type: 'corners', owner: null }], handled: true });
    // Enter shows them for the primary selection.
    expect(desk.key('Enter').effects).toEqual([{ type: 'corners', owner: WOOD }]);
  });
});

describe('the marquee', () => {
  it('rubber-bands from an empty press and selects what lies wholly inside', () => {
    const desk = new Desk();
    desk.down([1, 1]);
    expect(desk.state.gesture).toMatchObject({ type: 'press', hit: null });
    desk.move([12, 12]);
    expect(desk.state.gesture).toMatchObject({ type: 'box', start: [1, 1], current: [12, 12] });
    expect(desk.preview.box).toEqual([[1, 1], [12, 12]]);
    desk.move([35, 35]);
    expect(desk.preview.box).toEqual([[1, 1], [35, 35]]);
    desk.up();
    expect(desk.selection).toEqual([WOOD, OBJECTIVE]);
    expect(desk.preview.box).toBeUndefined();
  });

  it('catches only what is wholly inside, skips hidden layers, and adds to the selection with Shift', () => {
    const desk = new Desk();
    // Dragged from the far corner back over the objective only; the wood is cut by the band, so it stays out.
    desk.down([35, 35]);
    desk.move([5, 20]);
    desk.up();
    expect(desk.selection).toEqual([OBJECTIVE]);

    desk.selection = [OBJECTIVE];
    desk.hidden.add('objectives');
    desk.down([0.5, 0.5], { shift: true });
    desk.move([35, 35], { shift: true });
    desk.up();
    expect(desk.selection).toEqual([OBJECTIVE, WOOD]);
  });
});

describe('drawing', () => {
  const woods: Tool = { type: 'area', kind: 'woods', mode: 'polygon' };

  it('draws a polygon point by point and closes it with a click on its first corner', () => {
    const desk = new Desk({ tool: woods });
    const first = desk.click([20, 4]);
    expect(types(first)).toEqual(['focus', 'drafting', 'preview']);
    expect(desk.drafting).toBe(true);
    expect(desk.state.draft).toEqual({ points: [[20, 4]], closed: true });
    desk.click([30, 4]);
    desk.click([30, 14]);
    expect(desk.state.draft?.points).toEqual([[20, 4], [30, 4], [30, 14]]);

    // Hovering shows the next edge; near the first corner the outline shows it will close.
    desk.move([22, 12]);
    expect(desk.preview.draft).toEqual({ points: [[20, 4], [30, 4], [30, 14]], hover: [22, 12], closed: true, nearFirst: false });
    desk.move([20.5, 4.3]);
    expect(desk.preview.draft?.nearFirst).toBe(true);

    const closing = desk.click([20.5, 4.3]);
    expect(types(closing)).toEqual(['focus', 'preview', 'drafting', 'edit']);
    expect(desk.state.draft).toBeNull();
    expect(desk.drafting).toBe(false);
    expect(desk.preview.draft).toBeUndefined();
    expect(desk.doc.terrain[1]).toMatchObject({ kind: 'woods', polygon: [[20, 4], [30, 4], [30, 14]] });
    expect(desk.selection).toEqual(['/terrain/1']);
  });

  it('ends a line with a double-click, Backspace takes back a point, Enter finishes, Escape drops it', () => {
    const desk = new Desk({ tool: { type: 'line', kind: 'river' } });
    desk.click([0, 20]);
    desk.click([12, 18]);
    desk.click([24, 22], { time: 5000 });
    desk.click([24, 22], { time: 5200 });
    expect(desk.doc.terrain[1]).toMatchObject({ kind: 'river', path: [[0, 20], [12, 18], [24, 22]] });

    desk.click([0, 30]);
    desk.click([10, 30]);
    desk.click([20, 30]);
    expect(desk.key('Backspace').handled).toBe(true);
    expect(desk.state.draft?.points).toEqual([[0, 30], [10, 30]]);
    expect(desk.preview.draft?.hover).toEqual([10, 30]);
    desk.key('Enter');
    expect(desk.doc.terrain[2]).toMatchObject({ kind: 'river', path: [[0, 30], [10, 30]] });

    desk.click([5, 5]);
    expect(desk.drafting).toBe(true);
    expect(desk.key('Escape')).toEqual({ effects: [{ type: 'preview', set: { draft: undefined } }, { type: 'drafting', drafting: false }], handled: true });
    expect(desk.state.draft).toBeNull();
    expect(desk.doc.terrain).toHaveLength(3);
  });

  it('drops a one-point line, and a new tool drops the drawing under way', () => {
    const desk = new Desk({ tool: { type: 'line', kind: 'road' } });
    desk.click([1, 1]);
    desk.key('Enter');
    expect(desk.edits).toEqual([]);
    desk.click([1, 1]);
    desk.tool = { type: 'select' };
    expect(desk.send({ type: 'tool' }).effects).toEqual([{ type: 'clear-preview' }, { type: 'drafting', drafting: false }, { type: 'cursor', cursor: 'default' }]);
    expect(desk.state.draft).toBeNull();
  });

  it('drags out a rectangle (a square with Shift), and ignores one too thin to be meant', () => {
    const desk = new Desk({ tool: { type: 'area', kind: 'town', mode: 'rect' } });
    desk.down([20, 4]);
    desk.move([32, 12]);
    expect(desk.preview.ghost).toEqual({ points: [[20, 4], [32, 4], [32, 12], [20, 12]], closed: true });
    desk.up();
    expect(desk.preview.ghost).toBeUndefined();
    expect(desk.doc.terrain[1]).toMatchObject({ kind: 'town', polygon: [[20, 4], [32, 4], [32, 12], [20, 12]] });

    desk.down([20, 20]);
    desk.move([24, 30], { shift: true });
    expect(desk.state.gesture).toMatchObject({ type: 'shape', current: [30, 30], square: true });
    desk.up();
    expect(desk.doc.terrain[2]).toMatchObject({ kind: 'town', polygon: [[20, 20], [30, 20], [30, 30], [20, 30]] });

    desk.down([1, 30]);
    desk.move([1.1, 34]);
    desk.up();
    expect(desk.doc.terrain).toHaveLength(3);
  });

  it('paints each cell once, and lays building blocks one per lattice square', () => {
    const desk = new Desk({ tool: { type: 'area', kind: 'fields', mode: 'cells' } });
    desk.down([1, 1]);
    desk.move([2, 2]);
    desk.move([7, 1]);
    expect(desk.state.gesture).toMatchObject({ type: 'paint', cells: [cellAtPoint(desk.doc, [1, 1]), cellAtPoint(desk.doc, [7, 1])] });
    expect(desk.preview.cells).toHaveLength(2);
    desk.up();
    expect(desk.doc.terrain[1]).toMatchObject({ kind: 'fields', cells: [cellAtPoint(desk.doc, [1, 1]), cellAtPoint(desk.doc, [7, 1])] });

    desk.tool = { type: 'block' };
    desk.down([20, 20]);
    desk.move([21, 21]);
    desk.move([25, 21]);
    expect(desk.preview.blocks).toEqual([[20, 20], [24, 20]]);
    desk.up();
    expect(desk.doc.terrain.filter((f) => f.kind === 'building-block').map((f) => (f as { at: Point }).at)).toEqual([[20, 20], [24, 20]]);
  });

  it('says why a crest cannot start without a hill, and paints no cells on a gridless map', () => {
    const desk = new Desk({ tool: { type: 'crest' } });
    expect(desk.click([20, 20])).toContainEqual({ type: 'message', text: 'Click a hill first: the crest line belongs to it.' });
    desk.doc = { ...desk.doc, grid: { kind: 'none' } };
    desk.tool = { type: 'zone', mode: 'cells' };
    expect(desk.click([20, 20])).toContainEqual({ type: 'message', text: 'Cells can only be painted on a map with a grid.' });
    expect(desk.state.gesture).toBeNull();
  });
});

describe('corners', () => {
  /** The wood's corner handles, as Overlay.tsx names them. */
  const handles = (desk: Desk) => (at: Point): Hit => {
    const polygon = (desk.doc.terrain[0] as { polygon: Point[] }).polygon;
    const i = polygon.findIndex((q) => Math.hypot(q[0] - at[0], q[1] - at[1]) < 0.3);
    if (i >= 0) return { kind: 'vertex', vertex: `${WOOD}/polygon/${i}` };
    if (Math.hypot(at[0] - 6, at[1] - 2) < 0.3) return { kind: 'mid', points: `${WOOD}/polygon`, after: 0 };
    return null;
  };

  it('drags a corner as one undo step, showing the shape as an outline meanwhile', () => {
    const desk = new Desk({ selection: [WOOD] });
    desk.corners = WOOD;
    desk.hits = handles(desk);
    desk.down([10, 2]);
    expect(desk.selection).toEqual([`${WOOD}/polygon/1`]);
    expect(desk.state.gesture).toMatchObject({ type: 'vertex', at: [10, 2], moved: false, mergeKey: 'vertex:1' });
    // Not moved yet: the shape stays where it is drawn.
    desk.move([10, 2]);
    expect(desk.lifted).toBeNull();
    desk.move([12, 1]);
    expect(desk.lifted).toEqual({ pointers: [WOOD], mode: 'vertex' });
    const again = desk.move([13, 1]);
    expect(types(again.effects)).toEqual(['pointer-at', 'preview']);
    expect(desk.preview.vertex).toEqual({ points: [[2, 2], [13, 1], [10, 10], [2, 10]], closed: true, index: 1 });
    desk.up();
    expect(desk.edits).toEqual([{ label: expect.any(String), mergeKey: 'vertex:1' }]);
    expect(desk.doc.terrain[0]).toMatchObject({ polygon: [[2, 2], [13, 1], [10, 10], [2, 10]] });
    expect(desk.preview.vertex).toBeUndefined();
    expect(desk.lifted).toBeNull();
  });

  it('adds a corner at an edge midpoint and drags it in the same undo step; Alt-click deletes one', () => {
    const desk = new Desk({ selection: [WOOD] });
    desk.hits = handles(desk);
    const pressed = desk.down([6, 2]);
    expect(pressed.effects.filter((e) => e.type === 'edit')).toEqual([{ type: 'edit', result: expect.anything(), mergeKey: 'vertex:1' }]);
    expect(desk.state.gesture).toMatchObject({ type: 'vertex', vertex: `${WOOD}/polygon/1`, at: [6, 2] });
    desk.move([6, 0]);
    desk.up();
    expect(desk.edits.map((e) => e.mergeKey)).toEqual(['vertex:1', 'vertex:1']);
    expect(desk.doc.terrain[0]).toMatchObject({ polygon: [[2, 2], [6, 0], [10, 2], [10, 10], [2, 10]] });

    desk.click([6, 0], { alt: true });
    expect(desk.doc.terrain[0]).toMatchObject({ polygon: [[2, 2], [10, 2], [10, 10], [2, 10]] });
    desk.click([10, 2], { alt: true });
    expect(desk.click([10, 10], { alt: true })).toContainEqual({ type: 'message', text: 'A shape keeps at least 3 corners, a line at least 2 points.' });
  });
});

describe('the camera under the pointer', () => {
  it('pans with the middle button, or the left with Space held', () => {
    const desk = new Desk();
    const pressed = desk.down([10, 10], { button: 1 });
    expect(pressed.effects).toEqual([{ type: 'prevent-default' }, { type: 'cursor', cursor: 'grabbing' }]);
    const [x, y] = desk.client([10, 10]);
    desk.moveClient([x + 50, y - 30]);
    expect(desk.view).toEqual({ scale: 10, x: 70, y: -10 });
    desk.up();
    expect(desk.cursor).toBe('default');

    expect(desk.key(' ')).toEqual({ effects: [{ type: 'cursor', cursor: 'grab' }], handled: true });
    desk.down([10, 10]);
    expect(desk.state.gesture?.type).toBe('pan');
    desk.up();
    expect(desk.cursor).toBe('grab');
    desk.send({ type: 'key-up', key: ' ' });
    expect(desk.cursor).toBe('default');
    expect(desk.state.space).toBe(false);
  });

  it('in the play view a click goes to the table, and a drag pans instead', () => {
    const desk = new Desk({ tableClicks: true });
    expect(desk.click([8, 3])).toEqual([{ type: 'focus' }, { type: 'table-click', at: [8, 3], cell: cellAtPoint(desk.doc, [8, 3]) }]);
    desk.down([8, 3]);
    desk.move([8, 13]);
    expect(desk.state.gesture?.type).toBe('pan');
    expect(desk.view.y).toBe(120);
    expect(desk.up().effects).toEqual([{ type: 'cursor', cursor: 'default' }]);
  });

  it('a second finger turns the first one’s press into a pinch that zooms about the fingers', () => {
    const desk = new Desk();
    desk.down([5, 5], { id: 1, touch: true });
    expect(desk.state.gesture?.type).toBe('press');
    desk.down([15, 5], { id: 2, touch: true });
    expect(desk.state.gesture).toBeNull();
    expect(desk.state.pinch).toMatchObject({ distance: 100, view: { scale: 10, x: 20, y: 20 } });
    // Spreading the fingers to twice the distance doubles the scale, keeping the table point between them there.
    const [x, y] = desk.client([15, 5]);
    const mid = desk.client([10, 5]);
    desk.moveClient([x + 100, y], { id: 2, touch: true });
    expect(desk.view.scale).toBe(20);
    const between = toTable(desk.view, [mid[0] + 50 - desk.origin[0], mid[1] - desk.origin[1]]);
    expect(between[0]).toBeCloseTo(10, 9);
    expect(between[1]).toBeCloseTo(5, 9);
    desk.up({ id: 2, touch: true });
    expect(desk.state.pinch).toBeNull();
    expect(desk.state.touches.map((t) => t.id)).toEqual([1]);
  });
});

describe('the preview', () => {
  it('keeps the same object when a hover changes nothing, so the canvas is not drawn again', () => {
    const p: Preview = { blocks: [[4, 4]] };
    expect(withPreview(p, { blocks: [[4, 4]] })).toBe(p);
    expect(withPreview(p, { box: undefined })).toBe(p);
    expect(withPreview(p, { blocks: [[8, 4]] })).toEqual({ blocks: [[8, 4]] });
  });
});

describe('nudging with the arrow keys', () => {
  const arrow = (desk: Desk, key: string, shift = false) => desk.send({ type: 'key', key, mod: false, shift });
  const wood = (desk: Desk) => desk.doc.terrain[0] as { polygon: Point[] };

  it('moves the selection by the snap step, and by a cell with Shift, one undo step a press', () => {
    const desk = new Desk({ selection: [WOOD], snap: { kind: 'inch', step: 1 } });
    expect(arrow(desk, 'ArrowRight').handled).toBe(true);
    expect(wood(desk).polygon[0]).toEqual([3, 2]);
    expect(arrow(desk, 'ArrowRight', true).handled).toBe(true);
    // The blank scenario's grid has 6" cells.
    expect(wood(desk).polygon[0]).toEqual([9, 2]);
    arrow(desk, 'ArrowDown');
    arrow(desk, 'ArrowUp', true);
    expect(wood(desk).polygon).toEqual([[9, 0], [17, 0], [17, 8], [9, 8]]);
    expect(desk.edits.map((e) => e.label)).toEqual(['Move woods', 'Move woods', 'Move woods', 'Move woods']);
    expect(desk.edits.every((e) => e.mergeKey === undefined)).toBe(true);
  });

  it('steps by a tenth of an inch with snap off, a cell when snapping to cells, and ten steps with Shift on a map without a grid', () => {
    const desk = new Desk({ selection: [OBJECTIVE] });
    arrow(desk, 'ArrowLeft');
    expect(desk.doc.objectives[0]!.at).toEqual([29.9, 30]);
    desk.snap = { kind: 'grid' };
    arrow(desk, 'ArrowLeft');
    expect(desk.doc.objectives[0]!.at).toEqual([23.9, 30]);
    const { grid: _grid, ...gridless } = desk.doc;
    desk.doc = gridless;
    desk.snap = { kind: 'inch', step: 0.5 };
    arrow(desk, 'ArrowUp', true);
    expect(desk.doc.objectives[0]!.at).toEqual([23.9, 25]);
  });

  it('moves a unit kept in a cell by a whole cell, even when the snap step is smaller', () => {
    const desk = new Desk({ snap: { kind: 'inch', step: 1 } });
    const red = desk.doc.sides[0];
    desk.doc = { ...desk.doc, sides: [{ ...red, army: { ...red.army, units: [{ id: 'u', name: '1er Ligne', arm: 'infantry', type: 'line', setup: { cell: 'B2' } }] } }, desk.doc.sides[1]] };
    desk.selection = ['/sides/0/army/units/0'];
    arrow(desk, 'ArrowRight');
    expect(desk.doc.sides[0].army.units![0]!.setup).toEqual({ cell: 'C2' });
    expect(desk.edits).toHaveLength(1);
  });

  it('keeps what it moves on the table', () => {
    const desk = new Desk({ selection: [WOOD], snap: { kind: 'inch', step: 1 } });
    arrow(desk, 'ArrowLeft', true);
    expect(wood(desk).polygon[0]).toEqual([0, 2]);
    // Against the edge the key is still the selection's (no pan), and nothing more moves.
    const again = arrow(desk, 'ArrowLeft');
    expect(again.handled).toBe(true);
    expect(again.effects).toEqual([]);
    expect(desk.edits).toHaveLength(1);
  });

  it('moves a corner picked with its handles alone', () => {
    const desk = new Desk({ selection: [`${WOOD}/polygon/2`], snap: { kind: 'inch', step: 0.5 } });
    arrow(desk, 'ArrowDown');
    expect(wood(desk).polygon).toEqual([[2, 2], [10, 2], [10, 10.5], [2, 10]]);
    expect(desk.edits.map((e) => e.label)).toEqual(['Move point']);
  });

  it('leaves locked items where they are, and says why', () => {
    const desk = new Desk({ selection: [WOOD], snap: { kind: 'inch', step: 1 } });
    desk.locked.add('woods');
    const step = arrow(desk, 'ArrowRight');
    expect(step.handled).toBe(true);
    expect(step.effects).toEqual([{ type: 'message', text: expect.stringContaining('locked layer') }]);
    expect(desk.doc).toEqual(doc());
    // Of a selection partly locked, the rest moves.
    desk.selection = [WOOD, OBJECTIVE];
    arrow(desk, 'ArrowRight');
    expect(desk.doc.objectives[0]!.at).toEqual([31, 30]);
    expect(wood(desk).polygon[0]).toEqual([2, 2]);
  });

  it('leaves the arrows to the camera with nothing selected, while drawing, and in the play view', () => {
    expect(arrow(new Desk(), 'ArrowRight').handled).toBe(false);
    const drawing = new Desk({ selection: [WOOD], tool: { type: 'line', kind: 'road' } });
    drawing.click([20, 20]);
    expect(arrow(drawing, 'ArrowRight').handled).toBe(false);
    expect(arrow(new Desk({ selection: [WOOD], tableClicks: true }), 'ArrowRight').handled).toBe(false);
    // A modifier makes it someone else's key.
    const desk = new Desk({ selection: [WOOD] });
    expect(desk.send({ type: 'key', key: 'ArrowRight', mod: true }).handled).toBe(false);
    expect(desk.edits).toEqual([]);
  });
});

describe('one-off tools: objectives and deployment zones', () => {
  const zonesOf = (desk: Desk) => (desk.doc.sides[0].deployment ?? []).map((d) => d.zone);

  it('places one objective and gives way to Select; with Shift held it stays for the next', () => {
    const desk = new Desk({ tool: { type: 'objective' } });
    const placed = desk.click([20, 20]);
    expect(types(placed)).toContain('tool-done');
    expect(desk.tool).toEqual({ type: 'select' });
    expect(desk.selection).toEqual(['/objectives/1']);
    expect(desk.doc.objectives).toHaveLength(2);

    desk.tool = { type: 'objective' };
    desk.click([24, 20], { shift: true });
    desk.click([28, 20], { shift: true });
    expect(desk.tool).toEqual({ type: 'objective' });
    expect(desk.toolsDone).toBe(1);
    expect(desk.doc.objectives.map((o) => o.at)).toEqual([[30, 30], [20, 20], [24, 20], [28, 20]]);
  });

  it('draws one edge zone and gives way to Select, unless Shift is held when it is let go', () => {
    const desk = new Desk({ tool: { type: 'zone', mode: 'edge' } });
    desk.down([1, 20]);
    desk.move([8, 20]);
    desk.up();
    expect(zonesOf(desk)).toEqual([{ edge: 'west', depth: 8 }]);
    expect(desk.tool).toEqual({ type: 'select' });
    expect(desk.selection).toEqual(['/sides/0/deployment/0']);

    desk.tool = { type: 'zone', mode: 'edge' };
    desk.down([20, 47]);
    desk.move([20, 40], { shift: true });
    desk.up();
    expect(zonesOf(desk)[1]).toEqual({ edge: 'south', depth: 8 });
    expect(desk.tool).toEqual({ type: 'zone', mode: 'edge' });
    expect(desk.toolsDone).toBe(1);
  });

  it('keeps the zone tool for a polygon closed with Shift, and for a Shift-drawn rectangle; drops it for a plain one', () => {
    const desk = new Desk({ tool: { type: 'zone', mode: 'polygon' } });
    for (const p of [[10, 10], [20, 10], [20, 20]] as Point[]) desk.click(p);
    desk.click([10, 10], { shift: true });
    expect(zonesOf(desk)).toHaveLength(1);
    expect(desk.tool).toEqual({ type: 'zone', mode: 'polygon' });

    desk.tool = { type: 'zone', mode: 'rect' };
    desk.down([30, 30], { shift: true });
    desk.move([36, 33], { shift: true });
    desk.up();
    // Shift keeps the tool here; it does not square the zone as it would a wood.
    expect(zonesOf(desk)[1]).toEqual({ polygon: [[30, 30], [36, 30], [36, 33], [30, 33]] });
    expect(desk.tool).toEqual({ type: 'zone', mode: 'rect' });
    desk.down([30, 40]);
    desk.move([34, 44]);
    desk.up();
    expect(zonesOf(desk)).toHaveLength(3);
    expect(desk.tool).toEqual({ type: 'select' });
  });

  it('stays when nothing was placed: a rectangle too thin to be meant', () => {
    const desk = new Desk({ tool: { type: 'zone', mode: 'rect' } });
    desk.down([30, 30]);
    desk.move([30.1, 36]);
    desk.up();
    expect(zonesOf(desk)).toHaveLength(0);
    expect(desk.tool).toEqual({ type: 'zone', mode: 'rect' });
  });
});

describe('the table edge and the margin', () => {
  const zonesOf = (desk: Desk) => (desk.doc.sides[0].deployment ?? []).map((d) => d.zone);

  it('keeps an edge zone on the edge it was started from, however far inwards it is dragged', () => {
    // 48" square: from the west edge at y = 10 a drag 14" in ends nearer the north edge than the west.
    for (const [from, to, edge, depth] of [
      [[0.5, 10], [14, 10], 'west', 14],
      [[47.5, 10], [34, 10], 'east', 14],
      [[10, 0.5], [10, 30], 'north', 30],
      [[40, 47.6], [40, 20], 'south', 28],
    ] as [Point, Point, string, number][]) {
      const desk = new Desk({ tool: { type: 'zone', mode: 'edge' }, snap: { kind: 'inch', step: 1 } });
      desk.down(from);
      desk.move(to);
      expect(desk.preview.ghost?.points).toBeDefined();
      desk.up();
      expect(zonesOf(desk)).toEqual([{ edge, depth }]);
    }
  });

  it('never makes an edge zone deeper than the table, even off the far side', () => {
    const desk = new Desk({ tool: { type: 'zone', mode: 'edge' }, snap: { kind: 'inch', step: 5 } });
    desk.down([0.5, 24]);
    desk.move([60, 24]);
    desk.up();
    expect(zonesOf(desk)).toEqual([{ edge: 'west', depth: 48 }]);
  });

  it('puts a rectangle zone started near an edge on that edge, whatever the snap and the table size', () => {
    for (const snap of [{ kind: 'off' }, { kind: 'inch', step: 1 }, { kind: 'inch', step: 0.5 }, { kind: 'grid' }] as Snap[]) {
      const desk = new Desk({ tool: { type: 'zone', mode: 'rect' }, snap });
      // 64.1" by 51": a width no whole-inch snap reaches.
      desk.doc = { ...desk.doc, table: { width: 64.1, height: 51 } };
      desk.down([0.6, 0.7]);
      desk.move([12, 12]);
      desk.up();
      desk.tool = { type: 'zone', mode: 'rect' };
      desk.down([63.6, 50.4]);
      desk.move([50, 40]);
      desk.up();
      const [west, east] = zonesOf(desk).map((z) => (z as { polygon: Point[] }).polygon);
      const xs = (ps: Point[]) => ps.map((p) => p[0]);
      const ys = (ps: Point[]) => ps.map((p) => p[1]);
      expect(Math.min(...xs(west!)), JSON.stringify(snap)).toBe(0);
      expect(Math.min(...ys(west!)), JSON.stringify(snap)).toBe(0);
      expect(Math.max(...xs(east!)), JSON.stringify(snap)).toBe(64.1);
      expect(Math.max(...ys(east!)), JSON.stringify(snap)).toBe(51);
    }
  });

  it('pulls a drawn point onto an edge only within a few pixels of it', () => {
    const desk = new Desk({ snap: { kind: 'off' } });
    const ctx = desk.context();
    expect(drawnPoint(ctx, [0.7, 20.3])).toEqual([0, 20.3]);
    expect(drawnPoint(ctx, [1.2, 20.3])).toEqual([1.2, 20.3]);
    expect(drawnPoint(ctx, [47.5, 47.9])).toEqual([48, 48]);
    // Zoomed in, a pixel is less of an inch: the pull shrinks with it.
    desk.view = { ...desk.view, scale: 40 };
    expect(drawnPoint(desk.context(), [0.7, 20.3])).toEqual([0.7, 20.3]);
  });

  it('places nothing from a press in the margin, with any placing or drawing tool', () => {
    const tools: Tool[] = [
      { type: 'objective' },
      { type: 'zone', mode: 'edge' },
      { type: 'zone', mode: 'rect' },
      { type: 'zone', mode: 'polygon' },
      { type: 'zone', mode: 'cells' },
      { type: 'entry', mode: 'edge' },
      { type: 'entry', mode: 'point' },
      { type: 'area', kind: 'woods', mode: 'polygon' },
      { type: 'area', kind: 'woods', mode: 'rect' },
      { type: 'area', kind: 'woods', mode: 'cells' },
      { type: 'line', kind: 'river' },
      { type: 'block' },
      { type: 'crossing', kind: 'bridge' },
    ];
    for (const tool of tools) {
      for (const at of [[-1, 10], [10, -0.5], [49, 10], [10, 50]] as Point[]) {
        const desk = new Desk({ tool });
        const before = desk.doc;
        const pressed = desk.down(at).effects;
        expect(pressed, `${JSON.stringify(tool)} at ${String(at)}`).toContainEqual({ type: 'message', text: 'That is outside the table: nothing is placed in the margin.' });
        desk.move([at[0] + 5, at[1] + 5]);
        desk.up();
        desk.key('Enter');
        expect(desk.doc, `${JSON.stringify(tool)} at ${String(at)}`).toBe(before);
        expect(desk.state.draft).toBeNull();
        expect(desk.tool).toEqual(tool);
      }
    }
  });

  it('counts the edge line itself as the table', () => {
    const desk = new Desk({ tool: { type: 'objective' } });
    desk.click([-0.1, 10]);
    expect(desk.doc.objectives).toHaveLength(2);
    expect(desk.doc.objectives[1]!.at).toEqual([0, 10]);
  });

  it('clamps a drawing begun on the table and ended off it to the edge', () => {
    const desk = new Desk({ tool: { type: 'area', kind: 'woods', mode: 'rect' } });
    desk.down([40, 40]);
    desk.move([60, 55]);
    desk.up();
    expect(desk.doc.terrain[1]).toMatchObject({ kind: 'woods', polygon: [[40, 40], [48, 40], [48, 48], [40, 48]] });

    // A polygon's later corners may fall in the margin: they land on the edge.
    desk.tool = { type: 'zone', mode: 'polygon' };
    for (const p of [[30, 30], [60, 30], [60, 60]] as Point[]) desk.click(p);
    desk.key('Enter');
    expect(zonesOf(desk)[0]).toEqual({ polygon: [[30, 30], [48, 30], [48, 48]] });

    // Blocks dragged past the edge stop at it.
    desk.tool = { type: 'block' };
    desk.down([41, 10]);
    for (let x = 44; x <= 60; x += 4) desk.move([x, 10]);
    desk.up();
    const blocks = desk.doc.terrain.filter((f) => f.kind === 'building-block').map((f) => (f as { at: Point }).at);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b[0] >= 0 && b[0] < 48)).toBe(true);
  });
});
