// The `npm run web` entry: argument handling, which workspace a FILE implies, and a clean stop.
import { existsSync, promises as fs } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningWebServer } from './web-server.js';
import { browserCommand, main, repoRoot } from './web-main.js';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply is JSON whose shape each case asserts
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

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Runs main until `inspect` is done with the live server, then stops it as a signal would. */
async function run(
  argv: string[],
  inspect: (server: RunningWebServer, seen: { out: string[]; opened: string[][] }) => Promise<void> = async () => undefined,
) {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let inspected: Promise<void> = Promise.resolve();
  const opened: string[][] = [];
  const code = await main(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    runBrowser: (command, args) => opened.push([command, ...args]),
    launchDir: root,
    staticDir,
    stopped,
    onListening: (server) => {
      inspected = inspect(server, { out, opened }).finally(stop);
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
    expect(result.opened).toHaveLength(1);
  });

  it('opens the browser on a private launch file, never with the token on its command line, and the printed address works', async () => {
    let launchFile = '';
    let printed = '';
    const result = await run(['--workspace', root], async (server, seen) => {
      const [argv] = seen.opened;
      // The browser's command line is readable by every local user; it must not carry the token.
      expect(argv).toEqual([...browserCommand(argv!.at(-1)!)].flat());
      expect(argv!.join(' ')).not.toContain(server.token);
      const target = argv!.at(-1)!;
      expect(target).toMatch(/^file:\/\//);
      launchFile = fileURLToPath(target);
      if (process.platform !== 'win32') {
        expect((await fs.stat(launchFile)).mode & 0o777).toBe(0o600);
        expect((await fs.stat(path.dirname(launchFile))).mode & 0o777).toBe(0o700);
      }
      // The file sends the browser on to the address printed for the user.
      const html = await fs.readFile(launchFile, 'utf8');
      printed = seen.out[0]!.replace('Aide-de-Camp is running at ', '');
      expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${printed}">`);

      // Pasted into another browser, after the launch, the printed address still opens the app and its API.
      const page = await get(printed);
      expect(page.status).toBe(200);
      expect(page.body).toBe('<!doctype html>');
      const token = new URL(printed).searchParams.get('token')!;
      expect(token).toBe(server.token);
      expect(await post(server, 'info', [])).toMatchObject({ shell: 'web' });
    });
    expect(result.code).toBe(0);
    expect(printed).not.toBe('');
    // Gone with the server, folder and all.
    expect(existsSync(launchFile)).toBe(false);
    expect(existsSync(path.dirname(launchFile))).toBe(false);
  });

  it('builds the browser command for each platform with the target as its own argument', () => {
    const target = 'file:///tmp/adc-launch-x/open-aide-de-camp.html';
    expect(browserCommand(target, 'linux')).toEqual(['xdg-open', [target]]);
    expect(browserCommand(target, 'darwin')).toEqual(['open', [target]]);
    expect(browserCommand(target, 'win32')).toEqual(['cmd', ['/c', 'start', '""', target]]);
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
