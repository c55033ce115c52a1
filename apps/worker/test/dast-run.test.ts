import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TemplateRunResult } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzInputsOf, runTemplateRunTask } from '../src/template-run-task.js';

// Issue 30: a DAST scan's task carries its assets' endpoints (fuzz_endpoints) and options.dast;
// the worker hands them to the engine as fuzz inputs, so fuzzing templates alter those requests,
// query and form body alike. Without the opt-in, fuzzing templates are skipped by the dast gate.
let target: Server;
let base: string;
const seen: { method: string; url: string; body: string; type: string }[] = [];
beforeAll(async () => {
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        type: String(req.headers['content-type'] ?? ''),
      });
      const url = new URL(req.url ?? '/', 'http://x');
      // Reflected without escaping: the planted bug a DAST run finds.
      if (url.pathname === '/search') res.end(`<p>Results for ${url.searchParams.get('q') ?? ''}</p>`);
      else if (url.pathname === '/contact' && req.method === 'POST')
        res.end(`<p>Thanks ${new URLSearchParams(body).get('name') ?? ''}</p>`);
      else res.end('home');
    });
  });
  const host = `127.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  await new Promise<void>((resolve) => target.listen(0, host, resolve));
  base = `http://${host}:${(target.address() as AddressInfo).port}`;
});
afterAll(() => {
  target.closeAllConnections();
  target.close();
});

const fuzzing = (id: string, part: string) => `id: ${id}
info:
  name: ${id}
  author: didban
  severity: medium
http:
  - payloads:
      reflection:
        - "didban<x7q>"
    fuzzing:
      - part: ${part}
        type: replace
        fuzz:
          - "{{reflection}}"
    matchers:
      - type: word
        part: body
        words:
          - "{{reflection}}"
`;

const templates = [
  { id: 'dast-query-reflection', yaml: fuzzing('dast-query-reflection', 'query') },
  { id: 'dast-body-reflection', yaml: fuzzing('dast-body-reflection', 'body') },
];

const endpoints = () => [
  { method: 'GET', url: `${base}/search?q=shoes`, params: ['q'], source: 'link' },
  {
    method: 'POST',
    url: `${base}/contact`,
    params: ['name'],
    source: 'form',
    body_type: 'form',
    body: 'name=didban',
  },
];

async function run(payload: object) {
  const items: TemplateRunResult[] = [];
  await runTemplateRunTask(payload, new AbortController().signal, async (item) => {
    items.push(item);
  });
  return items;
}

describe('a DAST run on a worker', () => {
  it('makes the task’s endpoints the fuzz inputs (a form with its content type and body)', () => {
    const payload = { run_id: 'r', templates: [], targets: [], fuzz_endpoints: endpoints() };
    expect(fuzzInputsOf({ ...payload, options: { dast: true } })).toEqual({
      fuzzInputs: [
        { method: 'GET', url: `${base}/search?q=shoes`, headers: [] },
        {
          method: 'POST',
          url: `${base}/contact`,
          headers: [['Content-Type', 'application/x-www-form-urlencoded']],
          body: 'name=didban',
        },
      ],
    });
    // Not a DAST run: the endpoints are not fuzz inputs.
    expect(fuzzInputsOf({ ...payload, options: {} })).toEqual({});
  });

  it('fuzzes the endpoints it was given and reports the reflected values it finds', async () => {
    seen.length = 0;
    const items = await run({
      run_id: 'dast',
      templates,
      targets: [base],
      options: { dast: true },
      fuzz_endpoints: endpoints(),
    });
    const findings = items.filter((i) => i.type === 'finding');
    expect(findings.map((f) => f.template_id).sort()).toEqual([
      'dast-body-reflection',
      'dast-query-reflection',
    ]);
    expect(findings.find((f) => f.template_id === 'dast-query-reflection')?.matched_at).toContain(
      '/search?q=',
    );
    // The altered requests are the endpoints' own: the query of /search, the form body of /contact.
    expect(seen).toContainEqual({
      method: 'GET',
      url: '/search?q=didban<x7q>',
      body: '',
      type: '',
    });
    expect(seen).toContainEqual({
      method: 'POST',
      url: '/contact',
      body: 'name=didban<x7q>',
      type: 'application/x-www-form-urlencoded',
    });
    // The input request itself is not sent (nuclei's fuzzing sends only altered requests).
    expect(seen.some((r) => r.url === '/search?q=shoes')).toBe(false);
  });

  it('without the scan’s opt-in skips fuzzing templates naming the dast gate and sends nothing', async () => {
    seen.length = 0;
    const items = await run({
      run_id: 'plain',
      templates,
      targets: [base],
      options: {},
      fuzz_endpoints: endpoints(),
    });
    expect(items.filter((i) => i.type === 'skipped')).toEqual(
      templates.map((t) => ({
        type: 'skipped',
        template_id: t.id,
        target: null,
        message: 'capability gate "dast" is closed (the scan did not ask for it)',
      })),
    );
    expect(seen).toEqual([]);
  });
});
