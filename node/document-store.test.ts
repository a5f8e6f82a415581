// The document store against real temporary folders, with faults injected where a real disk will not produce them.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backup, Failure } from '../domain/host-api.js';
import { TEMP_NAME, tempNameFor } from './atomic-file.js';
import { createDocumentStore, RECENT_LIMIT, topLevelStrings, type DocumentStoreOptions, type StoreFs } from './document-store.js';
import { MAX_DOCUMENT_BYTES } from './read-document.js';

const repoSamples = path.resolve(import.meta.dirname, '../scenarios');
const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const scenario = (title: string, extra = '') =>
  `{\n  "type": "aide-de-camp/scenario",\n  "schemaVersion": 1,\n  "title": ${JSON.stringify(title)}${extra}\n}\n`;
const army = (name: string) =>
  `{ "type": "aide-de-camp/army", "schemaVersion": 1, "army": { "id": "a", "name": "Inner formation" }, "name": ${JSON.stringify(name)} }`;

let root: string;
let workspace: string;
let samples: string;
let dataDir: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(tmpdir(), 'adc-store-'));
  workspace = path.join(root, 'workspace');
  samples = path.join(root, 'samples');
  dataDir = path.join(root, 'data');
  await fs.mkdir(workspace);
  await fs.mkdir(samples);
});

