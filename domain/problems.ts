// A problem found in a document: by the schema, by a semantic rule, or while loading.
export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** JSON Pointer (RFC 6901) to the innermost offending value; "" is the whole document. */
  path: string;
  message: string;
  hint?: string;
}

/** Builds a JSON Pointer from path segments, escaping `~` and `/` as RFC 6901 requires. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');
