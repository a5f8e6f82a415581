// How far a batch of games has got, how fast it is going and how long it has left, from the progress counts it
// sends. The rate is measured over the last few seconds rather than since the start, so the workers' warm-up does not
// make the estimate of what is left wrong for the rest of the run.

export interface ProgressSample {
  /** ms on any steady clock (performance.now()). */
  at: number;
  done: number;
}

export interface BatchProgress {
  readonly total: number;
  /** Oldest first, the last few seconds' worth and at least two once there are two. */
  readonly samples: readonly ProgressSample[];
}

/** How much history the rate is measured over. */
export const RATE_WINDOW_MS = 4000;

export function startProgress(total: number, at: number): BatchProgress {
  return { total, samples: [{ at, done: 0 }] };
}

/** A new count; samples older than the window go, but two are always kept to measure between. */
export function addSample(p: BatchProgress, at: number, done: number): BatchProgress {
  const samples = [...p.samples, { at, done: Math.min(p.total, Math.max(0, done)) }];
  let first = 0;
  while (samples.length - first > 2 && at - samples[first + 1]!.at >= RATE_WINDOW_MS) first++;
  return { total: p.total, samples: samples.slice(first) };
}

export function doneOf(p: BatchProgress): number {
  return p.samples[p.samples.length - 1]?.done ?? 0;
}

/**
 * The least time a rate is measured over. The first second of a batch is each worker's warm-up, when games run at a
 * fraction of their speed: measured over half a second, a 15 s batch of 10,000 games said "about 54 min left".
 */
export const MIN_SPAN_MS = 2000;

/**
 * Games a second over the window, measured from the first count of a game played, so the wait for the workers to
 * start is not taken for slow play; null until there is a measurable span.
 */
export function gamesPerSecond(p: BatchProgress): number | null {
  const first = p.samples.find((x) => x.done > 0);
  const last = p.samples[p.samples.length - 1];
  if (!first || !last || last.done <= first.done || last.at - first.at < MIN_SPAN_MS) return null;
  return ((last.done - first.done) * 1000) / (last.at - first.at);
}

/** Seconds left at the current rate, or null while the rate is unknown. */
export function secondsLeft(p: BatchProgress): number | null {
  const rate = gamesPerSecond(p);
  return rate === null ? null : (p.total - doneOf(p)) / rate;
}

export function durationWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "4,312 of 10,000 games · 640 games/s · about 9 s left" */
export function progressWords(p: BatchProgress): string {
  const n = (x: number) => x.toLocaleString('en');
  const parts = [`${n(doneOf(p))} of ${n(p.total)} games`];
  const rate = gamesPerSecond(p);
  const left = secondsLeft(p);
  if (rate !== null) parts.push(`${n(Math.round(rate))} games/s`);
  if (left !== null && doneOf(p) < p.total) parts.push(`about ${durationWords(left)} left`);
  return parts.join(' · ');
}
