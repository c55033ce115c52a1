import { describe, expect, it } from 'vitest';
import { FuzzInputError, parseFuzzInputs } from '../../../src/index.js';

// Input files for fuzzing in nuclei's formats (-im): what requests each gives, and one clear error
// for a malformed file.

const raw = (s: string) => s.replace(/\n/g, '\r\n');

describe('list', () => {
  it('one GET per URL; blank lines and comments skipped; a bare host is http', () => {
    expect(parseFuzzInputs('# mine\nhttp://127.0.0.1:8080/s?q=1\n\n127.0.0.2:81/a?x=y\n', 'list')).toEqual([
      { method: 'GET', url: 'http://127.0.0.1:8080/s?q=1', headers: [] },
      { method: 'GET', url: 'http://127.0.0.2:81/a?x=y', headers: [] },
    ]);
  });

  it('refuses another scheme, naming the line', () => {
    expect(() => parseFuzzInputs('http://a/\nftp://b/x\n', 'list')).toThrow(
      new FuzzInputError('line 2: not an http(s) URL: ftp://b/x'),
    );
  });
});

describe('burp', () => {
  const request = raw(
    'POST /login?next=%2F HTTP/1.1\nHost: 127.0.0.1:8087\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 15\nCookie: s=1\n\nuser=a&pass=b',
  );
  const xml = (req: string, base64: boolean) => `<?xml version="1.0"?>
<!DOCTYPE items [
<!ELEMENT items (item*)>
]>
<items burpVersion="2023.10.1.2" exportTime="now">
  <item>
    <url><![CDATA[http://127.0.0.1:8087/login?next=%2F]]></url>
    <host ip="127.0.0.1">127.0.0.1</host>
    <method><![CDATA[POST]]></method>
    <request base64="${base64}"><![CDATA[${base64 ? Buffer.from(req).toString('base64') : req}]]></request>
    <status>200</status>
  </item>
</items>`;

  it('each item’s request (base64 or not) with its URL; Host and Content-Length left to the client', () => {
    const want = [
      {
        method: 'POST',
        url: 'http://127.0.0.1:8087/login?next=%2F',
        headers: [
          ['Content-Type', 'application/x-www-form-urlencoded'],
          ['Cookie', 's=1'],
        ],
        body: 'user=a&pass=b',
      },
    ];
    expect(parseFuzzInputs(xml(request, true), 'burp')).toEqual(want);
    expect(parseFuzzInputs(xml(request, false), 'burp')).toEqual(want);
  });

  it('refuses a file that is not a Burp export', () => {
    expect(() => parseFuzzInputs('<html><body>hi</body></html>', 'burp')).toThrow(
      'not a Burp Suite XML export: no <items>',
    );
    expect(() => parseFuzzInputs(xml('hello', false), 'burp')).toThrow(
      'item 1: not an HTTP request line: hello',
    );
  });
});