afterEach(async () => {
  await fs.chmod(workspace, 0o755).catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

function store(extra: Partial<DocumentStoreOptions> = {}) {
  return createDocumentStore({ mode: 'web', workspaceDir: workspace, samplesDir: samples, dataDir, ...extra });
}

const write = (rel: string, text: string) => fs.writeFile(path.join(workspace, rel), text);
const read = (rel: string) => fs.readFile(path.join(workspace, rel), 'utf8');
const tempFilesIn = async (dir: string) => (await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'));

function expectFailure(result: unknown, code: Failure['code']): Failure {
  expect(result).toMatchObject({ ok: false, code });
  const failure = result as Failure;
  expect(typeof failure.message).toBe('string');
  expect(failure.message.length).toBeGreaterThan(10);
  return failure;
}

function errno(code: string): NodeJS.ErrnoException {
  const err = new Error(`${code}: injected`) as NodeJS.ErrnoException;
  err.code = code;
  return err;
}

/** Real fs, except that files opened for writing get a handle whose writeFile fails. */
function failingWrites(code: string): Partial<StoreFs> {
  return {
    open: (async (file: string, flags?: string | number, mode?: number) => {
      const handle = await fs.open(file, flags, mode);
      if (flags === 'wx') {
        handle.writeFile = async () => {
          throw errno(code);
        };
      }
      return handle;
    }) as StoreFs['open'],
  };
}

describe('host API contract', () => {
  it('lists workspace documents one folder deep with titles, plus samples, tolerating broken files', async () => {
    await write('a.scenario.json', scenario('Hold the Bridge'));
    await write('b.army.json', army('9. Brigade'));
    await write('broken.scenario.json', '{ "title": "Half a file", "sides": [');
    await write('garbage.army.json', '\u0000\u0001 not json');
    await write('notes.json', '{}');
    await fs.mkdir(path.join(workspace, 'sub', 'deeper'), { recursive: true });
    await write('sub/c.scenario.json', scenario('In a subfolder'));
    await write('sub/deeper/d.scenario.json', scenario('Too deep'));
    await fs.copyFile(path.join(repoSamples, 'se-01-hold-the-bridge.scenario.json'), path.join(samples, 'se-01.scenario.json'));

    const library = await store().listLibrary();
    expect(library.workspaceDir).toBe(workspace);
    const byPath = Object.fromEntries(library.workspace.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual(['a.scenario.json', 'b.army.json', 'broken.scenario.json', 'garbage.army.json', 'sub/c.scenario.json']);
    expect(byPath['a.scenario.json']).toMatchObject({ name: 'a.scenario.json', kind: 'scenario', source: 'workspace', title: 'Hold the Bridge' });
    // The list's own name, not the nested formation's, even though the nested one comes first in the file.
    expect(byPath['b.army.json']).toMatchObject({ kind: 'army', title: '9. Brigade' });
    expect(byPath['broken.scenario.json']!.title).toBe('Half a file');
    expect(byPath['garbage.army.json']!.title).toBeUndefined();
    expect(typeof byPath['a.scenario.json']!.modified).toBe('number');
    expect(library.samples).toEqual([
      expect.objectContaining({ path: 'sample:se-01.scenario.json', source: 'sample', kind: 'scenario', title: 'Hold the Bridge at Moosdorf' }),
    ]);
    expect(library.recent).toEqual([]);
  });

  it('opens a document with its text and a sha256 version, and still returns the text of corrupt JSON', async () => {
    const text = scenario('Crossing under fire');
    await write('x.scenario.json', text);
    const opened = await store().openDocument('x.scenario.json');
    expect(opened).toEqual({
      ok: true,
      ref: expect.objectContaining({ path: 'x.scenario.json', name: 'x.scenario.json', kind: 'scenario', source: 'workspace', title: 'Crossing under fire' }),
      text,
      version: sha(text),
    });

    await write('bad.scenario.json', '{ "title": "Oops", ');
    const bad = await store().openDocument('bad.scenario.json');
    expect(bad).toMatchObject({ ok: true, text: '{ "title": "Oops", ' });
  });

  it('reports the current version, a new one after an outside edit, and null once deleted', async () => {
    await write('x.scenario.json', scenario('One'));
    const s = store();
    const opened = await s.openDocument('x.scenario.json');
    if (!opened.ok) throw new Error(opened.message);
    expect(await s.documentVersion('x.scenario.json')).toBe(opened.version);
    await write('x.scenario.json', scenario('Two'));
    expect(await s.documentVersion('x.scenario.json')).toBe(sha(scenario('Two')));
    await fs.unlink(path.join(workspace, 'x.scenario.json'));
    expect(await s.documentVersion('x.scenario.json')).toBeNull();
  });

  it('saves a new file, returns its version, and refuses to create over an existing one unasked', async () => {
    const s = store();
    const saved = await s.saveDocument({ path: 'new.scenario.json', text: scenario('Fresh'), baseVersion: null });
    expect(saved).toEqual({
      ok: true,
      ref: expect.objectContaining({ path: 'new.scenario.json', kind: 'scenario', source: 'workspace', title: 'Fresh' }),
      version: sha(scenario('Fresh')),
    });
    expect(await read('new.scenario.json')).toBe(scenario('Fresh'));
    expectFailure(await s.saveDocument({ path: 'new.scenario.json', text: scenario('Other'), baseVersion: null }), 'conflict');
    expect(await read('new.scenario.json')).toBe(scenario('Fresh'));
    expect(await tempFilesIn(workspace)).toEqual([]);
  });

  it('refuses malformed save requests', async () => {
    const s = store();
    expectFailure(await s.saveDocument({ path: 'x.scenario.json', text: 42 as unknown as string, baseVersion: null }), 'invalid-argument');
    expectFailure(await s.saveDocument(null as never), 'invalid-argument');
  });

  it('validates text: clean sample, broken JSON, and a non-document', async () => {
    const s = store();
    const sample = await fs.readFile(path.join(repoSamples, 'se-01-hold-the-bridge.scenario.json'), 'utf8');
    const clean = await s.validate(sample);
    expect(clean.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const broken = await s.validate('{ "type": ');
    expect(broken.problems).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('not valid JSON') })]);
    const foreign = await s.validate('{"type": "something-else"}');
    expect(foreign.problems[0]).toMatchObject({ severity: 'error', path: '/type' });
    // A document that loads but breaks the schema gets the validation problems, not load problems.
    const invalid = await s.validate(scenario('No sides'));
    expect(invalid.problems.some((p) => p.severity === 'error')).toBe(true);
  });
});

describe('conflicts', () => {
  it('refuses to save over a file changed on disk since it was opened, writing nothing, until told to overwrite', async () => {
    await write('x.scenario.json', scenario('Mine'));
    const s = store();
    const opened = await s.openDocument('x.scenario.json');
    if (!opened.ok) throw new Error(opened.message);
    await write('x.scenario.json', scenario('Changed elsewhere'));

    const refused = expectFailure(
      await s.saveDocument({ path: 'x.scenario.json', text: scenario('My edit'), baseVersion: opened.version }),
      'conflict',
    );
    expect(refused.message).toMatch(/changed on disk/);
    expect(await read('x.scenario.json')).toBe(scenario('Changed elsewhere'));
    expect(await tempFilesIn(workspace)).toEqual([]);

    const forced = await s.saveDocument({ path: 'x.scenario.json', text: scenario('My edit'), baseVersion: opened.version, overwrite: true });
    expect(forced).toMatchObject({ ok: true, version: sha(scenario('My edit')) });
    expect(await read('x.scenario.json')).toBe(scenario('My edit'));

    // The version returned by a save is the base for the next one.
    if (!forced.ok) throw new Error(forced.message);
    const again = await s.saveDocument({ path: 'x.scenario.json', text: scenario('Second edit'), baseVersion: forced.version });
    expect(again).toMatchObject({ ok: true });
  });

  it('lets only one of two racing saves from the same base win', async () => {
    await write('x.scenario.json', scenario('Base'));
    const s = store();
    const base = sha(scenario('Base'));
    const results = await Promise.all([
      s.saveDocument({ path: 'x.scenario.json', text: scenario('A'), baseVersion: base }),
      s.saveDocument({ path: 'x.scenario.json', text: scenario('B'), baseVersion: base }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === 'conflict')).toHaveLength(1);
  });
});

describe('atomic save under faults', () => {
  const original = scenario('Original');

  it('keeps the original and leaves no temp file when the rename fails', async () => {
    await write('x.scenario.json', original);
    const s = store({
      fsImpl: {
        rename: async () => {
          throw errno('EIO');
        },
      },
    });
    const failure = expectFailure(await s.saveDocument({ path: 'x.scenario.json', text: scenario('New'), baseVersion: sha(original) }), 'io');
    expect(failure.message).toMatch(/left unchanged/);
    expect(await read('x.scenario.json')).toBe(original);
    expect(await tempFilesIn(workspace)).toEqual([]);
  });

  it('reports a full disk and keeps the original', async () => {
    await write('x.scenario.json', original);
    const s = store({ fsImpl: failingWrites('ENOSPC') });
    const failure = expectFailure(await s.saveDocument({ path: 'x.scenario.json', text: scenario('New'), baseVersion: sha(original) }), 'disk-full');
    expect(failure.message).toMatch(/left unchanged/);
    expect(await read('x.scenario.json')).toBe(original);
    expect(await tempFilesIn(workspace)).toEqual([]);
  });

  it('reports a read-only folder and keeps the original', async () => {
    await write('x.scenario.json', original);
    await fs.chmod(workspace, 0o500);
    // Root ignores the mode bits, so the refusal a normal user would get is injected as well.
    const deny: Partial<StoreFs> = {
      open: (async (file: string, flags?: string | number, mode?: number) => {
        if (flags === 'wx') throw errno('EACCES');
        return fs.open(file, flags, mode);
      }) as StoreFs['open'],
    };
    let refusals = 0;
    for (const s of [store(), store({ fsImpl: deny })]) {
      // Rewriting an existing file needs no write permission on its folder, so this works after the chmod.
      await write('x.scenario.json', original);
      const result = await s.saveDocument({ path: 'x.scenario.json', text: scenario('New'), baseVersion: sha(original) });
      if (result.ok) {
        // Only root gets past the real chmod.
        expect(process.getuid?.()).toBe(0);
        continue;
      }
      const failure = expectFailure(result, 'read-only');
      expect(failure.message).toMatch(/left unchanged/);
      expect(await read('x.scenario.json')).toBe(original);
      refusals++;
    }
    expect(refusals).toBeGreaterThanOrEqual(1);
    expect(await tempFilesIn(workspace)).toEqual([]);
  });

  it('maps EROFS and EPERM to read-only and anything else to io', async () => {
    await write('x.scenario.json', original);
    for (const [code, expected] of [['EROFS', 'read-only'], ['EPERM', 'read-only'], ['EBUSY', 'io']] as const) {
      const s = store({ fsImpl: failingWrites(code) });
      expectFailure(await s.saveDocument({ path: 'x.scenario.json', text: 'x', baseVersion: sha(original) }), expected);
    }
    expect(await read('x.scenario.json')).toBe(original);
    expect(await tempFilesIn(workspace)).toEqual([]);
  });
});

describe('what the user set on a file survives a save', () => {
  const original = scenario('Original');
  const modeOf = async (rel: string) => (await fs.stat(path.join(workspace, rel))).mode & 0o7777;

  async function saveOver(rel: string, mode: number) {
    await write(rel, original);
    await fs.chmod(path.join(workspace, rel), mode);
    return store().saveDocument({ path: rel, text: scenario('Edited'), baseVersion: sha(original) });
  }

  it('keeps a private 0600 file private and a group-readable 0640 file group-readable', async () => {
    for (const mode of [0o600, 0o640]) {
      const rel = `m${mode.toString(8)}.scenario.json`;
      expect(await saveOver(rel, mode)).toMatchObject({ ok: true });
      expect(await read(rel)).toBe(scenario('Edited'));
      expect(await modeOf(rel)).toBe(mode);
    }
  });

  it.skipIf(process.getuid?.() !== 0)("keeps the file's owner and group", async () => {
    await write('theirs.scenario.json', original);
    await fs.chown(path.join(workspace, 'theirs.scenario.json'), 1234, 1234);
    expect(await store().saveDocument({ path: 'theirs.scenario.json', text: scenario('Edited'), baseVersion: sha(original) })).toMatchObject({ ok: true });
    const st = await fs.stat(path.join(workspace, 'theirs.scenario.json'));
    expect([st.uid, st.gid]).toEqual([1234, 1234]);
  });

  it('refuses to save over a read-only file, says so and points to Save As, and leaves it untouched', async () => {
    // Even with overwrite set: read-only is the user's choice about the file, not a conflict to be confirmed away.
    for (const overwrite of [false, true]) {
      await write('locked.scenario.json', original);
      await fs.chmod(path.join(workspace, 'locked.scenario.json'), 0o444);
      const before = await fs.stat(path.join(workspace, 'locked.scenario.json'));
      const result = await store().saveDocument({ path: 'locked.scenario.json', text: scenario('Edited'), baseVersion: sha(original), overwrite });
      const failure = expectFailure(result, 'read-only');
      expect(failure.message).toMatch(/"locked\.scenario\.json" is read-only/);
      expect(failure.message).toMatch(/Save As/);
      expect(failure.message).toMatch(/left unchanged/);
      expect(await read('locked.scenario.json')).toBe(original);
      const after = await fs.stat(path.join(workspace, 'locked.scenario.json'));
      expect([after.ino, after.mode & 0o7777, after.mtimeMs]).toEqual([before.ino, 0o444, before.mtimeMs]);
      expect(await tempFilesIn(workspace)).toEqual([]);
      await fs.chmod(path.join(workspace, 'locked.scenario.json'), 0o644);
    }
  });
});

describe('private state and leftovers on start', () => {
  const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o7777;

  it('writes backups and the recent list 0600 in 0700 folders', async () => {
    await write('a.scenario.json', scenario('A'));
    const s = store();
    await s.openDocument('a.scenario.json');
    await s.writeBackup({ key: 'k1', path: 'a.scenario.json', title: 'A', savedAt: 1, text: 'unsaved' });
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'backups'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'recent.json'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'backups', 'k1.json'))).toBe(0o600);
  });

  it('tightens a looser data folder, backups and recent list on start, and leaves everything else alone', async () => {
    const backups = path.join(dataDir, 'backups');
    await fs.mkdir(backups, { recursive: true });
    await fs.writeFile(path.join(dataDir, 'recent.json'), JSON.stringify({ version: 1, recent: [] }));
    await fs.writeFile(path.join(backups, 'k1.json'), '{}');
    await fs.writeFile(path.join(dataDir, 'window-state.json'), '{}');
    for (const p of [dataDir, backups]) await fs.chmod(p, 0o755);
    for (const p of [path.join(dataDir, 'recent.json'), path.join(backups, 'k1.json'), path.join(dataDir, 'window-state.json')]) await fs.chmod(p, 0o644);

    await store().listBackups();
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(backups)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'recent.json'))).toBe(0o600);
    expect(await modeOf(path.join(backups, 'k1.json'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'window-state.json'))).toBe(0o644);
  });

  it("removes a crashed save's old temporary files from the workspace, its subfolders, the data folder and backups, and nothing else", async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    await fs.mkdir(path.join(workspace, 'sub'));
    await fs.mkdir(path.join(dataDir, 'backups'), { recursive: true });
    const place = async (file: string, old: boolean) => {
      await fs.writeFile(file, 'partial');
      if (old) await fs.utimes(file, twoHoursAgo, twoHoursAgo);
      return file;
    };
    const stale = [
      await place(tempNameFor(path.join(workspace, 'a.scenario.json')), true),
      await place(tempNameFor(path.join(workspace, 'sub', 'b.army.json')), true),
      await place(tempNameFor(path.join(dataDir, 'recent.json')), true),
      await place(tempNameFor(path.join(dataDir, 'backups', 'k1.json')), true),
    ];
    const kept = [
      // Young: may be a save running right now in another window.
      await place(tempNameFor(path.join(workspace, 'c.scenario.json')), false),
      // Not ours, however old.
      await place(path.join(workspace, 'a.scenario.json.1809'), true),
      await place(path.join(workspace, '.notes.tmp'), true),
      await place(path.join(workspace, 'a.scenario.json'), true),
      await place(path.join(dataDir, 'backups', 'k1.json'), true),
      // Outside the folders this store writes to.
      await place(tempNameFor(path.join(root, 'elsewhere.json')), true),
      await place(tempNameFor(path.join(samples, 's.scenario.json')), true),
    ];
    const s = store();
    await s.listLibrary();
    for (const file of stale) await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    for (const file of kept) expect(await fs.readFile(file, 'utf8')).toBe('partial');
    expect((await fs.readdir(workspace)).filter((n) => TEMP_NAME.test(n))).toHaveLength(1);
  });
});

