import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates, workspaces } from '../src/db/schema.js';
import { importIntoWorkspace, readTemplateFolder } from '../src/templates/import-templates.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

const info = (name: string) => `info:\n  name: ${name}\n  author: didban\n  severity: low\n  tags: fixture\n`;
const http = (id: string, extra = '') =>
  `id: ${id}\n${info(id)}${extra}http:\n  - method: GET\n    path:\n      - "{{BaseURL}}/${id}"\n    matchers:\n      - type: word\n        words:\n          - ${id}\n`;

/** A small folder in nuclei-templates' layout, with one file per case the import must sort. */
const FIXTURE: Record<string, string> = {
  'http/exposures/configs/git-config.yaml': http('fixture-git-config'),
  'http/exposures/logs/error-log.yaml': http('fixture-error-log'),
  'http/misconfiguration/oob-ping.yaml': `id: fixture-oob\n${info('oob')}http:\n  - method: GET\n    path:\n      - "{{BaseURL}}/?u={{interactsh-url}}"\n    matchers:\n      - type: word\n        part: interactsh_protocol\n        words:\n          - http\n`,
  'http/misconfiguration/flow-check.yaml': `id: fixture-flow\n${info('flow')}flow: http(1) && http(2)\nhttp:\n  - method: GET\n    path:\n      - "{{BaseURL}}/a"\n  - method: GET\n    path:\n      - "{{BaseURL}}/b"\n    matchers:\n      - type: status\n        status: [200]\n`,
  'http/broken/bad-severity.yaml': http('fixture-bad').replace('severity: low', 'severity: urgent'),
  'http/broken/bad-yaml.yaml': 'id: fixture-bad-yaml\ninfo: [\n',
  'dast/vulnerabilities/fuzz.yaml': `id: fixture-fuzz\n${info('fuzz')}http:\n  - pre-condition:\n      - type: dsl\n        dsl:\n          - method == "GET"\n    fuzzing:\n      - part: query\n        type: postfix\n        fuzz:\n          - "'"\n    matchers:\n      - type: word\n        words:\n          - SQL syntax\n`,
  'headless/xss.yaml': `id: fixture-headless\n${info('headless')}headless:\n  - steps:\n      - action: navigate\n        args:\n          url: "{{BaseURL}}"\n`,
  'code/cmd.yaml': `id: fixture-code\n${info('code')}code:\n  - engine:\n      - sh\n    source: echo hi\n`,
  'javascript/ssh.yaml': `id: fixture-js\n${info('js')}javascript:\n  - code: |\n      log("hi")\n`,
  'file/keys/aws.yaml': `id: fixture-file\n${info('file')}file:\n  - extensions:\n      - all\n    extractors:\n      - type: regex\n        regex:\n          - AKIA[0-9A-Z]{16}\n`,
  'dns/caa.yaml': `id: fixture-dns\n${info('dns')}dns:\n  - name: "{{FQDN}}"\n    type: CAA\n    matchers:\n      - type: word\n        words:\n          - issue\n`,
  'ssl/expired.yaml': `id: fixture-ssl\n${info('ssl')}ssl:\n  - address: "{{Host}}:{{Port}}"\n    matchers:\n      - type: dsl\n        dsl:\n          - expired == true\n`,
  'network/redis.yaml': `id: fixture-tcp\n${info('tcp')}tcp:\n  - inputs:\n      - data: "PING\\r\\n"\n    host:\n      - "{{Hostname}}"\n    matchers:\n      - type: word\n        words:\n          - PONG\n`,
  'workflows/git-workflow.yaml': `id: fixture-workflow\n${info('workflow')}workflows:\n  - template: http/exposures/configs/git-config.yaml\n`,
  'profiles/default.yml': 'tags:\n  - cve\nexclude-tags:\n  - dos\n',
  '.github/workflows/ci.yml': 'name: CI\non: push\n',
  'helpers/payloads/users.txt': 'admin\nroot\n',
};

let folder: string;
let server: TestServer;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'didban-nuclei-templates-'));
  for (const [path, content] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  server = await createTestServer();
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await server.close();
});

