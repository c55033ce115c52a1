import { defineProject } from 'vitest/config';

// The root config runs this project twice: DIDBAN_TEST_DB=pglite and DIDBAN_TEST_DB=postgres.
export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Files run one after another in a worker that keeps its loaded modules (fastify, drizzle,
    // PGlite's WebAssembly, the routes): importing them again for each of 80 files took about a
    // third of the suite's time. Files share no data: each opens its own database (PGlite in
    // memory or a database of its own on PostgreSQL), listens on port 0 and names users uniquely.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
