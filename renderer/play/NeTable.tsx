// What the play map draws for a Napoleon's Eagles game, over the scenario's terrain: each unit's base at its true
// footprint with its front edge in white and its markers as chips, leaders and objectives, and for the selected
// unit its reach this action, its fire arc, its targets ringed, the ruler to the unit under the pointer and the
// ghost of a move with the engine's verdict beside it. Table units throughout; `k` turns screen pixels into inches
// so lines, chips and words keep their size at any zoom. The layer takes no clicks (use-ne-table.ts handles them).
import type Konva from 'konva';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Circle, Group, Label, Line, Rect, Tag, Text } from 'react-konva';
import type { NapoleonsEaglesView } from '../../domain/engine-protocol.js';
import { baseCorners, frontEdge, type Base } from '../../domain/map/rect-distance.js';
import type { Point } from '../../domain/model.js';
import { boxOfPoints, flankStrips, leaderPlace, placeLabels, refusedEdge, rotationHandle, smokeCorners, type Box, type LabelWish, type Marker, type Piece } from './ne-pieces.js';
import { flankName, ORDER_WORDS } from './ne-words.js';
import type { Effect } from './play-actions.js';
import type { SideColours } from './play-view.js';

const SELECT = '#ffb300';
const FONT = 'system-ui, sans-serif';

export interface LeaderGhostView {
  leader: string;
  from: Point;
  to: Point;
  attach: string | null;
}

export interface Ghost {
  base: Base;
  /** The verdict in words and whether it is a yes; null while the engine is asked. */
  verdict: { ok: boolean; text: string } | null;
}

export interface NeTableProps {
  view: NapoleonsEaglesView;
  pieces: readonly Piece[];
  k: number;
  colours: SideColours;
  selected: string | null;
  /** Units of the side to act still to move this period (a human's turn only): outlined in dashed gold. */
  toMove: ReadonlySet<string>;
  /** Units the selected unit may fire on or charge: ringed in red. */
  targets: ReadonlySet<string>;
  hovered: string | null;
  /** Where the selected unit can get to with its next action. */
  area: readonly Point[][];
  /** The selected unit's fire arc, out to its longest range. */
  arc: Point[] | null;
  ruler: { from: Point; to: Point; text: string } | null;
  ghost: Ghost | null;
  /** Leaders the human may place now (the leaders step): ringed in gold, as units still to move are. */
  movableLeaders: readonly string[];
  pickedLeader: string | null;
  /** A leader's ghost: where he would ride, the unit he would join, and the engine's verdict (null while asked). */
  leaderGhost: (LeaderGhostView & { verdict: { ok: boolean; text: string } | null; dragging: boolean }) | null;
  /** What the last action did, flashed for a moment. */
  effects: { key: number; list: Effect[] } | null;
  /** The scenario's building blocks, where fires burn. */
  blocks: readonly { id: string; name: string; box: Box }[];
  names: ReadonlyMap<string, string>;
  /** The point of an order being written. */
  orderPoint: Point | null;
  /** Under the visibility rule, how much of each leader the watching side makes out; null: all of them. */
  leaderSeen?: ReadonlyMap<string, string> | null;
}

const flat = (ps: readonly Point[]): number[] => ps.flatMap((p) => [p[0], p[1]]);

function bounds(ps: readonly Point[]): { minX: number; minY: number; maxX: number; maxY: number } {
  const xs = ps.map((p) => p[0]);
  const ys = ps.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/**
 * A group drawn in screen pixels at a table point. Words sized in inches come out at a fraction of a pixel before
 * the zoom scales them up, and the browser measures and spaces such tiny text badly (a tag's words spilled past its
 * edge, names looked letter-spaced); drawn at their real size and scaled with the table, they measure true.
 */
export function Px({ x, y, k, children }: { x: number; y: number; k: number; children: ReactNode }) {
  return (
    <Group x={x} y={y} scaleX={k} scaleY={k}>
      {children}
    </Group>
  );
}

let measurer: CanvasRenderingContext2D | null = null;
/** The width in pixels of `text` drawn at `px` in the table's face. */
export function textWidth(text: string, px: number, style: 'bold' | 'normal' = 'normal'): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * px * 0.62;
  measurer.font = `${style === 'bold' ? 'bold ' : ''}${px}px ${FONT}`;
  return measurer.measureText(text).width;
}

