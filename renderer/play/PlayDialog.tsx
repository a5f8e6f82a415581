// Test play: the scenario as it stands, played by the bundled engine in a process of its own. The dialog works on a
// copy of the document and only ever reads it, so nothing a game does (or an engine crash) can touch the file.
import {
  Alert,
  AppBar,
  Box,
  Button,
  Dialog,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tab,
  Tabs,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineApi } from '../../domain/host-api.js';
import type { Scenario } from '../../domain/model.js';
import { MapView } from '../map/MapView.js';
import { LAYER_GROUPS, type LayerKey } from '../map/scene-view.js';
import { EngineClient, EngineError, openGame, type EngineMessage, type GameResult, type Loaded, type Seat, type Summary } from './engine-client.js';
import { describeEvent, pct, scenarioAtState, verdict, type GameState, type Simulation } from './play-view.js';
import { useSize } from '../ui/use-size.js';

/** Pause between AI moves in Play to end: long enough to see the counters move, short enough not to bore. */
const PLAY_DELAY_MS = 60;
/** Where the armies were to deploy no longer matters once the game has begun. */
const HIDDEN: ReadonlySet<LayerKey> = new Set<LayerKey>(['zones', 'entries']);
const noop = () => undefined;

interface Game {
  id: string;
  loaded: Loaded;
  summary: Summary;
  state: GameState;
}

interface LogLine {
  n: number;
  text: string;
}

