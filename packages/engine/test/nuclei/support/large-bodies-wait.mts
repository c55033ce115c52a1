// Run by large-bodies.test.ts in a child process: a heap snapshot of the test worker itself would
// hold every module the worker loaded for earlier files (hundreds of MB to write and parse), so the
// scenario runs in a fresh process and prints what it saw as one JSON line.
import { createServer, type ServerResponse } from 'node:http';
import type net from 'node:net';
import v8 from 'node:v8';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';

const BLOCK = 64 * 1024;

/**
 * The body texts (all `A`, each outside V8's heap) still reachable: a heap snapshot holds only what
 * a full collection leaves, and lists every external string under one root.
 */
async function bodyTextsAlive(): Promise<number> {
  let json = '';
  for await (const chunk of v8.getHeapSnapshot()) json += chunk;
  const snap = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; edge_fields: string[] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const { node_fields, edge_fields } = snap.snapshot.meta;
  const nf = node_fields.length;
  const ef = edge_fields.length;
  const name = node_fields.indexOf('name');
  const edgeCount = node_fields.indexOf('edge_count');
  const to = edge_fields.indexOf('to_node');
  let alive = 0;
  for (let i = 0, e = 0; i < snap.nodes.length; i += nf) {
    const count = snap.nodes[i + edgeCount]!;
    if (snap.strings[snap.nodes[i + name]!] === '(External strings)') {
      for (let k = 0; k < count; k++) {
        const target = snap.edges[e + k * ef + to]!;
        if (snap.strings[snap.nodes[target + name]!]!.startsWith('AAAAAAAAAAAAAAAA')) alive++;
      }
    }
    e += count * ef;
  }
  return alive;
}

async function main() {
  const templatesAtOnce = 8;
  const cap = 4 * 1024 * 1024;
  const waiting: ServerResponse[] = [];
  let aliveWhileWaiting = -1;
  const block = Buffer.alloc(BLOCK, 'A');
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/wait/')) {
      // Every template has matched its endless body and waits here for its second answer.
      waiting.push(res);
      if (waiting.length < templatesAtOnce) return;
      setTimeout(async () => {
        aliveWhileWaiting = await bodyTextsAlive();
        for (const r of waiting) r.end('second answer');
      }, 50);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close' });
    const pump = () => {
      while (!res.destroyed && res.write(block));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('error', () => {});
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const { templates } = loadTemplates(
    Array.from({ length: templatesAtOnce }, (_, i) => ({
      content: `id: endless-${i}
info: {name: endless ${i}, author: didban, severity: info}
http:
  - method: GET
    path: ["{{BaseURL}}/endless/${i}", "{{BaseURL}}/wait/${i}"]
    matchers:
      - type: word
        words: ["AAAA", "second answer"]
`,
    })),
  );
  const options = { responseReadLimit: cap, templateConcurrency: templatesAtOnce, timeoutMs: 60_000 };
  try {
    const result = await collectScan({ templates, targets: [base], options });
    const paths = result.findings.map((f) => new URL(f.matchedAt).pathname).sort();
    process.stdout.write(`${JSON.stringify({ paths, aliveWhileWaiting })}\n`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

await main();