const CHIP_FONT_PX = 10.5;
const UNIT_PX = 10;
const LEADER_PX = 9;
const OBJECTIVE_PX = 11;
const CHIPS_PX = 16;

/** Every name on the table, placed so none covers another or a unit; a name with no room is left to the list. */
function useLabels(p: NeTableProps): { id: string; text: string; px: number; bold: boolean; at: { x: number; y: number; width: number } }[] {
  const { k, pieces, view, selected, toMove } = p;
  return useMemo(() => {
    const wishes: LabelWish[] = [];
    const obstacles: { id: string; box: Box }[] = [];
    const side = view.decision.side;
    for (const piece of pieces) {
      const anchor = boxOfPoints(piece.corners);
      const below = piece.markers.length ? CHIPS_PX : 0;
      obstacles.push({ id: piece.id, box: { ...anchor, maxY: anchor.maxY + below * k } });
      const priority = piece.id === selected ? 0 : toMove.has(piece.id) ? 2 : piece.side === side ? 3 : 4;
      // A unit made out only as a mass or a formation has no name to show.
      if (piece.name) wishes.push({ id: piece.id, text: piece.name, anchor, px: UNIT_PX, priority, below });
    }
    for (const l of view.leaders) {
      if (l.lost || (p.leaderSeen && p.leaderSeen.get(l.id) !== 'identity')) continue;
      const at = leaderPlace(l, view.units);
      const anchor = { minX: at[0] - 6 * k, minY: at[1] - 6 * k, maxX: at[0] + 6 * k, maxY: at[1] + 6 * k };
      obstacles.push({ id: `leader:${l.id}`, box: anchor });
      wishes.push({ id: `leader:${l.id}`, text: l.name, anchor, px: LEADER_PX, priority: 5 });
    }
    // Order flags (command option #2) keep names off them: the flag and its word run right of the point.
    for (const o of view.orders ?? []) {
      for (const at of [o.at, ...(o.next ? [o.next.at] : [])]) obstacles.push({ id: `order:${o.leader}:${at.join(',')}`, box: { minX: at[0], minY: at[1] - 22 * k, maxX: at[0] + 70 * k, maxY: at[1] } });
    }
    for (const o of view.objectives) {
      const anchor = { minX: o.at[0], minY: o.at[1] - 22 * k, maxX: o.at[0] + 13 * k, maxY: o.at[1] };
      obstacles.push({ id: `objective:${o.id}`, box: anchor });
      wishes.push({ id: `objective:${o.id}`, text: `${o.name} (${o.vp})`, anchor, px: OBJECTIVE_PX, priority: 1 });
    }
    const placed = placeLabels(wishes, obstacles, k, { minX: 0, minY: 0, maxX: view.table.width, maxY: view.table.height });
    return wishes.flatMap((w) => {
      const at = placed.get(w.id);
      return at ? [{ id: w.id, text: w.text, px: w.px, bold: w.id.startsWith('objective:'), at }] : [];
    });
  }, [k, pieces, view, selected, toMove, p.leaderSeen]);
}

