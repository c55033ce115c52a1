/** Helpers for scan tests: a group with assets made in the database, and a finding as a worker posts it. */
import { expect } from 'vitest';
import { assets } from '../../src/db/schema.js';
import type { TestServer } from './test-server.js';
import { type asWorker, createAssetGroup } from './workers.js';

/** A group of this workspace holding one HTTP asset per host (port 80). */
export async function groupWithAssets(
  server: TestServer,
  workspaceId: string,
  hosts: string[],
  name = 'Scan targets',
) {
  const group = await createAssetGroup(server, workspaceId, { name, roots: hosts });
  const rows = await server.db
    .insert(assets)
    .values(
      hosts.map((host) => ({
        workspace_id: workspaceId,
        group_id: group.id,
        host,
        port: 80,
        ip: '127.0.0.1',
        status: '200',
        service: 'http',
      })),
    )
    .returning();
  return { group, assets: rows };
}

/** A 'template-run' finding item for a result batch. */
export function findingItem(target: string, templateId: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'finding',
    key: `${templateId}|${target}|${String(extra.matcher_name ?? '')}`,
    template_id: templateId,
    template_name: `Template ${templateId}`,
    severity: 'high',
    protocol: 'http',
    host: target,
    matched_at: `${target}/.git/config`,
    matcher_name: null,
    extractor_name: null,
    extracted_results: [],
    request: `GET /.git/config HTTP/1.1\r\nHost: example\r\nUser-Agent: didban\r\n\r\n`,
    response: 'HTTP/1.1 200 OK\r\n\r\n[core]',
    evidence_truncated: false,
    ip: '127.0.0.1',
    timestamp: new Date().toISOString(),
    ...extra,
  };
}

/**
 * A scan of `templateId` over the group, its tasks claimed and answered by the given worker: one
 * finding per host, of the severity at the host's index (`low` past the end).
 */
export async function scanWithOneFindingPerHost(
  server: TestServer,
  opts: {
    headers: Record<string, string>;
    groupId: string;
    hosts: string[];
    severities: string[];
    worker: ReturnType<typeof asWorker>;
    name: string;
    templateId: string;
  },
) {
  const scan = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/scans/',
    headers: opts.headers,
    payload: {
      name: opts.name,
      asset_group: [opts.groupId],
      template_ids: [`public:${opts.templateId}`],
      template_tags: [],
    },
  });
  expect(scan.statusCode).toBe(201);
  for (;;) {
    const task = (await opts.worker.claim()).json().data.task;
    if (!task) break;
    const target: string = task.payload.targets[0];
    const i = opts.hosts.findIndex((h) => target.includes(h));
    const item = findingItem(target, opts.templateId, { severity: opts.severities[i] ?? 'low' });
    expect((await opts.worker.results(task.id, 1, [item])).statusCode).toBe(200);
    expect((await opts.worker.complete(task.id)).statusCode).toBe(200);
  }
}
