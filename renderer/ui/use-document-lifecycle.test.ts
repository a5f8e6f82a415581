// The one save flow, for the open document and for a copy: what it asks, what it sends, and what it leaves alone.
import { describe, expect, it, vi } from 'vitest';
import type { Backup, Failure, SavedDocument, SaveRequest } from '../../domain/host-api.js';
import { blankArmyList, blankScenario } from '../state/templates.js';
import { saveAsking, saveAsName, startupPlan, type Ask } from './use-document-lifecycle.js';

const saved: SavedDocument = { ok: true, ref: { path: 'a.scenario.json', name: 'a.scenario.json', kind: 'scenario', source: 'workspace' }, version: 'v2' };
const conflict: Failure = { ok: false, code: 'conflict', message: 'changed' };
const readOnly: Failure = { ok: false, code: 'read-only', message: 'a.scenario.json is read-only; nothing was written.' };
const full: Failure = { ok: false, code: 'disk-full', message: 'The disk is full.' };

/** A host answering each save in turn, and a user answering each question in turn. */
function scripted(replies: (SavedDocument | Failure)[], answers: (string | null)[]) {
  const host = { saveDocument: vi.fn(async (_r: SaveRequest) => replies.shift()!) };
  const ask = vi.fn<Ask>(async () => answers.shift() ?? null);
  return { host, ask };
}

const edit: SaveRequest = { path: 'a.scenario.json', text: '{}', baseVersion: 'v1' };
const fresh: SaveRequest = { path: 'a.scenario.json', text: '{}', baseVersion: null };

describe('saveAsking', () => {
  it('saves without a question when nothing stands in the way', async () => {
    const { host, ask } = scripted([saved], []);
    expect(await saveAsking(host, ask, edit, true)).toBe(saved);
    expect(host.saveDocument).toHaveBeenCalledWith(edit);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks before replacing a file changed on disk, and saves over it only when told to', async () => {
    const yes = scripted([conflict, saved], ['overwrite']);
    expect(await saveAsking(yes.host, yes.ask, edit, true)).toBe(saved);
    expect(yes.ask).toHaveBeenCalledWith('The file changed on disk', expect.stringMatching(/changed by something else/), expect.any(Array));
    expect(yes.host.saveDocument.mock.calls.map(([r]) => r)).toEqual([edit, { ...edit, overwrite: true }]);

    const no = scripted([conflict], ['cancel']);
    expect(await saveAsking(no.host, no.ask, edit, true)).toBe('declined');
    expect(no.host.saveDocument).toHaveBeenCalledTimes(1);
  });

  it('asks the same way before replacing a file a new name already names, for a copy too', async () => {
    for (const offerElsewhere of [true, false]) {
      const { host, ask } = scripted([conflict, saved], ['overwrite']);
      expect(await saveAsking(host, ask, fresh, offerElsewhere)).toBe(saved);
      expect(ask).toHaveBeenCalledWith('Replace the file?', 'a.scenario.json already exists. Replace it with this document?', [
        { label: 'Cancel', value: 'cancel' },
        { label: 'Replace it', value: 'overwrite', primary: true },
      ]);
      expect(host.saveDocument).toHaveBeenLastCalledWith({ ...fresh, overwrite: true });
    }
  });

  it('offers another name for a read-only file where there is one, and otherwise returns the refusal', async () => {
    const elsewhere = scripted([readOnly], ['save-as']);
    expect(await saveAsking(elsewhere.host, elsewhere.ask, edit, true)).toBe('elsewhere');
    expect(elsewhere.ask).toHaveBeenCalledWith('The file is read-only', readOnly.message, expect.any(Array));
    const cancelled = scripted([readOnly], [null]);
    expect(await saveAsking(cancelled.host, cancelled.ask, edit, true)).toBe('declined');
    const copy = scripted([readOnly], []);
    expect(await saveAsking(copy.host, copy.ask, fresh, false)).toBe(readOnly);
    expect(copy.ask).not.toHaveBeenCalled();
  });

  it('returns any other failure, even after the user chose to replace the file', async () => {
    const { host, ask } = scripted([conflict, full], ['overwrite']);
    expect(await saveAsking(host, ask, edit, true)).toBe(full);
    const plain = scripted([full], []);
    expect(await saveAsking(plain.host, plain.ask, edit, true)).toBe(full);
  });
});

describe('startupPlan', () => {
  const backup: Backup = { key: 'doc-1', path: null, title: 'Flank march, unsaved', savedAt: 1_700_000_000_000, text: '{}' };

  it('opens a file named at launch even when unsaved work waits, and offers the work beside it', () => {
    expect(startupPlan('moosdorf.scenario.json', [backup])).toEqual({ open: 'moosdorf.scenario.json', offer: 'banner' });
  });

  it('offers the work in a dialog when no file was named, and nothing when there is none', () => {
    expect(startupPlan(null, [backup])).toEqual({ open: null, offer: 'dialog' });
    expect(startupPlan('moosdorf.scenario.json', [])).toEqual({ open: 'moosdorf.scenario.json', offer: null });
    expect(startupPlan(null, [])).toEqual({ open: null, offer: null });
  });
});

describe('the name Save As offers', () => {
  const doc = { ...blankScenario('hex-skirmish'), title: 'Hold the Bridge' };
  const army = { ...blankArmyList(), name: 'Armée du Rhin' };

  it('makes one from the title of a document that has no file yet', () => {
    expect(saveAsName(null, doc, false)).toBe('hold-the-bridge.scenario.json');
    expect(saveAsName(null, doc, true)).toBe('hold-the-bridge.scenario.json');
    expect(saveAsName(null, army, false)).toBe('armee-du-rhin.army.json');
  });

  it('offers the file a document already has: its whole path to a native dialog, its name to the web one', () => {
    const ref = { path: '/home/me/battles/moosdorf.scenario.json', name: 'moosdorf.scenario.json', kind: 'scenario' as const, source: 'file' as const };
    expect(saveAsName(ref, doc, true)).toBe('/home/me/battles/moosdorf.scenario.json');
    expect(saveAsName(ref, doc, false)).toBe('moosdorf.scenario.json');
  });

  it('offers a sample by its name only, since its copy cannot go beside it', () => {
    const ref = { path: 'sample:se-01-hold-the-bridge.scenario.json', name: 'se-01-hold-the-bridge.scenario.json', kind: 'scenario' as const, source: 'sample' as const };
    expect(saveAsName(ref, doc, true)).toBe('se-01-hold-the-bridge.scenario.json');
    expect(saveAsName(ref, doc, false)).toBe('se-01-hold-the-bridge.scenario.json');
  });
});
