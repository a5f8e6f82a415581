// The top layer's interactive pieces: corner and edge handles of the shape being edited, and the previews tools
// draw while a gesture is under way (the draft outline, the rubber band, painted cells, the block and crossing
// about to land). All sized in screen pixels through `k`, inches per pixel at the settled zoom.
import type { ReactNode } from 'react';
import { Circle, Line, Rect } from 'react-konva';
import { validPoints } from '../../domain/geometry.js';
import { edgeMidpoints } from '../../domain/map/edit.js';
import { SCREEN_STYLE } from '../../domain/map/styles.js';
import type { Point, Scenario } from '../../domain/model.js';
import { DEFAULT_BLOCK_SIZE } from '../../domain/terrain-cells.js';
import { pointerToPath } from '../state/editor.js';
import { getAt } from '../state/history.js';
import { targetOf } from './commands.js';
import { flatten } from './geometry.js';

export interface Preview {
  draft?: { points: Point[]; hover: Point | null; closed: boolean; nearFirst: boolean };
  ghost?: { points: Point[]; closed: boolean };
  box?: [Point, Point];
  cells?: Point[][];
  blocks?: Point[];
  crossing?: Point | null;
  vertex?: { points: Point[]; closed: boolean; index: number };
  dropCell?: Point[] | null;
}

export interface HandleSpec {
  name: string;
  at: Point;
  type: 'vertex' | 'mid';
  /** Index among the vertices of its points list (vertices only). */
  index: number;
  points: string;
}

export function vertexHandles(s: Scenario, owner: string): HandleSpec[] {
  const t = targetOf(s, owner);
  const lists: { pointer: string; closed: boolean }[] = [];
  if (t?.type === 'feature') {
    const f = t.feature as { polygon?: unknown; path?: unknown; crest?: unknown };
    if (validPoints(f.polygon).length >= 3) lists.push({ pointer: `${owner}/polygon`, closed: true });
    if (validPoints(f.path).length >= 2) lists.push({ pointer: `${owner}/path`, closed: false });
    if (validPoints(f.crest).length >= 2) lists.push({ pointer: `${owner}/crest`, closed: false });
  } else if (t?.type === 'zone') lists.push({ pointer: `${owner}/zone/polygon`, closed: true });
  const out: HandleSpec[] = [];
  for (const { pointer, closed } of lists) {
    const pts = validPoints(getAt(s, pointerToPath(pointer)));
    for (const m of edgeMidpoints(pts, closed)) out.push({ name: `mid:${pointer}:${m.after}`, at: m.at, type: 'mid', index: -1, points: pointer });
    pts.forEach((p, i) => out.push({ name: `vertex:${pointer}/${i}`, at: p, type: 'vertex', index: i, points: pointer }));
  }
  return out;
}

export function HandleShape(props: { handle: HandleSpec; k: number; preview: Preview['vertex']; selected: boolean }) {
  const { handle, k, preview, selected } = props;
  // While a corner is dragged, its handle follows it.
  const at = handle.type === 'vertex' && preview && preview.points[handle.index] && preview.points.length > handle.index ? preview.points[handle.index]! : handle.at;
  if (handle.type === 'mid') {
    if (preview) return null;
    return <Circle name={handle.name} x={at[0]} y={at[1]} radius={4 * k} fill="rgba(255,255,255,0.85)" stroke={SCREEN_STYLE.selection.stroke} strokeWidth={1.2 * k} hitStrokeWidth={6 * k} perfectDrawEnabled={false} />;
  }
  const size = 9 * k;
  return <Rect name={handle.name} x={at[0] - size / 2} y={at[1] - size / 2} width={size} height={size} fill={selected ? SCREEN_STYLE.selection.stroke : '#ffffff'} stroke={SCREEN_STYLE.selection.stroke} strokeWidth={1.6 * k} hitStrokeWidth={6 * k} perfectDrawEnabled={false} />;
}

export function Previews(props: { preview: Preview; k: number; color: string }) {
  const { preview, k, color } = props;
  const out: ReactNode[] = [];
  const d = preview.draft;
  if (d) {
    const pts = d.hover && !d.nearFirst ? [...d.points, d.hover] : d.points;
    out.push(
      <Line key="draft-fill" points={flatten(pts)} closed={d.closed} fill={d.closed ? `${color}33` : undefined} stroke={color} strokeWidth={2 * k} dash={[6 * k, 4 * k]} listening={false} />,
      ...d.points.map((p, i) => (
        <Circle key={`dp${i}`} x={p[0]} y={p[1]} radius={(i === 0 && d.nearFirst ? 6 : 3.5) * k} fill={i === 0 ? color : '#ffffff'} stroke={color} strokeWidth={1.5 * k} listening={false} />
      )),
    );
  }
  if (preview.ghost) out.push(<Line key="ghost" points={flatten(preview.ghost.points)} closed={preview.ghost.closed} fill={`${color}40`} stroke={color} strokeWidth={2 * k} dash={[6 * k, 4 * k]} listening={false} />);
  if (preview.box) {
    const [a, b] = preview.box;
    out.push(
      <Rect key="box" x={Math.min(a[0], b[0])} y={Math.min(a[1], b[1])} width={Math.abs(b[0] - a[0])} height={Math.abs(b[1] - a[1])} fill="rgba(255, 45, 149, 0.06)" stroke={SCREEN_STYLE.selection.stroke} strokeWidth={1 * k} dash={[5 * k, 3 * k]} listening={false} />,
    );
  }
  for (const [i, ring] of (preview.cells ?? []).entries()) out.push(<Line key={`c${i}`} points={flatten(ring)} closed fill={`${color}55`} stroke={color} strokeWidth={1.5 * k} listening={false} />);
  for (const [i, c] of (preview.blocks ?? []).entries()) {
    out.push(<Rect key={`b${i}`} x={c[0]} y={c[1]} width={DEFAULT_BLOCK_SIZE} height={DEFAULT_BLOCK_SIZE} fill="rgba(165, 86, 59, 0.35)" stroke="#3a3227" strokeWidth={1.2 * k} dash={[4 * k, 3 * k]} listening={false} />);
  }
  if (preview.crossing) out.push(<Circle key="crossing" x={preview.crossing[0]} y={preview.crossing[1]} radius={8 * k} stroke={SCREEN_STYLE.selection.stroke} strokeWidth={2 * k} dash={[3 * k, 2 * k]} listening={false} />);
  if (preview.dropCell) out.push(<Line key="drop" points={flatten(preview.dropCell)} closed fill="rgba(255, 45, 149, 0.12)" stroke={SCREEN_STYLE.selection.stroke} strokeWidth={2 * k} listening={false} />);
  return <>{out}</>;
}

