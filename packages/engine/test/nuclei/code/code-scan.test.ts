import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';
import { signTemplate, trustedKeys } from '../../../src/nuclei/trust/signature.js';

/** Which interpreters this machine has (the corpus's code templates ask for bash, sh or python3). */
const has = (bin: string) => {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function operatorKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

// A local target whose /version answers with the banner the code block fetches and matches.
let server: Server;
let target: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.end(req.url === '/version' ? 'acme-server 2.4.1 (vulnerable build)\n' : 'ok\n');
  });
  const host = `127.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.9`;
  await new Promise<void>((r) => server.listen(0, host, r));
  target = `http://${host}:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const template = (engine: string, source: string) => `id: local-banner-${engine}
info:
  name: banner read by a local ${engine}
  author: didban
  severity: high
variables:
  banner_path: /version
code:
  - engine:
      - ${engine}
    source: |
${source
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
    matchers:
      - type: word
        words:
          - vulnerable build
    extractors:
      - type: regex
        group: 1
        regex:
          - 'acme-server ([0-9.]+)'
`;

const shell = `read input
curl -s "$input$banner_path" 2>/dev/null || python3 -c "import sys,urllib.request;print(urllib.request.urlopen(sys.argv[1]).read().decode())" "$input$banner_path"
echo "checked by $0" >&2`;
const python = `import os, sys, urllib.request
target = sys.stdin.read().strip()
print(urllib.request.urlopen(target + os.getenv('banner_path')).read().decode())`;

describe('code templates in scans (signed, gate open)', () => {
  const { privatePem, publicPem } = operatorKey();
  const keys = trustedKeys([publicPem]);
  const engines = [
    ['bash', shell],
    ['sh', shell],
    ['python3', python],
  ].filter(([bin]) => has(bin!)) as [string, string][];

  it('this machine has at least one interpreter the tests use', () => {
    expect(engines.length).toBeGreaterThan(0);
  });

  it.each(engines)(
    'a template signed with an operator key runs %s against a local target and finds',
    async (engine, source) => {
      const signed = signTemplate(template(engine, source), privatePem);
      const loaded = loadTemplates([{ content: signed }], { trustedKeys: keys });
      expect(loaded.rejected).toEqual([]);
      const result = await collectScan({
        templates: loaded.templates,
        targets: [target],
        options: { code: true, runner: 'self-hosted' },
      });
      expect(result.failures).toEqual([]);
      expect(result.skipped).toEqual([]);
      expect(result.findings).toHaveLength(1);
      expect(result.findings[0]).toMatchObject({
        templateId: `local-banner-${engine}`,
        protocol: 'code',
        severity: 'high',
        matchedAt: target,
        extractedResults: ['2.4.1'],
      });
      expect(result.findings[0]!.response).toContain('acme-server 2.4.1');
    },
  );

  it('stderr is a part of its own for matchers, as nuclei names it', async () => {
    const text = `id: stderr-part
info: {name: stderr part, author: didban, severity: info}
code:
  - engine: [sh]
    source: |
      echo "token-in-stderr" >&2
      echo out
    matchers:
      - type: word
        part: stderr
        words: [token-in-stderr]
`;
    const loaded = loadTemplates([{ content: signTemplate(text, privatePem) }], { trustedKeys: keys });
    const result = await collectScan({
      templates: loaded.templates,
      targets: [target],
      options: { code: true },
    });
    expect(result.findings.map((f) => f.templateId)).toEqual(['stderr-part']);
  });

  it('an altered copy is refused at load with its reason; an unsigned one too', () => {
    const signed = signTemplate(template('sh', shell), privatePem);
    const altered = signed.replace('vulnerable build', 'any build');
    const unsigned = template('sh', shell);
    const loaded = loadTemplates(
      [
        { content: altered, path: 'altered.yaml' },
        { content: unsigned, path: 'unsigned.yaml' },
      ],
      { trustedKeys: keys },
    );
    expect(loaded.templates).toEqual([]);
    expect(loaded.rejected.map((r) => [r.path, r.code, r.reason])).toEqual([
      ['altered.yaml', 'protocol-code', 'capability gate "code": signature does not match its content'],
      ['unsigned.yaml', 'protocol-code', 'capability gate "code": unsigned'],
    ]);
  });

  it('signed by a key the runner does not trust is refused (ProjectDiscovery’s alone by default)', () => {
    const signed = signTemplate(template('sh', shell), privatePem);
    const loaded = loadTemplates([{ content: signed }]);
    expect(loaded.rejected[0]!.reason).toBe('capability gate "code": signed by an untrusted key');
  });

  it('with the code gate closed the signed template is skipped naming the gate, per runner', async () => {
    const signed = signTemplate(template('sh', shell), privatePem);
    const { templates } = loadTemplates([{ content: signed }], { trustedKeys: keys });
    const cli = await collectScan({ templates, targets: [target] });
    expect(cli.findings).toEqual([]);
    expect(cli.skipped.map((s) => s.reason)).toEqual([
      'capability gate "code" is closed (open it with --code (-code))',
    ]);
    const builtin = await collectScan({
      templates,
      targets: [target],
      options: { runner: 'builtin', code: false },
    });
    expect(builtin.skipped.map((s) => s.reason)).toEqual([
      'capability gate "code" is closed (this runner never opens it)',
    ]);
  });

  it('a sandbox: block is skipped with the reason where no Docker daemon answers', async () => {
    const text = `id: boxed
info: {name: boxed, author: didban, severity: info}
code:
  - engine: [sh]
    sandbox:
      image: alpine:3
    source: id
    matchers:
      - type: word
        words: [uid]
`;
    const { templates } = loadTemplates([{ content: signTemplate(text, privatePem) }], { trustedKeys: keys });
    const result = await collectScan({ templates, targets: [target], options: { code: true } });
    expect(result.findings).toEqual([]);
    expect(result.skipped).toHaveLength(1);
    // This machine has a docker client without a daemon, or no docker at all.
    expect(result.skipped[0]!.reason).toMatch(
      /^docker is not available( \(no Docker daemon answers on this machine\))?: the template asks for a sandbox \(alpine:3\)$/,
    );
  });
});
