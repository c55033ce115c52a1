import { readFileSync } from 'node:fs';

// Set by the bundle's build (scripts/build.mjs), where no package.json sits beside the code.
declare const __DIDBAN_WORKER_VERSION__: string | undefined;

/** The worker's version, reported to the server at hello (from package.json). */
export const WORKER_VERSION: string =
  typeof __DIDBAN_WORKER_VERSION__ === 'string'
    ? __DIDBAN_WORKER_VERSION__
    : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
        .version;
