/**
 * `didban assets export` of an inventory larger than one keyset page (1000 assets): the real
 * binary against a live server, compared row by row with the panel's offset pages.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assetSchema, createApiClient, envelope, pagedList } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

const TOTAL = 2401;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let outDir: string;
let env: Record<string, string>;
let api: ReturnType<typeof createApiClient>;
let groupId: string;

/** A discovered asset as a worker posts it; every tenth is not HTTP (no title), so nulls sort too. */
const item = (n: number) => ({
  host: `h${n % 50}-${n}.big.test`,
  port: 443,
  ips: [`10.1.${(n >> 8) & 255}.${n & 255}`],
  cnames: [],
  is_root: false,
  wildcard: false,
  service: n % 10 === 0 ? 'ssh' : 'https',
  anomalies: [],
  http:
    n % 10 === 0
      ? null
      : {
          status: 200,
          title: `Page ${n % 7}`,
          content_length: n,
          content_type: 'text/html',
          server: 'nginx',
          final_url: `https://h${n}.big.test/`,
          headers: {},
          body_start: '',
          tls: null,
          favicon_hash: null,
        },
  technologies: [],
});

beforeAll(async () => {
  // The free plan holds 100 assets; this workspace needs more than two export pages.
  // No built-in worker: the test's own worker must be the one that claims the discovery task.
  server = await startLiveServer({ DIDBAN_FREE_ASSETS: '100000', DIDBAN_BUILTIN_WORKER: '0' });
  const { access } = await server.register('bahar');
  outDir = mkdtempSync(join(tmpdir(), 'didban-cli-export-pages-'));
  env = { DIDBAN_CONFIG_DIR: outDir, DIDBAN_URL: server.url, DIDBAN_TOKEN: access, DIDBAN_LANG: 'en' };
  api = createApiClient({ baseUrl: server.url, getToken: () => access, getLanguage: () => 'en' });
  groupId = (await api.assets.createGroup({ name: 'Big', roots: 'big.test' })).id;
  const { api_key } = await api.workers.create({ name: 'seed' });
  const worker = async (path: string, body: object) => {
    const response = await fetch(`${server.url}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { task: { id: string } | null } };
  };
  const task = (await worker('tasks/claim/', {})).data.task;
  if (!task) throw new Error('no discovery task queued');
  for (let seq = 0; seq * 1000 < TOTAL; seq++) {
    const items = Array.from({ length: Math.min(1000, TOTAL - seq * 1000) }, (_, i) => item(seq * 1000 + i));
    await worker(`tasks/${task.id}/results/`, { seq, items });
  }
  await worker(`tasks/${task.id}/complete/`, { stats: {} });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('large JSON through a pipe', () => {
  it('gives a slow reader every byte of a listing and an export (--out -), which then parse', async () => {
    // The reader stays away while the client writes: the pipe (64 KiB) fills, and an exit right
    // after writing used to cut the JSON there with exit code 0.
    const listed = await runBinary(['assets', 'list', '--all', '--json', '--group', groupId], env, {
      slowReaderMs: 1500,
    });
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout).result_count).toBe(TOTAL);
    const exported = await runBinary(
      ['assets', 'export', '--format', 'json', '--out', '-', '--group', groupId],
      env,
      { slowReaderMs: 1500 },
    );
    expect(exported.stderr).toBe(`Exported ${TOTAL} assets to standard output.\n`);
    expect(exported.exitCode).toBe(0);
    expect(Buffer.byteLength(exported.stdout)).toBeGreaterThan(1_000_000);
    expect(JSON.parse(exported.stdout).export_info.total_assets).toBe(TOTAL);
  }, 120_000);
});

/** The ids in the panel's order: offset pages of 100. */
async function offsetIds(ordering: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const body = await api.http.get('panel/all-assets/', envelope(pagedList(assetSchema)), {
      ordering,
      page,
      page_size: 100,
    });
    ids.push(...body.data.results.map((a) => a.id));
    if (body.data.next_page === null) return ids;
  }
}

describe('assets export over several keyset pages', () => {
  it('writes every asset once, in the order of the sort, as CSV and JSON', async () => {
    // Assets of one batch share updated_at, so the default sort leans on the id tie-breaker.
    for (const [format, sort] of [
      ['csv', '-updated_at'],
      ['csv', 'title'],
      ['json', '-title'],
    ] as const) {
      const file = join(outDir, `export-${format}-${sort}.${format}`);
      const result = await runBinary(
        ['assets', 'export', '--format', format, '--out', file, '--sort', sort, '--group', groupId],
        env,
      );
      expect(result).toEqual({ exitCode: 0, stdout: `Exported ${TOTAL} assets to ${file}.\n`, stderr: '' });
      const expected = await offsetIds(sort);
      expect(expected).toHaveLength(TOTAL);
      const text = readFileSync(file, 'utf8');
      const ids =
        format === 'csv'
          ? text
              .split('\r\n')
              .slice(1, -1)
              .map((line) => line.slice(0, line.indexOf(',')))
          : JSON.parse(text).export_info.asset_ids;
      expect(ids, `${format} ${sort}`).toEqual(expected);
    }
  }, 120_000);
});
