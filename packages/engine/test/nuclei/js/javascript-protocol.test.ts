/**
 * The `javascript:` protocol against real services on loopback: the machine's Redis, PostgreSQL
 * and MariaDB (ports overridable with DIDBAN_TEST_REDIS / _POSTGRES / _MYSQL as host:port), the
 * lab's ssh2 server, and TCP servers of the test's own on free ports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmbServer } from '../../../../../scripts/lab/src/protocols/smb-server.js';
import { type LabSsh, startSshServer } from '../../../../../scripts/lab/src/protocols/ssh-server.js';
import { createScopePolicy, installSocketGuard } from '../../../src/index.js';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';

const REDIS = process.env.DIDBAN_TEST_REDIS ?? '127.0.0.1:6379';
const POSTGRES = process.env.DIDBAN_TEST_POSTGRES ?? '127.0.0.1:5432';
const MYSQL = process.env.DIDBAN_TEST_MYSQL ?? '127.0.0.1:3306';

const template = (id: string, body: string) =>
  `id: ${id}\ninfo: {name: ${id}, author: didban, severity: high}\njavascript:\n${body}`;

function load(id: string, body: string) {
  const result = loadTemplates([{ content: template(id, body) }]);
  expect(result.invalid).toEqual([]);
  expect(result.rejected).toEqual([]);
  return result.templates;
}

/** A TCP service of the test's own: answers `PING` with `PONG <port>`, counts connections. */
async function pingServer(host = '127.0.0.1') {
  const seen: Socket[] = [];
  const server: Server = createServer((socket) => {
    seen.push(socket);
    socket.on('data', (d) => {
      if (d.toString().startsWith('PING'))
        socket.write(`PONG ${(server.address() as { port: number }).port}\r\n`);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => seen.length,
    close: () => {
      for (const s of seen) s.destroy();
      server.close();
    },
  };
}

let ssh: LabSsh;
let ping: Awaited<ReturnType<typeof pingServer>>;
beforeAll(async () => {
  ssh = await startSshServer({ password: 'lab-secret' });
  ping = await pingServer();
});
afterAll(async () => {
  ping.close();
  await ssh.stop();
});

describe('the javascript protocol', { timeout: 120_000 }, () => {
  it('finds an unauthenticated Redis and extracts its version (nuclei/redis over ioredis)', async () => {
    const templates = load(
      'redis-info',
      `  - pre-condition: isPortOpen(Host, Port);
    code: |
      const redis = require('nuclei/redis');
      Export(redis.GetServerInfo(Host, Port));
    args: {Host: "{{Host}}", Port: "6379"}
    matchers: [{type: word, words: [redis_version]}]
    extractors: [{type: regex, group: 1, regex: ['redis_version:(\\d+\\.\\d+\\.\\d+)']}]
`,
    );
    const { findings, failures } = await collectScan({ templates, targets: [REDIS] });
    expect(failures).toEqual([]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ protocol: 'javascript', matchedAt: REDIS, host: REDIS });
    expect(findings[0]!.extractedResults[0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('logs in to PostgreSQL with payloads and reads a query result as nuclei SQLResult JSON', async () => {
    const templates = load(
      'pg-version',
      `  - code: |
      const postgres = require('nuclei/postgres');
      const client = new postgres.PGClient;
      Export(client.ExecuteQuery(Host, Port, User, Pass, "postgres", "select version(), 42::int4 as answer, true as yes;"));
    args: {Host: "{{Host}}", Port: 5432, User: "{{user}}", Pass: "{{pass}}"}
    payloads: {user: [nobody-here, postgres], pass: [x]}
    attack: clusterbomb
    stop-at-first-match: true
    matchers: [{type: word, words: ['"answer": 42', '"yes": true', '"Count": 1'], condition: and}]
    extractors: [{type: json, json: ['.Rows[0].version']}]
`,
    );
    const { findings } = await collectScan({ templates, targets: [POSTGRES] });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.extractedResults[0]).toMatch(/^PostgreSQL \d+/);
  });

  it('reads the MySQL/MariaDB greeting and reports a refused login as a failure naming it', async () => {
    const templates = load(
      'mysql-info',
      `  - code: |
      var m = require("nuclei/mysql");
      var c = m.MySQLClient();
      Export(c.FingerprintMySQL(Host, Port));
    args: {Host: "{{Host}}", Port: "3306"}
    matchers: [{type: dsl, dsl: ["success == true"]}]
    extractors: [{type: json, json: ['"Version: "+ .Version ', '"TLS "+ .TLS']}]
`,
    );
    const { findings } = await collectScan({ templates, targets: [MYSQL] });
    expect(findings).toHaveLength(1);
    // jq: a string plus a string joins them; a string plus a boolean is an error (no value), as in nuclei.
    expect(findings[0]!.extractedResults).toEqual([expect.stringMatching(/^Version: \d+\.\d+/)]);

    const login = load(
      'mysql-login',
      `  - code: |
      var m = require("nuclei/mysql");
      m.MySQLClient().Connect(Host, Port, "didban-nobody", "wrong");
    args: {Host: "{{Host}}", Port: "3306"}
    matchers: [{type: dsl, dsl: ["success == true"]}]
`,
    );
    const refused = await collectScan({ templates: login, targets: [MYSQL] });
    expect(refused.findings).toEqual([]);
    expect(refused.failures[0]!.message).toMatch(/Access denied for user 'didban-nobody'/);
  });

  it('reads the SSH identification, offered algorithms and auth methods, then logs in by password', async () => {
    const target = `127.0.0.1:${ssh.port}`;
    const templates = load(
      'ssh-info',
      `  - code: |
      var m = require("nuclei/ssh");
      var response = m.SSHClient().ConnectSSHInfoMode(Host, Port);
      // Go field names in the script (as CVE-2023-48795 reads them), zcrypto's JSON names in the text.
      ExportAs('kex', typeof response.ServerKex.KexAlgos[0] + ' ' + Array.isArray(response.ServerKex.MACsServerClient));
      Export(response);
    args: {Host: "{{Host}}", Port: "22"}
    matchers-condition: and
    matchers:
      - type: word
        words: ['"UserAuth"', '"password"', kex_algorithms, server_to_client_macs]
        condition: and
      - type: dsl
        dsl: ['kex == "string true"']
    extractors: [{type: json, json: ['.ServerID.Raw']}]
  - pre-condition: |
      var m = require("nuclei/ssh");
      m.SSHClient().ConnectSSHInfoMode(Host, Port)["UserAuth"].includes("password")
    code: |
      var m = require("nuclei/ssh");
      m.SSHClient().Connect(Host, Port, User, Pass);
    args: {Host: "{{Host}}", Port: "22", User: admin, Pass: "{{p}}"}
    payloads: {p: [admin, lab-secret, toor]}
    stop-at-first-match: true
    matchers: [{type: dsl, name: login, dsl: ['response == true', 'success == true'], condition: and}]
`,
    );
    const { findings } = await collectScan({ templates, targets: [target] });
    expect(findings.map((f) => f.extractedResults[0] ?? f.matcherName)).toEqual([
      'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6',
      'login',
    ]);
    // The port given with the input (the lab's) beat the template's 22; the third password was never tried.
    expect(ssh.logins).toEqual(['admin']);
  });

  it('talks raw TCP with nuclei/net; ExportAs values print as Go %+v', async () => {
    const templates = load(
      'net-ping',
      `  - code: |
      const net = require('nuclei/net');
      const conn = net.Open('tcp', \`\${Host}:\${Port}\`);
      conn.SendHex('50494e470d0a');
      const reply = conn.RecvString();
      ExportAs('shape', { b: [1, 'two', true], a: 1.5 });
      ExportAs('bytes', ToBytes('hi'));
      Export(reply);
    args: {Host: "{{Host}}", Port: "1"}
    matchers: [{type: dsl, dsl: ['shape == "map[a:1.5 b:[1 two true]]"', 'bytes == "[104 105]"', 'contains(response, "PONG ${ping.port}")'], condition: and}]
`,
    );
    const { findings, failures } = await collectScan({ templates, targets: [`127.0.0.1:${ping.port}`] });
    expect(failures).toEqual([]);
    expect(findings).toHaveLength(1);
  });

  it('uses the template port when the input is a URL on a reserved port, and skips on a false pre-condition', async () => {
    const templates = load(
      'net-port',
      `  - pre-condition: isPortOpen(Host, Port)
    code: |
      const c = require('nuclei/net').Open('tcp', Host + ':' + Port);
      c.Send('PING\\r\\n');
      c.RecvString();
    args: {Host: "{{Host}}", Port: "${ping.port}"}
    matchers: [{type: word, words: ["PONG ${ping.port}"]}]
`,
    );
    const { findings } = await collectScan({ templates, targets: ['http://127.0.0.1'] });
    expect(findings.map((f) => f.matchedAt)).toEqual([`127.0.0.1:${ping.port}`]);
    const before = ping.connections();
    const closed = await collectScan({ templates, targets: ['127.0.0.1:1'] });
    expect(closed).toMatchObject({ findings: [], failures: [] });
    expect(ping.connections()).toBe(before);
  });

  it('reads SMB2 negotiation and the NTLM challenge of the lab SMB banner (nuclei/smb, no credentials)', async () => {
    const smb = await startSmbServer({ smb1: true, signingRequired: false });
    try {
      const templates = load(
        'smb-info',
        `  - code: |
      var m = require("nuclei/smb");
      var c = m.SMBClient();
      var response = c.ConnectSMBInfoMode(Host, Port);
      var meta = new m.SMBClient().ListSMBv2Metadata(Host, Port);
      ExportAs('domain', meta.DNSDomainName);
      ExportAs('os', meta.OSVersion);
      Export(response);
      Export(meta);
    args: {Host: "{{Host}}", Port: "445"}
    matchers:
      - type: word
        words: ['"SupportV1": true', '"VerString": "SMB 2.1"', '"SigningEnabled": true', '"SigningRequired": false']
        condition: and
    extractors:
      - type: dsl
        dsl: ['domain + " " + os']
      - type: regex
        regex: ['"LargeMTU": true']
`,
      );
      const { findings, failures } = await collectScan({ templates, targets: [`127.0.0.1:${smb.port}`] });
      expect(failures).toEqual([]);
      expect(findings).toHaveLength(1);
      expect([...findings[0]!.extractedResults].sort()).toEqual([
        '"LargeMTU": true',
        'lab.didban.test 10.0.17763',
      ]);
    } finally {
      await smb.stop();
    }
  });

  it('tells MSSQL and Oracle listeners apart from other services (TDS PRELOGIN, TNS CONNECT)', async () => {
    const banner = async (reply: Buffer) => {
      const server = createServer((socket) => {
        socket.on('error', () => {});
        socket.once('data', () => socket.end(reply));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { port: (server.address() as { port: number }).port, close: () => server.close() };
    };
    // A PRELOGIN response (type 4, length 13) and a TNS REFUSE (type 4) carrying the listener version.
    const tds = await banner(Buffer.from('0401000d00000100ff0f000000', 'hex'));
    const refuse = Buffer.from('(DESCRIPTION=(TMP=)(VSNNUM=318767104)(ERR=12514))', 'latin1');
    const head = Buffer.alloc(12);
    head.writeUInt16BE(12 + refuse.length, 0);
    head.writeUInt8(4, 4);
    head.writeUInt16BE(refuse.length, 10);
    const tns = await banner(Buffer.concat([head, refuse]));
    try {
      const templates = load(
        'db-detect',
        `  - code: |
      var m = require("nuclei/mssql");
      m.MSSQLClient().IsMssql(Host, Port);
    args: {Host: "{{Host}}", Port: "${tds.port}"}
    matchers: [{type: dsl, name: mssql, dsl: ["response == true", "success == true"], condition: and}]
  - code: |
      Export(require('nuclei/oracle').IsOracle(Host, Port));
    args: {Host: "{{Host}}", Port: "${tns.port}"}
    extractors: [{type: regex, regex: ['Oracle TNS Listener Version:([0-9.]+)']}]
`,
      );
      const { findings } = await collectScan({ templates, targets: ['127.0.0.1'] });
      expect(findings.map((f) => f.matcherName ?? f.extractedResults[0])).toEqual([
        'mssql',
        'Oracle TNS Listener Version:19.0.0.0.0',
      ]);
      // Neither is the other: a TNS listener is no MSSQL server.
      const wrong = load(
        'not-mssql',
        `  - code: require("nuclei/mssql").MSSQLClient().IsMssql(Host, Port)
    args: {Host: "{{Host}}", Port: "${tns.port}"}
    matchers: [{type: dsl, dsl: ["response == true"]}]
`,
      );
      expect((await collectScan({ templates: wrong, targets: ['127.0.0.1'] })).findings).toEqual([]);
    } finally {
      tds.close();
      tns.close();
    }
  });

  it('reads an earlier http block through template.<protocol>_<field> in a flow (http() then javascript())', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const web = createHttpServer((_req, res) => {
      res.setHeader('set-cookie', ['sid=1; HttpOnly', 'theme=dark; Secure']);
      res.end('hi');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      // As the community's http/misconfiguration/cookies-without-secure.yaml does.
      const result = loadTemplates([
        {
          content: `id: cookies-without-secure
info: {name: c, author: didban, severity: info}
flow: |
  http()
  javascript()
http:
  - method: GET
    path: ["{{BaseURL}}"]
javascript:
  - code: |
      const lines = template.http_all_headers.split(/\\r\\n/).filter((l) => l.toLowerCase().startsWith('set-cookie:'));
      lines.filter((l) => !l.toLowerCase().includes('secure')).map((l) => l.match(/set-cookie:\\s*([^=]+)=/i)[1])
    extractors: [{type: regex, regex: ['[a-zA-Z0-9_-]+']}]
`,
        },
      ]);
      expect(result.rejected).toEqual([]);
      const { findings } = await collectScan({
        templates: result.templates,
        targets: [`http://127.0.0.1:${(web.address() as { port: number }).port}`],
      });
      expect(findings.map((f) => [f.protocol, f.extractedResults])).toEqual([['javascript', ['sid']]]);
    } finally {
      web.close();
    }
  });

  it('runs init once: nuclei/fs reads the templates folder, updatePayload replaces a list; paths outside are refused', async () => {
    const root = mkdtempSync(join(tmpdir(), 'didban-js-fs-'));
    try {
      mkdirSync(join(root, 'words'));
      writeFileSync(join(root, 'words', 'a.txt'), 'PING');
      writeFileSync(join(root, 'words', 'b.txt'), 'HELLO');
      const path = join(root, 'init.yaml');
      const content = template(
        'init-fs',
        `  - init: |
      const fs = require('nuclei/fs');
      updatePayload('word', fs.ReadFilesFromDir(dir));
      set('Suffix', '\\r\\n');
    code: |
      const c = require('nuclei/net').Open('tcp', Host + ':' + Port);
      c.Send(W + Suffix);
      c.RecvString();
    args: {Host: "{{Host}}", Port: "1", dir: "words", W: "{{word}}"}
    payloads: {word: [placeholder]}
    matchers: [{type: word, words: [PONG]}]
  - code: require('nuclei/fs').ReadFileAsString('/etc/hostname')
    args: {Host: "{{Host}}", Port: "1"}
    matchers: [{type: dsl, dsl: ["success == true"]}]
`,
      );
      const result = loadTemplates([{ content, path }]);
      expect(result.rejected).toEqual([]);
      const { findings, failures } = await collectScan({
        templates: result.templates,
        targets: [`127.0.0.1:${ping.port}`],
      });
      // Only the file holding PING got the PONG; the placeholder was never sent.
      expect(findings).toHaveLength(1);
      expect(failures.map((f) => f.message)).toEqual([
        `127.0.0.1:${ping.port}: nuclei/fs: /etc/hostname is outside the templates folder`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses at load a template whose module or function the sandbox lacks, naming it', () => {
    const result = loadTemplates([
      {
        content: template(
          'smb-shares',
          `  - code: |
      var m = require("nuclei/smb");
      m.SMBClient().DetectSMBGhost(Host, Port);
    args: {Host: "{{Host}}", Port: 445}
`,
        ),
      },
      {
        content: template(
          'net-missing',
          `  - code: |
      require("nuclei/net").Listen("tcp", ":1");
    args: {Host: "{{Host}}", Port: 1}
`,
        ),
      },
    ]);
    expect(result.rejected.map((r) => [r.code, r.reason])).toEqual([
      ['javascript-module-smb', 'nuclei/smb: DetectSMBGhost: the SMBGhost probe is not provided'],
      ['javascript-module-net', 'nuclei/net: Listen is not implemented'],
    ]);
    const node = loadTemplates([{ content: template('node', `  - code: require('child_process')\n`) }]);
    expect(node.rejected[0]?.reason).toBe(
      "require('child_process'): only nuclei/* modules exist in the sandbox",
    );
  });
});

describe('a javascript template cannot leave the sandbox', { timeout: 120_000 }, () => {
  const attempt = (id: string, code: string) =>
    load(
      id,
      `  - code: |
${code
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
    args: {Host: "{{Host}}", Port: "${ping.port}"}
    matchers: [{type: dsl, dsl: ["success == true"]}]
`,
    );

  it.each([
    // A literal require('child_process') is refused at load (below); a computed name fails at run time.
    [
      'require-node',
      "require(['child', 'process'].join('_')).execSync('id')",
      "require('child_process'): only nuclei/* modules exist in the sandbox",
    ],
    ['process', 'process.exit(1)', "'process' is not defined"],
    ['fetch', "fetch('http://127.0.0.1/')", "'fetch' is not defined"],
    [
      'constructor',
      "(function(){ return this })().constructor.constructor('return process')().exit(1)",
      "'process' is not defined",
    ],
    ['loop', 'for (;;) {}', 'stopped after'],
    ['allocation', "let s = 'x'; const all = []; for (;;) { all.push(s.repeat(1 << 20)); }", ''],
  ])('%s is contained and reported as a failure', async (id, code, message) => {
    const { findings, failures } = await collectScan({
      templates: attempt(id, code),
      targets: [`127.0.0.1:${ping.port}`],
      options: { jsTimeoutMs: 10_000 },
    });
    expect(findings).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toContain(message);
  });

  it('prototype pollution and globals stay in the script; the next run starts clean', async () => {
    const polluted = attempt(
      'pollute',
      "Object.prototype.didbanPolluted = 'yes'; globalThis.leftover = 1; Array.prototype.push = null; true",
    );
    await collectScan({ templates: polluted, targets: [`127.0.0.1:${ping.port}`] });
    expect(({} as Record<string, unknown>).didbanPolluted).toBeUndefined();
    const check = attempt(
      'check',
      "typeof leftover === 'undefined' && ({}).didbanPolluted === undefined && typeof [].push === 'function'",
    );
    const { findings } = await collectScan({ templates: check, targets: [`127.0.0.1:${ping.port}`] });
    expect(findings).toHaveLength(1);
  });
});

describe('the scope guard', { timeout: 120_000 }, () => {
  it('refuses a module connection outside the scan scope before any byte is sent', async () => {
    const outside = await pingServer('127.0.0.77');
    const uninstall = installSocketGuard(createScopePolicy({ deny: ['127.0.0.77/32'] }));
    try {
      const templates = load(
        'net-outside',
        `  - code: |
      const c = require('nuclei/net').Open('tcp', '127.0.0.77:' + Port);
      c.Send('PING\\r\\n');
      c.RecvString();
    args: {Host: "{{Host}}", Port: "${outside.port}"}
    matchers: [{type: word, words: [PONG]}]
`,
      );
      const { findings, failures } = await collectScan({ templates, targets: [`127.0.0.1:${outside.port}`] });
      expect(findings).toEqual([]);
      expect(failures[0]!.message).toContain('outside the allowed scan scope');
      expect(outside.connections()).toBe(0);
    } finally {
      uninstall();
      outside.close();
    }
  });
});
