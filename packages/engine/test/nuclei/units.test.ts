import { describe, expect, it } from 'vitest';
import { mergeQuery, mergeRawPath } from '../../src/nuclei/http/build-request.js';
import { parseRawRequest } from '../../src/nuclei/http/raw-request.js';
import { canonicalHeader, headerDump } from '../../src/nuclei/http/response-fields.js';
import { runJq } from '../../src/nuclei/operators/json-query.js';
import { payloadCombos } from '../../src/nuclei/payloads/generate-payloads.js';
import { RateLimiter } from '../../src/nuclei/scan/rate-limiter.js';
import { RequestCluster } from '../../src/nuclei/scan/request-cluster.js';
import { httpVariables, parseTarget } from '../../src/nuclei/target.js';

describe('targets and built-in variables', () => {
  it('derives BaseURL, RootURL, Hostname, Host, Port, Path and File like Nuclei', () => {
    const vars = httpVariables(parseTarget('https://example.com:8443/app/index.php?x=1'), 'https');
    expect(Object.fromEntries(vars)).toMatchObject({
      BaseURL: 'https://example.com:8443/app/index.php',
      RootURL: 'https://example.com:8443',
      Hostname: 'example.com:8443',
      Host: 'example.com',
      Port: '8443',
      Path: '/app',
      File: 'index.php',
      Query: 'x=1',
      RDN: 'example.com',
      DN: 'example',
      TLD: 'com',
    });
  });

  it('leaves BaseURL without a trailing slash when the input has no path', () => {
    expect(httpVariables(parseTarget('http://h'), 'http').get('BaseURL')).toBe('http://h');
  });
});

describe('raw requests', () => {
  it('reads annotations, headers and body', () => {
    const raw = parseRawRequest(
      '@timeout: 5s\n@Host: https://other:8443\n@tls-sni: sni.test\nPOST /x HTTP/1.1\nHost: a\nX-A: 1\n\nbody=1\n',
    );
    expect(raw).toMatchObject({
      method: 'POST',
      target: '/x',
      timeoutMs: 5000,
      connectTo: 'https://other:8443',
      sni: 'sni.test',
      body: 'body=1',
    });
    expect(raw.headers).toEqual([
      ['Host', 'a'],
      ['X-A', '1'],
    ]);
  });

  it('appends raw paths to the input path and merges the input query once', () => {
    expect(mergeRawPath('/index.php', '/')).toBe('/index.php');
    expect(mergeRawPath('/app', '/admin')).toBe('/app/admin');
    expect(mergeRawPath('', '/admin')).toBe('/admin');
    expect(mergeQuery('http://h/?b=2', 'a=1&b=9')).toBe('http://h/?b=2&a=1');
  });
});

describe('header dump', () => {
  it('canonicalises and sorts header names like Go', () => {
    expect(canonicalHeader('x-frame-options')).toBe('X-Frame-Options');
    const dump = headerDump({
      url: 'http://h/',
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [
        ['server', 'x'],
        ['content-type', 'text/html'],
      ],
      body: '',
      truncated: false,
      durationMs: 1,
      requestDump: '',
    });
    expect(dump).toBe('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nServer: x\r\n\r\n');
  });
});

describe('payload combinations', () => {
  const set = new Map([
    ['u', ['a', 'b', 'c']],
    ['p', ['1', '2']],
  ]);
  it('clusterbomb gives every combination', () => {
    expect([...payloadCombos(set, 'clusterbomb')]).toHaveLength(6);
  });
  it('pitchfork walks in step and the shortest list wins', () => {
    expect([...payloadCombos(set, 'pitchfork')].map((c) => Object.fromEntries(c))).toEqual([
      { u: 'a', p: '1' },
      { u: 'b', p: '2' },
    ]);
  });
});

describe('jq subset', () => {
  it('supports paths, iteration, pipes, select and length', () => {
    const doc = {
      a: [
        { n: 'x', k: 1 },
        { n: 'y', k: 2 },
      ],
    };
    expect(runJq('.a[] | select(.k == 2) | .n', doc)).toEqual(['y']);
    expect(runJq('.a | length', doc)).toEqual([2]);
    expect(runJq('.a[0].n', doc)).toEqual(['x']);
  });
});

describe('RateLimiter', () => {
  it('lets at most N requests start per second', async () => {
    const limiter = new RateLimiter(5);
    const started = Date.now();
    await Promise.all(Array.from({ length: 7 }, () => limiter.take()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('does not wait when the limit is 0', async () => {
    const limiter = new RateLimiter(0);
    const started = Date.now();
    await Promise.all(Array.from({ length: 1000 }, () => limiter.take()));
    expect(Date.now() - started).toBeLessThan(100);
  });
});

describe('request clustering cache', () => {
  it('keeps the most recently shared responses: a request many templates send stays shared', async () => {
    const cluster = new RequestCluster(2);
    const send = async () => undefined as never;
    const ok = async () => ({}) as never;
    await cluster.run('GET /', ok);
    await cluster.run('GET /a', ok);
    await cluster.run('GET /', send); // shared, and now the most recent
    await cluster.run('GET /b', ok); // evicts GET /a, not GET /
    await cluster.run('GET /', send);
    expect({ sent: cluster.sent, shared: cluster.shared }).toEqual({ sent: 3, shared: 2 });
  });
});
