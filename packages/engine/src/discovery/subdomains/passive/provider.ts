/**
 * Passive subdomain sources behind one interface. Each provider knows its real endpoint and
 * response format; the caller supplies the base URL (real service or a local stand-in), the
 * key, and a time limit. A provider that is unreachable, refuses the key or times out is
 * skipped with the reason recorded; it never fails the discovery run.
 */

export type ProviderName = 'crtsh' | 'certspotter' | 'hackertarget' | 'otx' | 'virustotal' | 'securitytrails';

export interface ProviderContext {
  /** Base URL without a trailing slash, e.g. `https://crt.sh`. */
  baseUrl: string;
  apiKey?: string;
  signal: AbortSignal;
}

export interface PassiveProvider {
  name: ProviderName;
  /** Public base URL of the real service. */
  defaultBaseUrl: string;
  requiresKey: boolean;
  /** Raw names the source reports for `domain` (filtered and normalised by the caller). */
  enumerate(domain: string, context: ProviderContext): Promise<string[]>;
}

export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** GET with the caller's signal; non-2xx becomes a {@link ProviderHttpError}. */
export async function getText(
  url: string,
  context: ProviderContext,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(url, {
    headers: { 'User-Agent': 'Didban discovery', Accept: 'application/json, text/plain, */*', ...headers },
    signal: context.signal,
    redirect: 'error',
  });
  const body = await response.text();
  if (!response.ok)
    throw new ProviderHttpError(response.status, `HTTP ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

export async function getJson<T>(
  url: string,
  context: ProviderContext,
  headers: Record<string, string> = {},
): Promise<T> {
  const text = await getText(url, context, headers);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`invalid JSON from ${new URL(url).host}: ${text.slice(0, 120)}`);
  }
}
