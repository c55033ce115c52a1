import type { StoredConfig } from '../config/config-store.js';
import { normalizeServer, parseLang } from '../config/settings.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';

/** Keys `didban config set` accepts; the token and workspace are set by login and `workspace use`. */
export const SETTABLE_KEYS = ['server', 'language'] as const;

/** The stable `config show --json` shape: what is saved, the token never printed. */
export type ConfigJson = {
  file: string;
  server: string | null;
  language: 'en' | 'fa' | null;
  workspace: string | null;
  signed_in: boolean;
};

export function showConfig(ctx: Context, flags: { json?: boolean }): void {
  const stored: StoredConfig = ctx.store.read();
  const out: ConfigJson = {
    file: ctx.store.path,
    server: stored.server ?? null,
    language: stored.language ?? null,
    workspace: stored.workspace ?? null,
    signed_in: Boolean(stored.token),
  };
  if (flags.json) {
    ctx.json(out);
    return;
  }
  // The language in use even when none is saved (--lang, DIDBAN_LANG or the system locale chose it).
  const shown = { ...out, language: out.language ?? `${ctx.lang} (not saved)` };
  for (const [key, value] of Object.entries(shown)) ctx.out(`${key}: ${value ?? ''}`);
}

export function setConfig(ctx: Context, key: string, value: string): void {
  if (key === 'language') ctx.store.update({ language: parseLang(value) });
  else if (key === 'server') {
    const server = normalizeServer(value);
    // A saved session belongs to the server it was made on.
    const moved = ctx.store.read().server !== server;
    ctx.store.update({ server, ...(moved ? { token: null, workspace: null } : {}) });
  } else throw usageError('usage.bad_config_key', { key, allowed: SETTABLE_KEYS.join(', ') });
  ctx.out(ctx.t('config.saved', { key }));
}
