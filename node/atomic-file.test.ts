// The atomic write against real files: what the user set on a file survives a save, and leftovers are told apart.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadOnlyFileError, removeStaleTemps, TEMP_NAME, tempNameFor, writeFileAtomic, type AtomicFs } from './atomic-file.js';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'adc-atomic-'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o7777;
const leftovers = async () => (await fs.readdir(dir)).filter((n) => TEMP_NAME.test(n));
const isRoot = process.getuid?.() === 0;

async function existing(name: string, text: string, mode: number): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  // Set after creation, so the umask cannot trim it.
  await fs.chmod(file, mode);
  return file;
}

describe('writeFileAtomic keeps what the user set', () => {
  for (const mode of [0o600, 0o640, 0o755]) {
    it(`keeps mode ${mode.toString(8)} when saving over a file`, async () => {
      const file = await existing('doc.json', 'old', mode);
      await writeFileAtomic(file, 'new text');
      expect(await fs.readFile(file, 'utf8')).toBe('new text');
      expect(await modeOf(file)).toBe(mode);
      expect(await leftovers()).toEqual([]);
    });
  }

  it('forces a mode when told to, for new and existing files alike', async () => {
    const fresh = path.join(dir, 'fresh.json');
    await writeFileAtomic(fresh, 'x', { mode: 0o600 });
    expect(await modeOf(fresh)).toBe(0o600);
    const loose = await existing('loose.json', 'old', 0o644);
    await writeFileAtomic(loose, 'y', { mode: 0o600 });
    expect(await modeOf(loose)).toBe(0o600);
  });

  it.skipIf(!isRoot)('keeps the owner and group of a file that belongs to someone else', async () => {
    const file = await existing('theirs.json', 'old', 0o644);
    await fs.chown(file, 1234, 1234);
    await writeFileAtomic(file, 'new');
    const st = await fs.stat(file);
    expect([st.uid, st.gid]).toEqual([1234, 1234]);
    expect(st.mode & 0o7777).toBe(0o644);
    expect(await fs.readFile(file, 'utf8')).toBe('new');
  });

  it('refuses a read-only file, naming it, and writes nothing', async () => {
    const file = await existing('locked.json', 'keep me', 0o444);
    const before = await fs.stat(file);
    const err = await writeFileAtomic(file, 'overwrite').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ReadOnlyFileError);
    expect((err as ReadOnlyFileError).code).toBe('EACCES');
    expect((err as Error).message).toMatch(/"locked\.json" is read-only/);
    expect(await fs.readFile(file, 'utf8')).toBe('keep me');
    const after = await fs.stat(file);
    expect([after.ino, after.mode, after.mtimeMs]).toEqual([before.ino, before.mode, before.mtimeMs]);
    expect(await leftovers()).toEqual([]);
  });

  it('writes through a symlink to the file it names, leaving the link a link', async () => {
    const file = await existing('real.json', 'old', 0o640);
    const link = path.join(dir, 'link.json');
    await fs.symlink(file, link);
    await writeFileAtomic(link, 'through');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toBe('through');
    expect(await modeOf(file)).toBe(0o640);
  });

  it('replaces a hard-linked file by rename: the saved name gets the new text, other names keep the old', async () => {
    // The chosen trade-off (see atomic-file.ts): the saved path is never half-written, at the cost of the link.
    const file = await existing('linked.json', 'old', 0o640);
    const other = path.join(dir, 'other-name.json');
    await fs.link(file, other);
    await writeFileAtomic(file, 'new');
    expect(await fs.readFile(file, 'utf8')).toBe('new');
    expect(await fs.readFile(other, 'utf8')).toBe('old');
    expect((await fs.stat(file)).nlink).toBe(1);
    expect(await modeOf(file)).toBe(0o640);
  });

  it('never renames a short copy over the original when the disk fills mid-write', async () => {
    const file = await existing('doc.json', 'the original', 0o644);
    // A full disk can end a write short without an error; imitate it with a handle that writes half.
    const shortWrites: Partial<AtomicFs> = {
      open: (async (p: string, flags?: string | number, mode?: number) => {
        const handle = await fs.open(p, flags, mode);
        if (flags === 'wx') {
          const write = handle.writeFile.bind(handle);
          handle.writeFile = (data: Parameters<typeof handle.writeFile>[0]) => write((data as Buffer).subarray(0, 3));
        }
        return handle;
      }) as AtomicFs['open'],
    };
    await expect(writeFileAtomic(file, 'a much longer new version', { fsImpl: shortWrites })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await fs.readFile(file, 'utf8')).toBe('the original');
    expect(await leftovers()).toEqual([]);
  });

  it('names its temporary files so they are hidden and recognisable', () => {
    const name = path.basename(tempNameFor(path.join(dir, 'a.scenario.json')));
    expect(name.startsWith('.a.scenario.json.adc-save-')).toBe(true);
    expect(TEMP_NAME.test(name)).toBe(true);
  });
});

describe('removeStaleTemps', () => {
  it('removes only its own leftovers, and only old ones, in the folders given and not below them', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);
    const sub = path.join(dir, 'sub');
    await fs.mkdir(sub);
    const make = async (file: string, age: number) => {
      await fs.writeFile(file, 'x');
      await fs.utimes(file, hoursAgo(age), hoursAgo(age));
      return file;
    };
    const oldOurs = await make(tempNameFor(path.join(dir, 'a.scenario.json')), 2);
    const oldOursInSub = await make(tempNameFor(path.join(sub, 'b.army.json')), 2);
    const youngOurs = await make(tempNameFor(path.join(dir, 'c.scenario.json')), 0);
    const lookAlikes = [
      await make(path.join(dir, 'a.scenario.json.123456789'), 2),
      await make(path.join(dir, '.a.scenario.json.tmp'), 2),
      await make(path.join(dir, '.a.scenario.json.adc-save-12-nothex!.tmp'), 2),
      await make(path.join(dir, 'a.scenario.json.adc-save-12-0123abcd.tmp'), 2),
      await make(path.join(dir, 'a.scenario.json'), 2),
    ];
    // Named like ours but not a regular file: a folder, and a symlink whose target must survive.
    const folderLikeOurs = tempNameFor(path.join(dir, 'd.json'));
    await fs.mkdir(folderLikeOurs);
    const target = await make(path.join(dir, 'target.json'), 2);
    const linkLikeOurs = tempNameFor(path.join(dir, 'e.json'));
    await fs.symlink(target, linkLikeOurs);

    const removed = await removeStaleTemps([dir, path.join(dir, 'no-such-folder')]);
    expect(removed).toEqual([oldOurs]);
    for (const kept of [oldOursInSub, youngOurs, ...lookAlikes, folderLikeOurs, target, linkLikeOurs]) {
      await expect(fs.lstat(kept)).resolves.toBeDefined();
    }
    // With no age limit the young one goes too, and the sub folder is reached once it is named.
    expect((await removeStaleTemps([dir, sub], { olderThanMs: 0 })).sort()).toEqual([oldOursInSub, youngOurs].sort());
    expect((await fs.lstat(folderLikeOurs)).isDirectory()).toBe(true);
    expect((await fs.lstat(linkLikeOurs)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(target, 'utf8')).toBe('x');
  });
});
