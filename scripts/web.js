// npm run web -- [--port N] [--workspace DIR] [FILE]: build what is needed, then serve the app on 127.0.0.1.
import { buildIfNeeded } from './build-if-needed.js';

buildIfNeeded();
const { main } = await import('../dist/node/web-main.js');
process.exitCode = await main(process.argv.slice(2));
