import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, startLab } from '../../../scripts/lab/src/lab.js';
import { startWorker, type WorkerHandle } from '../../worker/src/index.js';
import { run } from '../src/run.js';
import { BIN, runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';
import { runInTerminal } from './helpers/terminal.js';

/**
 * The whole pipeline a CI job runs, with the real binary (stdin and stdout pipes, not TTYs), a
 * real server, a real worker and the lab on loopback: sign in, create a group on a lab site with
 * a planted .git/config, let the worker discover it, start a bulk scan and follow it to the end,
 * read the findings as JSON, trip the --fail-on gate, triage, export.
 */
let lab: Lab;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let worker: WorkerHandle | undefined;
let configDir: string;
let outDir: string;
let env: Record<string, string>;
let token: string;
let site: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  lab = await startLab();
  site = `shop.${lab.manifest().zone}`;
  await lab.weaknesses.plant(site, 'git-config-exposure');
  // Our own worker on the lab's resolver, not the server's built-in one (system DNS).
  server = await startLiveServer({ DIDBAN_BUILTIN_WORKER: '0' });
  token = (await server.register('parisa')).access;
  const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
  const { api_key } = await api.workers.create({ name: 'lab-worker' });
  worker = startWorker({
    serverUrl: server.url,
    apiKey: api_key,
    resolvers: [lab.resolver],
    taskIntervalSeconds: 0.2,
    httpxTimeoutSeconds: 4,
    backoffMinMs: 100,
    backoffMaxMs: 500,
  });
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
  outDir = mkdtempSync(join(tmpdir(), 'didban-cli-scans-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en' };
}, 120_000);

afterAll(async () => {
  worker?.kill();
  await server?.close();
  await lab?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}, 60_000);

const oneLine = (stderr: string) => stderr.trim().split('\n');

