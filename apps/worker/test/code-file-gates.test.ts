/**
 * The worker's code and file gates: a signed code template and a file template in a template-run
 * task run only on a self-hosted worker whose operator opened the gate (`--code`, `--file` with
 * `--file-root`), never on the built-in worker; the hello reports the opened gates.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TemplateRunResult } from '@didban/core';
import { signTemplate } from '@didban/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTemplateRunTask, type TemplateRunContext } from '../src/template-run-task.js';
import { startWorker } from '../src/worker.js';

const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const publicPem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString();
const privatePem = pair.privateKey.export({ format: 'pem', type: 'sec1' }).toString();

const codeYaml = signTemplate(
  `id: worker-code-check
info: {name: worker code check, author: didban, severity: low}
code:
  - engine: [sh, bash]
    source: |
      read input
      echo "reached $input"
    matchers:
      - type: word
        words: ["reached http"]
`,
  privatePem,
);
const fileYaml = `id: worker-file-secret
info: {name: worker file secret, author: didban, severity: high}
file:
  - extensions: [all]
    extractors:
      - type: regex
        regex: ['AKIA[A-Z0-9]{16}']
`;

let server: Server;
let target: string;
let root: string;
let outside: string;
beforeAll(async () => {
  server = createServer((_q, r) => r.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'didban-worker-root-'));
  outside = mkdtempSync(join(tmpdir(), 'didban-worker-outside-'));
  writeFileSync(join(root, 'settings.env'), 'KEY=AKIAQYLPMN5HFIQR7XYZ\n');
  writeFileSync(join(outside, 'other.env'), 'KEY=AKIAQYLPMN5HFIQR7ABC\n');
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function run(yaml: string, id: string, targets: string[], context: TemplateRunContext) {
  const items: TemplateRunResult[] = [];
  await runTemplateRunTask(
    { run_id: 'r1', templates: [{ id, yaml }], targets, options: {} },
    new AbortController().signal,
    async (item) => {
      items.push(item);
    },
    context,
  );
  return items;
}

const brief = (items: TemplateRunResult[]) =>
  items.map((i) =>
    i.type === 'finding'
      ? ['finding', i.template_id, i.matched_at, i.extracted_results]
      : [i.type, i.template_id, 'message' in i ? i.message : ''],
  );

describe('worker code gate', () => {
  it('--code off: a signed code template is skipped with the gate’s reason', async () => {
    const items = await run(codeYaml, 'worker-code-check', [target], {
      runner: 'self-hosted',
      templateSigningKeys: [publicPem],
    });
    expect(brief(items)).toEqual([
      ['skipped', 'worker-code-check', 'capability gate "code" is closed (open it with --code (-code))'],
    ]);
  });

  it('--code on with the operator’s key: it runs and finds', async () => {
    const items = await run(codeYaml, 'worker-code-check', [target], {
      runner: 'self-hosted',
      code: true,
      templateSigningKeys: [publicPem],
    });
    expect(brief(items)).toEqual([['finding', 'worker-code-check', target, []]]);
  });

  it('without the operator’s key it is refused as signed by an untrusted key', async () => {
    const items = await run(codeYaml, 'worker-code-check', [target], { runner: 'self-hosted', code: true });
    expect(brief(items)).toEqual([
      ['skipped', 'worker-code-check', 'capability gate "code": signed by an untrusted key'],
    ]);
  });

  it('the built-in worker never runs code, even told to', async () => {
    const items = await run(codeYaml, 'worker-code-check', [target], {
      runner: 'builtin',
      code: true,
      templateSigningKeys: [publicPem],
    });
    expect(brief(items)).toEqual([
      ['skipped', 'worker-code-check', 'capability gate "code" is closed (this runner never opens it)'],
    ]);
  });
});

describe('worker file gate', () => {
  it('reads targets as paths under its roots only', async () => {
    const items = await run(fileYaml, 'worker-file-secret', [root, outside], {
      runner: 'self-hosted',
      fileRoots: [root],
    });
    expect(brief(items)).toEqual([
      ['finding', 'worker-file-secret', join(root, 'settings.env'), ['AKIAQYLPMN5HFIQR7XYZ']],
      ['skipped', 'worker-file-secret', `outside the folders this runner may read (--file-root ${root})`],
    ]);
  });

  it('closed without --file, never on the built-in worker', async () => {
    expect(brief(await run(fileYaml, 'worker-file-secret', [root], { runner: 'self-hosted' }))).toEqual([
      ['skipped', 'worker-file-secret', 'capability gate "file" is closed (open it with --file (-file))'],
    ]);
    expect(
      brief(await run(fileYaml, 'worker-file-secret', [root], { runner: 'builtin', fileRoots: [root] })),
    ).toEqual([
      ['skipped', 'worker-file-secret', 'capability gate "file" is closed (this runner never opens it)'],
    ]);
  });
});

describe('worker hello', () => {
  it('reports code and file open when the operator opened them, and never on the built-in worker', async () => {
    const hellos: { gates: Record<string, string> }[] = [];
    const fake: typeof fetch = async (url, init) => {
      const path = String(url);
      if (path.endsWith('/hello/')) {
        hellos.push(JSON.parse(String(init?.body)).capabilities);
        return Response.json({
          data: { worker_id: 'w1', name: 'w', lease_seconds: 60, heartbeat_seconds: 20 },
        });
      }
      return Response.json({ data: { task: null } });
    };
    for (const runner of ['self-hosted', 'builtin'] as const) {
      const seen = hellos.length;
      const worker = startWorker({
        serverUrl: 'http://127.0.0.1:9',
        apiKey: 'k',
        runner,
        code: true,
        fileRoots: [root],
        fetch: fake,
        taskIntervalSeconds: 60,
      });
      await expect.poll(() => hellos.length).toBe(seen + 1);
      await worker.stop();
    }
    expect(hellos.map((h) => [h.gates.code, h.gates.file, h.gates.headless])).toEqual([
      ['on', 'on', 'off'],
      ['never', 'never', 'off'],
    ]);
  });
});
