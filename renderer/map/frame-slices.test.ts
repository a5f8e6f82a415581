// The slices a settled zoom's work is cut into (frame-slices.ts): one slice per frame whatever the number of jobs,
// the newest job first, a job's end closing its slice, and a cancelled job never stepped again. Frames are driven by
// hand: requestAnimationFrame is a queue here, and each slice arrives as a MessageChannel message after it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let frames: (() => void)[] = [];
/** Runs one frame's callbacks, then lets the slice posted from them arrive. */
async function frame(): Promise<void> {
  const now = frames;
  frames = [];
  for (const f of now) f();
  await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A job whose steps log their name and take `ms` of the clock each. */
function* steps(log: string[], name: string, count: number, ms: number): Generator<void, string, void> {
  for (let i = 0; i < count; i++) {
    log.push(`${name}${i}`);
    clock += ms;
    yield;
  }
  return name;
}
let clock = 0;

beforeEach(() => {
  frames = [];
  clock = 0;
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('runInSlices', () => {
  it('gives two jobs one 5 ms slice per frame between them, the newest first, the older one the rest', async () => {
    const { runInSlices } = await import('./frame-slices.js');
    const log: string[] = [];
    const done: string[] = [];
    runInSlices(steps(log, 'old', 4, 2), (v) => done.push(v));
    runInSlices(steps(log, 'new', 2, 2), (v) => done.push(v));
    await frame();
    // 2 + 2 ms of the newest job, then its end, which closes the slice.
    expect(log).toEqual(['new0', 'new1']);
    expect(done).toEqual(['new']);
    await frame();
    // The older job's 2 ms steps until the slice's 5 ms are spent.
    expect(log).toEqual(['new0', 'new1', 'old0', 'old1', 'old2']);
    await frame();
    await frame();
    expect(done).toEqual(['new', 'old']);
    expect(log.filter((s) => s.startsWith('old'))).toEqual(['old0', 'old1', 'old2', 'old3']);
  });

  it('never steps a cancelled job again, nor calls its end', async () => {
    const { runInSlices } = await import('./frame-slices.js');
    const log: string[] = [];
    const done: string[] = [];
    const job = runInSlices(steps(log, 'a', 10, 3), (v) => done.push(v));
    await frame();
    job.cancel();
    await frame();
    await frame();
    expect(log).toEqual(['a0', 'a1']);
    expect(done).toEqual([]);
  });
});
