/**
 * Alerts bench: 1,000 changes at once → deliveries. Two shapes, on PGlite (in memory) and, when
 * reachable, PostgreSQL:
 *   A. 1,000 asset events recorded in one transaction (one discovery's changelog), 1 rule, 1 webhook:
 *      time until the rule's messages are delivered (at most 500 events a message → 2 messages).
 *   B. 1,000 deliveries queued at once (1,000 rules each matching one event, 1 webhook channel):
 *      events → deliveries throughput and per-delivery latency (event written → receiver got it).
 * The receiver is a loopback HTTP server answering 200 at once. `node --conditions=didban-source
 * --import tsx scripts/bench/alerts/run.ts [--pglite-only | --postgres-only]` (part of `pnpm bench`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { startAlertLoop } from '../../../apps/server/src/alerts/alert-loop.js';
import { recordAlertEvents } from '../../../apps/server/src/alerts/record-events.js';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config/env.js';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { alertDeliveries, alertRules, workspaces } from '../../../apps/server/src/db/schema.js';
import { createMailer } from '../../../apps/server/src/mail/mailer.js';

// pg is the server's dependency, not the scripts'.
const pg = createRequire(new URL('../../../apps/server/package.json', import.meta.url))(
  'pg',
) as typeof import('pg');
const N = 1000;
const quiet = { warn() {}, error() {} };
const pct = (xs: number[], p: number) =>
  xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function receiver() {
  const got: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push(Date.now());
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () => server.close(),
  };
}

async function run(kind: 'pglite' | 'postgres') {
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `didban_bench_alerts_${Date.now()}`;
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    drop = async () => {
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-bench-alerts-'));
  const config = loadConfig({
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_CONCURRENCY: '32',
    DIDBAN_ALERTS_INTERVAL_MS: '50',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? dataDir : ':memory:' });
  const db = database.db;
  const app = await buildApp({ config, db });
  const rx = await receiver();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/',
    payload: {
      username: 'bench',
      email: 'bench@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    },
  });
  const auth = { authorization: `Bearer ${reg.json().data.access}` };
  const [ws] = await db.select({ id: workspaces.id }).from(workspaces);
  const channel = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/panel/alerts/channels/',
      headers: auth,
      payload: { name: 'Hook', kind: 'webhook', secrets: { url: rx.url } },
    })
  ).json().data;
  const loop = await startAlertLoop({ db, config, log: quiet, mailer: createMailer(config.mail, quiet) });
  const waitDelivered = async (count: number) => {
    for (;;) {
      const rows = await db.select({ s: alertDeliveries.status }).from(alertDeliveries);
      if (rows.length >= count && rows.every((r) => r.s === 'delivered')) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const event = (i: number) => ({
    workspace_id: ws!.id,
    kind: 'asset_new' as const,
    data: { host: `h${i}.bench.test`, port: 80, i },
  });

  // A: one changelog of 1,000 changes, one rule.
  const [ruleA] = await db
    .insert(alertRules)
    .values({ workspace_id: ws!.id, name: 'A', triggers: ['asset_new'], channel_ids: [channel.id] })
    .returning();
  let t0 = Date.now();
  await db.transaction((tx) =>
    recordAlertEvents(
      tx,
      Array.from({ length: N }, (_, i) => event(i)),
    ),
  );
  const tRecorded = Date.now() - t0;
  await waitDelivered(2);
  const a = { recordMs: tRecorded, deliveredMs: Date.now() - t0, messages: rx.got.length };
  await db.delete(alertRules);
  void ruleA;
  await db.delete(alertDeliveries);
  rx.got.length = 0;

  // B: 1,000 rules, each matching one of 1,000 events → 1,000 deliveries.
  // One group id per rule so each matches exactly its event.
  const groupIds = Array.from({ length: N }, () => crypto.randomUUID());
  await db.insert(alertRules).values(
    groupIds.map((g, i) => ({
      workspace_id: ws!.id,
      name: `R${i}`,
      triggers: ['port_opened'],
      channel_ids: [channel.id],
      asset_group_ids: [g],
    })),
  );
  t0 = Date.now();
  await db.transaction((tx) =>
    recordAlertEvents(
      tx,
      Array.from({ length: N }, (_, i) => ({
        ...event(i),
        kind: 'port_opened' as const,
        group_ids: [groupIds[i]!],
      })),
    ),
  );
  await waitDelivered(N);
  const elapsed = Date.now() - t0;
  const latencies = rx.got.map((t) => t - t0);
  const b = {
    deliveries: rx.got.length,
    seconds: elapsed / 1000,
    perSecond: Math.round((N / elapsed) * 1000),
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    max: Math.max(...latencies),
  };
  await loop.stop();
  await app.close();
  await database.close();
  rx.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  return { kind, a, b };
}

const kinds: ('pglite' | 'postgres')[] = process.argv.includes('--pglite-only')
  ? ['pglite']
  : process.argv.includes('--postgres-only')
    ? ['postgres']
    : ['pglite', 'postgres'];
console.log(
  `load average before: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (uptime ${Math.round(uptime())} s)`,
);
for (const kind of kinds) {
  try {
    const r = await run(kind);
    console.log(
      `${kind}: A 1,000 changes in one changelog → ${r.a.messages} messages, recorded in ${r.a.recordMs} ms, delivered ${r.a.deliveredMs} ms after the write`,
    );
    console.log(
      `${kind}: B 1,000 events → ${r.b.deliveries} deliveries in ${r.b.seconds.toFixed(2)} s (${r.b.perSecond}/s), latency p50 ${r.b.p50} ms, p95 ${r.b.p95} ms, max ${r.b.max} ms`,
    );
  } catch (error) {
    console.log(`${kind}: skipped (${(error as Error).message})`);
  }
}
console.log(
  `load average after: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
