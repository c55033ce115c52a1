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
  const conf = new Conf<StoredConfig>({
    projectName: 'didban',
    cwd: dir,
    configName: 'config',
    configFileMode: 0o600,
  });
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
