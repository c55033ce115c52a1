/**
 * The server's report loop (issue 33), beside the alert loop: every tick it claims one queued
 * report and builds it (facts, streamed HTML, Chromium PDF), then mails it when a schedule asked
 * for it. Reports are built one at a time per server: Chromium is heavy and a report is not
 * urgent, and several servers share the queue. Once an hour, reports past the retention go.
 */
import type { Lang } from '@didban/core';
import { translate } from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { reports } from '../db/schema.js';
import { deliverScheduledReport } from './deliver-report.js';
import { generateReport, type ReportRow } from './generate-report.js';
import { ChromiumMissing } from './print-pdf.js';
import { pruneReports } from './prune-reports.js';
import { removeFile } from './report-files.js';
import { claimReport, reportProgress } from './report-queue.js';

const LEASE_SECONDS = 120;
const PRUNE_EVERY_MS = 3_600_000;

export type ReportLoopLog = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
export type ReportLoop = {
  /** Build every queued report now (tests and benches drive it); resolves when the queue is empty. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

export function startReportLoop(options: {
  db: Db;
  config: Config;
  log: ReportLoopLog;
  timer?: boolean;
}): ReportLoop {
  const { db, config, log } = options;
  let stopped = false;
  let lastPrune = 0;

  const buildOne = async (): Promise<boolean> => {
    const row = await claimReport(db, LEASE_SECONDS);
    if (!row) return false;
    await build(db, config, row, log);
    return true;
  };
  const pass = async () => {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneReports(db, config.dataDir, config.reports.retentionDays);
    }
    let built = 0;
    while (!stopped && (await buildOne())) built++;
    return built;
  };
  let running: Promise<number> = Promise.resolve(0);
  const guarded = () =>
    (running = running.then(pass).catch((error: unknown) => {
      log.error({ err: error }, 'report loop pass failed');
      return 0;
    }));
  const timer =
    options.timer === false
      ? undefined
      : setInterval(() => {
          if (!stopped) void guarded();
        }, config.reports.intervalMs);
  timer?.unref?.();
  if (options.timer !== false) void guarded();
  return {
    drain: () => guarded(),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

async function build(db: Db, config: Config, row: ReportRow, log: ReportLoopLog) {
  const started = Date.now();
  try {
    const done = await generateReport(row, {
      db,
      dataDir: config.dataDir,
      chromiumPath: config.reports.chromiumPath,
      printTimeoutMs: config.reports.printTimeoutMs,
      onProgress: (p) => reportProgress(db, row.id, p, LEASE_SECONDS),
    });
    const [saved] = await db
      .update(reports)
      .set({
        status: 'done',
        progress: 100,
        file_key: done.fileKey,
        size_bytes: done.sizeBytes,
        findings: done.findings,
        pages: done.pages,
        summary: done.facts.summary,
        lease_until: null,
        error: null,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(reports.id, row.id))
      .returning();
    log.info(
      {
        report: row.id,
        findings: done.findings,
        pages: done.pages,
        bytes: done.sizeBytes,
        ms: Date.now() - started,
      },
      'report built',
    );
    // Deleted while it was being built: its file goes too.
    if (!saved) await removeFile(config.dataDir, done.fileKey);
    else if (saved.schedule_id) await deliverScheduledReport(db, config, saved);
  } catch (error) {
    const message =
      error instanceof ChromiumMissing
        ? translate('reports.chromium_missing', row.lang as Lang, { path: error.path })
        : error instanceof Error
          ? error.message
          : String(error);
    log.error({ err: error, report: row.id }, 'report failed');
    await db
      .update(reports)
      .set({
        status: 'failed',
        error: message,
        lease_until: null,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(reports.id, row.id));
  }
}
