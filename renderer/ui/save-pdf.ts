// Save as PDF, the same for every printable page in both shells: the desktop asks where to write it and writes it
// itself; the web shell has the server's headless Chromium make it and offers it as a download. What happened comes
// back as one sentence for the page to show, never as silence.
import type { HostApi, HostInfo, PaperSize } from '../../domain/host-api.js';
import { download, fileSlug } from '../play/files.js';

export type PdfHost = Pick<HostApi, 'print' | 'makePdf'>;

/** What became of a Save as PDF: null when the user cancelled the save dialog. */
export type PdfOutcome = { severity: 'success' | 'error'; text: string } | null;

/** A PDF's file name from a title and what the page is: "Hold the Bridge" and "setup" make hold-the-bridge-setup.pdf. */
export const pdfName = (title: string, what: string): string => `${fileSlug(title)}-${what}.pdf`;

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function savePdf(host: PdfHost, shell: HostInfo['shell'] | undefined, html: string, paper: PaperSize, fileName: string): Promise<PdfOutcome> {
  if (shell === 'electron') {
    const r = await host.print(html, paper, fileName);
    if (!r.ok) return { severity: 'error', text: r.message };
    return r.path ? { severity: 'success', text: `Saved the PDF as ${r.path}` } : null;
  }
  const r = await host.makePdf(html, paper);
  if (!r.ok) return { severity: 'error', text: r.message };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = bytesOf(r.pdf);
  } catch {
    return { severity: 'error', text: 'The PDF the server sent could not be read, so nothing was saved; try again.' };
  }
  download(fileName, bytes, 'application/pdf');
  return { severity: 'success', text: `Saved the PDF as ${fileName} in your downloads.` };
}
