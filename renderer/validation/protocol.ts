// The messages between the page and its validation worker.
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import type { Patch } from './doc-patch.js';

/**
 * Only the page sends these: its open document whole to a fresh worker (or after a failure), and afterwards the
 * changes from the document the worker checked last (doc-patch.ts).
 */
export type ValidationRequest = { seq: number; doc: AdcDocument } | { seq: number; patches: Patch[] };

export type ValidationReply = { seq: number; ok: true; problems: Problem[] } | { seq: number; ok: false; message: string };
