// The application frame: the toolbar, the panes around the document, shortcuts and menu commands, and the dialogs.
// The document's life with the host (open, save, conflicts, backups, recovery) is use-document-lifecycle.ts.
import { Alert, Box, Snackbar, Tab, Tabs } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { APP_COMMANDS } from '../../domain/app-commands.js';
import { MENU_COMMANDS, type HostApi, type MenuCommand } from '../../domain/host-api.js';
import { isScenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { testPlayProblem } from '../../domain/rule-systems/registry.js';
import { useValidation, WithValidation } from '../validation/use-validation.js';
import { MapEditor } from '../map/MapEditor.js';
import { PLAY_UNDO_EVENT } from '../play/play-view.js';
import { isDirty, selectedPointers, type EditorAction } from '../state/editor.js';
import { entityOf } from '../state/selection.js';
import { loadSettings, saveSettings, type PanelId, type PanelState, type Settings } from '../state/settings.js';
import { commandTooltip, currentPlatform, isTextField, keyHint, useCommandKeys, type Shell } from './actions.js';
import { AppToolbar } from './AppToolbar.js';
import { AboutDialog, ConfirmDialog, LibraryDialog, RecoveryDialog, RuleSystemDialog, SaveAsDialog, SettingsDialog } from './dialogs.js';
import { fieldTarget } from './field-labels.js';
import { Inspector } from './Inspector.js';
import { FoldButton, PanelSeparator, SidePanel } from './PanelSeparator.js';
import { modalOf, useModals } from './modals.js';
import { Outline } from './Outline.js';
import { ProblemsPanel } from './ProblemsPanel.js';
import { RecoveryBanner } from './RecoveryBanner.js';
import { ruleSystemSwitch } from './rule-system-switch.js';
import { pdfName, savePdf } from './save-pdf.js';
import { ShortcutSheet } from './ShortcutSheet.js';
import { titleOf, useDocumentLifecycle } from './use-document-lifecycle.js';
import { useMessage } from './use-message.js';
import { useLatest } from './use-latest.js';
import { usePanel } from './use-panel-layout.js';
import { Welcome } from './Welcome.js';

// What the first view of a scenario does not show is loaded when first shown, so the page that opens is smaller
// and starts sooner (tests/bench/NOTES.md, "Start-up").
const ForcesView = lazy(() => import('../army/ForcesView.js').then((m) => ({ default: m.ForcesView })));
const PlayDialog = lazy(() => import('../play/PlayDialog.js').then((m) => ({ default: m.PlayDialog })));
const PrintPreview = lazy(() => import('./PrintPreview.js').then((m) => ({ default: m.PrintPreview })));

/** The problems panel's title bar, all that shows of it when folded. */
const PROBLEMS_BAR_PX = 30;
/** The problems panel's fold button sits in its title bar (one object, so the memoised button can keep it). */
const PROBLEMS_FOLD_SX = { position: 'absolute', top: 3, right: 8 } as const;
/** Commands that would change or replace the document, held back while test play is open. */
const PLAY_BLOCKS: ReadonlySet<MenuCommand> = new Set<MenuCommand>(['new', 'open', 'undo', 'redo', 'print', 'test-play']);
/** The platform writes shortcuts its own way (⌘ on a Mac); it does not change while the page runs. */
const PLATFORM = currentPlatform();
export function App({ host }: { host: HostApi }) {
  const { message, notify, close: closeMessage } = useMessage();
  const modals = useModals();
  const { show, close, find } = modals;
  const lifecycle = useDocumentLifecycle(host, modals, notify);
  const { editor, dispatch, info, library } = lifecycle;
  const playing = modalOf(modals.open, 'play') !== undefined;
  // Test play belongs to a scenario: without one on show it is closed, never left blocking commands unseen.
  const playProblem = testPlayProblem(editor.doc);
  const playable = playProblem === null;
  useEffect(() => {
    if (playing && !playable) close('play');
  }, [close, playing, playable]);
  const [settings, setSettings] = useState<Settings>(() => loadSettings());
  const setPanel = (id: PanelId) => (next: PanelState) => {
    const s = { ...settings, panels: { ...settings.panels, [id]: next } };
    setSettings(s);
    saveSettings(s);
  };
  const outlinePanel = usePanel('outline', 'Outline', settings.panels.outline, setPanel('outline'));
  const inspectorPanel = usePanel('inspector', 'Inspector', settings.panels.inspector, setPanel('inspector'));
  const problemsPanel = usePanel('problems', 'Problems', settings.panels.problems, setPanel('problems'));
  const [focusPointer, setFocusPointer] = useState<string | null>(null);
  /** A scenario's centre area shows the map or its forces; an army list always shows its forces. */
  const [centreTab, setCentreTab] = useState<'map' | 'forces'>('map');
  const [forcesFocus, setForcesFocus] = useState<{ pointer: string; seq: number } | null>(null);
  /** A request to centre the map on what a problem is about. */
  const [mapFocus, setMapFocus] = useState<{ pointer: string; seq: number } | null>(null);

  // The latest document for callbacks that outlive a render (menu commands, shortcuts).
  const latest = useRef(editor);
  useLatest(latest, editor);
  const dirty = isDirty(editor);

  // Read where they are shown (WithValidation): an answer re-renders those parts, not the whole frame.
  const validation = useValidation(editor.doc);

  const { chooseNew, chooseToOpen, save, saveAs } = lifecycle;
  const run = useCallback(
    (command: MenuCommand) => {
      // Test play covers the editor and only reads the document: nothing may change it underneath, and its undo
      // takes back a move in the game instead.
      if (find('play') && PLAY_BLOCKS.has(command)) {
        if (command === 'undo') window.dispatchEvent(new Event(PLAY_UNDO_EVENT));
        return;
      }
      switch (command) {
        case 'new':
          chooseNew();
          break;
        case 'open':
          void chooseToOpen();
          break;
        case 'save':
          void save();
          break;
        case 'save-as':
          void saveAs();
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
          show({ kind: 'about' });
          break;
        case 'settings':
          show({ kind: 'settings' });
          break;
        case 'shortcuts':
          show({ kind: 'shortcuts' });
          break;
        case 'print':
          if (latest.current.doc && isScenario(latest.current.doc)) show({ kind: 'print' });
          else notify('A setup sheet is printed from a scenario: open or create one first.', 'info');
          break;
        case 'test-play': {
          const problem = testPlayProblem(latest.current.doc);
          if (problem === null) show({ kind: 'play' });
          else notify(problem, 'info');
          break;
        }
      }
    },
    [chooseNew, chooseToOpen, dispatch, find, notify, save, saveAs, show],
  );

  useEffect(() => host.onMenuCommand(run), [host, run]);
  const runRef = useRef(run);
  useLatest(runRef, run);

  // Keyboard shortcuts from the table of commands; on the desktop the application menu owns all but `?`.
  const shell: Shell | null = info?.shell ?? null;
  // In test play a text field keeps its own undo; the game's undo is for the board.
  const keepTextUndo = useCallback((id: MenuCommand, e: KeyboardEvent) => (id === 'undo' || id === 'redo') && find('play') !== undefined && isTextField(e.target), [find]);
  useCommandKeys(shell, run, keepTextUndo);
  // What each command can do now: the toolbar's buttons and the shortcut sheet read the same answer.
  const scenarioOpen = editor.doc !== null && isScenario(editor.doc);
  const enabled: Readonly<Record<MenuCommand, boolean>> = {
    new: true,
    open: true,
    save: editor.doc !== null,
    'save-as': editor.doc !== null,
    print: scenarioOpen,
    settings: true,
    undo: editor.history.past.length > 0,
    redo: editor.history.future.length > 0,
    validate: true,
    'test-play': scenarioOpen,
    shortcuts: true,
    about: true,
  };
  // The desktop menu greys out what cannot run, as the toolbar does. In test play the game owns undo, and the
  // editor's commands that test play blocks are greyed too.
  const menuEnabled = Object.fromEntries(
    MENU_COMMANDS.map((c) => [c, playing && PLAY_BLOCKS.has(c) ? c === 'undo' : enabled[c]]),
  ) as Record<MenuCommand, boolean>;
  const menuKey = JSON.stringify(menuEnabled);
  useEffect(() => {
    void host.setMenuEnabled(JSON.parse(menuKey) as Record<MenuCommand, boolean>);
  }, [host, menuKey]);
  const tip = (id: MenuCommand) => commandTooltip(id, shell ?? 'web', PLATFORM);
  const hint = (id: MenuCommand) => keyHint(id, shell ?? 'web', PLATFORM);

  const title = titleOf(editor.doc, editor.ref);
  useEffect(() => {
    document.title = editor.doc || editor.text ? `${dirty ? '• ' : ''}${title} — Aide-de-Camp` : 'Aide-de-Camp';
  }, [title, dirty, editor.doc, editor.text]);

  const forcesShowing = editor.doc !== null && (!isScenario(editor.doc) || centreTab === 'forces');
  const pickProblem = (p: Problem) => {
    // The inspector's control for the value; a missing field's problem stands at the object that lacks it.
    const field = editor.doc ? fieldTarget(editor.doc, p) : null;
    const entity = entityOf(field?.pointer ?? p.path);
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
    // The value's field is in the inspector: a folded inspector opens to show it.
    if (inspectorPanel.collapsed) inspectorPanel.toggle();
    setFocusPointer(field?.pointer ?? p.path);
    if (pointer !== null) setMapFocus((f) => ({ pointer: p.path, seq: (f?.seq ?? 0) + 1 }));
  };

  const onEdit = (action: EditorAction) => {
    setFocusPointer(null);
    dispatch(action);
  };

  const hasDoc = editor.doc !== null || editor.text !== null;
  const libraryDialog = modalOf(modals.open, 'library');
  const saveAsDialog = modalOf(modals.open, 'save-as');
  const confirm = modalOf(modals.open, 'confirm');
  const switchTo = modalOf(modals.open, 'rule-system');
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppToolbar
        shell={shell ?? 'web'}
        save={enabled.save}
        print={enabled.print}
        testPlay={enabled['test-play']}
        undo={enabled.undo}
        redo={enabled.redo}
        printTip={enabled.print ? tip('print') : `${tip('print')}: ${APP_COMMANDS.print.when.toLowerCase()}`}
        playTip={editor.doc && isScenario(editor.doc) && playProblem ? playProblem : tip('test-play')}
        undoTip={editor.history.past.length ? `Undo ${editor.history.past[editor.history.past.length - 1]!.label}${hint('undo')}` : 'Nothing to undo'}
        redoTip={editor.history.future.length ? `Redo ${editor.history.future[0]!.label}${hint('redo')}` : 'Nothing to redo'}
        title={hasDoc ? title : null}
        fileName={editor.ref?.name ?? null}
        dirty={dirty}
        runRef={runRef}
      />
      {lifecycle.backupsOffer === 'banner' && (
        <RecoveryBanner
          backups={lifecycle.backups}
          onRestore={(b) => void lifecycle.restoreBackup(b)}
          onDiscard={lifecycle.discardBackup}
          onLater={lifecycle.dismissBackups}
        />
      )}

      {!hasDoc ? (
        lifecycle.starting ? (
          <Box sx={{ flex: 1 }} />
        ) : (
          <Welcome library={library} onNew={() => run('new')} onOpen={(r) => void lifecycle.openPath(r.path)} onOpenDialog={() => run('open')} />
        )
      ) : (
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
          {/* The Forces view has its own tree, so the outline gives its width to the unit table there. */}
          {!forcesShowing && (
            <>
              <SidePanel control={outlinePanel} edge="left">
                {editor.doc && <Outline doc={editor.doc} selected={editor.selected} selection={selectedPointers(editor)} onSelect={(p) => dispatch({ type: 'select', pointer: p === '' ? null : p })} />}
              </SidePanel>
              <PanelSeparator control={outlinePanel} />
            </>
          )}
          <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
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
                  fitKey={lifecycle.loads}
                  focus={mapFocus}
                  active={!forcesShowing && modals.open.length === 0}
                  onMessage={(text, severity = 'info') => notify(text, severity)}
                />
              </Box>
            )}
            {editor.doc && forcesShowing && (
              <Suspense fallback={null}>
                <WithValidation store={validation}>
                  {({ problems }) => editor.doc && (
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
                      onMessage={(text, severity = 'info') => notify(text, severity)}
                      host={host}
                      onSaveCopy={lifecycle.saveCopy}
                      session={editor.key}
                    />
                  )}
                </WithValidation>
              </Suspense>
            )}
            {!editor.doc && (
              <Box sx={{ p: 2 }}>
                <Alert severity="error">This file could not be opened as a document. Its text is kept below, unchanged.</Alert>
                <Box component="pre" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', overflow: 'auto', maxHeight: '60vh' }}>{editor.text}</Box>
              </Box>
            )}
          </Box>
          <PanelSeparator control={problemsPanel} />
          {/* Folded, the problems panel keeps its title bar and counts. */}
          <Box id={problemsPanel.elementId} sx={{ height: problemsPanel.collapsed ? PROBLEMS_BAR_PX : problemsPanel.size, flex: 'none', minHeight: 0, position: 'relative', overflow: 'hidden', bgcolor: 'background.paper' }}>
            {editor.doc ? (
              <WithValidation store={validation}>{({ problems, checking }) => <ProblemsPanel problems={problems} doc={editor.doc} checking={checking} onPick={pickProblem} />}</WithValidation>
            ) : (
              <ProblemsPanel problems={editor.loadProblems} doc={null} checking={false} onPick={pickProblem} />
            )}
            <FoldButton control={problemsPanel} edge="bottom" sx={PROBLEMS_FOLD_SX} />
          </Box>
          </Box>
          <PanelSeparator control={inspectorPanel} />
          <SidePanel control={inspectorPanel} edge="right">
            {editor.doc && (
              <WithValidation store={validation}>
                {({ problems }) => editor.doc && <Inspector doc={editor.doc} selected={editor.selected} problems={problems} focusPointer={focusPointer} units={settings.units} onEdit={onEdit} onRuleSystem={(to) => show({ kind: 'rule-system', to })} />}
              </WithValidation>
            )}
          </SidePanel>
        </Box>
      )}

      {libraryDialog && (
        <LibraryDialog
          open
          mode={libraryDialog.mode}
          library={library}
          onClose={() => close('library')}
          onOpen={(r) => void lifecycle.openPath(r.path)}
          onNewBlank={(k, system) => void lifecycle.newDocument(k, system)}
        />
      )}
      {switchTo && editor.doc && (
        <RuleSystemDialog
          open
          change={ruleSystemSwitch(editor.doc, switchTo.to)}
          onCancel={() => close('rule-system')}
          onApply={() => {
            close('rule-system');
            if (editor.doc) onEdit(ruleSystemSwitch(editor.doc, switchTo.to).action);
          }}
        />
      )}
      {saveAsDialog && <SaveAsDialog open suggested={saveAsDialog.suggested} onCancel={() => saveAsDialog.resolve(null)} onSave={(n) => saveAsDialog.resolve(n)} />}
      {confirm && (
        <ConfirmDialog
          open
          title={confirm.title}
          text={confirm.text}
          choices={confirm.choices}
          onChoose={(v) => {
            close('confirm');
            confirm.resolve(v);
          }}
        />
      )}
      {/* Dialogs are drawn only while open: closed, each was still an MUI Dialog and Modal rendered with every edit. */}
      {lifecycle.backupsOffer === 'dialog' && lifecycle.backups.length > 0 && (
        <RecoveryDialog backups={lifecycle.backups} onClose={lifecycle.dismissBackups} onDiscard={lifecycle.discardBackup} onRestore={(b) => void lifecycle.restoreBackup(b)} />
      )}
      {editor.doc && isScenario(editor.doc) && modalOf(modals.open, 'print') !== undefined && (
        <Suspense fallback={null}>
          <PrintPreview
            open
            scenario={editor.doc}
            paper={settings.paper}
            appVersion={info?.version ?? ''}
            onSavePdf={(html, paper) => savePdf(host, info?.shell, html, paper, pdfName(title, 'setup'))}
            onClose={() => close('print')}
          />
        </Suspense>
      )}
      {playing && editor.doc && isScenario(editor.doc) && (
        <Suspense fallback={null}>
          <PlayDialog
            open
            scenario={editor.doc}
            engine={host.engine}
            onSavePdf={(html, paper, name) => savePdf(host, info?.shell, html, paper, name)}
            onClose={() => close('play')}
          />
        </Suspense>
      )}
      {modalOf(modals.open, 'shortcuts') && <ShortcutSheet open shell={shell ?? 'web'} platform={PLATFORM} enabled={enabled} onClose={() => close('shortcuts')} />}
      {modalOf(modals.open, 'about') !== undefined && <AboutDialog open version={info?.version ?? ''} shell={info?.shell ?? 'web'} onClose={() => close('about')} />}
      {modalOf(modals.open, 'settings') !== undefined && (
        <SettingsDialog
          open
          settings={settings}
          onChange={(s) => {
            setSettings(s);
            saveSettings(s);
          }}
          onClose={() => close('settings')}
        />
      )}
      <Snackbar open={message !== null} autoHideDuration={message?.severity === 'error' ? null : 4000} onClose={(_, reason) => closeMessage(reason)}>
        {message ? (
          <Alert severity={message.severity} onClose={() => closeMessage('button')} data-testid="message" sx={{ maxWidth: 560 }}>
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
