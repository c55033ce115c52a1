#!/usr/bin/env node
// API throughput at concurrency 50 (autocannon), on embedded PGlite and on PostgreSQL:
//   - baseline: GET /healthz (no database, no auth): the ceiling of this server on this machine;
//   - login: POST auth/login/ (argon2id verify: CPU-bound by design);
//   - authenticated GET: GET panel/workspace/ (token check + user + workspace membership queries).
// Usage: node scripts/bench/api.mjs [--duration 10]
import autocannon from 'autocannon';
import { createBenchDatabase, startServerProcess } from './lib/server-process.mjs';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 10;
const connections = 50;

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const fmt = (r) =>
  `${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;

async function benchOne(label, env) {
  const server = await startServerProcess({ DIDBAN_AUTH_RATE_LIMIT: '100000000', ...env });
  try {
    const creds = { username: 'bench', email: 'bench@example.com', password: 'bench-password' };
    const reg = await fetch(`${server.url}/api/v1/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...creds, confirm_password: creds.password }),
    });
    const { data } = await reg.json();
    const baseline = await run({ url: `${server.url}/healthz` });
    const login = await run({
      url: `${server.url}/api/v1/auth/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(creds),
    });
    const get = await run({
      url: `${server.url}/api/v1/panel/workspace/`,
      headers: { authorization: `Bearer ${data.access}` },
    });
    console.log(`\n${label}`);
    console.log(`  baseline GET /healthz        ${fmt(baseline)}`);
    console.log(
      `  POST auth/login/             ${fmt(login)}  (${((login.requests.average / baseline.requests.average) * 100).toFixed(1)}% of baseline)`,
    );
    console.log(
      `  GET panel/workspace/ (auth)  ${fmt(get)}  (${((get.requests.average / baseline.requests.average) * 100).toFixed(1)}% of baseline)`,
    );
    return { baseline, login, get };
  } finally {
    await server.stop();
  }
}

console.log(`API benchmark: ${connections} connections, ${duration} s per call, node ${process.version}`);
await benchOne('Embedded PGlite', {});
const pg = await createBenchDatabase();
try {
  await benchOne('PostgreSQL 15 (DATABASE_URL)', { DATABASE_URL: pg.url });
} finally {
  await pg.drop();
}
