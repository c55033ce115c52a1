import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What reached the server: spec §7 asks for an empty body when a discovery is cancelled. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('latin1');
  req.on('data', (d: string) => {
    body += d;
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cancelling a discovery', () => {
  it('posts an empty body, as spec §7 says (was `{}`)', async () => {
    const api = createApiClient({ baseUrl, getToken: () => 't', getLanguage: () => 'en' });
    await api.assets.cancelEnumeration('enum-1', 'hist-2');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/panel/enumerations/enum-1/histories/hist-2/cancel-scan/',
      body: '',
    });
    expect(seen[0]!.headers['content-length'] ?? '0').toBe('0');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });
});