export function NeTable(p: NeTableProps) {
  const { k } = p;
  const labels = useLabels(p);
  const shown = new Set(labels.map((l) => l.id));
  const hovered = p.hovered ? p.pieces.find((x) => x.id === p.hovered) : undefined;
  const strips = p.view.flanks ? flankStrips(p.view.table, p.view.flanks.count) : [];
  const now = p.view.flanks ? strips[p.view.flanks.now] : undefined;
  return (
    <Group>
      {now && p.view.flanks && (
        // The flank bidding or moving now, tinted, with its name in its top corner (rules notes §15).
        <Group>
          <Rect x={now.minX} y={now.minY} width={now.maxX - now.minX} height={now.maxY - now.minY} fill="rgba(255, 179, 0, 0.08)" stroke={SELECT} strokeWidth={2 * k} dash={[10 * k, 6 * k]} />
          <Px x={now.minX + 4 * k} y={now.minY + 4 * k} k={k}>
            <Label>
              <Tag fill={SELECT} cornerRadius={3} />
              <Text text={`${flankName(p.view.flanks.now, p.view.flanks.count)}: ${p.view.flanks.stage === 'moving' ? 'moving now' : 'bidding now'}`} fontSize={11} fontFamily={FONT} fontStyle="bold" fill="#212121" padding={3} />
            </Label>
          </Px>
        </Group>
      )}
      {p.blocks.map((b) => {
        const fires = p.view.fires?.[b.id] ?? 0;
        if (fires <= 0) return null;
        // A burning block: flames over the square, and how many fires in a tag (at most 4; 3 or more bar entry).
        return (
          <Group key={`fire-${b.id}`}>
            <Rect x={b.box.minX} y={b.box.minY} width={b.box.maxX - b.box.minX} height={b.box.maxY - b.box.minY} fill={`rgba(255, 87, 34, ${0.25 + 0.1 * Math.min(4, fires)})`} stroke="#bf360c" strokeWidth={2.5 * k} dash={[5 * k, 3 * k]} />
            <Px x={(b.box.minX + b.box.maxX) / 2} y={b.box.maxY + 2 * k} k={k}>
              <Label name="ne-tag" id={`fire-tag-${b.id}`}>
                <Tag fill="#bf360c" cornerRadius={3} pointerDirection="up" pointerWidth={6} pointerHeight={4} />
                <Text text={`Fire ×${fires}${fires >= 3 ? ' · no entry' : ''}`} fontSize={11} fontFamily={FONT} fontStyle="bold" fill="#fff" padding={3} />
              </Label>
            </Px>
          </Group>
        );
      })}
      {p.area.map((poly, i) => (
        <Line key={`area-${i}`} points={flat(poly)} closed fill="rgba(46, 125, 50, 0.2)" stroke="rgba(27, 94, 32, 0.85)" strokeWidth={1.5 * k} dash={[6 * k, 4 * k]} />
      ))}
      {p.arc && (
        // A battery's arc reaches far past the table's edge: only the table is shown.
        <Group clipX={0} clipY={0} clipWidth={p.view.table.width} clipHeight={p.view.table.height}>
          <Line points={flat(p.arc)} closed fill="rgba(255, 160, 0, 0.12)" stroke="rgba(230, 120, 0, 0.9)" strokeWidth={1.5 * k} dash={[8 * k, 4 * k]} />
        </Group>
      )}
      {p.view.objectives.map((o) => {
        const colour = o.holder ? p.colours[o.holder] : '#757575';
        return (
          <Group key={`obj-${o.id}`} x={o.at[0]} y={o.at[1]}>
            {o.radius > 0 && <Circle radius={o.radius} stroke={colour} strokeWidth={2 * k} dash={[4 * k, 4 * k]} />}
            <Line points={[0, 0, 0, -22 * k]} stroke="#333" strokeWidth={1.5 * k} />
            <Line points={[0, -22 * k, 13 * k, -18 * k, 0, -13 * k]} closed fill={colour} stroke="#333" strokeWidth={k} />
          </Group>
        );
      })}
      {p.pieces.map((piece) => (
        <PieceShape key={piece.id} piece={piece} k={k} selected={piece.id === p.selected} toMove={p.toMove.has(piece.id)} target={p.targets.has(piece.id)} hovered={piece.id === p.hovered} />
      ))}
      {(p.view.orders ?? []).map((o) => (
        <OrderFlag key={`order-${o.leader}`} order={o} leaderAt={leaderPlace(p.view.leaders.find((l) => l.id === o.leader) ?? { at: o.at, attached: null }, p.view.units)} colour={p.colours[o.side]} k={k} />
      ))}
      {p.orderPoint && (
        <Group x={p.orderPoint[0]} y={p.orderPoint[1]}>
          <Circle radius={9 * k} stroke={SELECT} strokeWidth={3 * k} dash={[4 * k, 3 * k]} />
          <Line points={[-12 * k, 0, 12 * k, 0]} stroke={SELECT} strokeWidth={2 * k} />
          <Line points={[0, -12 * k, 0, 12 * k]} stroke={SELECT} strokeWidth={2 * k} />
        </Group>
      )}
      {(p.view.smoke ?? []).map((c, i) => (
        // Smoke lies over the ground before the firer's front: grey, soft, and drawn over the units it drifts across.
        <Group key={`smoke-${c.by}-${i}`} listening={false}>
          <Line points={flat(smokeCorners(c))} closed fill="rgba(176, 176, 176, 0.62)" stroke="rgba(120, 120, 120, 0.9)" strokeWidth={1.5 * k} dash={[3 * k, 3 * k]} shadowColor="#fff" shadowBlur={6 * k} shadowOpacity={0.8} />
          <Px x={c.at[0]} y={c.at[1]} k={k}>
            <Text x={-20} y={-5} width={40} align="center" text="smoke" fontSize={9} fontFamily={FONT} fontStyle="italic" fill="#424242" />
          </Px>
        </Group>
      ))}
      {p.view.leaders
        .filter((l) => !l.lost && (p.leaderSeen?.get(l.id) ?? 'identity') !== 'hidden')
        .map((l) => {
          const at = leaderPlace(l, p.view.units);
          const movable = p.movableLeaders.includes(l.id);
          const picked = l.id === p.pickedLeader;
          return (
            <Group key={`leader-${l.id}`} x={at[0]} y={at[1]}>
              {movable && <Circle radius={(picked ? 10 : 9) * k} stroke={SELECT} strokeWidth={(picked ? 3.5 : 2) * k} dash={picked ? undefined : [4 * k, 3 * k]} />}
              <Circle radius={5.5 * k} fill={p.colours[l.side]} stroke="#ffd54f" strokeWidth={2 * k} />
            </Group>
          );
        })}
      {labels.map((l) => (
        <Px key={`label-${l.id}`} x={l.at.x} y={l.at.y} k={k}>
          <Text
            width={l.at.width / k}
            align="center"
            text={l.text}
            fontSize={l.px}
            fontFamily={FONT}
            fontStyle={l.bold ? 'bold' : 'normal'}
            fill="#111"
            stroke="rgba(255,255,255,0.85)"
            strokeWidth={2.5}
            fillAfterStrokeEnabled
            wrap="none"
          />
        </Px>
      ))}
      {hovered && hovered.name && !shown.has(hovered.id) && (
        // A name left out for want of room shows while the pointer is on its unit.
        <Px x={(boxOfPoints(hovered.corners).minX + boxOfPoints(hovered.corners).maxX) / 2} y={boxOfPoints(hovered.corners).minY - 3 * k} k={k}>
          <Label name="ne-tag">
            <Tag fill="#fff" stroke="#333" strokeWidth={1} cornerRadius={2} pointerDirection="down" pointerWidth={6} pointerHeight={4} />
            <Text text={hovered.name} fontSize={UNIT_PX} fontFamily={FONT} fill="#111" padding={3} />
          </Label>
        </Px>
      )}
      {p.ruler && (
        <Group>
          <Line points={[...p.ruler.from, ...p.ruler.to]} stroke="#0d47a1" strokeWidth={2 * k} dash={[6 * k, 3 * k]} />
          <Px x={(p.ruler.from[0] + p.ruler.to[0]) / 2} y={(p.ruler.from[1] + p.ruler.to[1]) / 2} k={k}>
            <Label name="ne-tag" id="ruler-tag">
              <Tag fill="#0d47a1" cornerRadius={3} pointerDirection="down" pointerWidth={8} pointerHeight={5} />
              <Text text={p.ruler.text} fontSize={12} fontFamily={FONT} fontStyle="bold" fill="#fff" padding={4} />
            </Label>
          </Px>
        </Group>
      )}
      {p.effects?.list.map((e, i) => <NeFlash key={`${p.effects!.key}-${i}`} effect={e} k={k} />)}
      {p.ghost && <GhostShape ghost={p.ghost} k={k} tableWidth={p.view.table.width} />}
      {p.leaderGhost && <LeaderGhostShape ghost={p.leaderGhost} host={p.leaderGhost.attach ? p.pieces.find((x) => x.id === p.leaderGhost!.attach) : undefined} colour={p.colours[p.view.leaders.find((l) => l.id === p.leaderGhost!.leader)?.side ?? 'red']} k={k} tableWidth={p.view.table.width} />}
    </Group>
  );
}

