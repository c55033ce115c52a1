import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError } from '../errors.js';

export type Handoff = {
  /** Where the panel sends the browser once GitHub approved: `http://127.0.0.1:<port>/callback/<nonce>`. */
  redirectUri: string;
  /** The Didban access token the browser brought back. */
  token: Promise<string>;
  close(): Promise<void>;
};

/**
 * The terminal end of `didban login --github`. The flow:
 * 1. this listener starts on 127.0.0.1 (a free port) and the client asks the server for GitHub's
 *    authorize URL with `redirect_uri` = this listener (the server accepts only loopback URLs and
 *    keeps the address in the signed OAuth state);
 * 2. GitHub sends the browser to the panel's callback page, which exchanges the code
 *    (`POST auth/github/callback/`) and gets the session plus `cli_redirect` = this address;
 * 3. the panel sends the browser here with the token as a query parameter (`access`, or `token`
 *    as the panel currently names it); we answer a small page and resolve `token`.
 * The random path segment means another local process cannot hand us a session of its choosing
 * without having seen the authorize URL. The listener answers one handoff, then closes.
 */
export async function startGithubHandoff(options: {
  timeoutMs: number;
  page: { ok: string; failed: string };
}): Promise<Handoff> {
  const nonce = randomBytes(16).toString('hex');
  const path = `/callback/${nonce}`;
  let settle!: { resolve: (token: string) => void; reject: (error: Error) => void };
  const token = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A rejection nobody awaited yet (the browser answered before we asked) must not crash Node.
  token.catch(() => {});

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const access = url.searchParams.get('access') ?? url.searchParams.get('token');
    const page = (status: number, text: string) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', connection: 'close' })
        .end(`<!doctype html><meta charset="utf-8"><title>Didban</title><p>${escapeHtml(text)}</p>`);
    if (access) {
      page(200, options.page.ok);
      settle.resolve(access);
    } else {
      page(400, options.page.failed);
      const detail = url.searchParams.get('error_description') ?? url.searchParams.get('error') ?? 'no token';
      settle.reject(new CliError('error.github_handoff', { detail }));
    }
    void close();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const timer = setTimeout(() => {
    settle.reject(new CliError('error.github_timeout', { seconds: Math.round(options.timeoutMs / 1000) }));
    void close();
  }, options.timeoutMs);

  let closed: Promise<void> | undefined;
  function close(): Promise<void> {
    clearTimeout(timer);
    closed ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  }

  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}${path}`, token, close };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
