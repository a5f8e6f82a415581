// Operations run one after another in the order they were asked for, each starting once the one before has settled,
// whatever it answered: for calls to the host whose order matters (a backup written, then discarded by a save).
export type SerialQueue = (op: () => Promise<unknown>) => Promise<void>;

export function serialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return (op) => {
    const next = tail.then(op).then(
      () => undefined,
      () => undefined,
    );
    tail = next;
    return next;
  };
}
