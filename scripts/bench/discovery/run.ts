/**
 * Discovery benchmark (`pnpm bench`, or on its own:
 *   node --conditions=didban-source --import tsx scripts/bench/discovery/run.ts [--no-write]).
 *
 * The lab runs in a child process so its servers do not share this process's event loop. Each
 * engine figure stands beside a raw baseline measured in the same run on the same targets:
 *   - connect scan: 1000 ports × 16 loopback hosts, engine scanPorts vs. a bare net.connect pool;
 *   - HTTP probes: engine probeService (https→http fallback, favicon) vs. a bare http.get pool;
 *   - DNS: engine DnsResolver vs. a bare dns-packet UDP loop, against the lab resolver;
 *   - peak RSS of a worker-style discover() over 10,240 hosts (CIDRs + a 10k-word brute force).
 * Figures go to docs/benchmarks.md under "## Discovery" (only that section is rewritten).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dnsPacket } from '../../../packages/engine/src/discovery/dns/packet.js';
import {
  DnsResolver,
  discover,
  portPairs,
  probeService,
  scanPorts,
  TOP_1000_PORTS,
} from '../../../packages/engine/src/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const write = !process.argv.includes('--no-write');
const SUBNET = `127.${90 + Math.floor(Math.random() * 60)}.0`;
const TARGETS = { portsPerSecond: 5000, probesPerSecond: 500, rssMb: 300 };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startLabProcess(): Promise<{ resolver: string; control: string; child: ChildProcess }> {
  const dnsPort = await freePort();
  const controlPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts/lab/start.ts'),
      '--subnet',
      SUBNET,
      '--dns-port',
      String(dnsPort),
      '--control-port',
      String(controlPort),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], cwd: ROOT },
  );
  const control = `http://127.0.0.1:${controlPort}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${control}/manifest`)).ok)
        return { resolver: `127.0.0.1:${dnsPort}`, control, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('lab did not start');
}

async function plant(control: string, name: string, services: { port: number; kind: string }[], ip?: string) {
  const res = await fetch(`${control}/hosts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, services, ...(ip ? { ip } : {}) }),
  });
  if (!res.ok) throw new Error(`plant ${name}: ${res.status} ${await res.text()}`);
}

/** A bounded pool over a list, the shape every baseline uses. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (index < items.length) {
      const item = items[index++] as T;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

function rawConnect(ip: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port });
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(open: boolean) {
      clearTimeout(timer);
      socket.destroy();
      resolve(open);
    }
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function rawGet(ip: string, port: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get({ host: ip, port, path: '/', agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    req.on('timeout', () => req.destroy());
  });
}

/** Bare dns-packet over one UDP socket: the least a client can do. */
async function rawDns(server: string, names: string[], concurrency: number): Promise<number> {
  const [host, portText] = server.split(':');
  const socket = dgram.createSocket('udp4');
  const waiting = new Map<number, () => void>();
  socket.on('message', (msg) => {
    const id = msg.readUInt16BE(0);
    waiting.get(id)?.();
    waiting.delete(id);
  });
  let nextId = 0;
  let answered = 0;
  await pool(names, concurrency, (name) => {
    const id = nextId++ & 0xffff;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve();
      }, 2000);
      waiting.set(id, () => {
        clearTimeout(timer);
        answered++;
        resolve();
      });
      socket.send(
        dnsPacket.encode({
          type: 'query',
          id,
          flags: dnsPacket.RECURSION_DESIRED,
          questions: [{ type: 'A', name }],
        }),
        Number(portText),
        host,
      );
    });
  });
  socket.close();
  return answered;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
}

const rate = (n: number, s: number) => Math.round(n / s);

/** A padded Markdown table, laid out the way the repository's formatter (Biome) writes them. */
function markdownTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(3, ...rows.map((r) => [...(r[c] ?? '')].length))) ?? [];
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => cell + ' '.repeat((widths[c] ?? 0) - [...cell].length)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Best (shortest) seconds of each side over alternating rounds, after one warm-up of each. */
async function alternate(rounds: number, engine: () => Promise<unknown>, raw: () => Promise<unknown>) {
  await engine();
  await raw();
  let best = { engine: Number.POSITIVE_INFINITY, raw: Number.POSITIVE_INFINITY };
  for (let i = 0; i < rounds; i++) {
    const e = await timed(engine);
    const r = await timed(raw);
    best = { engine: Math.min(best.engine, e.seconds), raw: Math.min(best.raw, r.seconds) };
  }
  return best;
}

