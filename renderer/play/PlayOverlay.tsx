// What the play view draws over the map: the places the selected unit can reach (tinted by what they cost), its
// targets, who holds each objective, brief effects of the last action, and each rule system's own marks: Square
// Eagles' hit and order markers on the counters the map draws, Hex Skirmish's counters themselves (the map draws
// none for a hex game, as the engine's formations are not the scenario's units). All of it in table units, on a
// layer that takes no clicks.
import type Konva from 'konva';
import { useEffect, useRef, type ComponentType } from 'react';
import { Arrow, Circle, Group, Line, Rect, Text } from 'react-konva';
import { cellCenter, cellPolygon, parseCell, type CellGrid } from '../../domain/grid.js';
import type { Point } from '../../domain/model.js';
import { costTint, type Effect } from './play-actions.js';
import { HexCounters } from './hex-counters.js';
import type { GridState, HexState, SeState, SideColours } from './play-view.js';

const SELECT = '#ffb300';

export interface OverlayProps {
  grid: CellGrid;
  state: GridState;
  k: number;
  selected: string | null;
  /** Units of the side to act that have something to do (only on a human's turn). */
  acting: ReadonlySet<string>;
  /** Box → movement cost, for the selected unit. */
  reach: ReadonlyMap<string, number>;
  /** Boxes of units the selected unit may fire on or assault. */
  targets: ReadonlySet<string>;
  hovered: string | null;
  effects: { key: number; list: Effect[] } | null;
  colours: SideColours;
}

const flat = (ps: Point[]): number[] => ps.flatMap((p) => [p[0], p[1]]);

function cellOf(grid: CellGrid, box: string): { poly: number[]; centre: Point; x: number; y: number } | null {
  const c = parseCell(box);
  if (!c) return null;
  const poly = cellPolygon(grid, c.col, c.row);
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  return { poly: flat(poly), centre: cellCenter(grid, c.col, c.row), x: Math.min(...xs), y: Math.min(...ys) };
}

/**
 * Where a place's small labels go, inside it: a square's corners are its own, but a hex's bounding box corners lie
 * in its neighbours, so there the cost goes at the top edge and the flag by the left corner.
 */
function anchors(grid: CellGrid, c: { centre: Point; x: number; y: number }): { cost: Point; costAlign: 'left' | 'center'; flag: Point } {
  const size = grid.cell;
  if (grid.kind === 'square') return { cost: [c.x + size * 0.05, c.y + size * 0.05], costAlign: 'left', flag: [c.x + size * 0.06, c.y + size * 0.94] };
  return { cost: [c.centre[0] - size * 0.25, c.centre[1] - size * 0.47], costAlign: 'center', flag: [c.centre[0] - size * 0.47, c.centre[1] + size * 0.12] };
}

/** Each rule system's marks over its units, chosen by the view's `system`. */
interface MarksProps {
  grid: CellGrid;
  state: GridState;
  k: number;
  selected: string | null;
  acting: ReadonlySet<string>;
  colours: SideColours;
}

const MARKS: Record<GridState['system'], ComponentType<MarksProps>> = {
  'square-eagles': (p) => <SeMarks {...p} state={p.state as SeState} />,
  'hex-skirmish': (p) => <HexCounters {...p} state={p.state as HexState} />,
};

const formatCost = (c: number): string => (Number.isInteger(c) ? String(c) : `${Math.floor(c)}½`.replace(/^0/, ''));

export function PlayOverlay({ grid, state, k, selected, acting, reach, targets, hovered, effects, colours }: OverlayProps) {
  const size = grid.cell;
  const max = Math.max(0, ...reach.values());
  const unitBox = new Map(state.units.flatMap((u) => (u.status === 'table' && u.box ? [[u.id, u.box] as const] : [])));
  const selectedBox = selected ? unitBox.get(selected) : undefined;
  const stroke = Math.max(2 * k, size * 0.02);
  const Marks = MARKS[state.system] ?? MARKS['square-eagles'];

  return (
    <Group>
      {[...reach].map(([box, cost]) => {
        const c = cellOf(grid, box);
        if (!c) return null;
        const at = anchors(grid, c);
        return (
          <Group key={`reach-${box}`}>
            <Line points={c.poly} closed fill={costTint(cost, max)} stroke="rgba(27, 94, 32, 0.8)" strokeWidth={stroke * 0.6} dash={[6 * k, 4 * k]} />
            <Text x={at.cost[0]} y={at.cost[1]} width={at.costAlign === 'center' ? size * 0.5 : undefined} align={at.costAlign} text={formatCost(cost)} fontSize={size * 0.16} fontStyle="bold" fill="#1b5e20" />
          </Group>
        );
      })}
      {[...acting].map((id) => {
        const box = unitBox.get(id);
        const c = box ? cellOf(grid, box) : null;
        if (!c || id === selected) return null;
        return <Line key={`act-${id}`} points={c.poly} closed stroke={SELECT} strokeWidth={stroke} dash={[10 * k, 6 * k]} />;
      })}
      {[...targets].map((box) => {
        const c = cellOf(grid, box);
        if (!c) return null;
        return (
          <Group key={`target-${box}`}>
            <Line points={c.poly} closed stroke="#d50000" strokeWidth={stroke * 1.6} fill={hovered === box ? 'rgba(213, 0, 0, 0.25)' : undefined} />
            <Circle x={c.centre[0]} y={c.centre[1]} radius={size * 0.2} stroke="#d50000" strokeWidth={stroke} />
          </Group>
        );
      })}
      {selectedBox &&
        (() => {
          const c = cellOf(grid, selectedBox);
          return c ? <Line points={c.poly} closed stroke={SELECT} strokeWidth={stroke * 2.2} /> : null;
        })()}
      {/* Flags go under the counters: a stack of chits may reach the hex's edge, and the chits matter more. */}
      {state.objectives.flatMap((o) =>
        o.boxes.map((b) => {
          const c = cellOf(grid, b);
          if (!c) return null;
          const colour = o.holder ? colours[o.holder] : '#9e9e9e';
          const [fx, fy] = anchors(grid, c).flag;
          return (
            <Group key={`obj-${o.id}-${b}`} x={fx} y={fy}>
              <Line points={[0, 0, 0, -size * 0.3]} stroke="#333" strokeWidth={stroke * 0.6} />
              <Line points={[0, -size * 0.3, size * 0.18, -size * 0.24, 0, -size * 0.18]} closed fill={colour} stroke="#333" strokeWidth={stroke * 0.3} />
            </Group>
          );
        }),
      )}
      <Marks grid={grid} state={state} k={k} selected={selected} acting={acting} colours={colours} />
      {effects?.list.map((e, i) => <Flash key={`${effects.key}-${i}`} grid={grid} effect={e} k={k} />)}
    </Group>
  );
}

