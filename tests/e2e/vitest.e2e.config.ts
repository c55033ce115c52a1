import { defineConfig } from 'vitest/config';

// Browser tests. Named *.e2e.config.ts so the root unit-test run (tests/*/vitest.config.ts) skips
// them; `pnpm --filter @didban/tests-e2e test` runs them. One real server for the whole run, shared
// by two spec files at a time: every spec signs up accounts of its own and places its targets on a
// random lab subnet or port 0, so files never see each other's data. DIDBAN_E2E_WORKERS overrides.
export default defineConfig({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.DIDBAN_E2E_WORKERS) || 2,
    testTimeout: 60_000,
    // In CI a failed browser test runs once more (Playwright's own advice for CI). Two spec files
    // share two cores with their servers, workers and Chromiums, and a step there has once waited
    // past any sane timeout; a test that fails twice is a failure, and the report names every
    // test that passed only on its retry, so flakiness stays visible.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 90_000,
    // expect.poll waits 1 s by default. On two busy cores a page can take longer than that to
    // render its first data (CI once saw a support thread still empty after 1 s), so a poll waits
    // up to 15 s unless it says otherwise; a poll that should fail still fails, only later.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
