import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { assetGroups, assets, scanHistories, vulnerabilities, workspaces } from '../src/db/schema.js';
import { startServer } from '../src/server.js';
import { CANARY_SECRET, type Canary, startCanary } from './helpers/canary.js';
import { type Lab, labScopeRange, startLab } from './helpers/lab.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, testDbKind } from './helpers/test-server.js';

// Issue 15: the built-in worker (a child process under the scan scope policy) must not reach a
// loopback canary by any path unless the operator opened its range. The lab (its DNS server and
// a redirector on the lab's /24) is opened, as an operator would for a lab; the canary is not.
let lab: Lab;
let canary: Canary;
let redirector: http.Server;
let redirectUrl: string;
const CANARY_NAME = 'canary.lab.didban.test';

beforeAll(async () => {
  lab = await startLab({ plantDefaults: false });
  canary = await startCanary();
  await lab.control.addHost({ name: CANARY_NAME, ip: '127.0.0.1' });
  // An allowed lab host whose every answer redirects to the canary.
  redirector = http.createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${canary.port}/` });
    res.end();
  });
  const labHost = `${lab.manifest().subnet}.250`;
  await new Promise<void>((resolve) => redirector.listen(0, labHost, resolve));
  redirectUrl = `http://${labHost}:${(redirector.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  redirector?.closeAllConnections();
  redirector?.close();
  await canary?.close();
  await lab?.stop();
});

const httpTemplate = (id: string) => `id: ${id}
info:
  name: Canary page
  author: didban
  severity: high
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    redirects: true
    max-redirects: 3
    matchers:
      - type: word
        words:
          - "${CANARY_SECRET}"
`;

const tcpTemplate = `id: canary-tcp
info:
  name: Canary over raw TCP
  author: didban
  severity: high
tcp:
  - host:
      - "{{Hostname}}"
    inputs:
      - data: "GET / HTTP/1.0\\r\\n\\r\\n"
    read-size: 1024
    matchers:
      - type: word
        words:
          - "${CANARY_SECRET}"
`;

/** An allowed target whose matcher fingerprints another host with jarm(): a TLS probe the DSL opens. */
const jarmTemplate = (aim: string) => `id: canary-jarm
info:
  name: JARM of another host
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: dsl
        dsl:
          - 'jarm("${aim}") != ""'
`;

type Started = Awaited<ReturnType<typeof startServer>>;
type Auth = { authorization: string };

