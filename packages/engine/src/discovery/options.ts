/**
 * Engine defaults and timeout resolution. A timeout of 0 (or unset, negative, NaN) means
 * "use the engine's default", never "wait forever": the worker passes the asset group's
 * settings straight through (spec §9: Naabu timeout 0, Httpx 5, Wappalyzer 5 seconds).
 */

/** Timeouts in milliseconds. */
export interface DiscoveryTimeouts {
  /** One DNS query attempt (retries come on top). */
  dnsMs: number;
  /** One TCP connect during the port scan (spec's "Naabu timeout"). */
  connectMs: number;
  /** One HTTP probe attempt, headers and capped body included (spec's "Httpx timeout"). */
  httpMs: number;
  /** Technology detection for one asset (spec's "Wappalyzer timeout"). */
  technologiesMs: number;
  /** One passive provider query, all its pages included. */
  providerMs: number;
  /** A zone transfer attempt. */
  axfrMs: number;
  /** One screenshot, page load included. */
  screenshotMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<DiscoveryTimeouts> = Object.freeze({
  dnsMs: 2_000,
  connectMs: 1_000,
  httpMs: 5_000,
  technologiesMs: 5_000,
  providerMs: 30_000,
  axfrMs: 5_000,
  screenshotMs: 15_000,
});

export interface DiscoveryConcurrency {
  /** DNS queries in flight. */
  dns: number;
  /** TCP connects in flight. */
  ports: number;
  /** HTTP probes (with technology detection) in flight. */
  http: number;
  /** Screenshots in flight (each is a browser page). */
  screenshots: number;
}

export const DEFAULT_CONCURRENCY: Readonly<DiscoveryConcurrency> = Object.freeze({
  dns: 200,
  ports: 1_000,
  http: 50,
  screenshots: 2,
});

/** Body bytes read per HTTP response; more is cut off and marked `body-truncated`. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Bytes of the body kept on the asset for its HTTP response block. */
export const BODY_START_BYTES = 8 * 1024;

/**
 * Replace 0 / unset / invalid timeouts with the defaults.
 *
 * @example resolveTimeouts({ httpMs: 0, connectMs: 300 }) // { httpMs: 5000, connectMs: 300, ... }
 */
export function resolveTimeouts(partial: Partial<DiscoveryTimeouts> = {}): DiscoveryTimeouts {
  const out = { ...DEFAULT_TIMEOUTS };
  for (const key of Object.keys(out) as (keyof DiscoveryTimeouts)[]) {
    const value = partial[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) out[key] = value;
  }
  return out;
}

/** Same rule for concurrency: 0 or unset means the default. */
export function resolveConcurrency(partial: Partial<DiscoveryConcurrency> = {}): DiscoveryConcurrency {
  const out = { ...DEFAULT_CONCURRENCY };
  for (const key of Object.keys(out) as (keyof DiscoveryConcurrency)[]) {
    const value = partial[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 1) out[key] = Math.floor(value);
  }
  return out;
}

/** The asset group's worker timeouts as the spec states them (§9), in seconds. */
export interface WorkerTimeoutSettings {
  /** Port scan connect timeout ("Naabu timeout", default setting 0). */
  naabuSeconds?: number;
  /** HTTP probe timeout ("Httpx timeout", default setting 5). */
  httpxSeconds?: number;
  /** Technology detection timeout ("Wappalyzer timeout", default setting 5). */
  wappalyzerSeconds?: number;
}

/**
 * Map the worker's second-based settings onto engine timeouts; 0 stays 0, which
 * {@link resolveTimeouts} turns into the engine default.
 *
 * @example discover({ ..., timeouts: workerTimeouts({ naabuSeconds: 0, httpxSeconds: 5, wappalyzerSeconds: 5 }) })
 */
export function workerTimeouts(settings: WorkerTimeoutSettings): Partial<DiscoveryTimeouts> {
  const ms = (seconds: number | undefined) => (seconds && seconds > 0 ? seconds * 1000 : 0);
  return {
    connectMs: ms(settings.naabuSeconds),
    httpMs: ms(settings.httpxSeconds),
    technologiesMs: ms(settings.wappalyzerSeconds),
  };
}
