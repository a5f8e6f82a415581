// A promise per request over the host's message-passing engine API. The protocol lets replies come in any order,
// so each is matched to its request by `re`; events (progress, engine-failed) go to whoever asked for them.
import type { GameReply, GameResult, GameSummary, LoadedReply, Seat } from '../../domain/engine-protocol.js';
import type { EngineApi } from '../../domain/host-api.js';

export interface EngineMessage {
  type: string;
  re?: string;
  [field: string]: unknown;
}

/**
 * An error reply, or the engine gone: `code` is the protocol's code, or `engine-failed` / `unavailable`, or
 * `connection-lost` (the web shell's stream dropped while the request waited) / `timeout` (silence, see silenceMs).
 */
export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly reply?: EngineMessage,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

interface Pending {
  resolve(reply: EngineMessage): void;
  reject(error: EngineError): void;
  onProgress?: (done: number, total: number) => void;
  /** Fires after a silence; cleared when the request is answered. */
  timer: ReturnType<typeof setTimeout> | null;
  /** A silence has already been met with a ping: the next one ends the request. */
  probed: boolean;
}

export interface EngineClientOptions {
  /**
   * How long a request may hear nothing, neither its reply nor progress, before the client pings the engine; as
   * long again without the pong, and the request fails. Silence, not total time: a long simulation that sends
   * progress, or an engine that answers the ping, keeps its requests alive however long they take.
   */
  silenceMs?: number;
}

/** Generous: an AI move or a slice of a big simulation can take a while, and failing a live request is worse. */
export const DEFAULT_SILENCE_MS = 30_000;

export interface Started<T> {
  id: string;
  reply: Promise<T>;
}

const isMessage = (v: unknown): v is EngineMessage => !!v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';

export class EngineClient {
  private session: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly pending = new Map<string, Pending>();
  private seq = 0;
  /** Set once the engine has failed; every later request is refused with it rather than waiting forever. */
  private failure: EngineError | null = null;
  private starting: Promise<void> | null = null;
  private readonly silenceMs: number;
  /** The ping sent to see whether a silent engine is still there, while it is unanswered. */
  private probe: string | null = null;

