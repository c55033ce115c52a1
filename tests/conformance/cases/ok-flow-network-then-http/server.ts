import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

// One port that answers PING with PONG and an HTTP request with a page, as a small daemon might.
export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const address = await h.tcp((socket) =>
    socket.on('data', (d) => {
      const text = d.toString();
      if (text.startsWith('PING')) {
        seen.push('PING');
        socket.write('PONG');
      } else if (/^(GET|HEAD) /.test(text)) {
        seen.push(text.split(' ')[1] ?? '');
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\nservice up');
      }
    }),
  );
  h.url = `http://${address}`;
  return {
    targets: [`http://${address}`],
    verify: () => expect(seen.filter((s) => s === 'PING')).toHaveLength(2),
  };
}
