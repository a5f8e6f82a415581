// One host contract, two shells: the same bad arguments reach the desktop's IPC handlers and the web server's routes,
// and each refuses them with the same sentence from the shared table (domain/host-checks.ts) before any service
// sees them. Good arguments get through both, so the table cannot pass by refusing everything.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ARGUMENT_CHECKS, argumentsProblem, WEB_ARGUMENT_CHECKS, type Check } from '../domain/host-checks.js';
import { WEB_ROUTES, type InvokeMethod, type WebMethod } from '../domain/host-methods.js';
import { INVOKE_CHANNELS, INVOKE_METHODS } from '../electron/channels.js';
import type { IpcMainInvokeEventLike, IpcMainLike } from '../electron/electron-like.js';
import { registerIpcHandlers, type HostServices } from '../electron/ipc.js';
import type { DocumentStore } from '../node/document-store.js';
import type { EngineSessions } from '../node/engine-process.js';
import { startWebServer, type RunningWebServer } from '../node/web-server.js';

const PAGE = 'page-one-0001';

/** Arguments each method accepts, as JSON carries them (so the web gets exactly what the desktop gets). */
const GOOD: { [M in InvokeMethod]: unknown[] } = {
  info: [],
  listLibrary: [],
  openDocument: ['a.scenario.json'],
  documentVersion: ['a.scenario.json'],
  saveDocument: [{ path: 'a.scenario.json', text: '{}', baseVersion: null, overwrite: true }],
  pickOpenPath: [],
  pickSavePath: ['a.scenario.json'],
  writeBackup: [{ key: 'doc-1', path: null, title: 'Austerlitz', savedAt: 1_700_000_000_000, text: '{}' }],
  listBackups: [],
  discardBackup: ['doc-1'],
  validate: ['{}'],
  print: ['<html></html>', 'a4', 'a.pdf'],
  makePdf: ['<html></html>', 'letter'],
  setMenuEnabled: [{ new: true, open: true, save: false, 'save-as': false, undo: false, redo: false, validate: true, 'test-play': false, print: false, about: true, settings: true, shortcuts: true }],
  'engine.start': [],
  'engine.send': ['s1', { id: 'r1', type: 'ping' }],
  'engine.stop': ['s1'],
};

const save = GOOD.saveDocument[0] as object;
const GOOD_MENU = GOOD.setMenuEnabled[0] as object;
const backup = GOOD.writeBackup[0] as object;

/** A call both shells must refuse, and what the shared sentence must say. */
const BAD: [InvokeMethod, unknown[], RegExp][] = [
  ['info', ['unexpected'], /^expected 0 arguments, got 1$/],
  ['listLibrary', [1], /^expected 0 arguments, got 1$/],
  ['listBackups', [null], /^expected 0 arguments, got 1$/],
  ['openDocument', [], /^argument 1 must be a path string, not nothing$/],
  ['openDocument', [42], /path string, not a number/],
  ['openDocument', [''], /non-empty path/],
  ['openDocument', ['a'.repeat(4097)], /at most 4096 characters/],
  ['openDocument', ['a\0b.json'], /NUL/],
  ['openDocument', ['a.json', 'extra'], /^expected 1 argument, got 2$/],
  ['documentVersion', [{ path: 'a.json' }], /path string, not an object/],
  ['saveDocument', ['a.json'], /save request object, not a string/],
  ['saveDocument', [{ ...save, text: 1 }], /field "text" must be a text string/],
  ['saveDocument', [{ ...save, baseVersion: 3 }], /field "baseVersion" must be a version string/],
  ['saveDocument', [{ ...save, baseVersion: 'v'.repeat(1025) }], /field "baseVersion" must be a version of at most 1024/],
  ['saveDocument', [{ path: 'a.json', text: '{}' }], /missing the field "baseVersion"/],
  ['saveDocument', [{ ...save, sneaky: 1 }], /unexpected field "sneaky"/],
  ['saveDocument', [{ ...save, overwrite: 'yes' }], /field "overwrite" must be true or false/],
  ['writeBackup', [['doc-1']], /backup object, not an array/],
  ['writeBackup', [{ ...backup, savedAt: 'now' }], /field "savedAt" must be a time/],
  ['writeBackup', [{ ...backup, key: '' }], /field "key" must be a non-empty key/],
  ['writeBackup', [{ ...backup, title: 't'.repeat(1025) }], /field "title" must be a title of at most 1024/],
  ['discardBackup', [''], /non-empty key/],
  ['discardBackup', ['k'.repeat(257)], /key of at most 256 characters/],
  ['validate', [null], /text string, not null/],
  ['print', ['<html>', 'a3', 'a.pdf'], /^argument 2 must be "a4" or "letter"/],
  ['print', ['<html>', 'a4', null], /^argument 3 must be a file name string, not null$/],
  ['makePdf', [], /^argument 1 must be a text string, not nothing$/],
  ['makePdf', [{ html: '<p>' }, 'a4'], /^argument 1 must be a text string, not an object$/],
  ['makePdf', ['<html>'], /^argument 2 must be "a4" or "letter", not nothing$/],
  ['makePdf', ['<html>', 'A4'], /^argument 2 must be "a4" or "letter", not a string of 2 characters$/],
  ['makePdf', ['<html>', 'a4', 'sheet.pdf'], /^expected 2 arguments, got 3$/],
  ['setMenuEnabled', [{ save: true }], /^argument 1 is missing the field "new"$/],
  ['setMenuEnabled', [{ ...(GOOD_MENU), quit: true }], /^argument 1 has an unexpected field "quit"$/],
  ['setMenuEnabled', [{ ...(GOOD_MENU), save: 1 }], /^argument 1 field "save" must be true or false, not a number$/],
  ['engine.send', ['s1'], /^argument 2 must be a message object, not nothing$/],
  ['engine.send', [1, { type: 'ping' }], /session id string, not a number/],
  ['engine.send', ['', { type: 'ping' }], /non-empty session id/],
  ['engine.send', ['s'.repeat(129), { type: 'ping' }], /session id of at most 128 characters/],
  ['engine.send', ['s1', 'ping'], /message object, not a string/],
  ['engine.send', ['s1', [1]], /message object, not an array/],
  ['engine.send', ['s1', { type: 'ping' }, 3], /^expected 2 arguments, got 3$/],
  ['engine.stop', [], /session id string, not nothing/],
  ['engine.stop', [null], /session id string, not null/],
];

