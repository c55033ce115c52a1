import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';
import type { CaseSetup, Harness } from '../../harness/harness.js';

// A certificate whose issuer is what Cisco IOS XE's web UI presents (made for this case only).
const tls = {
  key: readFileSync(join(import.meta.dirname, 'ios-self-signed.key')),
  cert: readFileSync(join(import.meta.dirname, 'ios-self-signed.crt')),
};

export default async function (h: Harness): Promise<CaseSetup> {
  const server = createServer(tls, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script src="/webui/js/login.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  h.onClose(() => {
    server.closeAllConnections();
    server.close();
  });
  const url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  h.url = url;
  return { targets: [url] };
}
