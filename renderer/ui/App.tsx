// The application frame: document lifecycle (new, open, save, recover), live validation, undo, shortcuts.
import { Alert, AppBar, Box, Button, Divider, IconButton, Menu, MenuItem, Snackbar, Tab, Tabs, Toolbar, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { serializeDocument } from '../../domain/document.js';
import type { Backup, DocumentRef, HostApi, HostInfo, Library, MenuCommand } from '../../domain/host-api.js';
import { isScenario, type AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { testPlayProblem } from '../../domain/rule-systems/registry.js';
import { useValidation } from '../validation/use-validation.js';
import { ForcesView } from '../army/ForcesView.js';
import { MapEditor } from '../map/MapEditor.js';
import { PlayDialog } from '../play/PlayDialog.js';
import { PLAY_UNDO_EVENT } from '../play/play-view.js';
import { editorReducer, initialEditor, isDirty, selectedPointers, setField, type EditorState } from '../state/editor.js';
import { position } from '../state/history.js';
import { entityOf } from '../state/selection.js';
import { loadSettings, saveSettings, type Settings } from '../state/settings.js';
import { blankArmyList, blankScenario } from '../state/templates.js';
import { AboutDialog, ConfirmDialog, LibraryDialog, RecoveryDialog, SaveAsDialog, SettingsDialog, type Choice } from './dialogs.js';
import { Inspector } from './Inspector.js';
import { Outline } from './Outline.js';
import { PrintPreview } from './PrintPreview.js';
import { ProblemsPanel } from './ProblemsPanel.js';
import { Welcome } from './Welcome.js';

/** Unsaved work reaches the backup store at most this long after the edit (the promise is 2 s). */
const BACKUP_DELAY_MS = 1000;

const newKey = (): string => `doc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const titleOf = (doc: AdcDocument | null, ref: DocumentRef | null): string =>
  (doc && (isScenario(doc) ? doc.title : doc.name)) || ref?.name || 'Untitled';

interface Confirm {
  title: string;
  text: string;
  choices: Choice[];
  resolve(value: string | null): void;
}


/** Commands that would change or replace the document, held back while test play is open. */
const PLAY_BLOCKS: ReadonlySet<MenuCommand> = new Set<MenuCommand>(['new', 'open', 'undo', 'redo', 'print', 'test-play']);
export function App({ host }: { host: HostApi }) {
  const [editor, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(newKey()));
  const [info, setInfo] = useState<HostInfo | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [libraryMode, setLibraryMode] = useState<'open' | 'new' | null>(null);
  const [saveAs, setSaveAs] = useState<{ suggested: string; resolve(name: string | null): void } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [backups, setBackups] = useState<Backup[]>([]);
  const [message, setMessage] = useState<{ text: string; severity: 'success' | 'info' | 'error' } | null>(null);
  const [about, setAbout] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [playOpen, setPlayOpen] = useState(false);
  const playOpenRef = useRef(playOpen);
  playOpenRef.current = playOpen;
  // Test play belongs to a scenario: without one on show it is closed, never left blocking commands unseen.
  const playProblem = testPlayProblem(editor.doc);
  const playable = playProblem === null;
  useEffect(() => {
    if (playOpen && !playable) setPlayOpen(false);
  }, [playOpen, playable]);
  const [settings, setSettings] = useState<Settings>(() => loadSettings());
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [focusPointer, setFocusPointer] = useState<string | null>(null);
  /** A scenario's centre area shows the map or its forces; an army list always shows its forces. */
  const [centreTab, setCentreTab] = useState<'map' | 'forces'>('map');
  const [forcesFocus, setForcesFocus] = useState<{ pointer: string; seq: number } | null>(null);
  const [fitKey, setFitKey] = useState(0);
  /** A request to centre the map on what a problem is about. */
  const [mapFocus, setMapFocus] = useState<{ pointer: string; seq: number } | null>(null);

  // The latest state for callbacks that outlive a render (timers, window events).
  const latest = useRef<EditorState>(editor);
  latest.current = editor;
  const dirty = isDirty(editor);

  const { problems, checking } = useValidation(editor.doc, editor.loadProblems);

  const ask = useCallback(
    (title: string, text: string, choices: Choice[]) => new Promise<string | null>((resolve) => setConfirm({ title, text, choices, resolve })),
    [],
  );
  const fail = useCallback((text: string) => setMessage({ text, severity: 'error' }), []);
  const refreshLibrary = useCallback(() => host.listLibrary().then(setLibrary).catch((e: Error) => fail(e.message)), [host, fail]);

  /** Asks before anything replaces unsaved work; true when it is fine to go on. */
  const confirmDiscard = useCallback(async (): Promise<boolean> => {
    if (!isDirty(latest.current)) return true;
    const choice = await ask('Unsaved changes', `"${titleOf(latest.current.doc, latest.current.ref)}" has changes that are not saved.`, [
      { label: 'Cancel', value: 'cancel' },
      { label: 'Discard changes', value: 'discard' },
      { label: 'Save first', value: 'save', primary: true },
    ]);
    if (choice === 'discard') {
      await host.discardBackup(latest.current.key).catch(() => undefined);
      return true;
    }
    if (choice === 'save') return saveRef.current();
    return false;
  }, [ask, host]);

  const openPath = useCallback(
    async (path: string, skipConfirm = false) => {
      if (!skipConfirm && !(await confirmDiscard())) return;
      const r = await host.openDocument(path);
      if (!r.ok) {
        fail(r.message);
        return;
      }
      dispatch({ type: 'load', key: newKey(), text: r.text, ref: r.ref, version: r.version });
      setLibraryMode(null);
      setFitKey((k) => k + 1);
      void refreshLibrary();
    },
    [confirmDiscard, host, fail, refreshLibrary],
  );

  const newDocument = useCallback(
    async (kind: 'scenario' | 'army') => {
      if (!(await confirmDiscard())) return;
      const doc = kind === 'scenario' ? blankScenario() : blankArmyList();
      dispatch({ type: 'load', key: newKey(), text: serializeDocument(doc), ref: null, version: null });
      setLibraryMode(null);
      setFitKey((k) => k + 1);
    },
    [confirmDiscard],
  );

  /** Save As, for a save that cannot go where it was meant to; filled in once the flow below exists. */
  const saveAsRef = useRef<() => Promise<boolean>>(async () => false);
  const writeTo = useCallback(
    async (path: string, baseVersion: string | null): Promise<boolean> => {
      const state = latest.current;
      if (!state.doc) return false;
      const text = serializeDocument(state.doc, info ? `aide-de-camp ${info.version}` : undefined);
      let r = await host.saveDocument({ path, text, baseVersion });
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
        if (choice !== 'overwrite') return false;
        r = await host.saveDocument({ path, text, baseVersion, overwrite: true });
      }
      if (!r.ok && r.code === 'read-only') {
        // The file on disk was left alone; the work is still here, and the way on is a copy under another name.
        const choice = await ask('The file is read-only', r.message, [
          { label: 'Cancel', value: 'cancel' },
          { label: 'Save As…', value: 'save-as', primary: true },
        ]);
        return choice === 'save-as' ? saveAsRef.current() : false;
      }
      if (!r.ok) {
        fail(r.message);
        return false;
      }
      // Only mark saved if nothing changed while the save was in flight.
      if (position(latest.current.history) === position(state.history)) dispatch({ type: 'saved', ref: r.ref, version: r.version });
      await host.discardBackup(state.key).catch(() => undefined);
      setMessage({ text: `Saved ${r.ref.name}`, severity: 'success' });
      void refreshLibrary();
      return true;
    },
    [ask, fail, host, info, refreshLibrary],
  );

  /** Where to save under a new name: the native dialog on the desktop, our own dialog on the web. */
  const pickSavePath = useCallback(async (suggested: string): Promise<string | null> => {
    if (info?.nativeDialogs) return host.pickSavePath(suggested);
    const path = await new Promise<string | null>((resolve) => setSaveAs({ suggested, resolve }));
    setSaveAs(null);
    return path;
  }, [host, info]);

  const saveAsFlow = useCallback(async (): Promise<boolean> => {
    const state = latest.current;
    if (!state.doc) return false;
    const base = (state.ref?.name ?? `${state.doc.id}.${isScenario(state.doc) ? 'scenario' : 'army'}.json`).replace(/^.*[\\/]/, '');
    const path = await pickSavePath(base);
    if (!path) return false;
    return writeTo(path, null);
  }, [pickSavePath, writeTo]);

  saveAsRef.current = saveAsFlow;

  /** Saves a document made from the open one (a side as an army list) without touching the open one. */
  const saveCopy = useCallback(async (doc: AdcDocument, suggested: string): Promise<boolean> => {
    const path = await pickSavePath(suggested);
    if (!path) return false;
    const text = serializeDocument(doc, info ? `aide-de-camp ${info.version}` : undefined);
    const attempt = (overwrite: boolean) =>
      host.saveDocument({ path, text, baseVersion: null, ...(overwrite ? { overwrite } : {}) });
    let r = await attempt(false);
    if (!r.ok && r.code === 'conflict') {
      const choice = await ask('Replace the file?', `${path} already exists. Replace it?`, [
        { label: 'Cancel', value: 'cancel' },
        { label: 'Replace it', value: 'overwrite', primary: true },
      ]);
      if (choice !== 'overwrite') return false;
      r = await attempt(true);
    }
    if (!r.ok) {
      fail(r.message);
      return false;
    }
    setMessage({ text: `Saved ${r.ref.name}`, severity: 'success' });
    void refreshLibrary();
    return true;
  }, [ask, fail, host, info, pickSavePath, refreshLibrary]);

  const save = useCallback(async (): Promise<boolean> => {
    const state = latest.current;
    if (!state.doc) return false;
    if (!state.ref || state.ref.source === 'sample') return saveAsFlow();
    return writeTo(state.ref.path, state.version);
  }, [saveAsFlow, writeTo]);
  const saveRef = useRef(save);
  saveRef.current = save;

  const openFlow = useCallback(async () => {
    if (info?.nativeDialogs) {
      const path = await host.pickOpenPath();
      if (path) await openPath(path);
      return;
    }
    void refreshLibrary();
    setLibraryMode('open');
  }, [host, info, openPath, refreshLibrary]);

  const run = useCallback(
    (command: MenuCommand) => {
      // Test play covers the editor and only reads the document: nothing may change it underneath, and its undo
      // takes back a move in the game instead.
      if (playOpenRef.current && PLAY_BLOCKS.has(command)) {
        if (command === 'undo') window.dispatchEvent(new Event(PLAY_UNDO_EVENT));
        return;
      }
      switch (command) {
        case 'new':
          void refreshLibrary();
          setLibraryMode('new');
          break;
        case 'open':
          void openFlow();
          break;
        case 'save':
          void save();
          break;
        case 'save-as':
          void saveAsFlow();
          break;
        case 'undo':
          dispatch({ type: 'undo' });
          break;
        case 'redo':
          dispatch({ type: 'redo' });
          break;
        case 'validate':
          document.querySelector<HTMLElement>('[data-testid="problems"] [data-problem-path]')?.focus();
          break;
        case 'about':
          setAbout(true);
          break;
        case 'settings':
          setSettingsOpen(true);
          break;
        case 'print':
          if (latest.current.doc && isScenario(latest.current.doc)) setPrintOpen(true);
          else setMessage({ text: 'A setup sheet is printed from a scenario: open or create one first.', severity: 'info' });
          break;
        case 'test-play': {
          const problem = testPlayProblem(latest.current.doc);
          if (problem === null) setPlayOpen(true);
          else setMessage({ text: problem, severity: 'info' });
          break;
        }
      }
    },
    [openFlow, refreshLibrary, save, saveAsFlow],
  );

  // Start-up: who hosts us, a document named at launch, and unsaved work from a previous run.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const i = await host.info();
        if (cancelled) return;
        setInfo(i);
        void refreshLibrary();
        const found = await host.listBackups();
        if (cancelled) return;
        setBackups(found);
        if (i.initialDocument && found.length === 0) await openPath(i.initialDocument, true);
      } catch (e) {
        fail((e as Error).message);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host]);

  useEffect(() => host.onMenuCommand(run), [host, run]);

  // Keyboard shortcuts; on the desktop the application menu owns them.
  useEffect(() => {
    if (!info || info.shell === 'electron') return;
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      let cmd: MenuCommand | null = null;
      if (mod && key === 's') cmd = e.shiftKey ? 'save-as' : 'save';
      else if (mod && key === 'o') cmd = 'open';
      else if (mod && e.altKey && key === 'n') cmd = 'new';
      else if (mod && key === 'z') {
        // In test play a text field keeps its own undo; the game's undo is for the board.
        if (playOpenRef.current && (e.target as HTMLElement | null)?.closest?.('input, textarea, [contenteditable="true"]')) return;
        cmd = e.shiftKey ? 'redo' : 'undo';
      }
      else if (mod && key === 'y') cmd = 'redo';
      else if (mod && key === 'p') cmd = 'print';
      else if (e.key === 'F7') cmd = 'validate';
      else if (e.key === 'F5') cmd = 'test-play';
      if (cmd) {
        e.preventDefault();
        run(cmd);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [info, run]);

  // Unsaved work goes to the backup store shortly after each edit, so a crash loses at most a moment.
  const backupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!dirty || !editor.doc || backupTimer.current) return;
    backupTimer.current = setTimeout(() => {
      backupTimer.current = null;
      const s = latest.current;
      if (!s.doc || !isDirty(s)) return;
      void host
        .writeBackup({ key: s.key, path: s.ref?.path ?? null, title: titleOf(s.doc, s.ref), savedAt: Date.now(), text: serializeDocument(s.doc) })
        .catch(() => undefined);
    }, BACKUP_DELAY_MS);
  }, [dirty, editor.doc, host]);

  // Notice files changed outside the app when the window regains focus; never reload over unsaved edits silently.
  useEffect(() => {
    const onFocus = async () => {
      const s = latest.current;
      // Test play works on the document as it was opened; a change on disk is looked at once it closes.
      if (playOpenRef.current) return;
      if (!s.ref || s.ref.source === 'sample' || !s.version) return;
      const now = await host.documentVersion(s.ref.path).catch(() => s.version);
      if (now === s.version || now === null) return;
      if (!isDirty(s)) {
        await openPath(s.ref.path, true);
        setMessage({ text: `${s.ref.name} changed on disk and was reloaded.`, severity: 'info' });
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
  }, [ask, host, openPath]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (isDirty(latest.current)) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const title = titleOf(editor.doc, editor.ref);
  useEffect(() => {
    document.title = editor.doc || editor.text ? `${dirty ? '• ' : ''}${title} — Aide-de-Camp` : 'Aide-de-Camp';
  }, [title, dirty, editor.doc, editor.text]);

  const forcesShowing = editor.doc !== null && (!isScenario(editor.doc) || centreTab === 'forces');
  const pickProblem = (p: Problem) => {
    const entity = entityOf(p.path);
    // On the map a zone or an entry is its own thing, though the inspector shows its side.
    const onMap = /^\/sides\/\d+\/(?:deployment|reinforcements)\/\d+/.exec(p.path)?.[0];
    const pointer = onMap ?? (entity.pointer === '' ? null : entity.pointer);
    dispatch({ type: 'select', pointer });
    // Inside an order of battle the Forces view has a cell for the value; the inspector keeps the rest.
    if (forcesShowing && (entity.kind === 'unit' || entity.kind === 'formation' || entity.kind === 'leader')) {
      setFocusPointer(null);
      setForcesFocus((f) => ({ pointer: p.path, seq: (f?.seq ?? 0) + 1 }));
      return;
    }
    setFocusPointer(p.path);
    if (pointer !== null) setMapFocus((f) => ({ pointer: p.path, seq: (f?.seq ?? 0) + 1 }));
  };

  const onField = (pointer: string, value: unknown, label: string) => {
    if (!editor.doc) return;
    setFocusPointer(null);
    dispatch(setField(editor.doc, pointer, value, label));
  };

  const hasDoc = editor.doc !== null || editor.text !== null;
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography variant="h6" sx={{ fontSize: 16, mr: 2 }}>Aide-de-Camp</Typography>
          <Button color="inherit" onClick={() => run('new')} data-testid="cmd-new">New</Button>
          <Button color="inherit" onClick={() => run('open')} data-testid="cmd-open">Open</Button>
          <Tooltip title="Save (Ctrl+S)">
            <span>
              <Button color="inherit" onClick={() => run('save')} disabled={!editor.doc} data-testid="cmd-save">Save</Button>
            </span>
          </Tooltip>
          <Button color="inherit" onClick={() => run('save-as')} disabled={!editor.doc} data-testid="cmd-save-as">Save as</Button>
          <Button color="inherit" onClick={() => run('print')} disabled={!editor.doc || !isScenario(editor.doc)} data-testid="cmd-print">Print…</Button>
          <Tooltip title={editor.doc && isScenario(editor.doc) && playProblem ? playProblem : 'Play the scenario against the engine, or run a balance report (F5)'}>
            <span>
              <Button color="inherit" onClick={() => run('test-play')} disabled={!editor.doc || !isScenario(editor.doc)} data-testid="cmd-test-play">Test play</Button>
            </span>
          </Tooltip>
          <Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.3)', mx: 1 }} />
          <Tooltip title={editor.history.past.length ? `Undo ${editor.history.past[editor.history.past.length - 1]!.label} (Ctrl+Z)` : 'Nothing to undo'}>
            <span>
              <Button color="inherit" onClick={() => run('undo')} disabled={!editor.history.past.length} data-testid="cmd-undo">Undo</Button>
            </span>
          </Tooltip>
          <Tooltip title={editor.history.future.length ? `Redo ${editor.history.future[0]!.label} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
            <span>
              <Button color="inherit" onClick={() => run('redo')} disabled={!editor.history.future.length} data-testid="cmd-redo">Redo</Button>
            </span>
          </Tooltip>
          <Box sx={{ flex: 1, textAlign: 'center', overflow: 'hidden' }}>
            {hasDoc && (
              <Typography noWrap data-testid="doc-title" component="span" sx={{ fontWeight: 500 }}>
                {title}
                {editor.ref ? <Typography component="span" sx={{ opacity: 0.7, ml: 1, fontSize: 12 }}>{editor.ref.name}</Typography> : null}
                {dirty && <span data-testid="dirty-marker" title="Unsaved changes" style={{ marginLeft: 8 }}>●</span>}
              </Typography>
            )}
          </Box>
          <IconButton color="inherit" onClick={(e) => setMenuAnchor(e.currentTarget)} aria-label="More" data-testid="cmd-more">⋮</IconButton>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={() => { setMenuAnchor(null); setSettingsOpen(true); }}>Settings…</MenuItem>
            <MenuItem onClick={() => { setMenuAnchor(null); setAbout(true); }}>About Aide-de-Camp</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>

      {!hasDoc ? (
        <Welcome library={library} onNew={() => run('new')} onOpen={(r) => void openPath(r.path)} onOpenDialog={() => run('open')} />
      ) : (
        // The Forces view has its own tree, so the outline gives its width to the unit table there.
        <Box sx={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: `${forcesShowing ? '0px' : '260px'} 1fr 320px`, gridTemplateRows: '1fr 190px' }}>
          <Box sx={{ gridColumn: 1, gridRow: '1 / 3', borderRight: forcesShowing ? 0 : 1, borderColor: 'divider', minHeight: 0, overflow: 'hidden' }}>
            {editor.doc && !forcesShowing && <Outline doc={editor.doc} selected={editor.selected} selection={selectedPointers(editor)} onSelect={(p) => dispatch({ type: 'select', pointer: p === '' ? null : p })} />}
          </Box>
          <Box sx={{ gridColumn: 2, gridRow: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          {editor.doc && isScenario(editor.doc) && (
            <Tabs value={centreTab} onChange={(_e, v: 'map' | 'forces') => setCentreTab(v)} sx={{ minHeight: 32, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', '& .MuiTab-root': { minHeight: 32, py: 0 } }}>
              <Tab value="map" label="Map" data-testid="tab-map" />
              <Tab value="forces" label="Forces" data-testid="tab-forces" />
            </Tabs>
          )}
          <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, overflow: 'hidden', bgcolor: '#e8e4da', position: 'relative' }} data-testid="map-area">
            {editor.doc && isScenario(editor.doc) && (
              // Kept mounted under the Forces view, so the camera and tool survive a look at the orders of battle.
              <Box sx={{ position: 'absolute', inset: 0, visibility: forcesShowing ? 'hidden' : 'visible' }}>
                <MapEditor
                  scenario={editor.doc}
                  selection={selectedPointers(editor)}
                  dispatch={dispatch}
                  settings={settings}
                  onSettings={(s) => {
                    setSettings(s);
                    saveSettings(s);
                  }}
                  fitKey={fitKey}
                  focus={mapFocus}
                  active={!forcesShowing && !libraryMode && !saveAs && !confirm && !printOpen && !settingsOpen && !about && !playOpen}
                  onMessage={(text, severity = 'info') => setMessage({ text, severity })}
                />
              </Box>
            )}
            {editor.doc && forcesShowing && (
              <ForcesView
                doc={editor.doc}
                problems={problems}
                selected={editor.selected}
                onSelect={(p) => {
                  setFocusPointer(null);
                  dispatch({ type: 'select', pointer: p });
                }}
                onCommand={(c) => {
                  setFocusPointer(null);
                  dispatch(c);
                }}
                focusRequest={forcesFocus}
                onPickProblem={pickProblem}
                onMessage={(text, severity = 'info') => setMessage({ text, severity })}
                host={host}
                onSaveCopy={saveCopy}
              />
            )}
            {!editor.doc && (
              <Box sx={{ p: 2 }}>
                <Alert severity="error">This file could not be opened as a document. Its text is kept below, unchanged.</Alert>
                <Box component="pre" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', overflow: 'auto', maxHeight: '60vh' }}>{editor.text}</Box>
              </Box>
            )}
          </Box>
          </Box>
          <Box sx={{ gridColumn: 3, gridRow: '1 / 3', borderLeft: 1, borderColor: 'divider', minHeight: 0 }}>
            {editor.doc && <Inspector doc={editor.doc} selected={editor.selected} problems={problems} focusPointer={focusPointer} units={settings.units} onChange={onField} />}
          </Box>
          <Box sx={{ gridColumn: 2, gridRow: 2, borderTop: 1, borderColor: 'divider', minHeight: 0, bgcolor: 'background.paper' }}>
            <ProblemsPanel problems={problems} checking={checking} onPick={pickProblem} />
          </Box>
        </Box>
      )}

      {libraryMode && (
        <LibraryDialog
          open
          mode={libraryMode}
          library={library}
          onClose={() => setLibraryMode(null)}
          onOpen={(r) => void openPath(r.path)}
          onNewBlank={(k) => void newDocument(k)}
        />
      )}
      {saveAs && <SaveAsDialog open suggested={saveAs.suggested} onCancel={() => saveAs.resolve(null)} onSave={(n) => saveAs.resolve(n)} />}
      {confirm && (
        <ConfirmDialog
          open
          title={confirm.title}
          text={confirm.text}
          choices={confirm.choices}
          onChoose={(v) => {
            setConfirm(null);
            confirm.resolve(v);
          }}
        />
      )}
      <RecoveryDialog
        backups={backups}
        onClose={() => setBackups([])}
        onDiscard={(b) => {
          void host.discardBackup(b.key);
          setBackups((list) => list.filter((x) => x.key !== b.key));
        }}
        onRestore={async (b) => {
          setBackups([]);
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
          setFitKey((k) => k + 1);
          setMessage({ text: `Restored unsaved work on "${b.title}". Save it to keep it.`, severity: 'info' });
        }}
      />
      {editor.doc && isScenario(editor.doc) && (
        <PrintPreview
          open={printOpen}
          scenario={editor.doc}
          paper={settings.paper}
          appVersion={info?.version ?? ''}
          canSavePdf={info?.shell === 'electron'}
          onSavePdf={async (html, paper) => {
            const r = await host.print(html, paper, `${(editor.ref?.name ?? title).replace(/\.(scenario|army)\.json$/, '')}.pdf`);
            if (!r.ok) fail(r.message);
            else if (r.path) setMessage({ text: `Saved the sheet as ${r.path}`, severity: 'success' });
          }}
          onClose={() => setPrintOpen(false)}
        />
      )}
      {playOpen && editor.doc && isScenario(editor.doc) && (
        <PlayDialog open scenario={editor.doc} engine={host.engine} onClose={() => setPlayOpen(false)} />
      )}
      <AboutDialog open={about} version={info?.version ?? ''} shell={info?.shell ?? 'web'} onClose={() => setAbout(false)} />
      <SettingsDialog
        open={settingsOpen}
        settings={settings}
        onChange={(s) => {
          setSettings(s);
          saveSettings(s);
        }}
        onClose={() => setSettingsOpen(false)}
      />
      <Snackbar open={message !== null} autoHideDuration={message?.severity === 'error' ? null : 4000} onClose={() => setMessage(null)}>
        {message ? (
          <Alert severity={message.severity} onClose={() => setMessage(null)} data-testid="message" sx={{ maxWidth: 560 }}>
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