  constructor(
    private readonly engine: EngineApi,
    private readonly onFailure: (error: EngineError) => void = () => undefined,
    options: EngineClientOptions = {},
  ) {
    this.silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  get running(): boolean {
    return this.session !== null && this.failure === null;
  }

  /**
   * Starts the engine once: callers that ask while it is starting (Start in Play and Run in the report, or a double
   * click) wait for the same start instead of each spawning an engine of their own.
   */
  start(): Promise<void> {
    if (this.session && !this.failure) return Promise.resolve();
    this.starting ??= this.startOnce().finally(() => (this.starting = null));
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    // Subscribe before starting, so nothing the engine says right away is missed.
    this.unsubscribe = this.engine.onMessage((session, message) => this.receive(session, message));
    const r = await this.engine.start();
    if (!r.ok) {
      this.unsubscribe();
      this.unsubscribe = null;
      throw new EngineError(r.code, r.message);
    }
    this.session = r.session;
  }

  /** Sends one request; `id` is there so a long one (simulate) can be cancelled. */
  begin<T = EngineMessage>(type: string, body: Record<string, unknown> = {}, onProgress?: (done: number, total: number) => void): Started<T> {
    const id = `r${++this.seq}`;
    const reply = new Promise<EngineMessage>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const session = this.session;
      if (!session) return reject(new EngineError('unavailable', 'The rules engine is not running.'));
      this.pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}), timer: null, probed: false });
      this.listen(id);
      this.engine.send(session, { ...body, id, type }).then(
        (r) => {
          if (r.ok) return;
          this.settle(id)?.reject(new EngineError(r.code, r.message));
        },
        (e: Error) => {
          this.settle(id)?.reject(new EngineError('unavailable', e.message));
        },
      );
    });
    return { id, reply: reply as Promise<T> };
  }

  request<T = EngineMessage>(type: string, body: Record<string, unknown> = {}, onProgress?: (done: number, total: number) => void): Promise<T> {
    return this.begin<T>(type, body, onProgress).reply;
  }

  async stop(): Promise<void> {
    const session = this.session;
    this.session = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.rejectAll(new EngineError('unavailable', 'The rules engine was stopped.'));
    if (session) await this.engine.stop(session).catch(() => undefined);
  }

  /** (Re)starts a request's wait for the next sign of life. */
  private listen(id: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    if (p.timer !== null) clearTimeout(p.timer);
    p.timer = setTimeout(() => this.silent(id), this.silenceMs);
  }

  private silent(id: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    p.timer = null;
    if (!p.probed) {
      p.probed = true;
      this.sendProbe();
      this.listen(id);
      return;
    }
    this.settle(id);
    const seconds = Math.round((2 * this.silenceMs) / 1000);
    p.reject(new EngineError('timeout', `The rules engine sent nothing for ${seconds} seconds, not even an answer to a check that it was still there, so this request was given up.`));
  }

  /** A ping on behalf of silent requests: its pong proves the engine and the way back from it are both alive. */
  private sendProbe(): void {
    const session = this.session;
    if (this.probe !== null || !session) return;
    const id = `probe${++this.seq}`;
    this.probe = id;
    this.engine.send(session, { id, type: 'ping' }).then(
      (r) => {
        if (!r.ok && this.probe === id) this.probe = null;
      },
      () => {
        if (this.probe === id) this.probe = null;
      },
    );
  }

  /** Takes a request out of the waiting list, with its timer. */
  private settle(id: string): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (p.timer !== null) clearTimeout(p.timer);
    return p;
  }

  private receive(session: string, message: unknown): void {
    if (session !== this.session || !isMessage(message)) return;
    if (typeof message.re === 'string' && message.re === this.probe) {
      this.probe = null;
      // The engine is there and its answers reach us: every silent request gets a fresh wait.
      for (const [id, p] of this.pending) {
        p.probed = false;
        this.listen(id);
      }
      return;
    }
    if (typeof message.re === 'string') {
      const p = this.settle(message.re);
      if (!p) return;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the engine's JSON: whatever it sent is shown as it reads
      if (message.type === 'error') p.reject(new EngineError(String(message.code ?? 'error'), String(message.message ?? 'The engine reported an error.'), message));
      else p.resolve(message);
      return;
    }
    if (message.type === 'progress' && typeof message.request === 'string') {
      const p = this.pending.get(message.request);
      if (!p) return;
      p.probed = false;
      this.listen(message.request);
      p.onProgress?.(Number(message.done), Number(message.total));
      return;
    }
    if (message.type === 'engine-failed') {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the engine's JSON: whatever it sent is shown as it reads
      this.failure = new EngineError('engine-failed', String(message.message ?? 'The rules engine stopped.'), message);
      this.rejectAll(this.failure);
      this.onFailure(this.failure);
    }
  }

  private rejectAll(error: EngineError): void {
    const all = [...this.pending.keys()].map((id) => this.settle(id)!);
    this.probe = null;
    for (const p of all) p.reject(error);
  }
}

export type { Seat };

export interface GameSetup {
  seed: number;
  players: { red: Seat; blue: Seat };
  /** The scenario's optional rules switched on or off for this game (engine `new-game` options). */
  options?: Record<string, boolean>;
}

/** Every reply about a game carries one (domain/engine-protocol.ts). */
export type Summary = GameSummary;
export type { GameResult };

/** The engine's `loaded` reply: what the play view reads of it. */
export type Loaded = EngineMessage & Pick<LoadedReply, 'scenario' | 'title' | 'sides'>;

/** The engine's `game` reply to `new-game`. */
export type NewGame = EngineMessage & Pick<GameReply, 'game' | 'events' | 'summary'>;

/** Starts an engine, gives it the document as it stands (a copy: the engine never writes back) and begins a game. */
export async function openGame(client: EngineClient, scenario: unknown, setup: GameSetup): Promise<{ loaded: Loaded; game: NewGame }> {
  if (!client.running) await client.start();
  const loaded = await client.request<Loaded>('load', { scenario });
  const game = await client.request<NewGame>('new-game', {
    scenario: loaded.scenario,
    seed: setup.seed,
    players: setup.players,
    ...(setup.options ? { options: setup.options } : {}),
  });
  return { loaded, game };
}
