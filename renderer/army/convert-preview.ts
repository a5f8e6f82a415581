// The conversion dialog's model: what `convertDocument` would change, as rows to preview and one command.
import { convertDocument, type ConversionMode, type ConversionReport, type Ratio, type UnitValues } from '../../domain/convert.js';
import type { AdcDocument } from '../../domain/model.js';
import type { Change } from '../state/history.js';
import { diffChanges } from './diff.js';

export interface PreviewRow {
  id: string;
  name: string;
  figures: [number | undefined, number | undefined];
  models: [number | undefined, number | undefined];
  men?: number;
  guns?: number;
  frontage: number | null;
  mergedFrom?: string;
  changed: boolean;
}

export type ConversionPreview =
  | { ok: true; to: Ratio; rows: PreviewRow[]; warnings: ConversionReport['warnings']; changes: Change[] }
  | { ok: false; message: string; hint?: string };

/** The ratio a document converts to: the other of 1:30 and 1:60. */
export const targetRatio = (doc: AdcDocument): Ratio => (doc.scale?.figureRatio === 30 ? 60 : 30);

export function previewConversion(doc: AdcDocument, mode: ConversionMode): ConversionPreview {
  const to = targetRatio(doc);
  const r = convertDocument(doc, to, mode);
  if (!r.ok) return r.hint ? { ok: false, message: r.message, hint: r.hint } : { ok: false, message: r.message };
  const row = (u: ConversionReport['units'][number]): PreviewRow => {
    const b: UnitValues = u.before;
    const a: UnitValues = u.after;
    return {
      id: u.id,
      name: u.name,
      figures: [b.figures, a.figures],
      models: [b.models, a.models],
      ...(a.men !== undefined ? { men: a.men } : {}),
      ...(a.guns !== undefined ? { guns: a.guns } : {}),
      frontage: u.frontage,
      ...(u.mergedFrom ? { mergedFrom: u.mergedFrom.map((m) => `${m.name}${m.figures !== undefined ? ` (${m.figures})` : ''}`).join(' + ') } : {}),
      changed: b.figures !== a.figures || b.models !== a.models || u.mergedFrom !== undefined,
    };
  };
  return { ok: true, to, rows: r.report.units.map(row), warnings: r.report.warnings, changes: diffChanges(doc, r.document) };
}