/** Square Eagles' marks on the counters the map draws: hits taken, and orders held (black) and spent (white). */
function SeMarks({ grid, state, k }: MarksProps & { state: SeState }) {
  const size = grid.cell;
  const stroke = Math.max(2 * k, size * 0.02);
  return (
    <Group>
      {state.units.map((u) => {
        if (u.status !== 'table' || !u.box) return null;
        const c = cellOf(grid, u.box);
        if (!c) return null;
        const left = Math.max(0, (u.orders ?? 0) - (u.ordersUsed ?? 0));
        const used = Math.min(u.orders ?? 0, u.ordersUsed ?? 0);
        const pip = size * 0.11;
        return (
          <Group key={`marks-${u.id}`}>
            {u.hits > 0 && (
              <Group x={c.x + size * 0.84} y={c.y + size * 0.16}>
                <Circle radius={size * 0.12} fill="#b71c1c" stroke="#fff" strokeWidth={stroke * 0.5} />
                <Text text={String(u.hits)} fontSize={size * 0.16} fontStyle="bold" fill="#fff" width={size * 0.24} align="center" x={-size * 0.12} y={-size * 0.075} />
              </Group>
            )}
            {Array.from({ length: left + used }, (_, i) => (
              <Rect
                key={i}
                x={c.x + size * 0.06 + i * pip * 1.25}
                y={c.y + size * 0.06}
                width={pip}
                height={pip}
                fill={i < left ? '#212121' : '#fff'}
                stroke="#212121"
                strokeWidth={stroke * 0.4}
              />
            ))}
          </Group>
        );
      })}
    </Group>
  );
}

/** One effect, fading out over a second so the next action is not hidden under the last. */
function Flash({ grid, effect, k }: { grid: CellGrid; effect: Effect; k: number }) {
  const ref = useRef<Konva.Group>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.opacity(1);
    node.to({ opacity: 0, duration: 1.4 });
  }, []);
  const size = grid.cell;
  // An open table's effects are drawn by its own overlay (NeTable.tsx).
  if (effect.kind === 'hit-at' || effect.kind === 'gone-at') return null;
  if (effect.kind === 'retreat') {
    const a = cellOf(grid, effect.from);
    const b = cellOf(grid, effect.to);
    if (!a || !b) return null;
    return (
      <Group ref={ref}>
        <Arrow points={[...a.centre, ...b.centre]} stroke="#e65100" fill="#e65100" strokeWidth={Math.max(3 * k, size * 0.05)} pointerLength={size * 0.2} pointerWidth={size * 0.2} />
      </Group>
    );
  }
  const c = cellOf(grid, effect.box);
  if (!c) return null;
  const [cx, cy] = c.centre;
  const d = size * 0.35;
  return (
    <Group ref={ref}>
      {effect.kind === 'hit' ? (
        <>
          <Line points={c.poly} closed fill="rgba(213, 0, 0, 0.35)" stroke="#d50000" strokeWidth={3 * k} />
          <Text x={c.centre[0] - size / 2} y={c.centre[1] - size * 0.18} width={size} align="center" text={`−${effect.hits}`} fontSize={size * 0.36} fontStyle="bold" fill="#fff" stroke="#b71c1c" strokeWidth={k} />
        </>
      ) : (
        <>
          {/* About the centre, not the bounding box: a hex's box is wider than the hex. */}
          <Line points={[cx - d, cy - d, cx + d, cy + d]} stroke="#000" strokeWidth={size * 0.08} />
          <Line points={[cx + d, cy - d, cx - d, cy + d]} stroke="#000" strokeWidth={size * 0.08} />
        </>
      )}
    </Group>
  );
}
