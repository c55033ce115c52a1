import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanChunks, tasks } from '../src/db/schema.js';
import { groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// The scan form's "self-contained templates" opt-in (issue 31): stored with the scan, shown back,
// and handed to each run's tasks as options.self_contained, which the worker turns into the open
// self-contained capability gate for that run only.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

async function taskOptions(historyId: string) {
  const chunks = await server.db.select().from(scanChunks).where(eq(scanChunks.history_id, historyId));
  const rows = await server.db
    .select()
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        chunks.map((c) => c.task_id!),
      ),
    );
  return rows.map((t) => (t.payload as { options: unknown }).options);
}

describe('self-contained templates on opt-in per scan', () => {
  it('stores the opt-in, shows it, hands it to the run’s tasks, and a scan without it does not open the gate', async () => {
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const { group } = await groupWithAssets(server, workspaceId, ['sc.scan.test']);
    const base = { asset_group: [group.id], template_ids: ['public:git-config-exposure'], template_tags: [] };

    const opened = await call('POST', 'panel/scans/', owner.auth, {
      ...base,
      name: 'With third-party checks',
      self_contained: true,
    });
    expect(opened.statusCode).toBe(201);
    const scan = opened.json().data;
    expect(scan.self_contained).toBe(true);
    expect((await call('GET', `panel/scans/${scan.id}/`, owner.auth)).json().data.self_contained).toBe(true);
    expect(await taskOptions(scan.scan_history_id)).toEqual([{ self_contained: true }]);

    const closed = await call('POST', 'panel/scans/', owner.auth, { ...base, name: 'Target only' });
    expect(closed.json().data.self_contained).toBe(false);
    expect(await taskOptions(closed.json().data.scan_history_id)).toEqual([{}]);

    // Turned off by an edit: the next run does not open the gate.
    const patched = await call('PATCH', `panel/scans/${scan.id}/`, owner.auth, { self_contained: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.self_contained).toBe(false);
  });
});