describe('openapi and swagger', () => {
  const openapi = `openapi: 3.0.0
info: {title: shop, version: "1"}
servers:
  - url: http://127.0.0.1:9000/api
paths:
  /items/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: integer}}
    get:
      parameters:
        - {name: q, in: query, schema: {type: string, example: shoes}}
        - {name: X-Tenant, in: header, schema: {type: string, enum: [blue, red]}}
        - {name: sid, in: cookie, schema: {type: string, default: abc}}
  /login:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Login'}
components:
  schemas:
    Login:
      type: object
      properties:
        user: {type: string, format: email}
        remember: {type: boolean}
        id: {type: string, readOnly: true}
`;

  it('openapi 3: one request per operation with example values, $refs followed', () => {
    expect(parseFuzzInputs(openapi, 'openapi')).toEqual([
      {
        method: 'GET',
        url: 'http://127.0.0.1:9000/api/items/0?q=shoes',
        headers: [
          ['X-Tenant', 'blue'],
          ['Cookie', 'sid=abc'],
        ],
      },
      {
        method: 'POST',
        url: 'http://127.0.0.1:9000/api/login',
        headers: [['Content-Type', 'application/json']],
        body: '{"user":"email@example.com","remember":true}',
      },
    ]);
  });

  it('a relative server URL needs the target (-u)', () => {
    const relative = openapi.replace('http://127.0.0.1:9000/api', '/api');
    expect(() => parseFuzzInputs(relative, 'openapi')).toThrow(
      'the OpenAPI server URL is not an absolute URL (/api): give the target with -u',
    );
    expect(parseFuzzInputs(relative, 'openapi', { baseUrl: 'http://127.0.0.9:81' })[0]!.url).toBe(
      'http://127.0.0.9:81/api/items/0?q=shoes',
    );
  });

  it('swagger 2: host, basePath, schemes; form and body parameters', () => {
    const swagger = `swagger: "2.0"
info: {title: t, version: "1"}
host: 127.0.0.1:9001
basePath: /v2
schemes: [http]
paths:
  /pet/{petId}:
    post:
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - {name: petId, in: path, required: true, type: integer, format: int64}
        - {name: name, in: formData, type: string}
  /user:
    put:
      parameters:
        - in: body
          name: body
          schema: {$ref: '#/definitions/User'}
definitions:
  User:
    type: object
    properties:
      username: {type: string, example: bob}
`;
    expect(parseFuzzInputs(swagger, 'swagger')).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1:9001/v2/pet/0',
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: 'name=string',
      },
      {
        method: 'PUT',
        url: 'http://127.0.0.1:9001/v2/user',
        headers: [['Content-Type', 'application/json']],
        body: '{"username":"bob"}',
      },
    ]);
  });

  it('refuses malformed documents with one line', () => {
    expect(() => parseFuzzInputs('openapi: [unclosed', 'openapi')).toThrow(/^not a valid openapi document: /);
    expect(() => parseFuzzInputs('title: nothing here', 'openapi')).toThrow(
      'not an OpenAPI 3 or Swagger 2 document: no "openapi" or "swagger" version',
    );
  });
});

describe('jsonl and yaml (nuclei/proxify request records)', () => {
  const rawRequest = 'GET /blog/post?postId=3 HTTP/1.1\r\nHost: 127.0.0.1:9002\r\nUser-Agent: ua\r\n\r\n';

  it('jsonl: one record a line, request.raw with its URL', () => {
    const line = JSON.stringify({
      url: 'http://127.0.0.1:9002/blog/post?postId=3',
      request: { raw: rawRequest },
    });
    expect(parseFuzzInputs(`${line}\n\n${line}\n`, 'jsonl')).toEqual([
      { method: 'GET', url: 'http://127.0.0.1:9002/blog/post?postId=3', headers: [['User-Agent', 'ua']] },
      { method: 'GET', url: 'http://127.0.0.1:9002/blog/post?postId=3', headers: [['User-Agent', 'ua']] },
    ]);
    expect(() => parseFuzzInputs(`${line}\n{oops\n`, 'jsonl')).toThrow(/^line 2: not JSON: /);
  });

  it('yaml: documents separated by ---', () => {
    const doc = `url: http://127.0.0.1:9002/blog/post?postId=3
request:
  raw: |+
    POST /blog/post?postId=3 HTTP/1.1
    Host: 127.0.0.1:9002
    Content-Type: application/json

    {"a":1}
`;
    expect(parseFuzzInputs(`${doc}---\n${doc}`, 'yaml')).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1:9002/blog/post?postId=3',
        headers: [['Content-Type', 'application/json']],
        body: '{"a":1}\n',
      },
      {
        method: 'POST',
        url: 'http://127.0.0.1:9002/blog/post?postId=3',
        headers: [['Content-Type', 'application/json']],
        body: '{"a":1}\n',
      },
    ]);
  });
});
