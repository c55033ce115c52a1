/**
 * `didban vulns list --all` over 2,500 findings (three keyset pages of 1000): the real binary
 * against a live server, in every format, compared row by row with the panel's offset pages; and
 * findings that arrive while the listing runs neither repeat nor push rows out (keyset pages
 * resume after the last row read, where offset pages shifted by what was inserted above).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config/env.js';
import { startServer } from '../../server/src/server.js';
import { BIN, runBinary } from './helpers/binary.js';

const TOTAL = 2500;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let server: Awaited<ReturnType<typeof startServer>>;
let api: ApiClient;
let env: Record<string, string>;
let dir: string;
let workspaceId: string;

/**
 * `count` findings numbered from `from`, stored in one statement as a scan's results are (so they
 * share last_seen_at: long ties that only the id orders). Seeded in SQL: 2,500 findings through
 * the worker protocol took over five minutes on a loaded CI machine.
 */
async function addFindings(from: number, count: number, rank: string) {
  await query(
    `insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
                                  protocol, host, port, matched_at, status)
     select $1::uuid, 'page-' || i, 'page-check-' || (i % 7), 'Page check ' || (i % 7),
            (array['unknown','info','low','medium','high','critical'])[1 + r], r,
            'http', 'pages.test', 80, 'http://pages.test/p' || i,
            (array['open','in_progress','fixed','false_positive'])[1 + i % 4]
     from generate_series($2::int, $3::int) as s(i), lateral (select ${rank} as r) as k`,
    [workspaceId, from, from + count - 1],
  );
}

/** SQL on the server's own database (its driver's client: drizzle-orm is the server's dependency). */
const query = (text: string, params: unknown[]) =>
  (
    server.db as unknown as {
      $client: { query(t: string, p: unknown[]): Promise<{ rows: { id: string }[] }> };
    }
  ).$client.query(text, params);

/** Every finding id through the panel's offset pages of 100: the order the listing must keep. */
async function offsetIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const list = await api.scans.vulnerabilities({ page, page_size: 100 });
    ids.push(...list.results.map((v) => v.id));
    if (list.next_page === null) return ids;
  }
}

beforeAll(async () => {
  // A real server on a loopback port with its embedded database, as startLiveServer runs it, kept
  // whole here for its database handle (the seeding).
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-vulns-pages-'));
  mkdirSync(join(dir, 'server'));
  server = await startServer(
    loadConfig({
      PORT: '0',
      DIDBAN_DATA_DIR: join(dir, 'server'),
      LOG_LEVEL: 'silent',
      DIDBAN_AUTH_RATE_LIMIT: '10000',
      DIDBAN_BUILTIN_WORKER: '0',
    }),
  );
  const url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const { access, user } = await createApiClient({ baseUrl: url, getLanguage: () => 'en' }).auth.register({
    username: 'pari',
    email: 'pari@example.com',
    password: 'secret-pass',
    confirm_password: 'secret-pass',
  });
  env = { DIDBAN_CONFIG_DIR: dir, DIDBAN_URL: url, DIDBAN_TOKEN: access, DIDBAN_LANG: 'en' };
  api = createApiClient({ baseUrl: url, getToken: () => access, getLanguage: () => 'en' });
  const ws = await query(`select id from workspaces where owner_id = $1 and kind = 'personal'`, [user.id]);
  workspaceId = ws.rows[0]!.id;
  // Five severities, critical to info.
  await addFindings(0, TOTAL, '1 + i % 5');
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('vulns list --all over several keyset pages', { timeout: 300_000 }, () => {
  it('writes every finding once, in the list order, in every format', async () => {
    const expected = await offsetIds();
    expect(expected).toHaveLength(TOTAL);

    const jsonl = await runBinary(['vulns', 'list', '--all', '--jsonl'], env);
    expect(jsonl.exitCode, jsonl.stderr).toBe(0);
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(expected);

    const json = await runBinary(['vulns', 'list', '--all', '--json'], env);
    const doc = JSON.parse(json.stdout);
    expect(doc.result_count).toBe(TOTAL);
    expect(doc.results.map((v: { id: string }) => v.id)).toEqual(expected);

    const csv = await runBinary(['vulns', 'list', '--all', '--csv'], env);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines.slice(1).map((l) => l.match(UUID)?.[0])).toEqual(expected);

    const table = await runBinary(['vulns', 'list', '--all'], env);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.match(UUID)).toEqual(expected);

    const sarifFile = join(dir, 'all.sarif');
    const sarif = await runBinary(['vulns', 'list', '--all', '--jsonl', '--sarif', sarifFile], env);
    expect(sarif.exitCode, sarif.stderr).toBe(0);
    expect(JSON.parse(readFileSync(sarifFile, 'utf8')).runs[0].results).toHaveLength(TOTAL);

    const critical = await runBinary(['vulns', 'list', '--all', '--jsonl', '--severity', 'critical'], env);
    const rows = critical.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(TOTAL / 5);
    expect(rows.every((v) => v.severity === 'critical')).toBe(true);
  });

  it('neither repeats nor drops a finding when new ones arrive above mid-listing', async () => {
    const before = await offsetIds();
    // The listing starts, writes its first rows and then waits on a reader that has stopped;
    // meanwhile 150 new critical findings (the top of the order) arrive, then reading resumes.
    const child = spawn(process.execPath, [BIN, 'vulns', 'list', '--all', '--jsonl'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const firstData = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
    await firstData;
    child.stdout.pause();
    await addFindings(TOTAL, 150, '5');
    child.stdout.resume();
    expect(await exited, stderr).toBe(0);
    const ids = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before);
  });
});
