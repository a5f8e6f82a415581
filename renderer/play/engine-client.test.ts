import { describe, expect, it } from 'vitest';
import type { EngineApi } from '../../domain/host-api.js';
import { EngineClient, EngineError, openGame } from './engine-client.js';
import { describeEvent } from './play-view.js';
import { verdict } from './report.js';

/** An engine that answers from a script, out of order if asked, like the real host over SSE. */
function fakeEngine(answer: (msg: Record<string, unknown>, emit: (m: unknown) => void) => void) {
  const listeners = new Set<(s: string, m: unknown) => void>();
  const sent: Record<string, unknown>[] = [];
  let stopped = false;
  const emit = (m: unknown) => queueMicrotask(() => listeners.forEach((l) => l('s1', m)));
  const api: EngineApi = {
    start: async () => ({ ok: true, session: 's1' }),
    send: async (_s, m) => {
      const msg = m as Record<string, unknown>;
      sent.push(msg);
      answer(msg, emit);
      return { ok: true };
    },
    stop: async () => {
      stopped = true;
    },
    onMessage: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { api, sent, emit, isStopped: () => stopped, listeners };
}

describe('EngineClient', () => {
  it('matches replies by id, whatever their order, and ignores other sessions', async () => {
    const held: Record<string, unknown>[] = [];
    const f = fakeEngine((m, emit) => {
      held.push(m);
      if (held.length === 2) {
        emit({ re: held[1]!.id, type: 'pong', n: 2 });
        emit({ re: held[0]!.id, type: 'pong', n: 1 });
      }
    });
    const c = new EngineClient(f.api);
    await c.start();
    f.listeners.forEach((l) => l('other', { re: 'r1', type: 'pong', n: 99 }));
    const [a, b] = await Promise.all([c.request('ping'), c.request('ping')]);
    expect([a.n, b.n]).toEqual([1, 2]);
  });

  it('rejects on an error reply with its code', async () => {
    const f = fakeEngine((m, emit) => emit({ re: m.id, type: 'error', code: 'game-over', message: 'The game is over.' }));
    const c = new EngineClient(f.api);
    await c.start();
    await expect(c.request('ai-move', { game: 'g1' })).rejects.toMatchObject({ code: 'game-over', message: 'The game is over.' });
  });

  it('rejects what is waiting, and everything after, once the engine fails', async () => {
    const f = fakeEngine(() => undefined);
    const failures: EngineError[] = [];
    const c = new EngineClient(f.api, (e) => failures.push(e));
    await c.start();
    const waiting = c.request('state', { game: 'g1' });
    f.emit({ type: 'engine-failed', reason: 'crashed', message: 'The rules engine crashed.' });
    await expect(waiting).rejects.toMatchObject({ code: 'engine-failed' });
    expect(failures).toHaveLength(1);
    expect(c.failed).toBe(true);
    await expect(c.request('state')).rejects.toBeInstanceOf(EngineError);
  });

  it('passes progress to the request it names, and stops the session', async () => {
    const f = fakeEngine((m, emit) => {
      if (m.type !== 'simulate') return;
      emit({ type: 'progress', request: m.id, done: 0, total: 2 });
      emit({ type: 'progress', request: m.id, done: 2, total: 2 });
      emit({ re: m.id, type: 'simulation', games: 2 });
    });
    const c = new EngineClient(f.api);
    await c.start();
    const seen: number[] = [];
    const r = await c.request('simulate', { games: 2 }, (done) => seen.push(done));
    expect(r.type).toBe('simulation');
    expect(seen).toEqual([0, 2]);
    await c.stop();
    expect(f.isStopped()).toBe(true);
    await expect(c.request('state')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('opens a game: load the document, then new-game with the seed and players', async () => {
    const f = fakeEngine((m, emit) => {
      if (m.type === 'load') emit({ re: m.id, type: 'loaded', scenario: 'sc', sides: [] });
      if (m.type === 'new-game') emit({ re: m.id, type: 'game', game: 'g1', events: [], summary: {} });
    });
    const c = new EngineClient(f.api);
    const { game } = await openGame(c, { id: 'sc' }, { seed: 7, players: { red: 'ai', blue: 'random' } });
    expect(game.game).toBe('g1');
    expect(f.sent.map((m) => m.type)).toEqual(['load', 'new-game']);
    expect(f.sent[1]).toMatchObject({ scenario: 'sc', seed: 7, players: { red: 'ai', blue: 'random' } });
  });

  it('gives up a request after a silence the engine does not break even for a ping, and the next request still goes', async () => {
    let answer = false;
    const f = fakeEngine((m, emit) => {
      if (answer) emit({ re: m.id, type: 'pong' });
    });
    const c = new EngineClient(f.api, undefined, { silenceMs: 40 });
    await c.start();
    await expect(c.request('ai-move', { game: 'g1' })).rejects.toMatchObject({ code: 'timeout', message: expect.stringMatching(/sent nothing for/) });
    // Given up only after a ping went unanswered.
    expect(f.sent.map((m) => m.type)).toEqual(['ai-move', 'ping']);
    expect(c.running).toBe(true);
    answer = true;
    expect(await c.request('ping')).toMatchObject({ type: 'pong' });
  });

  it('keeps a long request alive while the engine answers its pings or sends progress, however long it takes', async () => {
    const held: Record<string, unknown>[] = [];
    const f = fakeEngine((m, emit) => {
      if (m.type === 'ping') emit({ re: m.id, type: 'pong' });
      else held.push(m);
    });
    const c = new EngineClient(f.api, undefined, { silenceMs: 20 });
    await c.start();
    let settled = false;
    const seen: number[] = [];
    const job = c.request('simulate', { games: 10 }, (done) => seen.push(done)).finally(() => (settled = true));
    await expect.poll(() => f.sent.filter((m) => m.type === 'ping').length).toBeGreaterThan(1);
    expect(settled).toBe(false);
    f.emit({ type: 'progress', request: held[0]!.id, done: 5, total: 10 });
    f.emit({ re: held[0]!.id, type: 'simulation', games: 10 });
    expect(await job).toMatchObject({ type: 'simulation' });
    expect(seen).toEqual([5]);
  });

  it('reports a host that cannot start an engine', async () => {
    const f = fakeEngine(() => undefined);
    f.api.start = async () => ({ ok: false, code: 'unavailable', message: 'Too many failures.' });
    const c = new EngineClient(f.api);
    await expect(c.start()).rejects.toMatchObject({ code: 'unavailable', message: 'Too many failures.' });
  });
});

describe('play view text', () => {
  const names = new Map([['fr-foot', 'Foot battery'], ['au-chevl', 'Chevaulegers']]);
  it('describes a fire with its dice, and an unknown event by its fields', () => {
    expect(describeEvent({ type: 'fire', unit: 'fr-foot', target: 'au-chevl', dice: 2, hitOn: 3, rolls: [5, 2], hits: 1 }, names)).toBe(
      'Foot battery fires on Chevaulegers: 2 dice on 3+ [5, 2] → 1 hit',
    );
    expect(describeEvent({ type: 'withdraw', unit: 'fr-foot' }, names)).toBe('withdraw: unit Foot battery');
  });
  it('builds the verdict from the numbers alone', () => {
    const sim = { games: 200, wins: { red: 50, blue: 142, draw: 8 }, winRate: { red: 0.25, blue: 0.71 }, ci95: { red: [0.19, 0.31] as [number, number], blue: [0.64, 0.77] as [number, number] }, meanTurns: 15, meanVp: { red: 50, blue: 100 } };
    expect(verdict(sim, (k) => (k === 'red' ? 'French' : 'Austrians'))).toBe('Austrians win 71% ± 7% of 200 games; 4% draws.');
  });
});
