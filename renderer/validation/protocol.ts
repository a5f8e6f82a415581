// The messages between the page and its validation worker.
import type { Problem } from '../../domain/problems.js';

export interface ValidationRequest {
  seq: number;
  doc: unknown;
}

export type ValidationReply = { seq: number; ok: true; problems: Problem[] } | { seq: number; ok: false; message: string };
