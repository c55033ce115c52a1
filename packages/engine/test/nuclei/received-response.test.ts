import { describe, expect, it } from 'vitest';
import { ReceivedResponse, withoutBody } from '../../src/nuclei/http/received-response.js';

const fields = {
  url: 'http://127.0.0.1:8080/a',
  status: 302,
  statusText: 'Found',
  httpVersion: '1.1',
  headers: [['Location', '/b']] as [string, string][],
  body: 'moved',
  truncated: false,
  durationMs: 3,
  ip: '127.0.0.1',
};

describe('ReceivedResponse', () => {
  it('builds the request dump only when it is read', () => {
    let built = 0;
    const res = new ReceivedResponse(fields, () => {
      built++;
      return 'GET /a HTTP/1.1\r\n\r\n';
    });
    expect(built).toBe(0);
    expect(res.status).toBe(302);
    expect(res.requestDump).toBe('GET /a HTTP/1.1\r\n\r\n');
    expect(built).toBe(1);
  });

  it('keeps the request dump of a redirect hop matched without its body', () => {
    const hop = withoutBody(new ReceivedResponse(fields, () => 'GET /a HTTP/1.1\r\n\r\n'));
    // A spread of the class would have lost the getter: `request` of a hop would be undefined.
    expect(hop).toEqual({ ...fields, body: '', requestDump: 'GET /a HTTP/1.1\r\n\r\n' });
  });
});
