import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

// The real CLI fuzzing a local app with two planted bugs: /search reflects `q` into its HTML
// unescaped (reflected XSS) and /item puts `id` into a MySQL-looking error when it holds a quote.

const XSS = `id: reflected-xss-check
info: {name: reflected XSS, author: didban, severity: medium}
http:
  - pre-condition:
      - type: dsl
        dsl: ['method == "GET"']
    payloads:
      reflection: ["'\\"><didban7x>"]
    fuzzing:
      - part: query
        type: postfix
        mode: single
        fuzz: ["{{reflection}}"]
    stop-at-first-match: true
    matchers-condition: and
    matchers:
      - type: word
        part: body
        words: ["{{reflection}}"]
      - type: word
        part: header
        words: [text/html]
`;

const SQLI = `id: sql-error-check
info: {name: SQL error, author: didban, severity: critical}
http:
  - payloads:
      injection: ["'", '"']
    fuzzing:
      - part: request
        type: postfix
        mode: single
        fuzz: ["{{injection}}"]
    stop-at-first-match: true
    matchers:
      - type: regex
        regex: ['SQL syntax.*?MySQL']
`;

const PLAIN = `id: plain-get
info: {name: plain, author: didban, severity: info}
http:
  - method: GET
    path: ["{{BaseURL}}/plain"]
    matchers:
      - type: status
        status: [200]
`;

let dir: string;
let env: Record<string, string>;
let server: Server;
let origin: string;
let seen: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-dast-'));
  env = { DIDBAN_CONFIG_DIR: join(dir, 'config'), DIDBAN_LANG: 'en' };
  writeFileSync(join(dir, 'xss.yaml'), XSS);
  writeFileSync(join(dir, 'sqli.yaml'), SQLI);
  writeFileSync(join(dir, 'plain.yaml'), PLAIN);
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers['user-agent']}`);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/search') {
      res.setHeader('content-type', 'text/html');
      res.end(`<html><body>Results for ${decodeURIComponent(url.searchParams.get('q') ?? '')}</body></html>`);
    } else if (url.pathname === '/item') {
      const id = url.searchParams.get('id') ?? '';
      // Plain text: the error echoes the id, but no browser renders it as a page.
      res.setHeader('content-type', 'text/plain');
      if (id.includes("'"))
        res.end(
          `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version near '${id}'`,
        );
      else res.end(`item ${Number(id)}`);
    } else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(join(dir, 'urls.txt'), `${origin}/search?q=shoes\n${origin}/item?id=7\n`);
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
});

const jsonl = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const byTemplate = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a['template-id']).localeCompare(String(b['template-id']));

describe('didban templates run --dast', { timeout: 60_000 }, () => {
  it('-l URLs with parameters: finds the reflected XSS and the SQL error, naming the parameter', async () => {
    const result = await runBinary(
      [
        'templates',
        'run',
        join(dir, 'xss.yaml'),
        join(dir, 'sqli.yaml'),
        join(dir, 'plain.yaml'),
        '--dast',
        '-l',
        join(dir, 'urls.txt'),
        '--jsonl',
        '--omit-raw',
      ],
      env,
    );
    expect(result.stderr).toContain('2 finding(s).');
    expect(result.exitCode).toBe(0);
    const found = jsonl(result.stdout).sort(byTemplate);
    expect(found).toEqual([
      expect.objectContaining({
        'template-id': 'reflected-xss-check',
        'matched-at': `${origin}/search?q=shoes'"><didban7x>`,
        is_fuzzing_result: true,
        fuzzing_method: 'GET',
        fuzzing_parameter: 'q',
        fuzzing_position: 'query',
      }),
      expect.objectContaining({
        'template-id': 'sql-error-check',
        'matched-at': `${origin}/item?id=7'`,
        fuzzing_parameter: 'id',
        fuzzing_position: 'query',
      }),
    ]);
    // Only fuzzing templates ran (no GET /plain), and no input was sent as it is: every request
    // carries a payload in its URL or, for the SQL check's `part: request`, its User-Agent.
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.filter((s) => !/['"]/.test(s))).toEqual([]);
  });

  it('nuclei spellings (-dast -list) and the screen line name where the value went', async () => {
    const result = await runBinary(
      ['templates', 'run', '-t', join(dir, 'sqli.yaml'), '-dast', '-list', join(dir, 'urls.txt')],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`[sql-error-check] [http] [critical] ${origin}/item?id=7' [query:id] [GET]\n`);
  });

  it('without --dast fuzzing templates are skipped naming the gate, and nothing is fuzzed', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'sqli.yaml'), '-l', join(dir, 'urls.txt')],
      env,
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'skipped sql-error-check: capability gate "dast" is closed (open it with --dast (-dast))',
    );
    expect(seen).toEqual([]);
  });

  it('-im openapi: the spec’s operations with example values are the requests fuzzed', async () => {
    const spec = join(dir, 'openapi.yaml');
    writeFileSync(
      spec,
      `openapi: 3.0.0
info: {title: shop, version: "1"}
servers: [{url: "${origin}"}]
paths:
  /item:
    get:
      parameters:
        - {name: id, in: query, required: true, schema: {type: integer, example: 41}}
  /search:
    get:
      parameters:
        - {name: q, in: query, schema: {type: string}}
`,
    );
    const result = await runBinary(
      [
        'templates',
        'run',
        join(dir, 'sqli.yaml'),
        join(dir, 'xss.yaml'),
        '--dast',
        '-im',
        'openapi',
        '-l',
        spec,
        '--jsonl',
      ],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(
      jsonl(result.stdout)
        .sort(byTemplate)
        .map((f) => [f['template-id'], f['matched-at'], f.fuzzing_parameter]),
    ).toEqual([
      ['reflected-xss-check', `${origin}/search?q=string'"><didban7x>`, 'q'],
      ['sql-error-check', `${origin}/item?id=41'`, 'id'],
    ]);
  });

  it('a malformed OpenAPI file, or one that cannot be read, is one line and exit 3 before any request', async () => {
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'openapi: 3.0.0\npaths: [not, a, map\n');
    const result = await runBinary(
      ['templates', 'run', join(dir, 'sqli.yaml'), '--dast', '-im', 'openapi', '-l', broken],
      env,
    );
    expect(result.exitCode).toBe(3);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      new RegExp(`^Cannot read ${broken} as openapi: not a valid openapi document: `),
    );
    const missing = await runBinary(
      ['templates', 'run', join(dir, 'sqli.yaml'), '--dast', '-im', 'burp', '-l', join(dir, 'nope.xml')],
      env,
    );
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr.trim()).toBe(`Cannot read ${join(dir, 'nope.xml')}: no such file or folder`);
    expect(seen).toEqual([]);
  });

  it('an unknown input mode is a usage error (exit 2)', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'sqli.yaml'), '--dast', '-im', 'postman', '-l', join(dir, 'urls.txt')],
      env,
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Unknown input mode "postman": use one of list, burp, openapi, swagger, jsonl, yaml.',
    );
    expect(seen).toEqual([]);
  });
});
