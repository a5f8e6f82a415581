// What must hold after every action of seeded Hex Skirmish games on the bundled samples (Stacking; Terrain;
// docs/rules/hex-skirmish.md §7.2): no hex over its limit of armed men, nobody on impassable ground, the two sides in one hex
// only as prisoners with their escort (or unarmed men left together), no negative men, and the game over by the turn limit.
// And a state once made never changes: applying an action leaves the state it was given as it was, though states
// share the pieces that are off the map for good.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import { deriveSeed } from '../dice.js';
import { makePlayer } from './ai.js';
import { IMPASSABLE } from './board.js';
import { applyAction, begin } from './game.js';
import { startGame } from './setup.js';
import { MAX_MEN, MAX_MEN_BESIDE_GUN, type GameState } from './types.js';
import { recordingDice, rngDice } from '../dice.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const samples = readdirSync(dir)
  .filter((f) => /^hx-.*\.scenario\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Scenario);

function invariants(s: GameState): string[] {
  const bad: string[] = [];
  const byCell = new Map<number, typeof s.pieces>();
  for (const p of s.pieces) {
    if (p.men < 0) bad.push(`${p.id} has ${p.men} men`);
    if (p.status !== 'table') continue;
    if (s.board.terrain[p.cell] === IMPASSABLE) bad.push(`${p.id} stands on impassable ${s.board.names[p.cell]}`);
    byCell.set(p.cell, [...(byCell.get(p.cell) ?? []), p]);
  }
  for (const [cell, here] of byCell) {
    const name = s.board.names[cell];
    for (const side of [0, 1] as const) {
      const mine = here.filter((p) => p.side === side && p.state === 'armed');
      const heavy = here.filter((p) => (p.gun || p.wagon) && p.state !== 'prisoner').length;
      const men = mine.reduce((n, p) => n + p.men, 0);
      if (men > (heavy > 0 ? MAX_MEN_BESIDE_GUN : MAX_MEN)) bad.push(`${name} holds ${men} men of side ${side}${heavy ? ' beside a cannon or baggage' : ''}`);
      if (heavy > 1) bad.push(`${name} holds ${heavy} cannon or baggage`);
    }
    // Armed men never share a hex with the enemy's men; unarmed men of both sides may be left together when an
    // escort goes (§7.2).
    const free = here.filter((p) => p.state !== 'prisoner' && p.state !== 'abandoned' && (p.men > 0 || p.officer));
    const armed = free.filter((p) => p.state === 'armed' && p.kind !== 'baggage');
    if (armed.some((a) => free.some((p) => p.side !== a.side))) bad.push(`both sides stand in ${name}`);
    for (const p of here) if (p.state === 'prisoner' && !here.some((q) => q.side === p.captor && q.state === 'armed')) bad.push(`${p.id} are prisoners without an escort in ${name}`);
  }
  if (s.turn > s.meta.limit) bad.push(`turn ${s.turn} is past the limit`);
  return bad;
}

describe('Hex Skirmish invariants over seeded games', () => {
  for (const sc of samples) {
    it(`${sc.id}: stacking, terrain and prisoners hold after every action`, () => {
      const problems: string[] = [];
      for (const [seed, red, blue] of [[1, 'ai', 'random'], [2, 'random', 'ai'], [3, 'random', 'random'], [4, 'ai', 'ai']] as const) {
        const start = startGame(sc, seed);
        begin(start.state, start.events, recordingDice(rngDice(start.state.rng), start.rolls));
        let s = start.state;
        const players = { 0: makePlayer(red, deriveSeed(seed, 1)), 1: makePlayer(blue, deriveSeed(seed, 2)) };
        problems.push(...invariants(s));
        let before = JSON.stringify(s);
        while (s.phase !== 'over' && problems.length === 0) {
          const was = s;
          s = applyAction(s, players[s.active].choose(s)).state;
          if (JSON.stringify(was) !== before) problems.push(`seed ${seed}, ply ${s.ply}: the state before the action changed`);
          before = JSON.stringify(s);
          problems.push(...invariants(s).map((p) => `seed ${seed}, ply ${s.ply}: ${p}`));
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }
});