const webMethod = (m: InvokeMethod): m is WebMethod => Object.hasOwn(WEB_ROUTES, m);

// --- The desktop shell: the real IPC handlers over a recording ipcMain and services that count their calls.

type Handler = (event: IpcMainInvokeEventLike, ...args: unknown[]) => unknown;
const handlers = new Map<string, Handler>();
const ipcMain: IpcMainLike = {
  handle: (channel, listener) => void handlers.set(channel, listener),
  removeHandler: (channel) => void handlers.delete(channel),
};
const reached = vi.fn();
const service =
  (name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one fake stands in for every service, whatever each returns
  async (...args: unknown[]): Promise<any> => {
    reached(name, args);
    return name === 'engine.send' ? { ok: true, id: 'r1' } : name === 'engine.start' ? { ok: true, session: 's1' } : null;
  };
const services = {
  ...Object.fromEntries(INVOKE_METHODS.filter((m) => !m.startsWith('engine.')).map((m) => [m, service(m)])),
  engine: { start: service('engine.start'), send: service('engine.send'), stop: service('engine.stop') },
} as unknown as HostServices;
registerIpcHandlers(ipcMain, services, () => true);
const trusted: IpcMainInvokeEventLike = { senderFrame: { url: 'app://adc/index.html', parent: null } };

async function desktop(method: InvokeMethod, args: unknown[]): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await handlers.get(INVOKE_CHANNELS[method])!(trusted, ...args);
    return { ok: true };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

// --- The web shell: the real server, over a store and engines that count their calls.

let server: RunningWebServer;
const store = Object.fromEntries(
  ['listLibrary', 'openDocument', 'documentVersion', 'saveDocument', 'writeBackup', 'listBackups', 'discardBackup', 'validate'].map((m) => [m, service(m)]),
) as unknown as DocumentStore;
const engine: EngineSessions = {
  start: service('engine.start'),
  send: service('engine.send'),
  stop: service('engine.stop'),
  onMessage: () => () => undefined,
  stopAll: async () => undefined,
  killAll: () => undefined,
};

beforeAll(async () => {
  server = await startWebServer({ port: 0, store, engine, makePdf: service('makePdf'), staticDir: 'no-static', initialDocument: null, version: '0.0.0' });
});
afterAll(async () => {
  await server?.close();
});

function web(route: string, args: unknown[]): Promise<{ status: number; body: { result?: unknown; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/${route}`,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'X-ADC-Token': server.token, Origin: `http://127.0.0.1:${server.port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(args));
  });
}

describe('both shells', () => {
  it.each(BAD)('refuse %s %j with the same sentence, before any service', async (method, args, says) => {
    const problem = argumentsProblem(ARGUMENT_CHECKS[method] as readonly Check[], args);
    expect(problem).toMatch(says);
    reached.mockClear();

    expect(await desktop(method, args)).toEqual({ ok: false, error: `Refused ${INVOKE_CHANNELS[method]}: ${problem}.` });
    if (webMethod(method)) {
      const route = WEB_ROUTES[method];
      expect(await web(route, args)).toEqual({ status: 400, body: { error: `Refused ${route}: ${problem}.` } });
    }
    expect(reached).not.toHaveBeenCalled();
  });

  it('let every method’s good arguments through to its service', async () => {
    for (const method of INVOKE_METHODS) {
      reached.mockClear();
      expect(await desktop(method, GOOD[method]), method).toEqual({ ok: true });
      expect(reached, method).toHaveBeenCalledWith(method, GOOD[method]);
    }
    for (const method of INVOKE_METHODS.filter(webMethod)) {
      if (method === 'engine.start' || method === 'info' || method === 'print') continue; // answered by the server itself
      reached.mockClear();
      expect((await web(WEB_ROUTES[method], GOOD[method])).status, method).toBe(200);
      expect(reached, method).toHaveBeenCalledWith(method, GOOD[method]);
    }
  });

  it('check engine.start’s page id on the web only, where the page names itself', async () => {
    expect(await desktop('engine.start', ['x'])).toEqual({ ok: false, error: 'Refused adc:engine.start: expected 0 arguments, got 1.' });
    const checks = WEB_ARGUMENT_CHECKS['engine.start'] as readonly Check[];
    for (const args of [[], ['short'], ['../../etc/passwd'], [PAGE, 1]]) {
      const problem = argumentsProblem(checks, args);
      expect(problem, JSON.stringify(args)).not.toBeNull();
      expect(await web('engineStart', args)).toEqual({ status: 400, body: { error: `Refused engineStart: ${problem}.` } });
    }
    // A good page id passes the checks; without an open event stream the server then declines, as a value.
    expect(await web('engineStart', [PAGE])).toMatchObject({ status: 200, body: { result: { ok: false, code: 'unavailable' } } });
  });
});
