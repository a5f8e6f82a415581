// The IPC channels between the preload and the main process, in one typed table. The checks the main side runs on
// every argument before a service sees it are the web shell's too (`domain/host-checks.ts`); here they only gain the
// channel's name. Pure: no Electron, no Node, so the preload bundle can share the names.
import { ARGUMENT_CHECKS, argumentsProblem, type Check } from '../domain/host-checks.js';
import type { InvokeMethod, InvokeSignature } from '../domain/host-methods.js';

export type { InvokeMethod, InvokeSignature };

/** One channel per HostApi method. Adding a method to HostApi without a channel here fails to compile. */
export const INVOKE_CHANNELS = {
  info: 'adc:info',
  listLibrary: 'adc:listLibrary',
  openDocument: 'adc:openDocument',
  documentVersion: 'adc:documentVersion',
  saveDocument: 'adc:saveDocument',
  pickOpenPath: 'adc:pickOpenPath',
  pickSavePath: 'adc:pickSavePath',
  writeBackup: 'adc:writeBackup',
  listBackups: 'adc:listBackups',
  discardBackup: 'adc:discardBackup',
  validate: 'adc:validate',
  print: 'adc:print',
  makePdf: 'adc:makePdf',
  setMenuEnabled: 'adc:setMenuEnabled',
  'engine.start': 'adc:engine.start',
  'engine.send': 'adc:engine.send',
  'engine.stop': 'adc:engine.stop',
} as const satisfies { readonly [M in InvokeMethod]: `adc:${string}` };

/** Main → renderer events (`webContents.send`), one per HostApi subscription. */
export const EVENT_CHANNELS = {
  onMenuCommand: 'adc:menu',
  'engine.onMessage': 'adc:engine',
} as const satisfies { readonly onMenuCommand: string; readonly 'engine.onMessage': string };

export const MENU_CHANNEL = EVENT_CHANNELS.onMenuCommand;
export const ENGINE_MESSAGE_CHANNEL = EVENT_CHANNELS['engine.onMessage'];

export const INVOKE_METHODS = Object.keys(INVOKE_CHANNELS) as InvokeMethod[];

/** Null when the call's arguments are acceptable, otherwise a sentence saying which one is wrong and why. */
export function checkArguments(method: InvokeMethod, args: readonly unknown[]): string | null {
  const problem = argumentsProblem(ARGUMENT_CHECKS[method] as readonly Check[], args);
  return problem === null ? null : `Refused ${INVOKE_CHANNELS[method]}: ${problem}.`;
}
