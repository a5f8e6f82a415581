// Properties that must hold in every game, checked after every action of many seeded games on every bundled
// Square Eagles scenario: one unit per box, hits within SP, nobody on ground they may not stand on, the game over
// by the turn limit, and a log that replays to the identical state. ADC_PROPERTY_GAMES raises the count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { makePlayer, type PlayerKind } from './ai.js';
import { applyAction, isOver, legalActions } from './game.js';
import { result } from './victory.js';
import { GameRecorder, replay } from './log.js';
import { canEnd } from './movement.js';
import { makeCtx } from './geometry.js';
import { legalActionAt, legalActionCount, legalActionsIn } from './legal-actions.js';
import { playGame } from './play.js';
import type { GameState } from './types.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const bundled: [string, Scenario][] = readdirSync(dir)
  .filter((f) => /^se-.*\.scenario\.json$/.test(f))
  .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario]);
const GAMES = Number(process.env.ADC_PROPERTY_GAMES ?? 4);

function invariants(s: GameState): string[] {
  const bad: string[] = [];
  const seen = new Map<number, string>();
  for (const u of s.units) {
    if (u.hits < 0 || u.hits > u.sp) bad.push(`${u.id} has ${u.hits} hits of ${u.sp}`);
    if (u.status !== 'table') continue;
    const other = seen.get(u.cell);
    if (other) bad.push(`${u.id} and ${other} share ${s.board.names[u.cell]}`);
    seen.set(u.cell, u.id);
    if (!canEnd(s.board, u, u.cell)) bad.push(`${u.id} stands on ${s.board.names[u.cell]}, where it may not`);
  }
  if (s.turn > s.meta.limit) bad.push(`turn ${s.turn} is past the limit ${s.meta.limit}`);
  return bad;
}

function checkedGame(sc: Scenario, seed: number, red: PlayerKind, blue: PlayerKind): { rec: GameRecorder; problems: string[] } {
  const rec = new GameRecorder(sc, seed, { players: { red, blue } });
  const players = { red: makePlayer(red, seed * 2 + 1), blue: makePlayer(blue, seed * 2 + 2) };
  const problems = invariants(rec.state);
  while (!isOver(rec.state) && problems.length === 0) {
    const side = rec.state.meta.sides[rec.state.pending.side].key;
    rec.apply(players[side].choose(rec.state));
    problems.push(...invariants(rec.state));
  }
  rec.finish();
  return { rec, problems };
}

describe('properties over many games', () => {
  for (const [file, sc] of bundled) {
    it(`${file}: random and AI games keep every invariant, end by the turn limit and replay from their logs`, () => {
      for (let g = 0; g < GAMES; g++) {
        const kinds: [PlayerKind, PlayerKind] = g % 2 === 0 ? ['random', 'random'] : g % 4 === 1 ? ['ai', 'random'] : ['random', 'ai'];
        const { rec, problems } = checkedGame(sc, 1000 + g, ...kinds);
        expect(problems).toEqual([]);
        expect(isOver(rec.state)).toBe(true);
        expect(rec.state.turn).toBeLessThanOrEqual(sc.turns!.limit);
        const again = replay(sc, rec.lines);
        expect(JSON.stringify(again)).toBe(JSON.stringify(rec.state));
      }
    });
  }
});

describe('bundled Square Eagles scenarios', () => {
  for (const [file, sc] of bundled) {
    it(`${file} plays to the end, AI against AI, the same way for the same seed`, () => {
      const a = playGame(sc, { seed: 42, log: true });
      const b = playGame(sc, { seed: 42, log: true });
      expect(a.log).toEqual(b.log);
      expect(['red', 'blue', 'draw']).toContain(a.result.winner);
      expect(a.result.turns).toBeLessThanOrEqual(sc.turns!.limit);
      expect(invariants(a.state)).toEqual([]);
      expect(JSON.stringify(replay(sc, a.log!))).toBe(JSON.stringify(a.state));
    });
  }
});

