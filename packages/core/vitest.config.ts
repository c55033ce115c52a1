import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  // Pure functions and a fetch client: a worker keeps its loaded modules from file to file.
  test: { name: 'core', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], isolate: false },
});
