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
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    // Kept for the tab's life so a reload still works once the address bar is tidied.
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Out of the address bar and this history entry, where a shared screen or a copied link would show it.
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return createWebHost(fromUrl ?? sessionStorage.getItem(TOKEN_KEY) ?? '');
}
