// The app's name and version as written into saved files ("app": "aide-de-camp 0.1.0").
import { existsSync, readFileSync } from 'node:fs';

// Compiled code runs from dist/node/, tests from node/: look one and two levels up for the package manifest.
const manifest = ['../package.json', '../../package.json']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => existsSync(u) && (JSON.parse(readFileSync(u, 'utf8')) as { name?: string }).name === 'aide-de-camp');
const pkg = manifest ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }) : { version: '0.0.0' };

export const APP_VERSION = pkg.version;
export const APP_NAME = `aide-de-camp ${APP_VERSION}`;
