#!/usr/bin/env node
// Terminal client start-up: `didban --help` (and two real commands) beside `node -e 0`, for the
// client as it ships (TypeScript source through tsx) and as an esbuild bundle would run.
// Usage: node scripts/bench/cli/run.mjs [--rounds N] [--write]   (--write updates docs/benchmarks.md)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startServerProcess } from '../lib/server-process.mjs';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 20;
const write = args.includes('--write');
const BIN = join(ROOT, 'apps/cli/bin/didban.mjs');
const TEMPLATE = join(ROOT, 'apps/cli/test/fixtures/templates/good/exposed-git-config.yaml');

/** `pnpm --filter didban build`: the bundle bin/didban.mjs runs while its sources are unchanged. */
function buildBundle() {
  const result = spawnSync(process.execPath, [join(ROOT, 'apps/cli/scripts/build.mjs')], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build failed: ${result.stderr}`);
}

/**
 * What bin/didban.mjs does with a current bundle, minus the decision: other people edit the tree
 * while this runs, and a changed source would send the real bin back to tsx mid-benchmark. The
 * freshness walk still runs, so its cost is in the figure.
 */
function bundleShim(dir) {
  const shim = join(dir, 'bundle-bin.mjs');
  writeFileSync(
    shim,
    `import { newestSource } from ${JSON.stringify(join(ROOT, 'apps/cli/bin/freshness.mjs'))};
newestSource();
const { main } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'apps/cli/dist/main.js')).href)});
process.exit(await main());
`,
  );
  return shim;
}

function once(argv, env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)] };
};

const loadAtStart = loadavg()[0].toFixed(1);
const server = await startServerProcess();
// Interrupted runs must not leave the server child behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.stop().finally(() => process.exit(130)));
}
const configDir = mkdtempSync(join(tmpdir(), 'didban-bench-cli-'));
try {
  const register = await fetch(`${server.url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench',
      email: 'bench@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    }),
  });
  const { access } = (await register.json()).data;
  const env = {
    PATH: process.env.PATH,
    DIDBAN_CONFIG_DIR: configDir,
    DIDBAN_URL: server.url,
    DIDBAN_TOKEN: access,
    DIDBAN_LANG: 'en',
  };
  const source = { ...env, DIDBAN_CLI_FROM_SOURCE: '1' };
  buildBundle();
  const BUNDLE = bundleShim(configDir);

  const cases = [
    { name: '`node -e 0` (baseline)', argv: ['-e', '0'], env },
    { name: '`didban --help`, bundle (after `pnpm --filter didban build`)', argv: [BUNDLE, '--help'], env },
    { name: '`didban --help`, TypeScript source through tsx', argv: [BIN, '--help'], env: source },
    { name: '`didban whoami` against a local server, bundle', argv: [BUNDLE, 'whoami'], env },
    { name: '`didban whoami` against a local server, source', argv: [BIN, 'whoami'], env: source },
    {
      name: '`didban templates validate <one file>`, bundle',
      argv: [BUNDLE, 'templates', 'validate', TEMPLATE],
      env,
    },
  ];
  // Warm-up fills tsx's transform cache and the OS file cache; rounds alternate because the
  // machine is shared, so a busy moment hits every case alike.
  for (const c of cases) for (let i = 0; i < 3; i++) once(c.argv, c.env);
  const times = cases.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries()) times[i].push(once(c.argv, c.env));
  }

  const rows = cases.map((c, i) => ({ name: c.name, ...stats(times[i]) }));
  const table = [
    '| Command | Median | Best |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.name} | ${r.median.toFixed(0)} ms | ${r.min.toFixed(0)} ms |`),
  ].join('\n');
  console.log(table);

  if (write) {
    const section = `## Terminal client

Measured by \`node scripts/bench/cli/run.mjs --write\` on ${cpus().length} CPU(s) (${cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}: wall time of a whole process (spawn to exit), ${rounds} alternating rounds after 3 warm-up runs each, stdout a pipe, load average ${loadAtStart} at the start (the machine is shared). \`whoami\` makes two API calls to a server started by the benchmark on 127.0.0.1.

${table}

\`bin/didban.mjs\` runs the esbuild bundle in \`apps/cli/dist\` while it is current (a stamp of the newest source mtime; checking it costs a few ms) and otherwise the TypeScript source through tsx, whose module hooks and on-the-fly compiling cost the difference. Either way commands load their own modules on demand, so \`--help\` loads commander and the message catalogue but not the API client, zod, conf or the engine.
`;
    const file = join(ROOT, 'docs/benchmarks.md');
    const doc = readFileSync(file, 'utf8');
    const start = doc.indexOf('## Terminal client');
    let next;
    if (start >= 0) {
      const after = doc.indexOf('\n## ', start + 1);
      // scripts/bench/cli/export.mjs writes its own "### Asset export" part: keep it.
      const previous = doc.slice(start, after >= 0 ? after : doc.length);
      const exportAt = previous.indexOf('### Asset export');
      const kept = exportAt >= 0 ? `\n${previous.slice(exportAt).trimEnd()}\n` : '';
      next = doc.slice(0, start) + section + kept + (after >= 0 ? doc.slice(after) : '');
    } else next = `${doc.trimEnd()}\n\n${section}`;
    writeFileSync(file, next);
    console.log(`wrote the "Terminal client" section of ${file}`);
  }
} finally {
  await server.stop();
  rmSync(configDir, { recursive: true, force: true });
}
