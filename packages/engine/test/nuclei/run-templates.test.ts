import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScan, loadTemplates, runTemplates, type ScanEvent } from '../../src/nuclei/index.js';

let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 5000).unref();
      return;
    }
    res.end(`page ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const template = (id: string, paths: string[]) => `id: ${id}
info: {name: ${id}, author: didban, severity: medium, tags: [demo]}
http:
  - method: GET
    path: [${paths.map((p) => `"{{BaseURL}}${p}"`).join(', ')}]
    matchers:
      - type: word
        words: ["page"]
`;

describe('runTemplates', () => {
  it('streams one finding per matching request with the template info', async () => {
    const { templates } = loadTemplates([{ content: template('demo', ['/a', '/b']) }]);
    const result = await collectScan({ templates, targets: [base] });
    expect(result.findings.map((f) => f.matchedAt).sort()).toEqual([`${base}/a`, `${base}/b`]);
    expect(result.findings[0]).toMatchObject({
      templateId: 'demo',
      severity: 'medium',
      tags: ['demo'],
      protocol: 'http',
      host: base,
    });
    expect(result.findings[0]?.request).toContain('GET /');
    expect(result.findings[0]?.response).toContain('HTTP/1.1 200 OK');
  });

  it('stops promptly when the signal aborts, even with a request in flight', async () => {
    const { templates } = loadTemplates([{ content: template('slow', ['/slow', '/after']) }]);
    const controller = new AbortController();
    const started = Date.now();
    const events: ScanEvent[] = [];
    setTimeout(() => controller.abort(), 200);
    for await (const event of runTemplates({ templates, targets: [base], signal: controller.signal }))
      events.push(event);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events.filter((e) => e.type === 'finding')).toEqual([]);
  });

  it('cancels the scan when the consumer leaves the loop', async () => {
    const { templates } = loadTemplates([
      { content: template('many', ['/1', '/2', '/3', '/4', '/5', '/6', '/7', '/8']) },
    ]);
    const before = requests;
    for await (const event of runTemplates({ templates, targets: [base], options: { rateLimit: 2 } })) {
      expect(event.type).toBe('finding');
      break;
    }
    await new Promise((r) => setTimeout(r, 1200));
    expect(requests - before).toBeLessThanOrEqual(3);
  });

  it('reports an invalid target as skipped instead of failing the scan', async () => {
    const { templates } = loadTemplates([{ content: template('t', ['/x']) }]);
    const result = await collectScan({ templates, targets: ['http://[bad', base] });
    expect(result.skipped).toEqual([expect.objectContaining({ target: 'http://[bad' })]);
    expect(result.findings).toHaveLength(1);
  });
});

describe('loadTemplates', () => {
  it('sorts every source into loaded, rejected (with counts per feature) or invalid', () => {
    const result = loadTemplates([
      { content: template('ok', ['/']) },
      { content: 'id: h\ninfo: {name: H, author: me}\nheadless:\n  - steps: []\n', path: 'h.yaml' },
      { content: 'id: c\ninfo: {name: C, author: me}\ncode:\n  - source: x\n' },
      {
        content: 'id: "bad id"\ninfo: {name: B, author: me}\nhttp: [{path: ["{{BaseURL}}"]}]\n',
        path: 'bad.yaml',
      },
    ]);
    // Headless templates load (they run where the headless gate is open); code ones never do.
    expect(result.templates.map((t) => t.id)).toEqual(['ok', 'h']);
    expect(result.rejectedByFeature).toEqual({ code: 1 });
    expect(result.rejected[0]).toMatchObject({ id: 'c', feature: 'code', code: 'protocol-code' });
    expect(result.invalid).toEqual([
      { path: 'bad.yaml', code: 'id-invalid', errors: [expect.objectContaining({ path: 'id', line: 1 })] },
    ]);
  });
});

describe('out-of-band detection', () => {
  it('needs interactsh only for the URL placeholder or interactsh parts, not a mention in info', () => {
    const mention = loadTemplates([
      {
        content: `id: m\ninfo: {name: M, author: me, description: "not an interactsh template"}\nhttp: [{path: ["{{BaseURL}}"]}]\n`,
      },
    ]);
    const oob = loadTemplates([
      {
        content: `id: o\ninfo: {name: O, author: me}\nhttp: [{path: ["{{BaseURL}}/?u={{interactsh-url}}"]}]\n`,
      },
    ]);
    expect(mention.templates[0]?.needsInteractsh).toBe(false);
    expect(oob.templates[0]?.needsInteractsh).toBe(true);
  });
});
