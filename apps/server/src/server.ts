import { startAlertLoop } from './alerts/alert-loop.js';
import { alertOwnAddresses } from './alerts/delivery-scope.js';
import { buildApp } from './app.js';
import type { Config } from './config/env.js';
import { openDatabase } from './db/database.js';
import { startFindingsSweep } from './findings/sweep.js';
import { createMailer } from './mail/mailer.js';
import { startOastServer } from './oast/oast-server.js';
import { startReportLoop } from './reports/report-loop.js';
import { startScheduler } from './scheduler/scheduler.js';
import { startBuiltinWorker } from './workers/start-builtin.js';

/**
 * Open the database, build the app and listen, then start the built-in worker unless
 * DIDBAN_BUILTIN_WORKER=0. `stop()` stops the worker (its running tasks are left to their
 * leases), stops taking connections, lets requests in flight finish (fastify's close), then
 * closes the database so PGlite flushes to disk. `pgliteSeed`: see openDatabase (test suites).
 */
export async function startServer(config: Config, options: { pgliteSeed?: Blob } = {}) {
  // The logger exists only once the app does; a lost idle connection before that is not logged.
  let onIdleError: ((error: Error) => void) | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => onIdleError?.(error),
    ...(options.pgliteSeed ? { pgliteSeed: options.pgliteSeed } : {}),
  });
  // The interaction server's listeners (DIDBAN_OAST_*), before the worker that hands it out.
  const oast = config.oast.server ? await startOastServer(config.oast.server) : undefined;
  const app = await buildApp({ config, db: database.db });
  if (oast)
    app.log.info(
      { domain: config.oast.server?.domain, listeners: oast.addresses },
      'the interaction server is listening',
    );
  onIdleError = (error) =>
    app.log.warn({ err: error }, 'a database connection was closed; the pool reconnects');
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `Didban is running at ${config.publicUrl} (listening on ${address})`,
  );
  // Started in the background: the server answers at once while the engine loads.
  const worker = config.builtinWorker
    ? startBuiltinWorker(config, database.db, app, address, app.log).catch((error: unknown) => {
        app.log.error({ err: error }, 'the built-in worker could not start');
        return undefined;
      })
    : undefined;
  // Scheduled runs (enumeration schedules, later scan schedules); safe with many servers.
  const stopScheduler = startScheduler(database.db, { log: (msg, extra) => app.log.warn(extra, msg) });
  // Accepted risks that end reopen; findings past their due date raise sla_breached (issue 32).
  const stopFindingsSweep = startFindingsSweep(database.db, (msg, extra) => app.log.warn(extra, msg));
  // Alerts: match events to rules and send deliveries in the background (issue 20).
  const alerts = config.alerts.enabled
    ? await startAlertLoop({
        db: database.db,
        config,
        log: app.log,
        mailer: createMailer(config.mail, app.log),
        // Every address the server listens on (HOST=0.0.0.0: each interface) and its database;
        // the channel routes refuse the same ones when a channel is saved.
        ownAddresses: await alertOwnAddresses(config, address),
      })
    : undefined;
  // Reports: build queued reports (and mail scheduled ones) in the background (issue 33).
  const reportLoop = config.reports.enabled
    ? startReportLoop({ db: database.db, config, log: app.log })
    : undefined;
  return {
    app,
    address,
    db: database.db,
    async stop() {
      stopScheduler();
      await stopFindingsSweep();
      await alerts?.stop();
      await reportLoop?.stop();
      await (await worker)?.stop();
      await oast?.close();
      await app.close();
      await database.close();
    },
  };
}
