import { describe, expect, it } from 'vitest';
import { runChaos } from '../../scripts/bench/chaos/chaos.js';

// A minute of chaos on a quiet machine (longer on a busy one): 2 servers, 4 workers and the
// built-in one, 10 lab hosts, a kill every 8 s and one cut of every PostgreSQL connection, while a
// bulk scan and a discovery run. Nothing may be lost or duplicated, and the findings must equal
// those of the calm run on the same lab.
describe('chaos (short)', () => {
  it('finishes every task once, duplicates nothing and loses nothing while processes are killed', async () => {
    const figures = await runChaos({
      hosts: 10,
      killEverySeconds: 8,
      timeoutSeconds: 420,
      log: (line) => console.log(`chaos: ${line}`),
    });
    console.log(JSON.stringify(figures));
    expect(figures.problems).toEqual([]);
    expect(figures.kills.server + figures.kills.worker).toBeGreaterThan(0);
    expect(figures.connections_dropped).toBeGreaterThan(0);
    expect(figures).toMatchObject({
      duplicate_assets: 0,
      duplicate_findings: 0,
      duplicate_batches: 0,
      lost: 0,
    });
    expect(figures.calm_findings).toBeGreaterThan(0);
  });
});