describe('read failures', () => {
  it('reports missing and too-large files', async () => {
    const s = store();
    expectFailure(await s.openDocument('nowhere.scenario.json'), 'missing');
    expectFailure(await s.openDocument('nodir/nowhere.scenario.json'), 'missing');
    // A sparse file: the size says too large without writing 32 MB.
    const big = path.join(workspace, 'big.scenario.json');
    await fs.writeFile(big, '{');
    await fs.truncate(big, MAX_DOCUMENT_BYTES + 1);
    expectFailure(await s.openDocument('big.scenario.json'), 'too-large');
    expectFailure(await s.saveDocument({ path: 'huge.scenario.json', text: 'x'.repeat(MAX_DOCUMENT_BYTES + 1), baseVersion: null }), 'too-large');
    await expect(fs.stat(path.join(workspace, 'huge.scenario.json'))).rejects.toThrow();
  });

  it('reports a folder named like a document as unreadable', async () => {
    await fs.mkdir(path.join(workspace, 'folder.scenario.json'));
    expectFailure(await store().openDocument('folder.scenario.json'), 'unreadable');
  });
});

describe('web-mode paths', () => {
  it('refuses paths that leave the workspace or are not documents', async () => {
    await fs.writeFile(path.join(root, 'x.scenario.json'), scenario('Outside'));
    await fs.mkdir(path.join(workspace, 'sub'));
    const s = store();
    const refused = [
      '../x.scenario.json',
      '/etc/passwd',
      'sub/../../x.json',
      '..\\x.scenario.json',
      'C:\\Windows\\x.json',
      'C:x.json',
      'x.scenario.json\u0000.txt',
      path.join(root, 'x.scenario.json'),
      'notes.txt',
      'sub',
    ];
    for (const p of refused) {
      expectFailure(await s.openDocument(p), 'forbidden');
      expectFailure(await s.saveDocument({ path: p, text: 'pwned', baseVersion: null, overwrite: true }), 'forbidden');
      expect(await s.documentVersion(p)).toBeNull();
    }
    expect(await fs.readFile(path.join(root, 'x.scenario.json'), 'utf8')).toBe(scenario('Outside'));
  });

  it('refuses symlinks that lead outside the workspace, for reading and writing', async () => {
    const outside = path.join(root, 'outside');
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'secret.json'), '{"secret": true}');
    await fs.symlink(path.join(outside, 'secret.json'), path.join(workspace, 'link.scenario.json'));
    await fs.symlink(outside, path.join(workspace, 'escape'));
    const s = store();
    expectFailure(await s.openDocument('link.scenario.json'), 'forbidden');
    expectFailure(await s.openDocument('escape/secret.json'), 'forbidden');
    expectFailure(await s.saveDocument({ path: 'escape/new.json', text: '{}', baseVersion: null }), 'forbidden');
    await expect(fs.stat(path.join(outside, 'new.json'))).rejects.toThrow();
    expect((await s.listLibrary()).workspace.map((r) => r.path)).not.toContain('link.scenario.json');
  });

  it('follows a symlink that stays inside the workspace and saves through it', async () => {
    await fs.mkdir(path.join(workspace, 'real'));
    await write('real/a.scenario.json', scenario('Real'));
    await fs.symlink(path.join(workspace, 'real', 'a.scenario.json'), path.join(workspace, 'alias.scenario.json'));
    const s = store();
    const opened = await s.openDocument('alias.scenario.json');
    if (!opened.ok) throw new Error(opened.message);
    expect(await s.saveDocument({ path: 'alias.scenario.json', text: scenario('Edited'), baseVersion: opened.version })).toMatchObject({ ok: true });
    expect(await read('real/a.scenario.json')).toBe(scenario('Edited'));
    expect((await fs.lstat(path.join(workspace, 'alias.scenario.json'))).isSymbolicLink()).toBe(true);
  });

  it('refuses everything but samples when there is no workspace', async () => {
    const s = store({ workspaceDir: null });
    expectFailure(await s.openDocument('x.scenario.json'), 'forbidden');
    expect((await s.listLibrary()).workspace).toEqual([]);
  });
});

