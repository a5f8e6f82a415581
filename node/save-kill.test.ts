// A save killed at any moment leaves the document whole, old or new, and the next start removes what the save left.
// A child process saves two complete versions in turn through the real atomic write (the compiled code: run
// `npx tsc -b` first, as npm test does) and is killed with SIGKILL, either paused at a chosen step of a save or while
// running free after a chosen number of saves and milliseconds. The moments are fixed per round, not random.
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_NAME } from './atomic-file.js';
import { createDocumentStore } from './document-store.js';

const ROUNDS = 15;
const PHASES = ['opened', 'half-written', 'synced', 'renamed', 'free'] as const;
type Phase = (typeof PHASES)[number];
/** Far beyond a healthy child's start and a few saves; only a hang reaches it. */
const WAIT_MS = 15000;

const compiled = path.resolve(import.meta.dirname, '../dist/node/atomic-file.js');
const source = path.resolve(import.meta.dirname, 'atomic-file.ts');

// Two versions of different lengths, large enough that a free-running kill often lands inside a write.
function version(tag: string, units: number): string {
  const list = Array.from({ length: units }, (_, i) => ({ id: `${tag}${i}`, name: `Battalion ${i} of version ${tag}` }));
  return JSON.stringify({ type: 'aide-de-camp/scenario', schemaVersion: 1, title: `Version ${tag}`, units: list }, null, 2) + '\n';
}
const A = version('A', 4000);
const B = version('B', 3000);

// The child pauses at a step by printing "paused" and waiting forever, so the kill lands exactly there.
const CHILD = `
import { readFileSync, promises as fs } from 'node:fs';
const [atomicUrl, target, phase, pauseAtText, aFile, bFile] = process.argv.slice(2);
const { writeFileAtomic } = await import(atomicUrl);
const pauseAt = Number(pauseAtText);
const versions = [readFileSync(aFile, 'utf8'), readFileSync(bFile, 'utf8')];
const start = readFileSync(target, 'utf8') === versions[0] ? 1 : 0;
let save = 0;
const pause = () => {
  process.stdout.write('paused\\n');
  setInterval(() => undefined, 1 << 30);
  return new Promise(() => undefined);
};
const pausing = (step) => phase === step && save === pauseAt;
const fsImpl = {
  open: async (file, flags, mode) => {
    const handle = await fs.open(file, flags, mode);
    if (flags !== 'wx') return handle;
    if (pausing('opened')) await pause();
    const writeFile = handle.writeFile.bind(handle);
    handle.writeFile = async (data) => {
      if (!pausing('half-written')) return writeFile(data);
      await writeFile(data.subarray(0, data.length >> 1));
      await handle.sync();
      await pause();
    };
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      if (pausing('synced')) await pause();
    };
    return handle;
  },
  rename: async (from, to) => {
    await fs.rename(from, to);
    if (pausing('renamed')) await pause();
  },
};
for (;;) {
  save++;
  await writeFileAtomic(target, versions[(start + save - 1) % 2], { fsImpl });
  process.stdout.write('saved ' + save + '\\n');
}
`;

let root: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  const [built, written] = await Promise.all([fs.stat(compiled).catch(() => null), fs.stat(source)]);
  if (!built || built.mtimeMs < written.mtimeMs) {
    throw new Error('dist/node/atomic-file.js is missing or older than node/atomic-file.ts: run `npx tsc -b` before this test.');
  }
  root = await fs.mkdtemp(path.join(tmpdir(), 'adc-save-kill-'));
  await fs.mkdir(path.join(root, 'workspace'));
  await fs.writeFile(path.join(root, 'child.mjs'), CHILD);
  await fs.writeFile(path.join(root, 'a.txt'), A);
  await fs.writeFile(path.join(root, 'b.txt'), B);
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (root) await fs.rm(root, { recursive: true, force: true });
});

/** Starts the child and resolves once it has reached the moment chosen for the kill, then kills it. */
function runUntilKilled(target: string, phase: Phase, pauseAt: number, extraMs: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [path.join(root, 'child.mjs'), pathToFileURL(compiled).href, target, phase, String(pauseAt), path.join(root, 'a.txt'), path.join(root, 'b.txt')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  return new Promise<void>((resolve, reject) => {
    let out = '';
    let err = '';
    let killing = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the saving child never reached "${phase}" of save ${pauseAt}: ${err || out}`));
    }, WAIT_MS);
    const kill = () => {
      if (killing) return;
      killing = true;
      setTimeout(() => child.kill('SIGKILL'), extraMs);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (phase === 'free' ? out.split('\n').filter((l) => l.startsWith('saved ')).length >= pauseAt : out.includes('paused\n')) kill();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the saving child stopped by itself (${code ?? signal}): ${err}`));
    });
  });
}

describe('a save killed at any moment', () => {
  it(`leaves one complete version and no leftover after the next start, over ${ROUNDS} kills`, async () => {
    const workspace = path.join(root, 'workspace');
    const target = path.join(workspace, 'battle.scenario.json');
    await fs.writeFile(target, A);
    let leftoversSeen = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const phase = PHASES[round % PHASES.length]!;
      const pauseAt = 1 + (round % 3);
      const before = await fs.readFile(target, 'utf8');
      await runUntilKilled(target, phase, pauseAt, phase === 'free' ? (round * 7) % 13 : 0);

      const after = await fs.readFile(target, 'utf8');
      expect(() => JSON.parse(after), `round ${round} (${phase})`).not.toThrow();
      expect([A, B], `round ${round} (${phase}): the file is neither version whole`).toContain(after);
      if (phase !== 'free') {
        // Saves before the paused one completed; the paused one counts only once its rename happened.
        const completed = phase === 'renamed' ? pauseAt : pauseAt - 1;
        expect(after === before ? 'old' : 'new', `round ${round} (${phase}, save ${pauseAt})`).toBe(completed % 2 === 0 ? 'old' : 'new');
      }
      const temps = (await fs.readdir(workspace)).filter((n) => TEMP_NAME.test(n));
      if (phase === 'opened' || phase === 'half-written' || phase === 'synced') expect(temps.length, `round ${round} (${phase})`).toBe(1);
      leftoversSeen += temps.length;

      const store = createDocumentStore({
        mode: 'web',
        workspaceDir: workspace,
        samplesDir: path.join(root, 'samples'),
        dataDir: path.join(root, 'data'),
        staleTempAgeMs: 0,
      });
      const library = await store.listLibrary();
      expect(library.workspace.map((r) => r.path)).toEqual(['battle.scenario.json']);
      expect((await fs.readdir(workspace)).filter((n) => TEMP_NAME.test(n)), `round ${round} (${phase})`).toEqual([]);
      expect(await fs.readFile(target, 'utf8')).toBe(after);
    }
    // The kills did land inside saves, so the cleanup had something to do.
    expect(leftoversSeen).toBeGreaterThanOrEqual(9);
  }, 60000);
});
