// Live validation through a Web Worker. The page shows the last answer until the next arrives, and says
// "checking…" only when an answer is slow, so quick edits do not flicker. A worker that dies or cannot start is
// replaced once per failure, and its failure is shown as a problem rather than leaving the list silently stale.
import { useEffect, useRef, useState } from 'react';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

/** How long an answer may take before the Problems panel says it is still checking. */
export const SHOW_CHECKING_AFTER_MS = 200;

export interface Validation {
  problems: Problem[];
  /** True while the newest document's answer is late (see SHOW_CHECKING_AFTER_MS). */
  checking: boolean;
}

const failure = (message: string): Problem[] => [
  { severity: 'error', path: '', message: `The document could not be checked: ${message}`, hint: 'Save your work; the checks start again with the next edit.' },
];

function startWorker(): Worker {
  return new Worker(new URL('./validation-worker.ts', import.meta.url), { type: 'module', name: 'validation' });
}

export function useValidation(doc: AdcDocument | null, loadProblems: Problem[]): Validation {
  const [state, setState] = useState<{ seq: number; problems: Problem[] }>({ seq: 0, problems: [] });
  const [late, setLate] = useState(false);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const busy = useRef(false);
  /** The newest document not yet sent, while the worker is busy with an older one. */
  const waiting = useRef<{ seq: number; doc: AdcDocument } | null>(null);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  useEffect(() => {
    if (!doc) {
      seq.current++;
      waiting.current = null;
      setLate(false);
      return;
    }
    const mine = ++seq.current;
    const send = (job: { seq: number; doc: AdcDocument }): void => {
      busy.current = true;
      try {
        if (!worker.current) {
          const w = startWorker();
          w.onmessage = (e: MessageEvent<ValidationReply>) => finish(e.data);
          w.onerror = (e) => {
            e.preventDefault();
            w.terminate();
            if (worker.current === w) worker.current = null;
            finish({ seq: seq.current, ok: false, message: e.message || 'the checker stopped' });
          };
          worker.current = w;
        }
        worker.current.postMessage({ seq: job.seq, doc: job.doc } satisfies ValidationRequest);
      } catch (err) {
        finish({ seq: job.seq, ok: false, message: err instanceof Error ? err.message : String(err) });
      }
    };
    const finish = (reply: ValidationReply): void => {
      busy.current = false;
      const next = waiting.current;
      waiting.current = null;
      if (next) send(next);
      // Answers for documents that have since changed are dropped: only the newest may show.
      if (reply.seq !== seq.current) return;
      setLate(false);
      setState({ seq: reply.seq, problems: reply.ok ? reply.problems : failure(reply.message) });
    };
    if (busy.current) waiting.current = { seq: mine, doc };
    else send({ seq: mine, doc });
    const timer = setTimeout(() => {
      if (seq.current === mine) setLate(true);
    }, SHOW_CHECKING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [doc]);

  if (!doc) return { problems: loadProblems, checking: false };
  // Until the first answer there is nothing to show, and "no problems" would be a claim nobody has checked.
  return { problems: state.problems, checking: late || state.seq === 0 };
}
