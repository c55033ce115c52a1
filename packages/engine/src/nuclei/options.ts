import type { HeadlessScanOptions } from './protocols/headless/headless-options.js';
import type { Runner } from './trust/gates.js';

/** Scan controls. Every field is optional; defaults are Nuclei's (NUCLEI.md §4). */
export interface ScanOptions {
  /** Global requests per second over a 1 s window; 0 turns the limit off. Default 150. */
  readonly rateLimit?: number;
  /** Templates run in parallel (`-c`). Default 25. */
  readonly templateConcurrency?: number;
  /** Hosts per template run in parallel (`-bs`). Default 25. */
  readonly bulkSize?: number;
  /** Dial timeout in ms (`-timeout`); HTTP responses get 3× this unless `responseTimeoutMs` is set. Default 10 000. */
  readonly timeoutMs?: number;
  /** Whole-request timeout for HTTP in ms (a client promising "`--timeout 2` = 2 s" sets both). */
  readonly responseTimeoutMs?: number;
  /** Headers added to every HTTP request (`-H`), replacing a template's header of the same name. */
  readonly headers?: readonly (readonly [string, string])[];
  /** TCP read timeout in ms. Default 5 000. */
  readonly tcpReadTimeoutMs?: number;
  /** Retries after a network error (`-retries`). Default 1. */
  readonly retries?: number;
  /** Network errors per host before the host is skipped (`-mhe`); 0 disables. Default 30. */
  readonly maxHostErrors?: number;
  /** Maximum body bytes read per response (`-rsr`). Default 10 MB. */
  readonly responseReadLimit?: number;
  /** Bytes of request/response evidence kept per finding. Default 1 MB. */
  readonly evidenceLimit?: number;
  /** Redirects followed when a template turns redirects on (`-mr`). Default 10. */
  readonly maxRedirects?: number;
  /** Follow redirects for every template (`-fr`). Default false. */
  readonly followRedirects?: boolean;
  /** Never follow redirects (`-dr`). Default false. */
  readonly disableRedirects?: boolean;
  /** Run `self-contained` templates (`-esc`). Default false, as in Nuclei; skipped with a reason. */
  readonly enableSelfContained?: boolean;
  /** `-var` values; template `constants` and payloads win over them. */
  readonly variables?: Readonly<Record<string, string>>;
  /** DNS resolvers as `ip` or `ip:port`. Default 1.1.1.1, 1.0.0.1, 8.8.8.8, 8.8.4.4. */
  readonly resolvers?: readonly string[];
  /**
   * DNS servers (`ip` or `ip:port`) the host names of http targets resolve through, instead of the
   * system's resolver: the CLI's `--resolver`. Unset: the system's. (`resolvers` is for DNS templates.)
   */
  readonly hostResolvers?: readonly string[];
  /** DNS retries. Default 3. */
  readonly dnsRetries?: number;
  /** Overrides the attack type of every payload block (`-attack-type`). */
  readonly attackType?: 'batteringram' | 'pitchfork' | 'clusterbomb';
  /** Default TLS SNI (`-sni`). */
  readonly sni?: string;
  /** Who runs the scan, for the capability gates' skip reasons (trust/gates.ts). Default `cli`. */
  readonly runner?: Runner;
  /** A self-hosted interactsh server; without one, out-of-band templates are skipped with a reason. */
  readonly interactsh?: {
    readonly serverUrl: string;
    /** Callback domain when it differs from the server URL's host. */
    readonly domain?: string;
    readonly token?: string;
    /** Poll interval in ms. Default 5 000. */
    readonly pollIntervalMs?: number;
    /** How long to keep waiting for callbacks after the last request, in ms. Default 5 000. */
    readonly cooldownMs?: number;
  };
  /**
   * Time one template may spend on one target, in ms (requests, waits and matching); past it the
   * template's requests are aborted and a failure is recorded. 0 turns it off. Default 600 000.
   */
  readonly templateTimeoutMs?: number;
  /** CPU time for matching one response (all matchers, extractors, regexes), in ms. Default 2 000. */
  readonly matchTimeoutMs?: number;
  /** Send identical requests from different templates once per target and share the response. Default true. */
  readonly clusterRequests?: boolean;
  /** User-Agent when the template sets none. Default: a fixed browser-like string. */
  readonly userAgent?: string;
  /**
   * Requests (HTTP, TCP, TLS, DNS) the whole scan may send; past it the scan stops with a
   * RequestCapError. 0, the default, is no cap (Nuclei has none); a shared server sets one.
   */
  readonly maxRequests?: number;
  /** Flow and javascript scripts run at once in the QuickJS sandbox (`-jsc`). Default 120. */
  readonly jsConcurrency?: number;
  /** Wall time of one flow or javascript script on one target, in ms (nuclei's JS timeout). Default 20 000. */
  readonly jsTimeoutMs?: number;
  /**
   * Run `headless` templates in a pooled Chromium (the headless capability gate opened: `--headless`,
   * `DIDBAN_BUILTIN_WORKER_HEADLESS=1`). Unset, they are skipped with the gate's reason.
   */
  readonly headless?: HeadlessScanOptions;
  /**
   * Run fuzzing (DAST) templates: the `dast` capability gate opened (`--dast`, or a DAST scan on
   * the built-in and self-hosted workers). Unset or false, templates with `fuzzing:` rules are
   * skipped with the gate's reason. Their inputs are `RunTemplatesInput.fuzzInputs`.
   */
  readonly dast?: boolean;
  /**
   * Run the interpreters of signed code templates (the code capability gate opened: `--code`,
   * `DIDBAN_CODE`; never on the built-in worker). Unset, they are skipped with the gate's reason.
   */
  readonly code?: boolean;
  /** Wall time of one code block, in ms. Default 3 × `timeoutMs`, as nuclei's code timeout. */
  readonly codeTimeoutMs?: number;
  /**
   * Run file templates (the file capability gate opened: the CLI's `--file`, a self-hosted
   * worker's `--file` with its `--file-root`s). Unset, they are skipped with the gate's reason.
   */
  readonly file?: FileScanOptions;
}

