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
    // A worker keeps its loaded modules (the server the end-to-end files start in-process, ink) from
    // file to file; files share no state (servers on port 0, data in mkdtemp folders).
    isolate: false,
    hookTimeout: 60_000,
    // Ink draws only its last frame when it believes it runs in CI (is-in-ci reads CI at import).
    // The screen tests drive a terminal and read its frames, so they must not inherit CI=true from
    // the pipeline; the binaries the tests spawn get their own environment anyway.
    env: { CI: '0' },
  },
});
