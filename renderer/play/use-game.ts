// One game in the play view, against the engine process: start or open a log, act, let the AI move, undo, seek,
// and run the AI at a chosen speed. Requests about a game go one at a time (a chain), so a click during an AI run
// can never interleave with it; every reply refreshes the position, the log, the dice and the map's effects.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../domain/model.js';
import { EngineClient, EngineError, openGame, type EngineMessage, type GameSetup, type Loaded, type Seat, type Summary } from './engine-client.js';
import { diceOf, effectsOf, logLines, type DiceRoll, type EngineAction, type Effect, type LogLine } from './play-actions.js';
import type { GameState } from './play-view.js';

/** One recorded action of a game opened from a log (engine `open-log`). */
export interface ReplayPly {
  ply: number;
  turn: number;
  phase: string;
  side: string;
  action: EngineAction;
  events: unknown[];
}

export interface Game {
  id: string;
  loaded: Loaded;
  summary: Summary;
  state: GameState;
  players: { red: Seat; blue: Seat };
  /** Set for a game opened from a log: every recorded action, to scrub through. */
  replay: ReplayPly[] | null;
}

/** How far a run of AI moves goes before it stops by itself. */
export type RunUntil = 'step' | 'phase' | 'turn' | 'end' | 'human';

interface Acted extends EngineMessage {
  events: unknown[];
  summary: Summary;
}

