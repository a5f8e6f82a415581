// The `npm run web` entry: argument handling, which workspace a FILE implies, and a clean stop.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningWebServer } from './web-server.js';
import { main, repoRoot } from './web-main.js';

let root: string;
let staticDir: string;
let savedDataDir: string | undefined;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(tmpdir(), 'adc-main-'));
  staticDir = path.join(root, 'static');
  await fs.mkdir(staticDir);
  await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html>');
  savedDataDir = process.env.ADC_DATA_DIR;
  process.env.ADC_DATA_DIR = path.join(root, 'data');
});

afterEach(async () => {
  if (savedDataDir === undefined) delete process.env.ADC_DATA_DIR;
  else process.env.ADC_DATA_DIR = savedDataDir;
  await fs.rm(root, { recursive: true, force: true });
});

function post(server: RunningWebServer, method: string, args: unknown[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: `/api/${method}`, headers: { 'X-ADC-Token': server.token }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve((JSON.parse(body) as { result: unknown }).result));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(args));
  });
}

/** Runs main until `inspect` is done with the live server, then stops it as a signal would. */
async function run(argv: string[], inspect: (server: RunningWebServer) => Promise<void> = async () => undefined) {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let inspected: Promise<void> = Promise.resolve();
  const opened: string[] = [];
  const code = await main(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    openBrowser: (url) => opened.push(url),
    staticDir,
    stopped,
    onListening: (server) => {
      inspected = inspect(server).finally(stop);
    },
  });
  await inspected;
  return { code, out, err, opened };
}

describe('web main', () => {
  it('prints the address and the workspace, serves the FILE inside it first, and stops cleanly', async () => {
    const workspace = path.join(root, 'ws');
    await fs.mkdir(path.join(workspace, 'sub'), { recursive: true });
    await fs.writeFile(path.join(workspace, 'sub', 'a.scenario.json'), '{"title": "A"}');
    const result = await run(['--no-open', '--workspace', workspace, path.join(workspace, 'sub', 'a.scenario.json')], async (server) => {
      expect(await post(server, 'info', [])).toMatchObject({ shell: 'web', initialDocument: 'sub/a.scenario.json' });
      expect(await post(server, 'openDocument', ['sub/a.scenario.json'])).toMatchObject({ ok: true, text: '{"title": "A"}' });
    });
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(2);
    expect(result.out[0]).toMatch(/^Aide-de-Camp is running at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+$/);
    expect(result.out[1]).toContain(workspace);
    expect(result.opened).toEqual([]);
  });

  it('makes the folder of a FILE outside the workspace the workspace, and opens the browser unless told not to', async () => {
    const elsewhere = path.join(root, 'elsewhere');
    await fs.mkdir(elsewhere);
    await fs.writeFile(path.join(elsewhere, 'b.army.json'), '{}');
    const result = await run(['--workspace', root + '/static', path.join(elsewhere, 'b.army.json')], async (server) => {
      expect((await post(server, 'info', [])).initialDocument).toBe('b.army.json');
      expect((await post(server, 'listLibrary', [])).workspaceDir).toBe(elsewhere);
      // The bundled samples are found from the source location too.
      expect((await post(server, 'listLibrary', [])).samples.length).toBeGreaterThan(0);
    });
    expect(result.code).toBe(0);
    expect(result.opened).toEqual([result.out[0]!.replace('Aide-de-Camp is running at ', '')]);
  });

  it('reads a relative FILE and --workspace from where the user typed npm run web (INIT_CWD)', async () => {
    const typedIn = path.join(root, 'typed-in');
    await fs.mkdir(path.join(typedIn, 'ws'), { recursive: true });
    await fs.writeFile(path.join(typedIn, 'ws', 'c.scenario.json'), '{}');
    const saved = process.env.INIT_CWD;
    process.env.INIT_CWD = typedIn;
    try {
      const result = await run(['--no-open', '--workspace', 'ws', 'ws/c.scenario.json'], async (server) => {
        expect((await post(server, 'info', [])).initialDocument).toBe('c.scenario.json');
        expect((await post(server, 'listLibrary', [])).workspaceDir).toBe(path.join(typedIn, 'ws'));
      });
      expect(result.code).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = saved;
    }
  });

  it('refuses bad arguments with the usage line', async () => {
    for (const argv of [['--port', 'abc'], ['--port', '70000'], ['--bogus'], [path.join(root, 'missing.scenario.json')], ['a', 'b'], ['--workspace', path.join(root, 'nope')]]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.join('\n')).toMatch(/usage:/);
    }
  });

  it('says to build first when the user interface is missing', async () => {
    await fs.rm(path.join(staticDir, 'index.html'));
    const result = await run(['--no-open', '--workspace', root]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(/npm run build/);
  });

  it('finds the repository from the source folder', () => {
    expect(path.basename(path.join(repoRoot(), 'scenarios'))).toBe('scenarios');
    expect(repoRoot()).toBe(path.resolve(import.meta.dirname, '..'));
  });
});
