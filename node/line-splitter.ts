// Splits a byte stream into lines with a hard length limit. readline would hold a line of any length in memory, and
// the engine protocol caps lines at 8 MB on both sides, so a runaway writer must cost at most that much.
// Splitting bytes at 0x0A is safe for UTF-8: the byte never occurs inside a multi-byte character.

export interface LineSplitterOptions {
  maxBytes: number;
  onLine(line: string): void;
  /** A line grew past maxBytes; its bytes are dropped up to the next newline. Called once per such line. */
  onOverflow(): void;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  constructor(private readonly options: LineSplitterOptions) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) return;
      this.finishLine();
      start = newline + 1;
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.pendingBytes > 0 && !this.discarding) this.finishLine();
    this.reset();
  }

  private take(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    // A trailing \r may still be dropped at the newline, so allow one byte for it.
    if (this.pendingBytes + part.length > this.options.maxBytes + 1) {
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = true;
      this.options.onOverflow();
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.reset();
      return;
    }
    let bytes = Buffer.concat(this.pending, this.pendingBytes);
    this.reset();
    if (bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
    if (bytes.length > this.options.maxBytes) {
      this.options.onOverflow();
      return;
    }
    const line = bytes.toString('utf8');
    this.options.onLine(line);
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = false;
  }
}
