#!/usr/bin/env node
// Entry point of the `adc` command. The TypeScript sources are compiled to dist/ by `npm install` (prepare).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('adc: the compiled code is missing; run "npm install" (or "npm run build") first.\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