function PieceShape({ piece, k, selected, toMove, target, hovered }: { piece: Piece; k: number; selected: boolean; toMove: boolean; target: boolean; hovered: boolean }) {
  const b = bounds(piece.corners);
  const cx = (b.minX + b.maxX) / 2;
  const r = Math.max(b.maxX - b.minX, b.maxY - b.minY) / 2 + 7 * k;
  return (
    <Group opacity={piece.spent && !selected ? 0.72 : 1}>
      {(selected || toMove) && (
        <Line points={flat(piece.corners)} closed stroke={SELECT} strokeWidth={(selected ? 7 : 4.5) * k} dash={selected ? undefined : [5 * k, 3 * k]} lineJoin="round" />
      )}
      <Line points={flat(piece.corners)} closed fill={piece.fill} stroke="#111" strokeWidth={k} shadowColor="#000" shadowOpacity={0.3} shadowBlur={2 * k} />
      <Line points={flat(piece.front)} stroke={piece.frontStroke} strokeWidth={3 * k} lineCap="round" />
      {piece.refused && <Line points={flat(refusedEdge(piece.base, piece.refused, 0.25))} stroke="#00bfa5" strokeWidth={4 * k} lineCap="round" />}
      {target && (
        <Circle x={piece.base.at[0]} y={piece.base.at[1]} radius={r} stroke="#d50000" strokeWidth={2.5 * k} fill={hovered ? 'rgba(213, 0, 0, 0.18)' : undefined} />
      )}
      <Chips markers={piece.markers} x={cx} y={b.maxY + 2 * k} k={k} />
    </Group>
  );
}