export interface GameControls {
  game: Game | null;
  log: LogLine[];
  dice: { key: number; rolls: DiceRoll[] };
  effects: { key: number; list: Effect[] } | null;
  busy: boolean;
  running: boolean;
  names: ReadonlyMap<string, string>;
  start(setup: GameSetup): Promise<void>;
  openLog(text: string): Promise<void>;
  act(action: EngineAction): Promise<void>;
  run(until: RunUntil, delayMs: number): Promise<void>;
  pause(): void;
  undo(): Promise<void>;
  seek(ply: number): Promise<void>;
  logText(): Promise<string | null>;
  request<T extends EngineMessage>(type: string, body: Record<string, unknown>): Promise<T | null>;
  reset(): void;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
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
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const gameRef = useRef<Game | null>(null);
  gameRef.current = game;
  const namesRef = useRef(names);
  namesRef.current = names;
  const runningRef = useRef(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const seq = useRef(0);

  /** Runs `fn` after everything already asked of the engine; a failure is reported, never thrown. */
  const serial = useCallback(<T>(fn: () => Promise<T>): Promise<T | null> => {
    const next = chain.current.then(fn).catch((e: unknown) => {
      report(e);
      return null;
    });
    chain.current = next;
    return next;
  }, [report]);

  const fetchState = async (c: EngineClient, id: string): Promise<GameState> => (await c.request<EngineMessage & { state: GameState }>('state', { game: id })).state;

  /** Learns the words for units, Generals and sides (the log names a side by its key) of a new game. */
  const learnNames = (state: GameState, loaded: Loaded): Map<string, string> => {
    const map = new Map([
      ...state.units.map((u) => [u.id, u.name] as const),
      ...state.generals.map((g) => [g.id, g.name] as const),
      ...loaded.sides.map((x) => [x.key, x.name] as const),
    ]);
    namesRef.current = map;
    setNames(map);
    return map;
  };

  /** After an action: the new position, its lines in the log, its dice, and what the map flashes. */
  const absorb = async (c: EngineClient, g: Game, r: Acted, draw = true): Promise<Game> => {
    // Without `draw` the position is left as it was (its summary and log move on): a run at full speed redraws the
    // board a few times a second instead of asking for the whole state after every move.
    const state = draw ? await fetchState(c, g.id) : g.state;
    const next = { ...g, summary: r.summary, state };
    gameRef.current = next;
    setGame(next);
    const ply = r.summary.ply;
    setLog((l) => [...l, ...logLines(r.events, ply, namesRef.current, (l.at(-1)?.n ?? 0) + 1)]);
    const rolls = diceOf(r.events, namesRef.current);
    if (rolls.length) setDice({ key: ++seq.current, rolls });
    const list = draw ? effectsOf(r.events, g.state) : [];
    setEffects(list.length ? { key: ++seq.current, list } : null);
    return next;
  };

  const reset = useCallback(() => {
    runningRef.current = false;
    setRunning(false);
    setGame(null);
    setLog([]);
    setDice({ key: 0, rolls: [] });
    setEffects(null);
  }, []);

  const start = useCallback(
    async (setup: GameSetup) => {
      reset();
      setBusy(true);
      await serial(async () => {
        const c = getClient();
        const { loaded, game: g } = await openGame(c, scenario, setup);
        const state = await fetchState(c, g.game);
        const map = learnNames(state, loaded);
        setLog(logLines(g.events, 0, map, 1));
        const rolls = diceOf(g.events, map);
        setDice({ key: ++seq.current, rolls });
        setGame({ id: g.game, loaded, summary: g.summary, state, players: setup.players, replay: null });
      });
      setBusy(false);
    },
    [getClient, reset, scenario, serial],
  );

  const openLog = useCallback(
    async (text: string) => {
      reset();
      setBusy(true);
      await serial(async () => {
        const c = getClient();
        if (!c.running) await c.start();
        const loaded = await c.request<Loaded>('load', { scenario });
        const r = await c
          .request<EngineMessage & { game: string; players?: { red: Seat; blue: Seat }; summary: Summary; setup?: unknown[]; plies: ReplayPly[] }>('open-log', { text })
          .catch((e: unknown) => {
            // The engine's words assume a host that loads scenarios; a player only picked the wrong file.
            if (e instanceof EngineError && e.code === 'unknown-scenario') throw new Error(`That game log is of another scenario, not "${scenario.title}": open that scenario to replay it.`);
            throw e;
          });
        if (r.scenario !== undefined && r.scenario !== loaded.scenario) throw new Error(`That log is of "${String(r.scenario)}", not of this scenario.`);
        const state = await fetchState(c, r.game);
        const map = learnNames(state, loaded);
        const lines = [...logLines(r.setup ?? [], 0, map, 0), ...r.plies.flatMap((p) => logLines(p.events, p.ply, map, 0))];
        setLog(lines.map((l, i) => ({ ...l, n: i + 1 })));
        setGame({ id: r.game, loaded, summary: r.summary, state, players: r.players ?? { red: 'human', blue: 'human' }, replay: r.plies });
      });
      setBusy(false);
    },
    [getClient, reset, scenario, serial],
  );

  const act = useCallback(
    async (action: EngineAction) => {
      await serial(async () => {
        const c = current();
        const g = gameRef.current;
        if (!c || !g) return;
        const r = await c.request<Acted>('act', { game: g.id, action });
        await absorb(c, g, r);
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, serial],
  );

  const pause = useCallback(() => {
    runningRef.current = false;
    setRunning(false);
  }, []);

  /** AI moves, one after another with `delayMs` between, until `until` is reached, the game ends or Pause. */
  const run = useCallback(
    async (until: RunUntil, delayMs: number) => {
      if (runningRef.current) return;
      runningRef.current = true;
      setRunning(true);
      const first = gameRef.current?.summary;
      let moves = 0;
      let drawn = performance.now();
      let stale = false;
      while (runningRef.current) {
        const g = gameRef.current;
        const c = current();
        if (!c || !g || g.summary.over) break;
        if (until === 'human' && g.summary.seat === 'human') break;
        if (moves > 0 && until === 'step') break;
        if (moves > 0 && first && until === 'phase' && (g.summary.phase !== first.phase || g.summary.turn !== first.turn)) break;
        if (moves > 0 && first && until === 'turn' && g.summary.turn !== first.turn) break;
        const ok = await serial(async () => {
          const r = await c.request<Acted>('ai-move', { game: g.id });
          const draw = delayMs > 0 || r.summary.over || until === 'step' || performance.now() - drawn > FAST_REDRAW_MS;
          await absorb(c, g, r, draw);
          if (draw) drawn = performance.now();
          stale = !draw;
          return true;
        });
        if (!ok) break;
        moves++;
        if (delayMs > 0) await wait(delayMs);
      }
      if (stale) {
        await serial(async () => {
          const c = current();
          const g = gameRef.current;
          if (!c || !g) return;
          const next = { ...g, state: await fetchState(c, g.id) };
          gameRef.current = next;
          setGame(next);
        });
      }
      runningRef.current = false;
      setRunning(false);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, serial],
  );

  const undo = useCallback(async () => {
    pause();
    await serial(async () => {
      const c = current();
      const g = gameRef.current;
      if (!c || !g) return;
      const r = await c.request<EngineMessage & { summary: Summary }>('undo', { game: g.id });
      const state = await fetchState(c, g.id);
      const next = { ...g, summary: r.summary, state };
      gameRef.current = next;
      setGame(next);
      setLog((l) => l.filter((x) => x.ply <= r.summary.ply));
      setDice({ key: ++seq.current, rolls: [] });
      setEffects(null);
    });
  }, [current, pause, serial]);

  const seek = useCallback(
    async (ply: number) => {
      await serial(async () => {
        const c = current();
        const g = gameRef.current;
        if (!c || !g) return;
        const from = g.summary.ply;
        const r = await c.request<EngineMessage & { summary: Summary }>('seek', { game: g.id, ply });
        const state = await fetchState(c, g.id);
        const next = { ...g, summary: r.summary, state };
        gameRef.current = next;
        setGame(next);
        // One step forward shows that action's dice and effects, as in play; a jump shows none.
        const stepped = ply === from + 1 ? g.replay?.find((p) => p.ply === ply) : undefined;
        setDice({ key: ++seq.current, rolls: stepped ? diceOf(stepped.events, namesRef.current) : [] });
        const list = stepped ? effectsOf(stepped.events, g.state) : [];
        setEffects(list.length ? { key: ++seq.current, list } : null);
      });
    },
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

  // A human playing the AI: the AI's turns play themselves, at a pace a player can follow.
  const hasHuman = !!game && (game.players.red === 'human' || game.players.blue === 'human');
  const aiToAct = !!game && !game.replay && !game.summary.over && game.summary.seat !== 'human';
  useEffect(() => {
    if (hasHuman && aiToAct && !runningRef.current) void run('human', aiDelayMs);
  }, [hasHuman, aiToAct, aiDelayMs, game?.summary.ply, run]);

  useEffect(() => () => void (runningRef.current = false), []);

  return { game, log, dice, effects, busy, running, names, start, openLog, act, run, pause, undo, seek, logText, request, reset };
}