export function PlayDialog({ open, scenario, engine, onClose }: { open: boolean; scenario: Scenario; engine: EngineApi; onClose(): void }) {
  const [tab, setTab] = useState<'play' | 'balance'>('play');
  const [players, setPlayers] = useState<{ red: Seat; blue: Seat }>({ red: 'ai', blue: 'ai' });
  const [seed, setSeed] = useState('1');
  const [game, setGame] = useState<Game | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<EngineClient | null>(null);
  const playingRef = useRef(false);
  // The document as it was when the dialog opened: later edits wait for the next test play.
  const snapshot = useMemo(() => structuredClone(scenario), [scenario]);

  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of game?.state.units ?? []) m.set(s.id, s.name);
    for (const g of game?.state.generals ?? []) m.set(g.id, g.name);
    return m;
  }, [game?.state]);
  const namesRef = useRef(names);
  namesRef.current = names;
  const sideName = useCallback((k: 'red' | 'blue') => game?.loaded.sides.find((s) => s.key === k)?.name ?? snapshot.sides[k === 'red' ? 0 : 1]?.name ?? k, [game, snapshot]);

  const getClient = useCallback((): EngineClient => {
    if (!client.current || client.current.failed) {
      client.current = new EngineClient(engine, (e) => {
        playingRef.current = false;
        setPlaying(false);
        setFailure(e.message);
      });
    }
    return client.current;
  }, [engine]);

  const stopEngine = useCallback(async () => {
    playingRef.current = false;
    const c = client.current;
    client.current = null;
    await c?.stop();
  }, []);

  useEffect(() => {
    if (!open) void stopEngine();
  }, [open, stopEngine]);
  useEffect(() => () => void stopEngine(), [stopEngine]);

  const addLog = useCallback((events: unknown[]) => {
    if (!events.length) return;
    setLog((l) => {
      const more = events.map((e, i) => ({ n: l.length + i + 1, text: describeEvent(e as Record<string, unknown>, namesRef.current) }));
      return [...l, ...more];
    });
  }, []);

  const fetchState = useCallback(async (c: EngineClient, id: string): Promise<GameState> => {
    const r = await c.request<EngineMessage & { state: GameState }>('state', { game: id });
    return r.state;
  }, []);

  const report = useCallback((e: unknown) => {
    if (e instanceof EngineError && e.code === 'engine-failed') return; // shown by the failure banner
    setError((e as Error).message);
  }, []);

  const start = useCallback(async () => {
    setBusy(true);
    setError(null);
    setFailure(null);
    setLog([]);
    setGame(null);
    try {
      const c = getClient();
      const { loaded, game: g } = await openGame(c, snapshot, { seed: Number(seed) || 0, players });
      const state = await fetchState(c, g.game);
      namesRef.current = new Map([...state.units.map((u) => [u.id, u.name] as const), ...state.generals.map((x) => [x.id, x.name] as const)]);
      setGame({ id: g.game, loaded, summary: g.summary, state });
      addLog(g.events);
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  }, [addLog, fetchState, getClient, players, report, seed, snapshot]);

  /** One AI move (for a human seat the engine's AI advises and plays it); false once the game is over or failed. */
  const step = useCallback(async (): Promise<boolean> => {
    const c = client.current;
    if (!c || !game) return false;
    try {
      const r = await c.request<EngineMessage & { events: unknown[]; summary: Summary }>('ai-move', { game: game.id });
      const state = await fetchState(c, game.id);
      setGame((g) => (g ? { ...g, summary: r.summary, state } : g));
      addLog(r.events);
      return !r.summary.over;
    } catch (e) {
      report(e);
      return false;
    }
  }, [addLog, fetchState, game, report]);

  const playToEnd = useCallback(async () => {
    playingRef.current = true;
    setPlaying(true);
    while (playingRef.current && (await step())) {
      await new Promise((r) => setTimeout(r, PLAY_DELAY_MS));
    }
    playingRef.current = false;
    setPlaying(false);
  }, [step]);

  const restart = useCallback(async () => {
    await stopEngine();
    setFailure(null);
    await start();
  }, [start, stopEngine]);

  const board = useMemo(() => (game ? scenarioAtState(snapshot, game.state) : snapshot), [game, snapshot]);
  const [mapRef, size] = useSize();
  const result = game?.summary.result ?? null;

  return (
    <Dialog fullScreen open={open} onClose={onClose} data-testid="play-dialog">
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
          action={<Button color="inherit" size="small" onClick={() => void restart()} data-testid="play-restart">Restart</Button>}
        >
          The rules engine stopped: {failure} Your scenario is unchanged.
        </Alert>
      )}
      {error && <Alert severity="warning" onClose={() => setError(null)} data-testid="play-error">{error}</Alert>}

      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'play' ? 'grid' : 'none', gridTemplateColumns: '1fr 380px' }}>
        <Box ref={mapRef} sx={{ position: 'relative', minWidth: 0, minHeight: 0, bgcolor: '#e8e4da' }} data-testid="play-map">
          {size.width > 0 && (
            <Box sx={{ position: 'absolute', inset: 0 }}>
              <MapView
                scenario={board}
                selection={[]}
                tool={{ type: 'select' }}
                side={0}
                snap={{ kind: 'off' }}
                hidden={HIDDEN}
                locked={LOCK_ALL}
                showGrid
                showCellLabels={false}
                engineView={false}
                units="inches"
                width={size.width}
                height={size.height}
                fitKey={game?.id ?? 'setup'}
                onSelect={noop}
                onEdit={noop}
                onDropUnit={noop}
                onMessage={noop}
                onPointer={noop}
                onZoom={noop}
                onDrafting={noop}
              />
            </Box>
          )}
        </Box>
        <Box sx={{ borderLeft: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', minHeight: 0, p: 1.5, gap: 1.5 }}>
          {!game ? (
            <Stack spacing={2} data-testid="play-setup">
              <Typography variant="subtitle2">Who plays each side</Typography>
              {(['red', 'blue'] as const).map((k) => (
                <FormControl size="small" key={k}>
                  <InputLabel>{sideName(k)}</InputLabel>
                  <Select
                    label={sideName(k)}
                    value={players[k]}
                    onChange={(e) => setPlayers((p) => ({ ...p, [k]: e.target.value as Seat }))}
                    data-testid={`play-seat-${k}`}
                  >
                    <MenuItem value="ai">AI</MenuItem>
                    <MenuItem value="random">Random</MenuItem>
                    <MenuItem value="human">Human (moves advised by the AI for now)</MenuItem>
                  </Select>
                </FormControl>
              ))}
              <TextField size="small" label="Seed" value={seed} onChange={(e) => setSeed(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { 'data-testid': 'play-seed' } }} />
              <Button variant="contained" onClick={() => void start()} disabled={busy} data-testid="play-start">Start</Button>
              {busy && <LinearProgress />}
            </Stack>
          ) : (
            <>
              <Paper variant="outlined" sx={{ p: 1 }} data-testid="play-status">
                <Typography variant="body2">
                  Turn <b>{game.summary.turn}</b> of {game.summary.turns} · {game.summary.phase} phase
                  {game.summary.toAct ? <> · <b>{sideName(game.summary.toAct)}</b> to act ({game.summary.pending})</> : null}
                </Typography>
                <Typography variant="body2" data-testid="play-vp">
                  VP: {sideName('red')} {game.summary.vp.red} · {sideName('blue')} {game.summary.vp.blue}
                </Typography>
              </Paper>
              {result && <ResultBox result={result} sideName={sideName} />}
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" size="small" onClick={() => void step()} disabled={playing || game.summary.over || !!failure} data-testid="play-step">Step</Button>
                {playing ? (
                  <Button variant="contained" size="small" onClick={() => (playingRef.current = false)} data-testid="play-pause">Pause</Button>
                ) : (
                  <Button variant="contained" size="small" onClick={() => void playToEnd()} disabled={game.summary.over || !!failure} data-testid="play-to-end">Play to end</Button>
                )}
                <Button size="small" onClick={() => { playingRef.current = false; setGame(null); setLog([]); }} data-testid="play-new">New game</Button>
              </Stack>
              <Typography variant="subtitle2">Game log</Typography>
              <LogPanel lines={log} />
            </>
          )}
        </Box>
      </Box>
      {tab === 'balance' && <BalanceReport getClient={getClient} scenario={snapshot} sideName={sideName} onError={report} />}
    </Dialog>
  );
}

