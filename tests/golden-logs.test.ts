// Golden game logs: 20 seeds (5 for Napoleon's Eagles) on every bundled sample of every engine, AI against AI and random against random. Each
// log is kept as its SHA-256 with the game's outcome, and must come out byte for byte the same: a refactor or an
// optimisation proves here that it changed no game. A change to the rules or the AI that is meant to change games
// rewrites the file on purpose, in a commit of its own:
//
//   ADC_WRITE_GOLDEN=1 npx vitest run tests/golden-logs.test.ts     (all engines; ADC_GOLDEN_SYSTEM=id for one)
//
// To see how a game differs, write its log on both commits and compare them:
//   npm run -s adc -- play scenarios/<sample> --seed N --red ai --blue ai --log before.jsonl
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../domain/document.js';
import type { Scenario } from '../domain/model.js';
import { playGame } from '../engine/play-game.js';
import { engineFor, PLAYABLE_SYSTEMS } from '../engine/registry.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const goldenFile = (system: string) => path.join(ROOT, `tests/fixtures/golden/${system}.json`);
const seedsUpTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
/**
 * 20 seeds a sample, except where one logged game still takes seconds (Napoleon's Eagles on the open table, whose
 * AI weighs every candidate with the rules' own checks): there 5 keep the suite inside its time while still covering
 * every sample, both matches and games that run to the turn limit.
 */
const SEEDS_FOR: Record<string, number[]> = { 'napoleons-eagles': seedsUpTo(5) };
const seedsOf = (system: string): number[] => SEEDS_FOR[system] ?? seedsUpTo(20);
const MATCHES = { ai: { red: 'ai', blue: 'ai' }, random: { red: 'random', blue: 'random' } } as const;

interface Golden {
  seed: number;
  sha256: string;
  lines: number;
  winner: string;
  turns: number;
}
type GoldenFile = Record<string, Record<keyof typeof MATCHES, Golden[]>>;

const allSamples = readdirSync(path.join(ROOT, 'scenarios'))
  .filter((f) => f.endsWith('.scenario.json'))
  .map((f) => {
    const load = parseDocument(readFileSync(path.join(ROOT, 'scenarios', f), 'utf8'));
    if (!load.ok) throw new Error(`${f} does not load`);
    return load.document as Scenario;
  });

function play(scenario: Scenario, match: keyof typeof MATCHES): Golden[] {
  const engine = engineFor(scenario.ruleSystem)!;
  return seedsOf(scenario.ruleSystem).map((seed) => {
    const game = playGame(engine, scenario, { seed, ...MATCHES[match], log: true });
    const text = game.log!.join('\n') + '\n';
    return { seed, sha256: createHash('sha256').update(text).digest('hex'), lines: game.log!.length, winner: game.result.winner, turns: game.result.turns };
  });
}

const MIN_SAMPLES: Record<string, number> = { 'square-eagles': 6, 'hex-skirmish': 3 };

for (const system of PLAYABLE_SYSTEMS) {
  const samples = allSamples.filter((s) => s.ruleSystem === system);
  const GOLDEN = goldenFile(system);
  describe(`golden game logs: ${system}`, () => {
    it('cover every bundled sample', () => {
      expect(samples.length).toBeGreaterThanOrEqual(MIN_SAMPLES[system] ?? 1);
    });

    if (process.env.ADC_WRITE_GOLDEN === '1' && (process.env.ADC_GOLDEN_SYSTEM ?? system) === system) {
      it('are written afresh', () => {
        const out: GoldenFile = {};
        for (const s of samples) out[s.id] = { ai: play(s, 'ai'), random: play(s, 'random') };
        writeFileSync(GOLDEN, JSON.stringify(out, null, 1) + '\n');
        expect(Object.keys(out)).toHaveLength(samples.length);
      }, 300_000);
      return;
    }

    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as GoldenFile;
    for (const s of samples) {
      for (const match of Object.keys(MATCHES) as (keyof typeof MATCHES)[]) {
        it(`${s.id}, ${match} against ${match}: the same ${seedsOf(system).length} games, byte for byte`, () => {
          const kept = golden[s.id]?.[match];
          expect(kept, `no golden logs for ${s.id}; write them with ADC_WRITE_GOLDEN=1`).toBeDefined();
          expect(play(s, match)).toEqual(kept);
        }, 120_000);
      }
    }
  });
}
