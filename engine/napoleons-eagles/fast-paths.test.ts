// The speed work's exactness claims, checked directly: each fast path answers what the slow one it stands in for
// answers, to the last bit (the golden logs would catch a difference only where a game happens to meet it).
import { describe, expect, it } from 'vitest';
import type { Point } from '../../domain/model.js';
import { parseDocument } from '../../domain/document.js';
import type { Scenario } from '../../domain/model.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chargeContact, checkMove } from './movement.js';
import { convexOverlap, hypot, pointInPolygon, polygonDistance, rectCorners, rectDistance, rectsOverlap, segmentDistance, segmentPolygonDistance, type Rect } from './geometry.js';
import { candidates, makePlayer } from './players.js';
import { applyAction, startGame, toAct } from './game.js';
import { draft, settle, type NeGameState } from './state.js';

// A small deterministic generator, so a failure names its case.
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('hypot', () => {
  it('is Math.hypot to the last bit', () => {
    const rnd = lcg(1);
    const specials = [0, -0, 1, -1, NaN, Infinity, -Infinity, 1e-300, 1e300, 5e-324, 3, 4, 0.1, 1.7976931348623157e308];
    for (const a of specials) for (const b of specials) expect(Object.is(hypot(a, b), Math.hypot(a, b))).toBe(true);
    let bad = 0;
    for (let i = 0; i < 200_000; i++) {
      const scale = [1, 100, 1e-3, 72, 1e6][i % 5]!;
      const a = (rnd() - 0.5) * scale * (i % 7 === 0 ? rnd() * 1e-4 : 1);
      const b = (rnd() - 0.5) * scale;
      if (!Object.is(hypot(a, b), Math.hypot(a, b))) bad++;
    }
    expect(bad).toBe(0);
  });
});

describe('rectangle tests with box shortcuts', () => {
  /** The segment-to-polygon distance as it was before its shortcut. */
  function slowSegmentPolygon(a: Point, b: Point, poly: readonly Point[]): number {
    if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return 0;
    let best = Infinity;
    for (let i = 0; i < poly.length; i++) best = Math.min(best, segmentDistance(a, b, poly[i]!, poly[(i + 1) % poly.length]!));
    return best;
  }

  it('answer as the full polygon tests do, near and far', () => {
    const rnd = lcg(2);
    const rect = (): Rect => ({ centre: [rnd() * 72, rnd() * 48], width: 0.5 + rnd() * 12, depth: 0.5 + rnd() * 3, facing: rnd() < 0.2 ? 90 * Math.floor(rnd() * 4) : rnd() * 360 });
    for (let i = 0; i < 20_000; i++) {
      const a = rect();
      // Half the cases close by, where the shortcuts must stand aside.
      const b = i % 2 === 0 ? rect() : { ...rect(), centre: [a.centre[0] + (rnd() - 0.5) * 8, a.centre[1] + (rnd() - 0.5) * 8] as Point };
      const ca = rectCorners(a);
      const cb = rectCorners(b);
      expect(Object.is(rectDistance(a, b), polygonDistance(ca, cb))).toBe(true);
      expect(rectsOverlap(a, b)).toBe(convexOverlap(ca, cb, true));
      const p: Point = [rnd() * 72, rnd() * 48];
      const q: Point = i % 3 === 0 ? p : [p[0] + (rnd() - 0.5) * 20, p[1] + (rnd() - 0.5) * 20];
      expect(Object.is(segmentPolygonDistance(p, q, cb), slowSegmentPolygon(p, q, cb))).toBe(true);
    }
  });
});

