import type { CaseSetup, Harness } from '../../harness/harness.js';

// What a Java server's ObjectInputStream sees first: the stream magic, then a HashMap whose key is
// a java.net.URL with its cached hash unset (-1), host field set — deserializing it resolves the host.
function urlDnsHost(stream: Buffer): string | undefined {
  if (stream.readUInt32BE(0) !== 0xaced0005) return undefined;
  const text = stream.toString('latin1');
  const url = text.indexOf('java.net.URL');
  if (text.indexOf('java.util.HashMap') !== 8 || url < 0) return undefined;
  // After the URL descriptor: hashCode -1, port -1, then the authority string (TC_STRING, u16 length).
  const data = text.indexOf('\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff', url);
  if (data < 0 || stream[data + 8] !== 0x74) return undefined;
  const length = stream.readUInt16BE(data + 9);
  return stream.subarray(data + 11, data + 11 + length).toString('latin1');
}

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const host = urlDnsHost(Buffer.from(Buffer.concat(chunks).toString('latin1').trim(), 'base64'));
      res.writeHead(200);
      res.end(host ? `resolved ${host}` : 'not a URLDNS stream');
    });
  });
  return { targets: [url] };
}
