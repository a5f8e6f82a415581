import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickHost } from './host/pick-host.js';
import { App } from './ui/App.js';
import { startupRequests } from './ui/startup-requests.js';
import { theme } from './ui/theme.js';

const host = pickHost();
// The host answers start-up's first questions while React builds the first view.
void startupRequests(host);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <App host={host} />
    </ThemeProvider>
  </StrictMode>,
);
