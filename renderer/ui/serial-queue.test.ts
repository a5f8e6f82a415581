import { describe, expect, it } from 'vitest';
import { serialQueue } from './serial-queue.js';

describe('serialQueue', () => {
  it('starts each operation only once the one asked before it has settled, even when that one is slow or fails', async () => {
    const run = serialQueue();
    const log: string[] = [];
    const slowWrite = run(async () => {
      log.push('write starts');
      await new Promise((resolve) => setTimeout(resolve, 30));
      log.push('write lands');
    });
    const failing = run(async () => {
      log.push('second starts');
      throw new Error('refused');
    });
    const discard = run(async () => {
      log.push('discard starts');
    });
    await Promise.all([slowWrite, failing, discard]);
    expect(log).toEqual(['write starts', 'write lands', 'second starts', 'discard starts']);
  });
});
