// Properties every engine must keep, checked over seeded games on every bundled sample of every rule system an
// engine plays: each action a player picks is one legal-actions lists (on an open table, where the list is a
// sample, one the rules accept); every action listed is accepted; and the
// game's log replays to the identical position. ADC_PROPERTY_GAMES raises the number of games.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayerKind } from '../domain/engine-protocol.js';
import type { Scenario } from '../domain/model.js';
import { engineFor, PLAYABLE_SYSTEMS } from './registry.js';
import type { AnyRulesEngine } from './rules-engine.js';

const dir = path.resolve(import.meta.dirname, '../scenarios');
const samples = readdirSync(dir)
  .filter((f) => f.endsWith('.scenario.json'))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario);
const GAMES = Number(process.env.ADC_PROPERTY_GAMES ?? 3);
/** Every listed action is tried at one position in this many, so the check stays quick. */
const EVERY = 7;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function checkGame(engine: AnyRulesEngine, sc: Scenario, seed: number, red: PlayerKind, blue: PlayerKind): string[] {
  const problems: string[] = [];
  const sampled = engine.reachArea !== undefined;
  const players = { red: engine.player(red, seed, 'red'), blue: engine.player(blue, seed, 'blue') };
  const start = engine.start(sc, seed);
  const lines = [engine.logHeader(sc, seed, { players: { red, blue } }, start.rolls)];
  let state = start.state;
  for (let ply = 0; problems.length === 0; ply++) {
    const side = engine.toAct(state);
    if (side === null) break;
    if (ply > 50_000) return [`game ${seed} did not end`];
    const legal = engine.legalActions(state);
    const action = players[side].choose(state);
    // On an open table (an engine with a reach area) legal-actions is a sample of the infinitely many moves
    // (docs/engine-protocol.md), so a player may pick one it does not list; apply below still has to accept it.
    if (!sampled && !legal.some((a) => same(a, action))) problems.push(`ply ${ply}: ${side} played ${JSON.stringify(action)}, which legal-actions does not list`);
    if (ply % EVERY === 0) {
      for (const a of legal) {
        try {
          engine.apply(state, a);
        } catch (err) {
          problems.push(`ply ${ply}: listed ${JSON.stringify(a)} was refused: ${(err as Error).message}`);
        }
      }
    }
    let out;
    try {
      out = engine.apply(state, action);
    } catch (err) {
      problems.push(`ply ${ply}: ${side}'s ${JSON.stringify(action)} was refused: ${(err as Error).message}`);
      break;
    }
    lines.push(JSON.stringify(engine.logAction(state, action, out)));
    state = out.state;
  }
  const replayed = engine.replayLog(sc, lines.join('\n') + '\n');
  if (!same(engine.view(replayed.state), engine.view(state)) || !same(engine.position(replayed.state), engine.position(state))) {
    problems.push(`game ${seed}: the log does not replay to the same position`);
  }
  return problems;
}

describe('properties of every engine over seeded games', () => {
  for (const system of PLAYABLE_SYSTEMS) {
    const engine = engineFor(system)!;
    for (const sc of samples.filter((s) => s.ruleSystem === system)) {
      it(`${sc.id}: every move played is listed, every listed move is accepted, and the log replays`, () => {
        const problems: string[] = [];
        for (let g = 1; g <= GAMES; g++) {
          problems.push(...checkGame(engine, sc, 100 + g, 'ai', 'random'));
          problems.push(...checkGame(engine, sc, 200 + g, 'random', 'ai'));
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  }
});