/** The markers as a row of chips centred under the base, each as wide as its letters (measured, at screen size). */
function Chips({ markers, x, y, k }: { markers: readonly Marker[]; x: number; y: number; k: number }) {
  if (!markers.length) return null;
  const widths = markers.map((m) => Math.ceil(textWidth(m.text, CHIP_FONT_PX, 'bold')) + 6);
  const gap = 2;
  const start = -(widths.reduce((a, w) => a + w, 0) + gap * (markers.length - 1)) / 2;
  const lefts = widths.map((_, i) => start + widths.slice(0, i).reduce((a, w) => a + w + gap, 0));
  return (
    <Px x={x} y={y} k={k}>
      {markers.map((m, i) => (
        <Group key={m.kind} x={lefts[i]} y={0} name="ne-chip">
          <Rect width={widths[i]} height={13} cornerRadius={2} fill={m.fill} stroke="#fff" strokeWidth={0.8} />
          <Text width={widths[i]} y={1.5} align="center" text={m.text} fontSize={CHIP_FONT_PX} fontFamily={FONT} fontStyle="bold" fill={m.ink} wrap="none" />
        </Group>
      ))}
    </Px>
  );
}

const ORDER_LETTER: Record<string, string> = { attack: 'A', defend: 'D', withdraw: 'W', pursuit: 'P', maneuver: 'M', reserve: 'R' };

