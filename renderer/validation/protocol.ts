// The messages between the page and its validation worker.
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';

export interface ValidationRequest {
  seq: number;
  /** Only the page sends these, and it sends its open document. */
  doc: AdcDocument;
}

export type ValidationReply = { seq: number; ok: true; problems: Problem[] } | { seq: number; ok: false; message: string };
