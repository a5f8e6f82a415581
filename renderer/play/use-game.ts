// One game in the play view, against the engine process: start or open a log, act, let the AI move, undo, seek,
// and run the AI at a chosen speed. Requests about a game go one at a time (a chain), so a click during an AI run
// can never interleave with it; every reply refreshes the position, the log, the dice and the map's effects.
//
// Three guards keep late replies from doing harm:
// - the epoch changes with every new, opened or dropped game, and a reply for an older epoch is thrown away;
// - each AI run holds a token, and Pause, Undo and New game take it away, so a run stops at its next move;
// - Pause lets a move already asked of the engine land, and asks for nothing after it: the engine has played that
//   move (and the AI is seeded, so it would play it again), and dropping it would leave the board a move behind the
//   game the log records. Until it lands the run says it is pausing, so the position shown once it has paused is
//   final;
// - an act names the position it was chosen at, and is dropped if the game has moved on since (a double click).
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { PlyRecord } from '../../domain/engine-protocol.js';
import type { Scenario } from '../../domain/model.js';
import { EngineClient, EngineError, openGame, type EngineMessage, type GameSetup, type Loaded, type Seat, type Summary } from './engine-client.js';
import { capitalised, logNames } from './ne-fog.js';
import { logLines, type DiceRoll, type EngineAction, type Effect, type LogLine } from './play-actions.js';
import { keepGame, keptGame, PlayProgressContext, type Checkpoint } from './play-progress.js';
import { playRules } from './play-rules.js';
import type { GameState } from './play-view.js';

/** One recorded action of a game opened from a log (engine `open-log`). */
export type ReplayPly = Omit<PlyRecord, 'action'> & { action: EngineAction };

export interface Game {
  id: string;
  loaded: Loaded;
  summary: Summary;
  state: GameState;
  players: { red: Seat; blue: Seat };
  /** Set for a game opened from a log to watch: every recorded action, to scrub through. */
  replay: ReplayPly[] | null;
}

/** How far a run of AI moves goes before it stops by itself. */
export type RunUntil = 'step' | 'phase' | 'turn' | 'end' | 'human';

interface Acted extends EngineMessage {
  events: unknown[];
  summary: Summary;
}

interface Opened extends EngineMessage {
  game: string;
  players?: { red: Seat; blue: Seat };
  summary: Summary;
  setup?: unknown[];
  plies: ReplayPly[];
}

export interface GameControls {
  game: Game | null;
  log: LogLine[];
  dice: { key: number; rolls: DiceRoll[] };
  effects: { key: number; list: Effect[] } | null;
  busy: boolean;
  running: boolean;
  /** Pause was pressed while the engine was making a move: the run ends when that move has landed. */
  pausing: boolean;
  /** An act is on its way to the engine: the decision panel waits for it. */
  acting: boolean;
  names: ReadonlyMap<string, string>;
  /** The game's log as last saved on this side, at its ply: what a crashed engine took with it can be resumed. */
  checkpoint: { text: string; ply: number } | null;
  start: (setup: GameSetup) => Promise<void>;
  /** Opens a game log to watch (`live` false) or to play on from its end (resuming after a crash). */
  openLog: (text: string, live?: boolean) => Promise<void>;
  act: (action: EngineAction, atPly: number) => Promise<void>;
  run: (until: RunUntil, delayMs: number) => Promise<void>;
  pause: () => void;
  undo: () => Promise<void>;
  seek: (ply: number) => Promise<void>;
  logText: () => Promise<string | null>;
  request: <T extends EngineMessage>(type: string, body: Record<string, unknown>) => Promise<T | null>;
  reset: () => void;
}

/** Waits `ms`, or less if `wake` (set for the length of the wait) is called. */
const wait = (ms: number, wake: { current: (() => void) | null }) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wake.current = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    wake.current = done;
  });
/** How often a run at full speed redraws the board. */
const FAST_REDRAW_MS = 200;

