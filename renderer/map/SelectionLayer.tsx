// The light top layer: outlines of whatever the selection points into. It redraws on every selection change
// without touching the cached static layer underneath.
import { memo } from 'react';
import { Circle, Group, Line } from 'react-konva';
import { flatten } from './geometry.js';
import type { MapScene, Outline } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';

interface Props {
  scene: MapScene;
  /** Every selected pointer; a pointer into an element (a vertex) outlines the element. */
  selected: readonly string[];
  /** Screen pixels per inch at the settled zoom. */
  scale: number;
  style: MapStyle;
}

interface Stroke {
  stroke: string;
  strokeWidth: number;
  dash?: number[];
  erase?: boolean;
}

function OutlineShape(props: { outline: Outline; k: number; color: string; width: number; dash?: number[]; halo?: string; haloWidth?: number }) {
  const { outline, k, color, width, dash, halo, haloWidth } = props;
  const strokes: Stroke[] = [];
  const wide = outline.type === 'poly' && outline.widthIn !== undefined && outline.widthIn > 0 ? outline.widthIn : 0;
  if (wide > 0) {
    // A river or road is outlined along both banks: bands wider than the line, then the line's own width erased
    // from this layer, so the feature itself stays visible through the middle.
    if (halo && haloWidth) strokes.push({ stroke: halo, strokeWidth: wide + (2 * width + haloWidth - width) * k });
    strokes.push({ stroke: color, strokeWidth: wide + 2 * width * k, ...(dash ? { dash: dash.map((v) => v * k) } : {}) });
    strokes.push({ stroke: '#000', strokeWidth: wide, erase: true });
  } else {
    if (halo && haloWidth) strokes.push({ stroke: halo, strokeWidth: haloWidth * k });
    strokes.push({ stroke: color, strokeWidth: width * k, ...(dash ? { dash: dash.map((v) => v * k) } : {}) });
  }
  return (
    <>
      {strokes.map(({ erase, ...s }, i) =>
        outline.type === 'circle' ? (
          <Circle
            key={i}
            x={outline.centre[0]}
            y={outline.centre[1]}
            radius={outline.radius + (outline.radiusPx ?? 0) * k}
            {...s}
            perfectDrawEnabled={false}
          />
        ) : (
          <Line
            key={i}
            points={flatten(outline.points)}
            closed={outline.closed}
            {...s}
            {...(erase ? { globalCompositeOperation: 'destination-out' as const } : {})}
            lineCap="round"
            lineJoin="round"
            perfectDrawEnabled={false}
          />
        ),
      )}
    </>
  );
}

/** "/a/b/c" → ["/a", "/a/b", "/a/b/c"]. */
function prefixes(pointer: string): string[] {
  const out: string[] = [];
  let i = pointer.indexOf('/', 1);
  while (i > 0) {
    out.push(pointer.slice(0, i));
    i = pointer.indexOf('/', i + 1);
  }
  out.push(pointer);
  return out;
}

function SelectionLayerImpl(props: Props) {
  const { scene, selected, scale, style } = props;
  if (selected.length === 0) return null;
  const k = 1 / scale;
  const s = style.selection;
  // Sets of prefixes rather than pointer-by-pointer tests: a box selection can hold every item on a big table.
  const owners = new Set(selected.flatMap(prefixes));
  const chosen = scene.selectables.filter((item) => owners.has(item.pointer));
  const chosenSet = new Set(selected.filter((p) => p !== ''));
  const related = [
    ...chosen.flatMap((item) => item.related),
    ...scene.selectables.filter((item) => item.force && !owners.has(item.pointer) && prefixes(item.pointer).some((p) => chosenSet.has(p))).flatMap((item) => item.outlines),
  ];
  return (
    <Group listening={false}>
      {related.map((outline, i) => (
        <OutlineShape key={`r${i}`} outline={outline} k={k} color={s.related} width={s.relatedPx} dash={s.relatedDashPx} />
      ))}
      {chosen.flatMap((item) =>
        item.outlines.map((outline, i) => (
          <OutlineShape
            key={`${item.pointer}#${i}`}
            outline={outline}
            k={k}
            color={s.stroke}
            width={s.strokePx}
            halo={s.halo}
            haloWidth={s.haloPx}
          />
        )),
      )}
    </Group>
  );
}

export const SelectionLayer = memo(SelectionLayerImpl);
