import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'engine',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file in a fresh module graph (vitest's default), unlike the server's files: the engine
    // keeps process-wide state by design (the headless Chromium pool, socket pools, caches), and
    // a headless screenshot failed after other files had used the pool in the same worker.
    // Several tests spawn node with tsx or drive a lab; 5 s was too tight on two loaded cores.
    testTimeout: 20_000,
  },
});
