#!/usr/bin/env node
// didban-oast: Didban's interaction server on its own (docs/oast.md). Runs the TypeScript
// sources through tsx, as `pnpm start` runs the API server.
const { register } = await import('tsx/esm/api');
register();
await import('../src/oast/main.ts');
