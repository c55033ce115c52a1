import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: { name: 'worker', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
