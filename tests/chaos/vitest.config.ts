import { defineProject } from 'vitest/config';

// The short chaos run (scripts/bench/chaos): real server and worker processes on the PostgreSQL of
// DIDBAN_TEST_PG_URL, killed while they work. `pnpm bench:chaos` is the full one.
export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: { name: 'chaos', include: ['*.test.ts'], testTimeout: 900_000, hookTimeout: 120_000 },
});
