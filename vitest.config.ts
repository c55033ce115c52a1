import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo. Each package is a project; the server suite runs twice,
// once on embedded PGlite and once on a real PostgreSQL, so both storage paths stay honest.
export default defineConfig({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
  },
});
