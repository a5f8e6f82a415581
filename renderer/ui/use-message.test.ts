import { describe, expect, it } from 'vitest';
import { honoursClose } from './use-message.js';

describe('when the message line closes', () => {
  it('keeps a message against the release of the very press that raised it', () => {
    // Pressed at 1,000 ms, the message raised in that press's handler at 1,002 ms; the release's click-away follows.
    expect(honoursClose('clickaway', 1000, 1002)).toBe(false);
  });

  it('lets a later press elsewhere dismiss it', () => {
    expect(honoursClose('clickaway', 5000, 1002)).toBe(true);
  });

  it('always honours the timeout, Escape and the close button', () => {
    for (const reason of ['timeout', 'escapeKeyDown', 'button']) expect(honoursClose(reason, 1000, 1002)).toBe(true);
  });
});
