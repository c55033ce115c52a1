import { readFileSync } from 'node:fs';

/** The worker's version, reported to the server at hello (from package.json). */
export const WORKER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
