/**
 * Local stand-ins for the services alerts talk to, each answering in its real API's shape, on one
 * loopback HTTP server (each service under its own path, as its base URL is configured):
 *   Slack incoming webhook   POST /slack/services/T/B/X          → 200 "ok"
 *   Discord webhook          POST /discord/api/webhooks/1/tok?wait=true → 200 message object
 *   Telegram bot API         POST /telegram/bot<token>/sendMessage → { ok: true, result }
 *   Teams workflow webhook   POST /teams/workflows/…              → 202
 *   Generic webhook          POST /hook                           → 200 (or fails N times first)
 *   Jira REST v2             GET project, POST issue, GET/POST transitions
 *   GitHub REST              GET repo, POST issues, PATCH issues/{n}
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: a received JSON body of any service's shape, read by tests
type Json = any;

export type Received = {
  service: string;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Json;
  /** The body as sent, to check a signature over the exact bytes. */
  raw: string;
};

/** `host`: any loopback address (the browser tests use one inside the range their server allows). */
export async function startAlertStandIns(options: { host?: string } = {}) {
  const host = options.host ?? '127.0.0.1';
  const received: Received[] = [];
  /** Answers 500 to the next N generic-webhook calls. */
  const state = { webhookFailures: 0, jiraIssues: 0, githubIssues: 0 };
  const jiraStatus = new Map<string, string>();
  const githubState = new Map<number, string>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      const service = path.split('/')[1] ?? '';
      let body: Json = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {}
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const record = () =>
        received.push({
          service,
          method: req.method ?? '',
          path: path + url.search,
          headers: req.headers,
          body,
          raw: text,
        });

      if (service === 'hook') {
        record();
        if (state.webhookFailures > 0) {
          state.webhookFailures--;
          return json(500, { error: 'temporarily unavailable' });
        }
        return json(200, { received: true });
      }
      if (service === 'slack') {
        record();
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('ok');
      }
      if (service === 'discord') {
        record();
        if (url.searchParams.get('wait') !== 'true') return json(204, null);
        return json(200, { id: String(received.length), type: 0, embeds: body?.embeds ?? [] });
      }
      if (service === 'teams') {
        record();
        res.writeHead(202);
        return res.end();
      }
      if (service === 'telegram') {
        record();
        const match = /^\/telegram\/bot([^/]+)\/sendMessage$/.exec(path);
        if (match?.[1] !== 'tg-token')
          return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return json(200, {
          ok: true,
          result: { message_id: received.length, chat: { id: body.chat_id }, text: body.text },
        });
      }
      if (service === 'jira') {
        if (
          req.headers.authorization !==
          `Basic ${Buffer.from('bot@example.com:jira-token').toString('base64')}`
        )
          return json(401, { errorMessages: ['Unauthorized'] });
        if (req.method === 'GET' && /^\/jira\/rest\/api\/2\/project\/SEC$/.test(path))
          return json(200, { id: '1', key: 'SEC' });
        if (req.method === 'POST' && path === '/jira/rest/api/2/issue') {
          record();
          const key = `SEC-${++state.jiraIssues}`;
          jiraStatus.set(key, 'To Do');
          return json(201, {
            id: String(10000 + state.jiraIssues),
            key,
            self: `http://jira/rest/api/2/issue/${key}`,
          });
        }
        const t = /^\/jira\/rest\/api\/2\/issue\/([A-Z]+-\d+)\/transitions$/.exec(path);
        if (t && req.method === 'GET')
          return json(200, {
            transitions: [
              { id: '21', name: 'In Progress' },
              { id: '31', name: 'Done' },
              { id: '11', name: 'To Do' },
            ],
          });
        if (t && req.method === 'POST') {
          record();
          jiraStatus.set(t[1]!, body.transition.id === '31' ? 'Done' : 'To Do');
          res.writeHead(204);
          return res.end();
        }
        return json(404, { errorMessages: ['Not found'] });
      }
      if (service === 'github') {
        if (req.headers.authorization !== 'Bearer gh-token') return json(401, { message: 'Bad credentials' });
        if (req.method === 'GET' && path === '/github/repos/acme/web')
          return json(200, { full_name: 'acme/web' });
        if (req.method === 'POST' && path === '/github/repos/acme/web/issues') {
          record();
          const number = ++state.githubIssues;
          githubState.set(number, 'open');
          return json(201, {
            number,
            state: 'open',
            html_url: `https://github.example/acme/web/issues/${number}`,
          });
        }
        const p = /^\/github\/repos\/acme\/web\/issues\/(\d+)$/.exec(path);
        if (p && req.method === 'PATCH') {
          record();
          githubState.set(Number(p[1]), body.state);
          return json(200, { number: Number(p[1]), state: body.state });
        }
        return json(404, { message: 'Not Found' });
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    state,
    jiraStatus,
    githubState,
    of: (service: string) => received.filter((r) => r.service === service),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type AlertStandIns = Awaited<ReturnType<typeof startAlertStandIns>>;