/** A real server with its built-in worker (child process) and the lab's DNS. */
async function startWith(extra: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-scope-'));
  const pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const server = await startServer(
    loadConfig({
      DIDBAN_DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DIDBAN_AUTH_RATE_LIMIT: '10000',
      DIDBAN_WORKER_RESOLVERS: lab.resolver,
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      // Not about the stall budget (builtin-worker-budget.test.ts): a loaded CI machine must not
      // have a slow child killed mid-run here.
      DIDBAN_BUILTIN_TASK_STALL_SECONDS: '120',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...extra,
    }),
    { pgliteSeed: await migratedPgliteSeed() },
  );
  const register = await fetch(`${server.address}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'tenant',
      email: 'tenant@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    }),
  });
  const { data } = (await register.json()) as { data: { access: string; user: { id: string } } };
  return {
    server,
    auth: { authorization: `Bearer ${data.access}` } as Auth,
    userId: data.user.id,
    async stop() {
      await server.stop();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(server: Started, auth: Auth, method: string, path: string, body?: unknown, lang = 'en') {
  const response = await fetch(`${server.address}/api/v1/${path}`, {
    method,
    headers: { ...auth, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: response.status,
    // biome-ignore lint/suspicious/noExplicitAny: API bodies of many shapes, checked by the assertions
    json: (await response.json()) as { data: any; errors?: any; message?: string },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function scanNow(server: Started, auth: Auth, yaml: string, targets: string[]) {
  const started = await api(server, auth, 'POST', 'panel/templates/scan-now/', { yaml, targets });
  expect(started.status).toBe(201);
  const id = started.json.data.run_id as string;
  return until(`run ${id}`, async () => {
    const run = (await api(server, auth, 'GET', `panel/templates/runs/${id}/`)).json.data;
    return ['finished', 'failed', 'cancelled'].includes(run.status) && run;
  });
}

describe('the built-in worker never reaches a refused address', () => {
  let ctx: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    ctx = await startWith({ DIDBAN_BUILTIN_WORKER_ALLOW: labScopeRange(lab.manifest()) });
  }, 120_000);
  afterAll(() => ctx?.stop(), 60_000);

  it('refuses internal roots up front, naming each root in the caller language', async () => {
    const roots = '127.0.0.1\nexample.com\n0.0.0.0\n::1\n10.0.0.0/24\n169.254.169.254\nfd00::1';
    for (const [lang, first] of [
      [
        'en',
        "127.0.0.1 is outside the allowed scan scope: the built-in worker does not scan internal, reserved or this server's own addresses. Pick a worker group of your own workers to scan it.",
      ],
      [
        'fa',
        '127.0.0.1 بیرون از محدودهٔ مجاز اسکن است: کارگزار داخلی نشانی‌های داخلی، رزروشده یا نشانی‌های خود این سرور را اسکن نمی‌کند. برای اسکن آن یک گروه کارگزار از کارگزارهای خودتان برگزینید.',
      ],
    ] as const) {
      const answer = await api(
        ctx.server,
        ctx.auth,
        'POST',
        'panel/assets/',
        { name: 'Inward', roots },
        lang,
      );
      expect(answer.status).toBe(400);
      expect(answer.json.errors.roots).toHaveLength(6);
      expect(answer.json.errors.roots[0]).toBe(first);
      expect(answer.json.errors.roots.join('\n')).not.toContain('example.com');
    }
    // Odd spellings of loopback are not roots at all.
    const odd = await api(ctx.server, ctx.auth, 'POST', 'panel/assets/', {
      name: 'Odd',
      roots: '2130706433\n0x7f000001\n127.1\n[::1]',
    });
    expect(odd.status).toBe(400);
    expect(odd.json.errors.roots).toHaveLength(4);
    // Editing a group to an internal root is refused the same way; the lab's range is open.
    const ok = await api(ctx.server, ctx.auth, 'POST', 'panel/assets/', {
      name: 'Lab',
      roots: `${lab.manifest().subnet}.9`,
      auto_discovery: false,
    });
    expect(ok.status).toBe(201);
    const edit = await api(ctx.server, ctx.auth, 'PATCH', `panel/assets/${ok.json.data.id}/`, {
      roots: '192.168.1.1',
    });
    expect(edit.status).toBe(400);
    expect(edit.json.errors.roots[0]).toContain('192.168.1.1 is outside the allowed scan scope');
    expect(canary.hits()).toBe(0);
  });

  it('refuses every spelling of loopback, a name resolving to it, and a redirect to it (HTTP); raw TCP too', async () => {
    const p = canary.port;
    const targets = [
      `http://127.0.0.1:${p}`,
      `http://2130706433:${p}`,
      `http://0x7f000001:${p}`,
      `http://127.1:${p}`,
      `http://0.0.0.0:${p}`,
      `http://[::1]:${p}`,
      `http://${CANARY_NAME}:${p}`,
      redirectUrl,
    ];
    const run = await scanNow(ctx.server, ctx.auth, httpTemplate('canary-http'), targets);
    expect(run.error ?? null).toBeNull();
    expect(run.status).toBe('finished');
    expect(run.findings).toHaveLength(0);
    const tcp = await scanNow(ctx.server, ctx.auth, tcpTemplate, [`127.0.0.1:${p}`, `${CANARY_NAME}:${p}`]);
    expect(tcp.findings).toHaveLength(0);
    expect(canary.hits()).toBe(0);
    // Each refused target is on the run with the reason.
    const skipped = run.problems.filter((problem: { kind: string }) => problem.kind === 'skipped');
    expect(skipped.map((s: { message: string }) => s.message).join('\n')).toContain(
      'outside the allowed scan scope',
    );
    const reasons = Object.fromEntries(
      skipped.map((s: { target: string; message: string }) => [s.target, s.message]),
    );
    expect(reasons[`http://2130706433:${p}`]).toBe(
      `127.0.0.1:${p} is outside the allowed scan scope (internal range 127.0.0.0/8)`,
    );
    expect(reasons[`http://[::1]:${p}`]).toBe(
      `::1:${p} is outside the allowed scan scope (internal range ::1/128)`,
    );
    expect(reasons[`http://${CANARY_NAME}:${p}`]).toBe(
      `${CANARY_NAME} resolves to 127.0.0.1:${p} is outside the allowed scan scope (internal range 127.0.0.0/8)`,
    );
    expect(tcp.problems.filter((problem: { kind: string }) => problem.kind === 'skipped')).toHaveLength(2);
  }, 180_000);

  it('jarm() in a matcher of an allowed target does not reach loopback (address or lab name)', async () => {
    for (const aim of [`127.0.0.1:${canary.port}`, `${CANARY_NAME}:${canary.port}`, `[::1]:${canary.port}`]) {
      const run = await scanNow(ctx.server, ctx.auth, jarmTemplate(aim), [redirectUrl]);
      expect(run.status).toBe('finished');
      expect(run.findings).toHaveLength(0);
    }
    expect(canary.hits()).toBe(0);
  }, 180_000);

  it('a discovery root that resolves to loopback finds nothing and touches nothing', async () => {
    const created = await api(ctx.server, ctx.auth, 'POST', 'panel/assets/', {
      name: 'Canary zone',
      roots: CANARY_NAME,
      port_setting: 'custom',
      custom_ports: String(canary.port),
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const group = await until('discovery', async () => {
      const g = (await api(ctx.server, ctx.auth, 'GET', `panel/assets/${id}/`)).json.data;
      return g.status !== 'running' && g;
    });
    expect(group.asset_count).toBe(0);
    expect(canary.hits()).toBe(0);
  }, 120_000);

  it('bulk and scheduled scans of assets pointing at loopback reach nothing', async () => {
    const [workspace] = await ctx.server.db
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.owner_id, ctx.userId), eq(workspaces.kind, 'personal')));
    // Assets as a discovery could have stored them while the name still pointed elsewhere.
    const [group] = await ctx.server.db
      .insert(assetGroups)
      .values({ workspace_id: workspace!.id, name: 'Rebound', roots: [CANARY_NAME], auto_discovery: false })
      .returning();
    await ctx.server.db.insert(assets).values(
      [CANARY_NAME, '127.0.0.1'].map((host) => ({
        workspace_id: workspace!.id,
        group_id: group!.id,
        host,
        port: canary.port,
        status: '200',
        service: 'http',
      })),
    );
    const template = (
      await api(ctx.server, ctx.auth, 'POST', 'panel/templates/', { yaml: httpTemplate('canary-scan') })
    ).json.data;
    const bulk = await api(ctx.server, ctx.auth, 'POST', 'panel/scans/bulk-create/', {
      name: 'Bulk canary',
      asset_groups: [group!.id],
      template_ids: [template.id],
    });
    expect(bulk.status).toBe(201);
    const { scan_id: bulkScan, scan_history_id: bulkRun } = bulk.json.data;
    await until('bulk run', async () => {
      const s = (
        await api(ctx.server, ctx.auth, 'GET', `panel/scans/${bulkScan}/histories/${bulkRun}/status`)
      ).json.data;
      return ['finished', 'failed', 'cancelled'].includes(s.status) && s;
    });
    const scheduled = (
      await api(ctx.server, ctx.auth, 'POST', 'panel/scans/', {
        name: 'Scheduled canary',
        asset_group: [group!.id],
        template_ids: [template.id],
        run_now: false,
      })
    ).json.data;
    const schedule = await api(ctx.server, ctx.auth, 'POST', 'panel/scan-schedules/', {
      scan: scheduled.id,
      frequency: 'weekly',
      start_time: new Date(Date.now() + 1000).toISOString(),
    });
    expect(schedule.status).toBe(201);
    await until('scheduled run', async () => {
      const runs = await ctx.server.db
        .select()
        .from(scanHistories)
        .where(eq(scanHistories.scan_id, scheduled.id));
      return (
        runs.length > 0 && runs.every((r) => ['finished', 'failed', 'cancelled'].includes(r.status)) && runs
      );
    });
    const found = await ctx.server.db
      .select()
      .from(vulnerabilities)
      .where(eq(vulnerabilities.workspace_id, workspace!.id));
    expect(found).toHaveLength(0);
    expect(canary.hits()).toBe(0);
  }, 180_000);
});

