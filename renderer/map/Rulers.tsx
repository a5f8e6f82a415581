// Rulers pinned to the top and left edges of the view, whatever the pan and zoom: drawn in screen pixels on a layer
// of their own, which MapView redraws with each camera move (one shape, a few dozen ticks).
import type Konva from 'konva';
import { type RefObject } from 'react';
import { Layer, Shape } from 'react-konva';
import type { Point, Table } from '../../domain/model.js';
import type { MapStyle } from '../../domain/map/styles.js';
import { UNIT_INCHES, rulerSpacing, type View } from './geometry.js';

export interface RulerState {
  view: View;
  cursor: Point | null;
}

function drawRulers(c: CanvasRenderingContext2D, s: RulerState, width: number, height: number, table: Table, units: 'inches' | 'centimetres', style: MapStyle): void {
  const band = style.ruler.bandPx;
  const { view } = s;
  const unit = UNIT_INCHES[units];
  const pxPerUnit = view.scale * unit;
  const { tick, label } = rulerSpacing(pxPerUnit, units);
  const suffix = units === 'inches' ? '"' : '';
  const fmt = (v: number) => `${+v.toFixed(3)}${suffix}`;

  c.fillStyle = style.ruler.fill;
  c.fillRect(0, 0, width, band);
  c.fillRect(0, 0, band, height);
  // Where the table lies, a paler strip: the ruler reads as the table's own edge.
  c.fillStyle = '#ffffff';
  const tx0 = Math.max(band, view.x);
  const tx1 = Math.min(width, view.x + table.width * view.scale);
  if (tx1 > tx0) c.fillRect(tx0, 0, tx1 - tx0, band);
  const ty0 = Math.max(band, view.y);
  const ty1 = Math.min(height, view.y + table.height * view.scale);
  if (ty1 > ty0) c.fillRect(0, ty0, band, ty1 - ty0);

  c.beginPath();
  c.strokeStyle = style.ruler.tick;
  c.lineWidth = 1;
  c.font = `${style.ruler.fontPx}px ${style.label.fontFamily}`;
  c.fillStyle = style.ruler.text;
  c.textBaseline = 'top';
  const isLabel = (v: number) => Math.abs(v / label - Math.round(v / label)) < 1e-6;
  const isHalf = (v: number) => Math.abs((2 * v) / label - Math.round((2 * v) / label)) < 1e-6;
  const lengthOf = (v: number) => band * (isLabel(v) ? 0.6 : isHalf(v) ? 0.4 : 0.22);

  // Top ruler: x in ruler units from the table's west edge.
  const first = Math.ceil(((band - view.x) / pxPerUnit) / tick) * tick;
  for (let v = first, n = 0; n < 2000; v += tick, n++) {
    const x = Math.round(view.x + v * pxPerUnit) + 0.5;
    if (x > width) break;
    c.moveTo(x, band);
    c.lineTo(x, band - lengthOf(v));
    if (isLabel(v)) {
      c.textAlign = 'left';
      c.fillText(fmt(v), x + 2, 2);
    }
  }
  // Left ruler: y from the north edge, labels turned to read upwards.
  const firstY = Math.ceil(((band - view.y) / pxPerUnit) / tick) * tick;
  for (let v = firstY, n = 0; n < 2000; v += tick, n++) {
    const y = Math.round(view.y + v * pxPerUnit) + 0.5;
    if (y > height) break;
    c.moveTo(band, y);
    c.lineTo(band - lengthOf(v), y);
    if (isLabel(v)) {
      c.save();
      c.translate(2, y - 2);
      c.rotate(-Math.PI / 2);
      c.textAlign = 'left';
      c.fillText(fmt(v), 0, 0);
      c.restore();
    }
  }
  c.stroke();

  c.beginPath();
  c.strokeStyle = style.ruler.stroke;
  c.moveTo(0, band + 0.5);
  c.lineTo(width, band + 0.5);
  c.moveTo(band + 0.5, 0);
  c.lineTo(band + 0.5, height);
  c.stroke();

  if (s.cursor) {
    const x = Math.round(view.x + s.cursor[0] * view.scale) + 0.5;
    const y = Math.round(view.y + s.cursor[1] * view.scale) + 0.5;
    c.beginPath();
    c.strokeStyle = style.selection.stroke;
    c.lineWidth = 1.5;
    if (x > band) {
      c.moveTo(x, 0);
      c.lineTo(x, band);
    }
    if (y > band) {
      c.moveTo(0, y);
      c.lineTo(band, y);
    }
    c.stroke();
  }
  // The corner square names the unit.
  c.fillStyle = style.ruler.fill;
  c.fillRect(0, 0, band, band);
  c.fillStyle = style.ruler.text;
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.fillText(units === 'inches' ? 'in' : 'cm', band / 2, band / 2);
}

export function RulersLayer(props: {
  layerRef: RefObject<Konva.Layer | null>;
  state: RefObject<RulerState>;
  width: number;
  height: number;
  table: Table;
  units: 'inches' | 'centimetres';
  style: MapStyle;
}) {
  const { layerRef, state, width, height, table, units, style } = props;
  return (
    <Layer ref={layerRef} listening={false}>
      <Shape
        perfectDrawEnabled={false}
        listening={false}
        sceneFunc={(ctx) => {
          const c = ctx._context;
          const ratio = layerRef.current?.getCanvas().getPixelRatio() ?? 1;
          c.save();
          // The stage's pan and zoom apply to every layer; rulers live in screen pixels, so they undo it.
          c.setTransform(ratio, 0, 0, ratio, 0, 0);
          drawRulers(c, state.current, width, height, table, units, style);
          c.restore();
        }}
      />
    </Layer>
  );
}
