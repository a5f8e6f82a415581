// Saving and opening the play view's own files (game logs, balance reports) through the page itself: a download
// and a file picker work the same in the web shell and in the desktop window, and need nothing from the host.
import { slugify } from '../../domain/file-names.js';

/** Offers `content` as a file named `name`. */
export function download(name: string, content: string | Uint8Array<ArrayBuffer>, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once click() returns; the URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from a title, made as Save As makes a document's (domain/file-names.ts). */
export function fileSlug(title: string): string {
  return slugify(title) || 'game';
}
