// The rotate-and-scale frame around the selected shapes. Konva's transformer is attached to an invisible proxy
// rectangle over the selection's box, not to the shapes themselves: those are drawn on the cached static layer.
// While the frame is dragged the selected items are lifted onto the top layer and follow the proxy's transform;
// on release the proxy's matrix becomes one `transformSelection` edit, and a fresh proxy replaces the transformed one.
import Konva from 'konva';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Rect, Transformer } from 'react-konva';
import { validPoints } from '../../domain/geometry.js';
import type { Affine } from '../../domain/map/edit.js';
import type { MapScene } from '../../domain/map/scene.js';
import type { MapStyle } from '../../domain/map/styles.js';
import type { Scenario } from '../../domain/model.js';
import { targetOf, transformSelection, withDependents, type EditResult } from './commands.js';
import { owners, unlocked } from './gesture-targets.js';
import type { Lifted } from './gestures.js';
import { selectionBox, type LayerKey } from './scene-view.js';

export interface SelectionTransformerProps {
  scene: MapScene;
  scenario: Scenario;
  selection: string[];
  layers: ReadonlyMap<string, LayerKey>;
  locked: ReadonlySet<LayerKey>;
  /** False with another tool than Select, or while corners are edited. */
  enabled: boolean;
  /** True while some gesture has items lifted: the frame hides unless it is its own transform. */
  lifted: boolean;
  /** The top layer's group that draws lifted items: it follows the frame while it is dragged. */
  liftRef: RefObject<Konva.Group | null>;
  style: MapStyle;
  onLift(lifted: Lifted | null): void;
  onEdit(result: EditResult | null): void;
}

export function SelectionTransformer(props: SelectionTransformerProps) {
  const { scene, scenario, selection, layers, locked, enabled, lifted, liftRef, style } = props;
  const proxyRef = useRef<Konva.Rect>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const [transforming, setTransforming] = useState(false);
  const [proxyKey, setProxyKey] = useState(0);
  const selectionKey = selection.join('|');

  /** Rotate and scale apply to selected shapes with outlines or paths; points only move. */
  const transformable = useMemo(() => {
    if (!enabled) return false;
    return selection.some((p) => {
      const t = targetOf(scenario, p);
      if (t?.type === 'feature') {
        const f = t.feature as { polygon?: unknown; path?: unknown };
        return !locked.has(t.feature.kind) && (validPoints(f.polygon).length >= 3 || validPoints(f.path).length >= 2);
      }
      return t?.type === 'zone' && validPoints((t.deployment.zone as { polygon?: unknown }).polygon).length >= 3;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scenario, selectionKey, enabled, locked]);
  const proxyBox = useMemo(() => (transformable ? selectionBox(scene, selection) : null), [transformable, scene, selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const tr = trRef.current;
    if (!tr) return;
    const nodes = proxyBox && proxyRef.current && !(lifted && !transforming) ? [proxyRef.current] : [];
    // Re-attaching in the middle of a transform would reset it.
    if (nodes.length !== tr.nodes().length || nodes[0] !== tr.nodes()[0]) tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [proxyBox, proxyKey, lifted, transforming]);

  /** The selected shapes (a selected corner stands for its shape), unlocked. */
  const targets = (): string[] => unlocked(owners(selection), layers, locked);

  const proxyMatrix = (): Affine | null => {
    const proxy = proxyRef.current;
    if (!proxy || !proxyBox) return null;
    const t = proxy.getTransform().copy();
    t.multiply(new Konva.Transform([1, 0, 0, 1, -proxyBox.minX, -proxyBox.minY]));
    return t.getMatrix() as Affine;
  };

  return (
    <>
      {proxyBox && (
        <Rect
          key={proxyKey}
          ref={proxyRef}
          x={proxyBox.minX}
          y={proxyBox.minY}
          width={Math.max(0.01, proxyBox.maxX - proxyBox.minX)}
          height={Math.max(0.01, proxyBox.maxY - proxyBox.minY)}
          listening={false}
        />
      )}
      <Transformer
        ref={trRef}
        rotateEnabled
        flipEnabled={false}
        keepRatio={false}
        rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
        rotationSnapTolerance={4}
        anchorSize={9}
        anchorStroke={style.selection.stroke}
        borderStroke={style.selection.stroke}
        borderDash={[4, 3]}
        ignoreStroke
        onTransformStart={() => {
          setTransforming(true);
          props.onLift({ pointers: withDependents(scenario, targets()), mode: 'transform' });
        }}
        onTransform={() => {
          const m = proxyMatrix();
          const group = liftRef.current;
          if (!m || !group) return;
          group.setAttrs(new Konva.Transform(m).decompose());
        }}
        onTransformEnd={() => {
          const m = proxyMatrix();
          props.onEdit(m ? transformSelection(scenario, targets(), m, Math.abs(m[1]) > 1e-9 ? 'Rotate' : 'Scale') : null);
          setTransforming(false);
          props.onLift(null);
          setProxyKey((n) => n + 1);
        }}
      />
    </>
  );
}