/**
 * A division's written order on the table: a flag at its point (objective or ground held) with the order's letter,
 * a thin line from the leader, and the order on its way as a hollow flag.
 */
function OrderFlag({ order, leaderAt, colour, k }: { order: NonNullable<NapoleonsEaglesView['orders']>[number]; leaderAt: Point; colour: string; k: number }) {
  const flag = (at: Point, letter: string, hollow: boolean, title: string) => (
    <Px x={at[0]} y={at[1]} k={k}>
      <Line points={[0, 0, 0, -20]} stroke="#333" strokeWidth={1.5} />
      <Rect x={0} y={-20} width={14} height={11} fill={hollow ? '#fff' : colour} stroke={colour} strokeWidth={1.5} dash={hollow ? [3, 2] : undefined} />
      <Text x={0} y={-19} width={14} align="center" text={letter} fontSize={9.5} fontFamily={FONT} fontStyle="bold" fill={hollow ? colour : '#fff'} />
      <Text x={16} y={-19} text={title} fontSize={8.5} fontFamily={FONT} fill="#212121" stroke="rgba(255,255,255,0.9)" strokeWidth={2} fillAfterStrokeEnabled />
    </Px>
  );
  return (
    <Group listening={false} opacity={order.unwritten ? 0.55 : 0.95}>
      <Line points={[...leaderAt, ...order.at]} stroke={colour} strokeWidth={1.2 * k} dash={[2 * k, 4 * k]} />
      {flag(order.at, ORDER_LETTER[order.order] ?? '?', false, order.unwritten ? 'holds' : ORDER_WORDS[order.order])}
      {order.next && flag(order.next.at, ORDER_LETTER[order.next.order] ?? '?', true, `${ORDER_WORDS[order.next.order]}: p${order.next.arrives.period} t${order.next.arrives.turn}`)}
    </Group>
  );
}

/** How far ahead of the ghost's front its rotation handle sits, in pixels. */
export const HANDLE_PX = 22;

