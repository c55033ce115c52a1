import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: { name: 'conformance', include: ['*.test.ts'], testTimeout: 30_000 },
});
