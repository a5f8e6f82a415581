// The engine manager against real processes: the real `adc engine` (compiled; `npx tsc -b` first), and small fake
// engines written to a temp folder, each misbehaving in one way a real engine could.
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Failure } from '../domain/host-api.js';
import type { Message } from '../engine/protocol.js';
import { runEngine, runPortEngine, type ParentPortLike } from './engine-main.js';
import {
  childProcessLauncher,
  defaultEngineCommand,
  EngineManager,
  type EngineCommand,
  type EngineLauncher,
  type EngineManagerOptions,
  type EngineStarted,
} from './engine-process.js';
import { LineSplitter } from './line-splitter.js';
import { repoRoot } from './repo-root.js';

let dir: string;
const managers: EngineManager[] = [];

beforeAll(() => {
  if (!existsSync(path.join(repoRoot(), 'dist', 'cli', 'main.js'))) throw new Error('Build first: npx tsc -b');
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'adc-engine-'));
});

afterEach(async () => {
  for (const m of managers.splice(0)) m.killAll();
  await fs.rm(dir, { recursive: true, force: true });
});

function manager(options: EngineManagerOptions = {}): EngineManager {
  const m = new EngineManager(options);
  managers.push(m);
  return m;
}

/**
 * A fake engine: records its pid, answers hello (unless told not to) and pings, and runs `onRequest` for every other
 * request, with `reply(obj)` and the parsed request in scope.
 */
async function fakeEngine(name: string, opts: { hello?: boolean; onPing?: string; onRequest?: string; prelude?: string } = {}): Promise<EngineCommand> {
  const file = path.join(dir, `${name}.mjs`);
  const source = `
import { appendFileSync } from 'node:fs';
import readline from 'node:readline';
appendFileSync(${JSON.stringify(path.join(dir, `${name}.pids`))}, process.pid + '\\n');
const reply = (obj) => process.stdout.write(JSON.stringify(obj) + '\\n');
let pings = 0;
${opts.prelude ?? ''}
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.type === 'hello') {
    ${opts.hello === false ? '' : `reply({ re: request.id, type: 'ready', protocol: 1, engine: 'fake', version: '0', rules: [] });`}
  } else if (request.type === 'ping') {
    pings++;
    ${opts.onPing ?? `reply({ re: request.id, type: 'pong' });`}
  } else if (request.type === 'quit') {
    process.exit(0);
  } else {
    ${opts.onRequest ?? ''}
  }
});
`;
  await fs.writeFile(file, source);
  return { file: process.execPath, args: [file] };
}

