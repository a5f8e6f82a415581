import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickHost } from './host/pick-host.js';
import { App } from './ui/App.js';
import { theme } from './ui/theme.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <App host={pickHost()} />
    </ThemeProvider>
  </StrictMode>,
);
