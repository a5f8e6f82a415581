// Which shell hosts this page: the desktop preload puts `adcHost` on window; otherwise it is the web shell.
import type { HostApi } from '../../domain/host-api.js';
import { createWebHost } from './web-host.js';

declare global {
  interface Window {
    adcHost?: HostApi;
  }
}

const TOKEN_KEY = 'adc-token';

export function pickHost(): HostApi {
  if (window.adcHost) return window.adcHost;
  const fromUrl = new URL(window.location.href).searchParams.get('token');
  // Kept for the tab's life so a reload after the address bar is tidied still works.
  if (fromUrl) sessionStorage.setItem(TOKEN_KEY, fromUrl);
  return createWebHost(fromUrl ?? sessionStorage.getItem(TOKEN_KEY) ?? '');
}