describe('screenshots (DIDBAN_BUILTIN_WORKER_SCREENSHOTS=1)', () => {
  let ctx: Awaited<ReturnType<typeof startWith>>;
  let page: http.Server;
  let pageRoot: string;
  const seen: string[] = [];
  beforeAll(async () => {
    // An allowed lab host whose page reaches for the canary every way a browser can: subresources
    // by address and by a name resolving to it, an iframe to [::1], a same-host path that
    // redirects to it, a WebSocket, a preconnect, fetch, a beacon, and WebRTC ICE servers (UDP
    // STUN and TCP TURN by IP literal). A slow image holds the load event until they all ran.
    const p = canary.port;
    const hostile = `<!doctype html><html><head>
<link rel="preconnect" href="http://127.0.0.1:${p}"><link rel="dns-prefetch" href="//${CANARY_NAME}">
</head><body><h1>hostile</h1>
<img src="http://127.0.0.1:${p}/img"><img src="http://${CANARY_NAME}:${p}/img"><img src="/bounce">
<iframe src="http://[::1]:${p}/frame"></iframe>
<script src="/hostile.js"></script><img src="/slow"></body></html>`;
    const script = `fetch('/ran');
try { new WebSocket('ws://127.0.0.1:${p}/ws'); } catch (e) {}
fetch('http://127.0.0.1:${p}/fetch', { mode: 'no-cors' }).catch(() => {});
fetch('/bounce').catch(() => {});
navigator.sendBeacon('http://127.0.0.1:${p}/beacon', 'x');
const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${p}' },
  { urls: 'turn:127.0.0.1:${p}?transport=tcp', username: 'u', credential: 'c' }] });
pc.createDataChannel('x');
pc.createOffer().then((o) => pc.setLocalDescription(o));`;
    page = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/bounce') {
        res.writeHead(302, { location: `http://127.0.0.1:${p}/bounced` });
        res.end();
      } else if (req.url === '/hostile.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(script);
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(404).end(), 1500);
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(hostile);
      }
    });
    const labHost = `${lab.manifest().subnet}.251`;
    await new Promise<void>((resolve) => page.listen(0, labHost, resolve));
    pageRoot = labHost;
    ctx = await startWith({
      DIDBAN_BUILTIN_WORKER_ALLOW: labScopeRange(lab.manifest()),
      DIDBAN_BUILTIN_WORKER_SCREENSHOTS: '1',
    });
  }, 120_000);
  afterAll(async () => {
    page?.closeAllConnections();
    page?.close();
    await ctx?.stop();
  }, 60_000);

  it.runIf(existsSync('/usr/bin/chromium'))(
    'a page whose subresources, redirects, sockets and WebRTC aim at the canary is captured and reaches nothing',
    async () => {
      const created = await api(ctx.server, ctx.auth, 'POST', 'panel/assets/', {
        name: 'Hostile page',
        roots: pageRoot,
        auto_discovery: false,
        port_setting: 'custom',
        custom_ports: String((page.address() as AddressInfo).port),
      });
      expect(created.status).toBe(201);
      const id = created.json.data.id as string;
      await until('discovery', async () => {
        const g = (await api(ctx.server, ctx.auth, 'GET', `panel/assets/${id}/`)).json.data;
        return g.status !== 'running' && g;
      });
      const [asset] = await ctx.server.db.select().from(assets).where(eq(assets.group_id, id));
      expect(asset?.screenshot_key).toMatch(/^screenshots\/.+\.png$/);
      // The page's script ran (its same-host fetch arrived), so every attempt above was made.
      expect(seen).toContain('/ran');
      expect(seen).toContain('/bounce');
      expect(canary.hits()).toBe(0);
    },
    180_000,
  );
});

