import { type ApiClient, createApiClient, type Lang } from '@didban/core';
import type { ConfigStore } from './config/config-store.js';
import { resolveSettings, type Settings } from './config/settings.js';
import type { CliEnv } from './env.js';
import type { Translate } from './i18n/translate.js';
import type { CliIo } from './io.js';
import { colorAllowed } from './terminal/capabilities.js';

/** Global flags every command accepts (reserved names as STYLE.md asks). */
export type GlobalFlags = { server?: string; lang?: string; color: boolean; verbose?: boolean };

/**
 * What a service gets: the resolved settings, the config store, an API client bound to them,
 * the translator and output helpers. Built per command run, so nothing is global.
 */
export type Context = {
  io: CliIo;
  env: CliEnv;
  lang: Lang;
  t: Translate;
  settings: Settings;
  store: ConfigStore;
  color: boolean;
  verbose: boolean;
  /** An API client for `settings` (or for an explicit token, e.g. when verifying one). */
  api(overrides?: { token?: string; workspace?: string }): ApiClient;
  out(line: string): void;
  err(line: string): void;
  json(value: unknown): void;
};

export function createContext(
  io: CliIo,
  env: CliEnv,
  lang: Lang,
  t: Translate,
  flags: GlobalFlags,
  store: ConfigStore,
): Context {
  const settings = resolveSettings(flags, env, readStored(store, flags, env));
  return {
    io,
    env,
    lang,
    t,
    settings,
    store,
    // NO_COLOR (no-color.org), TERM=dumb and pipes turn colour off as well as --no-color.
    color: flags.color && colorAllowed(io.stdout, env),
    verbose: flags.verbose === true,
    api(overrides = {}) {
      const token = 'token' in overrides ? overrides.token : settings.token;
      const workspace = 'workspace' in overrides ? overrides.workspace : settings.workspace;
      return createApiClient({
        baseUrl: settings.server,
        getToken: () => token,
        getLanguage: () => lang,
        getWorkspace: () => workspace,
      });
    },
    out: (line) => io.stdout.write(`${line}\n`),
    err: (line) => io.stderr.write(`${line}\n`),
    json: (value) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
  };
}

/**
 * The saved settings, unless a run is configured fully by flags and environment (server and
 * token): then a broken config folder (corrupt file, no permission) is none of its business.
 */
function readStored(store: ConfigStore, flags: GlobalFlags, env: CliEnv) {
  try {
    return store.read();
  } catch (error) {
    if (env.DIDBAN_TOKEN && (flags.server || env.DIDBAN_URL)) return {};
    throw error;
  }
}
