/**
 * nuclei javascript templates (fixtures/lab-services, written from nuclei's test cases and module
 * docs) against the lab's protocol stand-ins, started by the lab itself (`protocols: true`):
 * MSSQL (TDS), Oracle TNS, RDP (X.224), LDAP. Each template must find its own service and
 * nothing on the others, and a service without the weakness gives no finding.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, randomLabSubnet, startLab } from '../../../../../scripts/lab/src/lab.js';
import { startLdapServer } from '../../../../../scripts/lab/src/protocols/ldap-server.js';
import { startMssqlServer } from '../../../../../scripts/lab/src/protocols/mssql-server.js';
import { startRdpServer } from '../../../../../scripts/lab/src/protocols/rdp-server.js';
import { collectScan, loadTemplateFiles } from '../../../src/nuclei/index.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/lab-services', import.meta.url));

function fixture(...names: string[]) {
  const loaded = loadTemplateFiles(
    names.map((n) => `${FIXTURES}/${n}.yaml`),
    { templatesRoot: FIXTURES },
  );
  expect(loaded.rejected).toEqual([]);
  expect(loaded.templates.map((t) => t.id)).toEqual(names);
  return loaded.templates;
}

/** template id → extracted values (or the matcher name) of its findings, sorted. */
async function scan(names: string[], targets: string[]) {
  const { findings, failures } = await collectScan({ templates: fixture(...names), targets });
  const byTemplate: Record<string, string[]> = {};
  for (const f of findings) {
    const key = `${f.templateId}@${f.host}`;
    byTemplate[key] = [...(byTemplate[key] ?? []), ...f.extractedResults];
  }
  return { byTemplate, failures };
}

let lab: Lab;
beforeAll(async () => {
  lab = await startLab({ subnet: randomLabSubnet(), plantDefaults: false, protocols: true });
});
afterAll(async () => {
  await lab?.stop();
});

describe('javascript templates find the lab protocol services', { timeout: 120_000 }, () => {
  it('mssql-detect finds the TDS server and only it', async () => {
    const t = lab.protocols!.targets();
    const { byTemplate } = await scan(['mssql-detect'], [t.mssql, t.oracle, t.rdp, t.ldap]);
    expect(byTemplate).toEqual({ [`mssql-detect@${t.mssql}`]: [] });
  });

  it('oracle-tns-version finds the TNS listener and reads its version from VSNNUM', async () => {
    const t = lab.protocols!.targets();
    const { byTemplate } = await scan(['oracle-tns-version'], [t.oracle, t.mssql, t.ldap]);
    expect(byTemplate).toEqual({ [`oracle-tns-version@${t.oracle}`]: ['19.0.0.0.0'] });
    expect(lab.protocols!.oracle.connects.at(-1)).toMatch(/^\(DESCRIPTION=\(CONNECT_DATA=/);
  });

  it('rdp-detect finds the RDP listener; rdp-nla-required reports NLA enforced', async () => {
    const t = lab.protocols!.targets();
    const { byTemplate } = await scan(['rdp-detect', 'rdp-nla-required'], [t.rdp, t.mssql]);
    expect(byTemplate).toEqual({
      [`rdp-detect@${t.rdp}`]: [],
      [`rdp-nla-required@${t.rdp}`]: [],
    });
    // IsRDP offered TLS and CredSSP (3); the NLA check offered standard RDP only (0).
    expect(lab.protocols!.rdp.requests).toEqual(expect.arrayContaining([3, 0]));
  });

  it('an RDP server without NLA is still RDP but gives no NLA finding', async () => {
    const rdp = await startRdpServer({ host: lab.protocols!.host, nla: false, standardSecurity: true });
    try {
      const target = `${rdp.host}:${rdp.port}`;
      const { byTemplate } = await scan(['rdp-detect', 'rdp-nla-required'], [target]);
      expect(byTemplate).toEqual({ [`rdp-detect@${target}`]: [] });
    } finally {
      await rdp.stop();
    }
  });

  it('ldap-metadata reads the rootDSE; ldap-anonymous-login finds the anonymous bind', async () => {
    const t = lab.protocols!.targets();
    const { byTemplate, failures } = await scan(['ldap-metadata', 'ldap-anonymous-login'], [t.ldap]);
    expect(failures).toEqual([]);
    expect(byTemplate).toEqual({
      [`ldap-metadata@${t.ldap}`]: ['dc01.lab.didban.test', '7'],
      [`ldap-anonymous-login@${t.ldap}`]: [],
    });
    expect(lab.protocols!.ldap.binds).toContainEqual({ name: '', ok: true });
  });

  it('ldap-starttls-metadata switches to TLS with StartTLS, then reads the rootDSE', async () => {
    const t = lab.protocols!.targets();
    const before = lab.protocols!.ldap.startTls();
    const { byTemplate, failures } = await scan(['ldap-starttls-metadata'], [t.ldap]);
    expect(failures).toEqual([]);
    expect(byTemplate).toEqual({ [`ldap-starttls-metadata@${t.ldap}`]: ['dc=lab,dc=didban,dc=test'] });
    expect(lab.protocols!.ldap.startTls()).toBe(before + 1);

    // A server without a certificate refuses StartTLS: the run fails naming the server's answer.
    const plain = await startLdapServer({ host: lab.protocols!.host });
    try {
      const target = `${plain.host}:${plain.port}`;
      const refused = await scan(['ldap-starttls-metadata'], [target]);
      expect(refused.byTemplate).toEqual({});
      expect(refused.failures.map((f) => f.message).join('\n')).toMatch(/extended operation not offered/);
    } finally {
      await plain.stop();
    }
  });

  it('an LDAP server refusing anonymous binds gives metadata but no anonymous-login finding', async () => {
    const ldap = await startLdapServer({ host: lab.protocols!.host, anonymous: false });
    try {
      const target = `${ldap.host}:${ldap.port}`;
      const { byTemplate, failures } = await scan(['ldap-metadata', 'ldap-anonymous-login'], [target]);
      expect(byTemplate).toEqual({ [`ldap-metadata@${target}`]: ['dc01.lab.didban.test', '7'] });
      // nuclei throws the bind error: the run ends in a failure naming the server's answer.
      expect(failures.map((f) => f.message).join('\n')).toMatch(/anonymous bind disallowed/);
      expect(ldap.binds).toEqual([{ name: '', ok: false }]);
    } finally {
      await ldap.stop();
    }
  });

  it('mssql-default-logins logs in to the TDS server with the planted account; others are refused with 18456', async () => {
    const t = lab.protocols!.targets();
    const { byTemplate, failures } = await scan(['mssql-default-logins'], [t.mssql]);
    expect(failures).toEqual([]);
    expect(byTemplate).toEqual({ [`mssql-default-logins@${t.mssql}`]: [] });
    const logins = lab.protocols!.mssql.logins;
    // clusterbomb order: sa/admin refused, sa/sa accepted, then the run stops at that match.
    expect(logins.slice(0, 2)).toEqual([
      { user: 'sa', ok: false },
      { user: 'sa', ok: true },
    ]);

    const strong = await startMssqlServer({
      host: lab.protocols!.host,
      users: [{ user: 'sa', password: 'Str0ng!pw' }],
    });
    try {
      const target = `${strong.host}:${strong.port}`;
      const none = await scan(['mssql-default-logins', 'mssql-detect'], [target]);
      expect(none.byTemplate).toEqual({ [`mssql-detect@${target}`]: [] });
      expect(strong.logins).toHaveLength(6);
      expect(strong.logins.every((l) => !l.ok)).toBe(true);
    } finally {
      await strong.stop();
    }
  });
});
