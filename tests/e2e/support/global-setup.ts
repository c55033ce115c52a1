import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startBtcpayStandIn } from '../../../apps/server/test/helpers/btcpay-stand-in';
import { startZarinpalStandIn } from '../../../apps/server/test/helpers/zarinpal-stand-in';
import { endGroup, endMarkedProcesses, onAnyExit, removeFolder } from './exit-cleanup';
import { E2E_ALERT_RANGE, E2E_LAB_RANGE } from './lab-range';
import { startMailBox } from './mail-box';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');
// E2E_WEB_DIST: only for the test of this setup's cleanup (support/global-setup.test.ts).
/** Set in every process of a browser-test run; see endMarkedProcesses. */
const RUN_MARKER = 'DIDBAN_E2E_RUN';

const webDist = process.env.E2E_WEB_DIST ?? join(repo, 'apps/web/dist');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  // Generous: on a busy 2-core machine the first start (tsx compile, migrations) can take minutes.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const answer = await fetch(`${url}/readyz`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready at ${url}:\n${log()}`);
}

/**
 * Start the real server on a free port and an empty data folder, serving the built panel. The
 * panel is not built here: `pnpm test:e2e` builds it first.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `pnpm --filter @didban/web build` first.');
  }
  const port = await freePort();
  // One folder for everything this run writes: the server's data, and (through TMPDIR, which the
  // spec processes inherit) every spec's temporary folders and Chromium profiles. The marker in the
  // environment lets an interrupted run find every process a spec started.
  const runDir = mkdtempSync(join(tmpdir(), 'didban-e2e-'));
  const marker = basename(runDir);
  process.env.TMPDIR = runDir;
  process.env[RUN_MARKER] = marker;
  const dataDir = join(runDir, 'server-data');
  mkdirSync(dataDir);
  // Payments go to the server tests' local stand-ins (Zarinpal v4, BTCPay Greenfield), never out.
  const zarinpal = await startZarinpalStandIn({ merchantId: 'e2e-merchant-0000-0000-000000000000' });
  const btcpay = await startBtcpayStandIn({ storeId: 'e2e-store', apiKey: 'e2e-btcpay-key' });
  // The server's mail (reset links, issue 35) goes to a local SMTP stand-in; specs read it with mailsTo.
  const mailDir = join(runDir, 'mail');
  const mail = await startMailBox(mailDir);
  const closeStandIns = () => Promise.all([zarinpal.close(), btcpay.close(), mail.close()]);
  let output = '';
  const server = spawn(
    'pnpm',
    ['--filter', '@didban/server', 'exec', 'tsx', '--conditions=didban-source', 'src/main.ts'],
    {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIDBAN_DATA_DIR: dataDir,
        DIDBAN_WEB_DIST: webDist,
        DIDBAN_TEST_HOOKS: '1',
        // Every test signs in; the production limit (10 a minute) would throttle the suite.
        DIDBAN_AUTH_RATE_LIMIT: '1000',
        // Providers send the buyer back to <public url>/vpl, which must be this server.
        DIDBAN_PUBLIC_URL: `http://127.0.0.1:${port}`,
        // The built-in worker scans only the specs' loopback range (support/lab-range.ts).
        DIDBAN_BUILTIN_WORKER_ALLOW: E2E_LAB_RANGE,
        // Alert webhooks reach only the specs' receivers (support/lab-range.ts), never the lab.
        DIDBAN_ALERTS_ALLOW: E2E_ALERT_RANGE,
        // Loops that wait between rounds when idle: a test's task or report is picked up within
        // half a second, not the production 5 s (built-in worker) and 2 s (reports).
        DIDBAN_BUILTIN_WORKER_INTERVAL: '0.5',
        DIDBAN_REPORTS_INTERVAL_MS: '250',
        ...zarinpal.env,
        ...btcpay.env,
        ...mail.env,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    // pnpm exec → tsx → node: end the whole group we started.
    if (server.exitCode === null) endGroup(server.pid);
  };
  // Interrupted runs (Ctrl+C, a CI runner's SIGTERM) skip the teardown below: this still ends the
  // server and removes its data folder.
  const forget = onAnyExit(() => {
    stop();
    endMarkedProcesses(RUN_MARKER, marker);
    removeFolder(runDir);
  });
  try {
    await waitForServer(baseUrl, server, () => output);
  } catch (error) {
    stop();
    await closeStandIns();
    removeFolder(runDir);
    forget();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);

  return async () => {
    stop();
    await closeStandIns();
    await new Promise((r) => setTimeout(r, 500));
    removeFolder(runDir);
    forget();
  };
}