describe('desktop-mode paths', () => {
  it('takes absolute paths and refuses relative ones', async () => {
    await write('x.scenario.json', scenario('Desk'));
    const s = store({ mode: 'desktop' });
    const abs = path.join(workspace, 'x.scenario.json');
    expect(await s.openDocument(abs)).toMatchObject({ ok: true, ref: { path: abs, source: 'workspace' } });
    expectFailure(await s.openDocument('x.scenario.json'), 'forbidden');
    const elsewhere = path.join(root, 'elsewhere.army.json');
    expect(await s.saveDocument({ path: elsewhere, text: army('Far'), baseVersion: null })).toMatchObject({
      ok: true,
      ref: { path: elsewhere, source: 'file', kind: 'army', title: 'Far' },
    });
    expect((await s.listLibrary()).workspace.map((r) => r.path)).toEqual([abs]);
  });
});

describe('samples', () => {
  it('opens samples read-only and sends saves to Save As', async () => {
    const text = scenario('Bundled');
    await fs.writeFile(path.join(samples, 's.scenario.json'), text);
    const s = store();
    expect(await s.openDocument('sample:s.scenario.json')).toMatchObject({ ok: true, text, ref: { source: 'sample', path: 'sample:s.scenario.json' } });
    const refused = expectFailure(await s.saveDocument({ path: 'sample:s.scenario.json', text: 'x', baseVersion: sha(text), overwrite: true }), 'read-only');
    expect(refused.message).toMatch(/Save As/);
    expect(await fs.readFile(path.join(samples, 's.scenario.json'), 'utf8')).toBe(text);
    expectFailure(await s.openDocument('sample:../workspace/x.scenario.json'), 'forbidden');
    expectFailure(await s.openDocument('sample:none.scenario.json'), 'missing');
  });
});

