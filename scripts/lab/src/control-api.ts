/**
 * The lab's control API on 127.0.0.1, so a test (or a later issue's planting script) can change
 * the lab while it runs:
 *
 *   GET    /manifest
 *   POST   /hosts                      { name, ip?, cname?, services?: [{ port, kind, tls? }], providers? }
 *   DELETE /hosts/{name}
 *   POST   /hosts/{name}/services      { port, kind, tls? }
 *   DELETE /hosts/{name}/services/{port}
 */
import http from 'node:http';
import type { LabControl } from './lab.js';
import type { LabManifest } from './types.js';

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startControlApi(
  control: LabControl,
  manifest: () => LabManifest,
  port: number,
  /** Add-on routes (the weaknesses add-on); returns false when the path is not theirs. */
  extra?: (req: http.IncomingMessage, res: http.ServerResponse, parts: string[]) => Promise<boolean>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://control');
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (req.method === 'GET' && parts[0] === 'manifest') return reply(res, 200, manifest());
      if (extra && (await extra(req, res, parts))) return;
      if (parts[0] === 'hosts') {
        const [, name, sub, portText] = parts;
        if (req.method === 'POST' && !name) {
          return reply(
            res,
            201,
            await control.addHost((await readJson(req)) as Parameters<LabControl['addHost']>[0]),
          );
        }
        if (req.method === 'DELETE' && name && !sub) {
          return (await control.removeHost(name))
            ? reply(res, 200, { removed: name })
            : reply(res, 404, { message: 'no such host' });
        }
        if (req.method === 'POST' && name && sub === 'services') {
          const spec = (await readJson(req)) as Parameters<LabControl['addService']>[1];
          return reply(res, 201, await control.addService(name, spec));
        }
        if (req.method === 'DELETE' && name && sub === 'services' && portText) {
          return (await control.removeService(name, Number(portText)))
            ? reply(res, 200, { removed: Number(portText) })
            : reply(res, 404, { message: 'no such service' });
        }
      }
      reply(res, 404, { message: 'not found' });
    } catch (error) {
      reply(res, 400, { message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
