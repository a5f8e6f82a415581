// The Hex Skirmish AI against the random player on every bundled hex sample, from either seat: it must win at
// least 80% of a fixed set of seeded games (docs/rules/hex-skirmish.md §8 has the figures over 200 games).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { hexSkirmishEngine } from './engine.js';
import type { AnyRulesEngine } from '../rules-engine.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const samples = readdirSync(dir)
  .filter((f) => /^hx-.*\.scenario\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario);
const GAMES = 30;
const engine = hexSkirmishEngine as AnyRulesEngine;

describe('the Hex Skirmish AI beats the random player', () => {
  it('has three samples to play', () => expect(samples.length).toBeGreaterThanOrEqual(3));
  for (const sc of samples) {
    for (const seat of ['red', 'blue'] as const) {
      it(`${sc.id}, AI as ${seat}: at least 80% of ${GAMES} games`, () => {
        let wins = 0;
        for (let seed = 1; seed <= GAMES; seed++) {
          const r = playGame(engine, sc, { seed, red: seat === 'red' ? 'ai' : 'random', blue: seat === 'blue' ? 'ai' : 'random' }).result;
          if (r.winner === seat) wins++;
        }
        expect(wins / GAMES).toBeGreaterThanOrEqual(0.8);
      }, 60_000);
    }
  }
});