describe('scans and vulnerabilities from the real binary, against a live server, a worker and the lab', () => {
  let groupId: string;
  let scanId: string;
  let historyId: string;
  let scanName: string;
  let vulnId: string;
  let assetId: string;

  it('signs in, creates a group on the lab and lists the asset the worker discovered', async () => {
    const login = await runBinary(
      ['login', '--username', 'parisa', '--email', 'parisa@example.com', '--password-stdin'],
      env,
      { stdin: 'secret-pass\n' },
    );
    expect(login.exitCode).toBe(0);
    const create = await runBinary(
      [
        'groups',
        'create',
        '--name',
        'Lab shop',
        '--roots',
        site,
        '--ports',
        '80',
        '--no-auto-discovery',
        '--json',
      ],
      env,
    );
    expect(create.stderr).toBe('');
    groupId = JSON.parse(create.stdout).id;

    const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
    await until('the discovery to store the lab site', async () => {
      const page = await api.assets.groupAssets(groupId, { page: 1, page_size: 10 });
      return page.result_count > 0;
    });
    const list = await runBinary(['assets', 'list', '--group', groupId, '--json'], env);
    expect(list.exitCode).toBe(0);
    expect(JSON.parse(list.stdout).results).toMatchObject([{ host: site, port: 80 }]);
    assetId = JSON.parse(list.stdout).results[0].id;
  }, 90_000);

  it('starts a bulk scan by tag and follows it with plain lines to "finished", exit 0', async () => {
    const started = await runBinary(['scans', 'start', '--group', groupId, '--tag', 'git', '--follow'], env);
    expect(started.stderr).toBe('');
    expect(started.exitCode).toBe(0);
    const lines = started.stdout.trim().split('\n');
    // The default name is spec §5's prefill plus the date, as in the panel.
    const first =
      /^Started scan (bulk scan for Lab shop · \d{4}-\d\d-\d\d \d\d:\d\d): scan (\S+), run (\S+)\.$/.exec(
        lines[0]!,
      );
    expect(first).not.toBeNull();
    [, scanName, scanId, historyId] = first as unknown as [string, string, string, string];
    const named = scanName.replace(/\./g, '\\.');
    // One plain line per change (no cursor movement), ending with the finished line and the outcome.
    for (const line of lines.slice(1, -1)) {
      expect(line).toMatch(
        new RegExp(`^${named}: (initializing|running|finished) (preparing|\\[\\d+/\\d+\\]) elapsed \\d+`),
      );
    }
    expect(lines.at(-2)).toMatch(new RegExp(`^${named}: finished \\[(\\d+)/\\1\\] elapsed `));
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Scan ${named} finished: 0 critical, 0 high, [1-9]\\d* medium, \\d+ low and \\d+ info finding\\(s\\)\\.$`,
      ),
    );
  }, 90_000);

  it('lists the scan and its findings as JSON a script can parse', async () => {
    const scans = JSON.parse((await runBinary(['scans', 'list', '--json'], env)).stdout);
    expect(scans).toMatchObject({ result_count: 1, current_page: 1 });
    expect(scans.results[0]).toMatchObject({
      id: scanId,
      name: scanName,
      status: 'finished',
      latest_history: { id: historyId, status: 'finished' },
    });
    expect(scans.results[0].vulnerabilities.medium).toBeGreaterThan(0);

    const table = await runBinary(['scans', 'list'], env);
    expect(table.stdout).toContain('bulk scan for Lab shop');
    expect(table.stdout).toMatch(/C 0 {2}H 0 {2}M [1-9]/);

    const vulns = await runBinary(['vulns', 'list', '--scan', scanId, '--json'], env);
    expect(vulns.exitCode).toBe(0);
    const parsed = JSON.parse(vulns.stdout);
    const git = parsed.results.find((v: { template_id: string }) => v.template_id === 'git-config-exposure');
    expect(git).toMatchObject({
      severity: 'medium',
      status: 'open',
      host: site,
      scan: scanId,
      scan_history: historyId,
    });
    expect(git.matched_at).toBe(`http://${site}/.git/config`);
    vulnId = git.id;

    const high = JSON.parse(
      (await runBinary(['vulns', 'list', '--severity', 'high,critical', '--json'], env)).stdout,
    );
    expect(high).toMatchObject({ results: [], result_count: 0 });
  });

  it('scans picked assets with --json --follow: one JSON document on stdout, progress on stderr', async () => {
    const r = await runBinary(
      [
        'scans',
        'start',
        '--asset',
        assetId,
        '--template',
        'public:git-config-exposure',
        '--json',
        '--follow',
      ],
      env,
    );
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      scan_id: expect.any(String),
      scan_history_id: expect.any(String),
      name: expect.stringMatching(
        new RegExp(`^bulk scan for ${site.replace(/\./g, '\\.')} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`),
      ),
      status: 'finished',
    });
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `^Scan bulk scan for ${site.replace(/\./g, '\\.')} · [\\d: -]+ finished: 0 critical, 0 high, 1 medium`,
      ),
    );
  }, 60_000);

  it('trips --fail-on at or above the gate (exit 1, one line on stderr) and passes below it', async () => {
    const tripped = await runBinary(['vulns', 'list', '--fail-on', 'medium'], env);
    expect(tripped.exitCode).toBe(1);
    // The table: one row per vulnerability, most severe first.
    const row = tripped.stdout.split('\n').find((l) => l.includes('git-config-exposure'))!;
    expect(
      row
        .split('│')
        .map((c) => c.trim())
        .slice(2, 7),
    ).toEqual(['medium', 'git-config-exposure', `${site}:80`, `http://${site}/.git/config`, 'open']);
    expect(oneLine(tripped.stderr)).toHaveLength(1);
    expect(tripped.stderr).toMatch(
      /^[1-9]\d* finding\(s\) at or above medium: failing as --fail-on asks\.\n$/,
    );

    // In Persian the table says severity and status in Persian, as the panel does.
    const fa = await runBinary(['vulns', 'list'], { ...env, DIDBAN_LANG: 'fa' });
    const faRow = fa.stdout.split('\n').find((l) => l.includes('git-config-exposure'))!;
    expect(faRow.split('│').map((c) => c.trim())).toEqual(expect.arrayContaining(['متوسط', 'باز']));

    // The gate counts every page, not just the one shown.
    const paged = await runBinary(
      ['vulns', 'list', '--severity', 'info,low', '--page', '1', '--fail-on', 'medium'],
      env,
    );
    expect(paged.exitCode).toBe(0);
    const passed = await runBinary(['vulns', 'list', '--fail-on', 'high', '--json'], env);
    expect(passed.exitCode).toBe(0);
    expect(passed.stderr).toBe('');
  });

  it('triages a vulnerability; the gate then ignores it when asked for open ones only', async () => {
    // (Accepting a risk needs a reason since issue 32: `vulns accept`; here a plain triage status.)
    const set = await runBinary(['vulns', 'set-status', vulnId, 'fixed'], env);
    expect(set.exitCode).toBe(0);
    expect(set.stdout).toBe(`Vulnerability ${vulnId} (git-config-exposure) is now fixed.\n`);
    const open = await runBinary(
      ['vulns', 'list', '--scan', scanId, '--status', 'open', '--severity', 'medium', '--fail-on', 'medium'],
      env,
    );
    expect(open.exitCode).toBe(0);
    // Without --status too: a gate counts open and in-progress findings, not triaged ones…
    const untriaged = await runBinary(
      ['vulns', 'list', '--scan', scanId, '--severity', 'medium', '--fail-on', 'medium'],
      env,
    );
    expect(untriaged).toMatchObject({ exitCode: 0, stderr: '' });
    // …unless asked to count them.
    const triaged = await runBinary(
      ['vulns', 'list', '--scan', scanId, '--severity', 'medium', '--fail-on', 'medium', '--include-triaged'],
      env,
    );
    expect(triaged.exitCode).toBe(1);
    // The followed run's gate reads the same way; --follow's findings were triaged above.
    const followed = await runBinary(
      ['scans', 'follow', scanId, '--fail-on', 'medium', '--timeout', '60s'],
      env,
    );
    expect(followed.exitCode).toBe(0);
    const strict = await runBinary(
      ['scans', 'follow', scanId, '--fail-on', 'medium', '--include-triaged'],
      env,
    );
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toMatch(
      /^[1-9]\d* finding\(s\) at or above medium: failing as --fail-on asks\.\n$/,
    );
    // The listing as SARIF, valid enough for a reader to find the template and the place.
    const sarifFile = join(outDir, 'vulns.sarif');
    const sarif = await runBinary(
      ['vulns', 'list', '--scan', scanId, '--all', '--sarif', sarifFile, '--json'],
      env,
    );
    expect(sarif.exitCode).toBe(0);
    const log = JSON.parse(readFileSync(sarifFile, 'utf8'));
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('git-config-exposure');
  });

  it('follows a run that is over at once; cancelling it is refused in the server words', async () => {
    const follow = await runBinary(['scans', 'follow', scanId], env);
    expect(follow.exitCode).toBe(0);
    expect(follow.stdout.split('\n')[0]).toMatch(
      new RegExp(`^${scanName.replace(/\./g, '\\.')}: finished \\[(\\d+)/\\1\\] elapsed `),
    );
    const cancel = await runBinary(['scans', 'cancel', scanId, '--history', historyId], env);
    expect(cancel.exitCode).toBe(3);
    expect(cancel.stderr).toBe('This scan is not running, so there is nothing to cancel.\n');
  });

  it('stops following on Ctrl+C without cancelling (exit 130); a follow ends with exit 4 when the run is cancelled', async () => {
    // No worker: the run waits in the queue until it is cancelled.
    await worker?.stop();
    worker = undefined;
    const start = await runBinary(
      [
        'scans',
        'start',
        '--name',
        'To cancel',
        '--group',
        groupId,
        '--template',
        'public:git-config-exposure',
        '--json',
      ],
      env,
    );
    expect(start.exitCode).toBe(0);
    const ids = JSON.parse(start.stdout);
    expect(ids).toMatchObject({
      name: 'To cancel',
      scan_id: expect.any(String),
      scan_history_id: expect.any(String),
    });
    const api = createApiClient({ baseUrl: server.url, getToken: () => token, getLanguage: () => 'en' });
    const following = runBinary(['scans', 'follow', ids.scan_id], env);
    let last = '';
    await until(
      'the run to be cancellable',
      async () => {
        const s = await api.scans.historyStatus(ids.scan_id, ids.scan_history_id);
        last = JSON.stringify(s);
        return s.status === 'running' || s.status === 'initializing';
      },
      20_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; last status ${last}`);
    });

    // Ctrl+C on a terminal stops following (exit 130) and leaves the run alone.
    let screen = '';
    const terminal = Object.assign(new EventEmitter(), {
      write: (text: string) => {
        screen += text;
        return true;
      },
      isTTY: true,
      columns: 100,
      rows: 24,
    });
    let interrupt: (() => void) | undefined;
    const onTerminal = run(
      ['scans', 'follow', ids.scan_id],
      {
        stdout: terminal,
        stderr: terminal,
        env,
        onInterrupt: (handler) => {
          interrupt = handler;
          return () => {
            interrupt = undefined;
          };
        },
      },
      { capture: false },
    );
    await until('the Ink view to draw', async () => screen.includes('elapsed'), 20_000);
    expect(screen).toMatch(/To cancel {2}(initializing|running)/);
    interrupt!();
    expect((await onTerminal).exitCode).toBe(130);
    expect(screen).toContain(
      `Stopped following; the scan goes on. Follow again: didban scans follow ${ids.scan_id} --history ${ids.scan_history_id}`,
    );
    expect((await api.scans.historyStatus(ids.scan_id, ids.scan_history_id)).status).not.toBe('cancelled');

    // The same from the real binary in a pipeline: a real SIGINT after the first plain line.
    const child = spawn(process.execPath, [BIN, 'scans', 'follow', ids.scan_id], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let pressed = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      // Once: a second Ctrl+C ends the process at once, as it should.
      if (!pressed && out.includes('elapsed')) pressed = child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      const guard = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the followed binary did not end after SIGINT (sent: ${pressed}); output: ${out}`));
      }, 30_000);
      child.on('close', (exit) => {
        clearTimeout(guard);
        resolve(exit);
      });
    });
    expect(code).toBe(130);
    expect(out.trim().split('\n').at(-1)).toBe(
      `Stopped following; the scan goes on. Follow again: didban scans follow ${ids.scan_id} --history ${ids.scan_history_id}`,
    );

    // A pseudo-terminal with no size (`script`, `ssh -tt` from a runner) and a TERM=dumb one get
    // plain lines: no one-character-per-line frames, no screen or scrollback cleared, no colour.
    for (const extra of [{}, { TERM: 'dumb' }] as Record<string, string>[]) {
      const term = runInTerminal(['scans', 'follow', ids.scan_id], { ...env, ...extra });
      await term.until(/To cancel: (initializing|running) (preparing|\[\d+\/\d+\]) elapsed \d+/);
      term.type('\u0003');
      expect(await term.exit).toBe(130);
      const escapes = term.screen.split('\u001b').slice(1);
      expect(escapes.filter((e) => /^\[[23]J/.test(e))).toEqual([]);
      expect(escapes.filter((e) => /^\[\d*[ABCDGKm]/.test(e))).toEqual([]);
      expect(term.screen.split(/\r?\n/).filter((l) => l.trim().length === 1)).toEqual([]);
      // The terminal itself echoes the key as ^C before the last line.
      expect(term.screen.trim().split(/\r?\n/).at(-1)?.replace(/^\^C/, '')).toBe(
        `Stopped following; the scan goes on. Follow again: didban scans follow ${ids.scan_id} --history ${ids.scan_history_id}`,
      );
    }

    // --timeout reached has its own exit code (5), not a gate's (1) nor a server's (3).
    const timedOut = await runBinary(['scans', 'follow', ids.scan_id, '--timeout', '1s'], env);
    expect(timedOut.exitCode).toBe(5);

    const cancel = await runBinary(['scans', 'cancel', ids.scan_id], env);
    expect(cancel.stderr).toBe('');
    expect(cancel.stdout).toMatch(/^Cancelled run \S+ of scan To cancel \(now cancelled\)\.\n$/);
    const followed = await following;
    // A followed run that was cancelled (or failed) has its own code: 1 means only "gate tripped".
    expect(followed.exitCode).toBe(4);
    expect(followed.stdout.trim().split('\n').at(-1)).toBe('Scan To cancel was cancelled.');
  }, 120_000);

  it('exports the group the scan ran on', async () => {
    const file = join(outDir, 'lab.json');
    const result = await runBinary(
      ['assets', 'export', '--format', 'json', '--out', file, '--group', groupId],
      env,
    );
    expect(result.exitCode).toBe(0);
    const body = JSON.parse(readFileSync(file, 'utf8'));
    expect(body.assets.map((a: { host: string }) => a.host)).toEqual([site]);
  });

  it('refuses bad input with one clear line, no stack, and the right exit code', async () => {
    // Exit codes (apps/cli/README.md): 2 usage; 3 the job could not be done (not found, auth, server).
    const cases: [string[], Record<string, string>, number, RegExp][] = [
      [
        ['scans', 'follow', '00000000-0000-4000-8000-000000000000'],
        {},
        3,
        /^No scan with id 00000000-0000-4000-8000-000000000000\. Run: didban scans list$/,
      ],
      [
        ['scans', 'follow', scanId, '--history', '00000000-0000-4000-8000-000000000000'],
        {},
        3,
        /^Scan \S+ has no run 00000000-/,
      ],
      [
        ['vulns', 'list'],
        { DIDBAN_TOKEN: 'not-a-token' },
        3,
        /^Your session is invalid or has expired\. Run: didban login$/,
      ],
      [
        ['scans', 'list'],
        { DIDBAN_URL: 'http://127.0.0.1:9', DIDBAN_TOKEN: token },
        3,
        /^Cannot reach the Didban server at http:\/\/127\.0\.0\.1:9 \(connection refused\)/,
      ],
      [['scans', 'start', '--group', groupId], {}, 2, /^Choose at least one template or tag\.$/],
      [['scans', 'list', '--status', 'done'], {}, 2, /^Unknown value "done" for --status: use /],
      [
        ['vulns', 'set-status', 'x', 'closed'],
        {},
        2,
        /^Unknown value "closed" for <status>: use open, in_progress/,
      ],
      [
        ['vulns', 'list', '--pages', '2'],
        {},
        2,
        /^unknown option '--pages' \(Did you mean --page\?\) \(see: didban vulns list --help\)$/,
      ],
      [
        ['scans', 'follow'],
        {},
        2,
        /^missing required argument 'scanId' \(see: didban scans follow --help\)$/,
      ],
      [['ui'], {}, 2, /^didban ui needs a terminal/],
      [
        ['--lang', 'fa', 'scans', 'start', '--group', groupId],
        {},
        2,
        /^دست‌کم یک قالب یا برچسب انتخاب کنید\.$/,
      ],
      [['--lang', 'fa', 'vulns', 'list'], { DIDBAN_TOKEN: 'not-a-token' }, 3, /^نشست شما نامعتبر است/],
    ];
    for (const [args, extra, code, line] of cases) {
      const r = await runBinary(args, { ...env, ...extra });
      expect(r.exitCode, args.join(' ')).toBe(code);
      expect(oneLine(r.stderr), args.join(' ')).toHaveLength(1);
      expect(r.stderr.trim(), args.join(' ')).toMatch(line);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
