import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LIBRARY_DIR } from '../src/templates/public-library.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const en = { 'accept-language': 'en' };
const fa = { 'accept-language': 'fa' };

const countYaml = (dir: string): number =>
  readdirSync(dir).reduce((n, e) => {
    const p = join(dir, e);
    return n + (statSync(p).isDirectory() ? countYaml(p) : /\.ya?ml$/.test(e) ? 1 : 0);
  }, 0);
const LIBRARY_SIZE = countYaml(PUBLIC_LIBRARY_DIR);

const yaml = (id: string, name = 'Admin panel', severity = 'medium', tags = 'panel,custom') => `id: ${id}

info:
  name: ${name}
  author: alice
  severity: ${severity}
  description: Finds our admin panel.
  tags: ${tags}

http:
  - method: GET
    path:
      - "{{BaseURL}}/admin"
    matchers:
      - type: word
        words:
          - Admin
`;

function multipart(files: { name: string; content: string | Buffer }[]) {
  const boundary = '----didban-templates-boundary';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/x-yaml\r\n\r\n`,
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (headers: Headers, files: { name: string; content: string | Buffer }[]) => {
  const body = multipart(files);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/templates/upload/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('public library', () => {
  it('lists every shipped template, read-only, with stable public: ids', async () => {
    const alice = await registerUser(server);
    expect(LIBRARY_SIZE).toBeGreaterThanOrEqual(80);
    const page = (await call('GET', 'panel/templates/?scope=public&page_size=100', alice.auth)).json().data;
    expect(page).toMatchObject({ result_count: LIBRARY_SIZE, current_page: 1, total_pages: 2, next_page: 2 });
    expect(page.results).toHaveLength(100);
    const detail = await call('GET', 'panel/templates/public:git-config-exposure/', alice.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual({
      id: 'public:git-config-exposure',
      template_id: 'git-config-exposure',
      name: 'Git repository configuration exposed',
      severity: 'medium',
      tags: ['didban', 'exposure', 'git', 'config'],
      protocol: 'http',
      author: ['didban'],
      source: 'public',
      runnable: true,
      updated_at: null,
      created_at: null,
      yaml: expect.stringMatching(/^id: git-config-exposure\n/),
      description: expect.stringContaining('.git/config'),
      remediation: expect.stringContaining('.git'),
      reference: [],
      rejected_reason: null,
    });
    expect((await call('GET', 'panel/templates/public:no-such-template/', alice.auth)).statusCode).toBe(404);
  });

  it('filters by severity, tag, protocol and search', async () => {
    const alice = await registerUser(server);
    const ids = async (query: string) =>
      (await call('GET', `panel/templates/?scope=public&page_size=100&${query}`, alice.auth))
        .json()
        .data.results.map((t: { template_id: string }) => t.template_id)
        .sort();
    expect(await ids('severity=critical')).toEqual([
      'aws-credentials-exposure',
      'jenkins-script-console-unauth',
      'kubeconfig-exposure',
      'spring-actuator-heapdump',
      'ssh-private-key-exposure',
      'werkzeug-debugger-console',
    ]);
    expect(await ids('tag=git')).toEqual(['git-config-exposure', 'git-head-exposure', 'git-logs-exposure']);
    expect(await ids('protocol=ssl')).toEqual([
      'deprecated-tls10',
      'deprecated-tls11',
      'expired-certificate',
      'mismatched-certificate',
      'self-signed-certificate',
      'weak-cipher-no-forward-secrecy',
    ]);
    expect(await ids('search=WordPress&severity=high,info')).toEqual([
      'wordpress-install-exposed',
      'wordpress-login-panel',
      'wordpress-readme-exposed',
      'wordpress-setup-config-exposed',
      'wordpress-version-disclosure',
      'wordpress-xmlrpc-enabled',
      'wp-config-backup-exposure',
    ]);
    expect(await ids('tag=cors&protocol=ssl')).toEqual([]);
  });
});

describe('my templates', () => {
  it('creates, lists (mine first, then public), reads, updates and deletes', async () => {
    const alice = await registerUser(server);
    const created = await call('POST', 'panel/templates/', alice.auth, { yaml: yaml('acme-admin') });
    expect(created.statusCode).toBe(201);
    const mine = created.json().data;
    expect(mine).toMatchObject({
      template_id: 'acme-admin',
      name: 'Admin panel',
      severity: 'medium',
      tags: ['panel', 'custom'],
      protocol: 'http',
      author: ['alice'],
      source: 'mine',
      runnable: true,
      description: 'Finds our admin panel.',
      rejected_reason: null,
    });
    expect(mine.id).toMatch(/^[0-9a-f-]{36}$/);

    const all = (await call('GET', 'panel/templates/?page_size=3', alice.auth)).json().data;
    expect(all.result_count).toBe(LIBRARY_SIZE + 1);
    expect(all.results.map((t: { source: string }) => t.source)).toEqual(['mine', 'public', 'public']);
    const second = (await call('GET', 'panel/templates/?page_size=3&page=2', alice.auth)).json().data;
    expect(second.results.map((t: { source: string }) => t.source)).toEqual(['public', 'public', 'public']);
    expect(second.results[0].id).not.toBe(all.results[2].id);
    const onlyMine = (await call('GET', 'panel/templates/?scope=mine', alice.auth)).json().data;
    expect(onlyMine).toMatchObject({ result_count: 1, total_pages: 1, next_page: null });
    expect(onlyMine.results[0].id).toBe(mine.id);
    expect(
      (await call('GET', 'panel/templates/?scope=mine&tag=CUSTOM', alice.auth)).json().data.result_count,
    ).toBe(1);
    expect(
      (await call('GET', 'panel/templates/?scope=mine&search=acme', alice.auth)).json().data.result_count,
    ).toBe(1);
    expect(
      (await call('GET', 'panel/templates/?scope=mine&severity=low', alice.auth)).json().data.result_count,
    ).toBe(0);
    expect(
      (await call('GET', 'panel/templates/?scope=mine&search=%25', alice.auth)).json().data.result_count,
    ).toBe(0);

    const read = (await call('GET', `panel/templates/${mine.id}/`, alice.auth)).json().data;
    expect(read.yaml).toBe(yaml('acme-admin'));
    const updated = await call('PATCH', `panel/templates/${mine.id}/`, alice.auth, {
      yaml: yaml('acme-admin', 'Admin login', 'high', 'login'),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: mine.id,
      name: 'Admin login',
      severity: 'high',
      tags: ['login'],
    });

    expect((await call('DELETE', `panel/templates/${mine.id}/`, alice.auth)).json().data).toEqual({
      deleted: true,
    });
    expect((await call('GET', `panel/templates/${mine.id}/`, alice.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `panel/templates/${mine.id}/`, alice.auth)).statusCode).toBe(404);
  });

  it('refuses invalid YAML with each problem under its field, with the line, in en and fa', async () => {
    const alice = await registerUser(server);
    const bad = yaml('acme-bad')
      .replace('  severity: medium', '  severity: urgent')
      .replace('    matchers:', '    matcher:');
    const response = await call('POST', 'panel/templates/', { ...alice.auth, ...en }, { yaml: bad });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The template has errors; fix them and save again.',
      code: 'template_invalid',
      errors: {
        'info.severity': [expect.stringMatching(/^Line 6, column 13: .*urgent/)],
        'http[0].matcher': [expect.stringMatching(/^Line 14, column 5: unknown field "matcher"$/)],
      },
    });
    const persian = await call('POST', 'panel/templates/', { ...alice.auth, ...fa }, { yaml: bad });
    expect(persian.json().message).toBe('قالب خطا دارد؛ آن‌ها را برطرف کنید و دوباره ذخیره کنید.');
    expect(persian.json().errors['info.severity'][0]).toMatch(/^خط ۶، ستون ۱۳: /);
    const syntax = await call(
      'POST',
      'panel/templates/',
      { ...alice.auth, ...en },
      { yaml: 'id: x\ninfo: [\n' },
    );
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().code).toBe('template_invalid');
    expect(Object.values(syntax.json().errors).flat()[0]).toMatch(/^Line \d+, column \d+: /);
    const regex = yaml('acme-regex').replace(
      '      - type: word\n        words:\n          - Admin',
      '      - type: regex\n        regex:\n          - "(?<!x)[a-"',
    );
    const badRegex = await call('POST', 'panel/templates/', { ...alice.auth, ...en }, { yaml: regex });
    expect(badRegex.statusCode).toBe(400);
    expect((await call('GET', 'panel/templates/?scope=mine', alice.auth)).json().data.result_count).toBe(0);
  });

  it('keeps template ids unique in a workspace and accepts templates the engine will not run, flagged', async () => {
    const alice = await registerUser(server);
    expect((await call('POST', 'panel/templates/', alice.auth, { yaml: yaml('acme-one') })).statusCode).toBe(
      201,
    );
    const twice = await call(
      'POST',
      'panel/templates/',
      { ...alice.auth, ...en },
      { yaml: yaml('acme-one') },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'This workspace already has a template with the id "acme-one".',
      code: 'template_exists',
    });
    const other = (await call('POST', 'panel/templates/', alice.auth, { yaml: yaml('acme-two') })).json()
      .data;
    const clash = await call('PATCH', `panel/templates/${other.id}/`, alice.auth, { yaml: yaml('acme-one') });
    expect(clash.statusCode).toBe(409);
    // Headless templates run now (behind the headless gate); a file template still never does.
    const file = `id: acme-file
info:
  name: Reads local files
  author: alice
  severity: low
file:
  - extensions: [all]
    matchers:
      - type: word
        words: [secret]
`;
    const saved = await call('POST', 'panel/templates/', alice.auth, { yaml: file });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ protocol: 'file', runnable: false });
    expect(saved.json().data.rejected_reason).toMatch(/local file system/);
  });

  it('keeps public templates read-only (403) and other workspaces out (404)', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const stranger = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Scanners', [[member.user.id, 'user']]);
    const inTeam = (s: typeof owner) => ({ ...s.auth, 'x-workspace-id': team.id, ...en });
    const created = (await call('POST', 'panel/templates/', inTeam(owner), { yaml: yaml('team-tpl') })).json()
      .data;

    const patchPublic = await call('PATCH', 'panel/templates/public:git-config-exposure/', inTeam(owner), {
      yaml: yaml('git-config-exposure'),
    });
    expect(patchPublic.statusCode).toBe(403);
    expect(patchPublic.json()).toEqual({
      message: 'Public templates are read-only; save a copy as your own template to change it.',
      code: 'template_read_only',
    });
    const deletePublic = await call('DELETE', 'panel/templates/public:git-config-exposure/', {
      ...inTeam(owner),
      ...fa,
    });
    expect(deletePublic.statusCode).toBe(403);
    expect(deletePublic.json().message).toBe(
      'قالب‌های عمومی فقط‌خواندنی هستند؛ برای تغییر، یک نسخه از آن را به‌عنوان قالب خودتان ذخیره کنید.',
    );
    expect((await call('DELETE', 'panel/templates/public:nope/', inTeam(owner))).statusCode).toBe(404);

    // A plain member reads and lists but does not write.
    expect((await call('GET', `panel/templates/${created.id}/`, inTeam(member))).statusCode).toBe(200);
    expect(
      (await call('POST', 'panel/templates/', inTeam(member), { yaml: yaml('member-tpl') })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `panel/templates/${created.id}/`, inTeam(member))).statusCode).toBe(403);

    // Another workspace: the id does not exist there.
    for (const [method, payload] of [['GET'], ['PATCH', { yaml: yaml('x-tpl') }], ['DELETE']] as const) {
      const r = await call(method, `panel/templates/${created.id}/`, stranger.auth, payload);
      expect(r.statusCode, method).toBe(404);
    }
    expect((await call('GET', 'panel/templates/?scope=mine', stranger.auth)).json().data.result_count).toBe(
      0,
    );
    expect(
      (await call('GET', 'panel/templates/?scope=mine', { ...owner.auth })).json().data.result_count,
    ).toBe(0);
    expect((await call('GET', 'panel/templates/not-a-uuid/', stranger.auth)).statusCode).toBe(404);
  });
});

describe('upload', () => {
  it('loads each valid file and reports the others with reasons', async () => {
    const alice = await registerUser(server);
    await call('POST', 'panel/templates/', alice.auth, { yaml: yaml('acme-existing') });
    const response = await upload({ ...alice.auth, ...en }, [
      { name: 'one.yaml', content: yaml('acme-up-one') },
      { name: 'two.yml', content: yaml('acme-up-two', 'Second', 'low') },
      { name: 'broken.yaml', content: yaml('acme-up-bad').replace('severity: medium', 'severity: urgent') },
      { name: 'notes.txt', content: 'hello' },
      { name: 'again.yaml', content: yaml('acme-up-one') },
      { name: 'existing.yaml', content: yaml('acme-existing') },
      { name: 'binary.yaml', content: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(
      data.loaded.map((t: { file_name: string; template_id: string }) => [t.file_name, t.template_id]),
    ).toEqual([
      ['one.yaml', 'acme-up-one'],
      ['two.yml', 'acme-up-two'],
    ]);
    expect(data.failed.map((f: { file_name: string; code: string }) => [f.file_name, f.code])).toEqual([
      ['broken.yaml', 'template_invalid'],
      ['notes.txt', 'upload_not_yaml'],
      ['again.yaml', 'duplicate_in_upload'],
      ['existing.yaml', 'template_exists'],
      ['binary.yaml', 'upload_not_text'],
    ]);
    const broken = data.failed[0];
    expect(broken.reason).toMatch(/^Line 6, column 13: /);
    expect(broken.issues).toEqual([
      { path: 'info.severity', line: 6, column: 13, message: expect.stringContaining('urgent') },
    ]);
    expect(data.failed[1].reason).toBe('Only .yaml and .yml files are accepted.');
    expect(data.failed[2].reason).toBe('Another file in this upload has the same template id "acme-up-one".');
    expect((await call('GET', 'panel/templates/?scope=mine', alice.auth)).json().data.result_count).toBe(3);
    const big = await upload({ ...alice.auth, ...en }, [
      { name: 'huge.yaml', content: `${yaml('acme-huge')}# ${'x'.repeat(300 * 1024)}\n` },
      { name: 'after.yaml', content: yaml('acme-after-huge') },
    ]);
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().data.failed).toEqual([
      { file_name: 'huge.yaml', code: 'too_large', reason: 'A template may be at most 256 KB.', issues: [] },
    ]);
    expect(big.json().data.loaded.map((t: { template_id: string }) => t.template_id)).toEqual([
      'acme-after-huge',
    ]);

    const many = await upload(
      { ...alice.auth, ...en },
      Array.from({ length: 51 }, (_, i) => ({ name: `m${i}.yaml`, content: yaml(`acme-many-${i}`) })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: 'Upload at most 50 files at once.', code: 'upload_too_many' });
    expect(
      (await call('GET', 'panel/templates/?scope=mine&search=acme-many', alice.auth)).json().data
        .result_count,
    ).toBe(0);

    const none = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/templates/upload/',
      headers: { ...alice.auth, ...en, ...multipart([]).headers },
      payload: multipart([]).payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'Choose at least one YAML file to upload.',
      code: 'upload_empty',
    });
  });
});

