import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['didban-source'] },
  ssr: { resolve: { conditions: ['didban-source'] } },
  test: {
    name: 'engine',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // A worker keeps its loaded modules from file to file (see apps/server/vitest.config.ts): files
    // share no state, each lab takes its own 127.x subnet or port 0.
    isolate: false,
    // Several tests spawn node with tsx or drive a lab; 5 s was too tight on two loaded cores.
    testTimeout: 20_000,
  },
});
