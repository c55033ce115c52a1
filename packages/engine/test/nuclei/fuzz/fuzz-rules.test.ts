import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectScan, type FuzzInput, loadTemplates, type ScanOptions } from '../../../src/index.js';

// Every fuzzing rule kind against a local server that records what reaches it: the exact request
// lines, headers and bodies on the wire. The server answers `PWNED` when a request carries `PWN`.

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: [string, string][];
  readonly body: string;
}

let received: Received[] = [];
let server: http.Server;
let origin: string;
const UA = 'didban-test';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const headers: [string, string][] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
      received.push({ method: req.method!, url: req.url!, headers, body });
      const seen = req.url! + JSON.stringify(headers) + body;
      res.setHeader('content-type', 'text/plain');
      res.end(seen.includes('PWN') ? `PWNED ${req.method}` : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  received = [];
});

/** A template with one http block: `block` is its YAML (indented 4), matched on `PWNED`. */
const template = (block: string, top = '') => `id: fuzz-case
info: {name: fuzz case, author: didban, severity: high}
${top}http:
  - ${block.trimStart()}
    matchers:
      - type: word
        words: [PWNED]
`;

async function fuzz(yaml: string, inputs: FuzzInput[] | undefined, options: ScanOptions = {}) {
  const loaded = loadTemplates([{ content: yaml }]);
  expect(loaded.invalid.flatMap((i) => i.errors.map((e) => e.message))).toEqual([]);
  expect(loaded.rejected).toEqual([]);
  return collectScan({
    templates: loaded.templates,
    targets: inputs ? [] : [`${origin}/s?q=1`],
    ...(inputs ? { fuzzInputs: inputs } : {}),
    options: { dast: true, userAgent: UA, rateLimit: 0, ...options },
  });
}

