import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  // A worker keeps its loaded modules from file to file (see apps/server/vitest.config.ts).
  test: { name: 'worker', include: ['test/**/*.test.ts'], testTimeout: 30_000, isolate: false },
});
