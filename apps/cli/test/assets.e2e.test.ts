import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let configDir: string;
let outDir: string;
let env: Record<string, string>;
let token: string;
let groupId: string;

beforeAll(async () => {
  // No built-in worker: the test's own worker must be the one that claims the discovery task.
  server = await startLiveServer({ DIDBAN_BUILTIN_WORKER: '0' });
  token = (await server.register('nima')).access;
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
  outDir = mkdtempSync(join(tmpdir(), 'didban-cli-export-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  await server?.close();
  rmSync(configDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

/** A discovered asset as a worker posts it (the shape of the server tests' `assetResult`). */
function assetResult(host: string, port: number, ips: string[], status: number, title: string) {
  return {
    host,
    port,
    ips,
    cnames: [],
    is_root: false,
    wildcard: false,
    service: 'http',
    anomalies: [],
    http: {
      status,
      title,
      content_length: 12,
      content_type: 'text/html',
      server: 'nginx',
      final_url: `http://${host}:${port}/`,
      headers: { server: 'nginx' },
      body_start: '<html></html>',
      tls: null,
      favicon_hash: null,
    },
    technologies: [
      {
        name: 'Nginx',
        slug: 'nginx',
        version: '1.25.3',
        categories: [{ name: 'Web servers' }],
        website: null,
        description: null,
        icon: null,
      },
    ],
  };
}

/**
 * Assets arrive the way they do in production without running discovery: a worker made through
 * the panel API claims the group's queued discovery task and posts results, then completes it.
 */
async function seedThroughWorker(items: object[]) {
  const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
  const { api_key } = await api.workers.create({ name: 'seed' });
  const call = async (path: string, body: object) => {
    const response = await fetch(`${server.url}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { task: { id: string } | null } };
  };
  const task = (await call('tasks/claim/', {})).data.task;
  if (!task) throw new Error('no discovery task queued');
  await call(`tasks/${task.id}/results/`, { seq: 0, items });
  await call(`tasks/${task.id}/complete/`, { stats: {} });
}

const seeded = [
  assetResult('shop.lab.test', 443, ['10.0.0.1'], 200, 'Shop'),
  assetResult('api.lab.test', 8080, ['10.0.0.5', '10.0.0.6', '10.0.0.7', '10.0.0.8'], 401, '=cmd|calc'),
  assetResult('blog.lab.test', 80, ['10.0.0.9'], 301, 'Blog, "moved"'),
];

/** A long title and a dozen technologies: the table must still fit a 200-column terminal. */
function wideAsset() {
  const base = assetResult(
    'a-rather-long-host-name-for-the-inventory.lab.test',
    8443,
    ['10.0.0.20', '10.0.0.21', '10.0.0.22'],
    200,
    'Welcome to the customer self-service portal of a company with a very long name',
  ) as { technologies: object[] };
  base.technologies = Array.from({ length: 12 }, (_, i) => ({
    name: `Technology number ${i + 1}`,
    slug: `technology-${i + 1}`,
    version: `${i + 1}.0.${i}`,
    categories: [{ name: 'Web frameworks' }],
    website: null,
    description: null,
    icon: null,
  }));
  return base;
}

describe('groups and assets against a live server, stdin and stdout not terminals', () => {
  it('signs in, creates a group, lists the seeded assets and exports them as CSV and JSON', async () => {
    const login = await runBinary(
      ['login', '--username', 'nima', '--email', 'nima@example.com', '--password-stdin'],
      env,
      { stdin: 'secret-pass\n' },
    );
    expect(login.exitCode).toBe(0);

    const create = await runBinary(
      [
        'groups',
        'create',
        '--name',
        'Lab',
        '--roots',
        'lab.test,10.0.0.0/30',
        '--ports',
        '80,443,8080-8090',
        '--json',
      ],
      env,
    );
    expect(create.stderr).toBe('');
    expect(create.exitCode).toBe(0);
    const group = JSON.parse(create.stdout);
    expect(group).toMatchObject({
      name: 'Lab',
      roots: ['lab.test', '10.0.0.0/30'],
      port_setting: 'custom',
      custom_ports: '80,443,8080-8090',
      auto_discovery: true,
    });
    groupId = group.id;

    const groups = await runBinary(['groups', 'list', '--json'], env);
    expect(JSON.parse(groups.stdout)).toMatchObject({
      results: [{ id: groupId, name: 'Lab' }],
      result_count: 1,
      total_pages: 1,
      current_page: 1,
      next_page: null,
    });

    await seedThroughWorker(seeded);

    const list = await runBinary(['assets', 'list', '--group', groupId, '--sort', 'host', '--json'], env);
    expect(list.stderr).toBe('');
    expect(list.exitCode).toBe(0);
    const listed = JSON.parse(list.stdout);
    expect(listed).toMatchObject({ result_count: 3, total_pages: 1, current_page: 1, next_page: null });
    expect(listed.results.map((a: { host: string }) => a.host)).toEqual([
      'api.lab.test',
      'blog.lab.test',
      'shop.lab.test',
    ]);
    expect(listed.results[0]).toMatchObject({
      port: 8080,
      status: '401',
      title: '=cmd|calc',
      group: groupId,
      technologies: [{ name: 'Nginx', version: '1.25.3' }],
    });

    // --all --json streams the same rows; a filter narrows them.
    const all = await runBinary(['assets', 'list', '--all', '--json', '--sort', 'host'], env);
    expect(JSON.parse(all.stdout)).toEqual({ results: listed.results, result_count: 3 });
    const filtered = await runBinary(
      ['assets', 'list', '--filter', 'status=200,301', '--sort', 'host', '--json'],
      env,
    );
    expect(JSON.parse(filtered.stdout).results.map((a: { host: string }) => a.host)).toEqual([
      'blog.lab.test',
      'shop.lab.test',
    ]);

    const table = await runBinary(['assets', 'list', '--sort', 'host'], env);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(
      /│ api\.lab\.test:8080 +│ 10\.0\.0\.5, 10\.0\.0\.6 \+2 more │ 401 +│ =cmd\|calc/,
    );
    expect(table.stdout).toMatch(/│ shop\.lab\.test:443 +│ 10\.0\.0\.1 +│ 200 +│ Shop +│ Nginx 1\.25\.3/);

    const csvFile = join(outDir, 'assets.csv');
    const csv = await runBinary(
      ['assets', 'export', '--format', 'csv', '--out', csvFile, '--group', groupId, '--sort', 'host'],
      env,
    );
    expect(csv).toEqual({ exitCode: 0, stdout: `Exported 3 assets to ${csvFile}.\n`, stderr: '' });
    const lines = readFileSync(csvFile, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFid,host,port,ip,status,title,cname,content_length,is_root,scanned_count,updated_at,created_at,technologies',
    );
    expect(lines.slice(1, -1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(
      listed.results.map((a: { id: string; host: string; port: number }) => `${a.id},${a.host},${a.port}`),
    );
    // Formula starters are neutralised and commas and quotes quoted.
    expect(lines[1]).toContain(`,'=cmd|calc,`);
    expect(lines[2]).toContain(',"Blog, ""moved""",');
    expect(lines.at(-1)).toBe('');

    const jsonFile = join(outDir, 'assets.json');
    const json = await runBinary(
      ['assets', 'export', '--format', 'json', '--out', jsonFile, '--sort', 'host'],
      env,
    );
    expect(json.exitCode).toBe(0);
    const exported = JSON.parse(readFileSync(jsonFile, 'utf8'));
    const ids = listed.results.map((a: { id: string }) => a.id);
    expect(exported.export_info).toEqual({
      exported_at: expect.any(String),
      total_assets: 3,
      asset_ids: ids,
    });
    expect(Date.parse(exported.export_info.exported_at)).not.toBeNaN();
    expect(exported.assets.map((a: { id: string; host: string }) => [a.id, a.host])).toEqual(
      listed.results.map((a: { id: string; host: string }) => [a.id, a.host]),
    );
    expect(exported.assets[0]).toMatchObject({ ip: '10.0.0.5,10.0.0.6,10.0.0.7,10.0.0.8', status: '401' });

    const again = await runBinary(['groups', 'rediscover', groupId], env);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(`^Discovery started for group ${groupId} \\(history [\\w-]+\\)\\.\\n$`),
    );
  });

  it('keeps a row within 200 columns: long titles and technology lists are cut, not wrapped', async () => {
    // The rediscovery started above is the task this seeds through.
    await seedThroughWorker([wideAsset()]);
    const table = await runBinary(['assets', 'list', '--search', 'a-rather-long'], env);
    expect(table.exitCode).toBe(0);
    const rows = table.stdout.split('\n').filter(Boolean);
    // One line for the asset (no wrapped Technologies), and every line fits.
    expect(rows.filter((l) => l.includes('a-rather-long-host-name'))).toHaveLength(1);
    for (const line of rows) expect([...line].length, line).toBeLessThanOrEqual(200);
    // Cut with an ellipsis, and the technologies past the first as a count.
    expect(table.stdout).toContain('│ Welcome to the customer self-servic… │');
    expect(table.stdout).toMatch(/│ Technology number 1 1\.0\.0 \+11 │/);

    // That re-discovery no longer saw the three seeded hosts: gone, with the time in --json.
    const live = JSON.parse((await runBinary(['assets', 'list', '--all', '--json'], env)).stdout);
    expect(live.results.map((a: { host: string; gone_at: string | null }) => [a.host, a.gone_at])).toEqual([
      ['a-rather-long-host-name-for-the-inventory.lab.test', null],
    ]);
    const gone = JSON.parse(
      (await runBinary(['assets', 'list', '--filter', 'gone=true', '--sort', 'host', '--json'], env)).stdout,
    );
    expect(gone.results.map((a: { host: string }) => a.host)).toEqual([
      'api.lab.test',
      'blog.lab.test',
      'shop.lab.test',
    ]);
    for (const a of gone.results) expect(Date.parse(a.gone_at)).not.toBeNaN();
  });

  it('refuses bad input with one line and exit 1 or 2', async () => {
    const oneLine = (r: { stdout: string; stderr: string }) => {
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\bat .*\.[tj]s/);
    };
    const stranger = '00000000-0000-4000-8000-000000000000';
    const unknownGroup = await runBinary(['assets', 'list', '--group', stranger], env);
    oneLine(unknownGroup);
    expect(unknownGroup.exitCode).toBe(3);
    // The server says only "Not found."; the client says what was not found.
    expect(unknownGroup.stderr).toBe(
      `No asset group with id ${stranger} in this workspace. Run: didban groups list\n`,
    );
    const rediscover = await runBinary(['groups', 'rediscover', stranger], env);
    oneLine(rediscover);
    expect(rediscover.exitCode).toBe(3);

    const badKey = await runBinary(['assets', 'list', '--filter', 'colour=red'], env);
    expect(badKey).toEqual({
      exitCode: 3,
      stdout: '',
      stderr:
        'Unknown filter: colour. Allowed filters: asset_group, status, host, cname, ip, technologies, title, port, gone.\n',
    });
    const badExport = join(outDir, 'bad.csv');
    const badKeyExport = await runBinary(
      ['assets', 'export', '--format', 'csv', '--out', badExport, '--filter', 'colour=red'],
      env,
    );
    expect(badKeyExport).toMatchObject({ exitCode: 3, stdout: '' });
    expect(badKeyExport.stderr).toMatch(/^Unknown filter: colour\./);
    // A failed export leaves no half-written file behind.
    expect(existsSync(badExport)).toBe(false);
    const badShape = await runBinary(['assets', 'list', '--filter', 'status'], env);
    expect(badShape).toMatchObject({ exitCode: 2, stdout: '' });
    oneLine(badShape);

    const badRoots = await runBinary(
      ['groups', 'create', '--name', 'Bad', '--roots', 'shop.lab.test,bad_host'],
      env,
    );
    expect(badRoots).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Invalid asset group: roots: bad_host is not a valid domain or IP/CIDR.\n',
    });
    const persian = await runBinary(['groups', 'create', '--name', 'x', '--roots', ' ', '--lang', 'fa'], env);
    expect(persian).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('دست‌کم یک دامنه یا IP ریشه لازم است.'),
    });

    // Tests may run as root, where permissions do not stop a write: a folder and a path under a
    // file cannot be written by anyone.
    const intoFolder = await runBinary(['assets', 'export', '--format', 'csv', '--out', outDir], env);
    expect(intoFolder).toEqual({ exitCode: 3, stdout: '', stderr: `Cannot write ${outDir}: is a folder\n` });
    const underFile = join(outDir, 'assets.csv', 'x.csv');
    const notFolder = await runBinary(['assets', 'export', '--format', 'json', '--out', underFile], env);
    expect(notFolder).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: `Cannot write ${underFile}: ${join(outDir, 'assets.csv')} is not a folder\n`,
    });
    const noFolder = await runBinary(
      ['assets', 'export', '--format', 'csv', '--out', join(outDir, 'missing', 'a.csv')],
      env,
    );
    expect(noFolder.stderr).toBe(`Cannot write ${join(outDir, 'missing', 'a.csv')}: no such folder\n`);
    const badFormat = await runBinary(
      ['assets', 'export', '--format', 'xml', '--out', join(outDir, 'x')],
      env,
    );
    expect(badFormat).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Unknown format "xml": use csv or json.\n',
    });
  });
});