const get = (path: string, headers: [string, string][] = []): FuzzInput => ({
  method: 'GET',
  url: origin + path,
  headers,
});
const post = (
  path: string,
  contentType: string,
  body: string,
  headers: [string, string][] = [],
): FuzzInput => ({
  method: 'POST',
  url: origin + path,
  headers: [['Content-Type', contentType], ...headers],
  body,
});
const urls = () => received.map((r) => r.url);
const bodies = () => received.map((r) => r.body);
const header = (r: Received, name: string) =>
  r.headers.filter(([k]) => k.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

describe('query', () => {
  it('single mode: one request per parameter, the others kept as written; the input itself is not sent', async () => {
    const r = await fuzz(
      template(`
    fuzzing:
      - part: query
        mode: single
        fuzz: ["X"]`),
      [get('/s?a=1&b=%41')],
    );
    expect(urls()).toEqual(['/s?a=X&b=%41', '/s?a=1&b=X']);
    expect(received.every((x) => x.method === 'GET')).toBe(true);
    expect(r.findings).toEqual([]);
  });

  it('multiple mode (the default): one request with every parameter changed', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      [get('/s?a=1&b=2&c')],
    );
    expect(urls()).toEqual(['/s?a=X&b=X&c=X']);
  });

  it('writes payloads as nuclei does: a space as +, quotes and brackets as they are', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: query
        fuzz: ["a b'\\"<x>%27"]`),
      [get('/s?q=1')],
    );
    expect(urls()).toEqual([`/s?q=a+b'"<x>%27`]);
  });

  it('a parameter given twice is fuzzed value by value and written back under its name', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: query
        mode: single
        fuzz: ["X"]`),
      [get('/s?id=1&id=2')],
    );
    expect(urls()).toEqual(['/s?id=X&id=2', '/s?id=1&id=X']);
  });
});

describe('types', () => {
  const withType = (type: string, extra = '', fuzzValue = 'X') =>
    template(`
    fuzzing:
      - part: query
        type: ${type}
${extra}        fuzz: ["${fuzzValue}"]`);

  it.each([
    ['replace', '/s?q=X'],
    ['prefix', '/s?q=Xabcd'],
    ['postfix', '/s?q=abcdX'],
    ['infix', '/s?q=abXcd'],
  ])('%s', async (type, want) => {
    await fuzz(withType(type), [get('/s?q=abcd')]);
    expect(urls()).toEqual([want]);
  });

  it('infix on a one-character value appends', async () => {
    await fuzz(withType('infix'), [get('/s?q=a')]);
    expect(urls()).toEqual(['/s?q=aX']);
  });

  it('replace-regex replaces the matches in the value, $1 being the group', async () => {
    await fuzz(withType('replace-regex', '        replace-regex: "b(c)"\n', '[$1]'), [get('/s?q=abcdbc')]);
    expect(urls()).toEqual(['/s?q=a[c]d[c]']);
  });

  it('{{value}} is the parameter’s current value', async () => {
    await fuzz(withType('replace', '', '{{value}}-{{to_upper(value)}}'), [get('/s?q=ab')]);
    expect(urls()).toEqual(['/s?q=ab-AB']);
  });

  it('refuses replace-regex without a pattern, and an unknown mode, at load', () => {
    const bad = loadTemplates([{ content: withType('replace-regex') }]);
    expect(bad.invalid[0]!.errors[0]!.message).toContain(
      'replace-regex is required for replace-regex rule type',
    );
    const mode = loadTemplates([
      {
        content: template(`
    fuzzing:
      - part: query
        mode: several
        fuzz: ["X"]`),
      },
    ]);
    expect(mode.invalid[0]!.errors[0]!.message).toContain('invalid mode value specified: several');
  });
});

describe('keys, keys-regex and values', () => {
  const rule = (filter: string) =>
    template(`
    fuzzing:
      - part: query
        mode: single
${filter}
        fuzz: ["X"]`);

  it('keys are compared in lower case', async () => {
    await fuzz(rule('        keys: [URL, Next]'), [get('/s?url=a&id=1&NEXT=b')]);
    expect(urls()).toEqual(['/s?url=X&id=1&NEXT=b', '/s?url=a&id=1&NEXT=X']);
  });

  it('keys-regex matches the key as written', async () => {
    await fuzz(rule('        keys-regex: ["^red"]'), [get('/s?redirect=a&id=1&Redir=b')]);
    expect(urls()).toEqual(['/s?redirect=X&id=1&Redir=b']);
  });

  it('values selects parameters by their value (as written in the URL)', async () => {
    await fuzz(rule('        values: ["^https?(://|%3A%2F%2F)"]'), [
      get('/s?next=http%3A%2F%2Fa&id=1&to=https://b'),
    ]);
    expect(urls()).toEqual(['/s?next=X&id=1&to=https://b', '/s?next=http%3A%2F%2Fa&id=1&to=X']);
  });

  it('a rule whose keys match nothing sends nothing', async () => {
    const r = await fuzz(rule('        keys: [absent]'), [get('/s?id=1')]);
    expect(received).toEqual([]);
    expect(r.failures).toEqual([]);
  });
});

describe('path', () => {
  it('segments are keys 1, 2, 3…; the finding names the segment by its value', async () => {
    const r = await fuzz(
      template(`
    fuzzing:
      - part: path
        mode: single
        keys: ["2"]
        fuzz: ["{{value}}PWN'"]`),
      [get('/user/753/profile?x=1')],
    );
    expect(urls()).toEqual(["/user/753PWN'/profile?x=1"]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.fuzzing).toEqual({
      method: 'GET',
      part: 'path',
      parameter: '753',
      value: "753PWN'",
    });
  });

  it('each segment in single mode; characters a request line cannot hold are encoded', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: path
        mode: single
        fuzz: ["a b#"]`),
      [get('/x/y')],
    );
    expect(urls()).toEqual(['/a%20b%23/y', '/x/a%20b%23']);
  });
});