describe('uploaded file names', () => {
  it('come back without bidi controls or folders, so a name cannot pose as another extension', async () => {
    const alice = await registerUser(server);
    const response = await upload({ ...alice.auth, ...en }, [
      { name: 'ok\u202Elmay.yaml', content: yaml('acme-bidi-ok', 'Bidi ok') },
      { name: 'setup\u202Elmay.exe', content: 'id: x' },
      { name: 'dir/\u2067x\u2069.yml', content: 'not: [valid' },
    ]);
    expect(response.statusCode).toBe(200);
    const { loaded, failed } = response.json().data;
    expect(loaded.map((l: { file_name: string }) => l.file_name)).toEqual(['oklmay.yaml']);
    expect(failed.map((f: { file_name: string }) => f.file_name)).toEqual(['setuplmay.exe', 'x.yml']);
  });
});

describe('template tags', () => {
  it('pages the tags of the public library and my templates, ten at a time, with search', async () => {
    const alice = await registerUser(server);
    const first = (await call('GET', 'panel/template-tags/', alice.auth)).json().data;
    expect(first.results).toHaveLength(10);
    expect(first.next_page).toBe(2);
    const total = first.result_count;
    expect((await call('GET', 'panel/template-tags/?search=gr', alice.auth)).json().data).toMatchObject({
      results: [
        { id: 'grafana', name: 'grafana' },
        { id: 'graphql', name: 'graphql' },
      ],
      result_count: 2,
      next_page: null,
    });
    await call('POST', 'panel/templates/', alice.auth, {
      yaml: yaml('acme-tags', 'Tagged', 'info', 'zz-acme-internal,git'),
    });
    const after = (await call('GET', 'panel/template-tags/?search=zz-acme', alice.auth)).json().data;
    expect(after.results).toEqual([{ id: 'zz-acme-internal', name: 'zz-acme-internal' }]);
    expect((await call('GET', 'panel/template-tags/', alice.auth)).json().data.result_count).toBe(total + 1);
    // Someone else's tags are not mine.
    const bob = await registerUser(server);
    expect(
      (await call('GET', 'panel/template-tags/?search=zz-acme', bob.auth)).json().data.result_count,
    ).toBe(0);
  });
});
