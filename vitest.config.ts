import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo. Each package is a project; the server suite runs twice,
// once on embedded PGlite and once on a real PostgreSQL, so both storage paths stay honest.
// A new app adds its own line here.
export default defineConfig({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    // Most files spend their time waiting on sockets, databases, timers and child processes, not
    // on the CPU; one file at a time (vitest's default on two cores) left the suite at ~34 min in
    // CI. Three at once passed at 900 s, but as heavier files came (crawls, Chromium, protocol
    // labs) timing-bound discovery tests lost hosts beside them: two at once on two cores;
    // DIDBAN_TEST_WORKERS overrides (1 = one at a time).
    // Files never share state: labs take random 127.x subnets, servers port 0, PostgreSQL tests a
    // database of their own, data folders mkdtemp.
    maxWorkers: Number(process.env.DIDBAN_TEST_WORKERS) || 2,
    projects: [
      'packages/*/vitest.config.ts',
      'tests/*/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/cli/vitest.config.ts',
      'apps/worker/vitest.config.ts',
      // Repository-wide checks (a fresh clone with nothing beside it must pass `pnpm test`).
      { test: { name: 'repo', root: '.', include: ['scripts/repo-check/*.test.ts'] } },
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server:pglite', env: { DIDBAN_TEST_DB: 'pglite' } },
      },
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server:postgres', env: { DIDBAN_TEST_DB: 'postgres' } },
      },
    ],
  },
});
