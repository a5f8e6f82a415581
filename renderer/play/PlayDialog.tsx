// Test play: the scenario as it stands, played by the bundled engine in a process of its own. The dialog works on a
// copy of the document and only ever reads it, so nothing a game does (or an engine crash) can touch the file.
import { Alert, AppBar, Box, Button, Dialog, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EngineApi, PaperSize } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { BalanceReport } from './BalanceReport.js';
import { EngineClient, EngineError } from './engine-client.js';
import { GamePane } from './GamePane.js';
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
      // Escape does not end a test play (a game or a long report would go with it): the Close button does.
      onClose={(_e, reason) => {
        if (reason !== 'escapeKeyDown') onClose();
      }}
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
          <Button color="inherit" onClick={onClose} data-testid="play-close">Close</Button>
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
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'play' ? 'flex' : 'none' }}>
        <GamePane active={tab === 'play'} generation={restarts} scenario={snapshot} getClient={getClient} current={current} failed={!!failure} report={report} sideName={sideName} order={order} />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'balance' ? 'flex' : 'none' }}>
        <BalanceReport getClient={getClient} scenario={snapshot} sideName={sideName} order={order} onError={report} onSavePdf={onSavePdf} />
      </Box>
    </Dialog>
  );
}
