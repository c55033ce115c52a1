/**
 * `didban templates run` as CI jobs and nuclei users drive it: the real binary in a pipe and on
 * a pseudo-terminal, against loopback web servers. Targets from flags, lists and stdin; nuclei's
 * JSON lines; SARIF checked against the official 2.1.0 schema; unreachable targets; the exit
 * code table; a large run at a low rate limit; Ctrl+C keeping what was found.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { runInTerminal } from './helpers/terminal.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const good = join(fixtures, 'templates', 'good');
const servers: Server[] = [];
let sites: string[];
let dir: string;
let many: string;
let env: Record<string, string>;
const headersSeen: string[] = [];
let probes = 0;
/** How long each /slow request stayed open before the client gave up on it (ms), seen by the server. */
const slowHeldMs: number[] = [];

/** A web server with a public Git config; `/p/N` answers 200 for every tenth N. */
async function site(): Promise<string> {
  const server = createServer((req, res) => {
    res.setHeader('server', 'didban-lab');
    if (req.headers['x-ci-run']) headersSeen.push(String(req.headers['x-ci-run']));
    if (req.url === '/.git/config') res.end('[core]\n\turl = https://git.example/acme/site.git\n');
    else if (req.url === '/slow') {
      const asked = Date.now();
      req.socket.once('close', () => slowHeldMs.push(Date.now() - asked));
      setTimeout(() => res.end('late'), 5000);
    } else if (req.url?.startsWith('/p/')) {
      probes++;
      res.statusCode = Number(req.url.slice(3)) % 10 === 0 ? 200 : 404;
      res.end('x');
    } else res.end('<h1>hello</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `count` templates, each asking for `/p/N`; every fifth is high, the rest info. */
function writeTemplates(folder: string, count: number) {
  mkdirSync(folder, { recursive: true });
  for (let i = 1; i <= count; i++) {
    writeFileSync(
      join(folder, `probe-${i}.yaml`),
      `id: probe-${i}\ninfo:\n  name: Probe ${i}\n  author: didban\n  severity: ${i % 5 === 0 ? 'high' : 'info'}\n  tags: probe\nhttp:\n  - method: GET\n    path:\n      - "{{BaseURL}}/p/${i}"\n    matchers:\n      - type: status\n        status:\n          - 200\n`,
    );
  }
}

beforeAll(async () => {
  sites = [await site(), await site(), await site(), await site(), await site()];
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-run-io-'));
  many = join(dir, 'many');
  writeTemplates(many, 300);
  env = { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('targets, selection and nuclei-style output', () => {
  it('streams nuclei JSON lines for targets from a list file, stdin and comma-separated flags', async () => {
    const list = join(dir, 'targets.txt');
    writeFileSync(list, `# lab\n${sites[0]}\n\n${sites[1]}\n`);
    const out = join(dir, 'found.jsonl');
    const result = await runBinary(
      ['templates', 'run', good, '-l', list, '--target', `${sites[2]},-`, '--jsonl', '-o', out, '--silent'],
      env,
      { stdin: `${sites[3]}\n${sites[0]}\n` },
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const events = lines(result.stdout).map((l) => JSON.parse(l));
    // 4 distinct targets (a duplicate runs once) × 2 templates.
    expect(events).toHaveLength(8);
    const git = events.find((e) => e['template-id'] === 'exposed-git-config' && e.url === sites[3]);
    expect(git).toMatchObject({
      'template-id': 'exposed-git-config',
      'template-path': join(good, 'exposed-git-config.yaml'),
      info: { name: 'Exposed Git config', author: ['didban'], tags: ['git', 'exposure'], severity: 'high' },
      type: 'http',
      host: '127.0.0.1',
      port: new URL(sites[3]!).port,
      scheme: 'http',
      'matched-at': `${sites[3]}/.git/config`,
      'extracted-results': ['https://git.example/acme/site.git'],
      'matcher-status': true,
      ip: '127.0.0.1',
    });
    expect(git['curl-command']).toMatch(
      /^curl -X 'GET' -d '' -H 'User-Agent: [^']+'( -H '[^']+')* '.*\/\.git\/config'$/,
    );
    expect(Number.isNaN(Date.parse(git.timestamp))).toBe(false);
    const banner = events.find((e) => e['template-id'] === 'lab-server-banner');
    expect(banner['matcher-name']).toBe('didban-lab');
    // -o gets the same lines.
    expect(readFileSync(out, 'utf8')).toBe(result.stdout);
  });

  it('selects templates by --tags, --severity, --id and --exclude-tags, and sends -H headers', async () => {
    const run = (...flags: string[]) =>
      runBinary(['templates', 'run', good, '--target', sites[0]!, '--jsonl', '--silent', ...flags], env);
    const ids = async (...flags: string[]) =>
      lines((await run(...flags)).stdout).map((l) => JSON.parse(l)['template-id']);
    expect(await ids('--tags', 'tech')).toEqual(['lab-server-banner']);
    expect(await ids('--severity', 'high,critical')).toEqual(['exposed-git-config']);
    expect(await ids('--id', 'lab-server-banner')).toEqual(['lab-server-banner']);
    expect(await ids('--exclude-tags', 'git')).toEqual(['lab-server-banner']);
    const none = await run('--tags', 'nothing-has-this');
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toBe(
      'None of the 2 template(s) matches --id, --tags, --exclude-tags and --severity.\n',
    );
    headersSeen.length = 0;
    await run('-H', 'X-CI-Run: 42');
    expect(headersSeen).toEqual(['42', '42']);
  });

  it('prints findings as nuclei screen lines as they are found, the summary on stderr', async () => {
    const result = await runBinary(['templates', 'run', good, '--target', sites[0]!], env);
    expect(result.exitCode).toBe(0);
    expect(lines(result.stdout).sort()).toEqual([
      `[exposed-git-config] [http] [high] ${sites[0]}/.git/config ["https://git.example/acme/site.git"]`,
      `[lab-server-banner:didban-lab] [http] [info] ${sites[0]}/`,
    ]);
    expect(result.stderr).toBe('2 finding(s).\n');
  });

  it('--timeout is seconds for the whole request: --timeout 2 gives up after 2 s', async () => {
    const slow = join(dir, 'slow');
    mkdirSync(slow, { recursive: true });
    writeFileSync(
      join(slow, 'slow.yaml'),
      'id: slow-page\ninfo:\n  name: Slow\n  author: didban\n  severity: info\nhttp:\n  - method: GET\n    path:\n      - "{{BaseURL}}/slow"\n    matchers:\n      - type: status\n        status:\n          - 200\n',
    );
    const result = await runBinary(['templates', 'run', slow, '--target', sites[0]!, '--timeout', '2'], env);
    expect(result.stderr).toContain('timed out after 2000 ms');
    // Two tries (nuclei's one retry), each given up after 2 s by the client — timed by the server
    // from the request to the connection's close, so the CLI's start-up on a busy machine does not
    // count. The page answers after 5 s: a longer timeout would have read it. The lower bound
    // leaves room for the lab seeing the request late on loaded cores (1,746 ms was seen at load 17);
    // a one-second timeout would still fall under it.
    expect(slowHeldMs).toHaveLength(2);
    for (const held of slowHeldMs) {
      expect(held).toBeGreaterThanOrEqual(1_500);
      expect(held).toBeLessThan(4_500);
    }
  });
});

describe('unreachable targets and the exit code table', () => {
  it('reports unreachable targets (count and first error) and exits 3 unless --allow-unreachable', async () => {
    const dead = 'http://127.0.0.1:1';
    const mixed = await runBinary(
      ['templates', 'run', good, '--target', `${sites[0]},${dead}`, '--fail-on', 'critical'],
      env,
    );
    expect(mixed.exitCode).toBe(3);
    expect(mixed.stderr).toBe(
      `1 of 2 target(s) unreachable, first ${dead}: connection refused (--allow-unreachable to pass anyway).\n2 finding(s).\n`,
    );
    expect(lines(mixed.stdout)).toHaveLength(2);
    const allowed = await runBinary(
      ['templates', 'run', good, '--target', `${sites[0]},${dead}`, '--allow-unreachable'],
      env,
    );
    expect(allowed.exitCode).toBe(0);
    // Nothing answered: the gate was never faced, so it cannot pass.
    const allDead = await runBinary(
      ['templates', 'run', good, '--target', dead, '--fail-on', 'high', '--allow-unreachable'],
      env,
    );
    expect(allDead).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: `1 of 1 target(s) unreachable, first ${dead}: connection refused (--allow-unreachable to pass anyway).\n`,
    });
  });

  it('a target that accepts connections but never answers counts as unreachable (exit 3), not "No findings."', async () => {
    // A port that takes the connection and never says a word: every request to it times out.
    const mute = createNetServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const sockets = new Set<import('node:net').Socket>();
    mute.on('connection', (s) => sockets.add(s));
    try {
      const silent = `http://127.0.0.1:${(mute.address() as AddressInfo).port}`;
      const gated = await runBinary(
        ['templates', 'run', good, '-u', silent, '--timeout', '1', '--fail-on', 'info'],
        env,
      );
      expect(gated.exitCode).toBe(3);
      expect(gated.stdout).toBe('');
      expect(gated.stderr).toContain(
        `1 of 1 target(s) accepted connections but answered no request, counted as unreachable; first: ${silent} (`,
      );
      expect(gated.stderr).not.toContain('No findings.');
      // Beside a target that answers: 3 unless --allow-unreachable, as a refused connection.
      const mixed = await runBinary(
        ['templates', 'run', good, '-u', `${sites[0]},${silent}`, '--timeout', '1'],
        env,
      );
      expect(mixed.exitCode).toBe(3);
      expect(lines(mixed.stdout)).toHaveLength(2);
      const allowed = await runBinary(
        ['templates', 'run', good, '-u', `${sites[0]},${silent}`, '--timeout', '1', '--allow-unreachable'],
        env,
      );
      expect(allowed.exitCode).toBe(0);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  }, 60_000);

  it('0 ok, 1 gate tripped, 2 usage, 3 a template that does not load', async () => {
    const ok = await runBinary(
      ['templates', 'run', good, '--target', sites[0]!, '--fail-on', 'critical'],
      env,
    );
    expect(ok.exitCode).toBe(0);
    const gate = await runBinary(['templates', 'run', good, '--target', sites[0]!, '--fail-on', 'high'], env);
    expect(gate.exitCode).toBe(1);
    expect(gate.stderr).toBe('2 finding(s).\n1 finding(s) at or above high: failing as --fail-on asks.\n');
    const usage = await runBinary(
      ['templates', 'run', good, '--target', sites[0]!, '--fail-on', 'severe'],
      env,
    );
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr.split('\n')).toHaveLength(2);
    const noTarget = await runBinary(['templates', 'run', good], env);
    expect(noTarget).toMatchObject({ exitCode: 2, stdout: '' });
    expect(noTarget.stderr).toBe('No target: give --target, --list FILE or - for standard input.\n');
    const broken = await runBinary(
      ['templates', 'run', join(fixtures, 'templates', 'bad'), '--target', sites[0]!],
      env,
    );
    expect(broken.exitCode).toBe(3);
    expect(broken.stderr).toMatch(/broken\.yaml:1:5: error: id: invalid id/);
  });
});

describe('SARIF 2.1.0', () => {
  it('writes findings that validate against the official schema', async () => {
    const file = join(dir, 'didban.sarif');
    const result = await runBinary(
      ['templates', 'run', good, '--target', `${sites[0]},${sites[1]}`, '--silent', '--sarif', file],
      env,
    );
    expect(result.exitCode).toBe(0);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    const schema = JSON.parse(readFileSync(join(fixtures, 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id).sort()).toEqual([
      'exposed-git-config',
      'lab-server-banner',
    ]);
    expect(run.results).toHaveLength(4);
    // What GitHub code scanning needs: a relative path (not a URL) with a region, and rules with
    // help and a description that is not the name again.
    const port = new URL(sites[0]!).port;
    expect(
      run.results.find(
        (r: { ruleId: string; properties: { location: string } }) =>
          r.ruleId === 'exposed-git-config' && r.properties.location.startsWith(sites[0]!),
      ),
    ).toMatchObject({
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: `http/127.0.0.1_${port}/.git/config`, uriBaseId: 'TARGETS' },
            region: { startLine: 1 },
          },
        },
      ],
    });
    for (const r of run.results)
      expect(r.locations[0].physicalLocation.artifactLocation.uri).not.toMatch(/:/);
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'exposed-git-config');
    expect(rule.fullDescription.text).not.toBe(rule.name);
    expect(rule.help.text).toContain('exposed-git-config');
    expect(rule.help.markdown).toContain('**Exposed Git config** (high)');
  });
});

describe('large runs and Ctrl+C', () => {
  it('finishes 300 templates × 5 targets with no listener warning, at a low rate limit too', async () => {
    const fast = await runBinary(
      ['templates', 'run', many, '--target', sites.join(','), '--jsonl', '--silent'],
      env,
    );
    expect(fast.stderr).toBe('');
    expect(fast.exitCode).toBe(0);
    // Every tenth of 300 paths answers 200, on each of 5 targets.
    expect(lines(fast.stdout)).toHaveLength(150);
    // At 3 requests a second the requests wait for the limiter's timer most of the time: an
    // unreferenced timer let Node exit mid-scan with code 13 and nothing printed. (The full
    // 1500 requests at 3/s take ~8.5 min; measured in docs/benchmarks.md.)
    const slow = await runBinary(
      [
        'templates',
        'run',
        many,
        '--id',
        'probe-10,probe-20,probe-30,probe-5',
        '--target',
        sites.join(','),
        '--rate-limit',
        '3',
        '--jsonl',
      ],
      env,
    );
    expect(slow.stderr).toBe('15 finding(s).\n');
    expect(slow.exitCode).toBe(0);
    expect(lines(slow.stdout)).toHaveLength(15);
  }, 60_000);

  it('runs the public library (http, tcp, ssl and dns templates) with no listener warning', async () => {
    const library = fileURLToPath(new URL('../../../packages/engine/templates/public/', import.meta.url));
    const result = await runBinary(
      ['templates', 'run', library, '--target', sites.join(','), '--rate-limit', '10000', '--jsonl'],
      env,
    );
    expect(result.stderr).not.toMatch(/MaxListenersExceededWarning|memory leak/);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/\d+ finding\(s\)\.\n$|No findings\.\n$/);
  }, 120_000);

  it('Ctrl+C on a terminal stops the run, keeps the findings printed so far and exits 130', async () => {
    const term = runInTerminal(
      ['templates', 'run', many, '--target', sites.join(','), '--rate-limit', '20'],
      { ...env, NO_COLOR: '1' },
    );
    await term.until('[probe-');
    term.type('\u0003');
    expect(await term.exit).toBe(130);
    expect(term.screen).toMatch(/\[probe-\d+\] \[http\] \[(info|high)\] http:\/\/127\.0\.0\.1:\d+\/p\/\d+/);
    expect(term.screen).toMatch(
      /Interrupted \(Ctrl\+C\): [1-9]\d* finding\(s\) so far, printed above\.\r?\n/,
    );
  }, 60_000);

  it('Ctrl+C with --json still writes the document of what was found', async () => {
    const term = runInTerminal(
      ['templates', 'run', many, '--target', sites.join(','), '--rate-limit', '20', '--json'],
      { ...env, NO_COLOR: '1' },
    );
    // Interrupt once the scan is under way (requests are reaching the targets).
    const before = probes;
    for (let i = 0; i < 200 && probes < before + 40; i++) await new Promise((r) => setTimeout(r, 100));
    term.type('\u0003');
    expect(await term.exit).toBe(130);
    const json = term.screen.slice(term.screen.indexOf('{'), term.screen.lastIndexOf('}') + 1);
    const doc = JSON.parse(json);
    expect(doc.results.length).toBeGreaterThan(0);
    expect(doc.results.length).toBeLessThan(150);
    expect(term.screen).toMatch(/Interrupted \(Ctrl\+C\): [1-9]\d* finding\(s\) so far/);
  }, 60_000);
});