describe('backups', () => {
  const backup = (key: string, savedAt: number, text = scenario(key)): Backup => ({ key, path: `${key}.scenario.json`, title: key, savedAt, text });

  it('writes, lists newest first, skips corrupt ones, and discards', async () => {
    const s = store();
    await s.writeBackup(backup('older', 1000));
    await s.writeBackup(backup('newer', 2000));
    await s.writeBackup({ ...backup('unsaved', 1500), path: null });
    await fs.writeFile(path.join(dataDir, 'backups', 'corrupt.json'), '{ "key": "corrupt", ');
    await fs.writeFile(path.join(dataDir, 'backups', 'renamed.json'), JSON.stringify(backup('other', 3000)));
    expect((await s.listBackups()).map((b) => b.key)).toEqual(['newer', 'unsaved', 'older']);
    expect((await s.listBackups())[1]!.path).toBeNull();

    // Rewriting a key replaces its backup rather than adding one.
    await s.writeBackup(backup('older', 4000, 'latest text'));
    const listed = await s.listBackups();
    expect(listed.map((b) => b.key)).toEqual(['older', 'newer', 'unsaved']);
    expect(listed[0]!.text).toBe('latest text');

    await s.discardBackup('newer');
    await s.discardBackup('never-existed');
    expect((await s.listBackups()).map((b) => b.key)).toEqual(['older', 'unsaved']);
    expect(await tempFilesIn(path.join(dataDir, 'backups'))).toEqual([]);
  });

  it('refuses unsafe keys and oversized text without writing anything', async () => {
    const s = store();
    for (const key of ['../escape', 'a/b', '', 'x'.repeat(65), 'dot.dot', 'nul\u0000']) await s.writeBackup(backup(key, 1));
    await s.writeBackup(backup('big', 1, 'x'.repeat(MAX_DOCUMENT_BYTES + 1)));
    await s.writeBackup({ key: 'bad', path: 5, title: 't', savedAt: 1, text: '' } as unknown as Backup);
    await s.discardBackup('../recent');
    expect(await s.listBackups()).toEqual([]);
    expect(await fs.readdir(root)).toEqual(expect.not.arrayContaining(['escape.json']));
    const files = await fs.readdir(path.join(dataDir, 'backups')).catch(() => []);
    expect(files).toEqual([]);
  });

  it('survives a crash: a new store on the same data folder offers the identical text back', async () => {
    const text = scenario('Ünïcode “quotes” and\nnew lines — 1809', ',\n  "x": "\\u0000 \\"escaped\\""');
    await store().writeBackup({ key: 'win1-doc1', path: 'a.scenario.json', title: 'Crash test', savedAt: 1234, text });
    const recovered = await store().listBackups();
    expect(recovered).toEqual([{ key: 'win1-doc1', path: 'a.scenario.json', title: 'Crash test', savedAt: 1234, text }]);
  });
});

