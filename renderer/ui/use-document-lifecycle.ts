// The open document's life with the host: start-up (who hosts us, a document named at launch, unsaved work from a
// previous run), new, open, save and save as, the one way every save asks before replacing a file, backups of unsaved
// work, recovery, and files changed on disk while the app was elsewhere. The frame (App.tsx) draws; this decides.
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { serializeDocument } from '../../domain/document.js';
import { suggestedFileName } from '../../domain/file-names.js';
import type { Backup, DocumentRef, Failure, HostApi, HostInfo, Library, SavedDocument, SaveRequest } from '../../domain/host-api.js';
import { isScenario, type AdcDocument, type RuleSystem } from '../../domain/model.js';
import { editorReducer, initialEditor, isDirty, type EditorAction, type EditorState } from '../state/editor.js';
import { position } from '../state/history.js';
import { blankArmyList, blankScenario } from '../state/templates.js';
import type { Choice } from './dialogs.js';
import type { Modals } from './modals.js';
import { serialQueue } from './serial-queue.js';
import { startupRequests } from './startup-requests.js';
import { useLatest } from './use-latest.js';

/** Unsaved work reaches the backup store at most this long after the edit (the promise is 2 s). */
const BACKUP_DELAY_MS = 1000;

const newKey = (): string => `doc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const titleOf = (doc: AdcDocument | null, ref: DocumentRef | null): string =>
  (doc && (isScenario(doc) ? doc.title : doc.name)) || ref?.name || 'Untitled';

export type Notify = (text: string, severity: 'success' | 'info' | 'error') => void;
/** A question for the user; resolves with the value of the choice taken, or null when dismissed. */
export type Ask = (title: string, text: string, choices: Choice[]) => Promise<string | null>;

/** What became of a save: saved, refused (for the caller to show), declined by the user, or to be made elsewhere. */
export type SaveOutcome = SavedDocument | Failure | 'declined' | 'elsewhere';

/**
 * The one save flow, for the open document and for a copy alike. A conflict (the file changed on disk since it was
 * read, or a new name that already exists) asks before replacing it and, if told to, saves again over it; a read-only
 * file, when `offerElsewhere`, asks whether to save under another name instead. The file on disk is left alone by
 * every answer but "Replace it".
 */
/**
 * What Save As offers: a document with a file offers that file (on the desktop its whole path, so the dialog opens in
 * its folder; a sample's name only, since a copy cannot go beside it); one without, a name made from its title.
 */
export function saveAsName(ref: DocumentRef | null, doc: AdcDocument, nativeDialogs: boolean): string {
  if (!ref) return suggestedFileName(doc);
  if (nativeDialogs && ref.source !== 'sample') return ref.path;
  return ref.name.replace(/^.*[\\/]/, '');
}

export async function saveAsking(host: Pick<HostApi, 'saveDocument'>, ask: Ask, target: SaveRequest, offerElsewhere: boolean): Promise<SaveOutcome> {
  const { path, baseVersion } = target;
  let r = await host.saveDocument(target);
  if (!r.ok && r.code === 'conflict') {
    const choice = await ask(
      baseVersion === null ? 'Replace the file?' : 'The file changed on disk',
      baseVersion === null
        ? `${path} already exists. Replace it with this document?`
        : `${path} was changed by something else since you opened it. Saving now replaces those changes with yours.`,
      [
        { label: 'Cancel', value: 'cancel' },
        { label: 'Replace it', value: 'overwrite', primary: true },
      ],
    );
    if (choice !== 'overwrite') return 'declined';
    r = await host.saveDocument({ ...target, overwrite: true });
  }
  if (!r.ok && r.code === 'read-only' && offerElsewhere) {
    // The file on disk was left alone; the work is still here, and the way on is a copy under another name.
    const choice = await ask('The file is read-only', r.message, [
      { label: 'Cancel', value: 'cancel' },
      { label: 'Save As…', value: 'save-as', primary: true },
    ]);
    return choice === 'save-as' ? 'elsewhere' : 'declined';
  }
  return r;
}

/**
 * What start-up does with a document named at launch and unsaved work from an earlier run. The file asked for always
 * opens; work waiting to be recovered is then offered beside it in a banner, since a dialog in front would hide the
 * file the user just asked for. With no file to open, the work is offered in a dialog, as the first thing to decide.
 * Either way the work stays in the backup store until the user recovers or discards it.
 */
export function startupPlan(initialDocument: string | null, backups: readonly Backup[]): { open: string | null; offer: 'dialog' | 'banner' | null } {
  if (backups.length === 0) return { open: initialDocument, offer: null };
  return initialDocument ? { open: initialDocument, offer: 'banner' } : { open: null, offer: 'dialog' };
}

export interface DocumentLifecycle {
  editor: EditorState;
  dispatch: Dispatch<EditorAction>;
  /**
   * True until start-up has opened the document named at launch or found none to open: the frame shows no welcome
   * page meanwhile, which would only flash before the editor.
   */
  starting: boolean;
  info: HostInfo | null;
  library: Library | null;
  /** Unsaved work from an earlier run, offered back until restored, discarded or dismissed. */
  backups: Backup[];
  /** How that work is offered: a dialog at start-up, or a banner beside a document named at launch. */
  backupsOffer: 'dialog' | 'banner';
  /** Counts documents loaded, so the map fits each new one once. */
  loads: number;
  refreshLibrary: () => Promise<void>;
  /** Asks to keep unsaved work first, unless told not to; true when the document opened. */
  openPath: (path: string, skipConfirm?: boolean) => Promise<boolean>;
  /** The native open dialog on the desktop, the library on the web. */
  chooseToOpen: () => Promise<void>;
  chooseNew: () => void;
  /** A blank document laid out by the rule system's defaults. */
  newDocument: (kind: 'scenario' | 'army', system?: RuleSystem) => Promise<void>;
  save: () => Promise<boolean>;
  saveAs: () => Promise<boolean>;
  /** Saves a document made from the open one (a side as an army list) without touching the open one. */
  saveCopy: (doc: AdcDocument, suggested: string) => Promise<boolean>;
  restoreBackup: (backup: Backup) => Promise<void>;
  discardBackup: (backup: Backup) => void;
  dismissBackups: () => void;
}

/** What a rejected host call says; a rejection need not be an Error. */
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function useDocumentLifecycle(host: HostApi, modals: Pick<Modals, 'show' | 'close' | 'find'>, notify: Notify): DocumentLifecycle {
  const { show, close, find } = modals;
  const [editor, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(newKey()));
  const [info, setInfo] = useState<HostInfo | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [backups, setBackups] = useState<Backup[]>([]);
  const [backupsOffer, setBackupsOffer] = useState<'dialog' | 'banner'>('dialog');
  const [loads, setLoads] = useState(0);
  /** True until start-up has opened the launch document, or found there is none to open. */
  const [starting, setStarting] = useState(true);

  // The latest state for callbacks that outlive a render (timers, window events).
  const latest = useRef<EditorState>(editor);
  useLatest(latest, editor);
  const dirty = isDirty(editor);

  // Backups are written and discarded one after another, in the order asked: a backup written just before a save
  // could otherwise reach the store after the save's discard, and offer already-saved work for recovery next time.
  const [inBackupOrder] = useState(serialQueue);

  const fail = useCallback((text: string) => notify(text, 'error'), [notify]);
  const ask = useCallback<Ask>(
    (title, text, choices) => new Promise<string | null>((resolve) => show({ kind: 'confirm', title, text, choices, resolve })),
    [show],
  );
  const refreshLibrary = useCallback(() => host.listLibrary().then(setLibrary).catch((e: unknown) => fail(messageOf(e))), [host, fail]);

  /** Save, for a question asked before the save flow below exists; filled in once it does. */
  const saveRef = useRef<() => Promise<boolean>>(async () => false);
  const saveAsRef = useRef<() => Promise<boolean>>(async () => false);

  /** Asks before anything replaces unsaved work; true when it is fine to go on. */
  const confirmDiscard = useCallback(async (): Promise<boolean> => {
    if (!isDirty(latest.current)) return true;
    const choice = await ask('Unsaved changes', `"${titleOf(latest.current.doc, latest.current.ref)}" has changes that are not saved.`, [
      { label: 'Cancel', value: 'cancel' },
      { label: 'Discard changes', value: 'discard' },
      { label: 'Save first', value: 'save', primary: true },
    ]);
    if (choice === 'discard') {
      const key = latest.current.key;
      await inBackupOrder(() => host.discardBackup(key));
      return true;
    }
    if (choice === 'save') return saveRef.current();
    return false;
  }, [ask, host, inBackupOrder]);

  const openPath = useCallback(
    async (path: string, skipConfirm = false, fetched?: ReturnType<typeof host.openDocument>, refresh = true): Promise<boolean> => {
      if (!skipConfirm && !(await confirmDiscard())) return false;
      const r = await (fetched ?? host.openDocument(path));
      if (!r.ok) {
        fail(r.message);
        return false;
      }
      dispatch({ type: 'load', key: newKey(), text: r.text, ref: r.ref, version: r.version });
      close('library');
      setLoads((n) => n + 1);
      if (refresh) void refreshLibrary();
      return true;
    },
    [close, confirmDiscard, host, fail, refreshLibrary],
  );

  const newDocument = useCallback(
    async (kind: 'scenario' | 'army', system?: RuleSystem) => {
      if (!(await confirmDiscard())) return;
      const doc = kind === 'scenario' ? blankScenario(system) : blankArmyList(system);
      dispatch({ type: 'load', key: newKey(), text: serializeDocument(doc), ref: null, version: null });
      close('library');
      setLoads((n) => n + 1);
    },
    [close, confirmDiscard],
  );

  const generator = info ? `aide-de-camp ${info.version}` : undefined;

  /**
   * Every save goes through `saveAsking`; a read-only file goes `elsewhere` (Save As) where there is one, any other
   * failure is shown, and after a save `saved` runs, then the user is told and the library refreshed. True when saved.
   */
  const write = useCallback(
    async (target: SaveRequest, saved: (r: SavedDocument) => Promise<void> | void, elsewhere: (() => Promise<boolean>) | null): Promise<boolean> => {
      const r = await saveAsking(host, ask, target, elsewhere !== null);
      if (r === 'declined') return false;
      if (r === 'elsewhere') return elsewhere ? elsewhere() : false;
      if (!r.ok) {
        fail(r.message);
        return false;
      }
      await saved(r);
      notify(`Saved ${r.ref.name}`, 'success');
      void refreshLibrary();
      return true;
    },
    [ask, fail, host, notify, refreshLibrary],
  );

  /** The open document to a path; it is marked saved only if nothing changed while the save was in flight. */
  const writeTo = useCallback(
    async (path: string, baseVersion: string | null): Promise<boolean> => {
      const state = latest.current;
      if (!state.doc) return false;
      const text = serializeDocument(state.doc, generator);
      return write(
        { path, text, baseVersion },
        async (r) => {
          if (position(latest.current.history) === position(state.history)) dispatch({ type: 'saved', ref: r.ref, version: r.version });
          await inBackupOrder(() => host.discardBackup(state.key));
        },
        () => saveAsRef.current(),
      );
    },
    [generator, host, inBackupOrder, write],
  );

  /** Where to save under a new name: the native dialog on the desktop, our own dialog on the web. */
  const pickSavePath = useCallback(
    async (suggested: string): Promise<string | null> => {
      if (info?.nativeDialogs) return host.pickSavePath(suggested);
      const path = await new Promise<string | null>((resolve) => show({ kind: 'save-as', suggested, resolve }));
      close('save-as');
      return path;
    },
    [close, host, info, show],
  );

  const saveAs = useCallback(async (): Promise<boolean> => {
    const state = latest.current;
    if (!state.doc) return false;
    const path = await pickSavePath(saveAsName(state.ref, state.doc, !!info?.nativeDialogs));
    if (!path) return false;
    return writeTo(path, null);
  }, [info, pickSavePath, writeTo]);
  useLatest(saveAsRef, saveAs);

  const saveCopy = useCallback(
    async (doc: AdcDocument, suggested: string): Promise<boolean> => {
      const path = await pickSavePath(suggested);
      if (!path) return false;
      return write({ path, text: serializeDocument(doc, generator), baseVersion: null }, () => undefined, null);
    },
    [generator, pickSavePath, write],
  );

  const save = useCallback(async (): Promise<boolean> => {
    const state = latest.current;
    if (!state.doc) return false;
    if (!state.ref || state.ref.source === 'sample') return saveAs();
    return writeTo(state.ref.path, state.version);
  }, [saveAs, writeTo]);
  useLatest(saveRef, save);

  const chooseToOpen = useCallback(async () => {
    if (info?.nativeDialogs) {
      const path = await host.pickOpenPath();
      if (path) await openPath(path);
      return;
    }
    void refreshLibrary();
    show({ kind: 'library', mode: 'open' });
  }, [host, info, openPath, refreshLibrary, show]);

  const chooseNew = useCallback(() => {
    void refreshLibrary();
    show({ kind: 'library', mode: 'new' });
  }, [refreshLibrary, show]);

  // Start-up: who hosts us, a document named at launch, and unsaved work from a previous run.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        // The document named at launch is opened whatever backups there are (startupPlan), so it is fetched as soon
        // as its name is known (startup-requests.ts), beside the list of backups rather than after it.
        const { info: i, fetched, backups: asked } = await startupRequests(host);
        if (cancelled) return;
        setInfo(i);
        // The library is for the welcome page and the New and Open dialogs. With a document named at launch it waits
        // until the page is idle (and the document's opening does not ask for it either): asked now, the server lists
        // it beside the document's own request, and its answer renders the whole editor again before the map is up
        // (tests/bench/NOTES.md, "Start-up").
        if (i.initialDocument) whenIdle(() => void refreshLibrary());
        else void refreshLibrary();
        const found = await asked;
        if (cancelled) return;
        const plan = startupPlan(i.initialDocument, found);
        if (plan.offer) setBackupsOffer(plan.offer);
        setBackups(found);
        // A file that cannot be opened leaves nothing beside the banner: the work is offered in the dialog instead.
        const launched = plan.open === i.initialDocument;
        if (plan.open && !(await openPath(plan.open, true, launched ? fetched : undefined, !launched)) && plan.offer === 'banner' && !cancelled) setBackupsOffer('dialog');
      } catch (e) {
        fail(messageOf(e));
      } finally {
        if (!cancelled) setStarting(false);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host]);

  // Unsaved work goes to the backup store shortly after each edit, so a crash loses at most a moment.
  const backupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!dirty || !editor.doc || backupTimer.current) return;
    backupTimer.current = setTimeout(() => {
      backupTimer.current = null;
      const s = latest.current;
      if (!s.doc || !isDirty(s)) return;
      const backup = { key: s.key, path: s.ref?.path ?? null, title: titleOf(s.doc, s.ref), savedAt: Date.now(), text: serializeDocument(s.doc) };
      void inBackupOrder(() => host.writeBackup(backup));
    }, BACKUP_DELAY_MS);
  }, [dirty, editor.doc, host, inBackupOrder]);

  // Notice files changed outside the app when the window regains focus; never reload over unsaved edits silently.
  useEffect(() => {
    const onFocus = async () => {
      const s = latest.current;
      // Test play works on the document as it was opened; a change on disk is looked at once it closes.
      if (find('play')) return;
      if (!s.ref || s.ref.source === 'sample' || !s.version) return;
      const now = await host.documentVersion(s.ref.path).catch(() => s.version);
      if (now === s.version || now === null) return;
      if (!isDirty(s)) {
        await openPath(s.ref.path, true);
        notify(`${s.ref.name} changed on disk and was reloaded.`, 'info');
        return;
      }
      const choice = await ask('The file changed on disk', `${s.ref.name} was changed outside Aide-de-Camp, and you have unsaved edits here.`, [
        { label: 'Keep my edits', value: 'keep', primary: true },
        { label: 'Reload from disk', value: 'reload' },
      ]);
      if (choice === 'reload') await openPath(s.ref.path, true);
    };
    const handler = () => void onFocus();
    window.addEventListener('focus', handler);
    return () => window.removeEventListener('focus', handler);
  }, [ask, find, host, notify, openPath]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (isDirty(latest.current)) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const restoreBackup = useCallback(
    async (b: Backup) => {
      // Recovering replaces the open document: its own unsaved edits are asked about first, as for any open.
      if (!(await confirmDiscard())) return;
      // From the dialog the rest wait for the next start; beside a document, the banner goes on offering them.
      setBackups((list) => (backupsOffer === 'banner' ? list.filter((x) => x.key !== b.key) : []));
      let ref: DocumentRef | null = null;
      let version: string | null = null;
      if (b.path) {
        const r = await host.openDocument(b.path);
        if (r.ok) {
          ref = r.ref;
          version = r.version;
        }
      }
      dispatch({ type: 'load', key: b.key, text: b.text, ref, version, dirty: true });
      setLoads((n) => n + 1);
      notify(`Restored unsaved work on "${b.title}". Save it to keep it.`, 'info');
    },
    [backupsOffer, confirmDiscard, host, notify],
  );

  const discardBackup = useCallback(
    (b: Backup) => {
      void inBackupOrder(() => host.discardBackup(b.key));
      setBackups((list) => list.filter((x) => x.key !== b.key));
    },
    [host, inBackupOrder],
  );

  const dismissBackups = useCallback(() => setBackups([]), []);

  return {
    editor,
    dispatch,
    starting,
    info,
    library,
    backups,
    backupsOffer,
    loads,
    refreshLibrary,
    openPath,
    chooseToOpen,
    chooseNew,
    newDocument,
    save,
    saveAs,
    saveCopy,
    restoreBackup,
    discardBackup,
    dismissBackups,
  };
}

/** Runs `f` once the page has nothing else to do, or after two seconds at the latest. */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 2000 });
  else setTimeout(f, 500);
}
