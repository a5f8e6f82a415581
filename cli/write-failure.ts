// One sentence for a file the CLI could not write, the same for every command that writes one.
import { ReadOnlyFileError } from '../node/atomic-file.js';

const WRITE_REASONS: Record<string, string> = {
  ENOENT: 'the folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the place is read-only',
  ENOSPC: 'the disk is full',
  EISDIR: 'it is a folder',
};

/** The reason a write failed, or null when the error is not about the file system. */
export function writeFailureReason(err: unknown): string | null {
  if (err instanceof ReadOnlyFileError) return 'the file is read-only (write to another name, or make it writable first)';
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? (WRITE_REASONS[code] ?? code) : null;
}

export function cannotWrite(file: string, err: unknown): string {
  const reason = writeFailureReason(err) ?? (err instanceof Error ? err.message.split('\n')[0]! : String(err));
  return `Cannot write ${file}: ${reason}. Nothing was written.`;
}
