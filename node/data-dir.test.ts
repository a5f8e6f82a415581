import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsDir, ensurePrivateDir, recentFile, resolveDataDir, tightenDataDir } from './data-dir.js';

describe('resolveDataDir', () => {
  it('prefers ADC_DATA_DIR on every platform', () => {
    expect(resolveDataDir({ env: { ADC_DATA_DIR: '/tmp/adc-test' }, platform: 'win32', home: '/home/u' })).toBe('/tmp/adc-test');
  });

  it('follows each platform convention for application state', () => {
    expect(resolveDataDir({ env: {}, platform: 'linux', home: '/home/u' })).toBe('/home/u/.local/state/aide-de-camp');
    expect(resolveDataDir({ env: { XDG_STATE_HOME: '/xdg/state' }, platform: 'linux', home: '/home/u' })).toBe('/xdg/state/aide-de-camp');
    // XDG: a relative value is invalid and ignored.
    expect(resolveDataDir({ env: { XDG_STATE_HOME: 'rel' }, platform: 'linux', home: '/home/u' })).toBe('/home/u/.local/state/aide-de-camp');
    expect(resolveDataDir({ env: {}, platform: 'darwin', home: '/Users/u' })).toBe('/Users/u/Library/Application Support/aide-de-camp');
    expect(resolveDataDir({ env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\aide-de-camp',
    );
  });

  it('names the backups folder and the recent list inside it', () => {
    expect(backupsDir('/d')).toBe('/d/backups');
    expect(recentFile('/d')).toBe('/d/recent.json');
  });
});

describe('private state folders', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await fs.rm(root, { recursive: true, force: true });
    root = undefined;
  });
  const modeOf = async (p: string) => (await fs.lstat(p)).mode & 0o7777;

  it('creates missing folders 0700 and tightens an existing looser one', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'adc-datadir-'));
    const deep = path.join(root, 'state', 'aide-de-camp');
    await ensurePrivateDir(deep);
    expect(await modeOf(deep)).toBe(0o700);
    await fs.chmod(deep, 0o775);
    await ensurePrivateDir(deep);
    expect(await modeOf(deep)).toBe(0o700);
  });

  it('only removes bits, touches only its own files, and does not follow symlinks', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'adc-datadir-'));
    const data = path.join(root, 'data');
    await fs.mkdir(backupsDir(data), { recursive: true });
    const outside = path.join(root, 'outside.json');
    await fs.writeFile(outside, '{}');
    await fs.chmod(outside, 0o644);
    await fs.symlink(outside, recentFile(data));
    await fs.writeFile(path.join(backupsDir(data), 'k.json'), '{}');
    await fs.writeFile(path.join(backupsDir(data), 'notes.txt'), 'x');
    await fs.chmod(data, 0o500);
    await fs.chmod(backupsDir(data), 0o777);
    await fs.chmod(path.join(backupsDir(data), 'k.json'), 0o666);
    await fs.chmod(path.join(backupsDir(data), 'notes.txt'), 0o666);

    await tightenDataDir(data);
    // Stricter than wanted stays stricter: a user who made it so meant it.
    expect(await modeOf(data)).toBe(0o500);
    expect(await modeOf(backupsDir(data))).toBe(0o700);
    expect(await modeOf(path.join(backupsDir(data), 'k.json'))).toBe(0o600);
    expect(await modeOf(path.join(backupsDir(data), 'notes.txt'))).toBe(0o666);
    expect((await fs.lstat(recentFile(data))).isSymbolicLink()).toBe(true);
    expect(await modeOf(outside)).toBe(0o644);
    await fs.chmod(data, 0o700);
  });

  it('does nothing, and does not fail, when the data folder does not exist yet', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'adc-datadir-'));
    await expect(tightenDataDir(path.join(root, 'absent'))).resolves.toBeUndefined();
    expect(await fs.readdir(root)).toEqual([]);
  });
});