describe('header', () => {
  it('fuzzes the headers nuclei fuzzes (User-Agent, custom ones), never Accept, Cookie or Authorization', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: header
        mode: single
        fuzz: ["Z"]`),
      [
        get('/h', [
          ['X-Api-Key', 'k'],
          ['Accept', 'text/html'],
          ['Authorization', 'Bearer t'],
        ]),
      ],
    );
    expect(received.map((r) => [header(r, 'user-agent')[0], header(r, 'x-api-key')[0]])).toEqual([
      ['Z', 'k'],
      [UA, 'Z'],
    ]);
    for (const r of received) {
      expect(header(r, 'accept')).toEqual(['text/html']);
      expect(header(r, 'authorization')).toEqual(['Bearer t']);
    }
  });

  it('fuzz given as a map adds (or sets) each header: single mode one at a time', async () => {
    const r = await fuzz(
      template(`
    fuzzing:
      - part: header
        mode: single
        fuzz:
          X-Forwarded-For: "PWN-127.0.0.1"
          x-original-url: "/admin"`),
      [get('/h')],
    );
    expect(received.map((x) => [header(x, 'x-forwarded-for'), header(x, 'x-original-url')])).toEqual([
      [['PWN-127.0.0.1'], []],
      [[], ['/admin']],
    ]);
    expect(r.findings.map((f) => f.fuzzing?.parameter)).toEqual(['X-Forwarded-For']);
  });

  it('a map in multiple mode sets them all in one request', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: header
        fuzz:
          X-A: "1"
          X-B: "2"`),
      [get('/h')],
    );
    expect(received).toHaveLength(1);
    expect([header(received[0]!, 'x-a'), header(received[0]!, 'x-b')]).toEqual([['1'], ['2']]);
  });

  it('the template’s headers are set on the base request', async () => {
    await fuzz(
      template(`
    headers:
      X-Scanner: "didban {{Hostname}}"
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      [get('/s?a=1', [['X-Scanner', 'old']])],
    );
    expect(header(received[0]!, 'x-scanner')).toEqual([`didban ${origin.slice(7)}`]);
  });
});

describe('cookie', () => {
  it('each cookie in single mode, written back in one Cookie header', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: cookie
        mode: single
        fuzz: ["Z"]`),
      [get('/c', [['Cookie', 'sid=abc; theme=dark']])],
    );
    expect(received.map((r) => header(r, 'cookie'))).toEqual([['sid=Z; theme=dark'], ['sid=abc; theme=Z']]);
  });

  it('a request without cookies is not fuzzed by a cookie rule', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: cookie
        fuzz: ["Z"]`),
      [get('/c')],
    );
    expect(received).toEqual([]);
  });
});

describe('body', () => {
  const bodyRule = (mode = 'single', type = 'postfix') =>
    template(`
    fuzzing:
      - part: body
        mode: ${mode}
        type: ${type}
        fuzz: ["'"]`);

  it('json: nested keys flattened, numbers only take integers, written as Go writes JSON', async () => {
    await fuzz(bodyRule(), [
      post('/j', 'application/json', '{"user":{"name":"bob","id":5},"note":"<b>","on":true}'),
    ]);
    expect(bodies()).toEqual([
      `{"note":"\\u003cb\\u003e","on":true,"user":{"id":5,"name":"bob'"}}`,
      `{"note":"\\u003cb\\u003e'","on":true,"user":{"id":5,"name":"bob"}}`,
    ]);
    for (const r of received) {
      expect(r.method).toBe('POST');
      expect(header(r, 'content-length')).toEqual([String(Buffer.byteLength(r.body))]);
    }
  });

  it('xml: elements and attributes (a quote in an attribute is written as its entity, the same value)', async () => {
    await fuzz(bodyRule('single', 'replace'), [
      post('/x', 'application/xml', '<?xml version="1.0"?><root><name lang="en">bob</name></root>'),
    ]);
    expect(bodies()).toEqual([
      `<?xml version="1.0"?><root><name lang="en">'</name></root>`,
      `<?xml version="1.0"?><root><name lang="&apos;">bob</name></root>`,
    ]);
  });

  it('form: parameters as written, changed one at a time', async () => {
    await fuzz(bodyRule(), [post('/f', 'application/x-www-form-urlencoded', 'user=bob&pass=a%20b')]);
    expect(bodies()).toEqual(["user=bob'&pass=a%20b", "user=bob&pass=a%20b'"]);
  });

  it('multipart: fields and file contents, the boundary kept', async () => {
    const boundary = 'XyZ';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n` +
      `--${boundary}--\r\n`;
    await fuzz(bodyRule('multiple', 'replace'), [
      post('/m', `multipart/form-data; boundary=${boundary}`, body),
    ]);
    expect(bodies()).toEqual([
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n'\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n'\r\n` +
        `--${boundary}--\r\n`,
    ]);
  });

  it('part: request fuzzes every part there is (body, query, header, path, cookie in that order)', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: request
        mode: multiple
        fuzz: ["Z"]`),
      [post('/p?q=1', 'application/x-www-form-urlencoded', 'a=1', [['Cookie', 'c=1']])],
    );
    expect(received.map((r) => [r.url, r.body, header(r, 'cookie')[0], header(r, 'user-agent')[0]])).toEqual([
      ['/p?q=1', 'a=Z', 'c=1', UA],
      ['/p?q=Z', 'a=1', 'c=1', UA],
      ['/p?q=1', 'a=1', 'c=1', 'Z'],
      ['/Z?q=1', 'a=1', 'c=1', UA],
      ['/p?q=1', 'a=1', 'c=Z', UA],
    ]);
  });
});

describe('payloads, pre-condition, stop-at-first-match and findings', () => {
  it('payloads per rule: each value of each payload, per parameter', async () => {
    await fuzz(
      template(`
    payloads:
      inj: ["'", '"']
    fuzzing:
      - part: query
        mode: single
        fuzz: ["{{inj}}"]`),
      [get('/s?a=1&b=2')],
    );
    expect(urls()).toEqual([`/s?a='&b=2`, `/s?a=1&b='`, '/s?a="&b=2', '/s?a=1&b="']);
  });

  it('a payload that is one expression holding braces in its strings is evaluated whole (the AngularJS probe)', async () => {
    await fuzz(
      template(
        `
    payloads:
      payload:
        - '{{concat("{{", "{{first}}*{{second}}", "}}")}}'
    fuzzing:
      - part: query
        type: postfix
        fuzz: ["{{payload}}"]`,
        'variables:\n  first: "1234"\n  second: "5678"\n',
      ),
      [get('/s?name=a')],
    );
    expect(urls()).toEqual(['/s?name=a{{1234*5678}}']);
  });

  it('pre-condition on the input request: a GET-only rule leaves a POST input alone', async () => {
    const yaml = template(`
    pre-condition:
      - type: dsl
        dsl: ['method == "GET"']
    fuzzing:
      - part: query
        fuzz: ["X"]`);
    await fuzz(yaml, [post('/s?a=1', 'application/x-www-form-urlencoded', 'b=2')]);
    expect(received).toEqual([]);
    await fuzz(yaml, [get('/s?a=1')]);
    expect(urls()).toEqual(['/s?a=X']);
  });

  it('pre-condition-operator: and needs every condition', async () => {
    const yaml = (op: string) =>
      template(`
    pre-condition:
      - type: dsl
        dsl: ['method == "GET"']
      - type: dsl
        dsl: ['contains(path, "/admin")']
    pre-condition-operator: ${op}
    fuzzing:
      - part: query
        fuzz: ["X"]`);
    await fuzz(yaml('and'), [get('/s?a=1')]);
    expect(received).toEqual([]);
    await fuzz(yaml('or'), [get('/s?a=1')]);
    expect(urls()).toEqual(['/s?a=X']);
  });

  it('stop-at-first-match: nothing is sent after the first match', async () => {
    const r = await fuzz(
      template(`
    payloads:
      inj: ["PWN1", "PWN2"]
    stop-at-first-match: true
    fuzzing:
      - part: query
        mode: single
        fuzz: ["{{inj}}"]`),
      [get('/s?a=1&b=2')],
    );
    expect(urls()).toEqual(['/s?a=PWN1&b=2']);
    expect(r.findings).toHaveLength(1);
  });

  it('a finding records the part, parameter and value, and the request that was sent', async () => {
    const r = await fuzz(
      template(`
    fuzzing:
      - part: query
        mode: single
        keys: [q]
        fuzz: ["PWN<svg>"]`),
      [get('/s?q=1&x=2')],
    );
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0]!;
    expect(f.fuzzing).toEqual({ method: 'GET', part: 'query', parameter: 'q', value: 'PWN<svg>' });
    expect(f.matchedAt).toBe(`${origin}/s?q=PWN<svg>&x=2`);
    expect(f.request).toMatch(/^GET \/s\?q=PWN<svg>&x=2 HTTP\/1\.1\r\n/);
  });

  it('without fuzz inputs a fuzzing template fuzzes a GET of each target URL', async () => {
    await fuzz(
      template(`
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      undefined,
    );
    expect(urls()).toEqual(['/s?q=X']);
  });

  it('the dast gate closed: the template is skipped naming the gate, nothing is sent', async () => {
    const r = await fuzz(
      template(`
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      [get('/s?a=1')],
      { dast: false },
    );
    expect(received).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      'capability gate "dast" is closed (open it with --dast (-dast))',
    ]);
    const worker = await fuzz(
      template(`
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      [get('/s?a=1')],
      { dast: false, runner: 'builtin' },
    );
    expect(worker.skipped[0]!.reason).toBe('capability gate "dast" is closed (the scan did not ask for it)');
  });

  it('other templates still run on the targets, not on the fuzz inputs', async () => {
    const plain = `id: plain
info: {name: plain, author: didban, severity: info}
http:
  - method: GET
    path: ["{{BaseURL}}/plain"]
    matchers:
      - type: status
        status: [200]
`;
    const loaded = loadTemplates([
      { content: plain },
      {
        content: template(`
    fuzzing:
      - part: query
        fuzz: ["X"]`),
      },
    ]);
    const r = await collectScan({
      templates: loaded.templates,
      targets: [origin],
      fuzzInputs: [get('/s?a=1')],
      options: { dast: true, rateLimit: 0 },
    });
    expect(urls().sort()).toEqual(['/plain', '/s?a=X']);
    expect(r.findings.map((f) => f.templateId)).toEqual(['plain']);
  });
});
