import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portPairs, probePort, scanPorts } from '../../src/discovery/ports/connect-scan.js';
import { PortSpecError, selectPorts } from '../../src/discovery/ports/port-selection.js';
import { TOP_100_PORTS, TOP_1000_PORTS } from '../../src/discovery/ports/top-ports.js';
import { collect, type Lab, startLab } from './helpers.js';

let lab: Lab;
beforeAll(async () => {
  lab = await startLab();
}, 30_000);
afterAll(async () => {
  await lab?.stop();
});

describe('port lists', () => {
  it('orders the top lists by real-world frequency, nmap style', () => {
    expect(TOP_1000_PORTS).toHaveLength(1000);
    expect(new Set(TOP_1000_PORTS).size).toBe(1000);
    expect(TOP_100_PORTS).toEqual(TOP_1000_PORTS.slice(0, 100));
    expect(TOP_100_PORTS.slice(0, 10)).toEqual([80, 23, 443, 21, 22, 25, 3389, 110, 445, 139]);
    expect(TOP_100_PORTS).toEqual(expect.arrayContaining([8080, 8443, 3000, 8000, 5000]));
  });

  it('parses custom ranges and rejects bad ones with the core messages', () => {
    expect(selectPorts('80,443,8080-8083')).toEqual([80, 443, 8080, 8081, 8082, 8083]);
    expect(selectPorts('top-100')).toBe(TOP_100_PORTS);
    expect(() => selectPorts('')).toThrow('Custom ports cannot be empty.');
    expect(() => selectPorts('80,70000')).toThrow(PortSpecError);
    expect(() => selectPorts([])).toThrow('Custom ports cannot be empty.');
  });
});

describe('connect scan', () => {
  it('finds exactly the open ports of a lab host', async () => {
    const hostile = lab.manifest().hosts.find((h) => h.name.startsWith('hostile.'));
    const planted = (hostile?.services.map((s) => s.port) ?? []).sort((a, b) => a - b);
    const open = await collect(
      scanPorts(portPairs(hostile?.ips ?? [], TOP_1000_PORTS), { timeoutMs: 500, concurrency: 200 }),
    );
    expect(open.map((r) => r.port).sort((a, b) => a - b)).toEqual(
      planted.filter((p) => TOP_1000_PORTS.includes(p)),
    );
    expect(planted.filter((p) => TOP_1000_PORTS.includes(p))).toHaveLength(5);
  });

  it('reports refused ports as closed', async () => {
    const ip = lab.manifest().hosts[0]?.ips[0] ?? '';
    expect((await probePort(ip, 81, 500)).state).toBe('closed');
    expect((await probePort(ip, 80, 500)).state).toBe('open');
  });

  it('walks host × port pairs lazily, host-major', () => {
    const pairs = portPairs(['a', 'b'], [1, 2]);
    expect(pairs.next().value).toEqual({ ip: 'a', port: 1 });
    expect([...pairs].map((p) => `${p.ip}:${p.port}`)).toEqual(['a:2', 'b:1', 'b:2']);
  });
});
