/**
 * What each lab service looks like on the wire. The HTML and headers copy what the real
 * products send (generator tags, asset paths, version headers) so Wappalyzer's real rules
 * recognise them; the `expect` block is what goes into the manifest.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleDastApp } from './dast-app.js';
import type { HostileKind, PlantedService, ServiceKind } from './types.js';

export type HttpHandler = (req: IncomingMessage, res: ServerResponse, host: string) => void;

export interface HttpPreset {
  type: 'http';
  handler: HttpHandler;
  expect: Pick<PlantedService, 'status' | 'title' | 'server' | 'technologies'>;
}
/** A raw TCP behaviour (SMTP banner, hostile services). */
export interface TcpPreset {
  type: 'tcp';
  protocol: 'http' | 'smtp';
  hostile?: HostileKind;
  /** Raw behaviour applies before TLS, so `tls` is ignored for these. */
}
export interface HostileHttpPreset {
  type: 'http';
  handler: HttpHandler;
  hostile: HostileKind;
}

/** A 16×16 PNG favicon (one purple pixel block), constant so its hash is stable. */
export const FAVICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGklEQVR42mNkaPj/n4ECwDiqYVTDqIbBowEAYB4f8Q8cNjAAAAAASUVORK5CYII=',
  'base64',
);

const JQUERY_360 =
  '/*! jQuery v3.6.0 | (c) OpenJS Foundation and other contributors | jquery.org/license */\n!function(e,t){}("undefined"!=typeof window?window:this);\n';

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'Content-Length': String(buf.length), ...headers });
  res.end(buf);
}

function common(req: IncomingMessage, res: ServerResponse, server: string): boolean {
  if (req.url === '/favicon.ico') {
    send(res, 200, { Server: server, 'Content-Type': 'image/png' }, FAVICON_PNG);
    return true;
  }
  return false;
}

const nginxHome: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Didban Lab',
    server: 'nginx/1.25.3',
    technologies: [
      { name: 'Nginx', version: '1.25.3' },
      { name: 'jQuery', version: '3.6.0' },
    ],
  },
  handler(req, res) {
    const server = 'nginx/1.25.3';
    if (common(req, res, server)) return;
    if (req.url?.startsWith('/static/jquery-3.6.0.min.js')) {
      send(res, 200, { Server: server, 'Content-Type': 'application/javascript' }, JQUERY_360);
      return;
    }
    send(
      res,
      200,
      { Server: server, 'Content-Type': 'text/html; charset=utf-8' },
      `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Didban Lab</title>
<script src="/static/jquery-3.6.0.min.js"></script></head>
<body><h1>Didban Lab</h1><p>Local targets for discovery tests.</p></body></html>
`,
    );
  },
};

const wordpress: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Didban Lab Blog – Just another WordPress site',
    server: 'Apache/2.4.57 (Debian)',
    technologies: [
      { name: 'WordPress', version: '6.4.2' },
      { name: 'PHP', version: '8.2.12' },
      { name: 'Apache HTTP Server', version: '2.4.57' },
      // WordPress loads jQuery as jquery.min.js?ver=3.7.1; Wappalyzer's rules take no version from that.
      { name: 'jQuery' },
    ],
  },
  handler(req, res, host) {
    const server = 'Apache/2.4.57 (Debian)';
    if (common(req, res, server)) return;
    send(
      res,
      200,
      {
        Server: server,
        'X-Powered-By': 'PHP/8.2.12',
        Link: `<http://${host}/wp-json/>; rel="https://api.w.org/"`,
        'Content-Type': 'text/html; charset=UTF-8',
      },
      `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8">
<meta name="generator" content="WordPress 6.4.2">
<title>Didban Lab Blog &#8211; Just another WordPress site</title>
<link rel='stylesheet' id='wp-block-library-css' href='http://${host}/wp-includes/css/dist/block-library/style.min.css?ver=6.4.2' media='all' />
<link rel='stylesheet' id='twentytwentyfour-css' href='http://${host}/wp-content/themes/twentytwentyfour/style.css?ver=1.0' media='all' />
<script src="http://${host}/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
</head><body class="home blog"><div class="wp-site-blocks"><h1>Didban Lab Blog</h1></div></body></html>
`,
    );
  },
};

const login: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Sign in · Didban Lab Portal',
    server: 'nginx/1.24.0',
    technologies: [
      { name: 'Nginx', version: '1.24.0' },
      { name: 'Bootstrap', version: '5.3.2' },
    ],
  },
  handler(req, res) {
    const server = 'nginx/1.24.0';
    if (common(req, res, server)) return;
    send(
      res,
      200,
      {
        Server: server,
        'Content-Type': 'text/html; charset=utf-8',
        'Set-Cookie': 'portal_session=abc123; HttpOnly',
      },
      `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Sign in · Didban Lab Portal</title>
<link rel="stylesheet" href="/assets/bootstrap/5.3.2/css/bootstrap.min.css">
<script src="/assets/bootstrap/5.3.2/js/bootstrap.bundle.min.js"></script></head>
<body><form method="post" action="/login"><input name="username"><input type="password" name="password">
<button type="submit">Sign in</button></form></body></html>
`,
    );
  },
};

