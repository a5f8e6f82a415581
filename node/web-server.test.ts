// The loopback server over real sockets: what a hostile page on another origin, a rebinding DNS name or a stray
// request could try, and the round trip the renderer really makes.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocumentStore } from './document-store.js';
import { EngineManager, type EngineSessions } from './engine-process.js';
import { CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, startWebServer, type RunningWebServer } from './web-server.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const PAGE = 'page-one-0001';
let root: string;
let workspace: string;
let server: RunningWebServer;

const INDEX = '<!doctype html><title>Aide-de-Camp</title><script type="module" src="/assets/app.js"></script>';

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(tmpdir(), 'adc-web-'));
  workspace = path.join(root, 'workspace');
  const staticDir = path.join(root, 'static');
  await fs.mkdir(workspace);
  await fs.mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(root, 'samples'));
  await fs.writeFile(path.join(staticDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  await fs.writeFile(path.join(root, 'secret.json'), '{"secret": true}');
  const store = createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: path.join(root, 'samples'), dataDir: path.join(root, 'data') });
  server = await startWebServer({ port: 0, store, staticDir, initialDocument: 'first.scenario.json', version: '9.8.7' });
});

afterEach(async () => {
  await server.close();
  await fs.rm(root, { recursive: true, force: true });
});

function request(options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** An API call as the renderer makes it; headers can be overridden to play a hostile caller. */
function api(method: string, args: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return request({
    method: 'POST',
    path: `/api/${method}`,
    headers: {
      'Content-Type': 'application/json',
      'X-ADC-Token': server.token,
      Origin: `http://127.0.0.1:${server.port}`,
      ...headers,
    },
    body: JSON.stringify(args),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply is JSON whose shape each case asserts
async function result(method: string, args: unknown[]): Promise<any> {
  const reply = await api(method, args);
  expect(reply.status, reply.body).toBe(200);
  return (JSON.parse(reply.body) as { result: unknown }).result;
}

describe('web server', () => {
  it('listens on 127.0.0.1 only and prints a tokened address', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    for (const host of [external?.address, '::1'].filter((h): h is string => !!h)) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host, port: server.port }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      expect(reached, `reachable on ${host}`).toBe(false);
    }
  });

  it('serves index.html for / with the security headers and no caching', async () => {
    const reply = await request({ path: `/?token=${server.token}`, headers: { Host: `127.0.0.1:${server.port}` } });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(INDEX);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');

    const js = await request({ path: '/assets/app.js', headers: { Host: `localhost:${server.port}` } });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('serves nothing outside the static folder, and no directory listings', async () => {
    for (const p of ['/../secret.json', '/%2e%2e/secret.json', '/assets/%2e%2e%2f%2e%2e%2fsecret.json', '/assets/', '/assets', '/%00', '/..%5csecret.json']) {
      const reply = await request({ path: p });
      expect(reply.status, p).toBeGreaterThanOrEqual(400);
      expect(reply.body).not.toContain('secret');
      expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('refuses API calls without the right token', async () => {
    expect((await api('listLibrary', [], { 'X-ADC-Token': '' })).status).toBe(401);
    expect((await api('listLibrary', [], { 'X-ADC-Token': server.token.slice(1) + 'x' })).status).toBe(401);
    const bare = await request({ method: 'POST', path: '/api/listLibrary', body: '[]' });
    expect(bare.status).toBe(401);
    expect(bare.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('refuses other origins and foreign Host names (DNS rebinding)', async () => {
    expect((await api('listLibrary', [], { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('listLibrary', [], { Origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await api('listLibrary', [], { Origin: 'null' })).status).toBe(403);
    expect((await api('listLibrary', [], { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await api('listLibrary', [], { Host: '127.0.0.1' })).status).toBe(403);
    expect((await request({ path: '/', headers: { Host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await api('listLibrary', [], { Origin: `http://localhost:${server.port}`, Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('opens and saves a real file, and refuses a save over a change made on disk', async () => {
    const file = path.join(workspace, 'first.scenario.json');
    const text = '{ "type": "aide-de-camp/scenario", "schemaVersion": 1, "title": "Over the wire" }\n';
    await fs.writeFile(file, text);
    const opened = await result('openDocument', ['first.scenario.json']);
    expect(opened).toMatchObject({ ok: true, text, ref: { path: 'first.scenario.json', title: 'Over the wire', source: 'workspace' } });
    expect(opened.version).toBe(createHash('sha256').update(text).digest('hex'));
    expect(await result('documentVersion', ['first.scenario.json'])).toBe(opened.version);

    const edited = text.replace('Over the wire', 'Edited in the browser');
    const saved = await result('saveDocument', [{ path: 'first.scenario.json', text: edited, baseVersion: opened.version }]);
    expect(saved).toMatchObject({ ok: true, ref: { title: 'Edited in the browser' } });
    expect(await fs.readFile(file, 'utf8')).toBe(edited);

    await fs.writeFile(file, 'changed by another program');
    const conflict = await result('saveDocument', [{ path: 'first.scenario.json', text: 'mine', baseVersion: saved.version }]);
    expect(conflict).toMatchObject({ ok: false, code: 'conflict' });
    expect(await fs.readFile(file, 'utf8')).toBe('changed by another program');

    const library = await result('listLibrary', []);
    expect(library.workspace.map((r: { path: string }) => r.path)).toEqual(['first.scenario.json']);
    expect(library.recent[0].path).toBe('first.scenario.json');
  });

  it('refuses path traversal through the API', async () => {
    for (const p of ['../secret.json', path.join(root, 'secret.json'), 'sub/../../secret.json']) {
      expect(await result('openDocument', [p])).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await result('saveDocument', [{ path: p, text: 'pwned', baseVersion: null, overwrite: true }])).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect(await fs.readFile(path.join(root, 'secret.json'), 'utf8')).toBe('{"secret": true}');
  });

  it('answers info, backups, validate and print as the web shell', async () => {
    expect(await result('info', [])).toEqual({ shell: 'web', version: '9.8.7', nativeDialogs: false, initialDocument: 'first.scenario.json' });
    const backup = { key: 'w1', path: null, title: 'Untitled', savedAt: 5, text: '{}' };
    expect(await result('writeBackup', [backup])).toBeNull();
    expect(await result('listBackups', [])).toEqual([backup]);
    expect(await result('discardBackup', ['w1'])).toBeNull();
    expect(await result('listBackups', [])).toEqual([]);
    expect((await result('validate', ['{ nope'])).problems[0]).toMatchObject({ severity: 'error' });
    expect(await result('print', ['<html></html>', 'a4', 'sheet.pdf'])).toMatchObject({ ok: false, code: 'unavailable' });
  });

  it('answers 404 for unknown methods, including inherited property names', async () => {
    for (const m of ['nope', 'pickOpenPath', '__proto__', 'constructor', 'toString', '']) {
      expect((await api(m, [])).status, m).toBe(404);
    }
  });

  it('answers 405 to anything but POST on the API', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await request({ method, path: '/api/info', headers: { 'X-ADC-Token': server.token } });
      expect(reply.status, method).toBe(405);
    }
    expect((await request({ path: '/api' })).status).toBe(405);
  });

  it('answers 400 with a message for malformed bodies and argument shapes', async () => {
    const bad: [string, unknown][] = [
      ['openDocument', [42]],
      ['openDocument', []],
      ['openDocument', { path: 'x.json' }],
      ['saveDocument', ['x.json']],
      ['saveDocument', [{ path: 'x.json', text: 1, baseVersion: null }]],
      ['saveDocument', [{ path: 'x.json', text: '', baseVersion: 3 }]],
      ['saveDocument', [{ path: 'x.json', text: '', baseVersion: null, overwrite: 'yes' }]],
      ['writeBackup', [{ key: 'k', path: null, title: 't', savedAt: 'now', text: '' }]],
      ['validate', [null]],
      ['print', ['<html>', 'a3', 'x.pdf']],
    ];
    for (const [method, args] of bad) {
      const reply = await api(method, args);
      expect(reply.status, `${method} ${JSON.stringify(args)}`).toBe(400);
      expect(JSON.parse(reply.body).error).toMatch(/\w+/);
    }
    const notJson = await request({
      method: 'POST',
      path: '/api/info',
      headers: { 'X-ADC-Token': server.token, 'Content-Type': 'application/json' },
      body: '[1,',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 413 to a body over the limit, declared or streamed', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1024, 0x20);
    // Only the header claims a huge body: the answer must not wait for bytes that never come.
    const declared = await api('validate', [], { 'Content-Length': String(1024 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    // Sent in full with its real length: the client must get the 413, not a reset connection.
    const sized = await request({ method: 'POST', path: '/api/validate', headers: { 'X-ADC-Token': server.token }, body: big }).catch(
      (e: unknown) => e as Error,
    );
    if (sized instanceof Error) throw sized;
    expect(sized.status).toBe(413);

    const streamed = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/validate',
          headers: { 'X-ADC-Token': server.token, 'Transfer-Encoding': 'chunked' },
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_BODY_BYTES + chunk.length) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(streamed).toBe(413);
    // The server is still healthy afterwards.
    expect((await api('info', [])).status).toBe(200);
  });

  it('gives each method a body limit of its own, and says which and how much', async () => {
    const cases: [string, number, RegExp][] = [
      ['info', 8 * 1024, /info: the request is larger than 4 KB/],
      ['openDocument', 128 * 1024, /openDocument: the request is larger than 64 KB/],
      ['engineStart', 8 * 1024, /engineStart: the request is larger than 4 KB/],
      ['engineSend', 9 * 1024 * 1024, /engineSend: the request is larger than 8 MB/],
    ];
    for (const [method, size, message] of cases) {
      const reply = await api(method, ['x'.repeat(size)]);
      expect(reply.status, method).toBe(413);
      expect(JSON.parse(reply.body).error).toMatch(message);
    }
    expect((await api('info', [])).status).toBe(200);
  });

  it('refuses bodies that would parse into a heap far larger than themselves, before parsing them', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const many = `[${'{},'.repeat(1_100_000)}{}]`;
    for (const [body, message] of [[deep, /nests deeper than 256 levels/], [many, /more than 1,000,000 values/]] as const) {
      const reply = await request({ method: 'POST', path: '/api/engineSend', headers: { 'X-ADC-Token': server.token }, body });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body).error).toMatch(message);
    }
    // Brackets inside strings are text, not nesting: a document full of them is still fine.
    expect((await result('validate', ['['.repeat(10_000)])).problems[0]).toMatchObject({ severity: 'error' });
    expect((await api('info', [])).status).toBe(200);
  });

  it('survives clients that hang up mid-upload or mid-download, without a stack trace, and goes on serving', async () => {
    const big = path.join(root, 'static', 'assets', 'big.bin');
    await fs.writeFile(big, Buffer.alloc(16 * 1024 * 1024, 7));
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      for (const method of ['validate', 'saveDocument', 'engineSend', 'info']) {
        // Half a body, then the socket closes.
        await new Promise<void>((resolve, reject) => {
          const socket = net.connect({ host: '127.0.0.1', port: server.port }, () => {
            socket.write(
              `POST /api/${method} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-ADC-Token: ${server.token}\r\n` +
                `Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n["${'a'.repeat(1500)}`,
              () => setTimeout(() => socket.destroy(), 20),
            );
          });
          socket.on('close', () => resolve());
          socket.on('error', reject);
        });
      }
      // A download cut off after its first bytes.
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: server.port, path: '/assets/big.bin', agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(e)));
      });
      // The server is still there for everyone else.
      for (let i = 0; i < 3; i++) expect((await api('info', [])).status).toBe(200);
      expect((await request({ path: '/assets/app.js' })).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).not.toMatch(/\n\s+at /);
    expect(written.join('')).toBe('');
  });

  it('turns a failure inside a handler into a clean JSON error, with one line on stderr and no stack anywhere', async () => {
    const failing: EngineSessions = {
      start: async () => ({ ok: false, code: 'unavailable', message: 'no' }),
      send: async () => {
        throw new TypeError('cannot read properties of a hostile message\n    at somewhere (file.js:1:1)');
      },
      stop: async () => undefined,
      onMessage: () => () => undefined,
      stopAll: async () => undefined,
      killAll: () => undefined,
    };
    const store = createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: path.join(root, 'samples'), dataDir: path.join(root, 'data') });
    const own = await startWebServer({ port: 0, store, staticDir: path.join(root, 'static'), initialDocument: null, version: '1', engine: failing });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: own.port, method: 'POST', path: '/api/engineSend', headers: { 'X-ADC-Token': own.token }, agent: false },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(['s1', { type: 'ping' }]));
      });
      expect(reply.status).toBe(500);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      const error = JSON.parse(reply.body).error as string;
      expect(error).toMatch(/^engineSend failed inside the server/);
      expect(error).not.toMatch(/\sat |hostile/);
    } finally {
      spy.mockRestore();
      await own.close();
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^aide-de-camp web: engineSend failed: cannot read properties of a hostile message at somewhere/);
    expect(written[0]!.trim().split('\n')).toHaveLength(1);
  });

  it('stops accepting connections once closed', async () => {
    const port = server.port;
    await server.close();
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    server = { ...server, close: async () => undefined };
  });

});

/** An open event stream: what arrived so far, parsed, and a way to hang up. */
interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- server-sent JSON whose shape each case asserts
  events: any[];
  close(): void;
}

function openEvents(query: string, headers: Record<string, string> = {}, port = server.port): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: `/api/engineEvents${query}`, headers, agent: false }, (res) => {
      const stream: EventStream = { status: res.statusCode ?? 0, headers: res.headers, events: [], close: () => req.destroy() };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6));
          if (data.length > 0) stream.events.push(JSON.parse(data.join('\n')));
        }
      });
      res.on('error', () => undefined);
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('engine over the web shell', () => {
  it('starts the real engine, sends to it, streams its replies, and stops it', async () => {
    const events = await openEvents(`?token=${server.token}&page=${PAGE}`, { Origin: `http://127.0.0.1:${server.port}` });
    try {
      expect(events.status).toBe(200);
      expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(events.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);

      const started = await result('engineStart', [PAGE]);
      expect(started).toMatchObject({ ok: true, session: expect.any(String), ready: { type: 'ready', protocol: 1, rules: ['square-eagles', 'hex-skirmish', 'napoleons-eagles'] } });
      const session: string = started.session;

      const sent = await result('engineSend', [session, { type: 'ping' }]);
      expect(sent).toEqual({ ok: true, id: expect.any(String) });
      expect(await result('engineSend', [session, { id: 'q1', type: 'legalActions' }])).toEqual({ ok: true, id: 'q1' });
      await waitFor(() => events.events.length >= 2);
      expect(events.events).toEqual([
        { session, message: { re: sent.id, type: 'pong' } },
        { session, message: { re: 'q1', type: 'error', code: 'unknown-request', message: expect.any(String) } },
      ]);

      expect(await result('engineStop', [session])).toBeNull();
      expect(await result('engineSend', [session, { type: 'ping' }])).toMatchObject({ ok: false, code: 'unavailable' });
    } finally {
      events.close();
    }
  });

  it('checks engine arguments', async () => {
    for (const [method, args] of [
      ['engineSend', ['s1']],
      ['engineSend', [1, { type: 'ping' }]],
      ['engineSend', ['', { type: 'ping' }]],
      ['engineSend', ['s1', 'ping']],
      ['engineSend', ['s1', [1]]],
      ['engineStop', []],
      ['engineStop', [null]],
      ['engineStart', ['x']],
      ['engineStart', []],
      ['engineStart', [PAGE, 1]],
      ['engineStart', ['../../etc/passwd']],
    ] as const) {
      expect((await api(method, args)).status, `${method} ${JSON.stringify(args)}`).toBe(400);
    }
    expect(await result('engineSend', ['s1', { type: 'ping' }])).toMatchObject({ ok: false, code: 'unavailable' });
    expect(await result('engineStop', ['s1'])).toBeNull();
    // A page without an open event stream would never hear its engine: refused before one is started.
    expect(await result('engineStart', [PAGE])).toMatchObject({ ok: false, code: 'unavailable', message: expect.stringMatching(/event stream/) });
  });

  it('guards the event stream with the token, Host and Origin', async () => {
    const tries: [string, Record<string, string>, number][] = [
      ['', {}, 401],
      ['?token=', {}, 401],
      [`?token=${server.token.slice(1)}x`, {}, 401],
      [`?token=${server.token}&page=${PAGE}`, { Origin: 'http://evil.example' }, 403],
      [`?token=${server.token}&page=${PAGE}`, { Host: `evil.example:${server.port}` }, 403],
      [`?token=${server.token}`, {}, 400],
      [`?token=${server.token}&page=short`, {}, 400],
    ];
    for (const [query, headers, status] of tries) {
      const stream = await openEvents(query, headers);
      stream.close();
      expect(stream.status, `${query} ${JSON.stringify(headers)}`).toBe(status);
    }
    // The token header does not replace the query parameter, and POST is not the stream.
    const headerOnly = await openEvents('', { 'X-ADC-Token': server.token });
    headerOnly.close();
    expect(headerOnly.status).toBe(401);
    expect((await api('engineEvents', [])).status).toBe(405);
  });

  it('stops every engine when it closes', async () => {
    const engine = new EngineManager();
    const store = createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: path.join(root, 'samples'), dataDir: path.join(root, 'data') });
    const own = await startWebServer({ port: 0, store, staticDir: path.join(root, 'static'), initialDocument: null, version: '1', engine });
    const events = await openEvents(`?token=${own.token}&page=${PAGE}`, {}, own.port);
    const call = async (method: string, args: unknown[]) => {
      const reply = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: own.port, method: 'POST', path: `/api/${method}`, headers: { 'X-ADC-Token': own.token }, agent: false },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(args));
      });
      return JSON.parse(reply).result;
    };
    expect(await call('engineStart', [PAGE])).toMatchObject({ ok: true });
    expect(await call('engineStart', [PAGE])).toMatchObject({ ok: true });
    expect(engine.running).toHaveLength(2);
    await own.close();
    expect(engine.running).toEqual([]);
    events.close();
  });

  describe('engines belong to their page', () => {
    let own: RunningWebServer;
    let engine: EngineManager;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply is JSON whose shape each case asserts
    const call = async (method: string, args: unknown[]): Promise<any> => {
      const reply = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: own.port, method: 'POST', path: `/api/${method}`, headers: { 'X-ADC-Token': own.token }, agent: false },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(args));
      });
      return JSON.parse(reply).result;
    };
    const stream = (page: string) => openEvents(`?token=${own.token}&page=${page}`, {}, own.port);

    beforeEach(async () => {
      engine = new EngineManager();
      const store = createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: path.join(root, 'samples'), dataDir: path.join(root, 'data') });
      own = await startWebServer({ port: 0, store, staticDir: path.join(root, 'static'), initialDocument: null, version: '1', engine, pageGraceMs: 300 });
    });
    afterEach(async () => {
      await own.close();
      engine.killAll();
    });

    it('runs at most four engines, refusing the fifth with the reason, and starts one again once another stops', async () => {
      const events = await stream(PAGE);
      try {
        const sessions: string[] = [];
        for (let i = 0; i < 4; i++) {
          const started = await call('engineStart', [PAGE]);
          expect(started).toMatchObject({ ok: true });
          sessions.push(started.session);
        }
        expect(engineProcesses()).toHaveLength(4);
        const refused = await call('engineStart', [PAGE]);
        expect(refused).toMatchObject({ ok: false, code: 'unavailable', message: expect.stringMatching(/^4 rules engines are already running/) });
        expect(engineProcesses()).toHaveLength(4);
        await call('engineStop', [sessions[0]]);
        // quit sent through engineSend stops an engine as well, and frees its place.
        expect(await call('engineSend', [sessions[1], { type: 'quit' }])).toMatchObject({ ok: true });
        expect(await call('engineStart', [PAGE])).toMatchObject({ ok: true });
        expect(await call('engineStart', [PAGE])).toMatchObject({ ok: true });
        expect(await call('engineStart', [PAGE])).toMatchObject({ ok: false });
      } finally {
        events.close();
      }
    });

    it("stops a page's engines once its stream has closed for the grace period, and only that page's", async () => {
      const first = await stream('page-that-goes');
      const second = await stream('page-that-stays');
      const gone = [await call('engineStart', ['page-that-goes']), await call('engineStart', ['page-that-goes'])];
      const kept = await call('engineStart', ['page-that-stays']);
      expect([...gone, kept].every((s) => s.ok)).toBe(true);
      const pids = engineProcesses();
      expect(pids).toHaveLength(3);

      // Each page hears its own engines only.
      await call('engineSend', [kept.session, { id: 'k1', type: 'ping' }]);
      await call('engineSend', [gone[0].session, { id: 'g1', type: 'ping' }]);
      await waitFor(() => second.events.length >= 1 && first.events.length >= 1);
      expect(second.events).toEqual([{ session: kept.session, message: { re: 'k1', type: 'pong' } }]);
      expect(first.events).toEqual([{ session: gone[0].session, message: { re: 'g1', type: 'pong' } }]);

      first.close();
      await waitFor(() => engineProcesses().length === 1 && engine.running.length === 1, 10_000);
      expect(engine.running).toEqual([kept.session]);
      expect(await call('engineSend', [gone[1].session, { type: 'ping' }])).toMatchObject({ ok: false, code: 'unavailable' });
      expect(await call('engineSend', [kept.session, { type: 'ping' }])).toMatchObject({ ok: true });
      second.close();
      await waitFor(() => engineProcesses().length === 0, 10_000);
    });

    it("tells the page when its engine dies, and frees the engine's place", async () => {
      const events = await stream(PAGE);
      try {
        const started = [];
        for (let i = 0; i < 4; i++) started.push(await call('engineStart', [PAGE]));
        const [pid] = engineProcesses();
        process.kill(pid!, 'SIGKILL');
        await waitFor(() => events.events.some((e) => e.message.type === 'engine-failed'), 10_000);
        const failed = events.events.find((e) => e.message.type === 'engine-failed');
        expect(started.map((s) => s.session)).toContain(failed.session);
        expect(failed.message).toMatchObject({ reason: 'crashed', message: expect.stringMatching(/stopped unexpectedly/) });
        expect(await call('engineStart', [PAGE])).toMatchObject({ ok: true });
      } finally {
        events.close();
      }
    });

    it('keeps the engines of a page whose stream comes back within the grace period (an EventSource reconnecting)', async () => {
      const first = await stream(PAGE);
      const started = await call('engineStart', [PAGE]);
      first.close();
      const again = await stream(PAGE);
      try {
        await new Promise((r) => setTimeout(r, 600));
        expect(engine.running).toEqual([started.session]);
        await call('engineSend', [started.session, { id: 'after', type: 'ping' }]);
        await waitFor(() => again.events.length >= 1);
        expect(again.events[0]).toEqual({ session: started.session, message: { re: 'after', type: 'pong' } });
      } finally {
        again.close();
      }
      await waitFor(() => engine.running.length === 0, 10_000);
    });
  });
});

/** The rules engines this test process has running, found in /proc as `adc.js engine` children. */
function engineProcesses(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie has exited; it only waits to be reaped.
      if (Number(fields[1]) !== process.pid || fields[0] === 'Z') continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith('adc.js')) && cmd.includes('engine')) out.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return out;
}
