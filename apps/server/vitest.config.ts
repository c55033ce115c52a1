import { defineProject } from 'vitest/config';

// The root config runs this project twice: DIDBAN_TEST_DB=pglite and DIDBAN_TEST_DB=postgres.
export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
