// The log's words for a battery's ammunition ('Artillery Ammunition', rules notes §13): after its fire a battery rolls
// one d6 per action fired (two with rapid fire), and each 6 takes it a step towards empty guns: running low at the
// first, critical at the second, out at the third (regimental guns at the second). The engine's `ammunition` event
// carries the count so far, not this roll's 6s: the words read the roll off the fire's last dice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../domain/model.js';
import type { Message } from '../../engine/protocol.js';
import { createSession, handleLine, hasWork, runWork, type SessionState } from '../../engine/session.js';
import { describeNeEvent } from './ne-words.js';
import { logLines } from './play-actions.js';

const names = new Map([
  ['g1', 'Horse Battery'],
  ['u1', 'I./15. IR'],
]);
const lines = (events: Record<string, unknown>[]) => logLines(events, 1, names, 1, describeNeEvent).map((l) => l.text);

describe('ammunition in the log (Artillery Ammunition)', () => {
  it('a 3 to hit and a 5 for ammunition: no 6 rolled, and the fire line says which die is which', () => {
    const [fire, ammo] = lines([
      { type: 'fire', unit: 'g1', target: 'u1', kind: 'canister', actions: 1, range: 4, dice: [3, 5], casualties: 1 },
      { type: 'ammunition', unit: 'g1', sixes: 0, out: false },
    ]);
    expect(fire).toBe('Horse Battery fires on I./15. IR at 4" (canister) [fire 3; ammunition 5]: 1 casualty');
    expect(ammo).toBe('Horse Battery rolls 5 for ammunition: no 6, ammunition still full');
  });

  it('rapid fire rolls two ammunition dice; a 6 among them is a step down, a second 6 later is critical', () => {
    // Rapid: the +3 fatigue follows the ammunition event, so the last two of the dice are ammunition dice.
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'solid-shot', actions: 1, dice: [4, 2, 6, 1], casualties: 2 },
        { type: 'ammunition', unit: 'g1', sixes: 2, out: false },
        { type: 'fatigue', unit: 'g1', level: 3 },
      ]).slice(0, 2),
    ).toEqual(['Horse Battery fires on I./15. IR (solid-shot) [fire 4, 2; ammunition 6, 1]: 2 casualties', 'Horse Battery rolls 6, 1 for ammunition: a 6, now critically low on ammunition']);
    // A 6 already rolled earlier and none now: still low, and no claim of a 6.
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'solid-shot', actions: 2, dice: [6, 3, 2], casualties: 0 },
        { type: 'ammunition', unit: 'g1', sixes: 1, out: false },
      ])[1],
    ).toBe('Horse Battery rolls 3, 2 for ammunition: no 6, running low on ammunition');
  });

  it('regimental guns are out at their second 6, as the event says', () => {
    expect(
      lines([
        { type: 'fire', unit: 'g1', target: 'u1', kind: 'canister', actions: 1, dice: [2, 6], casualties: 0 },
        { type: 'ammunition', unit: 'g1', sixes: 2, out: true },
      ])[1],
    ).toBe('Horse Battery rolls 6 for ammunition: a 6, now out of ammunition');
  });

  it('an ammunition event without its fire says the level only', () => {
    expect(lines([{ type: 'ammunition', unit: 'g1', sixes: 1, out: false }])).toEqual(['Horse Battery: running low on ammunition']);
  });

  it('in a real game, the words claim a 6 exactly when the battery’s count went up', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const scenario = JSON.parse(readFileSync(path.join(root, 'scenarios/ne-01-plancenoit.scenario.json'), 'utf8')) as Scenario;
    let state: SessionState = createSession('0.0.0');
    let n = 0;
    const ask = <T,>(request: Record<string, unknown>): T & Message => {
      const step = handleLine(JSON.stringify({ id: String(++n), ...request }), state);
      state = step.state;
      const out = [...step.out];
      while (hasWork(state)) {
        const w = runWork(state);
        state = w.state;
        out.push(...w.out);
      }
      const reply = out.find((m) => m.re === String(n))!;
      if (reply.type === 'error') throw new Error(String(reply.message));
      return reply as T & Message;
    };
    ask({ type: 'hello', protocol: 1 });
    ask({ type: 'load', scenario });
    const { game } = ask<{ game: string }>({ type: 'new-game', seed: 1, players: { red: 'ai', blue: 'ai' } });
    type Unit = { id: string; name: string; arm: string; ammo?: number };
    const units = () => ask<{ state: { units: Unit[]; over: boolean } }>({ type: 'state', game }).state;
    const seen = { six: 0, none: 0 };
    for (let i = 0; i < 3000 && (seen.six === 0 || seen.none === 0); i++) {
      const before = units();
      if (before.over) break;
      const { events } = ask<{ events: Record<string, unknown>[] }>({ type: 'ai-move', game });
      if (!events.some((e) => e.type === 'ammunition')) continue;
      const words = logLines(events, 1, new Map(before.units.map((u) => [u.id, u.name])), 1, describeNeEvent).map((l) => l.text);
      const counts = new Map(before.units.map((u) => [u.id, u.ammo ?? 0]));
      events.forEach((e, k) => {
        if (e.type !== 'ammunition') return;
        const was = counts.get(String(e.unit)) ?? 0;
        const now = Number(e.sixes);
        counts.set(String(e.unit), now);
        expect(words[k]).toMatch(/ rolls [\d, ]+ for ammunition: /);
        const dice = /rolls ([\d, ]+) for ammunition/.exec(words[k]!)![1]!.split(', ').map(Number);
        expect(dice.filter((d) => d === 6)).toHaveLength(now - was);
        if (now > was) {
          seen.six++;
          expect(words[k]).toContain(now - was === 1 ? ': a 6, now ' : `: ${now - was} 6s, now `);
        } else {
          seen.none++;
          expect(words[k]).toContain(': no 6, ');
          expect(words[k]).not.toMatch(/rolls a six/);
        }
      });
    }
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.six).toBeGreaterThan(0);
  }, 120000);
});
