// Whole games with each optional rule of rules notes §14 switched on: a seeded random game plays to a result, and the
// same seed plays the same game (byte for byte the same log), which also replays to the same end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../domain/document.js';
import type { Scenario, Unit } from '../../domain/model.js';
import { playGame } from '../play-game.js';
import { napoleonsEaglesEngine as engine } from './engine.js';
import type { NeGameState } from './state.js';
import { valid } from './test-kit.js';

function sample(name: string, options: Record<string, unknown>): Scenario {
  const r = parseDocument(readFileSync(`scenarios/${name}.scenario.json`, 'utf8'));
  if (!r.ok) throw new Error(`cannot read ${name}`);
  const s = structuredClone(r.document as Scenario);
  const ro = (s.ruleOptions ??= {});
  ro['napoleons-eagles'] = { ...(ro['napoleons-eagles'] as Record<string, unknown>), ...options };
  return s;
}

/** Every unit of a formation tree. */
function unitsOf(f: { units: Unit[]; formations: { units: Unit[]; formations: unknown[] }[] }): Unit[] {
  return [...f.units, ...f.formations.flatMap((g) => unitsOf(g as never))];
}

/** A caisson 3" behind each side's first battery, to reload it. */
function withCaissons(s: Scenario): Scenario {
  for (const side of s.sides) {
    const guns = unitsOf(side.army as never).find((u) => u.arm === 'artillery' && u.setup?.at);
    if (!guns?.setup?.at) continue;
    const f = ((guns.setup.facing ?? 0) * Math.PI) / 180;
    const at: [number, number] = [Math.round((guns.setup.at[0] - Math.sin(f) * 3) * 100) / 100, Math.round((guns.setup.at[1] + Math.cos(f) * 3) * 100) / 100];
    side.army.units.push({ id: `${side.id}-caisson`, name: `${side.id} caisson`, arm: 'train', type: 'caisson', ratings: { 'napoleons-eagles': {} }, setup: { at, facing: guns.setup.facing ?? 0 } });
  }
  return s;
}


const CASES: [string, () => Scenario][] = [
  ['commandOption 2 with misreadOrders (Command and Control Option #2)', () => valid(sample('ne-03-telnitz', { commandOption: 2, misreadOrders: true }))],
  ['outOfControlCavalry (Out-of-Control Cavalry)', () => valid(sample('ne-02-genappe', { outOfControlCavalry: true }))],
  ['caissons (Caissons)', () => valid(withCaissons(sample('ne-03-telnitz', { caissons: true })))],
  ['buildingFires (Starting Fires in Buildings)', () => valid(sample('ne-01-plancenoit', { buildingFires: true }))],
];

describe('a whole game with an optional rule on plays to a result, the same each time', () => {
  for (const [name, make] of CASES) {
    it(name, () => {
      const scenario = make();
      const game = playGame(engine, scenario, { seed: 7, red: 'random', blue: 'random', log: true });
      expect(['red', 'blue', 'draw']).toContain(game.result.winner);
      expect((game.state as NeGameState).phase).toBe('over');
      const text = game.log!.join('\n') + '\n';
      const again = playGame(engine, scenario, { seed: 7, red: 'random', blue: 'random', log: true });
      expect(again.log!.join('\n') + '\n').toBe(text);
      expect(JSON.stringify(engine.replayLog(scenario, text).state)).toBe(JSON.stringify(game.state));
    }, 180_000);
  }
});
