import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

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
  DIDBAN_WEB_DIST: optionalText,
  DIDBAN_TEST_HOOKS: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_AUTHORIZE_URL: z.string().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.string().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.string().default('https://api.github.com'),
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
  webDist: string | undefined;
  testHooks: boolean;
  logLevel: string;
  github:
    | { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; apiUrl: string }
    | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    dataDir: resolve(e.DIDBAN_DATA_DIR ?? join(homedir(), '.didban')),
    databaseUrl: e.DATABASE_URL,
    secret: e.DIDBAN_SECRET,
    tokenTtlSeconds: e.DIDBAN_TOKEN_TTL_SECONDS,
    publicUrl: (e.DIDBAN_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: e.DIDBAN_BODY_LIMIT_BYTES,
    authRateLimitPerMinute: e.DIDBAN_AUTH_RATE_LIMIT,
    webDist: e.DIDBAN_WEB_DIST ? resolve(e.DIDBAN_WEB_DIST) : undefined,
    testHooks: e.DIDBAN_TEST_HOOKS === '1',
    logLevel: e.LOG_LEVEL,
    github,
  };
}
