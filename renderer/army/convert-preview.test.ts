import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import { keepConversion, keptConversion, previewConversion, type ConversionRecord } from './convert-preview.js';

const friant = () => {
  const r = parseDocument(readFileSync(new URL('../../scenarios/fr-division-friant-1809.army.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('sample unreadable');
  return r.document;
};

describe('conversion preview', () => {
  it('lists one row per unit the list ends with, and a count line over the units it starts with', () => {
    const p = previewConversion(friant(), 'combine');
    if (!p.ok) throw new Error(p.message);
    expect(p.rows).toHaveLength(6);
    expect(p.rows.reduce((n, r) => n + r.units, 0)).toBe(9);
    expect(p.summary.countLine).toMatch(/^9 units become 6: /);
  });
});

describe('the last conversion, kept with the document session', () => {
  const record = (title: string): ConversionRecord => {
    const p = previewConversion(friant(), 'double');
    if (!p.ok) throw new Error(p.message);
    return { summary: p.summary, title, appliedAt: 'today' };
  };

  it('answers for its own session, is replaced by the next conversion, and is gone once another document shows', () => {
    keepConversion('doc-1', record('first'));
    expect(keptConversion('doc-1')?.title).toBe('first');
    keepConversion('doc-1', record('second'));
    expect(keptConversion('doc-1')?.title).toBe('second');
    expect(keptConversion('doc-2')).toBeNull();
    // Gone for good: going back to a session id does not bring back what another document's view dropped.
    expect(keptConversion('doc-1')).toBeNull();
  });
});
