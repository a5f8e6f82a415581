// Native open and save dialogs for documents and printed sheets. The renderer only ever receives the chosen path.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindowLike, DialogLike, FileFilterLike } from './electron-like.js';

export interface DialogDeps {
  dialog: DialogLike;
  /** The window the dialog is modal to; null shows a free-standing dialog. */
  parentWindow: () => BrowserWindowLike | null;
  platform: NodeJS.Platform;
  /** Folder a save dialog starts in when the suggestion is a bare name (the workspace); created on demand. */
  defaultDir: () => string | null;
}

const DOCUMENT_SUFFIX = /\.(scenario|army)\.json$/i;

/**
 * Filters for documents. macOS panels match only the last extension, so there the filter is `json` and the name
 * check falls to the store; elsewhere the two-part extensions work as written.
 */
export function documentFilters(platform: NodeJS.Platform, kind: 'scenario' | 'army' | null = null): FileFilterLike[] {
  if (platform === 'darwin') return [{ name: 'Aide-de-Camp documents', extensions: ['json'] }];
  if (kind === 'scenario') return [{ name: 'Scenarios', extensions: ['scenario.json'] }];
  if (kind === 'army') return [{ name: 'Army lists', extensions: ['army.json'] }];
  return [
    { name: 'Aide-de-Camp documents', extensions: ['scenario.json', 'army.json'] },
    { name: 'Scenarios', extensions: ['scenario.json'] },
    { name: 'Army lists', extensions: ['army.json'] },
  ];
}

export function kindOfName(name: string): 'scenario' | 'army' | null {
  const m = DOCUMENT_SUFFIX.exec(name);
  return m ? (m[1]!.toLowerCase() as 'scenario' | 'army') : null;
}

/** A name typed without any `.json` gets the suggested document's two-part extension; an explicit `.json` is kept. */
export function ensureDocumentSuffix(chosen: string, suggestedName: string): string {
  if (/\.json$/i.test(chosen)) return chosen;
  return `${chosen}.${kindOfName(suggestedName) ?? 'scenario'}.json`;
}

/** The PDF name offered for a sheet: the document's name with its extension replaced. */
export function pdfNameFor(suggestedName: string): string {
  const base = path.basename(suggestedName.replace(/\\/g, '/')).replace(/(\.(scenario|army))?\.(json|html?|pdf)$/i, '').trim();
  return `${base || 'sheet'}.pdf`;
}

export const ensurePdfSuffix = (chosen: string): string => (/\.pdf$/i.test(chosen) ? chosen : `${chosen}.pdf`);

async function defaultPathFor(deps: DialogDeps, name: string): Promise<string | undefined> {
  if (path.isAbsolute(name)) return name;
  const dir = deps.defaultDir();
  if (dir === null) return name || undefined;
  await mkdir(dir, { recursive: true }).catch(() => undefined);
  return path.join(dir, path.basename(name));
}

export async function showSave(
  deps: DialogDeps,
  options: { title: string; defaultName: string; filters: FileFilterLike[] },
): Promise<string | null> {
  const defaultPath = await defaultPathFor(deps, options.defaultName);
  const dialogOptions = {
    title: options.title,
    ...(defaultPath === undefined ? {} : { defaultPath }),
    filters: options.filters,
    properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
  };
  const win = deps.parentWindow();
  const result = win ? await deps.dialog.showSaveDialog(win, dialogOptions) : await deps.dialog.showSaveDialog(dialogOptions);
  return result.canceled || !result.filePath ? null : result.filePath;
}

export function createPickers(deps: DialogDeps): { pickOpenPath(): Promise<string | null>; pickSavePath(suggestedName: string): Promise<string | null> } {
  return {
    async pickOpenPath() {
      const dir = deps.defaultDir();
      const options = {
        title: 'Open a scenario or army list',
        ...(dir === null ? {} : { defaultPath: dir }),
        filters: documentFilters(deps.platform),
        properties: ['openFile'] as 'openFile'[],
      };
      const win = deps.parentWindow();
      const result = win ? await deps.dialog.showOpenDialog(win, options) : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async pickSavePath(suggestedName) {
      const chosen = await showSave(deps, {
        title: 'Save as',
        defaultName: suggestedName,
        filters: documentFilters(deps.platform, kindOfName(suggestedName)),
      });
      return chosen === null ? null : ensureDocumentSuffix(chosen, suggestedName);
    },
  };
}

export async function pickPdfPath(deps: DialogDeps, suggestedName: string): Promise<string | null> {
  const chosen = await showSave(deps, {
    title: 'Save the sheet as PDF',
    defaultName: pdfNameFor(suggestedName),
    filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
  });
  return chosen === null ? null : ensurePdfSuffix(chosen);
}