async function pidsOf(name: string): Promise<number[]> {
  try {
    return (await fs.readFile(path.join(dir, `${name}.pids`), 'utf8')).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function collect(m: EngineManager): { session: string; message: Message }[] {
  const got: { session: string; message: Message }[] = [];
  m.onMessage((session, message) => got.push({ session, message }));
  return got;
}

function started(result: EngineStarted | Failure): EngineStarted {
  if (!result.ok) throw new Error(`engine did not start: ${result.message}`);
  return result;
}

describe('the real engine (adc engine)', () => {
  it('shakes hands, answers pings and requests, and stops cleanly', async () => {
    expect(defaultEngineCommand().args.slice(-1)).toEqual(['engine']);
    // The real engine, started as by default, with the pings the manager sends counted on the way.
    let pingsSent = 0;
    const real = childProcessLauncher(defaultEngineCommand());
    const launch: EngineLauncher = (events) => {
      const child = real(events);
      return {
        ...child,
        send: (line) => {
          if ((JSON.parse(line) as { type?: unknown }).type === 'ping') pingsSent++;
          child.send(line);
        },
      };
    };
    // Stopping waits this long for the engine to quit before killing it: long enough that only an engine that
    // ignored quit would be killed, however slow the machine.
    const waitForExitMs = 20_000;
    const m = manager({ launch, pingIntervalMs: 50, pongTimeoutMs: 2000, waitForExitMs });
    const got = collect(m);
    const { session, ready } = started(await m.start());
    expect(ready).toMatchObject({ type: 'ready', protocol: 1, engine: 'aide-de-camp', rules: ['square-eagles', 'hex-skirmish', 'napoleons-eagles'] });
    expect(ready.version).toMatch(/^\d+\.\d+\.\d+/);

    const ping = await m.send(session, { type: 'ping' });
    expect(ping).toMatchObject({ ok: true, id: expect.any(String) });
    await m.send(session, { id: 'mine', type: 'newGame' });
    await waitUntil(() => got.length >= 2);
    expect(got).toEqual([
      { session, message: { re: (ping as { id: string }).id, type: 'pong' } },
      { session, message: { re: 'mine', type: 'error', code: 'unknown-request', message: expect.stringContaining('newGame') } },
    ]);

    // Several ping rounds of the manager's own go by unseen and without failure (it sends the next ping only once the
    // last one's pong is in).
    const before = pingsSent;
    await waitUntil(() => pingsSent >= before + 4, 10_000);
    expect(got).toHaveLength(2);
    expect(m.running).toEqual([session]);

    const t0 = Date.now();
    await m.stop(session);
    expect(Date.now() - t0, 'the engine quit when asked, without being killed').toBeLessThan(waitForExitMs);
    expect(m.running).toEqual([]);
    expect(await m.send(session, { type: 'ping' })).toMatchObject({ ok: false, code: 'unavailable' });
    expect(got.map((g) => g.message.type)).not.toContain('engine-failed');
  }, 60_000);

  it('refuses messages it cannot send', async () => {
    const m = manager();
    const { session } = started(await m.start());
    expect(await m.send('no-such-session', { type: 'ping' })).toMatchObject({ ok: false, code: 'unavailable' });
    expect(await m.send(session, 'ping')).toMatchObject({ ok: false, code: 'invalid-argument' });
    expect(await m.send(session, { id: 7, type: 'ping' })).toMatchObject({ ok: false, code: 'invalid-argument' });
    expect(await m.send(session, { type: 'hello', protocol: 1 })).toMatchObject({ ok: false, code: 'invalid-argument' });
    expect(await m.send(session, { type: 'x', big: 'x'.repeat(200) })).toMatchObject({ ok: true });
    const small = manager({ maxLineBytes: 300 });
    const s2 = started(await small.start()).session;
    expect(await small.send(s2, { type: 'x', big: 'x'.repeat(300) })).toMatchObject({ ok: false, code: 'too-large' });
    // quit through send is a stop, not a crash.
    const got = collect(m);
    expect(await m.send(session, { type: 'quit' })).toMatchObject({ ok: true });
    expect(m.running).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([]);
  });
});

describe('the real engine on its own standard streams', () => {
  it('answers unknown-request for every Object.prototype member name, and the next ping', async () => {
    const command = defaultEngineCommand();
    const child = spawn(command.file, command.args, { cwd: command.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const replies = new Map<string, Message>();
    const splitter = new LineSplitter({
      maxBytes: 1 << 20,
      onLine: (line) => {
        const message = JSON.parse(line) as Message;
        if (typeof message.re === 'string') replies.set(message.re, message);
      },
      onOverflow: () => undefined,
    });
    child.stdout.on('data', (chunk: Buffer) => splitter.push(chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ask = async (request: Record<string, unknown>): Promise<Message> => {
      child.stdin.write(JSON.stringify(request) + '\n');
      await waitUntil(() => replies.has(request.id as string) || child.exitCode !== null);
      const reply = replies.get(request.id as string);
      if (!reply) throw new Error(`the engine exited instead of answering ${JSON.stringify(request)}:\n${stderr}`);
      return reply;
    };
    try {
      const names = Object.getOwnPropertyNames(Object.prototype);
      // Before the handshake as after it: the engine owns none of these names.
      for (const [k, type] of names.entries()) {
        expect(await ask({ id: `pre-${k}`, type }), type).toMatchObject({ type: 'error', code: 'unknown-request' });
      }
      expect(await ask({ id: 'hello', type: 'hello', protocol: 1 })).toMatchObject({ type: 'ready' });
      for (const [k, type] of names.entries()) {
        const reply = await ask({ id: `post-${k}`, type });
        expect(reply, type).toEqual({ re: `post-${k}`, type: 'error', code: 'unknown-request', message: expect.stringContaining(type) });
        expect(await ask({ id: `ping-${k}`, type: 'ping' })).toEqual({ re: `ping-${k}`, type: 'pong' });
      }
      expect(stderr).toBe('');
      expect(child.exitCode).toBeNull();
    } finally {
      child.stdin.end(JSON.stringify({ type: 'quit' }) + '\n');
    }
    expect(await exited).toBe(0);
  });
});

describe('the real engine playing Square Eagles', () => {
  it('loads a scenario, starts a game, lists legal actions, plays AI moves and simulates with progress', async () => {
    // Pinged every 50 ms throughout: a simulation must not keep the engine from answering.
    const m = manager({ pingIntervalMs: 50, pongTimeoutMs: 1000 });
    const got = collect(m);
    const { session } = started(await m.start());
    const ask = async (message: Record<string, unknown>, ms = 10_000): Promise<Message> => {
      const sent = await m.send(session, message);
      if (!sent.ok) throw new Error(sent.message);
      await waitUntil(() => got.some((g) => g.message.re === sent.id), ms);
      return got.find((g) => g.message.re === sent.id)!.message;
    };

    const scenario = JSON.parse(await fs.readFile(path.join(repoRoot(), 'scenarios', 'se-01-hold-the-bridge.scenario.json'), 'utf8')) as unknown;
    expect(await ask({ type: 'load', scenario })).toMatchObject({ type: 'loaded', scenario: 'se-01-hold-the-bridge' });
    const game = await ask({ type: 'new-game', seed: 42, players: { red: 'human', blue: 'ai' } });
    expect(game).toMatchObject({ type: 'game', game: 'g1', summary: { turn: 1, toAct: 'red', seat: 'human' } });
    const legal = await ask({ type: 'legal-actions', game: 'g1' });
    expect(legal.actions).toContainEqual({ type: 'end-orders' });
    let ply = 0;
    for (let k = 0; k < 5; k++) {
      const move = await ask({ type: 'ai-move', game: 'g1' });
      expect(move).toMatchObject({ type: 'acted', game: 'g1', by: 'ai', action: { type: expect.any(String) }, summary: { ply: ply + 1 } });
      ply++;
    }
    expect(await ask({ type: 'act', game: 'g1', action: { type: 'rally', unit: 'nobody' } })).toMatchObject({ type: 'error', code: 'illegal-action' });

    const sent = await m.send(session, { id: 'sim', type: 'simulate', games: 20, seed: 3 });
    expect(sent).toMatchObject({ ok: true, id: 'sim' });
    await waitUntil(() => got.some((g) => g.message.re === 'sim'), 30_000);
    // Played by the host's workers (host-simulation.ts): progress from 0 to the whole batch, a few times a second.
    const progress = got.filter((g) => g.message.type === 'progress' && g.message.request === 'sim').map((g) => g.message.done as number);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(20);
    expect(progress.every((d, i) => i === 0 || d > progress[i - 1]!)).toBe(true);
    expect(got.find((g) => g.message.re === 'sim')!.message).toMatchObject({
      type: 'simulation',
      games: 20,
      wins: { red: expect.any(Number), blue: expect.any(Number), draw: expect.any(Number) },
      ci95: { red: [expect.any(Number), expect.any(Number)] },
      meanTurns: expect.any(Number),
      seconds: expect.any(Number),
    });
    expect(got.map((g) => g.message.type)).not.toContain('engine-failed');
    await m.stop(session);
  }, 60_000);
});

describe('a misbehaving engine', () => {
  it('that never answers hello is killed after the handshake timeout', async () => {
    const m = manager({ command: await fakeEngine('silent', { hello: false }), handshakeTimeoutMs: 300 });
    const t0 = Date.now();
    expect(await m.start()).toEqual({ ok: false, code: 'unavailable', message: 'The rules engine did not answer when started.' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    const [pid] = await pidsOf('silent');
    expect(alive(pid!)).toBe(false);
    expect(m.running).toEqual([]);
  });

  it('that stops answering pings is declared stalled and killed', async () => {
    const command = await fakeEngine('stalls', { onPing: `if (pings === 1) reply({ re: request.id, type: 'pong' });` });
    const m = manager({ command, pingIntervalMs: 50, pongTimeoutMs: 250 });
    const got = collect(m);
    const { session } = started(await m.start());
    await waitUntil(() => got.length > 0);
    expect(got).toEqual([{ session, message: { type: 'engine-failed', reason: 'stalled', message: expect.stringContaining('stopped answering') } }]);
    const [pid] = await pidsOf('stalls');
    await waitUntil(() => !alive(pid!));
    expect(m.running).toEqual([]);
    expect(await m.send(session, { type: 'ping' })).toMatchObject({ ok: false, code: 'unavailable' });
  });

  it('that exits mid-session is reported as crashed, with its last stderr lines', async () => {
    const command = await fakeEngine('crashes', {
      onRequest: `for (let i = 1; i <= 25; i++) process.stderr.write('line ' + i + '\\n');
    process.stderr.write('boom: the dice rolled off the table\\n', () => process.exit(3));`,
    });
    const m = manager({ command });
    const got = collect(m);
    const { session } = started(await m.start());
    await m.send(session, { type: 'roll' });
    await waitUntil(() => got.length > 0);
    const { message } = got[0]!;
    expect(got[0]!.session).toBe(session);
    expect(message).toMatchObject({ type: 'engine-failed', reason: 'crashed' });
    const text = message.message as string;
    expect(text).toContain('exit code 3');
    expect(text).toContain('boom: the dice rolled off the table');
    expect(text).toContain('line 25');
    // Only the last 20 lines are kept.
    expect(text).not.toMatch(/line 6\n/);
    expect(m.running).toEqual([]);
  });

  it('that prints something other than messages is a protocol failure', async () => {
    const command = await fakeEngine('garbage', { onRequest: `process.stdout.write('Loading rules...\\n');` });
    const m = manager({ command });
    const got = collect(m);
    const { session } = started(await m.start());
    await m.send(session, { type: 'newGame' });
    await waitUntil(() => got.length > 0);
    expect(got).toEqual([
      { session, message: { type: 'engine-failed', reason: 'protocol', message: expect.stringContaining('Loading rules...') } },
    ]);
    const [pid] = await pidsOf('garbage');
    await waitUntil(() => !alive(pid!));

    // Before ready it fails the start instead.
    const early = manager({ command: await fakeEngine('noisy', { prelude: `process.stdout.write('Welcome!\\n');`, hello: false }) });
    expect(await early.start()).toMatchObject({ ok: false, code: 'unavailable', message: expect.stringContaining('Welcome!') });
  });

  it('that exits at once fails the start with its stderr', async () => {
    const command = await fakeEngine('dies', { prelude: `process.stderr.write('cannot load rules\\n', () => process.exit(1));` });
    const result = await manager({ command }).start();
    expect(result).toMatchObject({ ok: false, code: 'unavailable' });
    expect((result as Failure).message).toMatch(/exit code 1[\s\S]*cannot load rules/);
    expect(await manager({ command: { file: path.join(dir, 'no-such-engine'), args: [] } }).start()).toMatchObject({
      ok: false,
      message: expect.stringContaining('could not be started'),
    });
  });

  it('that ignores quit is killed once waitForExit has passed', async () => {
    const command = await fakeEngine('stubborn', {
      prelude: `setInterval(() => {}, 1000);`,
    });
    // Make it ignore quit and the end of stdin alike.
    await fs.writeFile(command.args[0]!, (await fs.readFile(command.args[0]!, 'utf8')).replace(`process.exit(0);`, '/* no */'));
    const m = manager({ command, waitForExitMs: 300 });
    const got = collect(m);
    const { session } = started(await m.start());
    const [pid] = await pidsOf('stubborn');
    const t0 = Date.now();
    await m.stop(session);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(alive(pid!)).toBe(false);
    expect(m.running).toEqual([]);
    expect(got).toEqual([]);
  });
});

describe('the restart budget', () => {
  it('refuses to start after too many failures, until the window has passed', async () => {
    let now = 1_000_000;
    const command = await fakeEngine('flaky', { prelude: `process.exit(1);` });
    const m = manager({ command, maxRestarts: 2, restartWindowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(await m.start()).toMatchObject({ ok: false, message: expect.stringContaining('stopped as soon as it was started') });
      now += 1000;
    }
    const refused = await m.start();
    expect(refused).toMatchObject({ ok: false, code: 'unavailable' });
    expect((refused as Failure).message).toMatch(/failed 3 times in the last 60 seconds.*Try again in 57 seconds/);
    expect(await pidsOf('flaky')).toHaveLength(3);

    // Nothing restarts by itself, and the budget comes back with time.
    await new Promise((r) => setTimeout(r, 100));
    expect(await pidsOf('flaky')).toHaveLength(3);
    now += 58_000;
    expect(await m.start()).toMatchObject({ ok: false, message: expect.stringContaining('stopped as soon as it was started') });
    expect(await pidsOf('flaky')).toHaveLength(4);
  });

  it('counts failures after ready, not clean stops', async () => {
    const m = manager({ maxRestarts: 0 });
    for (let i = 0; i < 2; i++) await m.stop(started(await m.start()).session);
    const crash = manager({ command: await fakeEngine('once', { onRequest: `process.exit(2);` }), maxRestarts: 0 });
    const { session } = started(await crash.start());
    await crash.send(session, { type: 'boom' });
    await waitUntil(() => crash.running.length === 0);
    expect(await crash.start()).toMatchObject({ ok: false, message: expect.stringContaining('failed 1 time') });
  });
});

describe('runEngine (the engine process loop)', () => {
  it('answers line by line, drops an over-long line with an event, and ends on quit', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (c: Buffer) => (written += c.toString()));
    const done = runEngine({ input, output, version: '9.9.9', maxLineBytes: 64 });
    input.write('{"id":"1","type":"hel');
    input.write('lo","protocol":1}\r\n{"id":"2","type":"ping"}\n');
    input.write(`{"id":"3","type":"x","pad":"${'y'.repeat(100)}"}\n`);
    input.write('{"id":"4","type":"ping"}\n{"type":"quit"}\n{"id":"5","type":"ping"}\n');
    expect(await done).toBe(0);
    const lines = written.trim().split('\n').map((l) => JSON.parse(l) as Message);
    expect(lines.map((l) => [l.re, l.type, l.code])).toEqual([
      ['1', 'ready', undefined],
      ['2', 'pong', undefined],
      [undefined, 'error', 'line-too-long'],
      ['4', 'pong', undefined],
    ]);
    expect(lines[0]).toMatchObject({ version: '9.9.9' });
  });

  it('serves a parent port (an Electron utility process), one line per message each way', async () => {
    type Listener = (event: { data: unknown }) => void;
    const listeners = new Set<Listener>();
    const posted: unknown[] = [];
    const port: ParentPortLike = {
      on: (_event, listener) => listeners.add(listener),
      off: (_event, listener) => listeners.delete(listener),
      postMessage: (message) => posted.push(message),
    };
    const done = runPortEngine({ port, version: '9.9.9', maxLineBytes: 64 });
    const send = (data: unknown): void => listeners.forEach((l) => l({ data }));
    send('{"id":"1","type":"hello","protocol":1}');
    send('{"id":"2","type":"ping"}\n');
    send({ id: '3', type: 'ping' });
    send(`{"id":"4","type":"x","pad":"${'y'.repeat(100)}"}`);
    send('{"type":"quit"}');
    expect(await done).toBe(0);
    expect(listeners.size).toBe(0);
    expect(posted.every((p) => typeof p === 'string')).toBe(true);
    expect(posted.map((p) => JSON.parse(p as string) as Message).map((l) => [l.re, l.type, l.code])).toEqual([
      ['1', 'ready', undefined],
      ['2', 'pong', undefined],
      [undefined, 'error', 'bad-request'],
      [undefined, 'error', 'line-too-long'],
    ]);
  });

  it('ends when its input closes', async () => {
    const input = new PassThrough();
    const done = runEngine({ input, output: new PassThrough() });
    input.end('{"id":"1","type":"ping"}');
    expect(await done).toBe(0);
  });
});

describe('LineSplitter', () => {
  it('splits across chunks, keeps multi-byte characters whole, and limits length', () => {
    const lines: string[] = [];
    let overflows = 0;
    const s = new LineSplitter({ maxBytes: 8, onLine: (l) => lines.push(l), onOverflow: () => overflows++ });
    const bytes = Buffer.from('ab€\r\n12345678\n123456789\nok\n€€€\nend');
    for (let i = 0; i < bytes.length; i += 3) s.push(bytes.subarray(i, i + 3));
    s.end();
    expect(lines).toEqual(['ab€', '12345678', 'ok', 'end']);
    expect(overflows).toBe(2);
  });
});