describe('replay', () => {
  it('replay: a log whose dice were tampered with is refused', () => {
    const [, sc] = bundled[0]!;
    const { log } = playGame(sc, { seed: 3, log: true, red: 'random', blue: 'random' });
    const lines = [...log!];
    const k = lines.findIndex((l) => /"rolls":\[[1-6]/.test(l) && l.includes('"type":"action"'));
    lines[k] = lines[k]!.replace(/"rolls":\[([1-6])/, (_, d: string) => `"rolls":[${d === '6' ? 1 : Number(d) + 1}`);
    expect(() => replay(sc, lines)).toThrow(/dice differ/);
  });

  it('applyAction refuses an illegal action and leaves the state alone', () => {
    const [, sc] = bundled[0]!;
    const s = playGame(sc, { seed: 5, red: 'random', blue: 'random' }).state;
    expect(isOver(s)).toBe(true);
    expect(() => applyAction(s, { type: 'end-orders' })).toThrow();
    expect(result(s).turns).toBeGreaterThan(0);
  });
});

describe('the check of one action agrees with the list of legal actions', () => {
  // The engine checks a Move, March or Maneuver against packed keys (movement.ts moveKeys, maneuverKeys), not by
  // searching the list: every listed action must pass, and a near miss from outside must not.
  const [, sc] = bundled[0]!;
  const states: GameState[] = [];
  const rec = new GameRecorder(sc, 11, { players: { red: 'random', blue: 'random' } });
  const players = { red: makePlayer('random', 23), blue: makePlayer('random', 24) };
  while (!isOver(rec.state)) {
    if (rec.state.pending.kind === 'actions') states.push(rec.state);
    rec.apply(players[rec.state.meta.sides[rec.state.pending.side].key].choose(rec.state));
  }

  it('every listed move, march and maneuver is accepted, on a fresh copy of the state too', () => {
    let checked = 0;
    for (const st of states.slice(0, 40)) {
      const copy = JSON.parse(JSON.stringify(st)) as GameState;
      for (const a of legalActions(st)) {
        if (a.type !== 'move' && a.type !== 'march' && a.type !== 'maneuver') continue;
        expect(() => applyAction(copy, a)).not.toThrow();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('counting the actions and building the kth alone give the list and its kth action, at every decision of a game', () => {
    // The random player picks this way (ai.ts): a mismatch would change every seeded random game.
    for (const [, scenario] of bundled) {
      const r = new GameRecorder(scenario, 5, { players: { red: 'random', blue: 'random' } });
      const pl = { red: makePlayer('random', 7), blue: makePlayer('random', 8) };
      while (!isOver(r.state)) {
        const fresh = makeCtx(r.state);
        const list = legalActionsIn(fresh);
        expect(legalActionCount(fresh)).toBe(list.length);
        for (let k = 0; k < list.length; k++) expect(JSON.stringify(legalActionAt(fresh, k))).toBe(JSON.stringify(list[k]));
        r.apply(pl[r.state.meta.sides[r.state.pending.side].key].choose(r.state));
      }
    }
    // About 1 s of CPU on its own; the bound only catches a hang, not a slow machine running other tests beside it.
  }, 60_000);

  it('a move or maneuver with a facing or formation the list never holds is refused', () => {
    const st = states.find((x) => legalActions(x).some((a) => a.type === 'maneuver' && a.formation))!;
    const legal = legalActions(st);
    const move = legal.find((a) => a.type === 'move')!;
    const maneuver = legal.find((a) => a.type === 'maneuver' && a.formation)!;
    // 450° and "90" would land on another box's key if the facing were only divided by 90.
    for (const facing of [450, 45, -90, '90', null]) {
      expect(() => applyAction(st, { ...move, facing } as unknown as typeof move)).toThrow(/illegal move/);
      expect(() => applyAction(st, { ...maneuver, facing } as unknown as typeof maneuver)).toThrow(/illegal maneuver/);
    }
    for (const formation of ['toString', 'wedge', 7]) {
      expect(() => applyAction(st, { ...maneuver, formation } as unknown as typeof maneuver)).toThrow(/illegal maneuver/);
    }
    expect(() => applyAction(st, { ...move, to: 'Z99' })).toThrow(/illegal move/);
  });
});
