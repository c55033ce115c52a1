import { emptyDiscoveryReason } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDiscoveryLog } from '../src/discovery/nothing-resolved-warning.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import {
  assetResult,
  asWorker,
  createAssetGroup,
  createWorker,
  personalWorkspaceId,
} from './helpers/workers.js';

let server: TestServer;
const warnings: { object: object; message: string }[] = [];
beforeAll(async () => {
  server = await createTestServer({ DIDBAN_BUILTIN_WORKER: '0' });
  // The server's log sink, read back: the operator sees these lines.
  setDiscoveryLog({ warn: (object, message) => warnings.push({ object, message }) });
});
afterAll(() => server.close());

/** The engine's completion stats of a discovery (DiscoveryStats), as a worker posts them. */
const stats = (over: Record<string, number>) => ({
  candidates: 305,
  resolvedHosts: 0,
  unresolved: 305,
  dnsFailures: 0,
  wildcards: 0,
  portsScanned: 0,
  openPorts: 0,
  assets: 0,
  durationMs: 900,
  cancelled: false,
  ...over,
});

async function discoverWith(completion: object, items: object[] = []) {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const w = asWorker(server, (await createWorker(server, owner.auth)).api_key);
  const group = await createAssetGroup(server, workspaceId, { name: 'Lab', roots: ['lab.didban.test'] });
  const { task } = await startDiscovery(server.db, group.id);
  await w.claim();
  if (items.length) await w.results(task.id, 0, items);
  expect((await w.complete(task.id, completion)).statusCode).toBe(200);
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: owner.auth });
  return {
    status: (await get(`/api/v1/panel/enumeration-status/${group.id}`)).json().data,
    history: (await get(`/api/v1/panel/enumerations/${group.id}/`)).json().data.history[0],
  };
}

describe('a discovery that found nothing says why', () => {
  it('every name unanswered: the resolver is unreachable, with the counts; the log warns once', async () => {
    const { status, history } = await discoverWith(stats({ dnsFailures: 305 }));
    const outcome = { names: 305, resolved_hosts: 0, dns_failures: 305, ports_scanned: 0, open_ports: 0 };
    expect(status).toMatchObject({ status: 'finished', asset_count: 0, outcome });
    expect(history.outcome).toEqual(outcome);
    expect(emptyDiscoveryReason(status.outcome)).toBe('resolver_unreachable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('discovery resolved nothing: the DNS resolver did not answer');
    expect(warnings[0]!.object).toMatchObject({ names: 305, dns_failures: 305 });

    // A second empty discovery is told in the panel, not again in the log.
    const again = await discoverWith(stats({}));
    expect(emptyDiscoveryReason(again.status.outcome)).toBe('nothing_resolved');
    expect(again.status.outcome).toMatchObject({ names: 305, resolved_hosts: 0, dns_failures: 0 });
    expect(warnings).toHaveLength(1);
  });

  it('names resolved but no port open: no open ports, with hosts and ports probed', async () => {
    const { status } = await discoverWith(stats({ resolvedHosts: 3, unresolved: 302, portsScanned: 300 }));
    expect(status.outcome).toEqual({
      names: 305,
      resolved_hosts: 3,
      dns_failures: 0,
      ports_scanned: 300,
      open_ports: 0,
    });
    expect(emptyDiscoveryReason(status.outcome)).toBe('no_open_ports');
  });

  it('a discovery that found assets has no reason; an older worker without stats stores none', async () => {
    const found = await discoverWith(
      stats({ resolvedHosts: 1, portsScanned: 100, openPorts: 1, assets: 1 }),
      [assetResult('lab.didban.test', 80)],
    );
    expect(found.status.asset_count).toBe(1);
    expect(emptyDiscoveryReason(found.status.outcome)).toBeNull();
    const older = await discoverWith({ assets: 0 });
    expect(older.status.outcome).toBeNull();
    expect(older.history.outcome).toBeNull();
  });
});
