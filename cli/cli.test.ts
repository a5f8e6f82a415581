// The adc command as a user runs it: the compiled bin, real files, exit codes and JSON of cli.md.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, chmodSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin/adc.js');
const fixture = path.join(root, 'tests/fixtures/convert/division.army.json');

async function adc(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const made: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'adc-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('adc validate', () => {
  it('exits 0 and prints one JSON entry per file for valid files', async () => {
    const r = await adc('validate', fixture, '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual([{ file: fixture, type: 'aide-de-camp/army', valid: true, problems: expect.any(Array) }]);
  });

  it('exits 1 with the problem at its JSON Pointer for an invalid file', async () => {
    const dir = tmp();
    const doc = JSON.parse(readFileSync(fixture, 'utf8'));
    doc.army.formations[0].units[2].ratings['napoleons-eagles'].rating = 'B16F30';
    const file = path.join(dir, 'bad.army.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await adc('validate', fixture, file, '--json');
    expect(r.code).toBe(1);
    const [good, bad] = JSON.parse(r.stdout);
    expect(good.valid).toBe(true);
    expect(bad).toMatchObject({ file, type: 'aide-de-camp/army', valid: false });
    expect(bad.problems).toContainEqual({
      severity: 'error',
      path: '/army/formations/0/units/2/ratings/napoleons-eagles/rating',
      message: 'Rating "B16F30": fire must be A–E',
      hint: expect.stringMatching(/^e\.g\. B16C30/),
    });
  });

  it('prints readable text by default', async () => {
    const dir = tmp();
    const file = path.join(dir, 'broken.scenario.json');
    writeFileSync(file, '{ "type": "aide-de-camp/scenario", "schemaVersion": 1,, }');
    const r = await adc('validate', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.scenario\.json: INVALID \(1 error\)/);
    expect(r.stdout).toMatch(/not valid JSON: .* at line 1, column \d+/);
  });

  it('exits 2 for a missing file, and still reports the other files', async () => {
    const r = await adc('validate', fixture, '/nonexistent/x.scenario.json', '--json');
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out).toHaveLength(2);
    expect(out[1]).toMatchObject({ valid: false, type: null, problems: [{ severity: 'error', path: '' }] });
  });

  it('exits 2 for usage errors', async () => {
    expect((await adc('validate')).code).toBe(2);
    expect((await adc('frobnicate')).code).toBe(2);
    expect((await adc('validate', '--bogus', fixture)).code).toBe(2);
  });

  it('ends quietly when its reader closes the pipe before the output is written (adc … | head)', async () => {
    const child = spawn(process.execPath, [bin, 'validate', fixture, fixture, fixture, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command has printed anything, as `head -c 0` would.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('refuses a file from a newer format version with a clear message', async () => {
    const dir = tmp();
    const file = path.join(dir, 'future.army.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(fixture, 'utf8')), schemaVersion: 9 }));
    const r = await adc('validate', file, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].problems[0]).toMatchObject({ path: '/schemaVersion', message: expect.stringMatching(/version 9, newer/) });
  });
});

describe('adc convert', () => {
  it('writes the converted list, prints the report as JSON, and leaves the input alone', async () => {
    const dir = tmp();
    const input = path.join(dir, 'div.army.json');
    copyFileSync(fixture, input);
    const before = readFileSync(input, 'utf8');
    const out = path.join(dir, 'div30.army.json');
    const r = await adc('convert', input, '--to', '30', '-o', out, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ from: 60, to: 30, mode: 'double', warnings: expect.any(Array) });
    expect(report.units[0]).toEqual({ id: expect.any(String), name: expect.any(String), before: expect.any(Object), after: expect.any(Object), frontage: expect.any(Number) });
    expect(readFileSync(input, 'utf8')).toBe(before);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.scale.figureRatio).toBe(30);
    expect(written.app).toMatch(/^aide-de-camp \d+\.\d+\.\d+/);
    expect((await adc('validate', out)).code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('converts back to 1:60 with the original figures', async () => {
    const dir = tmp();
    const there = path.join(dir, '30.army.json');
    const back = path.join(dir, '60.army.json');
    expect((await adc('convert', fixture, '--to', '30', '-o', there)).code).toBe(0);
    expect((await adc('convert', there, '--to', '60', '-o', back)).code).toBe(0);
    const a = JSON.parse(readFileSync(fixture, 'utf8')).army.formations[0].units[0];
    const b = JSON.parse(readFileSync(back, 'utf8')).army.formations[0].units[0];
    expect(b.ratings['napoleons-eagles'].figures).toBe(a.ratings['napoleons-eagles'].figures);
  });

  it("counts the list as the app's report does, and says why a joined unit's men outnumber its figures", async () => {
    const out = path.join(tmp(), 'friant30.army.json');
    const r = await adc('convert', path.join(root, 'scenarios/fr-division-friant-1809.army.json'), '--to', '30', '--mode', 'combine', '-o', out);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Converted 1:60 → 1:30 (combine): 9 units become 6: 6 join in 3 pairs, 2 change their figures; 1 keeps its figures (a battery: guns never change, models 2 → 3).');
    expect(lines).toContain('  note l15-1: joined 660 + 660 = 1,320 men; at 1:30 its 22 figures stand for about 660: combining keeps the real headcount of both battalions');
  });

  it('overwrites the input only when -o names it', async () => {
    const dir = tmp();
    const input = path.join(dir, 'same.army.json');
    copyFileSync(fixture, input);
    expect((await adc('convert', input, '--to', '30', '-o', input, '--mode', 'combine')).code).toBe(0);
    expect(JSON.parse(readFileSync(input, 'utf8')).scale.figureRatio).toBe(30);
  });

  it('requires -o and a valid --to, with exit code 2', async () => {
    expect((await adc('convert', fixture, '--to', '30')).code).toBe(2);
    expect((await adc('convert', fixture, '--to', '45', '-o', '/tmp/x.json')).code).toBe(2);
    expect((await adc('convert', fixture, '--to', '30', '--mode', 'halve', '-o', '/tmp/x.json')).code).toBe(2);
  });

  it('exits 1 and writes nothing when conversion is impossible or the output cannot be written', async () => {
    const dir = tmp();
    const out = path.join(dir, 'out.json');
    const same = await adc('convert', fixture, '--to', '60', '-o', out);
    expect(same.code).toBe(1);
    expect(same.stderr).toMatch(/already at 1:60/);
    expect(existsSync(out)).toBe(false);
    if (process.getuid?.() !== 0) {
      const ro = path.join(dir, 'ro');
      (await import('node:fs')).mkdirSync(ro);
      chmodSync(ro, 0o500);
      const r = await adc('convert', fixture, '--to', '30', '-o', path.join(ro, 'x.json'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/Cannot write .*Nothing was written/);
    }
  });

  it('refuses to convert an invalid document', async () => {
    const dir = tmp();
    const file = path.join(dir, 'bad.army.json');
    const doc = JSON.parse(readFileSync(fixture, 'utf8'));
    doc.army.units[0].arm = 'navy';
    writeFileSync(file, JSON.stringify(doc));
    const r = await adc('convert', file, '--to', '30', '-o', path.join(dir, 'o.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has errors; fix them before converting/);
  });
});

describe('adc play, simulate and explain on a system no engine plays', () => {
  it('exit 1 with a message naming the systems that can be played, for each command', async () => {
    const etg = 'scenarios/etg-01-rain-on-the-plateau.scenario.json';
    for (const args of [['simulate', etg, '--games', '2', '--red', 'random', '--blue', 'random'], ['play', etg], ['explain', etg, '--fire', 'a', '--target', 'b']]) {
      const r = await adc(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain("the bundled engine plays Square Eagles, Hex Skirmish, Napoleon's Eagles only");
    }
  });

  it('simulate takes --red and --blue as play does', async () => {
    const r = await adc('simulate', 'scenarios/se-01-hold-the-bridge.scenario.json', '--games', '2', '--red', 'random', '--blue', 'random', '--json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { games: number }).games).toBe(2);
  });
});
