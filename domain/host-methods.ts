// The HostApi's calls by name, shared by both shells: the desktop's IPC channel table and the web's HTTP routes are
// each keyed by these names, so adding a method to `HostApi` fails to compile until both shells have it.
import type { EngineApi, HostApi } from './host-api.js';

/** Host API methods the renderer calls (request → response); subscriptions travel as events instead. */
type TopLevelInvoke = Exclude<keyof HostApi, 'engine' | 'onMenuCommand'>;
type EngineInvoke = Exclude<keyof EngineApi, 'onMessage'>;
export type InvokeMethod = TopLevelInvoke | `engine.${EngineInvoke}`;

/** The HostApi signature behind a method name. */
export type InvokeSignature<M extends InvokeMethod> = M extends `engine.${infer E extends EngineInvoke}`
  ? EngineApi[E]
  : M extends TopLevelInvoke
    ? HostApi[M]
    : never;

/** Calls the web page answers itself (a browser has no native file dialogs, nor a menu), so the server has no route for them. */
export type PageOnlyMethod = 'pickOpenPath' | 'pickSavePath' | 'setMenuEnabled';
export type WebMethod = Exclude<InvokeMethod, PageOnlyMethod>;

/**
 * The web shell's route for each method (`POST /api/<route>`). `engine.start` on the web takes one argument the
 * HostApi does not have: the id the page made for itself, so its engines stop when it goes.
 */
export const WEB_ROUTES = {
  info: 'info',
  listLibrary: 'listLibrary',
  openDocument: 'openDocument',
  documentVersion: 'documentVersion',
  saveDocument: 'saveDocument',
  writeBackup: 'writeBackup',
  listBackups: 'listBackups',
  discardBackup: 'discardBackup',
  validate: 'validate',
  print: 'print',
  makePdf: 'makePdf',
  'engine.start': 'engineStart',
  'engine.send': 'engineSend',
  'engine.stop': 'engineStop',
} as const satisfies { readonly [M in WebMethod]: string };

/** The arguments of a method as they travel over HTTP: the HostApi's own, except the page id `engine.start` adds. */
export type WebParameters<M extends WebMethod> = M extends 'engine.start' ? [page: string] : Parameters<InvokeSignature<M>>;
