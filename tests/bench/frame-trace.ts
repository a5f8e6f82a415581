// Frame times read off a Chromium performance trace: everything the page's main thread did in each frame, React's
// renders and effects, Konva's drawing and caching, garbage collection, not only the calls a hook can wrap.
//
// requestAnimationFrame stays locked to 60 Hz in headless Chromium whatever the flags, so the gaps between frames say
// nothing below 16.7 ms. Instead a frame here is the span between two BeginMainThreadFrame events (the main thread
// is only asked for a frame when something on the page changed, so idle frames do not count), and its time is the
// sum of the top-level tasks that started in that span. A 40 ms task makes a 40 ms frame, wherever it came from.
//
// On a machine shared with other busy work the clock time of a task also holds the time the thread waited for a
// core; `clock: 'cpu'` sums the thread's own CPU time of the same tasks instead (the trace's `tdur`), which is what
// the page's code costs and moves far less with the load.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { startTime?: number } };
}

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  worst: number;
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

export function stats(frames: readonly number[]): FrameStats {
  return { frames: frames.length, p50: percentile(frames, 50), p95: percentile(frames, 95), worst: frames.length ? Math.max(...frames) : Number.NaN };
}

/**
 * Main-thread work per frame, in ms, between the user-timing marks `from` and `to` (performance.mark in the page):
 * clock time, or the thread's CPU time.
 */
export function frameWork(trace: Buffer, from: string, to: string, clock: 'wall' | 'cpu' = 'wall'): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const start = events.find((e) => e.name === from);
  const end = events.find((e) => e.name === to);
  if (!start || !end) throw new Error(`the trace holds no mark ${start ? to : from}`);
  // The marks are made on the page's main thread: that is the thread to read.
  const { pid, tid } = start;
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= start.ts && e.ts <= end.ts);
  const beats = mine.filter((e) => e.name === 'BeginMainThreadFrame').map((e) => e.ts);
  // Top-level tasks only: a task run inside another (a nested loop) is already in its parent's time.
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const top: TraceEvent[] = [];
  let until = -Infinity;
  for (const t of tasks) {
    if (t.ts < until) continue;
    top.push(t);
    until = t.ts + (t.dur ?? 0);
  }
  const frames: number[] = [];
  let k = 0;
  for (let i = 0; i < beats.length; i++) {
    const lo = beats[i]!;
    const hi = beats[i + 1] ?? end.ts;
    // The task that holds the frame's beginning (rAF callbacks and paint run inside it) belongs to the frame.
    while (k < top.length && top[k]!.ts + (top[k]!.dur ?? 0) <= lo) k++;
    let work = 0;
    while (k < top.length && top[k]!.ts < hi) {
      const t = top[k++]!;
      work += (clock === 'cpu' ? t.tdur : t.dur) ?? 0;
    }
    frames.push(work / 1000);
  }
  return frames;
}

/**
 * The page main thread's CPU time, in ms, from each `from` mark to the first `to` mark after it (a key and what it
 * changed, say): every top-level task that ends after the first mark and starts before the second. When several
 * `from` marks come before one `to` (a modifier's keydown before the key's), the span starts at the first.
 */
export function cpuBetweenMarks(trace: Buffer, from: string, to: string): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const starts = events.filter((e) => e.name === from).sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === to).map((e) => e.ts).sort((a, b) => a - b);
  const first = starts[0];
  if (!first) return [];
  const { pid, tid } = first;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const top: TraceEvent[] = [];
  let until = -Infinity;
  for (const t of tasks) {
    if (t.ts < until) continue;
    top.push(t);
    until = t.ts + (t.dur ?? 0);
  }
  const spans: number[] = [];
  let after = -Infinity;
  for (const end of ends) {
    const start = starts.find((s) => s.ts > after && s.ts < end);
    after = end;
    if (!start) continue;
    let cpu = 0;
    for (const t of top) if (t.ts + (t.dur ?? 0) >= start.ts && t.ts <= end) cpu += t.tdur ?? 0;
    spans.push(cpu / 1000);
  }
  return spans;
}

/**
 * The page main thread's CPU time, in ms, from its first task to the mark `to` (a page's start to its first
 * interactive frame): every top-level task of the mark's thread that starts before it.
 */
export function cpuUntilMark(trace: Buffer, to: string): number {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const end = events.find((e) => e.name === to);
  if (!end) return NaN;
  const tasks = events.filter((e) => e.pid === end.pid && e.tid === end.tid && e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let until = -Infinity;
  for (const t of tasks) {
    if (t.ts < until || t.ts > end.ts) continue;
    until = t.ts + (t.dur ?? 0);
    cpu += t.tdur ?? 0;
  }
  return cpu / 1000;
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel', 'blink.user_timing'];
