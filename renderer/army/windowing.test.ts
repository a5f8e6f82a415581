import { describe, expect, it } from 'vitest';
import { lineAt, lineOffsets, windowSegments, type Segment } from './windowing.js';

/** The lines a list of segments draws, and the height it stands for in all. */
const drawn = (segments: Segment[]) => segments.flatMap((s) => (s.kind === 'line' ? [s.index] : []));

describe('windowed lines', () => {
  const offsets = lineOffsets([24, 25, 25, 23, 25, 24, 25, 25]);

  it('lays lines out from their heights and finds the line under a point', () => {
    expect(offsets).toEqual([0, 24, 49, 74, 97, 122, 146, 171, 196]);
    expect(lineAt(offsets, 0)).toBe(0);
    expect(lineAt(offsets, 23.9)).toBe(0);
    expect(lineAt(offsets, 24)).toBe(1);
    expect(lineAt(offsets, 195)).toBe(7);
    expect(lineAt(offsets, 5000)).toBe(7);
    expect(lineAt(offsets, -10)).toBe(0);
    expect(lineAt([0], 10)).toBe(0);
  });

  it('draws the lines that meet the band, with spacers that keep every line where it would be', () => {
    const s = windowSegments(offsets, 50, 120);
    expect(drawn(s)).toEqual([2, 3, 4]);
    expect(s[0]).toEqual({ kind: 'gap', from: 0, to: 2, height: 49 });
    expect(s.at(-1)).toEqual({ kind: 'gap', from: 5, to: 8, height: 196 - 122 });
    // Spacers and lines together are as tall as the whole list.
    const height = s.reduce((h, x) => h + (x.kind === 'gap' ? x.height : offsets[x.index + 1]! - offsets[x.index]!), 0);
    expect(height).toBe(196);
  });

  it('keeps lines asked for wherever they are, in order, each once', () => {
    const s = windowSegments(offsets, 80, 100, [7, 0, 4, 4, -1, 99]);
    expect(drawn(s)).toEqual([0, 3, 4, 7]);
    expect(s.map((x) => x.kind)).toEqual(['line', 'gap', 'line', 'line', 'gap', 'line']);
    expect(s[1]).toEqual({ kind: 'gap', from: 1, to: 3, height: 74 - 24 });
  });

  it('draws the whole list when the band covers it, and nothing but what is kept when the band is outside it', () => {
    expect(drawn(windowSegments(offsets, -500, 5000))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(windowSegments(offsets, 400, 900)).toEqual([{ kind: 'gap', from: 0, to: 8, height: 196 }]);
    expect(drawn(windowSegments(offsets, 400, 900, [5]))).toEqual([5]);
    expect(windowSegments(lineOffsets([]), 0, 100, [0])).toEqual([]);
  });
});
