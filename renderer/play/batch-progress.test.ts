import { describe, expect, it } from 'vitest';
import { addSample, doneOf, durationWords, gamesPerSecond, MIN_SPAN_MS, progressWords, RATE_WINDOW_MS, secondsLeft, startProgress } from './batch-progress.js';

describe('a batch\'s progress', () => {
  it('knows no rate or time left before a game is counted over a measurable time', () => {
    const p = startProgress(10_000, 1000);
    expect(gamesPerSecond(p)).toBeNull();
    expect(secondsLeft(p)).toBeNull();
    expect(progressWords(p)).toBe('0 of 10,000 games');
    expect(gamesPerSecond(addSample(p, 1100, 5))).toBeNull();
  });

  it('measures the rate over the last few seconds, so a slow start does not skew the estimate', () => {
    let p = startProgress(10_000, 0);
    // A slow warm-up, 10 games a second for 5 s, then 500 a second.
    for (let t = 1; t <= 5; t++) p = addSample(p, t * 1000, t * 10);
    for (let t = 6; t <= 12; t++) p = addSample(p, t * 1000, 50 + (t - 5) * 500);
    expect(doneOf(p)).toBe(3550);
    expect(gamesPerSecond(p)).toBeCloseTo(500, 6);
    expect(secondsLeft(p)).toBeCloseTo((10_000 - 3550) / 500, 6);
    expect(p.samples[p.samples.length - 1]!.at - p.samples[0]!.at).toBeLessThanOrEqual(RATE_WINDOW_MS);
    expect(progressWords(p)).toBe('3,550 of 10,000 games · 500 games/s · about 13 s left');
  });

  it('does not count the wait for the workers to start as slow play', () => {
    let p = startProgress(10_000, 0);
    p = addSample(p, 2000, 1);
    expect(gamesPerSecond(p)).toBeNull();
    expect(progressWords(p)).toBe('1 of 10,000 games');
    p = addSample(p, 2000 + MIN_SPAN_MS, 401);
    expect(gamesPerSecond(p)).toBeCloseTo(400_000 / MIN_SPAN_MS, 9);
  });

  it('gives no time left until the rate has been measured past the workers\' warm-up', () => {
    let p = startProgress(10_000, 0);
    p = addSample(p, 1000, 2);
    // Three games in the first, cold second would promise the better part of an hour for 10,000.
    p = addSample(p, 1000 + MIN_SPAN_MS / 2, 5);
    expect(secondsLeft(p)).toBeNull();
    expect(progressWords(p)).toBe('5 of 10,000 games');
    p = addSample(p, 1000 + MIN_SPAN_MS, 1302);
    expect(secondsLeft(p)).toBeCloseTo((10_000 - 1302) / (1300 / (MIN_SPAN_MS / 1000)), 6);
  });

  it('keeps two samples to measure between however far apart they come', () => {
    let p = startProgress(100, 0);
    p = addSample(p, 60_000, 40);
    p = addSample(p, 130_000, 50);
    expect(p.samples).toHaveLength(2);
    expect(gamesPerSecond(p)).toBeCloseTo(10 / 70, 9);
  });

  it('clamps counts to the batch and says nothing is left once it is done', () => {
    let p = startProgress(200, 0);
    p = addSample(p, 1000, 100);
    p = addSample(p, 1000 + MIN_SPAN_MS, 250);
    expect(doneOf(p)).toBe(200);
    expect(progressWords(p)).toBe(`200 of 200 games · ${100 / (MIN_SPAN_MS / 1000)} games/s`);
  });

  it('puts durations in words a person reads at a glance', () => {
    expect(durationWords(0.4)).toBe('0 s');
    expect(durationWords(59.4)).toBe('59 s');
    expect(durationWords(92)).toBe('1 min 32 s');
    expect(durationWords(3 * 3600 + 5 * 60 + 10)).toBe('3 h 05 min');
  });
});
