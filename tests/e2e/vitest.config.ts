import { defineConfig } from 'vitest/config';

// The browser suite's own machinery, tested in the root unit run (the browser specs themselves
// run from vitest.e2e.config.ts in `pnpm test:e2e`).
export default defineConfig({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'e2e-support',
    include: ['support/**/*.test.ts'],
    testTimeout: 180_000,
  },
});
