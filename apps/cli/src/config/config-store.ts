import { existsSync } from 'node:fs';
import { CliError } from '../errors.js';
import { oneLine } from '../report-error.js';
import { configFile } from './config-path.js';

/** What `didban login` and `workspace use` remember between runs. */
export type StoredConfig = {
  server?: string;
  token?: string;
  /** A team id; absent means the personal workspace. */
  workspace?: string;
  language?: 'en' | 'fa';
};

export type ConfigStore = {
  read(): StoredConfig;
  update(patch: { [K in keyof StoredConfig]?: StoredConfig[K] | null }): void;
  readonly path: string;
};

/**
 * The config file (conf: atomic writes, JSON) in `dir` (see config-path.ts). It holds a bearer
 * token, so the file is private to its owner. conf loads on demand: only commands that read or
 * write settings pay for it. conf makes the folder when it opens, so it opens only when there is
 * a file to read or something to save: `whoami` with DIDBAN_TOKEN under a HOME that does not
 * exist leaves no `.config/didban` behind.
 */
export async function openConfigStore(dir: string): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  const file = configFile(dir);
  let conf: InstanceType<typeof Conf<StoredConfig>> | undefined;
  const open = () => {
    if (conf) return conf;
    try {
      conf = new Conf<StoredConfig>({
        projectName: 'didban',
        cwd: dir,
        configName: 'config',
        configFileMode: 0o600,
      });
    } catch (error) {
      // conf's own words ("Expected property name…") name neither the file nor a way out.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EISDIR' || code === 'ENOTDIR') {
        throw new CliError('error.config_unreadable', {
          file,
          reason:
            code === 'EISDIR' ? 'is a folder' : code === 'ENOTDIR' ? 'not a folder' : 'permission denied',
        });
      }
      throw new CliError('error.config_corrupt', { file, reason: oneLine((error as Error).message) });
    }
    return conf;
  };
  return {
    path: file,
    read: () => (conf || existsSync(file) ? { ...open().store } : {}),
    update(patch) {
      const store = open();
      for (const [key, value] of Object.entries(patch) as [keyof StoredConfig, string | null | undefined][]) {
        if (value === undefined) continue;
        if (value === null) store.delete(key);
        else store.set(key, value);
      }
    },
  };
}
