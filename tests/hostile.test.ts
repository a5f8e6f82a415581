// Every hostile input through every door: the CLI's validate, convert and print, the web server's validate and
// open endpoints, and the engine's load. Each must answer, within a bound only a hang or a blow-up could break,
// with a message and no stack trace, leave its input unchanged, and write nothing when it fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDocumentBytes } from '../domain/document-bytes.js';
import { defaultEngineCommand } from '../node/engine-process.js';
import { createDocumentStore } from '../node/document-store.js';
import { LineSplitter } from '../node/line-splitter.js';
import { startWebServer, type RunningWebServer } from '../node/web-server.js';
import { committedCorpus, generatedCorpus, STACK_TRACE, type HostileInput } from './hostile-corpus.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADC = path.join(ROOT, 'bin', 'adc.js');
/** Generous: a check of any real document takes well under a second; only a hang gets near this. */
const TIME_BOUND_MS = 10_000;
/** A process may not grow its heap past this; V8 then dies, and the test sees the crash. */
const HEAP_BOUND_MB = 1024;

let dir: string;
let corpus: HostileInput[];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'adc-hostile-'));
  corpus = [...committedCorpus(), ...generatedCorpus(path.join(dir, 'generated'))];
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function adc(args: string[]): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_BOUND_MB}`, ADC, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIME_BOUND_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Runs `task` over `items`, two at a time (the machine has two cores). */
async function eachInPairs<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all([worker(), worker()]);
}

/** Faults in the bytes (encodings) do not survive being sent as text: the server and engine never see them. */
const faultInBytes = (file: string): boolean => !decodeDocumentBytes(readFileSync(file)).ok;

const digest = (file: string): string | null => {
  try {
    const st = statSync(file);
    return st.isFile() ? createHash('sha256').update(readFileSync(file)).digest('hex') + `:${st.mode}` : `not-a-file:${st.mode}`;
  } catch {
    return null;
  }
};

function expectCalm(run: Run, what: string): void {
  expect(run.signal, `${what} was killed (took ${run.ms} ms)\n${run.stderr}`).toBeNull();
  expect(run.ms, what).toBeLessThan(TIME_BOUND_MS);
  expect(run.stderr + run.stdout, `${what} printed a stack trace`).not.toMatch(STACK_TRACE);
  expect([0, 1, 2], `${what} exit code\n${run.stderr}`).toContain(run.code);
}

describe('the hostile corpus', () => {
  it('holds at least 40 committed documents, each with an expectation and a reason', () => {
    const committed = committedCorpus();
    expect(committed.length).toBeGreaterThanOrEqual(40);
    for (const c of committed) expect(c.expect.why.length, c.name).toBeGreaterThan(5);
  });
});

describe('adc on hostile input', () => {
  it('validate answers every input with its exit code and a message about the right place', async () => {
    await eachInPairs(corpus, async (input) => {
      const before = digest(input.file);
      const run = await adc(['validate', input.file]);
      const what = `validate ${input.name}`;
      expectCalm(run, what);
      const output = run.stdout + run.stderr;
      const e = input.expect;
      if (e.validate !== 'any') expect(run.code, `${what}\n${output}`).toBe(e.validate);
      if (e.message) expect(output, what).toContain(e.message);
      if (e.path) expect(output, what).toMatch(new RegExp(`(^|\\s)${e.path.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&')}(\\s|/)`, 'm'));
      if (e.noRaw) expect(output.includes(e.noRaw), `${what} printed ${JSON.stringify(e.noRaw)} raw`).toBe(false);
      if (e.noText) expect(output, what).not.toContain(e.noText);
      expect(digest(input.file), `${what} changed its input`).toBe(before);
    });
  }, 300_000);

  it('validate --json says the same, and escapes what would act on a terminal', async () => {
    const inputs = corpus.filter((c) => c.expect.noRaw || c.expect.noText);
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) {
      const run = await adc(['validate', '--json', input.file]);
      expectCalm(run, `validate --json ${input.name}`);
      const reports = JSON.parse(run.stdout) as { problems: { message: string }[] }[];
      expect(reports).toHaveLength(1);
      if (input.expect.noRaw) expect(run.stdout.includes(input.expect.noRaw)).toBe(false);
      if (input.expect.noText) expect(run.stdout).not.toContain(input.expect.noText);
    }
  }, 120_000);

  it('convert and print fail cleanly, write nothing on failure, and never touch their input', async () => {
    const out = path.join(dir, 'out');
    await fs.mkdir(out, { recursive: true });
    let n = 0;
    await eachInPairs(corpus, async (input) => {
      const before = digest(input.file);
      const k = n++;
      for (const [command, args, target] of [
        ['convert', ['--to', '30'], path.join(out, `${k}.converted.json`)],
        ['print', [], path.join(out, `${k}.sheet.html`)],
      ] as const) {
        const run = await adc([command, input.file, ...args, '-o', target]);
        const what = `${command} ${input.name}`;
        expectCalm(run, what);
        if (run.code === 0) {
          expect(existsSync(target), `${what} said it wrote ${target}`).toBe(true);
        } else {
          expect(run.stderr.trim().length, `${what} failed without a word`).toBeGreaterThan(0);
          expect(existsSync(target), `${what} failed but wrote ${target}`).toBe(false);
        }
        if (input.expect.validate === 2) expect(run.code, `${what} read an unreadable input`).toBe(2);
        // print lays out a draft with errors on purpose (cli.md), but must say so; convert refuses it.
        if (input.expect.validate === 1 && run.code === 0) {
          expect(command, `${what} accepted an invalid input`).toBe('print');
          expect(run.stderr, what).toMatch(/warning: .* has \d+ errors?; the sheet is printed anyway/);
        }
        expect(digest(input.file), `${what} changed its input`).toBe(before);
      }
    });
    // Nothing half-written was left behind either.
    expect((await fs.readdir(out)).filter((f) => f.includes('.tmp'))).toEqual([]);
  }, 300_000);
});

