// How far a batch of games has got, how fast it is going and how long it has left, from the progress counts it
// sends. The rate is measured over the last few seconds rather than since the start, so the workers' warm-up does not
// make the estimate of what is left wrong for the rest of the run; over more of them when games are slow, so a few
// games finishing together do not halve or double it; and the time left shown counts down steadily, taking a new
// estimate only when it is off by more than a set share.

export interface ProgressSample {
  /** ms on any steady clock (performance.now()). */
  at: number;
  done: number;
}

export interface BatchProgress {
  readonly total: number;
  /** Oldest first, the last few seconds' worth and at least two once there are two. */
  readonly samples: readonly ProgressSample[];
  /** The time left last taken from the rate, in seconds at `at`; null while there is no rate. */
  readonly left: { at: number; seconds: number } | null;
}

/** How much history the rate is measured over. */
export const RATE_WINDOW_MS = 4000;
/**
 * The fewest games the rate is measured over, the window growing past RATE_WINDOW_MS until it holds them (up to
 * MAX_WINDOW_MS). Napoleon's Eagles plays about a game a second per worker: four seconds held four games or eight as
 * they happened to finish, and the time left leapt between 3:31 and 7:08.
 */
export const MIN_WINDOW_GAMES = 40;
export const MAX_WINDOW_MS = 60_000;
/** How far a fresh estimate of the time left may stray from the one counting down before it replaces it. */
export const LEFT_SHARE = 0.2;

export function startProgress(total: number, at: number): BatchProgress {
  return { total, samples: [{ at, done: 0 }], left: null };
}

/** A new count; samples older than the window go, but two are always kept to measure between. */
export function addSample(p: BatchProgress, at: number, done: number): BatchProgress {
  const count = Math.min(p.total, Math.max(0, done));
  const samples = [...p.samples, { at, done: count }];
  let first = 0;
  const spare = (next: ProgressSample) => at - next.at >= RATE_WINDOW_MS && (count - next.done >= MIN_WINDOW_GAMES || at - next.at >= MAX_WINDOW_MS);
  while (samples.length - first > 2 && spare(samples[first + 1]!)) first++;
  const next = { total: p.total, samples: samples.slice(first), left: p.left };
  const fresh = secondsLeft(next);
  if (fresh === null) return { ...next, left: null };
  const counting = timeLeft(next);
  const keep = counting !== null && Math.abs(fresh - counting) <= LEFT_SHARE * counting;
  return keep ? next : { ...next, left: { at, seconds: fresh } };
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

/** The time left as shown: the last estimate taken, counted down to the latest count. */
export function timeLeft(p: BatchProgress): number | null {
  if (!p.left) return null;
  const last = p.samples[p.samples.length - 1]!.at;
  return Math.max(0, p.left.seconds - (last - p.left.at) / 1000);
}

/** "640 games/s"; under 10 a second with a decimal ("0.8 games/s"), and one game in the singular. */
export function rateWords(rate: number): string {
  const shown = rate < 10 ? Math.round(rate * 10) / 10 : Math.round(rate);
  const figure = shown < 10 ? shown.toFixed(1).replace(/\.0$/, '') : shown.toLocaleString('en');
  return `${figure} ${shown === 1 ? 'game' : 'games'}/s`;
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
  const left = timeLeft(p);
  if (rate !== null) parts.push(rateWords(rate));
  if (left !== null && doneOf(p) < p.total) parts.push(`about ${durationWords(left)} left`);
  return parts.join(' · ');
}
