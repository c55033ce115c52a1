/**
 * nuclei/smb ListShares (NTLMv2 session, IPC$, srvsvc NetrShareEnum) against the lab SMB
 * stand-in, through the three community templates that call it (fixtures/smb-community, copied
 * byte for byte): the shares listed, the default credentials found, anonymous access found, and
 * nothing when the server refuses the logons, each refusal named as nuclei names it.
 */
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LabSmb,
  type LabSmbOptions,
  startSmbServer,
} from '../../../../../scripts/lab/src/protocols/smb-server.js';
import { createScopePolicy, installSocketGuard } from '../../../src/index.js';
import { collectScan, loadTemplateFiles, loadTemplates } from '../../../src/nuclei/index.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/smb-community', import.meta.url));
const LOGON_FAILURE =
  'response error: The attempted logon is invalid. This is either due to a bad username or authentication information.';

function templates(...names: string[]) {
  const loaded = loadTemplateFiles(
    names.map((n) => `${FIXTURES}/${n}.yaml`),
    { templatesRoot: FIXTURES },
  );
  expect(loaded.rejected).toEqual([]);
  return loaded.templates;
}

const running: LabSmb[] = [];
async function smb(options: LabSmbOptions = {}) {
  const host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const server = await startSmbServer({ host, ...options });
  running.push(server);
  return { server, target: `${server.host}:${server.port}` };
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function scan(names: string[], target: string) {
  const { findings, failures } = await collectScan({ templates: templates(...names), targets: [target] });
  const byTemplate: Record<string, string[]> = {};
  for (const f of findings)
    byTemplate[f.templateId] = [...(byTemplate[f.templateId] ?? []), ...f.extractedResults];
  return { byTemplate, failures: failures.map((f) => f.message) };
}

describe('nuclei/smb ListShares against the lab SMB stand-in', { timeout: 120_000 }, () => {
  it('smb-shares and smb-anonymous-access list the shares of a server that lets guests in', async () => {
    const { server, target } = await smb();
    const { byTemplate, failures } = await scan(['smb-shares', 'smb-anonymous-access'], target);
    expect(failures).toEqual([]);
    expect(byTemplate).toEqual({
      // nuclei formats the []string with Go's %v; smb-anonymous-access's json extractor (.[])
      // finds no JSON in that, so its finding carries no values, as in nuclei.
      'smb-shares': ['[IPC$ public backup]'],
      'smb-anonymous-access': [],
    });
    // Both sent the user " " (unknown, so mapped to guest) and stopped at the first listing.
    expect(server.logins).toEqual([
      { user: ' ', ok: true, as: 'guest' },
      { user: ' ', ok: true, as: 'guest' },
    ]);
    expect(server.shareEnums()).toBe(2);
  });

  it('smb-default-creds logs in with the planted admin/password on a signing-required server', async () => {
    const { server, target } = await smb({ anonymous: false, signingRequired: true });
    const { byTemplate, failures } = await scan(['smb-default-creds'], target);
    expect(byTemplate).toEqual({ 'smb-default-creds': [] });
    // clusterbomb order: admin/admin refused (the NTProofStr does not match), admin/password in.
    expect(server.logins).toEqual([
      { user: 'admin', ok: false },
      { user: 'admin', ok: true, as: 'user' },
    ]);
    // A later success leaves no failure behind.
    expect(failures).toEqual([]);
  });

  it('wrong credentials and no anonymous access: no finding, each refusal named', async () => {
    const { server, target } = await smb({
      anonymous: false,
      accounts: [{ user: 'admin', password: 'Str0ng!pw' }],
    });
    const { byTemplate, failures } = await scan(
      ['smb-default-creds', 'smb-anonymous-access', 'smb-shares'],
      target,
    );
    expect(byTemplate).toEqual({});
    expect(new Set(failures)).toEqual(new Set([`${target}: ${LOGON_FAILURE}`]));
    // 9 default-creds pairs, 1 anonymous try, 16 smb-shares pairs: every one refused.
    expect(server.logins).toHaveLength(26);
    expect(server.logins.every((l) => !l.ok)).toBe(true);
    expect(server.shareEnums()).toBe(0);
  });

  it('anonymous access off: smb-anonymous-access finds nothing though the planted account still works', async () => {
    const { server, target } = await smb({ anonymous: false });
    const anonymous = await scan(['smb-anonymous-access'], target);
    expect(anonymous.byTemplate).toEqual({});
    expect(anonymous.failures).toEqual([`${target}: ${LOGON_FAILURE}`]);
    expect(server.logins).toEqual([{ user: ' ', ok: false }]);

    const creds = await scan(['smb-default-creds'], target);
    expect(creds.byTemplate).toEqual({ 'smb-default-creds': [] });
  });

  it('lists a share table longer than one DCE/RPC fragment', async () => {
    const shares = Array.from({ length: 200 }, (_, i) => ({
      name: `share${i}`,
      type: 0,
      remark: 'x'.repeat(30),
    }));
    const { target } = await smb({ shares });
    const { byTemplate } = await scan(['smb-shares'], target);
    expect(byTemplate['smb-shares']).toEqual([`[${shares.map((s) => s.name).join(' ')}]`]);
  });

  it('never reaches an address outside the scan scope', async () => {
    const { server, target } = await smb();
    const uninstall = installSocketGuard(createScopePolicy({ deny: [`${server.host}/32`] }));
    try {
      // The community templates stop at isPortOpen; this one calls ListShares straight away.
      const loaded = loadTemplates([
        {
          content: `id: smb-list
info: {name: smb-list, author: didban, severity: info}
javascript:
  - code: |
      require("nuclei/smb").SMBClient().ListShares(Host, Port, " ", " ");
    args: {Host: "{{Host}}", Port: "445"}
    matchers: [{type: dsl, dsl: ['success == true']}]
`,
        },
      ]);
      expect(loaded.rejected).toEqual([]);
      const { findings, failures } = await collectScan({ templates: loaded.templates, targets: [target] });
      expect(findings).toEqual([]);
      expect(failures.map((f) => f.message).join('\n')).toContain('outside the allowed scan scope');
      const community = await scan(['smb-anonymous-access'], target);
      expect(community.byTemplate).toEqual({});
    } finally {
      uninstall();
    }
    expect(server.connections()).toBe(0);
    expect(server.logins).toEqual([]);
  });
});
