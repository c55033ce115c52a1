import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// The worker group list tells a member where the built-in worker may scan (issue 34, item 15): the
// panel's forms show it when no worker group is chosen, so a lab root is not a surprise refusal.
let open: TestServer;
let off: TestServer;
beforeAll(async () => {
  open = await createTestServer({ DIDBAN_BUILTIN_WORKER: '1', DIDBAN_BUILTIN_WORKER_ALLOW: '127.50.0.0/16' });
  off = await createTestServer({ DIDBAN_BUILTIN_WORKER: '0', DIDBAN_BUILTIN_WORKER_ALLOW: '127.50.0.0/16' });
}, 240_000);
afterAll(async () => {
  await open?.close();
  await off?.close();
});

const groups = (server: TestServer, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/api/v1/panel/worker-groups/?page=1&page_size=1', headers });

describe('GET panel/worker-groups/: the built-in worker', () => {
  it('names the ranges its operator opened, to a member', async () => {
    const alice = await registerUser(open);
    const answer = await groups(open, alice.auth);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.builtin_worker).toEqual({ enabled: true, allow: ['127.50.0.0/16'] });
  });

  it('says it does not run when the operator turned it off, ranges or not', async () => {
    const bob = await registerUser(off);
    expect((await groups(off, bob.auth)).json().data.builtin_worker).toEqual({ enabled: false, allow: [] });
  });

  it('tells no one outside the workspace', async () => {
    const alice = await registerUser(open);
    const mallory = await registerUser(open);
    expect((await groups(open, {})).statusCode).toBe(401);
    const foreign = await groups(open, {
      ...mallory.auth,
      'x-workspace-id': await personalWorkspaceId(open, alice.user.id),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().data).toBeUndefined();
  });
});
