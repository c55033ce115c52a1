import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

/**
 * `didban vulns retest|assign|comment|accept|bulk` (issue 32) from the real binary against a live
 * server. The finding comes from a worker driven by hand over the worker protocol.
 */
let server: Awaited<ReturnType<typeof startLiveServer>>;
let api: ApiClient;
let env: Record<string, string>;
let configDir: string;
let vulnId: string;
let workerCall: (
  path: string,
  body: object,
) => Promise<{ data: { task: { id: string; payload: { targets: string[] } } | null } }>;

const finding = (target: string, severity: string, path: string) => ({
  type: 'finding',
  key: `${target}${path}`,
  template_id: 'git-config-exposure',
  template_name: 'Git repository configuration exposed',
  severity,
  protocol: 'http',
  host: target,
  matched_at: `${target}${path}`,
  matcher_name: null,
  extractor_name: null,
  extracted_results: [],
  request: 'GET /.git/config HTTP/1.1\r\nHost: tri.test\r\n\r\n',
  response: 'HTTP/1.1 200 OK\r\n\r\n[core]',
  evidence_truncated: false,
  ip: '10.9.0.1',
  timestamp: new Date().toISOString(),
});

beforeAll(async () => {
  server = await startLiveServer({ DIDBAN_BUILTIN_WORKER: '0' });
  const { access } = await server.register('roya');
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-triage-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_TOKEN: access, DIDBAN_LANG: 'en' };
  api = createApiClient({ baseUrl: server.url, getToken: () => access, getLanguage: () => 'en' });
  const group = await api.assets.createGroup({ name: 'Triage', roots: 'tri.test' });
  const { api_key } = await api.workers.create({ name: 'hand' });
  workerCall = async (path, body) => {
    const response = await fetch(`${server.url}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  // Discovery: one web asset.
  const discovery = (await workerCall('tasks/claim/', {})).data.task!;
  await workerCall(`tasks/${discovery.id}/results/`, {
    seq: 0,
    items: [
      {
        host: 'tri.test',
        port: 80,
        ips: ['10.9.0.1'],
        cnames: [],
        is_root: true,
        wildcard: false,
        service: 'http',
        anomalies: [],
        http: {
          status: 200,
          title: 'Tri',
          content_length: 1,
          content_type: 'text/html',
          server: 'nginx',
          final_url: 'http://tri.test/',
          headers: {},
          body_start: '',
          tls: null,
          favicon_hash: null,
        },
        technologies: [],
      },
    ],
  });
  await workerCall(`tasks/${discovery.id}/complete/`, { stats: {} });
  // A scan that finds two things there.
  await api.scans.create({
    name: 'Tri',
    asset_group: [group.id],
    template_ids: ['public:git-config-exposure'],
    template_tags: [],
  });
  const task = (await workerCall('tasks/claim/', {})).data.task!;
  const target = task.payload.targets[0]!;
  await workerCall(`tasks/${task.id}/results/`, {
    seq: 0,
    items: [finding(target, 'critical', '/.git/config'), finding(target, 'info', '/.git/HEAD')],
  });
  await workerCall(`tasks/${task.id}/complete/`, { stats: {} });
  const list = await api.scans.vulnerabilities({ severity: 'critical' });
  vulnId = list.results[0]!.id;
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
}, 60_000);

describe('vulns triage from the real binary', { timeout: 240_000 }, () => {
  it('assigns to a member by username, and refuses someone who is not one', async () => {
    const assigned = await runBinary(['vulns', 'assign', vulnId, 'roya'], env);
    expect(assigned).toMatchObject({ exitCode: 0, stdout: `Finding ${vulnId} is assigned to roya.\n` });
    const stranger = await runBinary(['vulns', 'assign', vulnId, 'nobody-here'], env);
    expect(stranger.exitCode).not.toBe(0);
    expect(stranger.stderr).toContain('The assignee must be a member of this workspace.');
    const none = await runBinary(['vulns', 'assign', vulnId, 'none', '--json'], env);
    expect(JSON.parse(none.stdout).assignee).toBeNull();
  });

  it('comments, and the comment is in the finding history', async () => {
    const commented = await runBinary(
      ['vulns', 'comment', vulnId, 'Patched on staging, @roya please confirm'],
      env,
    );
    expect(commented).toMatchObject({ exitCode: 0, stdout: `Comment added to ${vulnId}.\n` });
    const history = await api.findings.history(vulnId);
    expect(history[0]).toMatchObject({ kind: 'comment', by: 'roya' });
  });

  it('accepts a risk with a reason until a date; without --reason it is a usage error', async () => {
    const missing = await runBinary(['vulns', 'accept', vulnId], env);
    expect(missing.exitCode).toBe(2);
    const accepted = await runBinary(
      ['vulns', 'accept', vulnId, '--reason', 'internal only', '--until', '2029-06-30'],
      env,
    );
    expect(accepted).toMatchObject({
      exitCode: 0,
      stdout: `Finding ${vulnId} is an accepted risk until 2029-06-30T23:59:59.999Z.\n`,
    });
    const row = await api.scans.vulnerabilityById(vulnId);
    expect(row).toMatchObject({ status: 'accepted_risk', status_reason: 'internal only' });
  });

  it('triages every finding matching filters in one request, and says a false positive needs a reason', async () => {
    const noReason = await runBinary(
      ['vulns', 'bulk', '--severity', 'info', '--set-status', 'false_positive'],
      env,
    );
    expect(noReason.exitCode).not.toBe(0);
    expect(noReason.stderr).toContain(
      'A reason is required to mark a finding as a false positive or an accepted risk.',
    );
    const done = await runBinary(
      ['vulns', 'bulk', '--severity', 'info', '--set-status', 'false_positive', '--reason', 'scanner noise'],
      env,
    );
    expect(done).toMatchObject({ exitCode: 0, stdout: '1 finding(s) matched, 1 changed.\n' });
    const two = await runBinary(['vulns', 'bulk', '--status', 'open'], env);
    expect(two).toMatchObject({ exitCode: 2 });
    expect(two.stderr).toContain('Choose one action: --status, --assign, --unassign or --retest.');
  });

  it('queues a retest and reports its verdict once a worker ran it', async () => {
    const queued = await runBinary(['vulns', 'retest', vulnId, '--no-wait', '--json'], env);
    expect(queued.exitCode).toBe(0);
    expect(JSON.parse(queued.stdout)).toMatchObject({
      status: 'queued',
      verdict: null,
      requested_by: 'roya',
    });
    const waiting = runBinary(['vulns', 'retest', vulnId, '--timeout', '60'], env);
    // The first retest is still queued: the second request is refused (409) and says so.
    expect((await waiting).stderr).toContain('A retest of this finding is already queued.');
    const task = (await workerCall('tasks/claim/', {})).data.task!;
    const target = task.payload.targets[0]!;
    await workerCall(`tasks/${task.id}/results/`, {
      seq: 0,
      items: [finding(target, 'critical', '/.git/config')],
    });
    await workerCall(`tasks/${task.id}/complete/`, { stats: {} });
    const [retest] = await api.findings.retests(vulnId);
    expect(retest).toMatchObject({ status: 'done', verdict: 'still_vulnerable' });
  });
});
