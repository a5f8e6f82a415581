// A promise per request over the host's message-passing engine API. The protocol lets replies come in any order,
// so each is matched to its request by `re`; events (progress, engine-failed) go to whoever asked for them.
import type { EngineApi } from '../../domain/host-api.js';

export interface EngineMessage {
  type: string;
  re?: string;
  [field: string]: unknown;
}

/** An error reply, or the engine gone: `code` is the protocol's code, or `engine-failed` / `unavailable`. */
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
}

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

  constructor(
    private readonly engine: EngineApi,
    private readonly onFailure: (error: EngineError) => void = () => undefined,
  ) {}

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
      this.pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      this.engine.send(session, { ...body, id, type }).then(
        (r) => {
          if (r.ok) return;
          this.pending.delete(id);
          reject(new EngineError(r.code, r.message));
        },
        (e: Error) => {
          this.pending.delete(id);
          reject(new EngineError('unavailable', e.message));
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

  private receive(session: string, message: unknown): void {
    if (session !== this.session || !isMessage(message)) return;
    if (typeof message.re === 'string') {
      const p = this.pending.get(message.re);
      if (!p) return;
      this.pending.delete(message.re);
      if (message.type === 'error') p.reject(new EngineError(String(message.code ?? 'error'), String(message.message ?? 'The engine reported an error.'), message));
      else p.resolve(message);
      return;
    }
    if (message.type === 'progress' && typeof message.request === 'string') {
      this.pending.get(message.request)?.onProgress?.(Number(message.done), Number(message.total));
      return;
    }
    if (message.type === 'engine-failed') {
      this.failure = new EngineError('engine-failed', String(message.message ?? 'The rules engine stopped.'), message);
      this.rejectAll(this.failure);
      this.onFailure(this.failure);
    }
  }

  private rejectAll(error: EngineError): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(error);
  }
}

export type Seat = 'human' | 'ai' | 'random';

export interface GameSetup {
  seed: number;
  players: { red: Seat; blue: Seat };
  /** The scenario's optional rules switched on or off for this game (engine `new-game` options). */
  options?: Record<string, boolean>;
}

export interface Summary {
  turn: number;
  turns: number;
  phase: string;
  pending: string;
  toAct: 'red' | 'blue' | null;
  seat: Seat | null;
  vp: { red: number; blue: number };
  ply: number;
  over: boolean;
  result: GameResult | null;
}

export interface GameResult {
  winner: 'red' | 'blue' | 'draw';
  reason: string;
  turns: number;
  vp: { red: number; blue: number };
  condition: number;
}

export interface Loaded extends EngineMessage {
  scenario: string;
  title: string;
  sides: { id: string; key: 'red' | 'blue'; name: string; units: { id: string; name: string; type: string }[] }[];
}

export interface NewGame extends EngineMessage {
  game: string;
  events: EngineMessage[];
  summary: Summary;
}

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