describe('copies share what an action left unchanged (state.ts settle)', () => {
  const sc = parseDocument(readFileSync(path.resolve(import.meta.dirname, '../../scenarios/ne-01-plancenoit.scenario.json'), 'utf8'));
  const state = (): NeGameState => startGame((sc as { document: Scenario }).document, 3).state;
  // A value no field of a fresh game holds.
  const other = (v: unknown): unknown => (typeof v === 'number' ? v + 0.5 : typeof v === 'boolean' ? !v : typeof v === 'string' ? `${v}~` : v === null ? 'x' : ['x']);

  it('keeps a change to any field of a unit, a leader or a flow record', () => {
    const before = state();
    for (const key of Object.keys(before.units[0]!)) {
      const s = draft(before);
      (s.units[0] as unknown as Record<string, unknown>)[key] = other((before.units[0] as unknown as Record<string, unknown>)[key]);
      settle(s, before);
      expect(s.units[0], `unit field ${key}`).not.toBe(before.units[0]);
      expect(s.units[1]).toBe(before.units[1]);
    }
    for (const key of Object.keys(before.leaders[0]!)) {
      const s = draft(before);
      (s.leaders[0] as unknown as Record<string, unknown>)[key] = other((before.leaders[0] as unknown as Record<string, unknown>)[key]);
      settle(s, before);
      expect(s.leaders[0], `leader field ${key}`).not.toBe(before.leaders[0]);
    }
    const id = before.units[0]!.id;
    for (const key of Object.keys(before.flow[id]!)) {
      const s = draft(before);
      (s.flow[id] as unknown as Record<string, unknown>)[key] = other((before.flow[id] as unknown as Record<string, unknown>)[key]);
      settle(s, before);
      expect(s.flow[id], `flow field ${key}`).not.toBe(before.flow[id]);
    }
  });

  it('hands back the lists themselves when nothing in them changed', () => {
    const before = state();
    const s = draft(before);
    settle(s, before);
    expect(s.units).toBe(before.units);
    expect(s.leaders).toBe(before.leaders);
    expect(s.flow).toBe(before.flow);
  });
});

describe('move and charge verdicts kept between decisions (move-memo.ts)', () => {
  it('are the verdicts worked out afresh, at every decision of a game', () => {
    const doc = parseDocument(readFileSync(path.resolve(import.meta.dirname, '../../scenarios/ne-01-plancenoit.scenario.json'), 'utf8'));
    const sc = (doc as { document: Scenario }).document;
    const players = [makePlayer('random', 11), makePlayer('random', 12)] as const;
    let s = startGame(sc, 11).state;
    let compared = 0;
    for (let ply = 0; ply < 450; ply++) {
      const side = toAct(s);
      if (side === null) break;
      // Every third decision is compared (the memo is fed at all of them, by the players' own checks).
      if (ply % 3 !== 0) {
        s = applyAction(s, players[side].choose(s)).state;
        continue;
      }
      // A copy of the table is a table the memo has never seen: its verdicts are worked out now.
      const fresh = { ...s.table };
      for (const a of candidates(s)) {
        if (a.type === 'move' || a.type === 'force-march') {
          const kept = checkMove(s.table, s.units, a.unit, a.to, a.facing, a.type);
          expect(kept).toEqual(checkMove(fresh, s.units, a.unit, a.to, a.facing, a.type));
          compared++;
        }
        if (a.type === 'charge') {
          expect(chargeContact(s.table, s.units, a.unit, a.target)).toEqual(chargeContact(fresh, s.units, a.unit, a.target));
          compared++;
        }
      }
      for (const u of s.units) {
        for (const t of s.units) if (t.side !== u.side) expect(chargeContact(s.table, s.units, u.id, t.id)).toEqual(chargeContact(fresh, s.units, u.id, t.id));
        for (const [dx, dy, f] of [[0, -3, 0], [2, 2, 45], [-4, 0, 270], [0, 6, 180]] as const) {
          const to: Point = [u.x + dx, u.y + dy];
          expect(checkMove(s.table, s.units, u.id, to, u.facing + f, 'move')).toEqual(checkMove(fresh, s.units, u.id, to, u.facing + f, 'move'));
        }
      }
      s = applyAction(s, players[side].choose(s)).state;
    }
    expect(compared).toBeGreaterThan(150);
  }, 120_000);
});
