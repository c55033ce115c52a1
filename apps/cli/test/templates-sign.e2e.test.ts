import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedKeys, verifyTemplate } from '@didban/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const pdSigned = fileURLToPath(
  new URL('../../../packages/engine/test/fixtures/signed/sudo-nopasswd.yaml', import.meta.url),
);
let dir: string;
let env: Record<string, string>;
let keyFile: string;
let publicPem: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-sign-'));
  env = { DIDBAN_CONFIG_DIR: join(dir, 'config'), DIDBAN_LANG: 'en' };
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  // nuclei's own private key file: SEC1 DER under its PEM label.
  const sec1 = pair.privateKey.export({ format: 'der', type: 'sec1' }).toString('base64');
  keyFile = join(dir, 'nuclei-user-private-key.pem');
  writeFileSync(
    keyFile,
    `-----BEGIN PD NUCLEI USER PRIVATE KEY-----\n${sec1.match(/.{1,64}/g)!.join('\n')}\n-----END PD NUCLEI USER PRIVATE KEY-----\n`,
  );
  publicPem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('didban templates sign', () => {
  it('writes a digest line that verifies with the signer’s key only', async () => {
    const file = join(dir, 'local-id.yaml');
    const body =
      'id: local-id\ninfo: {name: local id, author: me, severity: info}\ncode:\n  - engine: [sh]\n    source: id\n';
    writeFileSync(file, body);
    expect(await runBinary(['templates', 'sign', '--key', keyFile, file], env)).toEqual({
      exitCode: 0,
      stdout: `signed ${file}\n`,
      stderr: '',
    });
    const signed = readFileSync(file, 'utf8');
    expect(signed).toMatch(/\n# digest: [0-9a-f]+:[0-9a-f]{32}$/);
    expect(signed.startsWith(body.trim())).toBe(true);
    expect(verifyTemplate(signed, { keys: trustedKeys([publicPem]) }).ok).toBe(true);
    expect(verifyTemplate(signed)).toEqual({ ok: false, reason: 'signed by an untrusted key' });
  });

  it('refuses to re-sign a code template ProjectDiscovery signed, and exits 1', async () => {
    const file = join(dir, 'sudo-nopasswd.yaml');
    copyFileSync(pdSigned, file);
    const result = await runBinary(['templates', 'sign', '--key', keyFile, file], env);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe(
      `not signed ${file}: re-signing code templates are not allowed for security reasons.\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(pdSigned, 'utf8'));
  });
});
