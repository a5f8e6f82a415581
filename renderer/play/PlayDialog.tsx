// Test play: the scenario as it stands, played by the bundled engine in a process of its own. The dialog works on a
// copy of the document and only ever reads it, so nothing a game does (or an engine crash) can touch the file.
import { Alert, AppBar, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineApi, PaperSize } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { BalanceReport } from './BalanceReport.js';
import { EngineClient, EngineError } from './engine-client.js';
import { GamePane } from './GamePane.js';
import { keepGame, PlayProgressContext, type PlayProgress } from './play-progress.js';
import { FIRST_IS_RED, sideNameOf, sideOrderOf, type SideKey, type SideOrder } from './play-view.js';
import type { PdfOutcome } from '../ui/save-pdf.js';

export function PlayDialog({
  open,
  scenario,
  engine,
  onSavePdf,
  onClose,
}: {
  open: boolean;
  scenario: Scenario;
  engine: EngineApi;
  /** Save as PDF for the balance report, as the print preview does it. */
  onSavePdf: (html: string, paper: PaperSize, fileName: string) => Promise<PdfOutcome>;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<'play' | 'balance'>('play');
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restarts, setRestarts] = useState(0);
  const client = useRef<EngineClient | null>(null);
  // The document as it was when the dialog opened: later edits (or a reload from disk) wait for the next test play.
  const [snapshot] = useState(() => structuredClone(scenario));
  const [order, setOrder] = useState<SideOrder>(FIRST_IS_RED);
  const sideName = useCallback((k: SideKey) => sideNameOf(snapshot, order, k), [snapshot, order]);

  const getClient = useCallback((): EngineClient => {
    if (!client.current || client.current.failed) {
      // A failed client still listens for its dead session's messages: let it go first.
      void client.current?.stop();
      client.current = new EngineClient(engine, (e) => setFailure(e.message));
    }
    return client.current;
  }, [engine]);
  const current = useCallback(() => client.current, []);

  const stopEngine = useCallback(async () => {
    const c = client.current;
    client.current = null;
    await c?.stop();
  }, []);

  useEffect(() => {
    if (!open) void stopEngine();
  }, [open, stopEngine]);

  // The engine says which side it calls red: names and colours follow it, not the sides' order in the file. A
  // failure here is left to the game or the report, which ask again and show it.
  useEffect(() => {
    if (!open) return;
    let live = true;
    void (async () => {
      try {
        const c = getClient();
        if (!c.running) await c.start();
        const loaded = await c.request<{ sides: { id: string; key: string }[] }>('load', { scenario: snapshot });
        if (live) setOrder(sideOrderOf(snapshot, loaded.sides));
      } catch {
        /* shown when a game or a report is asked for */
      }
    })();
    return () => {
      live = false;
    };
  }, [open, getClient, snapshot]);
  useEffect(() => () => void stopEngine(), [stopEngine]);

  // What a close would cost, as the game and the report inside say: read only when Close is pressed.
  const openGame = useRef<{ ply: number; keep: () => Promise<void> } | null>(null);
  const reportRunning = useRef(false);
  const progress = useMemo<PlayProgress>(() => ({ game: (g) => void (openGame.current = g), report: (r) => void (reportRunning.current = r) }), []);
  /** Set while the dialog asks what to do with a game or a report part played. */
  const [asking, setAsking] = useState<{ ply: number | null; report: boolean } | null>(null);
  const [closing, setClosing] = useState(false);

  const requestClose = () => {
    const ply = openGame.current?.ply ?? null;
    if (ply === null && !reportRunning.current) onClose();
    else setAsking({ ply, report: reportRunning.current });
  };
  /** Closes; a game part played is saved first so that the next test play offers to resume it, unless discarded. */
  const close = async (discard: boolean) => {
    if (discard) keepGame(snapshot.id, null);
    else {
      setClosing(true);
      try {
        await openGame.current?.keep();
      } finally {
        setClosing(false);
      }
    }
    setAsking(null);
    onClose();
  };

  const report = useCallback((e: unknown) => {
    if (e instanceof EngineError && e.code === 'engine-failed') return; // shown by the failure banner
    setError((e as Error).message);
  }, []);

  /** A fresh engine, and the game pane back to its set-up (the old game died with the old engine). */
  const restart = useCallback(async () => {
    await stopEngine();
    setFailure(null);
    setError(null);
    try {
      await getClient().start();
    } catch (e) {
      report(e);
    }
    setRestarts((n) => n + 1);
  }, [getClient, report, stopEngine]);

  return (
    <Dialog
      fullScreen
      open={open}
      // Escape is Close, and like it asks first when a game or a report is part played.
      onClose={requestClose}
      data-testid="play-dialog"
    >
      <AppBar position="static" elevation={0}>
        <Toolbar variant="dense" sx={{ gap: 2 }}>
          <Typography variant="h6" sx={{ fontSize: 16 }}>Test play: {snapshot.title}</Typography>
          <Tabs value={tab} onChange={(_e, v: 'play' | 'balance') => setTab(v)} textColor="inherit" indicatorColor="secondary" sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
            <Tab value="play" label="Play" data-testid="play-tab-play" />
            <Tab value="balance" label="Balance report" data-testid="play-tab-balance" />
          </Tabs>
          <Box sx={{ flex: 1 }} />
          <Button color="inherit" onClick={requestClose} data-testid="play-close">Close</Button>
        </Toolbar>
      </AppBar>
      {failure && (
        <Alert
          severity="error"
          data-testid="play-failure"
          action={<Button color="inherit" size="small" onClick={() => void restart()} data-testid="play-restart">Restart the engine</Button>}
        >
          {failure} Your scenario is unchanged; restart the engine to play again.
        </Alert>
      )}
      {error && <Alert severity="warning" onClose={() => setError(null)} data-testid="play-error">{error}</Alert>}
      <PlayProgressContext.Provider value={progress}>
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'play' ? 'flex' : 'none' }}>
        <GamePane active={tab === 'play'} generation={restarts} scenario={snapshot} getClient={getClient} current={current} failed={!!failure} report={report} sideName={sideName} order={order} />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'balance' ? 'flex' : 'none' }}>
        <BalanceReport getClient={getClient} scenario={snapshot} sideName={sideName} order={order} onError={report} onSavePdf={onSavePdf} />
      </Box>
      </PlayProgressContext.Provider>
      <Dialog open={!!asking} onClose={() => !closing && setAsking(null)} data-testid="play-close-ask">
        <DialogTitle>Close test play?</DialogTitle>
        <DialogContent>
          {asking?.ply != null && (
            <DialogContentText>
              The game is under way (after action {asking.ply}). Closing keeps it: the next test play of this scenario (F5) offers to resume it. Or discard it.
            </DialogContentText>
          )}
          {asking?.report && <DialogContentText sx={{ mt: asking.ply != null ? 1 : 0 }}>A balance report is being played: closing stops it, and its games are lost.</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void close(true)} disabled={closing} color="error" data-testid="play-close-discard">
            {asking?.ply != null ? 'Close and discard' : 'Close and stop the report'}
          </Button>
          {asking?.ply != null && (
            <Button onClick={() => void close(false)} disabled={closing} data-testid="play-close-keep">
              {closing ? 'Saving the game…' : 'Close, keep the game'}
            </Button>
          )}
          <Button variant="contained" autoFocus onClick={() => setAsking(null)} disabled={closing} data-testid="play-close-cancel">
            Keep playing
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
