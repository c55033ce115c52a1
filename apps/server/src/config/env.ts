import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseScopeRanges } from '@didban/engine/scope';
import { z } from 'zod';
import { type OastConfig, parseOastConfig } from '../oast/oast-config.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Every environment variable the server reads, parsed once at start (README lists them all).
 * Nothing else in the server reads process.env: `loadConfig` runs in main.ts and its result is
 * passed down.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DIDBAN_DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  DIDBAN_SECRET: optionalText.pipe(z.string().min(32).optional()),
  DIDBAN_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  DIDBAN_PUBLIC_URL: optionalText,
  DIDBAN_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  DIDBAN_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  DIDBAN_TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed instanceof Error) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed;
    }),
  DIDBAN_WEB_DIST: optionalText,
  DIDBAN_TEST_HOOKS: z.enum(['0', '1']).default('0'),
  DIDBAN_BUILTIN_WORKER: z.enum(['0', '1']).default('1'),
  DIDBAN_TASK_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).default(60),
  DIDBAN_TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  DIDBAN_WORKER_RESOLVERS: optionalText,
  DIDBAN_WORKER_PROVIDERS: optionalText,
  DIDBAN_BUILTIN_WORKER_INTERVAL: z.coerce.number().min(0.1).max(3600).default(5),
  DIDBAN_BUILTIN_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  DIDBAN_BUILTIN_WORKER_ALLOW: optionalText,
  DIDBAN_BUILTIN_WORKER_SCREENSHOTS: z.enum(['0', '1']).default('0'),
  DIDBAN_BUILTIN_WORKER_ISOLATION: z.enum(['process', 'inline']).default('process'),
  DIDBAN_BUILTIN_TASK_SECONDS: z.coerce.number().min(1).max(86_400).default(1800),
  DIDBAN_BUILTIN_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(1024),
  DIDBAN_BUILTIN_TASK_STALL_SECONDS: z.coerce.number().min(0.5).max(3600).default(20),
  DIDBAN_BUILTIN_TASK_MAX_REQUESTS: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  DIDBAN_SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  DIDBAN_MAIL_FROM: z.string().trim().min(3).default('Didban <noreply@localhost>'),
  // Alerts and integrations (issue 20)
  DIDBAN_ALERTS: z.enum(['0', '1']).default('1'),
  DIDBAN_ALERTS_ALLOW: optionalText,
  DIDBAN_ALERTS_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  DIDBAN_ALERTS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  DIDBAN_ALERTS_RETRY_BASE_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  DIDBAN_ALERTS_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  DIDBAN_ALERTS_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(10),
  DIDBAN_ALERTS_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  // Deliveries of one workspace sent at once (unset: a quarter of DIDBAN_ALERTS_CONCURRENCY, at least 1).
  DIDBAN_ALERTS_WORKSPACE_CONCURRENCY: z.coerce.number().int().min(1).max(200).optional(),
  DIDBAN_ALERTS_WORKER_OFFLINE_SECONDS: z.coerce.number().int().min(60).default(600),
  DIDBAN_SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  DIDBAN_ALERTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  DIDBAN_ALERTS_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  // The cap's window; an hour in production, seconds in tests (so a test need not wait an hour).
  DIDBAN_ALERTS_MAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  // Reports (issue 33): the server's report loop, how long files are kept, Chromium for PDF.
  DIDBAN_REPORTS: z.enum(['0', '1']).default('1'),
  DIDBAN_REPORTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DIDBAN_REPORTS_CHROMIUM: z.string().min(1).default('/usr/bin/chromium'),
  DIDBAN_REPORTS_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(2000),
  DIDBAN_REPORTS_PRINT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  DIDBAN_REPORTS_MAIL_ATTACH_MB: z.coerce.number().min(0).max(50).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_AUTHORIZE_URL: z.string().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.string().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.string().default('https://api.github.com'),
  // Free plan limits and payment providers (issue 10)
  DIDBAN_FREE_ASSETS: z.coerce.number().int().min(0).default(100),
  DIDBAN_FREE_SCANS: z.coerce.number().int().min(0).default(20),
  DIDBAN_FREE_TEAMS: z.coerce.number().int().min(0).default(1),
  DIDBAN_FREE_TEAM_MEMBERS: z.coerce.number().int().min(1).default(3),
  DIDBAN_ORDER_PENDING_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  ZARINPAL_MERCHANT_ID: optionalText,
  ZARINPAL_URL: z.url().default('https://payment.zarinpal.com'),
  BTCPAY_URL: optionalText.pipe(z.url().optional()),
  BTCPAY_STORE_ID: optionalText,
  BTCPAY_API_KEY: optionalText,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string | undefined;
  tokenTtlSeconds: number;
  publicUrl: string;
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  /** Proxies whose X-Forwarded-For is believed (hop count or addresses); false: none. */
  trustProxy: TrustProxy;
  webDist: string | undefined;
  testHooks: boolean;
  logLevel: string;
  /** Requests at least this slow get an `info` access line (the rest only at `debug`). */
  slowRequestMs: number;
  /** Run the in-process worker at start so discovery works with nothing else installed. */
  builtinWorker: boolean;
  /** How long a claim or heartbeat holds a task; a worker heartbeats every third of it. */
  taskLeaseSeconds: number;
  /** Claims per task before an expiring lease marks it failed. */
  taskMaxAttempts: number;
  /** DNS servers (host:port) the built-in worker resolves with; the system's when unset. */
  workerResolvers: string[];
  /** Passive subdomain sources of the built-in worker, as `didban-worker --provider` takes them. */
  workerProviders: string;
  /** Seconds between the built-in worker's polls when the queue is empty. */
  builtinWorkerIntervalSeconds: number;
  /**
   * Tasks the built-in worker runs at once (`DIDBAN_BUILTIN_WORKER_CONCURRENCY`, default 5, as
   * `didban-worker --concurrency`). Each task it holds loses an attempt when its server dies.
   */
  builtinWorkerConcurrency: number;
  /**
   * Ranges the built-in worker may scan although internal (`DIDBAN_BUILTIN_WORKER_ALLOW`); every
   * other loopback/private/link-local/reserved address and the server itself are refused.
   */
  builtinWorkerAllow: string[];
  /**
   * Screenshot web assets with Chromium (`DIDBAN_BUILTIN_WORKER_SCREENSHOTS`, off by default: a
   * browser per discovery is heavy on a shared server). Only in `process` isolation, where the
   * page's requests pass the scope policy.
   */
  builtinWorkerScreenshots: boolean;
  /**
   * `process` (default): the built-in worker runs in a child process under the scope policy and
   * a per-task budget. `inline`: in the API's own event loop with no scope policy — only for
   * comparing figures (scripts/bench/healthz), never for a shared server.
   */
  builtinWorkerIsolation: 'process' | 'inline';
  /** Longest a built-in worker task may run, seconds. */
  builtinTaskSeconds: number;
  /** Requests one template-run task of the built-in worker may send (DIDBAN_BUILTIN_TASK_MAX_REQUESTS). */
  builtinTaskMaxRequests: number;
  /** Longest the built-in worker may compute without a pause (a catastrophic regex), seconds. */
  builtinTaskStallSeconds: number;
  /** Memory the built-in worker's child may hold: its V8 heap cap and its resident size (MB). */
  builtinWorkerMemoryMb: number;
  /** Outgoing email (verification links, alerts); no SMTP: messages are logged for the operator. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Reports (issue 33): generated by this server's report loop, kept `retentionDays`. */
  reports: {
    enabled: boolean;
    retentionDays: number;
    chromiumPath: string;
    intervalMs: number;
    printTimeoutMs: number;
    /** A scheduled report larger than this is mailed as a link instead of an attachment. */
    mailAttachBytes: number;
  };
  /** The alert loop (issue 20): deliveries, retries, outgoing scope. */
  alerts: {
    enabled: boolean;
    /** Ranges opened for deliveries even though internal (DIDBAN_ALERTS_ALLOW). */
    allow: string;
    intervalMs: number;
    maxAttempts: number;
    retryBaseSeconds: number;
    concurrency: number;
    /** Total deadline of one request (connect, send, answer); the connection is destroyed then. */
    timeoutMs: number;
    /** Total deadline of one attempt (a tracker's few requests, an email's recipients). */
    attemptMs: number;
    /** Always longer than an attempt can run, so a delivery is never handed out while still being sent. */
    leaseSeconds: number;
    /** Deliveries of one workspace in flight at once, so no tenant can take every slot. */
    workspaceConcurrency: number;
    workerOfflineSeconds: number;
    watchSeconds: number;
    /** Matched events and finished deliveries older than this are deleted (DIDBAN_ALERTS_RETENTION_DAYS). */
    retentionDays: number;
    /** Alert email recipients one workspace may mail per window (DIDBAN_ALERTS_MAIL_PER_HOUR). */
    mailPerWindow: number;
    /** The mail cap's window in seconds (an hour; DIDBAN_ALERTS_MAIL_WINDOW_SECONDS for tests). */
    mailWindowSeconds: number;
  };
  github:
    | { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; apiUrl: string }
    | undefined;
  /** Limits of users without an active licence (a team is bound by its owner's plan). */
  freePlan: { assets: number; scans: number; teams: number; team_members: number };
  /**
   * Minutes after which an order whose buyer never came back is settled from the provider alone
   * (paid, or failed as expired) the next time its owner lists or opens orders.
   */
  orderPendingMinutes: number;
  /** A gateway speaking Zarinpal's v4 REST protocol; unset merchant: not offered. */
  zarinpal: { merchantId: string; url: string } | undefined;
  /** BTCPay Server (Greenfield invoices); all three set or not offered. */
  btcpay: { url: string; storeId: string; apiKey: string } | undefined;
  /** The interaction server (DIDBAN_OAST_*): listeners run here, and workers are handed it. */
  oast: OastConfig;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let builtinWorkerAllow: string[];
  try {
    builtinWorkerAllow = parseScopeRanges(e.DIDBAN_BUILTIN_WORKER_ALLOW).map((r) => r.text);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  DIDBAN_BUILTIN_WORKER_ALLOW: ${(error as Error).message}`,
    );
  }
  const dataDir = resolve(e.DIDBAN_DATA_DIR ?? join(homedir(), '.didban'));
  let oast: OastConfig;
  try {
    oast = parseOastConfig(env, dataDir);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n${(error as Error).message}`);
  }
  const github =
    e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
      ? {
          clientId: e.GITHUB_CLIENT_ID,
          clientSecret: e.GITHUB_CLIENT_SECRET,
          authorizeUrl: e.GITHUB_AUTHORIZE_URL,
          tokenUrl: e.GITHUB_TOKEN_URL,
          apiUrl: e.GITHUB_API_URL.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    oast,
    secret: e.DIDBAN_SECRET,
    tokenTtlSeconds: e.DIDBAN_TOKEN_TTL_SECONDS,
    publicUrl: (e.DIDBAN_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: e.DIDBAN_BODY_LIMIT_BYTES,
    authRateLimitPerMinute: e.DIDBAN_AUTH_RATE_LIMIT,
    trustProxy: e.DIDBAN_TRUST_PROXY,
    webDist: e.DIDBAN_WEB_DIST ? resolve(e.DIDBAN_WEB_DIST) : undefined,
    testHooks: e.DIDBAN_TEST_HOOKS === '1',
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.DIDBAN_SLOW_REQUEST_MS,
    builtinWorker: e.DIDBAN_BUILTIN_WORKER === '1',
    taskLeaseSeconds: e.DIDBAN_TASK_LEASE_SECONDS,
    taskMaxAttempts: e.DIDBAN_TASK_MAX_ATTEMPTS,
    workerResolvers: (e.DIDBAN_WORKER_RESOLVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    builtinWorkerIntervalSeconds: e.DIDBAN_BUILTIN_WORKER_INTERVAL,
    builtinWorkerConcurrency: e.DIDBAN_BUILTIN_WORKER_CONCURRENCY,
    builtinWorkerAllow,
    builtinWorkerScreenshots: e.DIDBAN_BUILTIN_WORKER_SCREENSHOTS === '1',
    builtinWorkerIsolation: e.DIDBAN_BUILTIN_WORKER_ISOLATION,
    builtinTaskSeconds: e.DIDBAN_BUILTIN_TASK_SECONDS,
    builtinTaskMaxRequests: e.DIDBAN_BUILTIN_TASK_MAX_REQUESTS,
    builtinTaskStallSeconds: e.DIDBAN_BUILTIN_TASK_STALL_SECONDS,
    builtinWorkerMemoryMb: e.DIDBAN_BUILTIN_WORKER_MEMORY_MB,
    workerProviders: e.DIDBAN_WORKER_PROVIDERS ?? '',
    mail: { smtpUrl: e.DIDBAN_SMTP_URL, from: e.DIDBAN_MAIL_FROM },
    reports: {
      enabled: e.DIDBAN_REPORTS === '1',
      retentionDays: e.DIDBAN_REPORTS_RETENTION_DAYS,
      chromiumPath: e.DIDBAN_REPORTS_CHROMIUM,
      intervalMs: e.DIDBAN_REPORTS_INTERVAL_MS,
      printTimeoutMs: e.DIDBAN_REPORTS_PRINT_TIMEOUT_SECONDS * 1000,
      mailAttachBytes: Math.round(e.DIDBAN_REPORTS_MAIL_ATTACH_MB * 1024 * 1024),
    },
    alerts: {
      enabled: e.DIDBAN_ALERTS === '1',
      allow: e.DIDBAN_ALERTS_ALLOW ?? '',
      intervalMs: e.DIDBAN_ALERTS_INTERVAL_MS,
      maxAttempts: e.DIDBAN_ALERTS_MAX_ATTEMPTS,
      retryBaseSeconds: e.DIDBAN_ALERTS_RETRY_BASE_SECONDS,
      concurrency: e.DIDBAN_ALERTS_CONCURRENCY,
      timeoutMs: e.DIDBAN_ALERTS_TIMEOUT_SECONDS * 1000,
      attemptMs: e.DIDBAN_ALERTS_TIMEOUT_SECONDS * 3000,
      // The attempt's deadline plus room to write its outcome, whatever was configured.
      leaseSeconds: Math.max(e.DIDBAN_ALERTS_LEASE_SECONDS, e.DIDBAN_ALERTS_TIMEOUT_SECONDS * 3 + 30),
      workspaceConcurrency: Math.min(
        e.DIDBAN_ALERTS_CONCURRENCY,
        e.DIDBAN_ALERTS_WORKSPACE_CONCURRENCY ?? Math.max(1, Math.floor(e.DIDBAN_ALERTS_CONCURRENCY / 4)),
      ),
      workerOfflineSeconds: e.DIDBAN_ALERTS_WORKER_OFFLINE_SECONDS,
      retentionDays: e.DIDBAN_ALERTS_RETENTION_DAYS,
      mailPerWindow: e.DIDBAN_ALERTS_MAIL_PER_HOUR,
      mailWindowSeconds: e.DIDBAN_ALERTS_MAIL_WINDOW_SECONDS,
      watchSeconds: 60,
    },
    github,
    freePlan: {
      assets: e.DIDBAN_FREE_ASSETS,
      scans: e.DIDBAN_FREE_SCANS,
      teams: e.DIDBAN_FREE_TEAMS,
      team_members: e.DIDBAN_FREE_TEAM_MEMBERS,
    },
    orderPendingMinutes: e.DIDBAN_ORDER_PENDING_MINUTES,
    zarinpal: e.ZARINPAL_MERCHANT_ID
      ? { merchantId: e.ZARINPAL_MERCHANT_ID, url: e.ZARINPAL_URL.replace(/\/+$/, '') }
      : undefined,
    btcpay:
      e.BTCPAY_URL && e.BTCPAY_STORE_ID && e.BTCPAY_API_KEY
        ? { url: e.BTCPAY_URL.replace(/\/+$/, ''), storeId: e.BTCPAY_STORE_ID, apiKey: e.BTCPAY_API_KEY }
        : undefined,
  };
}
