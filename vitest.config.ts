import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo. Each package is a project; the server suite runs twice,
// once on embedded PGlite and once on a real PostgreSQL, so both storage paths stay honest.
// A new app adds its own line here.
export default defineConfig({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
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
