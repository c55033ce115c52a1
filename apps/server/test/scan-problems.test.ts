import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

// A scan run keeps the templates it skipped and its failures, with the engine's reasons (issue 31):
// a worker posts them in a chunk's result batch, the run's problems API answers them back exactly,
// all counted, the first 200 listed; another workspace cannot read them.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });

const SELF_CONTAINED = 'capability gate "self-contained" is closed (the scan did not ask for it)';
const HEADLESS = 'headless templates need a browser, which Didban workers do not run';
const REFUSED = 'connect ECONNREFUSED 127.0.0.1:1';

describe('a scan run’s skipped templates and failures', () => {
  it('keeps them with their exact messages, counts all, lists the first 200 and hides them from other workspaces', async () => {
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const { group } = await groupWithAssets(server, workspaceId, ['problems.scan.test']);
    const key = (await createWorker(server, owner.auth, { name: 'hand' })).api_key;
    const worker = asWorker(server, key);
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/scans/',
      headers: owner.auth,
      payload: {
        name: 'Problems',
        asset_group: [group.id],
        template_ids: ['public:git-config-exposure'],
        template_tags: [],
      },
    });
    expect(started.statusCode).toBe(201);
    const scan = started.json().data;
    const url = `panel/scans/${scan.id}/histories/${scan.scan_history_id}/problems/`;

    // Nothing reported yet: an empty list, zero counts.
    const empty = await get(url, owner.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ skipped: 0, failures: 0, problems: [] });

    const task = (await worker.claim()).json().data.task;
    expect(task).toBeTruthy();
    const target: string = task.payload.targets[0];
    const first = [
      findingItem(target, 'git-config-exposure'),
      { type: 'skipped', template_id: 'token-spray', target: null, message: SELF_CONTAINED },
      { type: 'skipped', template_id: 'screenshot', target: null, message: HEADLESS },
      { type: 'failure', template_id: 'git-config-exposure', target, message: REFUSED },
    ];
    expect((await worker.results(task.id, 1, first)).statusCode).toBe(200);

    const read = await get(url, owner.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      skipped: 2,
      failures: 1,
      problems: [
        { kind: 'skipped', template_id: 'token-spray', target: null, message: SELF_CONTAINED },
        { kind: 'skipped', template_id: 'screenshot', target: null, message: HEADLESS },
        { kind: 'failure', template_id: 'git-config-exposure', target, message: REFUSED },
      ],
    });

    // A long second batch: every one counted, the list stops at 200 in the order they came.
    const many = Array.from({ length: 250 }, (_, i) => ({
      type: 'failure',
      template_id: `t-${i}`,
      target,
      message: `timeout ${i}`,
    }));
    expect((await worker.results(task.id, 2, many)).statusCode).toBe(200);
    const capped = (await get(url, owner.auth)).json().data;
    expect(capped.skipped).toBe(2);
    expect(capped.failures).toBe(251);
    expect(capped.problems).toHaveLength(200);
    expect(capped.problems[2].message).toBe(REFUSED);
    expect(capped.problems[3]).toEqual({ kind: 'failure', template_id: 't-0', target, message: 'timeout 0' });
    expect(capped.problems[199].template_id).toBe('t-196');

    // Another user's workspace does not see this run.
    const outsider = await registerUser(server);
    expect((await get(url, outsider.auth)).statusCode).toBe(404);
  });
});
