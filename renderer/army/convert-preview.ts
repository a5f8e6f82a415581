// The conversion dialog's model: what `convertDocument` would change, as the report's rows to preview and one command.
import { convertDocument, type ConversionMode, type ConversionReport, type Ratio } from '../../domain/convert.js';
import { summarizeConversion, type ConversionSummary, type ReportRow } from '../../domain/convert-report.js';
import type { AdcDocument } from '../../domain/model.js';
import type { Change } from '../state/history.js';
import { diffChanges } from './diff.js';

export type ConversionPreview =
  | { ok: true; to: Ratio; summary: ConversionSummary; rows: ReportRow[]; warnings: ConversionReport['warnings']; changes: Change[] }
  | { ok: false; message: string; hint?: string };

/** The ratio a document converts to: the other of 1:30 and 1:60. */
export const targetRatio = (doc: AdcDocument): Ratio => (doc.scale?.figureRatio === 30 ? 60 : 30);

export function previewConversion(doc: AdcDocument, mode: ConversionMode): ConversionPreview {
  const to = targetRatio(doc);
  const r = convertDocument(doc, to, mode);
  if (!r.ok) return r.hint ? { ok: false, message: r.message, hint: r.hint } : { ok: false, message: r.message };
  const summary = summarizeConversion(doc, r.report);
  return { ok: true, to, summary, rows: summary.rows, warnings: r.report.warnings, changes: diffChanges(doc, r.document) };
}

/** A conversion as applied, kept with the document's session so its report can be read, saved and printed later. */
export interface ConversionRecord {
  summary: ConversionSummary;
  /** The list's name or the scenario's title when it was converted. */
  title: string;
  /** When it was applied, in words. */
  appliedAt: string;
}

/**
 * The last conversion applied, with the session (the editor's key) of the document it was applied to. It is kept
 * outside the Forces view, which a scenario's Map tab unmounts, and answers only for that session, so a document
 * opened or created afterwards starts without it.
 */
let last: { session: string | undefined; record: ConversionRecord } | null = null;

export function keepConversion(session: string | undefined, record: ConversionRecord): void {
  last = { session, record };
}

export function keptConversion(session: string | undefined): ConversionRecord | null {
  if (last && last.session !== session) last = null;
  return last?.record ?? null;
}
