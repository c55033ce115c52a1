/**
 * `pnpm demo`: Didban and the local lab wired together, with a demo account that already has an
 * asset group on the lab, its discovery and a scan with the public template library under way.
 * Prints the panel address and the demo sign-in; Ctrl+C stops everything it started.
 *
 * The demo has its own data folder (DIDBAN_DEMO_DATA_DIR, default `.demo-data/` in the checkout,
 * git-ignored) and starts it afresh every time; the user's `~/.didban` is never touched.
 * Settings: PORT (8088), DIDBAN_DEMO_SUBNET (127.77.0: the lab's planted hosts live in .0/24).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLab } from '../lab/src/lab.js';
import { startOastLab } from '../lab/src/oast/oast-lab.js';
import { ensurePanelBuilt } from './panel.mjs';
import { DEMO_OOB_LABEL, DEMO_PLANTS, DEMO_SITE_LABEL, prepareDemoWorkspace } from './workspace.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.PORT ?? 8088);
const subnet = process.env.DIDBAN_DEMO_SUBNET ?? '127.77.0';
const dataDir = resolve(process.env.DIDBAN_DEMO_DATA_DIR ?? join(root, '.demo-data'));
const baseUrl = `http://127.0.0.1:${port}`;
const began = Date.now();
// Seconds since `pnpm demo` began on every line: where the minutes go on a slow machine.
const say = (line: string) =>
  process.stdout.write(`[demo ${((Date.now() - began) / 1000).toFixed(1)} s] ${line}\n`);

const webDist = ensurePanelBuilt(root);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const lab = await startLab({ subnet, dnsPort: 0, controlPort: 0 });
const site = `${DEMO_SITE_LABEL}.${lab.manifest().zone}`;
for (const weakness of DEMO_PLANTS) await lab.weaknesses.plant(site, weakness);
say(`Lab running on ${subnet}.0/24 (DNS ${lab.resolver}); weaknesses planted on ${site}.`);
// Out-of-band: the lab's interaction server (Didban's own, apps/server/src/oast) and an app with a
// blind SSRF and a blind XXE that calls back to it; the server hands it to the built-in worker.
const oast = await startOastLab(lab);
const oobApp = await oast.plant(`${DEMO_OOB_LABEL}.${lab.manifest().zone}`);
say(
  `Interaction server ${oast.serverUrl} (domain ${oast.domain}); blind SSRF and XXE planted on ${oobApp.name}.`,
);

// The demo's own embedded database, never the operator's PostgreSQL.
const { DATABASE_URL: _operatorDatabase, ...inherited } = process.env;
const server: ChildProcess = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--conditions=didban-source', '--import', 'tsx', 'src/main.ts'],
  {
    cwd: join(root, 'apps/server'),
    // The server logs JSON lines; they are reworded below so they never land raw between the
    // demo's own lines.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIDBAN_DATA_DIR: dataDir,
      DIDBAN_PUBLIC_URL: baseUrl,
      ...(webDist ? { DIDBAN_WEB_DIST: webDist } : {}),
      DIDBAN_BUILTIN_WORKER: '1',
      DIDBAN_BUILTIN_WORKER_INTERVAL: '1',
      // The built-in worker resolves lab names through the lab, and may scan the lab's range only.
      DIDBAN_WORKER_RESOLVERS: lab.resolver,
      DIDBAN_BUILTIN_WORKER_ALLOW: `${subnet}.0/24`,
      // The lab's passive-source stand-ins live in that range too: hosts only they report are found.
      DIDBAN_WORKER_PROVIDERS: Object.entries(lab.manifest().providers)
        .map(([name, url]) => `${name}=${lab.manifest().providerKey}@${url}`)
        .join(','),
      // Out-of-band templates call back to the lab's interaction server (handed to workers at hello).
      DIDBAN_OAST_DOMAIN: oast.domain,
      DIDBAN_OAST_URL: oast.serverUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  },
);

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warning',
  50: 'error',
  60: 'fatal',
};
/** One server log line as a demo line: `server warning: message (code)`; anything else as it came. */
function sayServerLine(line: string) {
  if (!line.trim()) return;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; code?: string };
    const detail = entry.code ? ` (${entry.code})` : '';
    say(`server ${LEVELS[entry.level ?? 30] ?? 'log'}: ${entry.msg ?? line}${detail}`);
  } catch {
    say(`server: ${line}`);
  }
}
for (const stream of [server.stdout, server.stderr]) {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) sayServerLine(line);
  });
  stream?.on('end', () => sayServerLine(rest));
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  say('Stopping the server and the lab…');
  if (server.exitCode === null && server.signalCode === null) {
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGINT');
    await gone;
  }
  await oast.stop();
  await lab.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
server.on('exit', (code) => {
  if (!stopping) {
    say(`The server stopped (exit code ${code}).`);
    void stop(code || 1);
  }
});

try {
  await prepareDemoWorkspace({ baseUrl, zone: lab.manifest().zone, say });
  say('The demo keeps running until Ctrl+C.');
} catch (error) {
  if (!stopping) {
    say(`The demo could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
  }
}
