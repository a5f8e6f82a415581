// Long work spread over frames: generators stepped for a few milliseconds once per frame, just after the frame is
// drawn, so a frame never holds more than one slice of work and the wheel, the pointer and the drawing keep their
// turn. Used for what a settled zoom re-does (the label layout, the static layer's bitmap and its hit canvas), which
// on a big table took 20 ms to half a second in one block.
//
// Every job shares one slice per frame: two jobs at once (a new zoom's label layout while the last zoom's hit
// canvas is still being drawn) would otherwise each take their own and make frames of 10–17 ms. The newest job goes
// first, as it is the one the screen waits for; an older one gets what the slice has left.

/** Milliseconds of work per frame: with the frame's own drawing it stays well inside a 60 Hz frame. */
export const SLICE_MS = 5;

export interface SlicedJob {
  /** Stops the work; `done` is never called. Safe to call more than once, or after the end. */
  cancel: () => void;
}

interface Job {
  steps: Iterator<unknown, unknown>;
  done: (value: unknown) => void;
}

/** The jobs under way, oldest first. */
const jobs: Job[] = [];
let channel: MessageChannel | null = null;
let frame = 0;
let scheduled = false;
/** Numbers each posted slice, so one posted before a cancel never runs as an extra slice for a later job. */
let ticket = 0;

/** One slice: the newest job's steps until the slice is spent or it ends, then the next newest's. */
function slice(): void {
  scheduled = false;
  const until = performance.now() + SLICE_MS;
  while (jobs.length > 0) {
    const job = jobs[jobs.length - 1]!;
    const step = job.steps.next();
    if (step.done) {
      jobs.splice(jobs.lastIndexOf(job), 1);
      // The end of a job (a new bitmap put on show) is enough for one frame; what it starts waits for the next.
      job.done(step.value);
      break;
    }
    if (performance.now() >= until) break;
  }
  if (jobs.length > 0) schedule();
}

/** A slice in a task posted from the next frame's callback: after the frame's drawing rather than before it. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = (e: MessageEvent<number>) => {
      if (e.data === ticket) slice();
    };
  }
  const port = channel.port2;
  const t = ++ticket;
  frame = requestAnimationFrame(() => port.postMessage(t));
}

/** Steps `steps` a slice per frame, with any other jobs, until it returns; then calls `done` with its value. */
export function runInSlices<T>(steps: Iterator<unknown, T>, done: (value: T) => void): SlicedJob {
  const job: Job = { steps, done: done as (value: unknown) => void };
  jobs.push(job);
  schedule();
  return {
    cancel: () => {
      const i = jobs.indexOf(job);
      if (i >= 0) jobs.splice(i, 1);
      if (jobs.length === 0 && scheduled) {
        cancelAnimationFrame(frame);
        ticket++;
        scheduled = false;
      }
    },
  };
}
