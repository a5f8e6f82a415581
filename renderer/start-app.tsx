// The application's root, rendered once main.tsx has asked the host start-up's questions.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { HostApi } from '../domain/host-api.js';
import { App } from './ui/App.js';
import { theme } from './ui/theme.js';

export function startApp(host: HostApi): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <App host={host} />
      </ThemeProvider>
    </StrictMode>,
  );
}