describe('templates import', () => {
  it('counts loaded templates and the skipped ones per feature with the reason', () => {
    const { report, sources } = readTemplateFolder(folder);
    expect(report.files).toBe(16);
    expect(report.loaded).toBe(12); // flow since the engine's flow support; headless, javascript and fuzzing (DAST) since issues 29 and 30, file since 31
    expect(report.needsInteractsh).toBe(1);
    expect(report.selfContained).toBe(0);
    expect(sources.map((s) => s.template.id).sort()).toEqual([
      'fixture-dns',
      'fixture-error-log',
      'fixture-file',
      'fixture-flow',
      'fixture-fuzz',
      'fixture-git-config',
      'fixture-headless',
      'fixture-js',
      'fixture-oob',
      'fixture-ssl',
      'fixture-tcp',
      'fixture-workflow',
    ]);
    expect(report.skipped.map((s) => [s.feature, s.count])).toEqual([['code', 1]]);
    for (const s of report.skipped) expect(s.reason.length, s.feature).toBeGreaterThan(20);
    expect(report.invalid.count).toBe(2);
    expect(report.invalid.examples.map((e) => e.file).sort()).toEqual([
      'http/broken/bad-severity.yaml',
      'http/broken/bad-yaml.yaml',
    ]);
    expect(report.invalid.examples.find((e) => e.file.endsWith('bad-severity.yaml'))).toMatchObject({
      line: 5,
      message: expect.stringContaining('urgent'),
    });
    expect(report.notTemplates).toEqual({ count: 1, examples: ['profiles/default.yml'] });
    expect(report.byFolder).toEqual([
      { folder: 'code', loaded: 0, total: 1 },
      { folder: 'dast', loaded: 1, total: 1 },
      { folder: 'dns', loaded: 1, total: 1 },
      { folder: 'file', loaded: 1, total: 1 },
      { folder: 'headless', loaded: 1, total: 1 },
      { folder: 'http', loaded: 4, total: 6 },
      { folder: 'javascript', loaded: 1, total: 1 },
      { folder: 'network', loaded: 1, total: 1 },
      { folder: 'ssl', loaded: 1, total: 1 },
      { folder: 'workflows', loaded: 1, total: 1 },
    ]);
  });

  it('stores the loaded templates in a workspace, and a second run adds nothing', async () => {
    const alice = await registerUser(server);
    const [personal] = await server.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.owner_id, alice.user.id), eq(workspaces.kind, 'personal')));
    const imported = readTemplateFolder(folder);
    expect(await importIntoWorkspace(server.db, personal!.id, imported)).toEqual({
      imported: 12,
      existing: 0,
    });
    expect(await importIntoWorkspace(server.db, personal!.id, imported)).toEqual({
      imported: 0,
      existing: 12,
    });
    const rows = await server.db.select().from(templates).where(eq(templates.workspace_id, personal!.id));
    expect(rows.map((r) => [r.template_id, r.protocol]).sort()).toEqual([
      ['fixture-dns', 'dns'],
      ['fixture-error-log', 'http'],
      ['fixture-file', 'file'],
      ['fixture-flow', 'http'],
      ['fixture-fuzz', 'http'],
      ['fixture-git-config', 'http'],
      ['fixture-headless', 'headless'],
      ['fixture-js', 'javascript'],
      ['fixture-oob', 'http'],
      ['fixture-ssl', 'ssl'],
      ['fixture-tcp', 'tcp'],
      ['fixture-workflow', 'workflows'],
    ]);
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/templates/?scope=mine&tag=fixture',
      headers: alice.auth,
    });
    expect(listed.json().data.result_count).toBe(12);
    await expect(
      importIntoWorkspace(server.db, '00000000-0000-4000-8000-000000000000', imported),
    ).rejects.toThrow('no workspace with id 00000000-0000-4000-8000-000000000000');
  });

  it('prints the report from the command line', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--conditions=didban-source', '--import', 'tsx', 'src/cli/templates-import.ts', folder],
      { cwd: SERVER_ROOT, timeout: 60_000 },
    );
    expect(stdout).toContain(`Templates in ${folder}: 16 YAML files`);
    expect(stdout).toContain('  loaded:        12 (1 need an interactsh server, 0 self-contained)');
    expect(stdout).toContain('  skipped:       1');
    expect(stdout).toContain('  invalid:       2');
    expect(stdout).toContain('    http               4/6');
    const usage = await run(
      process.execPath,
      ['--conditions=didban-source', '--import', 'tsx', 'src/cli/templates-import.ts'],
      {
        cwd: SERVER_ROOT,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({
      code: 2,
      stderr: 'usage: pnpm templates:import <folder> [--workspace <id>] [--json]\n',
    });
  }, 60_000);
});
