// The batch path plays the same games as the logged one. Batch games go through game.ts nextState and batch.ts
// (no dice record, no log) while the golden logs see only the logged path, so this compares the two, game by game,
// on every bundled sample; and it checks that applying an action leaves the state it was given as it was, which
// states that share unchanged units with the state before (state.ts settle) must keep true.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayerKind } from '../../domain/engine-protocol.js';
import { parseDocument } from '../../domain/document.js';
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import { playGame } from '../play-game.js';
import { playerFor, playQuiet } from './batch.js';
import { napoleonsEaglesEngine } from './engine.js';
import { applyAction, nextState, startGame, toAct } from './game.js';
import { sideKey } from './state.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const bundled: [string, Scenario][] = readdirSync(dir)
  .filter((f) => /^ne-.*\.scenario\.json$/.test(f))
  .map((f) => {
    const r = parseDocument(readFileSync(path.join(dir, f), 'utf8'));
    if (!r.ok) throw new Error(`${f} does not load`);
    return [f, r.document as Scenario];
  });
const MATCHES: [PlayerKind, PlayerKind, number[]][] = [
  ['ai', 'ai', [1]],
  ['random', 'random', [1, 2, 3]],
  ['ai', 'random', [1]],
  ['random', 'ai', [2]],
];

describe("Napoleon's Eagles batch games are the logged games", () => {
  it('covers every bundled sample', () => {
    expect(bundled.length).toBeGreaterThanOrEqual(3);
  });

  for (const [file, sc] of bundled) {
    it(`${file}: the same final state and result with and without a log`, () => {
      for (const [red, blue, seeds] of MATCHES) {
        for (const seed of seeds) {
          const quiet = playQuiet(sc, seed, red, blue);
          const logged = playGame(napoleonsEaglesEngine, sc, { seed, red, blue, log: true });
          expect(JSON.stringify(quiet)).toBe(JSON.stringify(logged.state));
          expect(napoleonsEaglesEngine.result(quiet)).toEqual(logged.result);
        }
      }
      // The engine's batch game is game `index` of the batch's seed.
      const batch = napoleonsEaglesEngine.playBatchGame({ scenario: sc, seed: 7, red: 'random', blue: 'ai' }, 3);
      const logged = playGame(napoleonsEaglesEngine, sc, { seed: deriveSeed(7, 3), red: 'random', blue: 'ai', log: true });
      const { decidedBy: _, ...result } = logged.result;
      expect(batch.result).toEqual(result);
    }, 120_000);
  }

  it('applying an action leaves the state given alone, on both paths', () => {
    const sc = bundled[0]![1];
    const players = { red: playerFor('random', 5, 'red'), blue: playerFor('ai', 5, 'blue') };
    let s = startGame(sc, 5).state;
    for (let ply = 0; ply < 400; ply++) {
      const side = toAct(s);
      if (side === null) break;
      const action = players[sideKey(s, side)].choose(s);
      const before = JSON.stringify(s);
      const quiet = nextState(s, action);
      expect(JSON.stringify(s)).toBe(before);
      const out = applyAction(s, action);
      expect(JSON.stringify(s)).toBe(before);
      expect(JSON.stringify(quiet)).toBe(JSON.stringify(out.state));
      s = out.state;
    }
  }, 120_000);
});