export interface FileScanOptions {
  /** Files or folders file templates read; unset, the scan's targets are taken as paths (nuclei's -file). */
  readonly paths?: readonly string[];
  /** Only paths under these folders are read (a worker's `--file-root`); others are refused. */
  readonly roots?: readonly string[];
}

export type ResolvedOptions = Required<
  Omit<
    ScanOptions,
    | 'attackType'
    | 'sni'
    | 'interactsh'
    | 'responseTimeoutMs'
    | 'runner'
    | 'headless'
    | 'hostResolvers'
    | 'dast'
    | 'code'
    | 'codeTimeoutMs'
    | 'file'
  >
> &
  Pick<
    ScanOptions,
    | 'attackType'
    | 'sni'
    | 'interactsh'
    | 'responseTimeoutMs'
    | 'runner'
    | 'headless'
    | 'hostResolvers'
    | 'dast'
    | 'code'
    | 'codeTimeoutMs'
    | 'file'
  >;

export const NUCLEI_DEFAULTS: ResolvedOptions = {
  rateLimit: 150,
  templateConcurrency: 25,
  bulkSize: 25,
  timeoutMs: 10_000,
  tcpReadTimeoutMs: 5_000,
  retries: 1,
  maxHostErrors: 30,
  responseReadLimit: 10 * 1024 * 1024,
  evidenceLimit: 1024 * 1024,
  maxRedirects: 10,
  followRedirects: false,
  disableRedirects: false,
  enableSelfContained: false,
  variables: {},
  headers: [],
  resolvers: ['1.1.1.1', '1.0.0.1', '8.8.8.8', '8.8.4.4'],
  dnsRetries: 3,
  templateTimeoutMs: 600_000,
  clusterRequests: true,
  maxRequests: 0,
  matchTimeoutMs: 2_000,
  jsConcurrency: 120,
  jsTimeoutMs: 20_000,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

export function resolveOptions(options: ScanOptions = {}): ResolvedOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...NUCLEI_DEFAULTS, ...defined } as ResolvedOptions;
}
