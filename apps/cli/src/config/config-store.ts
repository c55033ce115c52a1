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
 * write settings pay for it.
 */
export async function openConfigStore(dir: string): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  let conf: InstanceType<typeof Conf<StoredConfig>>;
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
    const file = configFile(dir);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EISDIR') {
      throw new CliError('error.config_unreadable', {
        file,
        reason: code === 'EISDIR' ? 'is a folder' : 'permission denied',
      });
    }
    throw new CliError('error.config_corrupt', { file, reason: oneLine((error as Error).message) });
  }
  return {
    path: conf.path,
    read: () => ({ ...conf.store }),
    update(patch) {
      for (const [key, value] of Object.entries(patch) as [keyof StoredConfig, string | null | undefined][]) {
        if (value === undefined) continue;
        if (value === null) conf.delete(key);
        else conf.set(key, value);
      }
    },
  };
}
