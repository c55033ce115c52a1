/** Where a report's file lives: `<data dir>/files/reports/<workspace>/<report>.<html|pdf>`. */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const reportsRoot = (dataDir: string) => join(dataDir, 'files', 'reports');
export const reportKey = (workspaceId: string, reportId: string, format: 'pdf' | 'html') =>
  `reports/${workspaceId}/${reportId}.${format}`;
export const reportPath = (dataDir: string, key: string) => join(dataDir, 'files', key);

export async function ensureDir(dataDir: string, workspaceId: string) {
  const dir = join(reportsRoot(dataDir), workspaceId);
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function sizeOf(path: string) {
  return (await stat(path)).size;
}

export async function removeFile(dataDir: string, key: string | null) {
  if (key) await rm(reportPath(dataDir, key), { force: true });
}