describe('recent documents', () => {
  it('keeps the most recent first, survives a restart, and drops deleted files', async () => {
    for (const n of ['a', 'b', 'c']) await write(`${n}.scenario.json`, scenario(n.toUpperCase()));
    await fs.writeFile(path.join(samples, 's.scenario.json'), scenario('Sample'));
    const s = store();
    await s.openDocument('a.scenario.json');
    await s.openDocument('b.scenario.json');
    await s.openDocument('sample:s.scenario.json');
    await s.saveDocument({ path: 'c.scenario.json', text: scenario('C2'), baseVersion: sha(scenario('C')) });
    await s.openDocument('a.scenario.json');
    await s.openDocument('missing.scenario.json');
    expect((await store().listLibrary()).recent.map((r) => r.path)).toEqual([
      'a.scenario.json',
      'c.scenario.json',
      'sample:s.scenario.json',
      'b.scenario.json',
    ]);
    expect((await store().listLibrary()).recent[1]).toMatchObject({ title: 'C2', source: 'workspace' });

    await fs.unlink(path.join(workspace, 'c.scenario.json'));
    expect((await store().listLibrary()).recent.map((r) => r.path)).toEqual(['a.scenario.json', 'sample:s.scenario.json', 'b.scenario.json']);
  });

  it(`shows at most ${RECENT_LIMIT}, and only this workspace's files in web mode`, async () => {
    const s = store();
    for (let i = 0; i < RECENT_LIMIT + 3; i++) {
      await write(`d${i}.scenario.json`, scenario(`D${i}`));
      await s.openDocument(`d${i}.scenario.json`);
    }
    const recent = (await s.listLibrary()).recent;
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]!.path).toBe(`d${RECENT_LIMIT + 2}.scenario.json`);

    const other = path.join(root, 'other');
    await fs.mkdir(other);
    expect((await store({ workspaceDir: other }).listLibrary()).recent).toEqual([]);
    const desktop = (await store({ mode: 'desktop' }).listLibrary()).recent;
    expect(desktop[0]!.path).toBe(path.join(workspace, `d${RECENT_LIMIT + 2}.scenario.json`));
  });

  it('treats a corrupt recent.json as empty and repairs it on the next open', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(path.join(dataDir, 'recent.json'), '[[[ not json');
    await write('a.scenario.json', scenario('A'));
    const s = store();
    expect((await s.listLibrary()).recent).toEqual([]);
    await s.openDocument('a.scenario.json');
    expect((await s.listLibrary()).recent.map((r) => r.path)).toEqual(['a.scenario.json']);
  });
});

describe('topLevelStrings', () => {
  it('reads only top-level keys, through escapes and nesting, and copes with truncation', () => {
    expect(topLevelStrings('{"a": {"title": "inner"}, "title": "outer \\"q\\" \\u00e9"}', ['title'])).toEqual({ title: 'outer "q" é' });
    expect(topLevelStrings('{"list": ["title", "x"], "title": "ok"', ['title'])).toEqual({ title: 'ok' });
    expect(topLevelStrings('\ufeff {"title": 5, "name": "n"}', ['title', 'name'])).toEqual({ name: 'n' });
    expect(topLevelStrings('{"title": "unterminated', ['title'])).toEqual({});
    expect(topLevelStrings('[{"title": "x"}]', ['title'])).toEqual({});
  });
});
