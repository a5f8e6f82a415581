#!/usr/bin/env node
// Entry point of the `adc` command. The TypeScript sources are compiled to dist/ by `npm install` (prepare).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('adc: the compiled code is missing; run "npm install" (or "npm run build") first.\n');
  process.exit(2);
}
// A reader that stops early (`adc simulate … | head`) closes the pipe; what is left to print has nobody to read it,
// so the command ends quietly instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
