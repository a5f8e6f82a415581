// Live validation through a Web Worker. The page shows the last answer until the next arrives, and says
// "checking…" only when an answer is slow, so quick edits do not flicker. Only the newest document is ever
// waiting: edits made while the worker is busy replace one another, and answers for older documents are dropped.
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { diffDocument } from './doc-patch.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

/** How long an answer may take before the Problems panel says it is still checking. */
export const SHOW_CHECKING_AFTER_MS = 200;

export interface Validation {
  problems: Problem[];
  /** True until the newest document's first answer, once that answer is late (see SHOW_CHECKING_AFTER_MS). */
  checking: boolean;
}

const failure = (message: string): Problem[] => [
  { severity: 'error', path: '', message: `The document could not be checked: ${message}`, hint: 'Save your work; the checks start again with the next edit.' },
];

/**
 * One worker, one request in flight, one waiting. Closing it (the page unmounting, or React's development
 * double-mount) forgets the request in flight, so a later submit starts a fresh worker instead of waiting for
 * an answer that will never come. After the first document the worker is sent only what changed (doc-patch.ts);
 * a fresh worker, or one whose last answer was a failure, is sent the whole document.
 */
export class ValidationChannel {
  private worker: Worker | null = null;
  private inFlight: AdcDocument | null = null;
  private waiting: AdcDocument | null = null;
  /** What the worker holds: the document the next patch is worked out from. */
  private base: AdcDocument | null = null;
  private last: { doc: AdcDocument; problems: Problem[] } | null = null;
  private latest = 0;
  private latestDoc: AdcDocument | null = null;

  constructor(
    private readonly onAnswer: (seq: number, problems: Problem[]) => void,
    private readonly start: () => Worker = () => new Worker(new URL('./validation-worker.ts', import.meta.url), { type: 'module', name: 'validation' }),
  ) {}

  submit(seq: number, doc: AdcDocument): void {
    this.latest = seq;
    this.latestDoc = doc;
    if (this.last?.doc === doc) {
      this.waiting = null;
      this.onAnswer(seq, this.last.problems);
      return;
    }
    this.waiting = this.inFlight === doc ? null : doc;
    this.pump();
  }

  /**
   * Starts checking a document the page is about to submit (called as the render that shows it begins), so the
   * worker checks it while the page renders. Nothing is started before the first submit: the worker stays off
   * the first view's critical path.
   */
  prepare(doc: AdcDocument): void {
    if (!this.worker || doc === this.latestDoc || doc === this.inFlight || doc === this.waiting || doc === this.last?.doc) return;
    this.waiting = doc;
    this.pump();
  }

  /** Nothing is waiting any more (the document was closed). */
  forget(seq: number): void {
    this.latest = seq;
    this.latestDoc = null;
    this.waiting = null;
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.inFlight = null;
    this.base = null;
  }

  private pump(): void {
    if (this.inFlight !== null) return;
    // A prepared document whose render was thrown away may have taken the submitted one's place: that one goes next.
    const latest = this.latestDoc !== null && this.last?.doc !== this.latestDoc ? this.latestDoc : null;
    const doc = this.waiting ?? latest;
    this.waiting = null;
    if (!doc) return;
    const seq = doc === this.latestDoc ? this.latest : 0;
    try {
      const worker = (this.worker ??= this.open());
      const message: ValidationRequest = this.base ? { seq, patches: diffDocument(this.base, doc) } : { seq, doc };
      this.inFlight = doc;
      worker.postMessage(message);
      this.base = doc;
    } catch (err) {
      this.inFlight = null;
      this.base = null;
      this.settle(doc, failure(err instanceof Error ? err.message : String(err)));
    }
  }

