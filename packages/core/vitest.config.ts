import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: { name: 'core', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
