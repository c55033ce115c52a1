/**
 * Builds one report the way the server's report loop does (queued, claimed, generated with
 * Debian's Chromium) and returns where its file is: the report tests call this instead of the
 * loop so that they can choose the slice size and read the progress.
 */

import type { Db } from '../../src/db/database.js';
import { generateReport } from '../../src/reports/generate-report.js';
import { reportPath } from '../../src/reports/report-files.js';
import { claimReport } from '../../src/reports/report-queue.js';
import { queueReport } from '../../src/reports/report-request.js';

export interface BuildReportOptions {
  readonly format: 'pdf' | 'html';
  readonly lang: 'fa' | 'en';
  /** Findings per printed slice (the server's default is 400). */
  readonly perSlice: number;
}

export async function buildReport(
  server: { readonly db: Db; readonly config: { readonly dataDir: string } },
  workspaceId: string,
  userId: string,
  options: BuildReportOptions,
) {
  const queued = await queueReport(server.db, workspaceId, userId, {
    format: options.format,
    lang: options.lang,
    preset: 'technical',
  });
  const row = await claimReport(server.db, 120);
  if (row?.id !== queued.id) throw new Error(`claimed ${row?.id ?? 'nothing'} instead of ${queued.id}`);
  const progress: number[] = [];
  const done = await generateReport(row, {
    db: server.db,
    dataDir: server.config.dataDir,
    chromiumPath: '/usr/bin/chromium',
    printTimeoutMs: 60_000,
    findingsPerSlice: options.perSlice,
    onProgress: async (p) => {
      progress.push(p);
    },
  });
  return { done, progress, file: reportPath(server.config.dataDir, done.fileKey) };
}
