import { createSocket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';

export interface StubRecord {
  readonly name: string;
  readonly type: string;
  readonly data: unknown;
  readonly ttl?: number;
}

/** A UDP DNS server on 127.0.0.1 answering from a fixed record list (NXDOMAIN otherwise). */
export async function startDnsStub(
  records: readonly StubRecord[],
): Promise<{ resolver: string; close(): void; queries: string[] }> {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const q = query.questions?.[0];
    if (!q) return;
    queries.push(`${q.type} ${q.name}`);
    const answers = records
      .filter((r) => r.name.toLowerCase() === q.name.toLowerCase() && r.type === q.type)
      .map((r) => ({ name: r.name, type: r.type, class: 'IN', ttl: r.ttl ?? 300, data: r.data }));
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (answers.length === 0 ? 3 : 0),
      questions: query.questions,
      answers: answers as dnsPacket.Answer[],
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { resolver: `127.0.0.1:${socket.address().port}`, close: () => socket.close(), queries };
}
