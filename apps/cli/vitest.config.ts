import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/global-setup.ts'],
    // The end-to-end files start a real server and run the real binary many times.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