export function useGame(
  getClient: () => EngineClient,
  current: () => EngineClient | null,
  scenario: Scenario,
  report: (e: unknown) => void,
  /** Pause between the AI's moves when it plays against a human. */
  aiDelayMs: number,
): GameControls {
  const [game, setGame] = useState<Game | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [dice, setDice] = useState<{ key: number; rolls: DiceRoll[] }>({ key: 0, rolls: [] });
  const [effects, setEffects] = useState<{ key: number; list: Effect[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [acting, setActing] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  // A game left part played in an earlier test play of this scenario is offered for resuming, as after New game.
  const [checkpoint, showCheckpoint] = useState<Checkpoint | null>(() => keptGame(scenario.id));
  const setCheckpoint = useCallback(
    (c: Checkpoint | null) => {
      keepGame(scenario.id, c);
      showCheckpoint(c);
    },
    [scenario.id],
  );
  const progress = useContext(PlayProgressContext);
  // The log's words, the dice and the map's flashes are the scenario's rule system's.
  const rules = playRules(scenario.ruleSystem);
  const gameRef = useRef<Game | null>(null);
  // Kept beside `names` by learnNames and learnMore, the only places that set it, for replies read after a render.
  const namesRef = useRef(names);
  const epoch = useRef(0);
  const runToken = useRef(0);
  const runningRef = useRef(false);
  /** The token of the run that owns `running`: only it may clear it when it ends, so a paused run still ending
   *  never clears the flag of a run started after it was stopped. */
  const activeRun = useRef(0);
  /** Ends the wait between two AI moves at once, so Pause does not wait for it. */
  const wake = useRef<(() => void) | null>(null);
  /** Set by Pause: the AI's turns against a human wait until the human acts or asks for a move. */
  const paused = useRef(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const seq = useRef(0);

  /** Runs `fn` after everything already asked of the engine; a failure is reported, never thrown. */
  const serial = useCallback(
    <T>(fn: () => Promise<T>): Promise<T | null> => {
      const next = chain.current.then(fn).catch((e: unknown) => {
        report(e);
        return null;
      });
      chain.current = next;
      return next;
    },
    [report],
  );

  const show = (next: Game | null) => {
    gameRef.current = next;
    setGame(next);
  };

  const fetchState = async (c: EngineClient, id: string): Promise<GameState> => (await c.request<EngineMessage & { state: GameState }>('state', { game: id })).state;

  /** The words for what a position names: units, officers and Generals, and objectives. */
  const namesIn = (state: GameState): [string, string][] => [
    ...state.objectives.map((o) => [o.id, o.name] as [string, string]),
    ...('generals' in state ? (state.generals as { id: string; name: string }[]) : state.leaders).map((g) => [g.id, g.name] as [string, string]),
    ...state.units.flatMap((u): [string, string][] => ('officer' in u && u.officer ? [[u.officer.id, u.officer.name]] : [])),
    ...state.units.map((u) => [u.id, u.name] as [string, string]),
  ];

  /** Learns the words for units, Generals, objectives and sides (the log names a side by its key) of a new game. */
  const learnNames = (state: GameState, loaded: Loaded): Map<string, string> => {
    // Building blocks are named too: fires and the troops working at them name their block (Napoleon's Eagles).
    const blocks = scenario.terrain.flatMap((f): [string, string][] => (f.kind === 'building-block' && typeof f.name === 'string' && f.name ? [[f.id, f.name]] : []));
    const map = new Map([...blocks, ...namesIn(state), ...loaded.sides.map((x) => [x.key, x.name] as const)]);
    namesRef.current = map;
    setNames(map);
    return map;
  };

  /** Formations made in play (a split, a left cannon) are named as soon as a position shows them. */
  const learnMore = (state: GameState): void => {
    const fresh = namesIn(state).filter(([id]) => !namesRef.current.has(id));
    if (!fresh.length) return;
    const map = new Map([...namesRef.current, ...fresh]);
    namesRef.current = map;
    setNames(map);
  };

  /** Whether `g` is still the game on show, in the epoch `e` it was asked about in. */
  const live = (g: Game, e: number): boolean => epoch.current === e && gameRef.current?.id === g.id;

  /** After an action: the new position, its lines in the log, its dice, and what the map flashes. */
  const absorb = async (c: EngineClient, g: Game, e: number, r: Acted, draw = true): Promise<void> => {
    // Without `draw` the position is left as it was (its summary and log move on): a run at full speed redraws the
    // board a few times a second instead of asking for the whole state after every move.
    const state = draw ? await fetchState(c, g.id) : g.state;
    if (!live(g, e)) return;
    if (draw) learnMore(state);
    show({ ...g, summary: r.summary, state });
    const ply = r.summary.ply;
    // Under the visibility rule a human against the AI reads of the enemy only what his side made out (ne-fog.ts).
    const names = logNames(scenario, g.players, !!g.replay, g.state, state, namesRef.current);
    const veiled = names !== namesRef.current;
    setLog((l) => [...l, ...logLines(r.events, ply, names, (l.at(-1)?.n ?? 0) + 1, rules.describeEvent).map((x) => (veiled ? { ...x, text: capitalised(x.text) } : x))]);
    const rolls = rules.diceOf(r.events, names);
    if (rolls.length) setDice({ key: ++seq.current, rolls });
    const list = draw ? rules.effectsOf(r.events, g.state) : [];
    setEffects(list.length ? { key: ++seq.current, list } : null);
  };

  /** Keeps the log on this side, so a game survives the engine that played it. */
  const saveCheckpoint = async (c: EngineClient, g: Game, e: number): Promise<void> => {
    const r = await c.request<EngineMessage & { text: string }>('log', { game: g.id });
    if (live(g, e)) setCheckpoint({ text: r.text, ply: gameRef.current!.summary.ply });
  };

  const stopRun = () => {
    runToken.current++;
    activeRun.current = 0;
    runningRef.current = false;
    setRunning(false);
    setPausing(false);
    wake.current?.();
  };

  const reset = useCallback(() => {
    const old = gameRef.current;
    const c = current();
    epoch.current++;
    stopRun();
    paused.current = false;
    show(null);
    setLog([]);
    setDice({ key: 0, rolls: [] });
    setEffects(null);
    setActing(false);
    // The engine keeps at most 100 games: one no longer on show is let go.
    if (old && c?.running) void c.request('close-game', { game: old.id }).catch(() => undefined);
  }, [current]);

  const start = useCallback(
    async (setup: GameSetup) => {
      reset();
      setCheckpoint(null);
      const e = epoch.current;
      setBusy(true);
      await serial(async () => {
        const c = getClient();
        const { loaded, game: g } = await openGame(c, scenario, setup);
        const state = await fetchState(c, g.game);
        if (epoch.current !== e) return;
        const learnt = learnNames(state, loaded);
        // The game's first events (command at the start) are read through the same eyes as every later action's.
        const map = logNames(scenario, setup.players, false, null, state, learnt);
        const veiled = map !== learnt;
        setLog(logLines(g.events, 0, map, 1, rules.describeEvent).map((x) => (veiled ? { ...x, text: capitalised(x.text) } : x)));
        setDice({ key: ++seq.current, rolls: rules.diceOf(g.events, map) });
        const next: Game = { id: g.game, loaded, summary: g.summary, state, players: setup.players, replay: null };
        show(next);
        await saveCheckpoint(c, next, e);
      });
      setBusy(false);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [getClient, reset, scenario, serial],
  );

  const openLog = useCallback(
    async (text: string, liveGame = false) => {
      reset();
      const e = epoch.current;
      setBusy(true);
      await serial(async () => {
        const c = getClient();
        if (!c.running) await c.start();
        const loaded = await c.request<Loaded>('load', { scenario });
        const r = await c.request<Opened>('open-log', { text }).catch((err: unknown) => {
          // The engine's words assume a host that loads scenarios; a player only picked the wrong file.
          if (err instanceof EngineError && err.code === 'unknown-scenario') throw new Error(`That game log is of another scenario, not "${scenario.title}": open that scenario to replay it.`);
          throw err;
        });
        const state = await fetchState(c, r.game);
        if (epoch.current !== e) return;
        const map = learnNames(state, loaded);
        const lines = [...logLines(r.setup ?? [], 0, map, 0, rules.describeEvent), ...r.plies.flatMap((p) => logLines(p.events, p.ply, map, 0, rules.describeEvent))];
        setLog(lines.map((l, i) => ({ ...l, n: i + 1 })));
        const next: Game = { id: r.game, loaded, summary: r.summary, state, players: r.players ?? { red: 'human', blue: 'human' }, replay: liveGame ? null : r.plies };
        show(next);
        if (liveGame) setCheckpoint({ text, ply: r.summary.ply });
      });
      setBusy(false);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [getClient, reset, scenario, serial],
  );

  const act = useCallback(
    async (action: EngineAction, atPly: number) => {
      paused.current = false;
      setActing(true);
      const e = epoch.current;
      await serial(async () => {
        const c = current();
        const g = gameRef.current;
        // Chosen at another position (a second click on a button that has done its work): not this one's to make.
        if (!c || !g || epoch.current !== e || g.summary.ply !== atPly) return;
        const r = await c.request<Acted>('act', { game: g.id, action });
        await absorb(c, g, e, r);
        await saveCheckpoint(c, gameRef.current ?? g, e);
      });
      setActing(false);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, serial],
  );

  const pause = useCallback(() => {
    paused.current = true;
    if (!runningRef.current) return;
    // The run loses its token, so it asks for no more moves; it stays `running` (saying "pausing") until the move
    // in flight, if any, has landed and been shown, and then ends.
    runToken.current++;
    setPausing(true);
    wake.current?.();
  }, []);

  /** AI moves, one after another with `delayMs` between, until `until` is reached, the game ends or Pause. */
  const run = useCallback(
    async (until: RunUntil, delayMs: number) => {
      if (runningRef.current) return;
      // Asking for a run is the user taking the game back from Pause; a single step leaves it paused.
      if (until === 'phase' || until === 'turn' || until === 'end') paused.current = false;
      const token = ++runToken.current;
      const e = epoch.current;
      activeRun.current = token;
      runningRef.current = true;
      setRunning(true);
      const first = gameRef.current?.summary;
      let moves = 0;
      let drawn = performance.now();
      let stale = false;
      const mine = () => runToken.current === token && epoch.current === e;
      /** Whether the run has reached what it was asked to go to (checked before waiting, so it ends at once). */
      // In a game with a human seat every run but a single step stops at the human's decision: the AI never
      // plays a human's move unless asked to for that one move.
      const stopAtHuman = until !== 'step' && !!gameRef.current && (gameRef.current.players.red === 'human' || gameRef.current.players.blue === 'human');
      const reached = (g: Game | null): boolean =>
        !g ||
        g.summary.over ||
        (stopAtHuman && g.summary.seat === 'human') ||
        (moves > 0 && until === 'step') ||
        (moves > 0 && !!first && until === 'phase' && (g.summary.phase !== first.phase || g.summary.turn !== first.turn)) ||
        (moves > 0 && !!first && until === 'turn' && g.summary.turn !== first.turn);
      while (mine() && !reached(gameRef.current)) {
        const ok = await serial(async () => {
          // Checked again in the chain: what was queued before this move (an undo, a human's act) may have changed
          // whose turn it is, and the AI must never make a human's move unasked.
          const g = gameRef.current;
          const c = current();
          if (!c || !g || !mine() || reached(g)) return false;
          const r = await c.request<Acted>('ai-move', { game: g.id });
          const draw = delayMs > 0 || r.summary.over || until === 'step' || performance.now() - drawn > FAST_REDRAW_MS;
          await absorb(c, g, e, r, draw);
          if (draw) drawn = performance.now();
          stale = !draw;
          // A long run keeps a checkpoint each turn, so a crash part way loses at most a turn of it.
          if (r.summary.turn !== g.summary.turn) await saveCheckpoint(c, gameRef.current ?? g, e);
          return true;
        });
        if (!ok) break;
        moves++;
        if (delayMs > 0 && mine() && !reached(gameRef.current)) await wait(delayMs, wake);
      }
      await serial(async () => {
        const c = current();
        const g = gameRef.current;
        if (!c || !g || epoch.current !== e) return;
        if (stale) {
          const state = await fetchState(c, g.id);
          learnMore(state);
          show({ ...g, state });
        }
        if (moves > 0) await saveCheckpoint(c, gameRef.current ?? g, e);
      });
      if (activeRun.current === token) {
        activeRun.current = 0;
        runningRef.current = false;
        setRunning(false);
        setPausing(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, serial],
  );

  const undo = useCallback(async () => {
    // Undo ends any run, but is not a Pause: the AI answers again from the position undo leaves.
    stopRun();
    const e = epoch.current;
    await serial(async () => {
      const c = current();
      const g = gameRef.current;
      if (!c || !g || epoch.current !== e) return;
      const r = await c.request<EngineMessage & { summary: Summary }>('undo', { game: g.id }).catch((err: unknown) => {
        if (err instanceof EngineError && err.code === 'nothing-to-undo') throw new Error('There is no move of yours to take back yet.');
        throw err;
      });
      const state = await fetchState(c, g.id);
      if (!live(g, e)) return;
      show({ ...g, summary: r.summary, state });
      setLog((l) => l.filter((x) => x.ply <= r.summary.ply));
      setDice({ key: ++seq.current, rolls: [] });
      setEffects(null);
      await saveCheckpoint(c, gameRef.current ?? g, e);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, serial]);

  const seek = useCallback(
    async (ply: number) => {
      const e = epoch.current;
      await serial(async () => {
        const c = current();
        const g = gameRef.current;
        if (!c || !g || epoch.current !== e) return;
        const from = g.summary.ply;
        const r = await c.request<EngineMessage & { summary: Summary }>('seek', { game: g.id, ply });
        const state = await fetchState(c, g.id);
        if (!live(g, e)) return;
        show({ ...g, summary: r.summary, state });
        // One step forward shows that action's dice and effects, as in play; a jump shows none.
        const stepped = ply === from + 1 ? g.replay?.find((p) => p.ply === ply) : undefined;
        setDice({ key: ++seq.current, rolls: stepped ? rules.diceOf(stepped.events, namesRef.current) : [] });
        const list = stepped ? rules.effectsOf(stepped.events, g.state) : [];
        setEffects(list.length ? { key: ++seq.current, list } : null);
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, serial],
  );

  const logText = useCallback(async () => {
    return serial(async () => {
      const c = current();
      const g = gameRef.current;
      if (!c || !g) return null;
      return (await c.request<EngineMessage & { text: string }>('log', { game: g.id })).text;
    });
  }, [current, serial]);

  const request = useCallback(
    async <T extends EngineMessage>(type: string, body: Record<string, unknown>): Promise<T | null> => {
      const c = current();
      if (!c) return null;
      try {
        return await c.request<T>(type, body);
      } catch (e) {
        if (!(e instanceof EngineError)) report(e);
        return null;
      }
    },
    [current, report],
  );

  // A human playing the AI: the AI's turns play themselves, at a pace a player can follow, unless paused.
  const hasHuman = !!game && (game.players.red === 'human' || game.players.blue === 'human');
  const aiToAct = !!game && !game.replay && !game.summary.over && game.summary.seat !== 'human';
  useEffect(() => {
    if (hasHuman && aiToAct && !runningRef.current && !paused.current) void run('human', aiDelayMs);
  }, [hasHuman, aiToAct, aiDelayMs, game?.summary.ply, running, run]);

  useEffect(
    () => () => {
      epoch.current++;
      runToken.current++;
    },
    [],
  );

  /** Stops a run and saves the game as it stands, for the next test play to resume. */
  const keepNow = useCallback(async (): Promise<void> => {
    const g = gameRef.current;
    if (!g) return;
    paused.current = true;
    stopRun();
    const e = epoch.current;
    // After anything already asked of the engine, so a move on its way is in the saved log.
    await serial(async () => {
      const c = current();
      if (c?.running) await saveCheckpoint(c, gameRef.current ?? g, e);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, serial]);

  const openPly = game && !game.replay && !game.summary.over && game.summary.ply > 0 ? game.summary.ply : null;
  useEffect(() => {
    progress?.game(openPly === null ? null : { ply: openPly, keep: keepNow });
  }, [progress, openPly, keepNow]);
  useEffect(() => () => progress?.game(null), [progress]);

  return { game, log, dice, effects, busy, running, pausing, acting, names, checkpoint, start, openLog, act, run, pause, undo, seek, logText, request, reset };
}
