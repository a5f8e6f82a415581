import { describe, expect, it } from 'vitest';
import type { AdcDocument } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { validateDocument } from '../../domain/validate.js';
import { applyPatches } from './doc-patch.js';
import type { ValidationRequest } from './protocol.js';
import { ValidationChannel } from './use-validation.js';

/** A worker double that runs the real checks, but only when the test says the worker gets to it. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  received: ValidationRequest[] = [];
  terminated = false;
  /** The document the worker holds, as the real worker keeps it. */
  base: AdcDocument | null = null;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(m: ValidationRequest) {
    this.received.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** Answers the oldest request it holds. */
  answer() {
    const m = this.received.shift()!;
    this.base = 'doc' in m ? m.doc : (applyPatches(this.base, m.patches) as AdcDocument);
    this.onmessage!({ data: { seq: m.seq, ok: true, problems: validateDocument(this.base) } } as MessageEvent);
  }
  crash(message: string) {
    this.onerror!({ message, preventDefault() {} } as ErrorEvent);
  }
}

const doc = (title: string): AdcDocument =>
  ({ type: 'aide-de-camp/army', schemaVersion: 1, id: 'a', name: title, army: { id: 'x', name: 'X', echelon: 'division', units: [] } }) as unknown as AdcDocument;

function setup() {
  FakeWorker.started = [];
  const answers: { seq: number; problems: Problem[] }[] = [];
  const channel = new ValidationChannel((seq, problems) => answers.push({ seq, problems }), () => new FakeWorker() as unknown as Worker);
  return { channel, answers };
}

describe('the validation channel', () => {
  it('keeps one request in flight and sends only the newest of the edits made meanwhile', () => {
    const { channel, answers } = setup();
    channel.submit(1, doc('one'));
    channel.submit(2, doc('two'));
    channel.submit(3, doc(''));
    const [worker] = FakeWorker.started;
    expect(worker!.received.map((r) => r.seq)).toEqual([1]);
    worker!.answer();
    // The answer for document 1 is stale by now and dropped; document 3 goes next, and 2 never does.
    expect(answers).toEqual([]);
    expect(worker!.received.map((r) => r.seq)).toEqual([3]);
    worker!.answer();
    expect(answers).toHaveLength(1);
    expect(answers[0]!.seq).toBe(3);
    expect(answers[0]!.problems.some((p) => p.path === '/name' && p.severity === 'error')).toBe(true);
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('starts afresh after being closed with a request in flight, instead of waiting for ever', () => {
    const { channel, answers } = setup();
    channel.submit(1, doc('one'));
    channel.close();
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    channel.submit(2, doc('two'));
    expect(FakeWorker.started).toHaveLength(2);
    FakeWorker.started[1]!.answer();
    expect(answers.map((a) => a.seq)).toEqual([2]);
  });

  it('shows a worker that died as a problem, and the next edit gets a new worker', () => {
    const { channel, answers } = setup();
    channel.submit(1, doc('one'));
    FakeWorker.started[0]!.crash('out of memory');
    expect(answers).toEqual([{ seq: 1, problems: [expect.objectContaining({ severity: 'error', message: expect.stringContaining('out of memory') })] }]);
    channel.submit(2, doc('two'));
    expect(FakeWorker.started).toHaveLength(2);
    FakeWorker.started[1]!.answer();
    expect(answers.at(-1)).toEqual({ seq: 2, problems: [] });
  });

  it('drops the answer for a document that was closed meanwhile', () => {
    const { channel, answers } = setup();
    channel.submit(1, doc('one'));
    channel.forget(2);
    FakeWorker.started[0]!.answer();
    expect(answers).toEqual([]);
  });

  it('sends a fresh worker the whole document and then only what changed, and the worker ends with the same document', () => {
    const { channel, answers } = setup();
    const one = doc('one');
    channel.submit(1, one);
    const [worker] = FakeWorker.started;
    worker!.answer();
    const two = { ...one, name: '' } as AdcDocument;
    channel.submit(2, two);
    expect(worker!.received[0]).toEqual({ seq: 2, patches: [{ op: 'set', path: ['name'], value: '' }] });
    worker!.answer();
    expect(worker!.base).toEqual(two);
    expect(answers.map((a) => a.seq)).toEqual([1, 2]);
    expect(answers[1]!.problems.some((p) => p.path === '/name')).toBe(true);
  });

  it('starts on a prepared document before it is submitted, and answers the submit from that check', () => {
    const { channel, answers } = setup();
    const one = doc('one');
    channel.submit(1, one);
    const [worker] = FakeWorker.started;
    worker!.answer();
    const two = doc('');
    channel.prepare(two);
    expect(worker!.received).toHaveLength(1);
    channel.submit(2, two);
    expect(worker!.received).toHaveLength(1);
    worker!.answer();
    expect(answers.map((a) => a.seq)).toEqual([1, 2]);
    // Submitting a document already answered answers at once, without asking the worker.
    channel.submit(3, two);
    expect(answers.map((a) => a.seq)).toEqual([1, 2, 3]);
    expect(worker!.received).toHaveLength(0);
  });

  it('still checks the submitted document when a prepared one that was never submitted took its place', () => {
    const { channel, answers } = setup();
    channel.submit(1, doc('one'));
    const [worker] = FakeWorker.started;
    const submitted = doc('');
    channel.submit(2, submitted);
    channel.prepare(doc('thrown away'));
    worker!.answer();
    worker!.answer();
    expect(answers).toEqual([]);
    worker!.answer();
    expect(answers.map((a) => a.seq)).toEqual([2]);
    expect(worker!.base).toEqual(submitted);
  });
});
