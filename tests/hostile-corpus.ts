// The hostile corpus: the committed documents of tests/fixtures/hostile/ (each with what validate must say in
// expect.json), the larger ones made here at run time rather than kept in the repository, and inputs that are not
// documents at all (a named pipe, a device, a folder, a file past the size limit).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOSTILE_DIR = fileURLToPath(new URL('./fixtures/hostile/', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../scenarios/se-01-hold-the-bridge.scenario.json', import.meta.url));

export interface Expectation {
  /** validate's exit code: 0 valid, 1 invalid, 2 unreadable; 'any' where only "no crash, no hang" is asserted. */
  validate: 0 | 1 | 2 | 'any';
  /** A JSON Pointer the message must be about, and a phrase it must contain. */
  path?: string;
  message?: string;
  /** A character that must never reach the output raw (it must show escaped). */
  noRaw?: string;
  /** File text that must never be quoted back. */
  noText?: string;
  why: string;
}

export interface HostileInput {
  name: string;
  file: string;
  expect: Expectation;
  /** A document to send as text to the server and the engine; not for pipes, devices and folders. */
  isDocument: boolean;
}

export function committedCorpus(): HostileInput[] {
  const expectations = JSON.parse(readFileSync(path.join(HOSTILE_DIR, 'expect.json'), 'utf8')) as Record<string, Expectation>;
  const files = readdirSync(HOSTILE_DIR).filter((f) => f !== 'expect.json');
  return files.map((name) => {
    const expect = expectations[name];
    if (!expect) throw new Error(`tests/fixtures/hostile/${name} has no entry in expect.json`);
    return { name, file: path.join(HOSTILE_DIR, name), expect, isDocument: true };
  });
}

/** The large and the unusual inputs, written into `dir`. */
export function generatedCorpus(dir: string): HostileInput[] {
  mkdirSync(dir, { recursive: true });
  const se = JSON.parse(readFileSync(SAMPLE, 'utf8')) as {
    title: string;
    terrain: unknown[];
    sides: { army: { units: Record<string, unknown>[] } }[];
    specialRules?: string[];
  };
  const out: HostileInput[] = [];
  const add = (name: string, content: string | Buffer, expect: Expectation) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    out.push({ name, file, expect, isDocument: true });
  };
  const variant = (mutate: (d: typeof se) => void) => {
    const d = structuredClone(se);
    mutate(d);
    return JSON.stringify(d);
  };
  add(
    'polygon-10000-corners.scenario.json',
    variant((d) => {
      const k = 10000;
      d.terrain.push({
        id: 'w-star',
        kind: 'woods',
        polygon: Array.from({ length: k }, (_, i) => {
          const a = (2 * Math.PI * i) / k;
          const r = i % 2 ? 17 : 9;
          return [18 + r * Math.cos(a), 18 + r * Math.sin(a)];
        }),
      });
    }),
    { validate: 'any', why: 'crossing and coverage checks over a 10,000-corner outline' },
  );
  add(
    'forty-intricate-woods.scenario.json',
    variant((d) => {
      const k = 10000;
      for (let w = 0; w < 40; w++) {
        d.terrain.push({
          id: `w-${w}`,
          kind: 'woods',
          polygon: Array.from({ length: k }, (_, i) => {
            const a = (2 * Math.PI * i) / k;
            const r = i % 2 ? 17 : 9;
            return [18 + r * Math.cos(a), 18 + r * Math.sin(a)];
          }),
        });
      }
      d.sides[0]!.army.units[0]!.setup = { cell: 'B2', facing: 0 };
    }),
    { validate: 1, path: '/terrain', message: 'too intricate to divide into cells', why: 'was billions of outline-cell measurements' },
  );
  add(
    'duplicate-ids-4000.scenario.json',
    variant((d) => {
      const u = d.sides[0]!.army.units[0]!;
      d.sides[0]!.army.units.push(...Array.from({ length: 4000 }, () => ({ ...u })));
    }),
    { validate: 1, message: 'is used twice', why: '4,000 units with one id: the message list is capped' },
  );
  add(
    'fifty-thousand-values.scenario.json',
    variant((d) => {
      d.terrain.push(...Array.from({ length: 12000 }, (_, i) => ({ id: `b${i}`, kind: 'building-block', at: [i % 36, (i * 7) % 36], size: 0.5 })));
    }),
    { validate: 'any', why: 'a large document: past 40,000 values the schema stops at its first error' },
  );
  add('title-one-megabyte.scenario.json', variant((d) => void (d.title = 'x'.repeat(1 << 20))), {
    validate: 1,
    path: '/title',
    message: 'too long',
    why: 'a huge string is bounded by the schema',
  });
  // Past the 32 MB document limit: white space, so the file is cheap to make and would parse if it were read.
  add('oversize.scenario.json', Buffer.concat([Buffer.from(JSON.stringify(se)), Buffer.alloc(33 * 1024 * 1024, 0x20)]), {
    validate: 1,
    message: 'documents are limited to 32 MB',
    why: 'refused by its size before it is read',
  });

  const special = (name: string, file: string, expect: Expectation) => out.push({ name, file, expect, isDocument: false });
  const fifo = path.join(dir, 'pipe.scenario.json');
  execFileSync('mkfifo', [fifo]);
  special('named pipe', fifo, { validate: 2, message: 'is a named pipe', why: 'reading a pipe would wait for a writer for ever' });
  special('/dev/zero', '/dev/zero', { validate: 2, message: 'is a device', why: 'an endless device read 618 MB' });
  const link = path.join(dir, 'zero.scenario.json');
  symlinkSync('/dev/zero', link);
  special('link to /dev/zero', link, { validate: 2, message: 'is a device', why: 'a link to a device is the device' });
  const folder = path.join(dir, 'folder.scenario.json');
  mkdirSync(folder);
  special('a folder', folder, { validate: 2, message: 'is a folder', why: 'a folder named like a document' });
  special('a missing file', path.join(dir, 'missing.scenario.json'), { validate: 2, message: 'no such file', why: 'nothing there' });
  return out;
}

/** A Node or V8 stack trace, or a native crash report: never part of a message for a user. */
export const STACK_TRACE = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at (?:async )?[\w.<>]+ \(|node:internal|FATAL ERROR|Native stack trace|^\s*\d+: 0x[0-9a-f]+/m;