/** The play map only shows; nothing on it can be picked up. */
const LOCK_ALL: ReadonlySet<LayerKey> = new Set(LAYER_GROUPS.flatMap((g) => g.layers.map((l) => l.key)));

function LogPanel({ lines }: { lines: LogLine[] }) {
  const end = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lines.length]);
  return (
    <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1, fontSize: 13 }} data-testid="play-log" data-lines={lines.length}>
      {lines.map((l) => (
        <Box key={l.n} sx={{ py: 0.25, fontWeight: l.text.startsWith('—') ? 600 : 400 }} data-testid="play-log-line">{l.text}</Box>
      ))}
      <div ref={end} />
    </Paper>
  );
}

function ResultBox({ result, sideName }: { result: GameResult; sideName(k: 'red' | 'blue'): string }) {
  return (
    <Alert severity="success" data-testid="play-result" icon={false}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {result.winner === 'draw' ? 'A draw' : `${sideName(result.winner)} wins`}
      </Typography>
      <Typography variant="body2">
        {result.reason} · after {result.turns} turns · VP {sideName('red')} {result.vp.red}, {sideName('blue')} {result.vp.blue}
      </Typography>
    </Alert>
  );
}

function BalanceReport({
  getClient,
  scenario,
  sideName,
  onError,
}: {
  getClient(): EngineClient;
  scenario: Scenario;
  sideName(k: 'red' | 'blue'): string;
  onError(e: unknown): void;
}) {
  const [games, setGames] = useState('200');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [sim, setSim] = useState<Simulation | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const clientRef = useRef<EngineClient | null>(null);

  const run = async () => {
    setSim(null);
    setNote(null);
    const total = Math.max(1, Math.min(1_000_000, Number(games) || 200));
    setProgress({ done: 0, total });
    try {
      const c = getClient();
      clientRef.current = c;
      if (!c.running) await c.start();
      const loaded = await c.request<Loaded>('load', { scenario });
      const job = c.begin<EngineMessage & Simulation>('simulate', { scenario: loaded.scenario, games: total, seed: 1 }, (done, t) => setProgress({ done, total: t }));
      setRunning(job.id);
      setSim(await job.reply);
    } catch (e) {
      if (e instanceof EngineError && e.code === 'cancelled') setNote(e.message);
      else onError(e);
    } finally {
      setRunning(null);
      setProgress(null);
    }
  };

  const cancel = () => {
    if (running) void clientRef.current?.request('cancel', { request: running }).catch(() => undefined);
  };

  return (
    <Box sx={{ p: 3, maxWidth: 760, overflow: 'auto' }} data-testid="balance">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField size="small" label="Games" value={games} onChange={(e) => setGames(e.target.value.replace(/\D/g, ''))} sx={{ width: 120 }} slotProps={{ htmlInput: { 'data-testid': 'balance-games' } }} />
        <Button variant="contained" onClick={() => void run()} disabled={running !== null} data-testid="balance-run">Run</Button>
        <Button onClick={cancel} disabled={running === null} data-testid="balance-cancel">Cancel</Button>
        <Typography variant="body2" color="text.secondary">AI against AI, seeds counting up from 1.</Typography>
      </Stack>
      {progress && (
        <Box sx={{ mb: 2 }} data-testid="balance-progress">
          <LinearProgress variant="determinate" value={(100 * progress.done) / progress.total} />
          <Typography variant="caption">{progress.done} of {progress.total} games</Typography>
        </Box>
      )}
      {note && <Alert severity="info" sx={{ mb: 2 }}>{note}</Alert>}
      {sim && (
        <Box data-testid="balance-result">
          <Typography variant="h6" sx={{ mb: 2 }} data-testid="balance-verdict">{verdict(sim, sideName)}</Typography>
          <RateBar label={`${sideName('red')} wins`} rate={sim.winRate.red} ci={sim.ci95.red} count={sim.wins.red} color="#c62828" />
          <RateBar label={`${sideName('blue')} wins`} rate={sim.winRate.blue} ci={sim.ci95.blue} count={sim.wins.blue} color="#1565c0" />
          <RateBar label="Draws" rate={sim.wins.draw / sim.games} count={sim.wins.draw} color="#757575" />
          <Typography variant="body2" sx={{ mt: 2 }}>
            {sim.games} games · mean length {sim.meanTurns.toFixed(1)} turns · mean VP {sideName('red')} {sim.meanVp.red.toFixed(1)}, {sideName('blue')} {sim.meanVp.blue.toFixed(1)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** A bar for the rate, and a thin line under it spanning the 95% interval. */
function RateBar({ label, rate, ci, count, color }: { label: string; rate: number; ci?: [number, number]; count: number; color: string }) {
  return (
    <Box sx={{ mb: 1.5 }} data-testid="balance-bar">
      <Typography variant="body2">
        {label}: <b>{pct(rate)}</b> ({count}){ci ? ` · 95% interval ${pct(ci[0])}–${pct(ci[1])}` : ''}
      </Typography>
      <Box sx={{ position: 'relative', height: 18, bgcolor: '#eee', borderRadius: 0.5 }}>
        <Box sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: `${rate * 100}%`, bgcolor: color, borderRadius: 0.5 }} />
      </Box>
      {ci && (
        <Box sx={{ position: 'relative', height: 8 }}>
          <Box sx={{ position: 'absolute', top: 3, height: 2, left: `${ci[0] * 100}%`, width: `${(ci[1] - ci[0]) * 100}%`, bgcolor: 'text.primary' }} />
        </Box>
      )}
    </Box>
  );
}

