import { assetGroups } from '../../src/db/schema.js';
import type { TestServer } from './test-server.js';

type Headers = Record<string, string>;

/** Create a worker through the panel API; returns the worker and its one-time key. */
export async function createWorker(
  server: TestServer,
  headers: Headers,
  body: { name: string; group_id?: string | null } = { name: 'worker' },
) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/workers/',
    headers,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create worker failed: ${response.body}`);
  return response.json().data as { worker: { id: string; name: string }; api_key: string };
}

/** Call a /api/v1/worker/ endpoint with a worker key. */
export function asWorker(server: TestServer, key: string) {
  const call = (path: string, payload: object = {}, headers: Headers = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/worker/${path}`,
      headers: { authorization: `Worker ${key}`, ...headers },
      payload,
    });
  return {
    call,
    hello: (body: object = {}) => call('hello/', body),
    claim: () => call('tasks/claim/'),
    heartbeat: (taskId: string) => call(`tasks/${taskId}/heartbeat/`),
    results: (taskId: string, seq: number, items: object[]) =>
      call(`tasks/${taskId}/results/`, { seq, items }),
    complete: (taskId: string, stats: object = {}) => call(`tasks/${taskId}/complete/`, { stats }),
    fail: (taskId: string, error: string) => call(`tasks/${taskId}/fail/`, { error }),
  };
}

/** An asset group made directly in the database (its panel API is the next issue). */
export async function createAssetGroup(
  server: TestServer,
  workspaceId: string,
  values: Partial<typeof assetGroups.$inferInsert> = {},
) {
  const [group] = await server.db
    .insert(assetGroups)
    .values({ workspace_id: workspaceId, name: 'Lab', roots: ['lab.didban.test'], ...values })
    .returning();
  return group!;
}

/** A discovered asset as a worker posts it. */
export function assetResult(host: string, port: number, extra: object = {}) {
  return {
    host,
    port,
    ips: ['127.0.0.1'],
    cnames: [],
    is_root: false,
    wildcard: false,
    service: 'http',
    anomalies: [],
    http: {
      status: 200,
      title: `Title of ${host}`,
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
        website: 'http://nginx.org/en',
        description: null,
        icon: null,
      },
    ],
    ...extra,
  };
}

/** The personal workspace of a user. */
export async function personalWorkspaceId(server: TestServer, userId: string): Promise<string> {
  const { workspaces } = await import('../../src/db/schema.js');
  const { and, eq } = await import('drizzle-orm');
  const [row] = await server.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.owner_id, userId), eq(workspaces.kind, 'personal')));
  return row!.id;
}
