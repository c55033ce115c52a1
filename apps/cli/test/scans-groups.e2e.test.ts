import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

/**
 * Issue 34, item 12 in the CLI: a bulk scan over several groups names every group (the server's
 * `asset_groups`), not only the first (`asset_group`, kept for older clients), in the table and
 * in `--json`, from the real binary against a live server.
 */
let server: Awaited<ReturnType<typeof startLiveServer>>;
let configDir: string;
let env: Record<string, string>;
let token: string;
let scanId: string;
const names = ['Shop front', 'Billing API', 'Staff portal'];
const ids: string[] = [];

/** A discovered web service as a worker posts it. */
const discovered = (host: string) => ({
  host,
  port: 443,
  ips: ['203.0.113.7'],
  cnames: [],
  is_root: true,
  wildcard: false,
  service: 'http',
  anomalies: [],
  http: {
    status: 200,
    title: host,
    content_length: 12,
    content_type: 'text/html',
    server: 'nginx',
    final_url: `https://${host}/`,
    headers: { server: 'nginx' },
    body_start: '<html></html>',
    tls: null,
    favicon_hash: null,
  },
  technologies: [],
});

beforeAll(async () => {
  // No worker at all: the scan's run waits in the queue, which is all a listing needs.
  server = await startLiveServer({ DIDBAN_BUILTIN_WORKER: '0' });
  token = (await server.register('shirin')).access;
  const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
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
  // Each group gets one host the way discovery posts it (a scan needs hosts to scan).
  for (const [i, name] of names.entries()) {
    const host = `g${i}.example.com`;
    ids.push((await api.assets.createGroup({ name, roots: [host] })).id);
    const task = (await worker('tasks/claim/', {})).data.task;
    if (!task) throw new Error('no discovery task queued');
    await worker(`tasks/${task.id}/results/`, { seq: 0, items: [discovered(host)] });
    await worker(`tasks/${task.id}/complete/`, { stats: {} });
  }
  // Chosen in this order: the second group first.
  const order = [ids[1]!, ids[0]!, ids[2]!];
  scanId = (
    await api.scans.bulkCreate({
      name: 'three groups',
      asset_groups: order,
      template_ids: ['public:git-config-exposure'],
    })
  ).scan_id;
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en', COLUMNS: '200' };
  const login = await runBinary(
    ['login', '--username', 'shirin', '--email', 'shirin@example.com', '--password-stdin'],
    env,
    { stdin: 'secret-pass\n' },
  );
  expect(login.exitCode).toBe(0);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
}, 60_000);

describe('a bulk scan over several groups in the CLI', () => {
  it('scans list names every group, in the order chosen', async () => {
    const listed = await runBinary(['scans', 'list'], env);
    expect(listed.stderr).toBe('');
    expect(listed.exitCode).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.includes(scanId));
    expect(row).toBeDefined();
    expect(row).toContain('Billing API, Shop front, Staff portal');
  });

  it('scans list --json passes asset_groups through, asset_group kept', async () => {
    const listed = await runBinary(['scans', 'list', '--json'], env);
    expect(listed.exitCode).toBe(0);
    const scan = JSON.parse(listed.stdout).results.find((s: { id: string }) => s.id === scanId);
    expect(scan).toMatchObject({ asset_group: ids[1], asset_group_name: 'Billing API' });
    expect(scan.asset_groups).toEqual([
      { id: ids[1], name: 'Billing API' },
      { id: ids[0], name: 'Shop front' },
      { id: ids[2], name: 'Staff portal' },
    ]);
  });

  it('in Persian, with the Persian list separator', async () => {
    const listed = await runBinary(['--lang', 'fa', 'scans', 'list'], env);
    expect(listed.exitCode).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.includes(scanId));
    expect(row).toContain('Billing API، Shop front، Staff portal');
  });
});