function GhostShape({ ghost, k, tableWidth }: { ghost: Ghost; k: number; tableWidth: number }) {
  const corners = baseCorners(ghost.base);
  const [fl, fr] = frontEdge(ghost.base);
  const mid: Point = [(fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2];
  const handle = rotationHandle(ghost.base, HANDLE_PX * k);
  const b = bounds([...corners, handle]);
  const colour = ghost.verdict === null ? '#546e7a' : ghost.verdict.ok ? '#1b5e20' : '#c62828';
  return (
    <Group>
      <Line points={flat(corners)} closed fill="rgba(255, 255, 255, 0.8)" stroke={colour} strokeWidth={3 * k} dash={[6 * k, 3 * k]} shadowColor="#000" shadowOpacity={0.35} shadowBlur={4 * k} />
      <Line points={flat([fl, fr])} stroke={colour} strokeWidth={3.5 * k} lineCap="round" />
      <Line points={[...mid, ...handle]} stroke={colour} strokeWidth={1.5 * k} />
      <Circle x={handle[0]} y={handle[1]} radius={6 * k} fill="#fff" stroke={colour} strokeWidth={2 * k} />
      {/* Clear of the handle's round, which sits at the box's edge. */}
      <VerdictTag verdict={ghost.verdict} x0={b.minX} x1={b.maxX} y={(b.minY + b.maxY) / 2} k={k} tableWidth={tableWidth} />
    </Group>
  );
}

/** The verdict's words in a tag beside a ghost, on the side with more table, green when legal and red when not. */
function VerdictTag({ verdict, x0, x1, y, k, tableWidth }: { verdict: { ok: boolean; text: string } | null; x0: number; x1: number; y: number; k: number; tableWidth: number }) {
  const colour = verdict === null ? '#546e7a' : verdict.ok ? '#1b5e20' : '#c62828';
  const text = verdict ? verdict.text : 'Asking the rules…';
  // Long reasons wrap at 320px; the words are measured at the size they are drawn, so the tag holds them.
  const px = Math.min(Math.ceil(textWidth(text, 13, 'bold')) + 12, 320);
  const width = px * k;
  const right = x1 + 12 * k + width <= tableWidth || x0 - 12 * k - width < 0;
  return (
    <Px x={right ? x1 + 12 * k : x0 - 12 * k - width} y={y - 11 * k} k={k}>
      <Label name="ne-tag" id="verdict-tag">
        <Tag fill={verdict && !verdict.ok ? '#c62828' : '#fff'} stroke={colour} strokeWidth={1.5} cornerRadius={3} shadowColor="#000" shadowOpacity={0.25} shadowBlur={3} />
        <Text text={text} fontSize={13} fontFamily={FONT} fontStyle="bold" fill={verdict && !verdict.ok ? '#fff' : colour} padding={5} width={px} />
      </Label>
    </Px>
  );
}

/**
 * A leader's ghost: a dashed line from where he stands to where he would ride, his marker there, the unit he would
 * join outlined, and the engine's verdict beside it once he is dropped.
 */
function LeaderGhostShape({ ghost, host, colour, k, tableWidth }: { ghost: LeaderGhostView & { verdict: { ok: boolean; text: string } | null; dragging: boolean }; host: Piece | undefined; colour: string; k: number; tableWidth: number }) {
  const ink = ghost.verdict === null ? '#546e7a' : ghost.verdict.ok ? '#1b5e20' : '#c62828';
  return (
    <Group>
      <Line points={[...ghost.from, ...ghost.to]} stroke={ink} strokeWidth={2 * k} dash={[6 * k, 4 * k]} />
      {host && <Line points={flat(host.corners)} closed stroke={SELECT} strokeWidth={5 * k} lineJoin="round" />}
      <Circle x={ghost.to[0]} y={ghost.to[1]} radius={7.5 * k} fill="rgba(255, 255, 255, 0.85)" stroke={ink} strokeWidth={2.5 * k} dash={[4 * k, 2 * k]} />
      <Circle x={ghost.to[0]} y={ghost.to[1]} radius={4.5 * k} fill={colour} opacity={0.8} />
      <VerdictTag verdict={ghost.verdict} x0={ghost.to[0] - 8 * k} x1={ghost.to[0] + 8 * k} y={ghost.to[1]} k={k} tableWidth={tableWidth} />
    </Group>
  );
}

/** Casualties or a unit gone, where it stood, fading out over a second and a half. */
function NeFlash({ effect, k }: { effect: Effect; k: number }) {
  const ref = useRef<Konva.Group>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.opacity(1);
    node.to({ opacity: 0, duration: 1.6 });
  }, []);
  if (effect.kind !== 'hit-at' && effect.kind !== 'gone-at') return null;
  const [x, y] = effect.at;
  const d = 9 * k;
  return (
    <Group ref={ref} x={x} y={y}>
      {effect.kind === 'hit-at' ? (
        <Px x={0} y={0} k={k}>
          <Circle radius={14} fill="rgba(213, 0, 0, 0.75)" stroke="#fff" strokeWidth={1.5} />
          <Text x={-14} y={-8} width={28} align="center" text={`−${effect.hits}`} fontSize={15} fontFamily={FONT} fontStyle="bold" fill="#fff" />
        </Px>
      ) : (
        <>
          <Line points={[-d, -d, d, d]} stroke="#000" strokeWidth={4 * k} />
          <Line points={[d, -d, -d, d]} stroke="#000" strokeWidth={4 * k} />
        </>
      )}
    </Group>
  );
}
