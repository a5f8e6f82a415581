// Writes that never leave a half-written file: write a temporary file beside the target, flush it, rename it over.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Injected for fault tests; production code uses node:fs. */
  fsImpl?: Pick<typeof fs, 'open' | 'rename' | 'unlink'>;
}

export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const impl = options.fsImpl ?? fs;
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle: Awaited<ReturnType<typeof fs.open>> | undefined;
  try {
    handle = await impl.open(temp, 'wx');
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await impl.rename(temp, target);
  } catch (err) {
    if (handle) await handle.close().catch(() => undefined);
    await impl.unlink(temp).catch(() => undefined);
    throw err;
  }
  // The rename is durable only once the directory entry is flushed; not every platform allows opening a directory.
  try {
    const d = await fs.open(dir, 'r');
    await d.sync().catch(() => undefined);
    await d.close();
  } catch {
    /* best effort */
  }
}
