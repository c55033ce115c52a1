import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import type { StoredConfig } from './config-store.js';

/**
 * The folder of the config file: DIDBAN_CONFIG_DIR, else the platform's config folder
 * (`~/.config/didban` on Linux). Computed here and handed to conf as `cwd`, so the quick peek
 * below and conf always agree on the file.
 */
export function configDir(override: string | undefined): string {
  return override ?? envPaths('didban', { suffix: '' }).config;
}

export const configFile = (dir: string) => join(dir, 'config.json');

/**
 * The saved language without loading conf (and its JSON-schema validator, ~150 ms): `--help`
 * must be translated but should start fast. A missing or unreadable file means no preference.
 */
export function peekLanguage(dir: string): StoredConfig['language'] {
  try {
    const value = (JSON.parse(readFileSync(configFile(dir), 'utf8')) as StoredConfig).language;
    return value === 'en' || value === 'fa' ? value : undefined;
  } catch {
    return undefined;
  }
}
