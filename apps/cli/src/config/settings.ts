import type { Lang } from '@didban/core';
import type { CliEnv } from '../env.js';
import { usageError } from '../errors.js';
import type { StoredConfig } from './config-store.js';

export const DEFAULT_SERVER = 'http://localhost:8080';

export type Settings = {
  server: string;
  token: string | undefined;
  /** A team id, or undefined for the personal workspace. */
  workspace: string | undefined;
};

/** Trailing slashes dropped so `http://h:1/` and `http://h:1` are the same server. */
export function normalizeServer(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError('usage.bad_url', { value });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError('usage.bad_url', { value });
  return value.replace(/\/+$/, '');
}

/**
 * Flag, then environment, then the config file. A saved token and workspace belong to the server
 * they were saved for: pointing `--server` elsewhere must not send that token to another host.
 */
export function resolveSettings(flags: { server?: string }, env: CliEnv, stored: StoredConfig): Settings {
  const server = normalizeServer(flags.server ?? env.DIDBAN_URL ?? stored.server ?? DEFAULT_SERVER);
  const sameServer = stored.server !== undefined && normalizeServer(stored.server) === server;
  return {
    server,
    token: env.DIDBAN_TOKEN ?? (sameServer ? stored.token : undefined),
    workspace: env.DIDBAN_WORKSPACE ?? (sameServer ? stored.workspace : undefined),
  };
}

export function parseLang(value: string): Lang {
  const lang = value.trim().toLowerCase();
  // Not core's LANGUAGES: this runs before anything heavy is loaded (see run.ts).
  if (lang === 'en' || lang === 'fa') return lang;
  throw usageError('usage.bad_lang', { value });
}

/**
 * `--lang`, DIDBAN_LANG, the config file, then the system locale. A terminal falls back to
 * English (not the panel's Persian default): commander's own help and many terminals' bidi
 * support are English-first, and a Persian locale still gets Persian.
 */
export function resolveLang(
  flag: string | undefined,
  env: CliEnv,
  stored: () => StoredConfig['language'],
): Lang {
  if (flag) return parseLang(flag);
  if (env.DIDBAN_LANG) return parseLang(env.DIDBAN_LANG);
  const saved = stored();
  if (saved) return saved;
  const locale = env.LC_ALL ?? env.LANG ?? '';
  return locale.toLowerCase().startsWith('fa') ? 'fa' : 'en';
}
