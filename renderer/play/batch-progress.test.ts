import { describe, expect, it } from 'vitest';
import { addSample, doneOf, durationWords, gamesPerSecond, MIN_SPAN_MS, progressWords, RATE_WINDOW_MS, rateWords, secondsLeft, startProgress, timeLeft } from './batch-progress.js';

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

  it('says a slow rate with a decimal, and one game in the singular', () => {
    expect(rateWords(640.4)).toBe('640 games/s');
    expect(rateWords(1234)).toBe('1,234 games/s');
    expect(rateWords(12.4)).toBe('12 games/s');
    expect(rateWords(2.46)).toBe('2.5 games/s');
    expect(rateWords(0.8)).toBe('0.8 games/s');
    expect(rateWords(1.02)).toBe('1 game/s');
    expect(rateWords(3)).toBe('3 games/s');
    expect(rateWords(9.97)).toBe('10 games/s');
    let p = startProgress(100, 0);
    p = addSample(p, 1000, 1);
    p = addSample(p, 1000 + 2500, 3);
    expect(progressWords(p)).toBe('3 of 100 games · 0.8 games/s · about 2 min 01 s left');
  });

  it('keeps a steady time left when slow games finish in clumps', () => {
    // Napoleon's Eagles on two workers: about a game a second, but finishing in clumps, 0 to 3 games in a second in
    // a repeating run of 8 seconds (8 games). Any 4 s of it holds 2 to 6 games: measured over 4 s, the time left
    // would swing threefold. The batch ends at 600 s; counts come every 250 ms, the clump at the second's end.
    const clumps = [0, 2, 0, 0, 3, 1, 0, 2];
    let p = startProgress(600, 0);
    let done = 0;
    const finishes: number[] = [];
    for (let tick = 1; tick <= 540 * 4; tick++) {
      const at = tick * 250;
      if (tick % 4 === 0) done += clumps[(tick / 4 - 1) % clumps.length]!;
      p = addSample(p, at, done);
      const left = timeLeft(p);
      // Past the first minute: when the batch would end, by the time left shown.
      if (at >= 60_000 && left !== null) finishes.push(at / 1000 + left);
    }
    expect(finishes.length).toBe(480 * 4 + 1);
    expect(Math.min(...finishes)).toBeGreaterThan(600 * 0.9);
    expect(Math.max(...finishes)).toBeLessThan(600 * 1.1);
    // From one count to the next the time left never leaps: it counts down, or moves by less than a tenth.
    for (let i = 1; i < finishes.length; i++) expect(Math.abs(finishes[i]! - finishes[i - 1]!)).toBeLessThan(60);
  });

  it('puts durations in words a person reads at a glance', () => {
    expect(durationWords(0.4)).toBe('0 s');
    expect(durationWords(59.4)).toBe('59 s');
    expect(durationWords(92)).toBe('1 min 32 s');
    expect(durationWords(3 * 3600 + 5 * 60 + 10)).toBe('3 h 05 min');
  });
});
