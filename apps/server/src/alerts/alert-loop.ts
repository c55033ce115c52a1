/**
 * The server's alert loop: match new events to rules, flush rules that may send, and send due
 * deliveries (a few at once), on a timer that never blocks a request or an ingestion — the only
 * thing those do is insert event rows. Once an hour it deletes history past the retention. Safe
 * with several servers on one database (row locks with SKIP LOCKED everywhere). Stopping waits for sends in flight; a send cut short by a crash is
 * retried when its lease expires.
 */
import { loadOrCreateSecret } from '../auth/secret.js';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { createMailer, type Mailer, type MailLog } from '../mail/mailer.js';
import { channelSmtpOptions } from './channel-smtp.js';
import { claimDeliveries, type QueueOptions, reclaimAlertLeases } from './delivery-queue.js';
import { deliveryScope, scopeResolver } from './delivery-scope.js';
import { flushDueRules } from './flush-rules.js';
import { matchPendingEvents } from './match-rules.js';
import { pruneAlertHistory } from './prune-history.js';
import { createSecretBox } from './secret-box.js';
import { attemptDelivery } from './send-delivery.js';
import { createSettler } from './settle-deliveries.js';
import { recordExpiringCertificates, recordOfflineWorkers } from './watchers.js';

const PRUNE_EVERY_MS = 3_600_000;

export type AlertLoopOptions = {
  db: Db;
  config: Config;
  log: MailLog & { error(obj: object, msg: string): void };
  /** The server's mailer (shared with sign-up mail). */
  mailer: Mailer;
  /** The server's own listening address, refused as a destination even inside an allowed range. */
  ownAddresses?: string[];
};

export type AlertLoop = {
  /** One full pass (match, flush, send what is due and wait for it); tests and benches drive it. */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

export async function startAlertLoop(options: AlertLoopOptions): Promise<AlertLoop> {
  const { db, config, log } = options;
  const settings = config.alerts;
  const queue: QueueOptions & { perWorkspace: number } = {
    maxAttempts: settings.maxAttempts,
    retryBaseSeconds: settings.retryBaseSeconds,
    leaseSeconds: settings.leaseSeconds,
    perWorkspace: settings.workspaceConcurrency,
  };
  const box = createSecretBox(loadOrCreateSecret(config.secret, config.dataDir));
  const resolve = scopeResolver(await deliveryScope(config, options.ownAddresses ?? []));
  // A channel's own SMTP server gets a mailer per attempt, bound to the attempt's deadline (its
  // connections are destroyed with the attempt); nodemailer connects per message anyway.
  const mailerFor = (smtpUrl: string | undefined, signal?: AbortSignal) => {
    if (!smtpUrl) return options.mailer;
    return createMailer(
      { smtpUrl, from: config.mail.from },
      log,
      channelSmtpOptions(smtpUrl, resolve, settings.timeoutMs, signal),
    );
  };
  const deps = {
    db,
    box,
    out: { resolve, timeoutMs: settings.timeoutMs },
    attemptMs: settings.attemptMs,
    mailer: mailerFor,
    publicUrl: config.publicUrl,
    mailCap: { perWindow: settings.mailPerWindow, windowSeconds: settings.mailWindowSeconds },
  };
  const settle = createSettler(db, queue);
  const inFlight = new Set<Promise<void>>();
  let lastWatch = 0;
  // The first pass prunes, then once an hour: retention is counted in days.
  let lastPrune = 0;
  let stopped = false;

  // One dispatcher at a time, so two never claim the same free slots. A send that ends while the
  // last claim filled every slot claims again at once instead of waiting for the next tick.
  let dispatching: Promise<number> | null = null;
  let backlog = false;
  const claimAndSend = async () => {
    await reclaimAlertLeases(db);
    const limit = settings.concurrency - inFlight.size;
    const claimed = await claimDeliveries(db, limit, queue);
    // A claim short of the free slots may still leave deliveries behind (a workspace at its share):
    // those wait for the next tick or for one of that workspace's sends to end.
    backlog = limit > 0 && claimed.length > 0;
    for (const c of claimed) {
      const p = attemptDelivery(deps, c.delivery_id)
        .then((outcome) => settle({ claimed: c, outcome }))
        .catch((error: unknown) =>
          log.error({ err: error, delivery: c.delivery_id }, 'alert delivery bookkeeping failed'),
        )
        .finally(() => {
          inFlight.delete(p);
          if (backlog && !stopped) void dispatch().catch(() => undefined);
        });
      inFlight.add(p);
    }
    return claimed.length;
  };
  const dispatch = () =>
    (dispatching ??= claimAndSend().finally(() => {
      dispatching = null;
    }));
  /** Until no send is under way and no claim is being made (refills may start more sends). */
  const drain = async () => {
    while (dispatching || inFlight.size) {
      await dispatching?.catch(() => undefined);
      await Promise.all([...inFlight]);
    }
  };

  const pass = async () => {
    if (Date.now() - lastWatch > settings.watchSeconds * 1000) {
      lastWatch = Date.now();
      await recordOfflineWorkers(db, settings.workerOfflineSeconds);
      await recordExpiringCertificates(db);
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneAlertHistory(db, settings.retentionDays);
    }
    await matchPendingEvents(db);
    await flushDueRules(db, queue);
    await dispatch();
  };

  let running: Promise<void> = Promise.resolve();
  const guarded = () =>
    (running = running
      .then(pass)
      .catch((error: unknown) => log.error({ err: error }, 'alert loop pass failed')));
  const timer = setInterval(() => {
    if (!stopped) void guarded();
  }, settings.intervalMs);
  timer.unref?.();
  void guarded();

  return {
    async tick() {
      await guarded();
      await drain();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await drain();
    },
  };
}
