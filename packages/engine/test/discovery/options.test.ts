import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEOUTS,
  resolveConcurrency,
  resolveTimeouts,
  workerTimeouts,
} from '../../src/discovery/options.js';

describe('timeouts', () => {
  it('treats 0, negative and missing values as the engine default, never as "no limit"', () => {
    const timeouts = resolveTimeouts({ httpMs: 0, connectMs: -5, dnsMs: Number.NaN, technologiesMs: 1234 });
    expect(timeouts).toEqual({ ...DEFAULT_TIMEOUTS, technologiesMs: 1234 });
    expect(Object.values(timeouts).every((v) => Number.isFinite(v) && v > 0)).toBe(true);
  });

  it('maps the spec worker defaults (Naabu 0, Httpx 5, Wappalyzer 5 seconds)', () => {
    const timeouts = resolveTimeouts(
      workerTimeouts({ naabuSeconds: 0, httpxSeconds: 5, wappalyzerSeconds: 5 }),
    );
    expect(timeouts).toMatchObject({
      connectMs: DEFAULT_TIMEOUTS.connectMs,
      httpMs: 5000,
      technologiesMs: 5000,
    });
    expect(resolveTimeouts(workerTimeouts({ httpxSeconds: 2 })).httpMs).toBe(2000);
  });

  it('applies the same rule to concurrency', () => {
    expect(resolveConcurrency({ http: 0, ports: 10 })).toMatchObject({ http: 50, ports: 10 });
  });
});
