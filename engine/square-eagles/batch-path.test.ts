// The batch path plays the same games as the logged one. Batch games skip the events and the dice record
// (game.ts nextState) and the golden logs only ever see the logged path, so this compares the two, game by game,
// on every bundled sample; and it checks that applying an action leaves the state it was given as it was, which
// copy-on-write drafts (types.ts draftState) must keep true.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { makePlayer, type PlayerKind } from './ai.js';
import { applyAction, isOver, nextState, startGame } from './game.js';
import { playGame } from './play.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const bundled: [string, Scenario][] = readdirSync(dir)
  .filter((f) => /^se-.*\.scenario\.json$/.test(f))
  .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario]);
const MATCHES: [PlayerKind, PlayerKind][] = [
  ['ai', 'ai'],
  ['random', 'random'],
  ['ai', 'random'],
];

describe('batch games are the logged games', () => {
  for (const [file, sc] of bundled) {
    it(`${file}: the same final state and result with and without a log`, () => {
      for (const [red, blue] of MATCHES) {
        for (const seed of [1, 2, 3]) {
          const quiet = playGame(sc, { seed, red, blue });
          const logged = playGame(sc, { seed, red, blue, log: true });
          expect(JSON.stringify(quiet.state)).toBe(JSON.stringify(logged.state));
          expect(quiet.result).toEqual(logged.result);
        }
      }
    });

    it(`${file}: applying an action leaves the state given alone, on both paths`, () => {
      let s = startGame(sc, { seed: 9 }).state;
      const players = [makePlayer('random', 5), makePlayer('ai', 6)] as const;
      while (!isOver(s)) {
        const action = players[s.pending.side].choose(s);
        const before = JSON.stringify(s);
        const quiet = nextState(s, action);
        expect(JSON.stringify(s)).toBe(before);
        const out = applyAction(s, action);
        expect(JSON.stringify(s)).toBe(before);
        expect(JSON.stringify(quiet)).toBe(JSON.stringify(out.state));
        s = out.state;
      }
    });
  }
});
