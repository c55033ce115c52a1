import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded and produced files live (worker group photos, screenshots, later ticket
 * attachments). Keys are relative paths such as `worker-groups/<id>/photo`; rows keep the key
 * and the content type.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * The default storage: a folder (`<data dir>/files`).
 * @example const storage = createLocalStorage('/var/lib/didban/files'); await storage.put('a/b', bytes);
 */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`);
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename would be atomic; a partly written photo is replaced by the next upload.
      await writeFile(path, data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
