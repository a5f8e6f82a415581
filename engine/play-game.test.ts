// The loop every engine's `adc play` runs must play the very game the Square Eagles rules play on their own, log
// and all, so going through the seam changes no game.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../domain/model.js';
import { playGame } from './play-game.js';
import { engineFor } from './registry.js';
import { playGame as playSquareEagles } from './square-eagles/play.js';

const root = path.resolve(import.meta.dirname, '..');
const SE01 = JSON.parse(readFileSync(path.join(root, 'scenarios/se-01-hold-the-bridge.scenario.json'), 'utf8')) as Scenario;

describe('playGame through the registry', () => {
  const engine = engineFor('square-eagles')!;

  it.each([
    [3, 'ai', 'ai'],
    [4, 'random', 'ai'],
    [5, 'random', 'random'],
  ] as const)('seed %i, red %s, blue %s: the same log and result as the rules alone', (seed, red, blue) => {
    const direct = playSquareEagles(SE01, { seed, red, blue, log: true });
    const seam = playGame(engine, SE01, { seed, red, blue, log: true });
    expect(seam.log).toEqual(direct.log);
    const { decidedBy, ...result } = seam.result;
    expect(result).toEqual(direct.result);
    expect(decidedBy.side).toBe(direct.result.winner === 'draw' ? null : direct.result.winner);
  });

  it('passes optional rules through to the set-up and the header', () => {
    const direct = playSquareEagles(SE01, { seed: 8, log: true, options: { defend: true } });
    expect(playGame(engine, SE01, { seed: 8, log: true, options: { defend: true } }).log).toEqual(direct.log);
  });

  it('knows no engine for other systems', () => {
    expect(engineFor('eagles-to-glory')).toBeUndefined();
    expect(engineFor('constructor')).toBeUndefined();
  });
});