describe('the web server on hostile input', () => {
  let server: RunningWebServer;
  let workspace: string;

  beforeAll(async () => {
    workspace = path.join(dir, 'workspace');
    await fs.mkdir(workspace, { recursive: true });
    const staticDir = path.join(dir, 'static');
    await fs.mkdir(staticDir, { recursive: true });
    await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    for (const input of corpus) {
      if (input.isDocument) await fs.copyFile(input.file, path.join(workspace, input.name.replace(/[^\w.-]/g, '_')));
    }
    const store = createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: path.join(dir, 'no-samples'), dataDir: path.join(dir, 'data') });
    server = await startWebServer({ port: 0, store, staticDir, initialDocument: null, version: '0.0.0' });
  });

  afterAll(async () => {
    await server?.close();
  });

  const api = (method: string, args: unknown[]): Promise<{ status: number; body: string; ms: number }> => {
    const started = Date.now();
    const body = JSON.stringify(args);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: `/api/${method}`,
          agent: false,
          headers: { 'Content-Type': 'application/json', 'X-ADC-Token': server.token, Origin: `http://127.0.0.1:${server.port}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }));
        },
      );
      req.setTimeout(TIME_BOUND_MS, () => req.destroy(new Error(`/api/${method} took longer than ${TIME_BOUND_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  };

  it('validates each document sent as text, or refuses it with a reason, and keeps serving', async () => {
    const rssBefore = process.memoryUsage().rss;
    for (const input of corpus.filter((c) => c.isDocument)) {
      const text = readFileSync(input.file).toString('utf8');
      const reply = await api('validate', [text]);
      const what = `validate ${input.name}`;
      expect(reply.body, what).not.toMatch(STACK_TRACE);
      if (reply.status === 200) {
        const { problems } = (JSON.parse(reply.body) as { result: { problems: { severity: string; message: string }[] } }).result;
        if (input.expect.validate === 1 && !faultInBytes(input.file)) expect(problems.some((p) => p.severity === 'error'), what).toBe(true);
      } else {
        // Only a body past the server's limit may be refused, and it says why.
        expect(reply.status, what).toBe(413);
        expect(JSON.parse(reply.body).error.message, what).toMatch(/too large|limit/i);
      }
      expect(reply.ms, what).toBeLessThan(TIME_BOUND_MS);
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(HEAP_BOUND_MB * 1024 * 1024);
    const ping = await api('listLibrary', []);
    expect(ping.status).toBe(200);
  }, 300_000);

  it('opens each document from the workspace, or says in a sentence why not, and changes no file', async () => {
    for (const input of corpus.filter((c) => c.isDocument)) {
      const name = input.name.replace(/[^\w.-]/g, '_');
      const before = digest(path.join(workspace, name));
      const reply = await api('openDocument', [name]);
      const what = `openDocument ${input.name}`;
      expect(reply.status, `${what}: ${reply.body.slice(0, 300)}`).toBe(200);
      expect(reply.body, what).not.toMatch(STACK_TRACE);
      const result = (JSON.parse(reply.body) as { result: { ok: boolean; message?: string; text?: string } }).result;
      if (!result.ok) expect(result.message!.length, what).toBeGreaterThan(10);
      // Bytes that are not UTF-8, or another encoding, never open as text that a save would then make permanent.
      if (/utf-?8|utf16|latin1|overlong/.test(input.name) && !/bom/.test(input.name) && input.expect.validate === 1) expect(result.ok, what).toBe(false);
      if (/oversize/.test(input.name)) expect(result, what).toMatchObject({ ok: false, code: 'too-large' });
      expect(reply.ms, what).toBeLessThan(TIME_BOUND_MS);
      expect(digest(path.join(workspace, name)), `${what} changed the file`).toBe(before);
    }
  }, 300_000);
});

describe('the engine on hostile input', () => {
  it('answers every load with loaded or a clear refusal, within the bound, and then still answers ping', async () => {
    const command = defaultEngineCommand();
    const child = spawn(command.file, [`--max-old-space-size=${HEAP_BOUND_MB}`, ...command.args], { cwd: command.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const replies = new Map<string, Record<string, unknown>>();
    const splitter = new LineSplitter({
      maxBytes: 64 << 20,
      onLine: (line) => {
        const m = JSON.parse(line) as Record<string, unknown>;
        if (typeof m.re === 'string') replies.set(m.re, m);
      },
      onOverflow: () => undefined,
    });
    child.stdout.on('data', (c: Buffer) => splitter.push(c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ask = async (request: Record<string, unknown>): Promise<{ reply: Record<string, unknown>; ms: number }> => {
      const started = Date.now();
      child.stdin.write(JSON.stringify(request) + '\n');
      while (!replies.has(request.id as string) && child.exitCode === null && Date.now() - started < TIME_BOUND_MS) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const reply = replies.get(request.id as string);
      if (!reply) throw new Error(`no answer to ${String(request.type)} within ${TIME_BOUND_MS} ms (exit ${child.exitCode}):\n${stderr}`);
      return { reply, ms: Date.now() - started };
    };
    try {
      expect((await ask({ id: 'hello', type: 'hello', protocol: 1 })).reply).toMatchObject({ type: 'ready' });
      // The engine's line limit is 8 MB; a longer document never reaches load (the transport refuses it).
      const documents = corpus.filter((c) => c.isDocument && statSync(c.file).size < 8 * 1024 * 1024);
      expect(documents.length).toBeGreaterThan(40);
      for (const [k, input] of documents.entries()) {
        const text = readFileSync(input.file).toString('utf8');
        const { reply, ms } = await ask({ id: `load-${k}`, type: 'load', text });
        const what = `load ${input.name}`;
        expect(['loaded', 'error'], `${what}: ${JSON.stringify(reply).slice(0, 300)}`).toContain(reply.type);
        if (input.expect.validate === 1 && !faultInBytes(input.file)) expect(reply.type, what).toBe('error');
        if (reply.type === 'error') expect(String(reply.message).length, what).toBeGreaterThan(10);
        expect(JSON.stringify(reply), what).not.toMatch(STACK_TRACE);
        expect(ms, what).toBeLessThan(TIME_BOUND_MS);
        expect((await ask({ id: `ping-${k}`, type: 'ping' })).reply).toMatchObject({ type: 'pong' });
      }
      expect(stderr).not.toMatch(STACK_TRACE);
    } finally {
      child.stdin.end(JSON.stringify({ type: 'quit' }) + '\n');
    }
    expect(await exited).toBe(0);
  }, 300_000);
});