async function main() {
  console.log(
    `Discovery benchmark on ${os.cpus().length} CPU(s), Node ${process.version}, lab subnet ${SUBNET}.0/24`,
  );
  const lab = await startLabProcess();
  const results: Record<string, string | number> = {};
  try {
    // 16 scan hosts in their own /24 (.200–.215), two open ports each.
    const scanSubnet = SUBNET.replace(/\.0$/, '.1');
    const scanIps = Array.from({ length: 16 }, (_, i) => `${scanSubnet}.${200 + i}`);
    for (const [i, ip] of scanIps.entries()) {
      await plant(
        lab.control,
        `scan-${i}.lab.didban.test`,
        [
          { port: 80, kind: 'nginx-default' },
          { port: 8080, kind: 'login' },
        ],
        ip,
      );
    }
    const pairs = () => portPairs(scanIps, TOP_1000_PORTS);
    const total = scanIps.length * TOP_1000_PORTS.length;

    // The machine is shared, so each pair runs in alternating rounds (engine, raw, engine, raw, ...)
    // and the best round of each is reported; a warm-up round first fills JIT and socket tables.
    const scan = await alternate(
      3,
      async () => {
        let open = 0;
        for await (const _ of scanPorts(pairs(), { timeoutMs: 1000, concurrency: 1000 })) open++;
        if (open !== 32) throw new Error(`engine scan found ${open} open ports, expected 32`);
      },
      async () => {
        let open = 0;
        await pool([...pairs()], 1000, async (t) => {
          if (await rawConnect(t.ip, t.port, 1000)) open++;
        });
        if (open !== 32) throw new Error(`raw scan found ${open} open ports, expected 32`);
      },
    );
    results.scanEngine = rate(total, scan.engine);
    results.scanRaw = rate(total, scan.raw);
    console.log(
      `connect scan: engine ${results.scanEngine} ports/s, raw ${results.scanRaw} ports/s (${total} ports)`,
    );

    // HTTP probes: 2,000 probes spread over the 16 hosts' port 80.
    const probeTargets = Array.from({ length: 2000 }, (_, i) => ({
      host: `scan-${i % 16}.lab.didban.test`,
      ip: scanIps[i % 16] as string,
      port: 80,
    }));
    const probes = await alternate(
      2,
      async () => {
        let ok = 0;
        await pool(probeTargets, 50, async (t) => {
          const probe = await probeService(t, { timeoutMs: 5000, bodyLimit: 1 << 20, favicon: true });
          if (probe.http?.status === 200 && probe.http.title === 'Welcome to nginx!') ok++;
        });
        if (ok !== probeTargets.length) throw new Error(`only ${ok} probes succeeded`);
      },
      () => pool(probeTargets, 50, (t) => rawGet(t.ip, t.port)),
    );
    results.probeEngine = rate(probeTargets.length, probes.engine);
    results.probeRaw = rate(probeTargets.length, probes.raw);
    console.log(
      `HTTP probes: engine ${results.probeEngine} probes/s (https→http + favicon), raw http.get ${results.probeRaw} req/s`,
    );

    // DNS: 20,000 A lookups (one in four exists) against the lab resolver.
    const names = Array.from({ length: 20_000 }, (_, i) =>
      i % 4 === 0 ? `scan-${i % 16}.lab.didban.test` : `nx-${i}.lab.didban.test`,
    );
    const resolver = new DnsResolver({ servers: [lab.resolver], timeoutMs: 2000, retries: 2 });
    const lookups = await alternate(
      2,
      async () => {
        await pool(names, 200, async (name) => {
          await resolver.query(name, 'A');
        });
      },
      async () => {
        const answered = await rawDns(lab.resolver, names, 200);
        if (answered < names.length * 0.99) throw new Error(`raw DNS answered only ${answered}`);
      },
    );
    resolver.close();
    results.dnsEngine = rate(names.length, lookups.engine);
    results.dnsRaw = rate(names.length, lookups.raw);
    console.log(`DNS: engine ${results.dnsEngine} lookups/s, raw dns-packet ${results.dnsRaw} lookups/s`);

    // Worker-style run over 10,240 hosts: two CIDRs (8,192 + 2,048 addresses, including the 16
    // web hosts) plus a 10,000-word brute force of the lab zone; assets are batched and dropped
    // like a worker posting them.
    const base = SUBNET.split('.').slice(0, 2).join('.');
    const words = Array.from({ length: 10_000 }, (_, i) => `w${i}`);
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const run = await timed(async () => {
      let assets = 0;
      let batch: unknown[] = [];
      for await (const record of discover({
        roots: [`${base}.0.0/19`, `${base}.32.0/21`, 'lab.didban.test'],
        resolvers: [lab.resolver],
        ports: '80,8080',
        wordlist: words,
        timeouts: { connectMs: 1000, httpMs: 5000 },
      })) {
        if (record.type !== 'asset') continue;
        assets++;
        batch.push(record);
        if (batch.length >= 100) batch = [];
      }
      return assets;
    });
    clearInterval(sampler);
    results.rssPeakMb = Math.round(peak / 1024 / 1024);
    results.rssAssets = run.value;
    results.rssSeconds = Math.round(run.seconds);
    console.log(
      `10k-host run: ${run.value} assets in ${results.rssSeconds} s, peak RSS ${results.rssPeakMb} MB`,
    );
  } finally {
    lab.child.kill('SIGTERM');
  }

  const pass = (ok: boolean) => (ok ? 'meets target' : '**below target**');
  const table = markdownTable([
    ['Measure', 'Engine', 'Raw baseline', 'Target'],
    [
      'TCP connect scan, 1000 ports × 16 loopback hosts',
      `${results.scanEngine} ports/s`,
      `${results.scanRaw} ports/s (bare \`net.connect\` pool, same concurrency 1000)`,
      `≥ ${TARGETS.portsPerSecond} ports/s — ${pass(Number(results.scanEngine) >= TARGETS.portsPerSecond)}`,
    ],
    [
      'HTTP probes (https attempt → http, title, headers, favicon)',
      `${results.probeEngine} probes/s`,
      `${results.probeRaw} req/s (bare \`http.get\`, one request each, concurrency 50)`,
      `≥ ${TARGETS.probesPerSecond} probes/s — ${pass(Number(results.probeEngine) >= TARGETS.probesPerSecond)}`,
    ],
    [
      'DNS A lookups against the lab resolver (20,000 names)',
      `${results.dnsEngine} lookups/s`,
      `${results.dnsRaw} lookups/s (bare \`dns-packet\` over one UDP socket, concurrency 200)`,
      '—',
    ],
    [
      'Worker-style `discover()` over 10,240 hosts + 10,000-word brute force, ports 80,8080',
      `peak RSS ${results.rssPeakMb} MB (${results.rssAssets} assets, ${results.rssSeconds} s)`,
      '—',
      `< ${TARGETS.rssMb} MB — ${pass(Number(results.rssPeakMb) < TARGETS.rssMb)}`,
    ],
  ]);
  const section = `## Discovery

Measured by \`scripts/bench/discovery/run.ts\` on ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Targets are the local lab (scripts/lab) in a separate process on 127.0.0.0/8; each engine figure sits beside a raw baseline measured in the same run (alternating rounds after a warm-up, best round of each reported, because the machine is shared).

${table}

An engine probe costs three connections (a TLS attempt that fails on a plain-HTTP port, the HTTP request, the favicon), the raw baseline one; the RSS figure is the whole benchmark process (Node, tsx, the Wappalyzer rule set).
`;
  console.log(`\n${section}`);
  if (write) {
    const file = join(ROOT, 'docs/benchmarks.md');
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
    // Replace only our section: from "## Discovery" up to the next "## " heading.
    const pattern = /## Discovery\n[\s\S]*?(?=\n## |$)/;
    const next = pattern.test(current)
      ? current.replace(pattern, section.trimEnd())
      : `${current.trimEnd()}\n\n${section}`;
    writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
    console.log(`wrote ${file}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