  private open(): Worker {
    const worker = this.start();
    this.base = null;
    worker.onmessage = (e: MessageEvent<ValidationReply>) => {
      if (worker !== this.worker || !this.inFlight) return;
      const doc = this.inFlight;
      this.inFlight = null;
      const reply = e.data;
      if (!reply.ok) this.base = null;
      this.settle(doc, reply.ok ? reply.problems : failure(reply.message));
      this.pump();
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (worker !== this.worker) return;
      // A worker that died is replaced by the next edit; meanwhile the failure shows as a problem.
      const doc = this.inFlight ?? this.latestDoc;
      this.close();
      if (doc) this.settle(doc, failure(e.message || 'the checker stopped'));
      this.pump();
    };
    return worker;
  }

  private settle(doc: AdcDocument, problems: Problem[]): void {
    this.last = { doc, problems };
    if (doc === this.latestDoc) this.onAnswer(this.latest, problems);
  }
}

let painted: Promise<void> | null = null;
/**
 * Resolves once the page has painted after the first call: the worker (a large script of its own, compiled on a
 * core the first view also wants on a two-core machine) starts after the map is on screen, not before.
 */
function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return painted;
}

/**
 * What the page shows of the checks, held outside React so that an answer re-renders only the components that show
 * problems (`WithValidation`), not the application around them, and a late timer that finds the answer already in
 * re-renders nothing.
 */
export class ValidationStore {
  private answer: { seq: number; problems: Problem[] } = { seq: 0, problems: [] };
  private late: number | null = null;
  /** The sequence number of the newest document handed to the channel. */
  private submitted = 0;
  private value: Validation = { problems: [], checking: true };
  private readonly listeners = new Set<() => void>();

  readonly get = (): Validation => this.value;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  answered(seq: number, problems: Problem[]): void {
    this.answer = { seq, problems };
    this.publish();
  }
  submitting(seq: number): void {
    this.submitted = seq;
    this.publish();
  }
  lateFor(seq: number): void {
    this.late = seq;
    this.publish();
  }

  private publish(): void {
    // Until the newest document has an answer, a late one shows "checking…"; before the very first answer there is
    // nothing to show, and "no problems" would be a claim nobody has checked.
    const pending = this.answer.seq !== this.submitted;
    const checking = this.answer.seq === 0 || (pending && this.late === this.submitted);
    if (this.value.problems === this.answer.problems && this.value.checking === checking) return;
    this.value = { problems: this.answer.problems, checking };
    for (const l of this.listeners) l();
  }
}

/**
 * Checks the document in the worker as it changes; the answers are read from the returned store with
 * `WithValidation`. Nothing in the calling component renders again when an answer arrives.
 */
export function useValidation(doc: AdcDocument | null): ValidationStore {
  const seq = useRef(0);
  const store = useRef<ValidationStore | null>(null);
  store.current ??= new ValidationStore();
  const channel = useRef<ValidationChannel | null>(null);
  channel.current ??= new ValidationChannel((s, problems) => store.current!.answered(s, problems));
  // The worker starts on the new document now, while the page renders it, rather than after the commit.
  // eslint-disable-next-line react-hooks/refs -- posting to the worker changes no state; a render thrown away only checks a document early
  if (doc) channel.current.prepare(doc);

  useEffect(() => () => channel.current?.close(), []);

  useEffect(() => {
    const mine = ++seq.current;
    if (!doc) {
      channel.current!.forget(mine);
      return;
    }
    store.current!.submitting(mine);
    let live = true;
    void afterFirstPaint().then(() => {
      if (live) channel.current!.submit(mine, doc);
    });
    const timer = setTimeout(() => store.current!.lateFor(mine), SHOW_CHECKING_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [doc]);

  // eslint-disable-next-line react-hooks/refs -- the store is made once and never replaced
  return store.current;
}

/**
 * Renders `children` with the latest answer; only this component re-renders when one arrives. The answer's
 * re-render runs in the worker message's own task (an external store's update is synchronous), not in a task of
 * its own behind the next frame.
 */
export function WithValidation(props: { store: ValidationStore; children: (v: Validation) => ReactNode }): ReactNode {
  const v = useSyncExternalStore(props.store.subscribe, props.store.get);
  return props.children(v);
}
