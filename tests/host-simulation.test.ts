// The app's balance report goes through the engine manager, which plays `simulate` over worker processes here in
// the host: the reply must be `adc simulate --json`'s result for the same scenario and seed (but for `seconds`), and
// a cancel or the session's end must stop every worker at once.
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSimulate } from '../cli/simulate.js';
import type { Io } from '../cli/output.js';
import type { Message } from '../engine/protocol.js';
import { EngineManager } from '../node/engine-process.js';
import { repoRoot } from '../node/repo-root.js';

const managers: EngineManager[] = [];
afterEach(() => {
  for (const m of managers.splice(0)) m.killAll();
});

/** This process's simulation workers, read off /proc. */
function myWorkers(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return rest[0] !== 'Z' && Number(rest[1]) === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('simulate-worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function engineWith(file: string, workers: number, host = true) {
  const m = new EngineManager({ simulations: host ? { workers } : false });
  managers.push(m);
  const got: Message[] = [];
  m.onMessage((_s, message) => got.push(message));
  const start = await m.start();
  if (!start.ok) throw new Error(start.message);
  const { session } = start;
  const ask = async (message: Record<string, unknown>, ms = 60_000): Promise<Message> => {
    const sent = await m.send(session, message);
    if (!sent.ok) throw new Error(sent.message);
    await until(`the reply to ${sent.id}`, () => got.some((g) => g.re === sent.id), ms);
    return got.find((g) => g.re === sent.id)!;
  };
  const scenario = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  expect(await ask({ type: 'load', scenario })).toMatchObject({ type: 'loaded' });
  return { m, session, got, ask };
}

async function cliJson(file: string, games: number, seed: number): Promise<Record<string, unknown>> {
  const out: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: () => undefined };
  expect(await runSimulate(io, { file, games: String(games), seed: String(seed), workers: '1', json: true })).toBe(0);
  return JSON.parse(out.join('\n')) as Record<string, unknown>;
}

const sample = (name: string) => path.join(repoRoot(), 'scenarios', name);

describe('simulations the host plays for the app', () => {
  for (const [name, games, seed] of [
    ['se-01-hold-the-bridge.scenario.json', 120, 5],
    ['hx-01-the-foragers-bridge.scenario.json', 60, 11],
  ] as const) {
    it(`gives adc simulate's result for ${name} over two workers, and the engine process's own reply`, async () => {
      const { got, ask, m, session } = await engineWith(sample(name), 2);
      const reply = await ask({ id: 'sim', type: 'simulate', games, seed });
      expect(reply.type).toBe('simulation');
      const progress = got.filter((g) => g.type === 'progress' && g.request === 'sim').map((g) => g.done);
      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(games);
      await m.stop(session);
      expect(myWorkers()).toEqual([]);

      // Every field adc simulate --json prints, the same but for the time taken.
      const cli = await cliJson(sample(name), games, seed);
      const { seconds: _cliSeconds, ...printed } = cli;
      expect(Object.keys(printed).length).toBeGreaterThan(5);
      for (const [key, value] of Object.entries(printed)) expect({ key, value: reply[key] }).toEqual({ key, value });

      // And the whole reply the engine process gives when it plays the batch itself, a game at a time.
      const alone = await engineWith(sample(name), 1, false);
      const single = await alone.ask({ id: 'sim', type: 'simulate', games, seed });
      const { seconds: _a, ...fromWorkers } = reply;
      const { seconds: _b, ...fromEngine } = single;
      expect(fromWorkers).toEqual(fromEngine);
      await alone.m.stop(alone.session);
    }, 180_000);
  }

  it('stops every worker on cancel, answering the batch with "cancelled" and the cancel with its count', async () => {
    const { got, m, session } = await engineWith(sample('se-01-hold-the-bridge.scenario.json'), 2);
    await m.send(session, { id: 'big', type: 'simulate', games: 1_000_000, seed: 1 });
    await until('some games are played', () => got.some((g) => g.type === 'progress' && g.request === 'big' && (g.done as number) > 0), 60_000);
    expect(myWorkers()).toHaveLength(2);
    await m.send(session, { id: 'stop', type: 'cancel', request: 'big' });
    await until('the cancel is answered', () => got.some((g) => g.re === 'stop'), 10_000);
    const error = got.find((g) => g.re === 'big')!;
    expect(error).toMatchObject({ type: 'error', code: 'cancelled' });
    expect(error.message).toMatch(/^The simulation was cancelled after \d+ of 1000000 games\.$/);
    expect(got.find((g) => g.re === 'stop')).toMatchObject({ type: 'cancelled', request: 'big', total: 1_000_000 });
    expect(myWorkers()).toEqual([]);
    // A second cancel finds nothing to stop, and the engine says so as it always did.
    await m.send(session, { id: 'again', type: 'cancel', request: 'big' });
    await until('the second cancel is answered', () => got.some((g) => g.re === 'again'), 10_000);
    expect(got.find((g) => g.re === 'again')).toMatchObject({ type: 'error', code: 'unknown-job' });
    await m.stop(session);
  }, 120_000);

  it('stops the workers when the engine session stops mid-batch, and says nothing more for it', async () => {
    const { got, m, session } = await engineWith(sample('se-01-hold-the-bridge.scenario.json'), 2);
    await m.send(session, { id: 'big', type: 'simulate', games: 1_000_000, seed: 1 });
    await until('the workers start', () => myWorkers().length === 2, 60_000);
    await m.stop(session);
    await until('the workers are gone', () => myWorkers().length === 0, 10_000);
    const heard = got.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got.length).toBe(heard);
    expect(got.some((g) => g.re === 'big')).toBe(false);
  }, 120_000);

  it('leaves to the engine what the engine would refuse, with the engine\'s own words', async () => {
    const { ask } = await engineWith(sample('se-01-hold-the-bridge.scenario.json'), 2);
    expect(await ask({ type: 'simulate', games: 0 })).toMatchObject({ type: 'error', code: 'bad-argument', message: '"games" must be a whole number from 1 to 1000000.' });
    expect(await ask({ type: 'simulate', games: 5, scenario: 'nowhere' })).toMatchObject({ type: 'error', code: 'unknown-scenario' });
    expect(myWorkers()).toEqual([]);
  }, 60_000);
});