const iisSecure: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Secure Portal',
    server: 'Microsoft-IIS/10.0',
    technologies: [
      { name: 'IIS', version: '10.0' },
      { name: 'Microsoft ASP.NET', version: '4.0.30319' },
    ],
  },
  handler(req, res) {
    const server = 'Microsoft-IIS/10.0';
    if (common(req, res, server)) return;
    send(
      res,
      200,
      {
        Server: server,
        'X-Powered-By': 'ASP.NET',
        'X-AspNet-Version': '4.0.30319',
        'Content-Type': 'text/html; charset=utf-8',
      },
      '<!DOCTYPE html><html><head><title>Secure Portal</title></head><body><h1>Secure Portal</h1></body></html>\n',
    );
  },
};

const expressApi: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: '',
    server: '',
    technologies: [{ name: 'Express' }],
  },
  handler(_req, res) {
    send(
      res,
      200,
      { 'X-Powered-By': 'Express', 'Content-Type': 'application/json; charset=utf-8' },
      JSON.stringify({ service: 'didban-lab-api', version: '1.4.2' }),
    );
  },
};

const pythonDir: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Directory listing for /',
    server: 'SimpleHTTP/0.6 Python/3.11.2',
    technologies: [
      { name: 'Python', version: '3.11.2' },
      { name: 'SimpleHTTP', version: '0.6' },
    ],
  },
  handler(_req, res) {
    send(
      res,
      200,
      { Server: 'SimpleHTTP/0.6 Python/3.11.2', 'Content-Type': 'text/html; charset=utf-8' },
      `<!DOCTYPE HTML>
<html lang="en"><head><meta charset="utf-8"><title>Directory listing for /</title></head>
<body><h1>Directory listing for /</h1><hr><ul><li><a href="backup.zip">backup.zip</a></li></ul><hr></body></html>
`,
    );
  },
};

const nginxDefault: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Welcome to nginx!',
    server: 'nginx/1.22.1',
    technologies: [{ name: 'Nginx', version: '1.22.1' }],
  },
  handler(_req, res) {
    send(
      res,
      200,
      { Server: 'nginx/1.22.1', 'Content-Type': 'text/html' },
      `<!DOCTYPE html>
<html><head><title>Welcome to nginx!</title></head>
<body><h1>Welcome to nginx!</h1><p>If you see this page, the nginx web server is successfully installed.</p></body></html>
`,
    );
  },
};

const intranet: HttpPreset = {
  type: 'http',
  expect: {
    status: 200,
    title: 'Intranet – Didban Corp',
    server: 'Apache/2.4.41 (Ubuntu)',
    technologies: [{ name: 'Apache HTTP Server', version: '2.4.41' }, { name: 'Ubuntu' }],
  },
  handler(_req, res) {
    send(
      res,
      200,
      { Server: 'Apache/2.4.41 (Ubuntu)', 'Content-Type': 'text/html; charset=utf-8' },
      '<!DOCTYPE html><html><head><title>Intranet – Didban Corp</title></head><body>Staff only.</body></html>\n',
    );
  },
};

/** A redirect loop: /a → /b → /a, forever. */
const redirectLoop: HostileHttpPreset = {
  type: 'http',
  hostile: 'redirect-loop',
  handler(req, res) {
    const next = req.url === '/a' ? '/b' : '/a';
    send(res, 302, { Location: next, Server: 'nginx' }, '');
  },
};

/** Announces 1 GiB and keeps sending until the client goes away. */
const hugeBody: HostileHttpPreset = {
  type: 'http',
  hostile: 'huge-body',
  handler(_req, res) {
    const total = 1024 ** 3;
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(total), Server: 'nginx' });
    const chunk = Buffer.alloc(64 * 1024, 'A');
    chunk.write('<html><head><title>Huge</title></head><body>');
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    res.on('close', () => {
      sent = total;
    });
    pump();
  },
};

export const HTTP_PRESETS: Partial<Record<ServiceKind, HttpPreset>> = {
  'nginx-home': nginxHome,
  wordpress,
  login,
  'iis-secure': iisSecure,
  'express-api': expressApi,
  'python-dir': pythonDir,
  'nginx-default': nginxDefault,
  intranet,
  // The parameterised app with planted XSS, SQL error, open redirect, CSTI, DOM XSS (dast-app.ts).
  'dast-app': {
    type: 'http',
    handler: handleDastApp,
    expect: {
      status: 200,
      title: 'Home · Didban Lab Shop',
      server: 'Apache/2.4.57 (Debian)',
      technologies: [{ name: 'Apache HTTP Server', version: '2.4.57' }, { name: 'Debian' }],
    },
  },
};

export const HOSTILE_HTTP_PRESETS: Partial<Record<ServiceKind, HostileHttpPreset>> = {
  'redirect-loop': redirectLoop,
  'huge-body': hugeBody,
};

/** Raw TCP services: written on connection, before or instead of any HTTP. */
export const TCP_PRESETS: Partial<Record<ServiceKind, TcpPreset>> = {
  smtp: { type: 'tcp', protocol: 'smtp' },
  hang: { type: 'tcp', protocol: 'http', hostile: 'hang' },
  garbage: { type: 'tcp', protocol: 'http', hostile: 'garbage' },
  'broken-tls': { type: 'tcp', protocol: 'http', hostile: 'broken-tls' },
};
