import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as dnsPacket from 'dns-packet';
import { expect } from 'vitest';
import { startOastServer } from '../../../../apps/server/src/oast/oast-server.js';
import type { CaseSetup, Harness } from '../../harness/harness.js';

// Didban's own interaction server with its DNS listener, and a resolver in front of it that
// forwards every question upper-cased (0x20 case randomisation at its most extreme).
export default async function (h: Harness): Promise<CaseSetup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-conformance-oast-'));
  const oast = await startOastServer({
    domain: 'oast.didban.test',
    ip: '127.0.0.1',
    http: { host: '127.0.0.1', port: 0 },
    dns: { host: '127.0.0.1', port: 0 },
    dataDir,
  });
  const forwarded: string[] = [];
  const resolver = createSocket('udp4');
  resolver.on('message', (message, client) => {
    const query = dnsPacket.decode(message);
    const questions = (query.questions ?? []).map((q) => ({ ...q, name: q.name.toUpperCase() }));
    forwarded.push(...questions.map((q) => q.name));
    const upstream = createSocket('udp4');
    upstream.on('message', (answer) => {
      resolver.send(answer, client.port, client.address);
      upstream.close();
    });
    upstream.send(dnsPacket.encode({ ...query, questions }), oast.addresses.dns!.port, '127.0.0.1');
  });
  await new Promise<void>((resolve) => resolver.bind(0, '127.0.0.1', resolve));
  h.onClose(() => {
    resolver.close();
    void oast.close().then(() => rmSync(dataDir, { recursive: true, force: true }));
  });
  return {
    targets: ['didban.test'],
    options: {
      resolvers: [`127.0.0.1:${resolver.address().port}`],
      interactsh: {
        serverUrl: `http://127.0.0.1:${oast.addresses.http!.port}`,
        domain: 'oast.didban.test',
        pollIntervalMs: 100,
        cooldownMs: 1000,
      },
    },
    verify: () => {
      expect(forwarded.length).toBeGreaterThan(0);
      expect(forwarded[0]).toMatch(/^[A-Z0-9]{33}\.OAST\.DIDBAN\.TEST$/);
    },
  };
}
