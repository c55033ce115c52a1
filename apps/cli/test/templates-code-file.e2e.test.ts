import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signTemplate } from '@didban/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XYZ';

let dir: string;
let env: Record<string, string>;
let server: Server;
let target: string;
let certFile: string;
let signed: string;

const codeTemplate = `id: local-echo-check
info: {name: local echo check, author: didban, severity: medium}
variables:
  marker: didban-42
code:
  - engine: [sh, bash]
    source: |
      read input
      echo "checked $input with marker=$marker"
    matchers:
      - type: word
        words: ["marker=didban-42"]
    extractors:
      - type: regex
        regex: ['checked (\\S+)']
        group: 1
`;

const secretsTemplate = `id: aws-key-in-files
info: {name: AWS key in files, author: didban, severity: high}
file:
  - extensions: [all]
    archive: true
    extractors:
      - type: regex
        regex: ['AKIA[A-Z0-9]{16}']
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-code-'));
  env = { DIDBAN_CONFIG_DIR: join(dir, 'config'), DIDBAN_LANG: 'en' };
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  certFile = join(dir, 'operator-key.pub.pem');
  writeFileSync(certFile, pair.publicKey.export({ format: 'pem', type: 'spki' }).toString());
  signed = join(dir, 'local-echo-check.yaml');
  writeFileSync(
    signed,
    signTemplate(codeTemplate, pair.privateKey.export({ format: 'pem', type: 'sec1' }).toString()),
  );
  writeFileSync(join(dir, 'aws-key-in-files.yaml'), secretsTemplate);
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, 'config'), { recursive: true });
  writeFileSync(join(repo, 'config', 'prod.env'), `REGION=eu\nAWS_ACCESS_KEY_ID=${AWS_KEY}\n`);
  writeFileSync(join(repo, 'old.env.gz'), gzipSync(`K=${AWS_KEY}\n`));
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const jsonl = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('didban templates run --code', { timeout: 60_000 }, () => {
  it('runs a template signed with a trusted operator key and prints the finding', async () => {
    const result = await runBinary(
      [
        'templates',
        'run',
        signed,
        '--target',
        target,
        '--code',
        '--template-signing-key',
        certFile,
        '--jsonl',
      ],
      env,
    );
    expect(result.exitCode).toBe(0);
    const found = jsonl(result.stdout);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      'template-id': 'local-echo-check',
      type: 'code',
      'matched-at': target,
      'extracted-results': [target],
    });
  });

  it('nuclei spelling -code and the key from DIDBAN_TEMPLATE_SIGNING_KEYS work the same', async () => {
    const result = await runBinary(['templates', 'run', '-t', signed, '-u', target, '-code', '-jsonl'], {
      ...env,
      DIDBAN_TEMPLATE_SIGNING_KEYS: certFile,
    });
    expect(result.exitCode).toBe(0);
    expect(jsonl(result.stdout).map((f) => f['template-id'])).toEqual(['local-echo-check']);
  });

  it('without --code the template is skipped naming the gate', async () => {
    const result = await runBinary(
      ['templates', 'run', signed, '--target', target, '--template-signing-key', certFile],
      env,
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'skipped local-echo-check: capability gate "code" is closed (open it with --code (-code))',
    );
  });

  it('without the operator key it is refused at load as signed by an untrusted key (exit 3)', async () => {
    const result = await runBinary(['templates', 'run', signed, '--target', target, '--code'], env);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(
      `skipped ${signed} (local-echo-check): capability gate "code": signed by an untrusted key`,
    );
  });

  it('a file that is not a key is a usage error naming it (exit 2)', async () => {
    const result = await runBinary(
      ['templates', 'run', signed, '--target', target, '--code', '--template-signing-key', signed],
      env,
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^Cannot trust ${signed} as a template-signing key: `));
  });
});

describe('didban templates run --file', { timeout: 60_000 }, () => {
  it('finds a planted key in a folder and inside a gzip, with the path and line, no target needed', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'aws-key-in-files.yaml'), '--file', join(dir, 'repo'), '--jsonl'],
      env,
    );
    expect(result.exitCode).toBe(0);
    const found = jsonl(result.stdout)
      .map((f) => [f['matched-at'], f['extracted-results'], f['matched-line'], f.type])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(found).toEqual([
      [join(dir, 'repo', 'config', 'prod.env'), [AWS_KEY], [2], 'file'],
      [join(dir, 'repo', 'old.env.gz'), [AWS_KEY], [1], 'file'],
    ]);
  });

  it('nuclei spelling: -file with -u taking the path', async () => {
    const result = await runBinary(
      [
        'templates',
        'run',
        '-t',
        join(dir, 'aws-key-in-files.yaml'),
        '-file',
        '-u',
        join(dir, 'repo', 'config'),
        '-jsonl',
      ],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(jsonl(result.stdout).map((f) => f['matched-at'])).toEqual([
      join(dir, 'repo', 'config', 'prod.env'),
    ]);
  });

  it('without --file the file template is skipped naming the gate', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'aws-key-in-files.yaml'), '--target', target],
      env,
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'skipped aws-key-in-files: capability gate "file" is closed (open it with --file (-file))',
    );
  });
});
