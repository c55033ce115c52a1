import { normalizeDomain } from '@didban/core/targets';
import { ProviderHttpError, type ProviderName } from './provider.js';
import { PASSIVE_PROVIDERS } from './providers.js';

export interface PassiveProviderConfig {
  name: ProviderName;
  /** Real service by default; tests point this at the lab's stand-in. */
  baseUrl?: string;
  apiKey?: string;
  /** Time limit for this provider, all pages included; 0 = the engine default. */
  timeoutMs?: number;
}

export interface ProviderOutcome {
  provider: ProviderName;
  domain: string;
  status: 'ok' | 'skipped';
  /** Why it was skipped: no key, unreachable, timed out, rejected the key, bad response. */
  reason?: string;
  /** In-scope names, normalised and de-duplicated. */
  names: string[];
  durationMs: number;
}

function reasonOf(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (error instanceof ProviderHttpError) {
    if (error.status === 401 || error.status === 403) return `API key rejected (HTTP ${error.status})`;
    if (error.status === 429) return 'rate limited (HTTP 429)';
    return `HTTP ${error.status}`;
  }
  // fetch() wraps network failures: the cause holds the socket error code (or undici's reason).
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code || cause?.message) return `unreachable (${cause.code ?? cause.message})`;
  return (error as Error).message || String(error);
}

/**
 * Query one provider for one domain. Never throws.
 *
 * @example
 * const outcome = await runProvider({ name: 'crtsh', baseUrl: lab.manifest().providers.crtsh }, 'lab.didban.test', 30000);
 * outcome.status // 'ok' or 'skipped' with outcome.reason
 */
export async function runProvider(
  config: PassiveProviderConfig,
  domain: string,
  defaultTimeoutMs: number,
  signal?: AbortSignal,
): Promise<ProviderOutcome> {
  const provider = PASSIVE_PROVIDERS[config.name];
  const started = performance.now();
  const base = { provider: config.name, domain, names: [] as string[] };
  if (!provider) return { ...base, status: 'skipped', reason: 'unknown provider', durationMs: 0 };
  if (provider.requiresKey && !config.apiKey) {
    return { ...base, status: 'skipped', reason: 'no API key configured', durationMs: 0 };
  }
  const timeoutMs = config.timeoutMs && config.timeoutMs > 0 ? config.timeoutMs : defaultTimeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const raw = await provider.enumerate(domain, {
      baseUrl: (config.baseUrl ?? provider.defaultBaseUrl).replace(/\/+$/, ''),
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      signal: combined,
    });
    const names = new Set<string>();
    for (const entry of raw) {
      const name = normalizeDomain(entry.trim().replace(/^\*\./, ''));
      if (name && (name === domain || name.endsWith(`.${domain}`))) names.add(name);
    }
    return { ...base, status: 'ok', names: [...names].sort(), durationMs: performance.now() - started };
  } catch (error) {
    return {
      ...base,
      status: 'skipped',
      reason: reasonOf(error, timeout.aborted, timeoutMs),
      durationMs: performance.now() - started,
    };
  }
}
