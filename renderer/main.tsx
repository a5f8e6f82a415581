// The page's first script: it asks the host start-up's questions (startup-requests.ts) and only then loads the
// application (start-app.tsx, React, MUI and Konva: most of the page's code), so the host answers while that script
// arrives, compiles and runs instead of after it (tests/bench/NOTES.md, "Start-up", fourth round).
import { pickHost } from './host/pick-host.js';
import { startupRequests } from './ui/startup-requests.js';

const host = pickHost();
void startupRequests(host);
void import('./start-app.js').then(({ startApp }) => startApp(host));