describe('once the operator opens the range', () => {
  let ctx: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    ctx = await startWith({ DIDBAN_BUILTIN_WORKER_ALLOW: `${labScopeRange(lab.manifest())},127.0.0.1/32` });
  }, 120_000);
  afterAll(() => ctx?.stop(), 60_000);

  it('the same templates reach the canary (the refusals above were the policy, not a broken setup)', async () => {
    const before = canary.hits();
    const p = canary.port;
    const run = await scanNow(ctx.server, ctx.auth, httpTemplate('canary-open'), [
      `http://127.0.0.1:${p}`,
      `http://${CANARY_NAME}:${p}`,
    ]);
    expect({
      status: run.status,
      error: run.error,
      problems: run.problems,
      matched: run.findings.map((f: { matched_at: string }) => f.matched_at).sort(),
    }).toEqual({
      status: 'finished',
      error: null,
      problems: [],
      matched: [`http://127.0.0.1:${p}/`, `http://${CANARY_NAME}:${p}/`],
    });
    const hitsBeforeRedirect = canary.hits();
    const redirected = await scanNow(ctx.server, ctx.auth, httpTemplate('canary-redirect'), [redirectUrl]);
    expect(redirected.findings).toHaveLength(1);
    expect(canary.hits()).toBeGreaterThan(hitsBeforeRedirect);
    const tcp = await scanNow(ctx.server, ctx.auth, tcpTemplate, [`127.0.0.1:${p}`]);
    expect(tcp.findings).toHaveLength(1);
    expect(canary.hits()).toBeGreaterThan(before);
    const hitsBeforeJarm = canary.hits();
    await scanNow(ctx.server, ctx.auth, jarmTemplate(`127.0.0.1:${p}`), [redirectUrl]);
    expect(canary.hits()).toBeGreaterThan(hitsBeforeJarm);
  }, 180_000);
});
